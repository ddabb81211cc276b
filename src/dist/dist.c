/* dist.c — gpuprim_dist's public functions (include/gpuprim_dist.h): argument checks, then gpuprim's local
 * primitives and NCCL's collectives on the handle's stream. The sample sort's pure logic is dist_plan.c, its
 * small kernels dist_kernels.cu. Only the public API of gpuprim is used. */
#include "gpuprim_dist.h"
#include "dist_internal.h"
#include <cuda_runtime_api.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(sizeof(gp__dist_sample) == 24, "a sample travels as 3 x 8 bytes");

#define TRY(expr) do { gp_status try_s_ = (expr); if (try_s_ != GP_SUCCESS) return try_s_; } while (0)

static gp_status nccl_status(ncclResult_t r)
{
    if (r == ncclSuccess) return GP_SUCCESS;
    return (r == ncclInvalidArgument || r == ncclInvalidUsage) ? GP_ERROR_INVALID_VALUE : GP_ERROR_CUDA;
}

static gp_status cuda_status(cudaError_t e)
{
    if (e == cudaSuccess) return GP_SUCCESS;
    return (e == cudaErrorInvalidConfiguration || e == cudaErrorLaunchOutOfResources ||
            e == cudaErrorInvalidDeviceFunction || e == cudaErrorNoKernelImageForDevice)
               ? GP_ERROR_LAUNCH_FAILED : GP_ERROR_CUDA;
}

/* As gpuprim's own check: NULL, or host memory the device cannot reach, is refused without a dereference. */
static gp_status check_dev_ptr(const void *p)
{
    struct cudaPointerAttributes a;
    if (!p) return GP_ERROR_NULL_POINTER;
    if (cudaPointerGetAttributes(&a, p) != cudaSuccess) {
        (void)cudaGetLastError();
        return GP_ERROR_HOST_POINTER;
    }
    if (a.type == cudaMemoryTypeDevice || a.type == cudaMemoryTypeManaged) return GP_SUCCESS;
    if (a.type == cudaMemoryTypeHost && a.devicePointer) return GP_SUCCESS;
    return GP_ERROR_HOST_POINTER;
}

static int overlap(const void *a, size_t abytes, const void *b, size_t bbytes)
{
    const uintptr_t a0 = (uintptr_t)a, b0 = (uintptr_t)b;
    if (!a || !b || abytes == 0 || bbytes == 0) return 0;
    return a0 < b0 + bbytes && b0 < a0 + abytes;
}

/* This rank: its place in the communicator and the handle's stream. */
typedef struct rank_ctx {
    int P, me;
    cudaStream_t stream;
} rank_ctx;

static gp_status rank_of(gp_handle h, ncclComm_t comm, rank_ctx *c)
{
    int comm_dev = -1, cur_dev = -2;
    TRY(gp_get_stream(h, &c->stream)); /* GP_ERROR_INVALID_HANDLE for a bad handle */
    if (!comm) return GP_ERROR_NULL_POINTER;
    TRY(nccl_status(ncclCommCount(comm, &c->P)));
    TRY(nccl_status(ncclCommUserRank(comm, &c->me)));
    TRY(nccl_status(ncclCommCuDevice(comm, &comm_dev)));
    if (cudaGetDevice(&cur_dev) != cudaSuccess) return GP_ERROR_CUDA;
    if (comm_dev != cur_dev || c->P < 1 || c->me < 0 || c->me >= c->P) return GP_ERROR_INVALID_VALUE;
    return GP_SUCCESS;
}

/* ---- reduce, histogram ---- */

gp_status gp_dist_reduce_f32(gp_handle h, ncclComm_t comm, gp_reduce_op op, int64_t n_local, const float *in,
                             float *out)
{
    static const ncclRedOp_t nccl_op[GP_REDUCE_OP_COUNT] = {ncclSum, ncclMin, ncclMax};
    rank_ctx c;
    TRY(rank_of(h, comm, &c));
    if ((int)op < 0 || op >= GP_REDUCE_OP_COUNT || n_local < 0) return GP_ERROR_INVALID_VALUE;
    TRY(gp_reduce_f32(h, op, n_local, in, out)); /* checks in and out; writes the identity for n_local == 0 */
    return nccl_status(ncclAllReduce(out, out, 1, ncclFloat, nccl_op[op], comm, c.stream));
}

gp_status gp_dist_histogram_even_f32(gp_handle h, ncclComm_t comm, int64_t n_local, const float *samples,
                                     int num_bins, float lower, float upper, uint32_t *bins)
{
    rank_ctx c;
    TRY(rank_of(h, comm, &c));
    TRY(gp_histogram_even_f32(h, n_local, samples, num_bins, lower, upper, bins)); /* checks the rest */
    return nccl_status(ncclAllReduce(bins, bins, (size_t)num_bins, ncclUint32, ncclSum, comm, c.stream));
}

/* ---- exclusive scan ---- */

static gp_status dist_scan(gp_handle h, ncclComm_t comm, int64_t n, const void *in, void *out, int is_f32)
{
    rank_ctx c;
    void *ws = NULL;
    size_t ws_bytes = 0, keep, ours;
    char *mine;
    gp_status st;
    TRY(rank_of(h, comm, &c));
    if (n < 0) return GP_ERROR_INVALID_VALUE;
    if (n > 0) {
        TRY(check_dev_ptr(in));
        TRY(check_dev_ptr(out));
        if (((uintptr_t)in | (uintptr_t)out) % 4) return GP_ERROR_INVALID_VALUE;
    }
    /* The last 256-aligned block of the handle's workspace holds the saved last input, this rank's total and
     * the P gathered totals; the local scan gets the rest. */
    TRY(gp_get_workspace(h, &ws, &ws_bytes));
    ours = ((size_t)4 * ((size_t)c.P + 2) + 255) & ~(size_t)255;
    if (!ws || ws_bytes < ours + 256) return GP_ERROR_WORKSPACE_TOO_SMALL;
    keep = (ws_bytes - ours) & ~(size_t)255;
    mine = (char *)ws + keep;
    if (n > 0) /* in == out is allowed: the scan overwrites in[n-1] */
        TRY(cuda_status(cudaMemcpyAsync(mine, (const char *)in + (size_t)(n - 1) * 4, 4, cudaMemcpyDeviceToDevice,
                                        c.stream)));
    TRY(gp_set_workspace(h, ws, keep));
    st = is_f32 ? gp_scan_f32(h, GP_SCAN_EXCLUSIVE, n, (const float *)in, (float *)out)
                : gp_scan_i32(h, GP_SCAN_EXCLUSIVE, n, (const int32_t *)in, (int32_t *)out);
    TRY(gp_set_workspace(h, ws, ws_bytes));
    TRY(st);
    TRY(cuda_status(gp__dist_launch_scan_total(is_f32, mine, out, n, mine + 4, c.stream)));
    TRY(nccl_status(ncclAllGather(mine + 4, mine + 8, 1, is_f32 ? ncclFloat : ncclInt32, comm, c.stream)));
    return cuda_status(gp__dist_launch_add_offset(is_f32, out, n, mine + 8, c.me, c.stream));
}

gp_status gp_dist_exclusive_scan_i32(gp_handle h, ncclComm_t comm, int64_t n_local, const int32_t *in, int32_t *out)
{
    return dist_scan(h, comm, n_local, in, out, 0);
}

gp_status gp_dist_exclusive_scan_f32(gp_handle h, ncclComm_t comm, int64_t n_local, const float *in, float *out)
{
    return dist_scan(h, comm, n_local, in, out, 1);
}

/* ---- sort ---- */

/* The benchmark's phase events (gp_dist_sort_record_events), per calling thread. */
static _Thread_local cudaEvent_t phase_events[GP_DIST_SORT_EVENTS];
static _Thread_local int phase_events_on;
/* Keys the calling thread's last sort sent to / received from other ranks (gp_dist_sort_last_exchange). */
static _Thread_local int64_t last_sent, last_received;

gp_status gp_dist_sort_last_exchange(int64_t *keys_sent, int64_t *keys_received)
{
    if (!keys_sent || !keys_received) return GP_ERROR_NULL_POINTER;
    *keys_sent = last_sent;
    *keys_received = last_received;
    return GP_SUCCESS;
}

gp_status gp_dist_sort_record_events(const cudaEvent_t *events, int count)
{
    if (!events || count == 0) {
        phase_events_on = 0;
        return GP_SUCCESS;
    }
    if (count != GP_DIST_SORT_EVENTS) return GP_ERROR_INVALID_VALUE;
    memcpy(phase_events, events, sizeof phase_events);
    phase_events_on = 1;
    return GP_SUCCESS;
}

static void mark(int phase, cudaStream_t stream)
{
    if (phase_events_on) (void)cudaEventRecord(phase_events[phase], stream);
}

gp_status gp_dist_sort_capacity_bound(int ranks, int64_t n_total, int64_t n_max_local, int64_t *bound)
{
    if (!bound) return GP_ERROR_NULL_POINTER;
    if (ranks < 1 || n_total < 0 || n_max_local < 0 || n_max_local > n_total) return GP_ERROR_INVALID_VALUE;
    *bound = gp__dist_bucket_bound(n_total, ranks, gp__dist_samples_per_rank(ranks), n_max_local);
    return GP_SUCCESS;
}

static size_t max_size(size_t a, size_t b) { return a > b ? a : b; }

/* P, S and the workspace layout of a sort. */
static gp_status sort_plan(gp_handle h, ncclComm_t comm, int value_bytes, int64_t n_local, int64_t capacity,
                           rank_ctx *c, int64_t *S, gp__dist_sort_layout *L)
{
    size_t a = 0, b = 0, s = 0;
    TRY(rank_of(h, comm, c));
    if ((value_bytes != 0 && value_bytes != 4) || n_local < 0 || capacity < 0) return GP_ERROR_INVALID_VALUE;
    *S = gp__dist_samples_per_rank(c->P);
    TRY(gp_sort_workspace_size(h, GP_SORT_U32, value_bytes, n_local, &a));
    if (c->P != 2) /* 2 ranks merge the received run; more sort the received runs */
        TRY(gp_sort_workspace_size(h, GP_SORT_U32, value_bytes, capacity, &b));
    TRY(gp_sort_workspace_size(h, GP_SORT_U64, 4, (int64_t)c->P * *S, &s));
    if (!gp__dist_sort_layout_of(n_local, capacity, value_bytes, c->P, *S, max_size(max_size(a, b), s), L))
        return GP_ERROR_INVALID_VALUE;
    return GP_SUCCESS;
}

gp_status gp_dist_sort_workspace_size(gp_handle h, ncclComm_t comm, int value_bytes, int64_t n_local,
                                      int64_t out_capacity, size_t *bytes)
{
    rank_ctx c;
    int64_t S;
    gp__dist_sort_layout L;
    if (!bytes) return GP_ERROR_NULL_POINTER;
    TRY(sort_plan(h, comm, value_bytes, n_local, out_capacity, &c, &S, &L));
    *bytes = L.total;
    return GP_SUCCESS;
}

/* The local sort (keys, or keys with values) of n elements. */
static gp_status local_sort(gp_handle h, int64_t n, const uint32_t *k_in, uint32_t *k_out, const uint32_t *v_in,
                            uint32_t *v_out, void *scratch, size_t scratch_bytes)
{
    /* never NULL: gp_sort would then take the handle's workspace, which may hold this call's buffers */
    if (v_in) return gp_sort_pairs(h, GP_SORT_U32, 4, n, k_in, k_out, v_in, v_out, GP_SORT_ASCENDING, 0, 32, scratch,
                                   scratch_bytes);
    return gp_sort_keys(h, GP_SORT_U32, n, k_in, k_out, GP_SORT_ASCENDING, 0, 32, scratch, scratch_bytes);
}

/* Steps 6: the exchange, once every rank knows every count (rows on the host). */
static gp_status exchange(const rank_ctx *c, ncclComm_t comm, const int64_t *rows, const int64_t *send_off,
                          const int64_t *recv_off, const uint32_t *sorted_k, const uint32_t *sorted_v,
                          uint32_t *recv_k, uint32_t *recv_v)
{
    const int P = c->P, me = c->me, stride = P + 1;
    const int64_t own = rows[(size_t)me * stride + me];
    ncclResult_t r = ncclSuccess;
    if (own > 0) { /* this rank's own bucket: a device copy, before the group */
        TRY(cuda_status(cudaMemcpyAsync(recv_k + recv_off[me], sorted_k + send_off[me], (size_t)own * 4,
                                        cudaMemcpyDeviceToDevice, c->stream)));
        if (sorted_v)
            TRY(cuda_status(cudaMemcpyAsync(recv_v + recv_off[me], sorted_v + send_off[me], (size_t)own * 4,
                                            cudaMemcpyDeviceToDevice, c->stream)));
    }
    TRY(nccl_status(ncclGroupStart()));
    for (int peer = 0; peer < P && r == ncclSuccess; peer++) {
        const int64_t to = rows[(size_t)me * stride + peer], from = rows[(size_t)peer * stride + me];
        if (peer == me) continue;
        if (to > 0) {
            r = ncclSend(sorted_k + send_off[peer], (size_t)to, ncclUint32, peer, comm, c->stream);
            if (r == ncclSuccess && sorted_v)
                r = ncclSend(sorted_v + send_off[peer], (size_t)to, ncclUint32, peer, comm, c->stream);
        }
        if (r == ncclSuccess && from > 0) {
            r = ncclRecv(recv_k + recv_off[peer], (size_t)from, ncclUint32, peer, comm, c->stream);
            if (r == ncclSuccess && sorted_v)
                r = ncclRecv(recv_v + recv_off[peer], (size_t)from, ncclUint32, peer, comm, c->stream);
        }
    }
    {
        const ncclResult_t e = ncclGroupEnd();
        if (r == ncclSuccess) r = e;
    }
    return nccl_status(r);
}

/* Steps 6 and 7 with 2 ranks: the peer's bucket arrives in chunks (grouped ncclSend / ncclRecv on a second
 * stream of the highest priority, so that NCCL's blocks are scheduled ahead of the merge's), and after each
 * chunk the handle's stream merges what the keys received so far decide: A, this rank's own bucket (in place in
 * its sorted keys), with B, the peer's, into the output (dist_plan.h). Ties go to rank 0's keys. */
static gp_status exchange_merge2(const rank_ctx *c, ncclComm_t comm, const int64_t *rows, const int64_t *send_off,
                                 const uint32_t *sorted_k, const uint32_t *sorted_v, uint32_t *recv_k,
                                 uint32_t *recv_v, uint32_t *keys_out, uint32_t *values_out, int64_t *state,
                                 int64_t *parts)
{
    const int me = c->me, peer = 1 - me, stride = c->P + 1;
    const int64_t own = rows[(size_t)me * stride + me], to = rows[(size_t)me * stride + peer];
    const int64_t from = rows[(size_t)peer * stride + me], chunk = gp__dist_exchange_chunk(to, from);
    const int64_t steps_to = (to + chunk - 1) / chunk, steps_from = (from + chunk - 1) / chunk;
    const int64_t steps = steps_to > steps_from ? steps_to : steps_from > 0 ? steps_from : 1;
    const uint32_t *a_k = sorted_k + send_off[me], *a_v = sorted_v ? sorted_v + send_off[me] : NULL;
    const uint32_t *s_k = sorted_k + send_off[peer], *s_v = sorted_v ? sorted_v + send_off[peer] : NULL;
    cudaStream_t side = NULL;
    cudaEvent_t ev = NULL;
    int least = 0, greatest = 0;
    gp_status st = GP_SUCCESS;
    if (cudaDeviceGetStreamPriorityRange(&least, &greatest) != cudaSuccess ||
        cudaStreamCreateWithPriority(&side, cudaStreamNonBlocking, greatest) != cudaSuccess)
        return GP_ERROR_CUDA;
    if (cudaEventCreateWithFlags(&ev, cudaEventDisableTiming) != cudaSuccess) {
        cudaStreamDestroy(side);
        return GP_ERROR_CUDA;
    }
    /* the side stream starts after everything queued so far on the handle's stream */
    st = cuda_status(cudaEventRecord(ev, c->stream));
    if (st == GP_SUCCESS) st = cuda_status(cudaStreamWaitEvent(side, ev, 0));
    for (int64_t j = 0; j < steps && st == GP_SUCCESS; j++) {
        const int64_t at = j * chunk, b_prev = at < from ? at : from, b_hi = at + chunk < from ? at + chunk : from;
        if (j < steps_to || j < steps_from) {
            ncclResult_t r = ncclGroupStart();
            if (r == ncclSuccess && j < steps_to) {
                const size_t len = (size_t)(to - at < chunk ? to - at : chunk);
                r = ncclSend(s_k + at, len, ncclUint32, peer, comm, side);
                if (r == ncclSuccess && s_v) r = ncclSend(s_v + at, len, ncclUint32, peer, comm, side);
            }
            if (r == ncclSuccess && j < steps_from) {
                const size_t len = (size_t)(b_hi - at);
                r = ncclRecv(recv_k + at, len, ncclUint32, peer, comm, side);
                if (r == ncclSuccess && recv_v) r = ncclRecv(recv_v + at, len, ncclUint32, peer, comm, side);
            }
            {
                const ncclResult_t e = ncclGroupEnd();
                if (r == ncclSuccess) r = e;
            }
            st = nccl_status(r);
            if (st == GP_SUCCESS) st = cuda_status(cudaEventRecord(ev, side));
            if (st == GP_SUCCESS) st = cuda_status(cudaStreamWaitEvent(c->stream, ev, 0));
        }
        if (st == GP_SUCCESS) {
            /* outputs this step likely makes: its share of B and, in proportion, of A (sizes the grid only) */
            const int64_t nb = b_hi - b_prev;
            const int64_t expect = from > 0 ? nb + (int64_t)((double)nb * (double)own / (double)from) : own;
            st = cuda_status(gp__dist_launch_merge_step(a_k, a_v, own, recv_k, recv_v, b_hi, b_hi == from, j == 0,
                                                        me < peer, keys_out, values_out, state, parts,
                                                        (own + from) / GP_DIST_MERGE_TILE + 3, /* within the layout */
                                                        expect, c->stream));
        }
    }
    mark(3, side);
    cudaEventDestroy(ev); /* both released once the queued work is done */
    cudaStreamDestroy(side);
    return st;
}

static gp_status dist_sort(gp_handle h, ncclComm_t comm, int64_t n_local, const uint32_t *keys_in,
                           const uint32_t *values_in, uint32_t *keys_out, uint32_t *values_out, int64_t capacity,
                           int64_t *n_out, void *workspace, size_t workspace_bytes, int pairs)
{
    const int vb = pairs ? 4 : 0;
    rank_ctx c;
    int64_t S, m, n_recv, *host = NULL, *send_off, *recv_off;
    gp__dist_sort_layout L;
    enum cudaStreamCaptureStatus capturing = cudaStreamCaptureStatusNone;
    char *base;
    uint32_t *sorted_k, *sorted_v, *recv_k, *recv_v;
    gp__dist_sample *samples, *all, *splitters;
    int64_t *row, *rows;
    void *scratch;
    size_t scratch_bytes, host_bytes;
    gp_status st = GP_SUCCESS;

    /* ---- checks: nothing is queued or communicated before they pass ---- */
    last_sent = last_received = 0;
    if (!n_out) return GP_ERROR_NULL_POINTER;
    TRY(sort_plan(h, comm, vb, n_local, capacity, &c, &S, &L));
    if (n_local > 0) {
        TRY(check_dev_ptr(keys_in));
        if (pairs) TRY(check_dev_ptr(values_in));
    }
    if (capacity > 0) {
        TRY(check_dev_ptr(keys_out));
        if (pairs) TRY(check_dev_ptr(values_out));
    }
    if (((uintptr_t)keys_in | (uintptr_t)keys_out | (uintptr_t)values_in | (uintptr_t)values_out) % 4)
        return GP_ERROR_INVALID_VALUE;
    if (!workspace) TRY(gp_get_workspace(h, &workspace, &workspace_bytes));
    else TRY(check_dev_ptr(workspace));
    if (!workspace || workspace_bytes < L.total) return GP_ERROR_WORKSPACE_TOO_SMALL;
    {
        const size_t in_b = (size_t)n_local * 4, out_b = (size_t)capacity * 4;
        const void *outs[2] = {keys_out, pairs ? (const void *)values_out : NULL};
        for (int i = 0; i < 2; i++)
            if (overlap(outs[i], out_b, keys_in, in_b) || overlap(outs[i], out_b, pairs ? values_in : NULL, in_b) ||
                overlap(outs[i], out_b, workspace, workspace_bytes))
                return GP_ERROR_OVERLAP;
        if (pairs && overlap(keys_out, out_b, values_out, out_b)) return GP_ERROR_OVERLAP;
        if (overlap(keys_in, in_b, workspace, workspace_bytes) ||
            (pairs && overlap(values_in, in_b, workspace, workspace_bytes)))
            return GP_ERROR_OVERLAP;
    }
    if (cudaStreamIsCapturing(c.stream, &capturing) != cudaSuccess) return GP_ERROR_CUDA;
    if (capturing != cudaStreamCaptureStatusNone) return GP_ERROR_NOT_SUPPORTED; /* it must synchronise */

    base = (char *)(((uintptr_t)workspace + 255) & ~(uintptr_t)255);
    sorted_k = (uint32_t *)(base + L.sorted_keys);
    sorted_v = pairs ? (uint32_t *)(base + L.sorted_values) : NULL;
    recv_k = (uint32_t *)(base + L.recv_keys);
    recv_v = pairs ? (uint32_t *)(base + L.recv_values) : NULL;
    samples = (gp__dist_sample *)(base + L.samples);
    all = (gp__dist_sample *)(base + L.all_samples);
    splitters = (gp__dist_sample *)(base + L.splitters);
    row = (int64_t *)(base + L.row);
    rows = (int64_t *)(base + L.rows);
    scratch = base + L.scratch;
    scratch_bytes = L.end - L.scratch;
    m = (int64_t)c.P * S;

    mark(0, c.stream);
    if (c.P == 1) { /* one rank: a local sort, no exchange and no synchronisation */
        *n_out = n_local;
        if (n_local > capacity) return GP_ERROR_WORKSPACE_TOO_SMALL;
        TRY(local_sort(h, n_local, keys_in, keys_out, values_in, values_out, scratch, scratch_bytes));
        for (int p = 1; p < GP_DIST_SORT_EVENTS; p++) mark(p, c.stream);
        return GP_SUCCESS;
    }

    /* 1. local sort */
    TRY(local_sort(h, n_local, keys_in, sorted_k, pairs ? values_in : NULL, sorted_v, scratch, scratch_bytes));
    mark(1, c.stream);
    /* 2. samples, gathered and sorted the same way on every rank */
    TRY(cuda_status(gp__dist_launch_make_samples(sorted_k, n_local, (uint32_t)c.me, S, samples, c.stream)));
    TRY(nccl_status(ncclAllGather(samples, all, (size_t)S * 3, ncclUint64, comm, c.stream)));
    TRY(cuda_status(gp__dist_launch_sample_keys(all, m, (uint64_t *)(base + L.sample_keys[0]),
                                                (uint32_t *)(base + L.sample_order[0]), c.stream)));
    TRY(gp_sort_pairs(h, GP_SORT_U64, 4, m, base + L.sample_keys[0], base + L.sample_keys[1],
                      base + L.sample_order[0], base + L.sample_order[1], GP_SORT_ASCENDING, 0, 64, scratch,
                      scratch_bytes));
    /* 3. splitters and this rank's bucket sizes; 4. every rank's row of counts */
    TRY(cuda_status(gp__dist_launch_splitters(all, (const uint32_t *)(base + L.sample_order[1]), m, c.P, splitters,
                                              c.stream)));
    TRY(cuda_status(gp__dist_launch_send_counts(sorted_k, n_local, (uint32_t)c.me, splitters, c.P, capacity, row,
                                                c.stream)));
    TRY(nccl_status(ncclAllGather(row, rows, (size_t)c.P + 1, ncclInt64, comm, c.stream)));
    /* 5. the one synchronisation: the host reads the counts */
    host_bytes = sizeof(int64_t) * ((size_t)c.P * (c.P + 1) + 2 * (size_t)c.P);
    host = (int64_t *)malloc(host_bytes);
    if (!host) return GP_ERROR_ALLOC_FAILED;
    send_off = host + (size_t)c.P * (c.P + 1);
    recv_off = send_off + c.P;
    st = cuda_status(cudaMemcpyAsync(host, rows, sizeof(int64_t) * (size_t)c.P * (c.P + 1), cudaMemcpyDeviceToHost,
                                     c.stream));
    mark(2, c.stream);
    if (st == GP_SUCCESS) st = cuda_status(cudaStreamSynchronize(c.stream));
    if (st == GP_SUCCESS) {
        n_recv = gp__dist_recv_layout(host, c.P, c.P + 1, c.me, recv_off);
        gp__dist_send_offsets(host, c.P, c.P + 1, c.me, send_off);
        *n_out = n_recv;
        /* every rank sees the same rows: all of them stop here, or none */
        if (gp__dist_over_capacity(host, c.P, c.P + 1) > 0) st = GP_ERROR_WORKSPACE_TOO_SMALL;
    }
    /* 6. the exchange: with 2 ranks in chunks, each merged into the output as it arrives (that is also step 7);
     * with more, into the receive buffer in rank order */
    if (st == GP_SUCCESS) {
        const int64_t own = host[(size_t)c.me * (c.P + 1) + c.me];
        st = c.P == 2 ? exchange_merge2(&c, comm, host, send_off, sorted_k, sorted_v, recv_k, recv_v, keys_out,
                                        pairs ? values_out : NULL, (int64_t *)(base + L.merge_state),
                                        (int64_t *)(base + L.merge_parts))
                      : exchange(&c, comm, host, send_off, recv_off, sorted_k, sorted_v, recv_k, recv_v);
        last_sent = n_local - own;
        last_received = n_recv - own;
    }
    free(host);
    TRY(st);
    if (c.P != 2) { /* (2 ranks: exchange_merge2 marks the exchange's end on its own stream) */
        mark(3, c.stream);
        /* 7. the P sorted runs, sorted into the output (stable: equal keys stay in rank, then index order) */
        TRY(local_sort(h, n_recv, recv_k, keys_out, recv_v, values_out, scratch, scratch_bytes));
    }
    mark(4, c.stream);
    return GP_SUCCESS;
}

gp_status gp_dist_sort_keys_u32(gp_handle h, ncclComm_t comm, int64_t n_local, const uint32_t *keys_in,
                                uint32_t *keys_out, int64_t out_capacity, int64_t *n_out, void *workspace,
                                size_t workspace_bytes)
{
    return dist_sort(h, comm, n_local, keys_in, NULL, keys_out, NULL, out_capacity, n_out, workspace,
                     workspace_bytes, 0);
}

gp_status gp_dist_sort_pairs_u32(gp_handle h, ncclComm_t comm, int64_t n_local, const uint32_t *keys_in,
                                 const uint32_t *values_in, uint32_t *keys_out, uint32_t *values_out,
                                 int64_t out_capacity, int64_t *n_out, void *workspace, size_t workspace_bytes)
{
    return dist_sort(h, comm, n_local, keys_in, values_in, keys_out, values_out, out_capacity, n_out, workspace,
                     workspace_bytes, 1);
}
