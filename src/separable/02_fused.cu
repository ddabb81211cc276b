// 02_fused.cu — separable rung 2: both passes in one kernel, the intermediate rows in shared memory.
// Over rung 1: no tmp buffer in global memory and no workspace. A block of 8 warps computes a 128 x 32
// output tile:
//   - it loads the input tile it needs, 32 + fr - 1 rows of 128 + 2 HA words (HA = fc/2 rounded up to 4),
//     with 16-byte loads where the image rows are 16-byte aligned (else 4-byte loads), zeros outside the
//     image, as conv2d rung 04;
//   - row pass: warp w filters shared rows w, w+8, ...: each lane reads its window with aligned LDS.128
//     and writes 4 row-filtered values (rounded to f32, as rung 1's tmp) with one STS.128 into a second
//     shared buffer of (32 + fr - 1) x 128;
//   - column pass: each thread computes 4 rows x 4 columns, walking down the 4 + fr - 1 rows of the
//     buffer its outputs need (one LDS.128 per row, fed to up to 4 output rows);
//   - 16-byte stores where aligned.
// Both filters (up to 31 taps each) come from a constant-memory slot (conv_const.cuh's ring): taps are
// uniform operands (ULDC + FFMA ... UR). The row filter width is a template parameter (16 kernels).
// The same FMA order as rung 1 (taps in ascending order, row pass rounded to f32, then the column pass).
// FMAs per output: fc * (32 + fr - 1) / 32 + fr (15 + 15 taps: 36.6); bytes that must move: 8 per output
// pixel, the input tile (1.5x for 15 taps) read from L2. Predicted: DRAM-bound, ~0.9 of the copy rate.
// Filters longer than 31 taps, and the 1-D case (no column filter: gp_conv1d_f32), run rung 1.
// measured (H100, results/h100-2026-11-23d/bench.txt): 8192^2 15+15 taps 1857 GB/s (0.63 of copy), 3.4x the two passes
// Session 11 (results/h100-2026-11-23h/call5/bench-separable.txt): 1951 GB/s (0.661 of copy) with the tile loads
// of wholly interior tiles free of bounds checks (gp_conv_load_tile, shared with conv2d 04 and jacobi 03).
#include "separable_internal.h"
#include "../conv2d/conv_common.cuh"
#include "../conv2d/conv_const.cuh"

static __constant__ float s02_taps[GP_CONV_SLOTS * GP_CONV_SLOT_FLOATS];
static gp_conv_ring s02_ring;

#define S02_RY 4
#define S02_TH (8 * S02_RY) /* output rows per tile */
#define S02_TW 128          /* output columns per tile: 32 lanes x 4 */
#define S02_MAX_TAPS 31

template <int FC> struct s02_geom {
    static constexpr int H = FC / 2;
    static constexpr int HA = (H + 3) & ~3;
    static constexpr int PHI = HA - H;
    static constexpr int NV = (PHI + 4 + FC - 1 + 3) / 4;
    static constexpr int QW = (S02_TW + 2 * HA) / 4; /* float4 per input-tile row */
    static constexpr int MW = S02_TW / 4;            /* float4 per row-pass row */
    static_assert(4 * NV <= 4 + 2 * HA, "a lane's window stays inside the shared row");
};

template <int FC>
__global__ void __launch_bounds__(256) separable_fused(int64_t rows, int64_t cols, const float *__restrict__ in,
                                                       int64_t ld_in, int slot, int fr, int dr, int dc,
                                                       int64_t out_rows, int64_t out_cols, float *__restrict__ out,
                                                       int64_t ld_out, int64_t tiles_x, bool vec_in)
{
    typedef s02_geom<FC> G;
    constexpr int QW = G::QW, MW = G::MW;
    extern __shared__ float4 s4[];
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const int64_t tile = blockIdx.x, X0 = tile % tiles_x * S02_TW, Y0 = tile / tiles_x * S02_TH;
    const int hr = fr >> 1, sh = S02_TH + fr - 1;
    const int64_t gr0 = Y0 - hr, gc0 = X0 - G::HA;
    float4 *m4 = s4 + sh * QW; /* the row-pass buffer: sh rows of MW float4 */

    gp_conv_load_tile<QW, 6>(s4, sh, in, ld_in, rows, cols, gr0, gc0, vec_in);
    __syncthreads();

    const float *rf = s02_taps + slot * GP_CONV_SLOT_FLOATS, *cf = rf + GP_CONV_SLOT_COL;
    /* row pass: buffer row t, columns 4 lane .. 4 lane + 3 */
    for (int t = warp; t < sh; t += 8) {
        float w[4 * G::NV];
#pragma unroll
        for (int v = 0; v < G::NV; v++) {
            const float4 a = s4[t * QW + lane + v];
            w[4 * v + 0] = a.x;
            w[4 * v + 1] = a.y;
            w[4 * v + 2] = a.z;
            w[4 * v + 3] = a.w;
        }
        float acc[4] = {0.f, 0.f, 0.f, 0.f};
#pragma unroll
        for (int j = 0; j < FC; j++) {
            const float tap = rf[j];
#pragma unroll
            for (int x = 0; x < 4; x++) acc[x] = fmaf(tap, w[G::PHI + x + j], acc[x]);
        }
        m4[t * MW + lane] = make_float4(acc[0], acc[1], acc[2], acc[3]);
    }
    __syncthreads();

    /* column pass: rows 4 warp .. 4 warp + 3 of the tile, columns 4 lane .. 4 lane + 3 */
    float acc[S02_RY][4];
#pragma unroll
    for (int y = 0; y < S02_RY; y++)
#pragma unroll
        for (int x = 0; x < 4; x++) acc[y][x] = 0.f;
    for (int k = 0; k < S02_RY + fr - 1; k++) {
        const float4 a = m4[(warp * S02_RY + k) * MW + lane];
        const float v[4] = {a.x, a.y, a.z, a.w};
#pragma unroll
        for (int y = 0; y < S02_RY; y++) {
            const int i = k - y;
            if (i >= 0 && i < fr) {
                const float tap = cf[i];
#pragma unroll
                for (int x = 0; x < 4; x++) acc[y][x] = fmaf(tap, v[x], acc[y][x]);
            }
        }
    }
#pragma unroll
    for (int y = 0; y < S02_RY; y++) {
        const int64_t r = Y0 + warp * S02_RY + y - dr;
        if (r >= 0 && r < out_rows)
            gp_conv_st4_row(out + r * ld_out, X0 + 4 * lane - dc, out_cols,
                            make_float4(acc[y][0], acc[y][1], acc[y][2], acc[y][3]));
    }
}

template <int FC> static size_t s02_smem(int fr)
{
    return (size_t)(S02_TH + fr - 1) * (s02_geom<FC>::QW + s02_geom<FC>::MW) * 16;
}

template <int FC>
static gp_status s02_launch(const gp_separable_args *p, int device, cudaStream_t s, int slot)
{
    static int allowed[GP_MAX_DEVICES];
    const int64_t tiles_x = gp_ceil_div(p->out_cols + p->dc, S02_TW), tiles_y = gp_ceil_div(p->out_rows + p->dr, S02_TH);
    const unsigned grid = gp_conv_grid(tiles_x, tiles_y);
    const bool vec_in = gp_aligned(p->in, 16) && p->ld_in % 4 == 0;
    if (!grid) return GP_ERROR_NOT_SUPPORTED;
    if (gp_conv_allow_smem((const void *)separable_fused<FC>, device, allowed, s02_smem<FC>(S02_MAX_TAPS)))
        return GP_ERROR_LAUNCH_FAILED;
    separable_fused<FC><<<grid, 256, s02_smem<FC>(p->fr), s>>>(p->rows, p->cols, p->in, p->ld_in, slot, p->fr, p->dr,
                                                               p->dc, p->out_rows, p->out_cols, p->out, p->ld_out,
                                                               tiles_x, vec_in);
    return gp__launch_status();
}

static gp_status s02_by_width(const gp_separable_args *p, int device, cudaStream_t s, int slot)
{
#define S02_CASE(FC) return s02_launch<FC>(p, device, s, slot)
    GP_CONV_BY_WIDTH(p->fc, S02_CASE)
#undef S02_CASE
}

GP_LAUNCHER(separable_r02_launch, gp_separable_args, ctx, p)
{
    const int device = ctx->dev->device;
    cudaStream_t s = ctx->stream;
    gp_status st;
    int slot;
    GP_TRY(gp_conv_ring_acquire(&s02_ring, device, s, &slot));
    st = gp_conv_copy_taps((const void *)s02_taps, slot, 0, p->row_filter, (size_t)p->fc, s);
    if (st == GP_SUCCESS) st = gp_conv_copy_taps((const void *)s02_taps, slot, GP_CONV_SLOT_COL, p->col_filter, (size_t)p->fr, s);
    if (st == GP_SUCCESS) st = s02_by_width(p, device, s, slot);
    {
        gp_status rs = gp_conv_ring_release(&s02_ring, device, slot, s);
        return st != GP_SUCCESS ? st : rs;
    }
}

/* both filters up to 31 taps, and a column filter (the 1-D case runs rung 1) */
GP_ACCEPTS(separable_r02_accepts, gp_separable_args, dev, p)
{
    (void)dev;
    return p->col_filter != NULL && p->fr <= S02_MAX_TAPS && p->fc <= S02_MAX_TAPS;
}

static gp_kernel_info separable_r02_kernel(void)
{
    gp_kernel_info k = {(const void *)separable_fused<15>, 256, s02_smem<15>(15)};
    return k;
}

GP_RUNG(gp__separable_r02, "fused", "tile + halo in shared memory, row pass into shared, column pass from it", 70,
        GP_RUNG_AUTO, separable_r02_launch_entry, separable_r02_accepts_entry, separable_r02_kernel);
