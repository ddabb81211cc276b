// 02_smem_tile.cu — jacobi rung 2: one step per launch from a shared-memory tile with its halo.
// Over rung 1: a block of 32x8 threads loads the 34 x 34 cells around its 32 x 32 tile into shared memory
// once (coalesced 4-byte loads; 1.13 loads per cell instead of 4), then each thread computes 4 cells from
// shared memory (a warp reads 32 consecutive words of a row: no bank conflicts). The load instructions per
// cell fall ~3.5x; the price is a barrier per tile, and the halo (13% more reads, from L2).
// Bytes that must move per step: 8 per cell; predicted ~0.9 of the copy rate.
// measured (H100, results/h100-2026-11-23d/bench.txt): 8192^2 one step 2299 GB/s (0.78 of copy)
#include "jacobi_common.cuh"

#define J2_TILE 32

__global__ void __launch_bounds__(256) jacobi_smem_tile(int64_t rows, int64_t cols, const float *__restrict__ src,
                                                        float *__restrict__ dst, int64_t ld, int64_t tiles_x)
{
    __shared__ float t[J2_TILE + 2][J2_TILE + 2];
    const int64_t tile = blockIdx.x, r0 = tile / tiles_x * J2_TILE, c0 = tile % tiles_x * J2_TILE;
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int q = ty * 32 + tx; q < (J2_TILE + 2) * (J2_TILE + 2); q += 256) {
        const int sr = q / (J2_TILE + 2), sc = q % (J2_TILE + 2);
        const int64_t gr = r0 - 1 + sr, gc = c0 - 1 + sc;
        t[sr][sc] = (gr >= 0 && gr < rows && gc >= 0 && gc < cols) ? __ldg(src + gr * ld + gc) : 0.f;
    }
    __syncthreads();
    const int64_t c = c0 + tx;
#pragma unroll
    for (int m = 0; m < 4; m++) {
        const int lr = ty + 8 * m;
        const int64_t r = r0 + lr;
        if (r >= rows || c >= cols) continue;
        float v = t[lr + 1][tx + 1];
        if (r > 0 && r < rows - 1 && c > 0 && c < cols - 1)
            v = gp_jacobi_update(t[lr][tx + 1], t[lr + 2][tx + 1], t[lr + 1][tx], t[lr + 1][tx + 2]);
        dst[r * ld + c] = v;
    }
}

GP_LAUNCHER(jacobi_r02_launch, gp_jacobi_args, ctx, p)
{
    const int64_t tiles_x = gp_ceil_div(p->cols, J2_TILE);
    const unsigned grid = gp_conv_grid(tiles_x, gp_ceil_div(p->rows, J2_TILE));
    if (!grid) return GP_ERROR_NOT_SUPPORTED;
#define J2_STEP(src, dst) \
    jacobi_smem_tile<<<grid, dim3(32, 8), 0, ctx->stream>>>(p->rows, p->cols, src, dst, p->ld, tiles_x)
    GP_JACOBI_STEPS(p, J2_STEP);
#undef J2_STEP
    return GP_SUCCESS;
}

static gp_kernel_info jacobi_r02_kernel(void)
{
    gp_kernel_info k = {(const void *)jacobi_smem_tile, 256, 0};
    return k;
}

GP_RUNG(gp__jacobi_r02, "smem_tile", "one step per launch, 32x32 tile + halo in shared memory", 70, GP_RUNG_AUTO,
        jacobi_r02_launch_entry, NULL, jacobi_r02_kernel);
