/* block_scan.cuh — block-level exclusive scan built on the warp scan: each warp scans its lanes with
 * shuffles, lane 31 writes the warp's total to shared memory, one barrier, then every thread adds the
 * totals of the warps before its own (at most 32 broadcast reads). One __syncthreads per call.
 * THREADS must be a multiple of 32 and at most 1024 and equal blockDim.x. `warp_totals` is shared memory
 * of THREADS/32 elements; the caller must place a barrier before it is written again (a second call). */
#ifndef GP_COMMON_BLOCK_SCAN_CUH
#define GP_COMMON_BLOCK_SCAN_CUH

#include "warp_scan.cuh"

/* Returns the exclusive prefix of x over the block's threads (identity for thread 0) and writes the
 * block's total to *total on every thread. */
template <typename T, typename Op, int THREADS>
__device__ __forceinline__ T gp_block_exclusive_scan(T x, T *warp_totals, T *total)
{
    static_assert(THREADS % 32 == 0 && THREADS <= 1024, "THREADS: a multiple of 32, at most 1024");
    constexpr int WARPS = THREADS / 32;
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    T wtotal;
    T exc = gp_warp_exclusive_scan<T, Op>(x, &wtotal);
    if (lane == 31) warp_totals[warp] = wtotal;
    __syncthreads();
    T before = Op::identity(), all = Op::identity();
#pragma unroll
    for (int w = 0; w < WARPS; w++) {
        T v = warp_totals[w];
        if (w < warp) before = Op::apply(before, v);
        all = Op::apply(all, v);
    }
    *total = all;
    return Op::apply(before, exc);
}

#endif
