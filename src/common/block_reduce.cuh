/* block_reduce.cuh — reduction across a thread block: a shuffle reduction inside each warp, the warps'
 * partials through shared memory, then one more warp reduction by warp 0. One __syncthreads.
 * BLOCK (threads per block) is a compile-time multiple of 32, at most 1024, and must equal blockDim.x. */
#ifndef GP_COMMON_BLOCK_REDUCE_CUH
#define GP_COMMON_BLOCK_REDUCE_CUH
#include "warp_reduce.cuh"

/* The shared memory one block reduction needs; declare it __shared__ in the kernel. */
template <typename T, int BLOCK> struct gp_block_reduce_storage {
    T warp[BLOCK / 32];
};

/* Every thread of the block must call it. Returns Op over the block's values in thread 0 (other threads get
 * partial results). The order of combination is fixed. To reuse `st` for a second reduction, put a
 * __syncthreads() between the two calls. */
template <typename Op, int BLOCK>
__device__ __forceinline__ typename Op::T gp_block_reduce(typename Op::T v,
                                                          gp_block_reduce_storage<typename Op::T, BLOCK> &st)
{
    static_assert(BLOCK % 32 == 0 && BLOCK <= 1024, "BLOCK must be a multiple of 32, at most 1024");
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    v = gp_warp_reduce<Op>(v);
    if (BLOCK == 32) return v;
    if (lane == 0) st.warp[warp] = v;
    __syncthreads();
    if (warp == 0) {
        v = lane < BLOCK / 32 ? st.warp[lane] : Op::identity();
        v = gp_warp_reduce<Op>(v);
    }
    return v;
}

#endif
