/* dist_kernels.cu — the small kernels of gpuprim_dist (the heavy work is gpuprim's sort and scan and NCCL's
 * transfers): the sample sort's sampling, splitter and bucket-count steps, which run the pure functions of
 * dist_plan.h on the device, and the distributed scan's total and offset. Each launcher queues one kernel on
 * the stream and returns the launch's cudaError_t, but for the 2-rank merge step, which queues three. */
#include "dist_internal.h"

/* ---- sample sort ---- */

/* Slot j of this rank's S samples, one thread each. */
static __global__ void make_samples_kernel(const uint32_t *sorted, int64_t n, uint32_t rank, int64_t S,
                                           gp__dist_sample *out)
{
    const int64_t j = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (j < S) out[j] = gp__dist_make_sample(sorted, n, rank, S, j);
}

/* The gathered samples' 64-bit (key, rank) sort keys and their positions, for a stable pairs sort. */
static __global__ void sample_keys_kernel(const gp__dist_sample *all, int64_t m, uint64_t *keys, uint32_t *order)
{
    const int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < m) {
        keys[i] = gp__dist_sample_sort_key(&all[i]);
        order[i] = (uint32_t)i;
    }
}

/* One thread walks the sorted samples (at most GP_DIST_SAMPLE_BUDGET of them). */
static __global__ void splitters_kernel(const gp__dist_sample *all, const uint32_t *order, int64_t m, int P,
                                        gp__dist_sample *splitters)
{
    if (blockIdx.x == 0 && threadIdx.x == 0) gp__dist_pick_splitters(all, order, m, P, splitters);
}

/* row[k] = this rank's bucket size for rank k (two binary searches per thread), row[P] = its capacity. */
static __global__ void send_counts_kernel(const uint32_t *sorted, int64_t n, uint32_t rank,
                                          const gp__dist_sample *splitters, int P, int64_t capacity, int64_t *row)
{
    const int k = (int)(blockIdx.x * blockDim.x + threadIdx.x);
    if (k < P)
        row[k] = gp__dist_bucket_start(sorted, n, rank, splitters, P, k + 1) -
                 gp__dist_bucket_start(sorted, n, rank, splitters, P, k);
    if (k == 0) row[P] = capacity;
}

static unsigned blocks_for(int64_t n, int threads)
{
    const int64_t b = (n + threads - 1) / threads;
    return (unsigned)(b < 1 ? 1 : b);
}

extern "C" cudaError_t gp__dist_launch_make_samples(const uint32_t *sorted, int64_t n, uint32_t rank, int64_t S,
                                                    gp__dist_sample *out, cudaStream_t stream)
{
    make_samples_kernel<<<blocks_for(S, 256), 256, 0, stream>>>(sorted, n, rank, S, out);
    return cudaGetLastError();
}

extern "C" cudaError_t gp__dist_launch_sample_keys(const gp__dist_sample *all, int64_t m, uint64_t *keys,
                                                   uint32_t *order, cudaStream_t stream)
{
    sample_keys_kernel<<<blocks_for(m, 256), 256, 0, stream>>>(all, m, keys, order);
    return cudaGetLastError();
}

extern "C" cudaError_t gp__dist_launch_splitters(const gp__dist_sample *all, const uint32_t *order, int64_t m, int P,
                                                 gp__dist_sample *splitters, cudaStream_t stream)
{
    splitters_kernel<<<1, 32, 0, stream>>>(all, order, m, P, splitters);
    return cudaGetLastError();
}

extern "C" cudaError_t gp__dist_launch_send_counts(const uint32_t *sorted, int64_t n, uint32_t rank,
                                                   const gp__dist_sample *splitters, int P, int64_t capacity,
                                                   int64_t *row, cudaStream_t stream)
{
    send_counts_kernel<<<blocks_for(P, 128), 128, 0, stream>>>(sorted, n, rank, splitters, P, capacity, row);
    return cudaGetLastError();
}

/* ---- the 2-rank merge (dist_plan.h): one step per chunk of the peer's bucket ---- */

/* One thread: this step's ranges (dist_plan.h). */
static __global__ void merge_bounds_kernel(const uint32_t *a, int64_t na, const uint32_t *b, int64_t b_hi, int last,
                                           int first, int a_first, int64_t *st)
{
    gp__dist_merge_step_ranges(a, na, b, b_hi, last, first, a_first, st);
}

/* parts[t] = the A elements among the step's first t tiles of output (t = 0..tiles). */
static __global__ void merge_partition_kernel(const uint32_t *a, const uint32_t *b, const int64_t *st, int a_first,
                                              int64_t *parts)
{
    const int64_t a_lo = st[GP_DIST_MS_A_LO], na = st[GP_DIST_MS_A_HI] - a_lo;
    const int64_t b_lo = st[GP_DIST_MS_B_LO], nb = st[GP_DIST_MS_B_HI] - b_lo, total = na + nb;
    const int64_t tiles = (total + GP_DIST_MERGE_TILE - 1) / GP_DIST_MERGE_TILE;
    for (int64_t t = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; t <= tiles; t += (int64_t)gridDim.x * blockDim.x) {
        const int64_t d = t * GP_DIST_MERGE_TILE < total ? t * GP_DIST_MERGE_TILE : total;
        parts[t] = gp__dist_merge_path(a + a_lo, na, b + b_lo, nb, d, a_first);
    }
}

/* One tile per iteration: its slices of A and B to shared memory (coalesced), each thread's GP_DIST_MERGE_ITEMS
 * outputs by a merge path search in shared memory and a serial merge, then the tile out through shared memory
 * (coalesced). With values, each output's source slot in shared memory picks its value. */
/* Measured on an H200 (test_gpu_dist_merge's timing, 2^29 + 2^29 keys): 8 items a thread, 64 registers 5.80 ms;
 * held to 32 registers (8 blocks an SM) 5.05 ms; 7 items (an odd count: a thread's items fall in distinct
 * shared-memory banks) with the tile's loads issued together, 6 blocks an SM, 4.57 ms (pairs 6.48 ms). Each tile
 * still waits on three dependent global reads (state, tile start, keys): the next step would be blocks that
 * fetch their next tile while merging this one. */
template <bool PAIRS>
static __global__ void __launch_bounds__(GP_DIST_MERGE_THREADS, 6)
merge_kernel(const uint32_t *a_k, const uint32_t *a_v, const uint32_t *b_k, const uint32_t *b_v, uint32_t *out_k,
             uint32_t *out_v, const int64_t *st, const int64_t *parts, int a_first)
{
    __shared__ uint32_t sk[GP_DIST_MERGE_TILE];
    __shared__ uint32_t sv[PAIRS ? GP_DIST_MERGE_TILE : 1];
    const int64_t a_lo = st[GP_DIST_MS_A_LO], na_s = st[GP_DIST_MS_A_HI] - a_lo;
    const int64_t b_lo = st[GP_DIST_MS_B_LO], nb_s = st[GP_DIST_MS_B_HI] - b_lo, total = na_s + nb_s;
    const int64_t tiles = (total + GP_DIST_MERGE_TILE - 1) / GP_DIST_MERGE_TILE;
    const int tid = threadIdx.x;
    /* the first tile's start and end are read before the state is known (the launcher keeps the grid within the
     * parts array; a block past the step's tiles reads entries it does not use), so a tile waits on two rounds
     * of global reads, not three */
    int64_t p0 = parts[blockIdx.x], p1 = parts[blockIdx.x + 1];
    for (int64_t t = blockIdx.x; t < tiles; t += gridDim.x) {
        const int64_t d0 = t * GP_DIST_MERGE_TILE;
        const int64_t d1 = d0 + GP_DIST_MERGE_TILE < total ? d0 + GP_DIST_MERGE_TILE : total;
        const int64_t a0 = p0, a1 = p1;
        if (t + gridDim.x < tiles) {
            p0 = parts[t + gridDim.x];
            p1 = parts[t + gridDim.x + 1];
        }
        const int na = (int)(a1 - a0), nb = (int)((d1 - a1) - (d0 - a0)), n = na + nb;
        {   /* every load of the tile issued before the first store to shared memory waits for one */
            const uint32_t *ak = a_k + a_lo + a0, *bk = b_k + b_lo + (d0 - a0) - na;
            const uint32_t *av = PAIRS ? a_v + a_lo + a0 : NULL, *bv = PAIRS ? b_v + b_lo + (d0 - a0) - na : NULL;
            uint32_t rk[GP_DIST_MERGE_ITEMS], rv[GP_DIST_MERGE_ITEMS];
#pragma unroll
            for (int k = 0; k < GP_DIST_MERGE_ITEMS; k++) {
                const int i = tid + k * GP_DIST_MERGE_THREADS;
                if (i < n) {
                    rk[k] = i < na ? ak[i] : bk[i];
                    if (PAIRS) rv[k] = i < na ? av[i] : bv[i];
                }
            }
#pragma unroll
            for (int k = 0; k < GP_DIST_MERGE_ITEMS; k++) {
                const int i = tid + k * GP_DIST_MERGE_THREADS;
                if (i < n) {
                    sk[i] = rk[k];
                    if (PAIRS) sv[i] = rv[k];
                }
            }
        }
        __syncthreads();
        uint32_t key[GP_DIST_MERGE_ITEMS], val[GP_DIST_MERGE_ITEMS];
        {
            const int d = tid * GP_DIST_MERGE_ITEMS < n ? tid * GP_DIST_MERGE_ITEMS : n;
            int i = (int)gp__dist_merge_path(sk, na, sk + na, nb, d, a_first), j = d - i;
#pragma unroll
            for (int k = 0; k < GP_DIST_MERGE_ITEMS; k++) {
                if (d + k < n) {
                    const int take_a = j >= nb || (i < na && gp__dist_merge_before(sk[i], sk[na + j], a_first));
                    const int src = take_a ? i++ : na + j++;
                    key[k] = sk[src];
                    if (PAIRS) val[k] = sv[src];
                }
            }
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < GP_DIST_MERGE_ITEMS; k++) {
            const int at = tid * GP_DIST_MERGE_ITEMS + k;
            if (at < n) {
                sk[at] = key[k];
                if (PAIRS) sv[at] = val[k];
            }
        }
        __syncthreads();
        uint32_t *ok = out_k + a_lo + b_lo + d0, *ov = PAIRS ? out_v + a_lo + b_lo + d0 : NULL;
#pragma unroll
        for (int k = 0; k < GP_DIST_MERGE_ITEMS; k++) {
            const int i = tid + k * GP_DIST_MERGE_THREADS;
            if (i < n) {
                ok[i] = sk[i];
                if (PAIRS) ov[i] = sv[i];
            }
        }
        __syncthreads();
    }
}

extern "C" cudaError_t gp__dist_launch_merge_step(const uint32_t *a_k, const uint32_t *a_v, int64_t na,
                                                  const uint32_t *b_k, const uint32_t *b_v, int64_t b_hi, int last,
                                                  int first, int a_first, uint32_t *out_k, uint32_t *out_v,
                                                  int64_t *state, int64_t *parts, int64_t parts_len, int64_t expect,
                                                  cudaStream_t stream)
{
    /* the grid is sized for `expect` outputs; the kernels loop over any more (a skewed step) */
    int64_t blocks = (expect + GP_DIST_MERGE_TILE - 1) / GP_DIST_MERGE_TILE + 1;
    cudaError_t e;
    if (blocks > parts_len - 1) blocks = parts_len - 1; /* each block reads parts[blockIdx.x + 1] */
    if (blocks > (1 << 20)) blocks = 1 << 20;
    if (blocks < 1) return cudaErrorInvalidValue;
    merge_bounds_kernel<<<1, 1, 0, stream>>>(a_k, na, b_k, b_hi, last, first, a_first, state);
    if ((e = cudaGetLastError()) != cudaSuccess) return e;
    merge_partition_kernel<<<(unsigned)((blocks + 1 + 255) / 256), 256, 0, stream>>>(a_k, b_k, state, a_first, parts);
    if ((e = cudaGetLastError()) != cudaSuccess) return e;
    if (a_v) merge_kernel<true><<<(unsigned)blocks, GP_DIST_MERGE_THREADS, 0, stream>>>(a_k, a_v, b_k, b_v, out_k, out_v,
                                                                                     state, parts, a_first);
    else merge_kernel<false><<<(unsigned)blocks, GP_DIST_MERGE_THREADS, 0, stream>>>(a_k, NULL, b_k, NULL, out_k, NULL,
                                                                                  state, parts, a_first);
    return cudaGetLastError();
}

/* ---- scan ---- */

/* *total = this rank's sum: its last input (saved before an in-place scan overwrote it) plus its last
 * exclusive output; 0 for an empty rank. Integers wrap as the local scan does (unsigned arithmetic). */
static __global__ void scan_total_i32_kernel(const int32_t *saved_last, const int32_t *out, int64_t n, int32_t *total)
{
    if (threadIdx.x == 0 && blockIdx.x == 0)
        *total = n > 0 ? (int32_t)((uint32_t)*saved_last + (uint32_t)out[n - 1]) : 0;
}

static __global__ void scan_total_f32_kernel(const float *saved_last, const float *out, int64_t n, float *total)
{
    if (threadIdx.x == 0 && blockIdx.x == 0) *total = n > 0 ? *saved_last + out[n - 1] : 0.0f;
}

/* out[i] += the totals of ranks 0..me-1 (summed in rank order by each block's first thread). */
static __global__ void add_offset_i32_kernel(int32_t *out, int64_t n, const int32_t *totals, int me)
{
    __shared__ uint32_t offset;
    if (threadIdx.x == 0) {
        uint32_t s = 0;
        for (int r = 0; r < me; r++) s += (uint32_t)totals[r];
        offset = s;
    }
    __syncthreads();
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x)
        out[i] = (int32_t)((uint32_t)out[i] + offset);
}

/* f32: the lower ranks' totals are summed in double, in rank order, and rounded once. */
static __global__ void add_offset_f32_kernel(float *out, int64_t n, const float *totals, int me)
{
    __shared__ float offset;
    if (threadIdx.x == 0) {
        double s = 0.0;
        for (int r = 0; r < me; r++) s += (double)totals[r];
        offset = (float)s;
    }
    __syncthreads();
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x)
        out[i] += offset;
}

static unsigned grid_for(int64_t n)
{
    const int64_t b = (n + 255) / 256;
    return (unsigned)(b < 1 ? 1 : b > 65536 ? 65536 : b);
}

extern "C" cudaError_t gp__dist_launch_scan_total(int is_f32, const void *saved_last, const void *out, int64_t n,
                                                  void *total, cudaStream_t stream)
{
    if (is_f32)
        scan_total_f32_kernel<<<1, 32, 0, stream>>>((const float *)saved_last, (const float *)out, n, (float *)total);
    else
        scan_total_i32_kernel<<<1, 32, 0, stream>>>((const int32_t *)saved_last, (const int32_t *)out, n,
                                                    (int32_t *)total);
    return cudaGetLastError();
}

extern "C" cudaError_t gp__dist_launch_add_offset(int is_f32, void *out, int64_t n, const void *totals, int me,
                                                  cudaStream_t stream)
{
    if (n == 0 || me == 0) return cudaSuccess; /* nothing to add */
    if (is_f32) add_offset_f32_kernel<<<grid_for(n), 256, 0, stream>>>((float *)out, n, (const float *)totals, me);
    else add_offset_i32_kernel<<<grid_for(n), 256, 0, stream>>>((int32_t *)out, n, (const int32_t *)totals, me);
    return cudaGetLastError();
}
