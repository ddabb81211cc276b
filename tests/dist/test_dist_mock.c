/* test_dist_mock.c — gpuprim_dist's host code (src/dist/dist.c, unchanged) run on the CPU against stand-ins:
 * a CUDA runtime where device memory is host memory and every stream operation happens at once, NCCL for
 * P threads in one process (AllGather, AllReduce, grouped Send/Recv matched in order, counts checked), gpuprim's
 * sort / scan / reduce / histogram as plain C (the sort and scan scribble over all the workspace they are
 * given, so a layout that overlaps shows), and the library's kernel launchers as loops over the same
 * dist_plan.h functions. Built with AddressSanitizer where the compiler has it. It checks the orchestration —
 * workspace layout and alignment, offsets, the exchange, the one capacity decision taken alike on every rank,
 * the scan's reserved totals — not the GPU kernels or NCCL: tests/test_gpu_dist.c does that on 2 GPUs.
 * P = 2 and 3 ranks; unequal sizes, empty ranks, all-equal keys; each result against a CPU reference. */
#include "gpuprim_dist.h"
#include "dist_internal.h"
#include "tcheck.h"
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define MAXP 3

/* ---- the CUDA runtime: host memory, immediate streams ---- */
static char fake_host[64]; /* "host memory the GPU cannot reach" */
static _Thread_local int this_device;

cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *a, const void *p)
{
    memset(a, 0, sizeof *a);
    a->type = ((const char *)p >= fake_host && (const char *)p < fake_host + sizeof fake_host) ? cudaMemoryTypeHost
                                                                                               : cudaMemoryTypeDevice;
    a->devicePointer = a->type == cudaMemoryTypeDevice ? (void *)p : NULL;
    return cudaSuccess;
}
cudaError_t cudaGetLastError(void) { return cudaSuccess; }
cudaError_t cudaGetDevice(int *d) { *d = this_device; return cudaSuccess; }
cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t n, enum cudaMemcpyKind k, cudaStream_t s)
{
    (void)k; (void)s;
    memmove(dst, src, n);
    return cudaSuccess;
}
cudaError_t cudaStreamSynchronize(cudaStream_t s) { (void)s; return cudaSuccess; }
cudaError_t cudaStreamIsCapturing(cudaStream_t s, enum cudaStreamCaptureStatus *c)
{
    *c = s == (cudaStream_t)0x1 ? cudaStreamCaptureStatusActive : cudaStreamCaptureStatusNone;
    return cudaSuccess;
}
cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t s) { (void)e; (void)s; return cudaSuccess; }
static char fake_stream, fake_event;
cudaError_t cudaDeviceGetStreamPriorityRange(int *least, int *greatest) { *least = 0; *greatest = -5; return cudaSuccess; }
cudaError_t cudaStreamCreateWithPriority(cudaStream_t *s, unsigned flags, int priority)
{
    (void)flags; (void)priority;
    *s = (cudaStream_t)&fake_stream;
    return cudaSuccess;
}
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *e, unsigned flags) { (void)flags; *e = (cudaEvent_t)&fake_event; return cudaSuccess; }
cudaError_t cudaStreamWaitEvent(cudaStream_t s, cudaEvent_t e, unsigned flags) { (void)s; (void)e; (void)flags; return cudaSuccess; }
cudaError_t cudaEventDestroy(cudaEvent_t e) { (void)e; return cudaSuccess; }
cudaError_t cudaStreamDestroy(cudaStream_t s) { (void)s; return cudaSuccess; }

/* ---- NCCL for P threads ---- */
typedef struct shared {
    int P;
    pthread_barrier_t bar;
    const void *post[MAXP];           /* each rank's send buffer of the current collective */
    struct { const void *p; size_t bytes; } mail[MAXP][MAXP][4]; /* [from][to][k]: grouped sends in order */
    int mail_n[MAXP][MAXP];
    int errors;
} shared;
struct ncclComm { int rank; shared *sh; };
typedef struct op { int send; void *p; size_t bytes; int peer; } op;
static _Thread_local op group[4 * MAXP];
static _Thread_local int group_n, in_group;

static size_t dt_size(ncclDataType_t t) { return t == ncclInt64 || t == ncclUint64 || t == ncclFloat64 ? 8 : t == ncclInt8 || t == ncclUint8 ? 1 : 4; }
ncclResult_t ncclCommCount(const ncclComm_t c, int *n) { *n = c->sh->P; return ncclSuccess; }
ncclResult_t ncclCommUserRank(const ncclComm_t c, int *r) { *r = c->rank; return ncclSuccess; }
ncclResult_t ncclCommCuDevice(const ncclComm_t c, int *d) { *d = c->rank; return ncclSuccess; }
ncclResult_t ncclAllGather(const void *s, void *r, size_t n, ncclDataType_t t, ncclComm_t c, cudaStream_t st)
{
    const size_t b = n * dt_size(t);
    (void)st;
    c->sh->post[c->rank] = s;
    pthread_barrier_wait(&c->sh->bar);
    for (int q = 0; q < c->sh->P; q++) memcpy((char *)r + q * b, c->sh->post[q], b);
    pthread_barrier_wait(&c->sh->bar);
    return ncclSuccess;
}
ncclResult_t ncclAllReduce(const void *s, void *r, size_t n, ncclDataType_t t, ncclRedOp_t o, ncclComm_t c,
                           cudaStream_t st)
{
    const size_t b = n * dt_size(t);
    void *mine = malloc(b + 1), *acc = malloc(b + 1);
    (void)st;
    memcpy(mine, s, b);
    c->sh->post[c->rank] = mine;
    pthread_barrier_wait(&c->sh->bar);
    memcpy(acc, c->sh->post[0], b);
    for (int q = 1; q < c->sh->P; q++)
        for (size_t i = 0; i < n; i++) {
            if (t == ncclFloat) {
                float *a = (float *)acc + i, x = ((const float *)c->sh->post[q])[i];
                *a = o == ncclSum ? *a + x : o == ncclMin ? (x < *a ? x : *a) : (x > *a ? x : *a);
            } else if (t == ncclUint32 && o == ncclSum) {
                ((uint32_t *)acc)[i] += ((const uint32_t *)c->sh->post[q])[i];
            } else {
                c->sh->errors++;
            }
        }
    pthread_barrier_wait(&c->sh->bar);
    memcpy(r, acc, b);
    free(mine);
    free(acc);
    return ncclSuccess;
}
ncclResult_t ncclGroupStart(void) { in_group = 1; group_n = 0; return ncclSuccess; }
ncclResult_t ncclSend(const void *s, size_t n, ncclDataType_t t, int peer, ncclComm_t c, cudaStream_t st)
{
    (void)c; (void)st;
    if (!in_group || group_n == 4 * MAXP) return ncclInvalidUsage;
    group[group_n++] = (op){1, (void *)s, n * dt_size(t), peer};
    return ncclSuccess;
}
ncclResult_t ncclRecv(void *r, size_t n, ncclDataType_t t, int peer, ncclComm_t c, cudaStream_t st)
{
    (void)c; (void)st;
    if (!in_group || group_n == 4 * MAXP) return ncclInvalidUsage;
    group[group_n++] = (op){0, r, n * dt_size(t), peer};
    return ncclSuccess;
}
static _Thread_local ncclComm_t my_comm; /* this thread's rank: every rank meets in every group end */
ncclResult_t ncclGroupEnd(void)
{
    shared *sh = my_comm->sh;
    const int me = my_comm->rank;
    int taken[MAXP] = {0};
    in_group = 0;
    for (int i = 0; i < group_n; i++)
        if (group[i].send) {
            const int k = sh->mail_n[me][group[i].peer]++;
            sh->mail[me][group[i].peer][k].p = group[i].p;
            sh->mail[me][group[i].peer][k].bytes = group[i].bytes;
        }
    pthread_barrier_wait(&sh->bar);
    for (int i = 0; i < group_n; i++)
        if (!group[i].send) {
            const int from = group[i].peer, k = taken[from]++;
            if (k >= sh->mail_n[from][me] || sh->mail[from][me][k].bytes != group[i].bytes) {
                sh->errors++; /* a receive without its matching send (NCCL would hang or fail) */
                continue;
            }
            memcpy(group[i].p, sh->mail[from][me][k].p, group[i].bytes);
        }
    for (int from = 0; from < sh->P; from++)
        if (taken[from] != sh->mail_n[from][me]) sh->errors++; /* a send nobody received */
    pthread_barrier_wait(&sh->bar);
    for (int to = 0; to < sh->P; to++) sh->mail_n[me][to] = 0;
    pthread_barrier_wait(&sh->bar);
    return ncclSuccess;
}

/* ---- gpuprim's calls that dist.c makes ---- */
struct gp_handle_s { cudaStream_t stream; void *ws; size_t ws_bytes; };
gp_status gp_get_stream(gp_handle h, cudaStream_t *s) { if (!h) return GP_ERROR_INVALID_HANDLE; *s = h->stream; return GP_SUCCESS; }
gp_status gp_get_workspace(gp_handle h, void **w, size_t *b) { *w = h->ws; *b = h->ws_bytes; return GP_SUCCESS; }
gp_status gp_set_workspace(gp_handle h, void *w, size_t b)
{
    if (!w || !b || (uintptr_t)w % 256) return GP_ERROR_INVALID_VALUE; /* (the real one returns to its own) */
    h->ws = w;
    h->ws_bytes = b;
    return GP_SUCCESS;
}
gp_status gp_reduce_f32(gp_handle h, gp_reduce_op op, int64_t n, const float *in, float *out)
{
    float a = op == GP_REDUCE_SUM ? 0.0f : op == GP_REDUCE_MIN ? 1e30f : -1e30f;
    (void)h;
    if (n < 0) return GP_ERROR_INVALID_VALUE;
    for (int64_t i = 0; i < n; i++) a = op == GP_REDUCE_SUM ? a + in[i] : op == GP_REDUCE_MIN ? (in[i] < a ? in[i] : a) : (in[i] > a ? in[i] : a);
    *out = a;
    return GP_SUCCESS;
}
gp_status gp_histogram_even_f32(gp_handle h, int64_t n, const float *x, int bins, float lo, float hi, uint32_t *out)
{
    (void)h;
    if (n < 0 || bins < 1 || !(lo < hi)) return GP_ERROR_INVALID_VALUE;
    memset(out, 0, 4 * (size_t)bins);
    for (int64_t i = 0; i < n; i++)
        if (x[i] >= lo && x[i] < hi) {
            int b = (int)((x[i] - lo) * ((float)bins / (hi - lo)));
            out[b < bins ? b : bins - 1]++;
        }
    return GP_SUCCESS;
}
static gp_status scan_ws(gp_handle h, int64_t n)
{
    const size_t need = 8 * (size_t)(n / 4096 + 1) + 256;
    if (h->ws_bytes < need) return GP_ERROR_WORKSPACE_TOO_SMALL;
    memset(h->ws, 0x5c, h->ws_bytes); /* uses all it was given */
    return GP_SUCCESS;
}
gp_status gp_scan_i32(gp_handle h, gp_scan_kind k, int64_t n, const int32_t *in, int32_t *out)
{
    uint32_t acc = 0;
    if (k != GP_SCAN_EXCLUSIVE || n < 0) return GP_ERROR_INVALID_VALUE;
    if (n == 0) return GP_SUCCESS;
    gp_status s = scan_ws(h, n);
    if (s) return s;
    for (int64_t i = 0; i < n; i++) { const uint32_t x = (uint32_t)in[i]; out[i] = (int32_t)acc; acc += x; }
    return GP_SUCCESS;
}
gp_status gp_scan_f32(gp_handle h, gp_scan_kind k, int64_t n, const float *in, float *out)
{
    float acc = 0.0f;
    if (k != GP_SCAN_EXCLUSIVE || n < 0) return GP_ERROR_INVALID_VALUE;
    if (n == 0) return GP_SUCCESS;
    gp_status s = scan_ws(h, n);
    if (s) return s;
    for (int64_t i = 0; i < n; i++) { const float x = in[i]; out[i] = acc; acc += x; }
    return GP_SUCCESS;
}
static size_t sort_need(int64_t n) { return n <= 4096 ? 0 : (size_t)n * 16 + 512; } /* none: one block */
gp_status gp_sort_workspace_size(gp_handle h, gp_sort_key t, int vb, int64_t n, size_t *b)
{
    (void)h; (void)t; (void)vb;
    if (n < 0) return GP_ERROR_INVALID_VALUE;
    *b = sort_need(n);
    return GP_SUCCESS;
}
static int ranges_overlap(const void *a, size_t ab, const void *b, size_t bb)
{
    return a && b && ab && bb && (const char *)a < (const char *)b + bb && (const char *)b < (const char *)a + ab;
}
/* a stable merge sort of (key, value) records through the workspace, which it fills first */
typedef struct rec { uint64_t k; uint64_t v; } rec;
static void msort(rec *a, rec *t, int64_t n)
{
    if (n < 2) return;
    int64_t m = n / 2, i = 0, j = m, o = 0;
    msort(a, t, m);
    msort(a + m, t, n - m);
    while (i < m && j < n) t[o++] = a[j].k < a[i].k ? a[j++] : a[i++];
    while (i < m) t[o++] = a[i++];
    while (j < n) t[o++] = a[j++];
    memcpy(a, t, sizeof(rec) * (size_t)n);
}
gp_status gp_sort_pairs(gp_handle h, gp_sort_key t, int vb, int64_t n, const void *ki, void *ko, const void *vi,
                        void *vo, gp_sort_order o, int b0, int b1, void *ws, size_t wsb)
{
    const int kb = t == GP_SORT_U64 ? 8 : 4;
    rec *a, *tmp;
    (void)o; (void)b0; (void)b1;
    if (n < 0) return GP_ERROR_INVALID_VALUE;
    if (n == 0) return GP_SUCCESS;
    if (!ws) { ws = h->ws; wsb = h->ws_bytes; }
    if (wsb && (ranges_overlap(ws, wsb, ki, (size_t)n * kb) || ranges_overlap(ws, wsb, ko, (size_t)n * kb) ||
                (vb && (ranges_overlap(ws, wsb, vi, (size_t)n * 4) || ranges_overlap(ws, wsb, vo, (size_t)n * 4)))))
        return GP_ERROR_OVERLAP; /* as gpuprim's sort */
    if (wsb < sort_need(n)) return GP_ERROR_WORKSPACE_TOO_SMALL;
    memset(ws, 0x3d, wsb); /* uses all it was given */
    a = malloc(sizeof(rec) * (size_t)n);
    tmp = malloc(sizeof(rec) * (size_t)n);
    for (int64_t i = 0; i < n; i++) {
        a[i].k = kb == 8 ? ((const uint64_t *)ki)[i] : ((const uint32_t *)ki)[i];
        a[i].v = vb == 4 ? ((const uint32_t *)vi)[i] : 0;
    }
    msort(a, tmp, n);
    for (int64_t i = 0; i < n; i++) {
        if (kb == 8) ((uint64_t *)ko)[i] = a[i].k;
        else ((uint32_t *)ko)[i] = (uint32_t)a[i].k;
        if (vb == 4) ((uint32_t *)vo)[i] = (uint32_t)a[i].v;
    }
    free(a);
    free(tmp);
    return GP_SUCCESS;
}
gp_status gp_sort_keys(gp_handle h, gp_sort_key t, int64_t n, const void *ki, void *ko, gp_sort_order o, int b0,
                       int b1, void *ws, size_t wsb)
{
    return gp_sort_pairs(h, t, 0, n, ki, ko, NULL, NULL, o, b0, b1, ws, wsb);
}

/* ---- the kernels' launchers, as loops over the same per-thread bodies ---- */
cudaError_t gp__dist_launch_make_samples(const uint32_t *sorted, int64_t n, uint32_t rank, int64_t S,
                                         gp__dist_sample *out, cudaStream_t s)
{
    (void)s;
    for (int64_t j = 0; j < S; j++) out[j] = gp__dist_make_sample(sorted, n, rank, S, j);
    return cudaSuccess;
}
cudaError_t gp__dist_launch_sample_keys(const gp__dist_sample *all, int64_t m, uint64_t *keys, uint32_t *order,
                                        cudaStream_t s)
{
    (void)s;
    for (int64_t i = 0; i < m; i++) { keys[i] = gp__dist_sample_sort_key(&all[i]); order[i] = (uint32_t)i; }
    return cudaSuccess;
}
cudaError_t gp__dist_launch_splitters(const gp__dist_sample *all, const uint32_t *order, int64_t m, int P,
                                      gp__dist_sample *splitters, cudaStream_t s)
{
    (void)s;
    gp__dist_pick_splitters(all, order, m, P, splitters);
    return cudaSuccess;
}
cudaError_t gp__dist_launch_send_counts(const uint32_t *sorted, int64_t n, uint32_t rank,
                                        const gp__dist_sample *splitters, int P, int64_t capacity, int64_t *row,
                                        cudaStream_t s)
{
    (void)s;
    for (int k = 0; k < P; k++)
        row[k] = gp__dist_bucket_start(sorted, n, rank, splitters, P, k + 1) -
                 gp__dist_bucket_start(sorted, n, rank, splitters, P, k);
    row[P] = capacity;
    return cudaSuccess;
}
/* The merge step: the kernels' step ranges (the same dist_plan.h function), then the stable merge of those slices. */
cudaError_t gp__dist_launch_merge_step(const uint32_t *a_k, const uint32_t *a_v, int64_t na, const uint32_t *b_k,
                                       const uint32_t *b_v, int64_t b_hi, int last, int first, int a_first,
                                       uint32_t *out_k, uint32_t *out_v, int64_t *st, int64_t *parts, int64_t parts_len, int64_t expect,
                                       cudaStream_t s)
{
    int64_t a_hi, i, j, o;
    (void)parts; (void)expect; (void)s;
    if (parts_len < 2) return cudaErrorInvalidValue;
    gp__dist_merge_step_ranges(a_k, na, b_k, b_hi, last, first, a_first, st);
    a_hi = st[GP_DIST_MS_A_HI];
    for (i = st[GP_DIST_MS_A_LO], j = st[GP_DIST_MS_B_LO], o = i + j; i < a_hi || j < b_hi; o++) {
        const int take_a = j >= b_hi || (i < a_hi && gp__dist_merge_before(a_k[i], b_k[j], a_first));
        out_k[o] = take_a ? a_k[i] : b_k[j];
        if (out_v) out_v[o] = take_a ? a_v[i] : b_v[j];
        if (take_a) i++;
        else j++;
    }
    return cudaSuccess;
}
cudaError_t gp__dist_launch_scan_total(int is_f32, const void *saved, const void *out, int64_t n, void *total,
                                       cudaStream_t s)
{
    (void)s;
    if (is_f32) *(float *)total = n > 0 ? *(const float *)saved + ((const float *)out)[n - 1] : 0.0f;
    else *(int32_t *)total = n > 0 ? (int32_t)((uint32_t) * (const int32_t *)saved + (uint32_t)((const int32_t *)out)[n - 1]) : 0;
    return cudaSuccess;
}
cudaError_t gp__dist_launch_add_offset(int is_f32, void *out, int64_t n, const void *totals, int me, cudaStream_t s)
{
    (void)s;
    if (n == 0 || me == 0) return cudaSuccess;
    if (is_f32) {
        double o = 0;
        for (int r = 0; r < me; r++) o += ((const float *)totals)[r];
        for (int64_t i = 0; i < n; i++) ((float *)out)[i] += (float)o;
    } else {
        uint32_t o = 0;
        for (int r = 0; r < me; r++) o += (uint32_t)((const int32_t *)totals)[r];
        for (int64_t i = 0; i < n; i++) ((int32_t *)out)[i] = (int32_t)((uint32_t)((int32_t *)out)[i] + o);
    }
    return cudaSuccess;
}

/* ---- the driver: P threads, every call on every rank, rank 0 checks against a CPU reference ---- */
static shared SH;
static struct ncclComm COMM[MAXP];
static struct {
    gp_status st[MAXP];
    int64_t n_out[MAXP];
    void *out[MAXP], *vals[MAXP];
} R;
static void barrier(void) { pthread_barrier_wait(&SH.bar); }

static uint32_t mix(uint64_t c, uint64_t i)
{
    uint64_t z = c * 0x9e3779b97f4a7c15ull + i * 0xd1b54a32d192ed03ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return (uint32_t)(z ^ (z >> 31));
}
enum { K_RANDOM, K_EQUAL, K_TWO, K_COUNT };
static uint32_t key_of(int kind, uint64_t c, uint64_t g)
{
    return kind == K_RANDOM ? mix(c, g) : kind == K_EQUAL ? 7u : (mix(c, g) & 1u) * 0xffffffffu;
}
static float small_of(uint64_t c, uint64_t g) { return (float)((int)(mix(c, g) % 16) - 8); }

typedef struct sizes { int64_t n[MAXP]; } sizes;
static const sizes SIZES[] = {{{30001, 17777, 5000}}, {{0, 25000, 0}}, {{12345, 0, 999}}, {{1, 0, 2}}, {{0, 0, 0}},
                              {{3, 5, 7}}, {{40000, 40000, 40000}}};
#define NSIZES ((int)(sizeof SIZES / sizeof SIZES[0]))

static int64_t first_of(const sizes *z, int r) { int64_t f = 0; for (int q = 0; q < r; q++) f += z->n[q]; return f; }

/* rank 0: the ranks' outputs (4-byte elements, R.out or R.vals) concatenated equal ref[0, N) */
static int concat_equals(const uint32_t *ref, int64_t N, void *const *outs, const int64_t *counts, int P)
{
    int64_t at = 0;
    for (int r = 0; r < P; r++) {
        if (counts[r] < 0 || at + counts[r] > N) return 0;
        if (counts[r] && memcmp(outs[r], ref + at, 4 * (size_t)counts[r])) return 0;
        at += counts[r];
    }
    return at == N;
}

static void sort_case(int r, int P, gp_handle h, const sizes *z, int kind, int pairs, int short_rank, uint64_t c)
{
    const int64_t n = z->n[r], first = first_of(z, r);
    int64_t N = 0, n_max = 0, bound = 0, cap, n_out = -1;
    uint32_t *keys = malloc(4 * (size_t)(n + 1)), *vals = malloc(4 * (size_t)(n + 1)), *kout, *vout;
    size_t ws_bytes = 0;
    char *ws_mem;
    gp_status st;
    for (int q = 0; q < P; q++) { N += z->n[q]; if (z->n[q] > n_max) n_max = z->n[q]; }
    for (int64_t i = 0; i < n; i++) { keys[i] = key_of(kind, c, (uint64_t)(first + i)); vals[i] = (uint32_t)(first + i); }
    CHECK_EQ_INT(gp_dist_sort_capacity_bound(P, N, n_max, &bound), GP_SUCCESS);
    cap = bound;
    kout = malloc(4 * (size_t)(cap + 1));
    vout = malloc(4 * (size_t)(cap + 1));
    st = gp_dist_sort_workspace_size(h, my_comm, pairs ? 4 : 0, n, cap, &ws_bytes);
    ws_mem = malloc(ws_bytes + 3); /* an odd address, exactly ws_bytes after it */
    if (short_rank >= 0) {
        int64_t need = -1;
        if (st == GP_SUCCESS)
            st = pairs ? gp_dist_sort_pairs_u32(h, my_comm, n, keys, vals, kout, vout, cap, &n_out, ws_mem + 3, ws_bytes)
                       : gp_dist_sort_keys_u32(h, my_comm, n, keys, kout, cap, &n_out, ws_mem + 3, ws_bytes);
        memset(kout, 0xab, 4 * (size_t)(cap + 1));
        if (st == GP_SUCCESS) {
            const int64_t short_cap = r == short_rank ? n_out - 1 : cap;
            st = pairs ? gp_dist_sort_pairs_u32(h, my_comm, n, keys, vals, kout, vout, short_cap, &need, ws_mem + 3, ws_bytes)
                       : gp_dist_sort_keys_u32(h, my_comm, n, keys, kout, short_cap, &need, ws_mem + 3, ws_bytes);
            R.st[r] = st == GP_ERROR_WORKSPACE_TOO_SMALL && need == n_out && kout[0] == 0xababababu ? GP_SUCCESS : st;
            st = GP_SUCCESS;
            cap = need;
        } else {
            R.st[r] = st;
        }
        barrier();
        if (r == 0) for (int q = 0; q < P; q++) CHECK_EQ_INT(R.st[q], GP_SUCCESS);
        barrier();
    }
    if (st == GP_SUCCESS && kind == K_TWO) { /* workspace NULL: the handle's, of just the size asked for */
        struct gp_handle_s hh = *h;
        hh.ws_bytes = ws_bytes;
        hh.ws = aligned_alloc(256, (ws_bytes + 255) & ~(size_t)255);
        st = pairs ? gp_dist_sort_pairs_u32(&hh, my_comm, n, n ? keys : NULL, n ? vals : NULL, cap ? kout : NULL,
                                            cap ? vout : NULL, cap, &n_out, NULL, 0)
                   : gp_dist_sort_keys_u32(&hh, my_comm, n, n ? keys : NULL, cap ? kout : NULL, cap, &n_out, NULL, 0);
        free(hh.ws);
    } else if (st == GP_SUCCESS) {
        st = pairs ? gp_dist_sort_pairs_u32(h, my_comm, n, n ? keys : NULL, n ? vals : NULL, cap ? kout : NULL,
                                            cap ? vout : NULL, cap, &n_out, ws_mem + 3, ws_bytes)
                   : gp_dist_sort_keys_u32(h, my_comm, n, n ? keys : NULL, cap ? kout : NULL, cap, &n_out, ws_mem + 3,
                                           ws_bytes);
    }
    R.st[r] = st;
    R.n_out[r] = n_out;
    R.out[r] = kout;
    R.vals[r] = vout;
    barrier();
    if (r == 0) {
        uint32_t *all = malloc(8 * (size_t)(N + 1)), *ref_k = malloc(4 * (size_t)(N + 1)), *ref_v = malloc(4 * (size_t)(N + 1));
        rec *a = malloc(sizeof(rec) * (size_t)(N + 1)), *t = malloc(sizeof(rec) * (size_t)(N + 1));
        for (int64_t g = 0; g < N; g++) { a[g].k = key_of(kind, c, (uint64_t)g); a[g].v = (uint64_t)g; }
        msort(a, t, N);
        for (int64_t g = 0; g < N; g++) { ref_k[g] = (uint32_t)a[g].k; ref_v[g] = (uint32_t)a[g].v; }
        for (int q = 0; q < P; q++) {
            CHECK_EQ_INT(R.st[q], GP_SUCCESS);
            CHECK(R.n_out[q] <= bound);
        }
        CHECK(concat_equals(ref_k, N, R.out, R.n_out, P));
        if (pairs) CHECK(concat_equals(ref_v, N, R.vals, R.n_out, P));
        free(all); free(ref_k); free(ref_v); free(a); free(t);
    }
    barrier();
    free(keys); free(vals); free(kout); free(vout); free(ws_mem);
}

static void cases(int r, int P, gp_handle h)
{
    for (int zi = 0; zi < NSIZES; zi++) {
        const sizes *z = &SIZES[zi];
        const int64_t n = z->n[r], first = first_of(z, r);
        int64_t N = 0;
        float *in = malloc(4 * (size_t)(n + 1)), out = 0.0f;
        uint32_t bins[13];
        for (int q = 0; q < P; q++) N += z->n[q];
        for (int64_t i = 0; i < n; i++) in[i] = small_of(zi, (uint64_t)(first + i));
        /* reduce */
        for (int op = 0; op < GP_REDUCE_OP_COUNT; op++) {
            R.st[r] = gp_dist_reduce_f32(h, my_comm, (gp_reduce_op)op, n, n ? in : NULL, &out);
            R.n_out[r] = (int64_t)out;
            barrier();
            if (r == 0) {
                float ref = op == GP_REDUCE_SUM ? 0.0f : op == GP_REDUCE_MIN ? 1e30f : -1e30f;
                for (int64_t g = 0; g < N; g++) {
                    const float x = small_of(zi, (uint64_t)g);
                    ref = op == GP_REDUCE_SUM ? ref + x : op == GP_REDUCE_MIN ? (x < ref ? x : ref) : (x > ref ? x : ref);
                }
                for (int q = 0; q < P; q++) CHECK(R.st[q] == GP_SUCCESS && R.n_out[q] == (int64_t)ref);
            }
            barrier();
        }
        /* histogram */
        R.st[r] = gp_dist_histogram_even_f32(h, my_comm, n, n ? in : NULL, 13, -6.0f, 6.0f, bins);
        R.out[r] = bins;
        barrier();
        if (r == 0) {
            uint32_t ref[13] = {0};
            for (int64_t g = 0; g < N; g++) {
                const float x = small_of(zi, (uint64_t)g);
                if (x >= -6.0f && x < 6.0f) {
                    const int b = (int)((x + 6.0f) * (13.0f / 12.0f));
                    ref[b < 13 ? b : 12]++;
                }
            }
            for (int q = 0; q < P; q++) CHECK(R.st[q] == GP_SUCCESS && !memcmp(R.out[q], ref, sizeof ref));
        }
        barrier();
        /* exclusive scan: i32 (wrapping), f32; out of place and in place */
        for (int v = 0; v < 4; v++) {
            const int is_f32 = v & 1, in_place = v >= 2;
            uint32_t *x = malloc(4 * (size_t)(n + 1)), *y = in_place ? x : malloc(4 * (size_t)(n + 1));
            for (int64_t i = 0; i < n; i++) {
                const float f = small_of(zi, (uint64_t)(first + i));
                x[i] = is_f32 ? 0 : mix(1000 + zi, (uint64_t)(first + i));
                if (is_f32) memcpy(&x[i], &f, 4);
            }
            R.st[r] = is_f32 ? gp_dist_exclusive_scan_f32(h, my_comm, n, n ? (float *)x : NULL, n ? (float *)y : NULL)
                             : gp_dist_exclusive_scan_i32(h, my_comm, n, n ? (int32_t *)x : NULL, n ? (int32_t *)y : NULL);
            R.out[r] = y;
            R.n_out[r] = n;
            barrier();
            if (r == 0) {
                uint32_t *ref = malloc(4 * (size_t)(N + 1)), acc = 0;
                float facc = 0.0f;
                for (int64_t g = 0; g < N; g++) {
                    if (is_f32) {
                        memcpy(&ref[g], &facc, 4);
                        facc += small_of(zi, (uint64_t)g);
                    } else {
                        ref[g] = acc;
                        acc += mix(1000 + zi, (uint64_t)g);
                    }
                }
                for (int q = 0; q < P; q++) CHECK_EQ_INT(R.st[q], GP_SUCCESS);
                CHECK(concat_equals(ref, N, R.out, R.n_out, P));
                free(ref);
            }
            barrier();
            free(x);
            if (!in_place) free(y);
        }
        /* sort */
        for (int kind = 0; kind < K_COUNT; kind++)
            for (int pairs = 0; pairs < 2; pairs++) sort_case(r, P, h, z, kind, pairs, -1, 77 + zi * 4 + kind);
        free(in);
    }
    sort_case(r, P, h, &SIZES[0], K_EQUAL, 1, P - 1, 900);
    sort_case(r, P, h, &SIZES[6], K_RANDOM, 0, 0, 901);
    { /* with 2 ranks, buckets past GP_DIST_EXCHANGE_MIN_CHUNK: an exchange of several chunks, the last partial */
        static const sizes big = {{300007, 250001, 1000}};
        sort_case(r, P, h, &big, K_RANDOM, 1, -1, 902);
        sort_case(r, P, h, &big, K_EQUAL, 1, -1, 903);
        sort_case(r, P, h, &big, K_TWO, 0, -1, 904);
    }
}

static void arg_checks(gp_handle h)
{
    float *d = malloc(1024);
    int64_t n_out = 0;
    size_t bytes = 0;
    struct gp_handle_s capturing = *h;
    CHECK_EQ_INT(gp_dist_reduce_f32(h, NULL, GP_REDUCE_SUM, 4, d, d + 8), GP_ERROR_NULL_POINTER);
    CHECK_EQ_INT(gp_dist_reduce_f32(h, my_comm, GP_REDUCE_OP_COUNT, 4, d, d + 8), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_dist_exclusive_scan_f32(h, my_comm, 4, (float *)fake_host, d), GP_ERROR_HOST_POINTER);
    CHECK_EQ_INT(gp_dist_exclusive_scan_i32(h, my_comm, 4, (int32_t *)((char *)d + 2), (int32_t *)d), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_dist_sort_workspace_size(h, my_comm, 8, 4, 4, &bytes), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_dist_sort_workspace_size(h, my_comm, 0, -1, 4, &bytes), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_dist_sort_workspace_size(h, my_comm, 0, INT64_MAX / 2, 4, &bytes), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_dist_sort_keys_u32(h, my_comm, 4, (uint32_t *)d, (uint32_t *)d + 64, 4, NULL, NULL, 0), GP_ERROR_NULL_POINTER);
    CHECK_EQ_INT(gp_dist_sort_keys_u32(h, my_comm, 4, (uint32_t *)fake_host, (uint32_t *)d + 64, 4, &n_out, NULL, 0), GP_ERROR_HOST_POINTER);
    CHECK_EQ_INT(gp_dist_sort_keys_u32(h, my_comm, 4, (uint32_t *)d, (uint32_t *)d + 2, 4, &n_out, NULL, 0), GP_ERROR_OVERLAP);
    CHECK_EQ_INT(gp_dist_sort_pairs_u32(h, my_comm, 4, (uint32_t *)d, (uint32_t *)d + 8, (uint32_t *)d + 64, (uint32_t *)d + 66, 4, &n_out, NULL, 0), GP_ERROR_OVERLAP);
    CHECK_EQ_INT(gp_dist_sort_keys_u32(h, my_comm, 4, (uint32_t *)d, (uint32_t *)d + 64, 4, &n_out, d + 128, 16), GP_ERROR_WORKSPACE_TOO_SMALL);
    CHECK_EQ_INT(gp_dist_sort_workspace_size(h, my_comm, 0, 4, 4, &bytes), GP_SUCCESS);
    {
        char *w = malloc(bytes + 64); /* keys inside the workspace */
        CHECK_EQ_INT(gp_dist_sort_keys_u32(h, my_comm, 4, (uint32_t *)(w + 16), (uint32_t *)d, 4, &n_out, w, bytes + 64),
                     GP_ERROR_OVERLAP);
        free(w);
    }
    capturing.stream = (cudaStream_t)0x1;
    CHECK_EQ_INT(gp_dist_sort_keys_u32(&capturing, my_comm, 4, (uint32_t *)d, (uint32_t *)d + 64, 4, &n_out, NULL, 0), GP_ERROR_NOT_SUPPORTED);
    this_device = 5; /* the communicator's device is not the current one */
    CHECK_EQ_INT(gp_dist_reduce_f32(h, my_comm, GP_REDUCE_SUM, 4, d, d + 8), GP_ERROR_INVALID_VALUE);
    this_device = 0;
    {
        struct gp_handle_s small = *h;
        small.ws_bytes = 256; /* no room for the scan's totals and a local scan */
        CHECK_EQ_INT(gp_dist_exclusive_scan_i32(&small, my_comm, 4, (int32_t *)d, (int32_t *)d), GP_ERROR_WORKSPACE_TOO_SMALL);
    }
    free(d);
}

typedef struct arg { int r, P; } arg;
static void *rank_main(void *p)
{
    const arg *a = (const arg *)p;
    struct gp_handle_s hs;
    this_device = a->r;
    my_comm = &COMM[a->r];
    hs.stream = 0;
    hs.ws_bytes = (size_t)1 << 20;
    hs.ws = aligned_alloc(256, hs.ws_bytes);
    cases(a->r, a->P, &hs);
    if (a->r == 0) arg_checks(&hs);
    free(hs.ws);
    return NULL;
}

int main(void)
{
    for (int P = 2; P <= MAXP; P++) {
        pthread_t t[MAXP];
        arg a[MAXP];
        memset(&SH, 0, sizeof SH);
        SH.P = P;
        pthread_barrier_init(&SH.bar, NULL, (unsigned)P);
        for (int r = 0; r < P; r++) {
            COMM[r].rank = r;
            COMM[r].sh = &SH;
            a[r].r = r;
            a[r].P = P;
            pthread_create(&t[r], NULL, rank_main, &a[r]);
        }
        for (int r = 0; r < P; r++) pthread_join(t[r], NULL);
        pthread_barrier_destroy(&SH.bar);
        CHECK_EQ_INT(SH.errors, 0); /* every receive met its send, same sizes */
        printf("P = %d ranks: done\n", P);
    }
    return tc_summary("test_dist_mock");
}
