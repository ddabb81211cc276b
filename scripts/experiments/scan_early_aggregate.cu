// scan_early_aggregate.cu — experiment (not a rung): a persistent look-back scan whose idle warps publish
// the prefetched tile's aggregate as soon as it lands. The persistent prefetching rung (commit d80c1cb)
// measured 0.53x CUB because a tile queued behind its block's current tile published its aggregate only
// when the block reached it; here warps 1-3 sum the other buffer and publish while warp 0 looks back.
// Build: nvcc -O3 -std=c++17 -arch=sm_90a -I src scripts/experiments/scan_early_aggregate.cu -o early
// Run: ./early [log2 n]  (times cub::DeviceScan::InclusiveSum and this kernel, i32, compares outputs)
#include "common/block_scan.cuh"
#include "common/lookback.cuh"
#include "common/cp_async.cuh"
#include "common/tile_io.cuh"
#include <cub/cub.cuh>
#include <cstdio>
#include <cstdlib>
#include <cstdint>

#define THREADS 128
#define ITEMS 32
#define TILE (THREADS * ITEMS)
#define SMEM_BYTES (2 * TILE * 4 + GP_TILE_SMEM_WORDS(THREADS, ITEMS) * 4)

__device__ __forceinline__ int swz(int c) { return c ^ ((c >> 3) & 7); }

__device__ __forceinline__ void issue(unsigned *stage, const unsigned *in, int64_t base, int64_t n)
{
    if (base + TILE <= n) {
        for (int c = threadIdx.x; c < TILE / 4; c += THREADS) gp_cp_async16_full(stage + 4 * swz(c), in + base + 4 * c);
    } else {
        for (int e = threadIdx.x; e < TILE; e += THREADS) {
            const bool ok = base + e < n;
            gp_cp_async4(stage + 4 * swz(e >> 2) + (e & 3), ok ? in + base + e : in, ok ? 4 : 0);
        }
    }
}

__global__ void __launch_bounds__(THREADS) early_scan(const unsigned *in, unsigned *out, int64_t n, int64_t tiles,
                                                      unsigned long long *status, unsigned *counter)
{
    typedef gp_lb_pack<unsigned> P;
    extern __shared__ uint4 dyn[];
    unsigned *stages = reinterpret_cast<unsigned *>(dyn), *staging = stages + 2 * TILE;
    __shared__ unsigned warp_totals[THREADS / 32], early_part[3], tile_of[2], tile_prefix;
    __shared__ int early_done[2];
    const int tid = threadIdx.x, warp = tid >> 5, lane = tid & 31;
    if (tid == 0) {
        tile_of[0] = atomicAdd(counter, 1u);
        tile_of[1] = atomicAdd(counter, 1u);
        early_done[0] = early_done[1] = 0;
    }
    __syncthreads();
    for (int s = 0; s < 2; s++) {
        if (tile_of[s] < tiles) issue(stages + s * TILE, in, (int64_t)tile_of[s] * TILE, n);
        gp_cp_async_commit();
    }
    for (int s = 0;; s ^= 1) {
        const int64_t tile = tile_of[s];
        if (tile >= tiles) break;
        gp_cp_async_wait<1>();
        __syncthreads();
        unsigned x[ITEMS];
#pragma unroll
        for (int j = 0; j < ITEMS / 4; j++) {
            const uint4 v = *reinterpret_cast<const uint4 *>(stages + s * TILE + 4 * swz(tid * (ITEMS / 4) + j));
            x[4 * j] = v.x; x[4 * j + 1] = v.y; x[4 * j + 2] = v.z; x[4 * j + 3] = v.w;
        }
        const int early = early_done[s];
        if (tid == 0) tile_of[s] = atomicAdd(counter, 1u);
        unsigned sum = 0;
#pragma unroll
        for (int k = 0; k < ITEMS; k++) sum += x[k];
        unsigned aggregate;
        unsigned prefix = gp_block_exclusive_scan<unsigned, gp_op_sum<unsigned>, THREADS>(sum, warp_totals, &aggregate);
        if (tid == 0) early_done[s] = 0;
        const unsigned next = tile_of[s];
        if (next < tiles) issue(stages + s * TILE, in, (int64_t)next * TILE, n);
        gp_cp_async_commit();
        const int64_t other = tile_of[s ^ 1];
        gp_cp_async_wait<1>(); /* this thread's copies of the other buffer landed */
        if (warp == 0) {
            asm volatile("bar.arrive 1, %0;" ::"n"(THREADS));
            unsigned p = gp_lookback_exclusive<unsigned, gp_op_sum<unsigned>>(status, tile, aggregate, !early);
            if (lane == 0) tile_prefix = p;
        } else {
            asm volatile("bar.sync 1, %0;" ::"n"(THREADS));
            if (other < tiles && other > 0) {
                const unsigned *o = stages + (s ^ 1) * TILE;
                unsigned acc = 0;
                for (int c = tid - 32; c < TILE / 4; c += THREADS - 32) {
                    const uint4 v = *reinterpret_cast<const uint4 *>(o + 4 * c);
                    acc += v.x + v.y + v.z + v.w;
                }
#pragma unroll
                for (int d = 16; d > 0; d >>= 1) acc += __shfl_xor_sync(0xffffffffu, acc, d);
                if (lane == 0) early_part[warp - 1] = acc;
                asm volatile("bar.sync 2, %0;" ::"n"(THREADS - 32));
                if (tid == 32) {
                    gp_lb_store(status + other, P::pack(GP_LB_AGGREGATE, early_part[0] + early_part[1] + early_part[2]));
                    early_done[s ^ 1] = 1;
                }
            }
        }
        __syncthreads();
        prefix += tile_prefix;
#pragma unroll
        for (int k = 0; k < ITEMS; k++) { prefix += x[k]; x[k] = prefix; }
        gp_tile_store<unsigned, THREADS, ITEMS>(out, tile * TILE, n, 1, x, staging);
    }
    gp_cp_async_wait<0>();
}

#include "exp_ck.h"

__global__ void fill(unsigned *p, int64_t n, unsigned seed)
{
    for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x) {
        unsigned h = (unsigned)i * 2654435761u ^ seed;
        h ^= h >> 13; h *= 0x5bd1e995u; h ^= h >> 15;
        p[i] = h % 2001u - 1000u;
    }
}

int main(int argc, char **argv)
{
    const int lg = argc > 1 ? atoi(argv[1]) : 28;
    const int64_t N = (int64_t)1 << lg;
    unsigned *in, *out, *ref, *cnt;
    unsigned long long *status;
    void *tmp = NULL;
    size_t tmp_bytes = 0;
    int dev = 0, sms = 0, per_sm = 0;
    CK(cudaGetDevice(&dev));
    CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
    CK(cudaFuncSetAttribute(early_scan, cudaFuncAttributeMaxDynamicSharedMemorySize, SMEM_BYTES));
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, early_scan, THREADS, SMEM_BYTES));
    CK(cudaMalloc(&in, N * 4)); CK(cudaMalloc(&out, N * 4)); CK(cudaMalloc(&ref, N * 4));
    CK(cudaMalloc(&status, 256 + (N / TILE + 1) * 8));
    cnt = (unsigned *)status;
    cub::DeviceScan::InclusiveSum(tmp, tmp_bytes, in, ref, (int)N);
    CK(cudaMalloc(&tmp, tmp_bytes));
    fill<<<1024, 256>>>(in, N, 12345u);
    printf("device %d: %d SMs, %d blocks/SM of %d threads, %d B smem\n", dev, sms, per_sm, THREADS, SMEM_BYTES);
    const int64_t sizes[] = {1, 4095, 4096, 4097, 8193, 1000003, N};
    for (int si = 0; si < 7; si++) {
        const int64_t n = sizes[si], tiles = (n + TILE - 1) / TILE;
        const unsigned grid = (unsigned)(tiles < (int64_t)per_sm * sms ? tiles : (int64_t)per_sm * sms);
        cudaEvent_t e0, e1;
        float ms_cub = 0, ms_me = 0, t;
        const int reps = n == N ? 50 : 3;
        CK(cudaEventCreate(&e0)); CK(cudaEventCreate(&e1));
        for (int r = 0; r < reps + 1; r++) {
            CK(cudaEventRecord(e0));
            cub::DeviceScan::InclusiveSum(tmp, tmp_bytes, in, ref, (int)n);
            CK(cudaEventRecord(e1)); CK(cudaEventSynchronize(e1)); CK(cudaEventElapsedTime(&t, e0, e1));
            if (r) ms_cub += t;
            CK(cudaMemset(out, 0xff, n * 4));
            CK(cudaEventRecord(e0));
            CK(cudaMemsetAsync(status, 0, 256 + tiles * 8));
            early_scan<<<grid, THREADS, SMEM_BYTES>>>(in, out, n, tiles, status + 32, cnt);
            CK(cudaEventRecord(e1)); CK(cudaEventSynchronize(e1)); CK(cudaEventElapsedTime(&t, e0, e1));
            if (r) ms_me += t;
            CK(cudaGetLastError());
        }
        unsigned *a = (unsigned *)malloc(n * 4), *b = (unsigned *)malloc(n * 4);
        CK(cudaMemcpy(a, out, n * 4, cudaMemcpyDeviceToHost));
        CK(cudaMemcpy(b, ref, n * 4, cudaMemcpyDeviceToHost));
        int64_t bad = 0;
        for (int64_t i = 0; i < n; i++) bad += a[i] != b[i];
        ms_cub /= reps; ms_me /= reps;
        printf("n=%lld: CUB %.4f ms %.1f GB/s | early-aggregate %.4f ms %.1f GB/s = %.3fx CUB | %lld wrong\n",
               (long long)n, ms_cub, 8.0 * n / ms_cub / 1e6, ms_me, 8.0 * n / ms_me / 1e6, ms_cub / ms_me, (long long)bad);
        free(a); free(b);
    }
    return 0;
}
