// 10_tuned.cu — sgemm rung 10: tuned, a tile configuration chosen per shape.
// Over rung 9: (1) deeper k-steps (BK = 32, 2 stages; or BK = 16, 3 stages): half the barriers, waits and
// loop overhead per FMA; (2) grouped block rasterisation (8 tile rows per group), so blocks that run
// together share rows of A and columns of B in the 50 MB L2 (A and B are 256 MB each at 8192^3);
// (3) one of four configurations per shape:
//   0  128x256, BK 32, 2 stages, 256 threads, 8x16 per thread (~236 registers, 1 block/SM): per k-step
//      128 FMAs per 6 LDS.128 and the A tile (the costly one: 4-byte copies) shared by 256 columns
//   1  128x128, BK 32, 2 stages, 256 threads, 8x8 per thread (2 blocks/SM)
//   2  128x64,  BK 16, 3 stages, 128 threads, 8x8 per thread: twice the blocks of 128x128
//   3  64x64,   BK 32, 3 stages, 256 threads, 4x4 per thread: four times the blocks, for small m*n
// How the configurations and the rule were chosen: `gpuprim bench sgemm -v` times every configuration at
// each bench shape (results/sgemm-h100-2026-11-22/). Of 8 candidates (also 128x128 BK 8 and 16, 64x64
// BK 16, 128x256 BK 16 with 3 stages), 128x256x32 was fastest at 4096^3, 8192^3 and 32768x256x4096 and
// 128x64x16 at 1024^3 (128 blocks, less than one per SM, still beat 256 blocks of 64x64 with 4x4 per
// thread: per-thread work matters more than filling the SMs); the 4 kept cover the shape classes. Rule:
// 128x256 if that gives >= 1.5 waves of blocks (1 per SM), else 128x128 if >= 2 blocks per SM, else
// 128x64 if >= 0.9 blocks per SM, else 64x64. The thresholds between the measured shapes are judgement.
// H100 (NVIDIA H100 80GB HBM3, one bench run, cuBLAS pedantic fp32 in the same run; forced configuration):
//   cfg 0: 4096^3 46.1 TFLOP/s (0.891x), 8192^3 46.6 (0.903x), 32768x256x4096 46.0 (0.916x)
//   cfg 2: 1024^3 29.9 TFLOP/s (0.877x); cfg 1: 4096^3 45.6 (0.881x), 8192^3 46.1 (0.892x)
#include "sgemm_async.cuh"

static int force_cfg = -1;

extern "C" void gp__sgemm_r10_force(int cfg) { force_cfg = cfg; }

extern "C" const char *gp__sgemm_r10_config_name(int cfg)
{
    static const char *const names[GP_SGEMM_R10_CONFIGS] = {
        "128x256x32 s2 8x16", "128x128x32 s2 t256", "128x64x16 s3 t128", "64x64x32 s3 t256"};
    return cfg >= 0 && cfg < GP_SGEMM_R10_CONFIGS ? names[cfg] : "?";
}

extern "C" int gp__sgemm_r10_pick(const gp_device_info *dev, int64_t m, int64_t n, int64_t k)
{
    const int64_t sms = dev && dev->sm_count > 0 ? dev->sm_count : 132; /* NULL: H100 */
    const int64_t t128x256 = gp_ceil_div(m, 128) * gp_ceil_div(n, 256);
    const int64_t t128 = gp_ceil_div(m, 128) * gp_ceil_div(n, 128);
    const int64_t t128x64 = gp_ceil_div(m, 128) * gp_ceil_div(n, 64);
    (void)k;
    if (2 * t128x256 >= 3 * sms) return 0; /* 1 block per SM: at least 1.5 waves */
    if (t128 >= 2 * sms) return 1;         /* 2 blocks per SM: at least one full wave */
    if (10 * t128x64 >= 9 * sms) return 2; /* about one block per SM */
    return 3;
}

extern "C" gp_status gp__sgemm_r10_tuned(const gp_device_info *dev, cudaStream_t s, const gp_sgemm_args *p)
{
    const int cfg = force_cfg >= 0 ? force_cfg : gp__sgemm_r10_pick(dev, p->m, p->n, p->k);
    switch (cfg) {
    case 0: return gp_sg_async_launch<128, 256, 32, 4, 2, 2, 4, 2, 1>(s, p, 8);
    case 1: return gp_sg_async_launch<128, 128, 32, 4, 2, 2, 2, 2, 2>(s, p, 8);
    case 2: return gp_sg_async_launch<128, 64, 16, 4, 1, 2, 2, 3, 4>(s, p, 8);
    default: return gp_sg_async_launch<64, 64, 32, 4, 2, 1, 1, 3, 3>(s, p, 8);
    }
}

extern "C" gp_kernel_info gp__sgemm_r10_kernel(void)
{
    typedef gp_sg_async_cfg<128, 256, 32, 4, 2, 2, 4, 2> C;
    gp_kernel_info k = {(const void *)gp_sg_async_kernel<128, 256, 32, 4, 2, 2, 4, 2, 1, false, true>, C::NT, C::SMEM};
    return k;
}
