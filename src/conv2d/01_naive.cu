// 01_naive.cu — conv2d rung 1: one output per thread, window and filter read from global memory.
// The textbook kernel: thread (r, c) of a 16x16 block sums f[i][j] * in[r+dr-fr/2+i][c+dc-fc/2+j] over the
// whole window, reading every input value and every filter tap with its own load (fr * fc * 2 loads per
// output; the filter loads are warp-uniform, one L1 broadcast each). Neighbouring threads read overlapping
// windows, so L1 and L2 serve most of the fr * fc input loads and DRAM sees about one read per pixel; the
// limit is the load pipe (LSU / L1 bandwidth): ~2 * fr * fc load instructions per output where the FMA
// units could retire fr * fc FMAs with no loads at all. Border: values outside the image are 0 (multiplied,
// as in every rung). Any odd filter size (no shared or constant memory): the rung that runs filters larger
// than 31 x 31.
// Bytes that must move: 8 per output pixel (read + write); FLOPs 2 * fr * fc per output.
// measured (H100, results/h100-2026-11-23d/bench.txt): 8192^2 3x3 662 GB/s (0.22 of the D2D copy), 5x5 363 GB/s, 3072^2 15x15 3.5 TFLOP/s (0.90x cuDNN)
#include "conv2d_internal.h"
#include "conv_common.cuh"

__global__ void __launch_bounds__(256) conv2d_naive(int64_t rows, int64_t cols, const float *__restrict__ in,
                                                    int64_t ld_in, const float *__restrict__ filter, int fr, int fc,
                                                    int64_t off_r, int64_t off_c, int64_t out_rows, int64_t out_cols,
                                                    float *__restrict__ out, int64_t ld_out, int64_t tiles_x)
{
    const int64_t tile = blockIdx.x, tx = tile % tiles_x, ty = tile / tiles_x;
    const int64_t r = ty * 16 + threadIdx.y, c = tx * 16 + threadIdx.x;
    if (r >= out_rows || c >= out_cols) return;
    float acc = 0.f;
    for (int i = 0; i < fr; i++) {
        const int64_t gr = r + off_r + i;
        const bool row_in = gr >= 0 && gr < rows;
        const float *rowp = in + (row_in ? gr : 0) * ld_in;
        const float *frow = filter + (int64_t)i * fc;
        for (int j = 0; j < fc; j++) {
            const int64_t gc = c + off_c + j;
            const float x = (row_in && gc >= 0 && gc < cols) ? rowp[gc] : 0.f;
            acc = fmaf(frow[j], x, acc);
        }
    }
    out[r * ld_out + c] = acc;
}

GP_LAUNCHER(conv2d_r01_launch, gp_conv2d_args, ctx, p)
{
    const int64_t tiles_x = gp_ceil_div(p->out_cols, 16), tiles_y = gp_ceil_div(p->out_rows, 16);
    const unsigned grid = gp_conv_grid(tiles_x, tiles_y);
    if (!grid) return GP_ERROR_NOT_SUPPORTED;
    conv2d_naive<<<grid, dim3(16, 16), 0, ctx->stream>>>(p->rows, p->cols, p->in, p->ld_in, p->filter, p->fr, p->fc,
                                                         p->dr - p->fr / 2, p->dc - p->fc / 2, p->out_rows,
                                                         p->out_cols, p->out, p->ld_out, tiles_x);
    return gp__launch_status();
}

static gp_kernel_info conv2d_r01_kernel(void)
{
    gp_kernel_info k = {(const void *)conv2d_naive, 256, 0};
    return k;
}

GP_RUNG(gp__conv2d_r01, "naive", "one output per thread, window and filter loaded from global memory", 70,
        GP_RUNG_AUTO, conv2d_r01_launch_entry, NULL, conv2d_r01_kernel);
