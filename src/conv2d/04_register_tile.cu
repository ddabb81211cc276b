// 04_register_tile.cu — conv2d rung 4: several outputs per thread in registers, 16-byte loads.
// Over rung 3: each thread computes RY = 4 rows x RX consecutive columns of outputs (RX = 4 for filters up
// to 5 wide, 8 above), so one input value loaded from shared memory feeds up to RX * min(RY, fr) FMAs
// instead of one:
//   - the block (8 warps) computes a (32 * RX) x 32 output tile; warp w owns rows 4w .. 4w+3, lane l the
//     columns RX*l .. RX*l + RX - 1;
//   - the input tile (32 + fr - 1 rows of 32 * RX + 2 * HA words, HA = fc/2 rounded up to 4) is loaded
//     into shared memory with 16-byte loads (LDG.E.128, 6 per thread in flight for RX = 4: one round trip
//     for a 3x3 tile; 4 for RX = 8) where the image rows are
//     16-byte aligned (base and ld_in a multiple of 4), else with 4-byte loads; the tile's first column is
//     a multiple of 4 in both cases, zeros outside the image;
//   - the thread walks down the 4 + fr - 1 input rows its outputs need. For each row it reads the
//     RX + fc - 1 (+ alignment phase) words of its window with 16-byte LDS.128 from an aligned address
//     (lanes 16 or 32 bytes apart: conflict-free for RX = 4, 2 wavefronts per phase for RX = 8) into
//     registers, then adds the row's contribution to each of the 4 output rows it belongs to (filter row
//     i = k - y): FC * RX FMAs per (row, output row) with every operand in a register or, for the tap, a
//     uniform register loaded once per warp from the constant bank (ULDC c[0x3][UR + imm]);
//   - the filter width FC is a template parameter (16 kernels: fc = 1, 3, ..., 31), so the window and the
//     RX x RY accumulators are register arrays with compile-time indices; the filter height is a loop;
//   - outputs go out as 16-byte stores (STG.E.128) where the address is 16-byte aligned, else 4-byte ones.
// Tiles are laid out on the input grid (tile x starts at input column 32*RX*x), so the aligned loads hold
// for SAME and VALID alike; in VALID mode the output columns are shifted by fc/2 and the stores check
// their alignment per row.
// Shared loads per output: (4 + fr - 1) * NV / (4 * RX) LDS.128 (3x3: 0.56, 15x15: 0.56); FMAs per output
// fr * fc; taps: one ULDC per fc * RX FMAs. Bytes that must move: 8 per output pixel; the tile is
// (32 + fr - 1)(32 RX + 2 HA) / (32 * 32 RX) of the input (3x3: 1.13x, 15x15: 1.62x) read from L2.
// Predicted (H100): 3x3 and 5x5 on 8192^2 at the DRAM bound (~0.95 of the copy rate); 15x15 FMA-bound at
// ~70% of the f32 FMA peak (~45 TFLOP/s).
// measured (H100, results/h100-2026-11-23d/bench.txt): 8192^2 3x3 2854 GB/s (0.965 of copy), 5x5 2405 GB/s (0.81: short of the 0.9 goal), 3072^2 15x15 36.3 TFLOP/s (9.3x cuDNN's gemm algorithm)
// Session 11: three changes took 5x5 from 0.80 to 0.96 of the copy rate (the SASS showed ~75 issued instructions
// per output for 25 FMAs; ncu could not be run on it: cuDNN's search in the same bench outlasted the limit):
//   - 5x5 with RX = 4 instead of 8 (128-column tiles, conflict-free LDS.128): 0.801 -> 0.877 of the copy rate
//     (results/h100-2026-11-23h/call4/bench-conv2d-rx*.txt, a variant library with GP_C04_RX4_MAX=5);
//   - square filters up to 5 x 5 get the height as a template constant too (GP_C04_SQUARE_MAX): the k-loop
//     unrolls whole, every tap is read from the constant bank once per thread instead of once per (input row,
//     output row) pair, and the filter-row tests vanish (400 FFMA among the kernel's 1416 instructions);
//   - tiles wholly inside the image load without per-float4 bounds checks (gp_conv_load_tile's fast path):
//     46-48 registers for 3x3 and 5x5 instead of 59 / 54 (5 blocks per SM instead of 4).
// measured (H100, results/h100-2026-11-23h/call5/bench-conv2d.txt, all three): 8192^2 3x3 2848 GB/s (0.964 of
// copy), 5x5 2830 GB/s (0.959), 3072^2 15x15 37.9 TFLOP/s (9.68x cuDNN); separable 02, which shares the loader,
// 0.626 -> 0.661 of the copy rate (call5/bench-separable.txt).
// Tried (session 9, results/h100-2026-11-23f/knobs-summary.txt): each block asking L2 (cp.async.bulk.prefetch.L2)
// for the rows of the tile 264 or 528 tiles after its own, as scan 07 does: 5x5 0.81 -> 0.71 / 0.65 of the
// copy rate (the prefetches add DRAM traffic that the tile loads then wait behind); dropped.
// Tried (session 11, results/h100-2026-11-23h/call2/bench-conv2d.txt): persistent blocks with two tile buffers, the
// next tile's loads issued as cp.async before the current tile's compute (up to 114 KB in flight per SM instead
// of <= 64 KB; scripts/experiments/stencil/conv2d-04-pipelined.patch): 5x5 0.805 -> 0.720 of the copy rate, 3x3
// 0.962 -> 0.799, 15x15 36.2 -> 34.8 TFLOP/s; dropped. Bytes in flight are not what 5x5 lacks (jacobi 03 showed
// the same in that run).
#include "conv2d_internal.h"
#include "conv_common.cuh"
#include "conv_const.cuh"

static __constant__ float c04_filter[GP_CONV_SLOTS * GP_CONV_SLOT_FLOATS];
static gp_conv_ring c04_ring;

#define C04_RY 4                    /* output rows per thread */
#define C04_TH (8 * C04_RY)         /* output rows per tile: 8 warps */

#ifndef GP_C04_SQUARE_MAX
#define GP_C04_SQUARE_MAX 5 /* square filters up to this width get their height as a compile-time constant */
#endif
#ifndef GP_C04_RX4_MAX
#define GP_C04_RX4_MAX 5 /* the widest filter computed with 4 output columns per thread (8 above) */
#endif

template <int FC> struct c04_geom {
    static constexpr int RX = FC <= GP_C04_RX4_MAX ? 4 : 8; /* output columns per thread */
    static constexpr int H = FC / 2;
    static constexpr int HA = (H + 3) & ~3;        /* halo columns kept on each side, a multiple of 4 */
    static constexpr int PHI = HA - H;             /* where the thread's window starts in its aligned words */
    static constexpr int NV = (PHI + RX + FC - 1 + 3) / 4; /* float4 per window row */
    static constexpr int TW = 32 * RX;             /* output columns per tile */
    static constexpr int QW = (TW + 2 * HA) / 4;   /* float4 per shared row */
    static_assert(4 * NV <= RX + 2 * HA, "a lane's window stays inside the shared row");
};

/* FC = 31 asks for 2 blocks per SM (up to 128 registers): without it ptxas spilled 4 bytes on sm_80 at 80
 * registers; 0 (no minimum) leaves the other widths' allocation as it was. */
template <int FC, int FR>
__global__ void __launch_bounds__(256, FC >= 31 ? 2 : 0) conv2d_regtile(int64_t rows, int64_t cols, const float *__restrict__ in,
                                                      int64_t ld_in, int slot, int fr, int dr, int dc,
                                                      int64_t out_rows, int64_t out_cols, float *__restrict__ out,
                                                      int64_t ld_out, int64_t tiles_x, bool vec_in)
{
    typedef c04_geom<FC> G;
    constexpr int RX = G::RX, QW = G::QW;
    extern __shared__ float4 s4[];
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    /* the tile's outputs are centred on input rows Y0 .. Y0+31 and columns X0 .. X0+TW-1 */
    const int64_t tile = blockIdx.x, X0 = tile % tiles_x * G::TW, Y0 = tile / tiles_x * C04_TH;
    if (FR) fr = FR; /* square small filters: the height is a compile-time constant too (the launcher checks) */
    const int hr = fr >> 1, sh = C04_TH + fr - 1;
    const int64_t gr0 = Y0 - hr, gc0 = X0 - G::HA; /* input pixel of shared word 0 */

    /* shared row t, float4 q = input row gr0 + t, columns gc0 + 4q .. +3 */
    gp_conv_load_tile<QW, G::RX == 4 ? 6 : 4>(s4, sh, in, ld_in, rows, cols, gr0, gc0, vec_in);
    __syncthreads();

    const float *f = c04_filter + slot * GP_CONV_SLOT_FLOATS;
    constexpr int FS = FC; /* dense rows */
    float acc[C04_RY][RX];
#pragma unroll
    for (int y = 0; y < C04_RY; y++)
#pragma unroll
        for (int x = 0; x < RX; x++) acc[y][x] = 0.f;
    const float4 *srow = s4 + warp * C04_RY * QW + lane * (RX / 4);
    constexpr int K_UNROLL = FR ? C04_RY + FR - 1 : 1;
#pragma unroll K_UNROLL
    for (int k = 0; k < C04_RY + fr - 1; k++) {
        float w[4 * G::NV];
#pragma unroll
        for (int v = 0; v < G::NV; v++) {
            const float4 t = srow[k * QW + v];
            w[4 * v + 0] = t.x;
            w[4 * v + 1] = t.y;
            w[4 * v + 2] = t.z;
            w[4 * v + 3] = t.w;
        }
#pragma unroll
        for (int y = 0; y < C04_RY; y++) {
            const int i = k - y; /* this input row is filter row i of output row y */
            if (i >= 0 && i < fr) {
                const float *fi = f + i * FS;
#pragma unroll
                for (int j = 0; j < FC; j++) {
                    const float tap = fi[j];
#pragma unroll
                    for (int x = 0; x < RX; x++) acc[y][x] = fmaf(tap, w[G::PHI + x + j], acc[y][x]);
                }
            }
        }
    }

#pragma unroll
    for (int y = 0; y < C04_RY; y++) {
        const int64_t r = Y0 + warp * C04_RY + y - dr;
        if (r < 0 || r >= out_rows) continue;
        float *rowp = out + r * ld_out;
#pragma unroll
        for (int g = 0; g < RX / 4; g++)
            gp_conv_st4_row(rowp, X0 + lane * RX + 4 * g - dc, out_cols,
                            make_float4(acc[y][4 * g], acc[y][4 * g + 1], acc[y][4 * g + 2], acc[y][4 * g + 3]));
    }
}

/* Dynamic shared memory of the FC kernel for filter height fr. */
template <int FC> static size_t c04_smem(int fr) { return (size_t)(C04_TH + fr - 1) * c04_geom<FC>::QW * 16; }

/* The filter heights compiled as constants for square filters of width FC (0: none; the height is then a
 * run-time loop bound): the k-loop unrolls whole and each of the fr x fc taps is read from the constant bank once
 * per thread instead of once per (input row, output row) pair. */
template <int FC> struct c04_square { static constexpr int FR = FC <= GP_C04_SQUARE_MAX ? FC : 0; };

template <int FC>
static gp_status c04_launch(const gp_conv2d_args *p, int device, cudaStream_t s, int slot)
{
    typedef c04_geom<FC> G;
    static int allowed[GP_MAX_DEVICES], allowed_sq[GP_MAX_DEVICES];
    const int64_t tiles_x = gp_ceil_div(p->out_cols + p->dc, G::TW), tiles_y = gp_ceil_div(p->out_rows + p->dr, C04_TH);
    const unsigned grid = gp_conv_grid(tiles_x, tiles_y);
    const bool vec_in = gp_aligned(p->in, 16) && p->ld_in % 4 == 0;
    if (!grid) return GP_ERROR_NOT_SUPPORTED;
    /* square filters of a compiled height run their own instance, which only ever takes that height */
    const bool square = c04_square<FC>::FR && p->fr == c04_square<FC>::FR;
    void (*kernel)(int64_t, int64_t, const float *, int64_t, int, int, int, int, int64_t, int64_t, float *, int64_t,
                   int64_t, bool) = square ? conv2d_regtile<FC, c04_square<FC>::FR> : conv2d_regtile<FC, 0>;
    if (gp_conv_allow_smem((const void *)kernel, device, square ? allowed_sq : allowed,
                           c04_smem<FC>(square ? p->fr : GP_CONV_MAX_TAPS)))
        return GP_ERROR_LAUNCH_FAILED;
    kernel<<<grid, 256, c04_smem<FC>(p->fr), s>>>(p->rows, p->cols, p->in, p->ld_in, slot, p->fr, p->dr, p->dc,
                                                  p->out_rows, p->out_cols, p->out, p->ld_out, tiles_x, vec_in);
    return gp__launch_status();
}

static gp_status c04_by_width(const gp_conv2d_args *p, int device, cudaStream_t s, int slot)
{
#define C04_CASE(FC) return c04_launch<FC>(p, device, s, slot)
    GP_CONV_BY_WIDTH(p->fc, C04_CASE)
#undef C04_CASE
}

GP_LAUNCHER(conv2d_r04_launch, gp_conv2d_args, ctx, p)
{
    const int device = ctx->dev->device;
    cudaStream_t s = ctx->stream;
    gp_status st;
    int slot;
    GP_TRY(gp_conv_ring_acquire(&c04_ring, device, s, &slot));
    st = gp_conv_copy_taps((const void *)c04_filter, slot, 0, p->filter, (size_t)p->fr * p->fc, s);
    if (st == GP_SUCCESS) st = c04_by_width(p, device, s, slot);
    {
        gp_status rs = gp_conv_ring_release(&c04_ring, device, slot, s);
        return st != GP_SUCCESS ? st : rs;
    }
}

static gp_kernel_info conv2d_r04_kernel(void)
{
    gp_kernel_info k = {(const void *)conv2d_regtile<3, c04_square<3>::FR>, 256, c04_smem<3>(3)};
    return k;
}

GP_RUNG(gp__conv2d_r04, "register_tile",
        "4 x 4-8 outputs per thread in registers, 16-byte loads, filter width a template (1..31)", 70, GP_RUNG_AUTO,
        conv2d_r04_launch_entry, gp__conv2d_small_filter, conv2d_r04_kernel);
