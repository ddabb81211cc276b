// 09_cpasync.cu — sgemm rung 9: cp.async double buffering.
// Over rung 8: two shared-memory buffers; while the warps compute on k-step t, the tile of k-step t+1 is
// already on its way with cp.async (global -> shared without passing through registers, sm_80+). One
// __syncthreads per k-step instead of two, the load latency (~600 cycles from HBM/L2) hides behind the
// 512 FMAs per thread of a k-step, and no registers are spent staging the tiles. B (direct) moves as
// 16-byte copies with hardware zero-fill at the edges; A (as stored, k contiguous) is transposed on the
// way with 4-byte copies. Same 128x128x8 tile, warp layout and 8x8 per thread as rung 8.
// The kernel (sgemm_async.cuh) is templated on the transposes (4 instantiations).
// H100 80GB HBM3, one bench run (results/sgemm-h100-2026-11-22), TFLOP/s and x cuBLAS pedantic fp32 (same run):
//   4096^3 42.8 (0.829x), 8192^3 43.7 (0.846x), 1024^3 18.4 (0.538x), 32768x256x4096 43.2 (0.860x)
#include "sgemm_async.cuh"

GP_LAUNCHER(sgemm_r09_launch, gp_sgemm_args, ctx, p)
{
    cudaStream_t s = ctx->stream;
    return gp_sg_async_launch<128, 128, 8, 4, 2, 2, 2, 2, 2>(s, p, 1);
}

static gp_kernel_info sgemm_r09_kernel(void)
{
    typedef gp_sg_async_cfg<128, 128, 8, 4, 2, 2, 2, 2> C;
    gp_kernel_info k = {(const void *)gp_sg_async_kernel<128, 128, 8, 4, 2, 2, 2, 2, 2, false, true, false>, C::NT, C::SMEM};
    return k;
}

GP_RUNG(gp__sgemm_r09, "cpasync", "cp.async double-buffered shared memory", 80, GP_RUNG_AUTO,
        sgemm_r09_launch_entry, NULL, sgemm_r09_kernel);
