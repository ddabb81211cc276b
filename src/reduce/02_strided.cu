// 02_strided.cu — reduce rung 2: strided index, no divergence.
// Over rung 1: at step s thread tid works on element 2*s*tid, so the active threads are the first
// 256/(2s) of the block, packed into whole warps: warps are either all active or all idle (no divergence
// until fewer than 32 threads remain), and the % is gone. The cost moves to shared memory: a warp's
// addresses 2*s*tid are 2s words apart and land on 16/s banks, so for 4-byte values step s has 2s-way bank
// conflicts for s <= 4 and 8-way at s = 8 and 16 (fewer lanes active). Same bytes as rung 1; expect
// roughly 2x rung 1.
// H100 80GB HBM3, 2026-11-22 (results/h100-2026-11-22, `gpuprim bench reduce`; vendor timed in the same run):
//   n=268435456 f32 sum: 735 GB/s, 24.4% of D2D copy, 0.240x cub::DeviceReduce::Sum
#include "reduce_common.cuh"

template <typename In, typename Op, typename Out>
__global__ void __launch_bounds__(GP_RED_THREADS) reduce_strided(const In *__restrict__ in, int64_t n,
                                                                 Out *__restrict__ out)
{
    typedef typename Op::T Acc;
    __shared__ Acc sdata[GP_RED_THREADS];
    const unsigned tid = threadIdx.x;
    const int64_t tiles = (n + GP_RED_THREADS - 1) / GP_RED_THREADS;
    Acc acc = Op::identity();
    for (int64_t t = blockIdx.x; t < tiles; t += gridDim.x) {
        sdata[tid] = gp_red_load<Op>(in, t * GP_RED_THREADS + tid, n);
        __syncthreads();
        for (unsigned s = 1; s < GP_RED_THREADS; s *= 2) {
            const unsigned index = 2 * s * tid;
            if (index < GP_RED_THREADS) sdata[index] = Op::apply(sdata[index], sdata[index + s]);
            __syncthreads();
        }
        if (tid == 0) acc = Op::apply(acc, sdata[0]);
        __syncthreads();
    }
    if (tid == 0) out[blockIdx.x] = gp_red_store<Op, Out>::get(acc);
}

template <typename In, typename Op, typename Out> struct rung02 {
    static const int per_block = GP_RED_THREADS;
    static void launch(unsigned grid, cudaStream_t s, const In *in, int64_t n, Out *out)
    {
        reduce_strided<In, Op, Out><<<grid, GP_RED_THREADS, 0, s>>>(in, n, out);
    }
    static gp_status run(const gp_reduce_args *a) { return gp_reduce_multipass<rung02, In, Op, Out>(a); }
};

GP_LAUNCHER(reduce_r02_launch, gp_reduce_args, ctx, p) { return gp_reduce_dispatch<rung02>(ctx, p); }

static gp_kernel_info reduce_r02_kernel(void)
{
    gp_kernel_info k = {(const void *)reduce_strided<float, gp_op_sum<float>, float>, GP_RED_THREADS, 0};
    return k;
}

/* deterministic mode (fixed grid) runs on rung 08 only */
GP_RUNG(gp__reduce_r02, "strided", "strided index 2*s*tid: no divergence, bank conflicts", 70, GP_RUNG_AUTO,
        reduce_r02_launch_entry, gp__reduce_any_grid_accepts, reduce_r02_kernel);
