/* warp_scan.cuh — warp-level inclusive/exclusive scan with register shuffles (Kogge–Stone over 32 lanes:
 * 5 SHFL.UP steps, no shared memory, no barriers). Templated on the element type T and an operator Op
 * (a struct with `static __device__ T apply(T, T)` and `static __device__ T identity()`).
 * Every lane of the warp must call these (full mask). */
#ifndef GP_COMMON_WARP_SCAN_CUH
#define GP_COMMON_WARP_SCAN_CUH

#include <cuda_runtime.h>
#include "reduce_ops.cuh" /* gp_op_sum (integers wrap, as two's complement / modulo 2^bits) */

#define GP_FULL_MASK 0xffffffffu

/* Inclusive scan over the warp's lanes: lane i gets x_0 op ... op x_i. */
template <typename T, typename Op>
__device__ __forceinline__ T gp_warp_inclusive_scan(T x)
{
    const int lane = threadIdx.x & 31;
#pragma unroll
    for (int d = 1; d < 32; d <<= 1) {
        T y = __shfl_up_sync(GP_FULL_MASK, x, d);
        if (lane >= d) x = Op::apply(y, x);
    }
    return x;
}

/* Exclusive scan: lane i gets x_0 op ... op x_{i-1} (identity on lane 0); *total gets the warp's total
 * on every lane. */
template <typename T, typename Op>
__device__ __forceinline__ T gp_warp_exclusive_scan(T x, T *total)
{
    const int lane = threadIdx.x & 31;
    T inc = gp_warp_inclusive_scan<T, Op>(x);
    T exc = __shfl_up_sync(GP_FULL_MASK, inc, 1);
    *total = __shfl_sync(GP_FULL_MASK, inc, 31);
    return lane == 0 ? Op::identity() : exc;
}

#endif
