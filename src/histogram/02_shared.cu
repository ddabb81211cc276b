// 02_shared.cu — histogram rung 2: a private histogram per block in shared memory.
// Over rung 1: each block counts its samples into its own copy of the bins in shared memory (ATOMS, a few
// cycles, no L2 round trip), then adds the copy into the global bins with one atomic per non-zero bin. Global
// atomics fall from n to (blocks x bins): for 1 GiB of u8 and ~1000 persistent blocks, from 2^30 to 2^18.
// What is left: the per-sample shared atomic, random bank conflicts (256 bins on 32 banks: ~3.5-way for
// random bytes) and, on skewed input, all 32 lanes of a warp serialising on one address; and one byte loaded
// per thread per iteration. Bins that need more shared memory than a block may have (num_bins x 4 bytes
// above the opt-in limit, ~227 KiB on H100) go to rung 1.
// H100 80GB HBM3, 2026-11-22 (results/h100-2026-11-22, `gpuprim bench histogram`; vendor timed in the same run):
//   n=1073741824 u8 256 bins: 703 GB/s, 23.4% of D2D copy, 0.324x cub::DeviceHistogram::HistogramEven
//   n=268435456 u8 all-equal 256 bins: 690 GB/s, 23.0% of D2D copy, 0.262x cub::DeviceHistogram::HistogramEven
//   n=268435456 f32 256 bins: 2050 GB/s, 68.2% of D2D copy, 0.686x cub::DeviceHistogram::HistogramEven
#include "hist_common.cuh"

template <typename T>
__global__ void __launch_bounds__(256) hist_shared(const T *__restrict__ samples, int64_t n, void *bins, int wide,
                                                   gp_hist_params p)
{
    extern __shared__ uint32_t sh[];
    const int64_t stride = (int64_t)gridDim.x * blockDim.x;
    gp_hist_smem_zero(sh, p.num_bins);
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        int b = gp_hist_bin(samples[i], p);
        if (b >= 0) atomicAdd(sh + b, 1u);
    }
    gp_hist_smem_merge(sh, p.num_bins, 0, bins, wide);
}

GP_ACCEPTS(hist_r02_accepts, gp_hist_call, dev, c) { return (size_t)c->p.num_bins * 4 <= dev->smem_per_block_optin; }

GP_LAUNCHER(hist_r02_launch, gp_hist_call, ctx, c)
{
    const gp_device_info *dev = ctx->dev;
    cudaStream_t s = ctx->stream;
    const int threads = 256;
    const size_t smem = (size_t)c->p.num_bins * 4;
#define LAUNCH(T)                                                                                         \
    do {                                                                                                  \
        const void *fn = (const void *)hist_shared<T>;                                                    \
        if (gp_hist_allow_smem(fn, smem)) return gp__hist_global(ctx, c);                           \
        unsigned blocks = gp_hist_grid(dev, fn, threads, smem, gp_ceil_div(c->n, threads));               \
        hist_shared<T><<<blocks, threads, smem, s>>>((const T *)c->samples, c->n, c->bins, c->wide, c->p);         \
    } while (0)
    GP_HIST_DISPATCH(c, LAUNCH)
#undef LAUNCH
    return gp__launch_status();
}

static gp_kernel_info hist_r02_kernel(void)
{
    gp_kernel_info k = {(const void *)hist_shared<uint8_t>, 256, 256 * 4};
    return k;
}

GP_RUNG(gp__histogram_r02, "shared",
        "a private shared-memory histogram per block, merged with one global atomic per bin", 70, GP_RUNG_AUTO,
        hist_r02_launch_entry, hist_r02_accepts_entry, hist_r02_kernel);
