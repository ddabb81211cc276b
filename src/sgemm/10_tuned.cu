// 10_tuned.cu — sgemm rung 10: tuned, several tile configurations chosen per shape.
// Over rung 9: (1) three shared-memory stages, so two k-steps of loads are in flight; (2) grouped block
// rasterisation (8 tile rows per group): blocks that run together share rows of A and columns of B in the
// 50 MB L2, which matters once A and B (256 MB each at 8192^3) do not fit; (3) a configuration per shape:
//   0  128x128, BK 8,  256 threads, 8x8 per thread  large shapes
//   1  128x128, BK 16, 256 threads, 8x8 per thread  large shapes, half the barriers per FMA
//   2  128x64,  BK 16, 128 threads, 8x8 per thread  mid-size: twice the blocks of 128x128
//   3  64x64,   BK 16, 256 threads, 4x4 per thread  small m*n (1024^2): 4x the blocks, more warps per SM
// The rule (gp__sgemm_r10_pick): take the largest tile that still gives every SM at least one full wave
// of resident blocks; the thresholds are to be set from the sweep of `gpuprim bench sgemm -v` (every
// configuration timed per bench shape).
// H100: not yet measured
#include "sgemm_async.cuh"

static int force_cfg = -1;

extern "C" void gp__sgemm_r10_force(int cfg) { force_cfg = cfg; }

extern "C" const char *gp__sgemm_r10_config_name(int cfg)
{
    static const char *const names[GP_SGEMM_R10_CONFIGS] = {
        "128x128x8 s3 t256", "128x128x16 s3 t256", "128x64x16 s3 t128", "64x64x16 s3 t256",
        "128x128x32 s2 t256", "128x256x16 s3 8x16", "128x256x32 s2 8x16", "64x64x32 s3 t256"};
    return cfg >= 0 && cfg < GP_SGEMM_R10_CONFIGS ? names[cfg] : "?";
}

extern "C" int gp__sgemm_r10_pick(const gp_device_info *dev, int64_t m, int64_t n, int64_t k)
{
    const int64_t sms = dev && dev->sm_count > 0 ? dev->sm_count : 132; /* NULL: H100 */
    const int64_t t128x256 = gp_ceil_div(m, 128) * gp_ceil_div(n, 256);
    const int64_t t128 = gp_ceil_div(m, 128) * gp_ceil_div(n, 128);
    const int64_t t128x64 = gp_ceil_div(m, 128) * gp_ceil_div(n, 64);
    (void)k;
    if (2 * t128x256 >= 3 * sms) return 5; /* 1 block of 256 threads per SM: at least 1.5 waves */
    if (t128 >= 2 * sms) return 1;         /* 2 blocks of 256 threads per SM: at least one full wave */
    if (t128x64 >= 4 * sms) return 2;      /* 4 blocks of 128 threads per SM */
    return 3;
}

extern "C" gp_status gp__sgemm_r10_tuned(const gp_device_info *dev, cudaStream_t s, const gp_sgemm_args *p)
{
    const int cfg = force_cfg >= 0 ? force_cfg : gp__sgemm_r10_pick(dev, p->m, p->n, p->k);
    switch (cfg) {
    case 0: return gp_sg_async_launch<128, 128, 8, 4, 2, 2, 2, 3, 2>(s, p, 8);
    case 1: return gp_sg_async_launch<128, 128, 16, 4, 2, 2, 2, 3, 2>(s, p, 8);
    case 2: return gp_sg_async_launch<128, 64, 16, 4, 1, 2, 2, 3, 4>(s, p, 8);
    case 3: return gp_sg_async_launch<64, 64, 16, 4, 2, 1, 1, 3, 3>(s, p, 8);
    case 4: return gp_sg_async_launch<128, 128, 32, 4, 2, 2, 2, 2, 2>(s, p, 8);
    case 5: return gp_sg_async_launch<128, 256, 16, 4, 2, 2, 4, 3, 1>(s, p, 8);
    case 6: return gp_sg_async_launch<128, 256, 32, 4, 2, 2, 4, 2, 1>(s, p, 8);
    default: return gp_sg_async_launch<64, 64, 32, 4, 2, 1, 1, 3, 3>(s, p, 8);
    }
}

extern "C" gp_kernel_info gp__sgemm_r10_kernel(void)
{
    typedef gp_sg_async_cfg<128, 128, 8, 4, 2, 2, 2, 3> C;
    gp_kernel_info k = {(const void *)gp_sg_async_kernel<128, 128, 8, 4, 2, 2, 2, 3, 2, false, true>, C::NT, C::SMEM};
    return k;
}
