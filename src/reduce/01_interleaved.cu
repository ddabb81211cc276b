// 01_interleaved.cu — reduce rung 1: the textbook tree in shared memory, interleaved addressing.
// Each block loads 256 elements (one per thread) into shared memory and halves the active set log2(256) = 8
// times; at step s the threads with tid % (2s) == 0 add element tid + s. Active threads are scattered over
// all warps, so almost every warp diverges at every step, and the % is a slow integer division. Bytes:
// n * sizeof(T) read once, 4 bytes per block of partials; the kernel is bound by instruction issue and
// __syncthreads, not by memory: expect a small fraction of the copy bandwidth.
// Partials go to the workspace and the same kernel reduces them again (at most 3 launches); a block walks
// several 256-element tiles when n > 2^16 tiles, so the partials fit in the workspace for any n.
// H100 80GB HBM3, 2026-11-22 (results/h100-2026-11-22, `gpuprim bench reduce`; vendor timed in the same run):
//   n=268435456 f32 sum: 965 GB/s, 32.1% of D2D copy, 0.315x cub::DeviceReduce::Sum
#include "reduce_common.cuh"

template <typename In, typename Op, typename Out>
__global__ void __launch_bounds__(GP_RED_THREADS) reduce_interleaved(const In *__restrict__ in, int64_t n,
                                                                     Out *__restrict__ out)
{
    typedef typename Op::T Acc;
    __shared__ Acc sdata[GP_RED_THREADS];
    const unsigned tid = threadIdx.x;
    const int64_t tiles = (n + GP_RED_THREADS - 1) / GP_RED_THREADS;
    Acc acc = Op::identity(); /* used by thread 0 only */
    for (int64_t t = blockIdx.x; t < tiles; t += gridDim.x) {
        sdata[tid] = gp_red_load<Op>(in, t * GP_RED_THREADS + tid, n);
        __syncthreads();
        for (unsigned s = 1; s < GP_RED_THREADS; s *= 2) {
            if (tid % (2 * s) == 0) sdata[tid] = Op::apply(sdata[tid], sdata[tid + s]);
            __syncthreads();
        }
        if (tid == 0) acc = Op::apply(acc, sdata[0]);
        __syncthreads(); /* sdata is rewritten by the next tile */
    }
    if (tid == 0) out[blockIdx.x] = gp_red_store<Op, Out>::get(acc);
}

template <typename In, typename Op, typename Out> struct rung01 {
    static const int per_block = GP_RED_THREADS;
    static void launch(unsigned grid, cudaStream_t s, const In *in, int64_t n, Out *out)
    {
        reduce_interleaved<In, Op, Out><<<grid, GP_RED_THREADS, 0, s>>>(in, n, out);
    }
    static gp_status run(const gp_reduce_args *a) { return gp_reduce_multipass<rung01, In, Op, Out>(a); }
};

GP_LAUNCHER(reduce_r01_launch, gp_reduce_args, ctx, p) { return gp_reduce_dispatch<rung01>(ctx, p); }

static gp_kernel_info reduce_r01_kernel(void)
{
    gp_kernel_info k = {(const void *)reduce_interleaved<float, gp_op_sum<float>, float>, GP_RED_THREADS, 0};
    return k;
}

/* deterministic mode (fixed grid) runs on rung 08 only */
GP_RUNG(gp__reduce_r01, "interleaved", "shared-memory tree, tid % (2s) == 0 works: divergent warps", 70, GP_RUNG_AUTO,
        reduce_r01_launch_entry, gp__reduce_any_grid_accepts, reduce_r01_kernel);
