// 03_lanes.cu — histogram rung 3: 32 sub-histograms per block, one per lane, each in its own bank.
// Over rung 2: the block keeps 32 copies of the bins; lane l of every warp counts into copy l, stored
// interleaved (copy l of bin b at word 32b + l), so lane l always touches bank l. A warp's shared atomic is
// then one conflict-free pass whatever the data: random bytes no longer collide on banks, and skewed input
// (all samples in one bin) hits 32 different words instead of serialising 32 lanes on one. Cost: 32x the
// shared memory (256 bins: 32 KiB per block, still 6 blocks per SM) and a 32-word sum per bin at the end,
// read rotated so it is conflict-free too. More bins: fewer copies (16, 8, ... whatever fits in 64 KiB), one
// copy up to the opt-in limit, then rung 1. Loads are still one sample per thread per iteration.
// H100 80GB HBM3, 2026-11-22 (results/h100-2026-11-22, `gpuprim bench histogram`; vendor timed in the same run):
//   n=1073741824 u8 256 bins: 532 GB/s, 17.7% of D2D copy, 0.245x cub::DeviceHistogram::HistogramEven
//   n=268435456 u8 all-equal 256 bins: 524 GB/s, 17.4% of D2D copy, 0.199x cub::DeviceHistogram::HistogramEven
//   n=268435456 f32 256 bins: 1637 GB/s, 54.4% of D2D copy, 0.547x cub::DeviceHistogram::HistogramEven
#include "hist_common.cuh"

template <typename T>
__global__ void __launch_bounds__(256) hist_lanes(const T *__restrict__ samples, int64_t n, void *bins, int wide,
                                                  gp_hist_params p, int log2r)
{
    extern __shared__ uint32_t sh[];
    const int64_t stride = (int64_t)gridDim.x * blockDim.x;
    uint32_t *mine = sh + (threadIdx.x & ((1 << log2r) - 1));
    gp_hist_smem_zero(sh, p.num_bins << log2r);
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        int b = gp_hist_bin(samples[i], p);
        if (b >= 0) atomicAdd(mine + (b << log2r), 1u);
    }
    gp_hist_smem_merge(sh, p.num_bins, log2r, bins, wide);
}

GP_ACCEPTS(hist_r03_accepts, gp_hist_call, dev, c) { return gp_hist_log2_copies(dev, c->p.num_bins) >= 0; }

GP_LAUNCHER(hist_r03_launch, gp_hist_call, ctx, c)
{
    const gp_device_info *dev = ctx->dev;
    cudaStream_t s = ctx->stream;
    const int threads = 256;
    const int log2r = gp_hist_log2_copies(dev, c->p.num_bins);
    const size_t smem = ((size_t)c->p.num_bins << log2r) * 4;
#define LAUNCH(T)                                                                                         \
    do {                                                                                                  \
        const void *fn = (const void *)hist_lanes<T>;                                                     \
        if (gp_hist_allow_smem(fn, smem)) return gp__hist_global(ctx, c);                           \
        unsigned blocks = gp_hist_grid(dev, fn, threads, smem, gp_ceil_div(c->n, threads));               \
        hist_lanes<T><<<blocks, threads, smem, s>>>((const T *)c->samples, c->n, c->bins, c->wide, c->p, log2r);   \
    } while (0)
    GP_HIST_DISPATCH(c, LAUNCH)
#undef LAUNCH
    return gp__launch_status();
}

static gp_kernel_info hist_r03_kernel(void)
{
    gp_kernel_info k = {(const void *)hist_lanes<uint8_t>, 256, 256 * 32 * 4};
    return k;
}

GP_RUNG(gp__histogram_r03, "lanes",
        "32 sub-histograms per block, lane l in bank l: conflict-free shared atomics on any data", 70, GP_RUNG_AUTO,
        hist_r03_launch_entry, hist_r03_accepts_entry, hist_r03_kernel);
