// 03_sequential.cu — reduce rung 3: sequential addressing.
// Over rung 2: at step s (s = 128, 64, ..., 1) thread tid < s adds element tid + s to element tid. A warp
// reads 32 consecutive words, one per bank: no bank conflicts, and the active threads stay packed in the
// first warps. Half the threads still idle from the very first step (they only loaded one element each).
// Same bytes as rung 1; expect a further ~2x over rung 2.
// H100 80GB HBM3, 2026-11-22 (results/h100-2026-11-22, `gpuprim bench reduce`; vendor timed in the same run):
//   n=268435456 f32 sum: 988 GB/s, 32.9% of D2D copy, 0.322x cub::DeviceReduce::Sum
#include "reduce_common.cuh"

template <typename In, typename Op, typename Out>
__global__ void __launch_bounds__(GP_RED_THREADS) reduce_sequential(const In *__restrict__ in, int64_t n,
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
        for (unsigned s = GP_RED_THREADS / 2; s > 0; s >>= 1) {
            if (tid < s) sdata[tid] = Op::apply(sdata[tid], sdata[tid + s]);
            __syncthreads();
        }
        if (tid == 0) acc = Op::apply(acc, sdata[0]);
        __syncthreads();
    }
    if (tid == 0) out[blockIdx.x] = gp_red_store<Op, Out>::get(acc);
}

template <typename In, typename Op, typename Out> struct rung03 {
    static const int per_block = GP_RED_THREADS;
    static void launch(unsigned grid, cudaStream_t s, const In *in, int64_t n, Out *out)
    {
        reduce_sequential<In, Op, Out><<<grid, GP_RED_THREADS, 0, s>>>(in, n, out);
    }
    static gp_status run(const gp_reduce_args *a) { return gp_reduce_multipass<rung03, In, Op, Out>(a); }
};

GP_LAUNCHER(reduce_r03_launch, gp_reduce_args, ctx, p) { return gp_reduce_dispatch<rung03>(ctx, p); }

static gp_kernel_info reduce_r03_kernel(void)
{
    gp_kernel_info k = {(const void *)reduce_sequential<float, gp_op_sum<float>, float>, GP_RED_THREADS, 0};
    return k;
}

/* deterministic mode (fixed grid) runs on rung 08 only */
GP_RUNG(gp__reduce_r03, "sequential", "sequential addressing tid < s: conflict-free", 70, GP_RUNG_AUTO,
        reduce_r03_launch_entry, gp__reduce_any_grid_accepts, reduce_r03_kernel);
