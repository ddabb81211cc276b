/* dist_kernels.cu — the small kernels of gpuprim_dist (the heavy work is gpuprim's sort and scan and NCCL's
 * transfers): the sample sort's sampling, splitter and bucket-count steps, which run the pure functions of
 * dist_plan.h on the device, and the distributed scan's total and offset. Each launcher queues one kernel on
 * the stream and returns the launch's cudaError_t. */
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
