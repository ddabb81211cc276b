// 04_temporal.cu — jacobi rung 4: temporal blocking, several steps per pass over overlapped tiles.
// One step of rung 3 moves 8 bytes per cell for 4 flops: it cannot beat the memory bound. Rung 4 reads a
// tile once, does up to T steps on it in shared memory and writes it once, so a pass of T steps costs about
// one step's DRAM traffic:
//   - a block of 8 warps owns an output tile of TW = 128 - 2T columns x 64 rows and loads the tile plus a
//     ghost zone of T cells on every side, (64 + 2T) x 128 cells, into shared memory (16-byte loads where
//     the rows are 16-byte aligned; the tile's first column, 128-2T times x minus T, is a multiple of 4
//     because T is);
//   - each step computes every cell of the shared tile except its outermost ring from the previous step's
//     buffer into the other one (two buffers, one barrier per step): a wrong value on the ring moves one
//     cell inward per step, so after t <= T steps the inner TW x 64 cells are exact, and only those are
//     written back (16-byte stores). Global boundary cells keep their value at every step;
//   - inside a step, warp w walks down its own 8 + T/4 rows with the rows above and below in registers
//     (one LDS.128 and one STS.128 per lane and row, neighbours across lanes by SHFL): 16 bytes of shared
//     traffic per cell and step instead of the 20 of five scalar accesses.
// Redundant work: each step updates (64 + 2T) x 128 cells for TW x 64 outputs: 1.25x (T = 4), 1.43x (8),
// 1.65x (12), 1.91x (16); the tile read from L2 is the same factor of the output, DRAM ~1x (the ghost
// cells are other tiles' cells, read by them at about the same time). Shared memory 2 x (64 + 2T) x 512
// bytes (80 KB for T = 8: 2 blocks per SM).
// Passes: a call runs p = ceil(steps / T) passes, plus one more if p and steps differ in parity: every pass
// reads one buffer and writes the other (a pass cannot update its input in place: other tiles still read
// their ghost cells from it), so the result lands in u0 for an even number of steps only if the number of
// passes is even. The steps are spread evenly over the passes (16 steps, T = 8: 8 + 8; T = 12: 8 + 8;
// 15 steps, T = 8: 5 + 5 + 5).
// T is the rung's configuration: 4, 8 (the default), 12 or 16 (gp_set_config(h, GP_PRIM_JACOBI, 0..3)).
// Takes steps >= 2 (one step runs rung 3).
// Predicted (H100, 8192^2, 16 steps): a pass of 8 steps ~1.3x the time of one DRAM-bound step (compute in
// shared ~5500 clocks per tile vs ~4400 for its DRAM traffic), so 16 steps ~2.6 single steps: ~6x faster
// than 16 launches of rung 3.
// measured (H100, results/h100-2026-11-23d/bench.txt): 8192^2 16 steps 0.975 ms, effective 8814 GB/s: 3.30x 16 launches of rung 03
#include "jacobi_common.cuh"

#define J4_TH 64 /* output rows per tile */
#define J4_CONFIGS 4

static const int j4_steps_per_pass[J4_CONFIGS] = {4, 8, 12, 16};
static const char *const j4_config_names[J4_CONFIGS] = {"T=4", "T=8", "T=12", "T=16"};
#define J4_DEFAULT_CONFIG 1
#define J4_MAX_RPW (8 + 16 / 4) /* rows per warp for the largest T */

static size_t j4_smem(int T) { return (size_t)2 * (J4_TH + 2 * T) * 128 * sizeof(float); }

/* One pass: `steps` (1..T) steps from src into dst, tiles of (128 - 2T) x 64 outputs with a ghost zone of T. */
__global__ void __launch_bounds__(256) jacobi_temporal(int64_t rows, int64_t cols, const float *__restrict__ src,
                                                       float *__restrict__ dst, int64_t ld, int T, int steps,
                                                       int64_t tiles_x, bool vec)
{
    extern __shared__ float4 j4s[];
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const int sh = J4_TH + 2 * T, tw = 128 - 2 * T, rpw = sh / 8; /* shared rows; output columns; rows per warp */
    float4 *buf0 = j4s, *buf1 = j4s + sh * 32;                   /* 32 float4 per shared row */
    const int64_t tile = blockIdx.x, X0 = tile % tiles_x * tw, Y0 = tile / tiles_x * J4_TH;
    const int64_t gx = X0 - T + 4 * lane, gy0 = Y0 - T; /* global column of the lane's float4; row of shared row 0 */
    const int r_begin = warp * rpw;

    /* the warp's rows: every load in flight before the first store to shared memory */
    {
        float4 v[J4_MAX_RPW];
#pragma unroll
        for (int k = 0; k < J4_MAX_RPW; k++) {
            const int64_t gy = gy0 + r_begin + k;
            v[k] = make_float4(0.f, 0.f, 0.f, 0.f);
            if (k < rpw && gy >= 0 && gy < rows) v[k] = gp_conv_ld4(src + gy * ld, gx, cols, vec);
        }
#pragma unroll
        for (int k = 0; k < J4_MAX_RPW; k++)
            if (k < rpw) buf0[(r_begin + k) * 32 + lane] = v[k];
    }
    /* cells updated in a step: inside the grid's interior and not on the shared tile's outer ring */
    bool cin[4];
#pragma unroll
    for (int e = 0; e < 4; e++) cin[e] = gx + e >= 1 && gx + e <= cols - 2;
    if (lane == 0) cin[0] = false;
    if (lane == 31) cin[3] = false;
    __syncthreads();

    for (int s = 0; s < steps; s++) {
        const float4 *a = (s & 1) ? buf1 : buf0;
        float4 *b = (s & 1) ? buf0 : buf1;
        /* rows sr-1, sr, sr+1 in a ring of three registers whose roles rotate (unrolled by 3: renamed, never
         * copied) */
        float4 ra = r_begin > 0 ? a[(r_begin - 1) * 32 + lane] : make_float4(0.f, 0.f, 0.f, 0.f);
        float4 rb = a[r_begin * 32 + lane], rc;
        int sr = r_begin;
#define J4_ROW(UP, CUR, DN)                                                                                   \
    {                                                                                                         \
        if (sr >= r_begin + rpw) break;                                                                       \
        DN = sr + 1 < sh ? a[(sr + 1) * 32 + lane] : make_float4(0.f, 0.f, 0.f, 0.f);                          \
        const float left = __shfl_up_sync(0xffffffffu, CUR.w, 1), right = __shfl_down_sync(0xffffffffu, CUR.x, 1); \
        const int64_t gy = gy0 + sr;                                                                          \
        float4 o = CUR;                                                                                       \
        if (sr >= 1 && sr <= sh - 2 && gy >= 1 && gy <= rows - 2) {                                           \
            if (cin[0]) o.x = gp_jacobi_update(UP.x, DN.x, left, CUR.y);                                      \
            if (cin[1]) o.y = gp_jacobi_update(UP.y, DN.y, CUR.x, CUR.z);                                     \
            if (cin[2]) o.z = gp_jacobi_update(UP.z, DN.z, CUR.y, CUR.w);                                     \
            if (cin[3]) o.w = gp_jacobi_update(UP.w, DN.w, CUR.z, right);                                     \
        }                                                                                                     \
        b[sr * 32 + lane] = o;                                                                                \
        sr++;                                                                                                 \
    }
        for (;;) {
            J4_ROW(ra, rb, rc)
            J4_ROW(rb, rc, ra)
            J4_ROW(rc, ra, rb)
        }
#undef J4_ROW
        __syncthreads();
    }

    const float4 *res = (steps & 1) ? buf1 : buf0;
    if (4 * lane < T || 4 * lane >= T + tw) return; /* ghost columns */
    for (int k = 0; k < rpw; k++) {
        const int sr = r_begin + k;
        const int64_t gy = gy0 + sr;
        if (sr < T || sr >= T + J4_TH || gy >= rows) continue; /* ghost rows */
        gp_conv_st4_row(dst + gy * ld, gx, cols, res[sr * 32 + lane]);
    }
}

GP_LAUNCHER(jacobi_r04_launch, gp_jacobi_args, ctx, p)
{
    static int allowed[GP_MAX_DEVICES];
    const int cfg = ctx->config >= 0 && ctx->config < J4_CONFIGS ? ctx->config : J4_DEFAULT_CONFIG;
    const int T = j4_steps_per_pass[cfg];
    const int64_t tiles_x = gp_ceil_div(p->cols, 128 - 2 * T);
    const unsigned grid = gp_conv_grid(tiles_x, gp_ceil_div(p->rows, J4_TH));
    const bool vec = gp_aligned(p->u0, 16) && gp_aligned(p->u1, 16) && p->ld % 4 == 0;
    int passes = (p->steps + T - 1) / T, done = 0;
    ctx->ran_config = cfg;
    if (!grid) return GP_ERROR_NOT_SUPPORTED;
    if (gp_conv_allow_smem((const void *)jacobi_temporal, ctx->dev->device, allowed, j4_smem(j4_steps_per_pass[J4_CONFIGS - 1])))
        return GP_ERROR_LAUNCH_FAILED;
    if ((passes ^ p->steps) & 1) passes++; /* the result must land in u0 iff steps is even */
    for (int k = 0; k < passes; k++) {
        const int t = p->steps / passes + (k < p->steps % passes); /* steps spread evenly, each >= 1 */
        const float *src = (k & 1) ? p->u1 : p->u0;
        float *dst = (k & 1) ? p->u0 : p->u1;
        jacobi_temporal<<<grid, 256, j4_smem(T), ctx->stream>>>(p->rows, p->cols, src, dst, p->ld, T, t, tiles_x, vec);
        GP_TRY(gp__launch_status());
        done += t;
    }
    return done == p->steps ? GP_SUCCESS : GP_ERROR_INVALID_VALUE;
}

/* one step gains nothing from temporal blocking: rung 3 */
GP_ACCEPTS(jacobi_r04_accepts, gp_jacobi_args, dev, p)
{
    (void)dev;
    return p->steps >= 2;
}

static gp_kernel_info jacobi_r04_kernel(void)
{
    gp_kernel_info k = {(const void *)jacobi_temporal, 256, 0};
    k.dyn_smem = j4_smem(j4_steps_per_pass[J4_DEFAULT_CONFIG]);
    return k;
}

static const char *jacobi_r04_config_name(int cfg) { return cfg >= 0 && cfg < J4_CONFIGS ? j4_config_names[cfg] : NULL; }

GP_RUNG_CONFIGS(gp__jacobi_r04, "temporal", "T steps per pass over overlapped 64-row tiles in shared memory", 70,
                GP_RUNG_AUTO, jacobi_r04_launch_entry, jacobi_r04_accepts_entry, jacobi_r04_kernel, J4_CONFIGS,
                jacobi_r04_config_name);
