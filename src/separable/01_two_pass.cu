// 01_two_pass.cu — separable rung 1: a row pass into a buffer, then a column pass from it.
// A separable fr x fc filter costs fr + fc FMAs per output instead of fr * fc: first every input row is
// filtered with the row filter (tmp[R][c] = sum_j rf[j] * in[R][c + dc - fc/2 + j]), then every column of
// tmp with the column filter (out[r][c] = sum_i cf[i] * tmp[r + dr - fr/2 + i][c], rows outside the image
// are 0). tmp lives in the handle's workspace: the image is done in strips of output rows whose tmp rows
// (strip + fr - 1 halo rows) fit in the workspace and in half the L2 cache, so that the column pass
// finds tmp in L2 (8192 columns: ~780 rows per strip on an H100); each strip is two launches. A workspace
// smaller than fr rows of tmp (fr * out_cols * 4 bytes) is GP_ERROR_WORKSPACE_TOO_SMALL.
//   row pass: a block of 256 threads filters 1024 consecutive outputs of one row, 4 consecutive per
//     thread; the input segment (+ halo) and up to 1024 taps at a time are staged in shared memory
//     (4-byte coalesced loads), each thread reads its window with aligned LDS.128 and keeps 8 words in
//     registers, so one LDS.128 and one (broadcast) tap load feed 4 FMAs. Any number of taps (chunks
//     of 1024). This is also gp_conv1d_f32 (col_filter == NULL: the row pass writes out directly).
//   column pass: a thread computes 8 consecutive outputs of one column, reading the 8 + fr - 1 tmp values
//     they need once each (a warp reads 128 contiguous bytes of a tmp row) and the taps from global memory
//     (warp-uniform loads); any number of taps.
// Bytes that must move: 8 per output pixel, plus 8 more through L2 for tmp (written, read back).
// Predicted: DRAM-bound at ~0.9 of the copy rate if tmp stays in L2, ~0.5 if it does not.
// measured (H100, results/h100-2026-11-23d/bench.txt): 8192^2 15+15 taps 542 GB/s (0.18 of copy; cuDNN with the dense 15x15 filter 70 GB/s)
#include "separable_internal.h"
#include "../conv2d/conv_common.cuh"

#define S01_SEG 1024  /* outputs per row-pass block */
#define S01_TAPS 1024 /* taps staged per chunk */
#define S01_RY 8      /* outputs per thread in the column pass */

/* dst[t][c] (t < nrows, c < out_cols) = sum_j taps[j] * in[row0 + t][c + off_c + j], 0 outside the image. */
__global__ void __launch_bounds__(256) sep_row_pass(int64_t nrows, int64_t row0, int64_t rows, int64_t cols,
                                                    const float *__restrict__ in, int64_t ld_in,
                                                    const float *__restrict__ taps, int fc, int64_t off_c,
                                                    int64_t out_cols, float *__restrict__ dst, int64_t ld_dst,
                                                    int64_t segs)
{
    __shared__ float4 win4[(S01_SEG + S01_TAPS + 8) / 4];
    __shared__ float tap[S01_TAPS];
    float *win = reinterpret_cast<float *>(win4);
    const int tid = threadIdx.x;
    const int64_t t = blockIdx.x / segs, c0 = blockIdx.x % segs * S01_SEG, gr = row0 + t;
    const bool row_in = gr >= 0 && gr < rows;
    const float *rowp = in + (row_in ? gr : 0) * ld_in;
    float acc[4] = {0.f, 0.f, 0.f, 0.f};
    for (int j0 = 0; j0 < fc; j0 += S01_TAPS) {
        const int nj = min(S01_TAPS, fc - j0);
        if (j0) __syncthreads();
        for (int u = tid; u < S01_SEG + nj - 1; u += 256) {
            const int64_t gc = c0 + off_c + j0 + u;
            win[u] = (row_in && gc >= 0 && gc < cols) ? __ldg(rowp + gc) : 0.f;
        }
        for (int u = tid; u < nj; u += 256) tap[u] = __ldg(taps + j0 + u);
        __syncthreads();
        /* outputs 4 tid + x use words 4 tid + x + j: aligned float4 a (words 4(tid+m)..) and b (the next 4) */
        float4 a = win4[tid];
        for (int m = 0; 4 * m < nj; m++) {
            const float4 b = win4[tid + m + 1];
            const float w[8] = {a.x, a.y, a.z, a.w, b.x, b.y, b.z, b.w};
#pragma unroll
            for (int jj = 0; jj < 4; jj++) {
                if (4 * m + jj < nj) {
                    const float f = tap[4 * m + jj];
#pragma unroll
                    for (int x = 0; x < 4; x++) acc[x] = fmaf(f, w[jj + x], acc[x]);
                }
            }
            a = b;
        }
    }
    gp_conv_st4_row(dst + t * ld_dst, c0 + 4 * tid, out_cols, make_float4(acc[0], acc[1], acc[2], acc[3]));
}

/* out[r][c] (r in [r_begin, r_end)) = sum_i taps[i] * tmp row (r + off_r + i - tmp_row0). tmp holds image rows
 * tmp_row0 .. tmp_row0 + tmp_rows - 1 (leading dimension ld_tmp): every image row the strip's outputs need;
 * other rows (outside the image, or needed only by threads past r_end) read as 0. */
__global__ void __launch_bounds__(256) sep_col_pass(const float *__restrict__ tmp, int64_t ld_tmp, int64_t tmp_row0,
                                                    int64_t tmp_rows, const float *__restrict__ taps, int fr,
                                                    int64_t off_r, int64_t r_begin, int64_t r_end, int64_t out_cols,
                                                    float *__restrict__ out, int64_t ld_out, int64_t col_blocks)
{
    const int64_t c = blockIdx.x % col_blocks * 256 + threadIdx.x;
    const int64_t r0 = r_begin + blockIdx.x / col_blocks * S01_RY;
    if (c >= out_cols) return;
    float acc[S01_RY];
#pragma unroll
    for (int y = 0; y < S01_RY; y++) acc[y] = 0.f;
    for (int k = 0; k < S01_RY + fr - 1; k++) {
        const int64_t t = r0 + off_r + k - tmp_row0; /* tmp row */
        const float v = (t >= 0 && t < tmp_rows) ? __ldg(tmp + t * ld_tmp + c) : 0.f;
#pragma unroll
        for (int y = 0; y < S01_RY; y++) {
            const int i = k - y;
            if (i >= 0 && i < fr && r0 + y < r_end) acc[y] = fmaf(__ldg(taps + i), v, acc[y]);
        }
    }
#pragma unroll
    for (int y = 0; y < S01_RY; y++)
        if (r0 + y < r_end) out[(r0 + y) * ld_out + c] = acc[y];
}

static gp_status s01_rows(const gp_separable_args *p, cudaStream_t s, int64_t row0, int64_t nrows, float *dst,
                          int64_t ld_dst)
{
    const int64_t segs = gp_ceil_div(p->out_cols, S01_SEG);
    const unsigned grid = gp_conv_grid(segs, nrows);
    if (!grid) return GP_ERROR_NOT_SUPPORTED;
    sep_row_pass<<<grid, 256, 0, s>>>(nrows, row0, p->rows, p->cols, p->in, p->ld_in, p->row_filter, p->fc,
                                      p->dc - p->fc / 2, p->out_cols, dst, ld_dst, segs);
    return gp__launch_status();
}

GP_LAUNCHER(separable_r01_launch, gp_separable_args, ctx, p)
{
    cudaStream_t s = ctx->stream;
    const int64_t oc = p->out_cols, off_r = p->dr - p->fr / 2, row_bytes = oc * (int64_t)sizeof(float);
    const int64_t col_blocks = gp_ceil_div(oc, 256);
    int64_t cap, lim, strip;
    if (!p->col_filter) /* 1-D: the row pass alone, into out */
        return s01_rows(p, s, 0, p->rows, p->out, p->ld_out);
    cap = (int64_t)(ctx->workspace_bytes / (size_t)row_bytes); /* tmp rows that fit in the workspace */
    if (!ctx->workspace || cap < p->fr) return GP_ERROR_WORKSPACE_TOO_SMALL;
    lim = (int64_t)(ctx->dev->l2_bytes / 2) / row_bytes; /* and in half the L2, unless that is too few */
    if (lim >= p->fr + 63 && lim < cap) cap = lim;
    strip = cap - (p->fr - 1); /* output rows per strip */
    for (int64_t r = 0; r < p->out_rows; r += strip) {
        const int64_t r_end = r + strip < p->out_rows ? r + strip : p->out_rows;
        /* image rows the strip reads, clipped to the image */
        int64_t a = r + off_r, b = r_end - 1 + off_r + p->fr - 1;
        if (a < 0) a = 0;
        if (b > p->rows - 1) b = p->rows - 1;
        GP_TRY(s01_rows(p, s, a, b - a + 1, (float *)ctx->workspace, oc)); /* a <= b: a window meets the image */
        {
            const unsigned grid = gp_conv_grid(col_blocks, gp_ceil_div(r_end - r, S01_RY));
            if (!grid) return GP_ERROR_NOT_SUPPORTED;
            sep_col_pass<<<grid, 256, 0, s>>>((const float *)ctx->workspace, oc, a, b - a + 1, p->col_filter, p->fr,
                                              off_r, r, r_end, oc, p->out, p->ld_out, col_blocks);
            GP_TRY(gp__launch_status());
        }
    }
    return GP_SUCCESS;
}

static gp_kernel_info separable_r01_kernel(void)
{
    gp_kernel_info k = {(const void *)sep_row_pass, 256, 0};
    return k;
}

GP_RUNG(gp__separable_r01, "two_pass", "row pass into a workspace buffer (strips kept in L2), then a column pass",
        70, GP_RUNG_AUTO, separable_r01_launch_entry, NULL, separable_r01_kernel);
