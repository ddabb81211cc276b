/* warp_reduce.cuh — reduction across the 32 lanes of a warp with register shuffles (no shared memory,
 * no __syncthreads). Every lane of the warp must call it (full mask). */
#ifndef GP_COMMON_WARP_REDUCE_CUH
#define GP_COMMON_WARP_REDUCE_CUH
#include "reduce_ops.cuh"

/* Tree reduction with __shfl_down_sync: after log2(32) = 5 steps lane 0 holds Op over the 32 values (the
 * other lanes hold partial results). The combining order is fixed, so the result is deterministic. */
template <typename Op>
__device__ __forceinline__ typename Op::T gp_warp_reduce(typename Op::T v)
{
#pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1) v = Op::apply(v, gp_shfl_down(v, offset));
    return v;
}

/* The same, with the result in every lane (butterfly with __shfl_xor_sync). */
template <typename Op>
__device__ __forceinline__ typename Op::T gp_warp_allreduce(typename Op::T v)
{
#pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1) v = Op::apply(v, gp_shfl_xor(v, offset));
    return v;
}

#endif
