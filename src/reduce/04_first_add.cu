// 04_first_add.cu — reduce rung 4: first add during the load.
// Over rung 3: each block covers 512 elements with 256 threads; every thread loads two elements (256
// apart, both loads coalesced) and combines them before the shared-memory tree. The tree work and the
// number of blocks (and so the __syncthreads per element) are halved, and no thread is idle at the first
// step. Same bytes; expect ~1.5-2x over rung 3.
// H100 80GB HBM3, 2026-11-22 (results/h100-2026-11-22, `gpuprim bench reduce`; vendor timed in the same run):
//   n=268435456 f32 sum: 1816 GB/s, 60.4% of D2D copy, 0.592x cub::DeviceReduce::Sum
#include "reduce_common.cuh"

template <typename In, typename Op, typename Out>
__global__ void __launch_bounds__(GP_RED_THREADS) reduce_first_add(const In *__restrict__ in, int64_t n,
                                                                   Out *__restrict__ out)
{
    typedef typename Op::T Acc;
    __shared__ Acc sdata[GP_RED_THREADS];
    const unsigned tid = threadIdx.x;
    const int64_t tiles = (n + 2 * GP_RED_THREADS - 1) / (2 * GP_RED_THREADS);
    Acc acc = Op::identity();
    for (int64_t t = blockIdx.x; t < tiles; t += gridDim.x) {
        const int64_t i = t * (2 * GP_RED_THREADS) + tid;
        sdata[tid] = Op::apply(gp_red_load<Op>(in, i, n), gp_red_load<Op>(in, i + GP_RED_THREADS, n));
        __syncthreads();
        for (unsigned s = GP_RED_THREADS / 2; s > 0; s >>= 1) {
            if (tid < s) sdata[tid] = Op::apply(sdata[tid], sdata[tid + s]);
            __syncthreads();
        }
        if (tid == 0) acc = Op::apply(acc, sdata[0]);
        __syncthreads();
    }
    if (tid == 0) out[blockIdx.x] = gp_red_store<Op, Out>::get(acc);
}

template <typename In, typename Op, typename Out> struct rung04 {
    static const int per_block = 2 * GP_RED_THREADS;
    static void launch(unsigned grid, cudaStream_t s, const In *in, int64_t n, Out *out)
    {
        reduce_first_add<In, Op, Out><<<grid, GP_RED_THREADS, 0, s>>>(in, n, out);
    }
    static gp_status run(const gp_reduce_args *a) { return gp_reduce_multipass<rung04, In, Op, Out>(a); }
};

GP_LAUNCHER(reduce_r04_launch, gp_reduce_args, ctx, p) { return gp_reduce_dispatch<rung04>(ctx, p); }

static gp_kernel_info reduce_r04_kernel(void)
{
    gp_kernel_info k = {(const void *)reduce_first_add<float, gp_op_sum<float>, float>, GP_RED_THREADS, 0};
    return k;
}

/* deterministic mode (fixed grid) runs on rung 08 only */
GP_RUNG(gp__reduce_r04, "first_add", "two elements per thread, added during the load", 70, GP_RUNG_AUTO,
        reduce_r04_launch_entry, gp__reduce_any_grid_accepts, reduce_r04_kernel);
