// 01_global.cu — histogram rung 1: one global atomic per sample.
// The textbook kernel: each thread walks the samples with a grid stride and does atomicAdd on the bin in
// global memory. Every sample costs a 4-byte read-modify-write in L2 on top of its own read (1 byte for
// u8), and all SMs contend for the same few bins: with 256 bins the L2 atomic units serialise on hot
// lines, and on skewed input (all samples in one bin) every atomic of the GPU hits one address, so this
// rung is bound by L2 atomic throughput, not by DRAM. It is also the fall-back of rungs 2-4 when the bins
// do not fit in shared memory (e.g. 100000 bins), where it is correct for any bin count.
// H100 80GB HBM3, 2026-11-22 (results/h100-2026-11-22, `gpuprim bench histogram`; vendor timed in the same run):
//   n=1073741824 u8 256 bins: 4 GB/s, 0.1% of D2D copy, 0.002x cub::DeviceHistogram::HistogramEven
//   n=268435456 u8 all-equal 256 bins: 1 GB/s, 0.0% of D2D copy, 0.001x cub::DeviceHistogram::HistogramEven
//   n=268435456 f32 256 bins: 16 GB/s, 0.5% of D2D copy, 0.005x cub::DeviceHistogram::HistogramEven
#include "hist_common.cuh"

template <typename T>
__global__ void __launch_bounds__(256) hist_global(const T *__restrict__ samples, int64_t n, void *bins, int wide,
                                                   gp_hist_params p)
{
    const int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        int b = gp_hist_bin(samples[i], p);
        if (b >= 0) gp_hist_global_add(bins, wide, b, 1u);
    }
}

/* Also the fall-back of rungs 02-04 when their shared memory cannot be granted at run time. */
extern "C" gp_status gp__hist_global(gp_ctx *ctx, const gp_hist_call *c)
{
    const int threads = 256;
    const unsigned blocks = gp_grid_for(ctx->dev, threads, c->n, 1);
    cudaStream_t s = ctx->stream;
    ctx->ran_rung = 1;
#define LAUNCH(T) hist_global<T><<<blocks, threads, 0, s>>>((const T *)c->samples, c->n, c->bins, c->wide, c->p)
    GP_HIST_DISPATCH(c, LAUNCH)
#undef LAUNCH
    return gp__launch_status();
}

GP_LAUNCHER(hist_r01_launch, gp_hist_call, ctx, c) { return gp__hist_global(ctx, c); }

static gp_kernel_info hist_r01_kernel(void)
{
    gp_kernel_info k = {(const void *)hist_global<uint8_t>, 256, 0};
    return k;
}

GP_RUNG(gp__histogram_r01, "global",
        "one global atomicAdd per sample", 70, GP_RUNG_AUTO,
        hist_r01_launch_entry, NULL, hist_r01_kernel);
