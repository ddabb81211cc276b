// 01_naive.cu — jacobi rung 1: one step per launch, one cell per thread, neighbours read from global memory.
// The textbook kernel: thread (r, c) of a 32x8 block reads its four neighbours from global memory and writes
// 0.25f * (((up + down) + left) + right); boundary cells copy their value. `steps` launches, alternating the
// buffers. Four 4-byte loads per cell, but the neighbours of a warp's row are the rows above and below it
// and the same row shifted by one: L1 and L2 serve most of them, so DRAM sees about one read and one write
// per cell per step. Bytes that must move per step: 8 per cell; predicted ~0.85-0.9 of the copy rate
// (4-byte accesses, 4 load instructions per cell through the LSU).
// measured (H100, results/h100-2026-11-23d/bench.txt): 8192^2 one step 1836 GB/s (0.62 of copy)
#include "jacobi_common.cuh"

__global__ void __launch_bounds__(256) jacobi_naive(int64_t rows, int64_t cols, const float *__restrict__ src,
                                                    float *__restrict__ dst, int64_t ld, int64_t tiles_x)
{
    const int64_t tile = blockIdx.x, r = tile / tiles_x * 8 + threadIdx.y, c = tile % tiles_x * 32 + threadIdx.x;
    if (r >= rows || c >= cols) return;
    const float *p = src + r * ld + c;
    float v;
    if (r == 0 || r == rows - 1 || c == 0 || c == cols - 1) v = *p;
    else v = gp_jacobi_update(p[-ld], p[ld], p[-1], p[1]);
    dst[r * ld + c] = v;
}

GP_LAUNCHER(jacobi_r01_launch, gp_jacobi_args, ctx, p)
{
    const int64_t tiles_x = gp_ceil_div(p->cols, 32);
    const unsigned grid = gp_conv_grid(tiles_x, gp_ceil_div(p->rows, 8));
    if (!grid) return GP_ERROR_NOT_SUPPORTED;
#define J1_STEP(src, dst) jacobi_naive<<<grid, dim3(32, 8), 0, ctx->stream>>>(p->rows, p->cols, src, dst, p->ld, tiles_x)
    GP_JACOBI_STEPS(p, J1_STEP);
#undef J1_STEP
    return GP_SUCCESS;
}

static gp_kernel_info jacobi_r01_kernel(void)
{
    gp_kernel_info k = {(const void *)jacobi_naive, 256, 0};
    return k;
}

GP_RUNG(gp__jacobi_r01, "naive", "one step per launch, one cell per thread, neighbours from global memory", 70,
        GP_RUNG_AUTO, jacobi_r01_launch_entry, NULL, jacobi_r01_kernel);
