// 06_warp_shuffle.cu — reduce rung 6: warp shuffles instead of the shared-memory tree.
// Over rung 5: the block reduction is src/common/block_reduce.cuh: each warp reduces its 32 values in
// registers with __shfl_down_sync (5 steps, no shared memory, no barrier), the 8 warp results go through
// shared memory once, and warp 0 reduces them with shuffles. One __syncthreads per tile instead of ~3, and
// 8 shared-memory words instead of 256 + tree traffic. Still one (two-element) load per thread per tile,
// so memory latency is poorly hidden; expect ~1.2x over rung 5.
// H100 80GB HBM3, 2026-11-22 (results/h100-2026-11-22, `gpuprim bench reduce`; vendor timed in the same run):
//   n=268435456 f32 sum: 2555 GB/s, 85.0% of D2D copy, 0.834x cub::DeviceReduce::Sum
#include "reduce_common.cuh"

template <typename In, typename Op, typename Out>
__global__ void __launch_bounds__(GP_RED_THREADS) reduce_shuffle(const In *__restrict__ in, int64_t n,
                                                                 Out *__restrict__ out)
{
    typedef typename Op::T Acc;
    __shared__ gp_block_reduce_storage<Acc, GP_RED_THREADS> st;
    const unsigned tid = threadIdx.x;
    const int64_t tiles = (n + 2 * GP_RED_THREADS - 1) / (2 * GP_RED_THREADS);
    Acc acc = Op::identity();
    for (int64_t t = blockIdx.x; t < tiles; t += gridDim.x) {
        const int64_t i = t * (2 * GP_RED_THREADS) + tid;
        Acc v = Op::apply(gp_red_load<Op>(in, i, n), gp_red_load<Op>(in, i + GP_RED_THREADS, n));
        v = gp_block_reduce<Op, GP_RED_THREADS>(v, st);
        if (tid == 0) acc = Op::apply(acc, v);
        __syncthreads(); /* st is reused by the next tile */
    }
    if (tid == 0) out[blockIdx.x] = gp_red_store<Op, Out>::get(acc);
}

template <typename In, typename Op, typename Out> struct rung06 {
    static const int per_block = 2 * GP_RED_THREADS;
    static void launch(unsigned grid, cudaStream_t s, const In *in, int64_t n, Out *out)
    {
        reduce_shuffle<In, Op, Out><<<grid, GP_RED_THREADS, 0, s>>>(in, n, out);
    }
    static gp_status run(const gp_reduce_args *a) { return gp_reduce_multipass<rung06, In, Op, Out>(a); }
};

GP_LAUNCHER(reduce_r06_launch, gp_reduce_args, ctx, p) { return gp_reduce_dispatch<rung06>(ctx, p); }

static gp_kernel_info reduce_r06_kernel(void)
{
    gp_kernel_info k = {(const void *)reduce_shuffle<float, gp_op_sum<float>, float>, GP_RED_THREADS, 0};
    return k;
}

/* deterministic mode (fixed grid) runs on rung 08 only */
GP_RUNG(gp__reduce_r06, "shuffle", "warp shuffles (__shfl_down_sync) instead of the shared tree", 70, GP_RUNG_AUTO,
        reduce_r06_launch_entry, gp__reduce_any_grid_accepts, reduce_r06_kernel);
