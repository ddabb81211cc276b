// 08_single_pass.cu — reduce rung 8: one launch; the last block to finish combines the partials.
// Over rung 7: the second launch (and its launch latency and the gap between the kernels, a few us, ~1-2%
// of a 2^28-float sum) is removed. Each block reduces its share as in rung 7, writes its partial to the
// workspace, __threadfence() (the partial is visible device-wide before the ticket), then takes a ticket
// with atomicAdd on a counter. The block that draws the last ticket reads all partials (through L2, __ldcg)
// and combines them in index order with the fixed-order block reduction, writes the result and resets the
// counter. The counter is also zeroed on the stream before each launch (other primitives share the
// workspace and may leave anything there); a one-block grid (small n) skips the ticket and the memset.
// No floating-point atomics: the partials are combined in a fixed order and each block's elements depend
// only on n, the grid and the input's alignment, so the result is bit-reproducible.
// Bytes: n * sizeof(T) read; expect the same bandwidth as rung 7 plus the saved launch.
// H100 80GB HBM3, 2026-11-22 (results/h100-2026-11-22, `gpuprim bench reduce`; vendor timed in the same run):
//   n=268435456 f32 sum: 3101 GB/s, 103.1% of D2D copy, 1.012x cub::DeviceReduce::Sum
//   n=268435456 f32 min: 3101 GB/s, 103.1% of D2D copy, 1.014x cub::DeviceReduce::Min
//   n=268435456 f32 max: 3101 GB/s, 103.1% of D2D copy, 1.012x cub::DeviceReduce::Max
//   n=268435456 f64 sum: 3130 GB/s, 104.1% of D2D copy, 1.016x cub::DeviceReduce::Sum
//   n=268435456 i32 sum: 3101 GB/s, 103.1% of D2D copy, 1.017x cub::DeviceReduce::Sum
//   n=268435456 f32 argmax: 3051 GB/s, 101.5% of D2D copy, 1.020x cub::DeviceReduce::ArgMax
#include "reduce_common.cuh"

#define RED08_UNROLL 4

template <typename In, typename Op, typename Out>
__global__ void __launch_bounds__(GP_RED_THREADS) reduce_single_pass(const In *__restrict__ in, int64_t n,
                                                                     int64_t head, typename Op::T *part,
                                                                     unsigned *counter, Out *out)
{
    typedef typename Op::T Acc;
    __shared__ gp_block_reduce_storage<Acc, GP_RED_THREADS> st;
    __shared__ bool last;
    Acc v = gp_red_thread_vec<GP_RED_THREADS, RED08_UNROLL, In, Op>(in, n, head);
    v = gp_block_reduce<Op, GP_RED_THREADS>(v, st);
    if (threadIdx.x == 0) {
        part[blockIdx.x] = v;
        __threadfence();
        last = gridDim.x == 1 || atomicAdd(counter, 1u) == gridDim.x - 1; /* one block: no ticket needed */
    }
    __syncthreads(); /* also: st may be reused below */
    if (!last) return;
    __threadfence();
    Acc w = Op::identity();
    for (unsigned i = threadIdx.x; i < gridDim.x; i += GP_RED_THREADS) w = Op::apply(w, gp_load_cg(part + i));
    w = gp_block_reduce<Op, GP_RED_THREADS>(w, st);
    if (threadIdx.x == 0) {
        *out = gp_red_store<Op, Out>::get(w);
        if (gridDim.x > 1) *counter = 0;
    }
}

template <typename In, typename Op, typename Out> struct rung08 {
    static gp_status run(const gp_reduce_args *a)
    {
        typedef typename Op::T Acc;
        const In *in = (const In *)a->in;
        const int64_t head = gp_red_head(in, a->n);
        static int per_sm = 0;
        const int bps = gp_red_blocks_per_sm((const void *)reduce_single_pass<In, Op, Out>, GP_RED_THREADS, &per_sm);
        const unsigned grid = gp_red_wave_grid(a, GP_RED_THREADS, RED08_UNROLL, 16 / (int)sizeof(In), bps);
        if (a->workspace_bytes < gp_red_ws_need((size_t)grid * sizeof(Acc))) return GP_ERROR_WORKSPACE_TOO_SMALL;
        unsigned *counter = gp_red_counter(a->workspace);
        if (grid > 1 && cudaMemsetAsync(counter, 0, sizeof(unsigned), a->stream) != cudaSuccess) return GP_ERROR_CUDA;
        reduce_single_pass<In, Op, Out><<<grid, GP_RED_THREADS, 0, a->stream>>>(
            in, a->n, head, gp_red_partials<Acc>(a->workspace), counter, (Out *)a->out);
        return gp__launch_status();
    }
};

GP_LAUNCHER(reduce_r08_launch, gp_reduce_args, ctx, p) { return gp_reduce_dispatch<rung08>(ctx, p); }

static gp_kernel_info reduce_r08_kernel(void)
{
    gp_kernel_info k = {(const void *)reduce_single_pass<float, gp_op_sum<float>, float>, GP_RED_THREADS, 0};
    return k;
}

GP_RUNG(gp__reduce_r08, "single_pass", "one launch: last block (atomic ticket) combines partials in fixed order", 70, GP_RUNG_AUTO,
        reduce_r08_launch_entry, NULL, reduce_r08_kernel);
