// 03_register_tile.cu — jacobi rung 3: one step per launch, at the copy rate. Two configurations.
// Configuration 0 "register tile" (the default): rung 2's shared tile with its halo, made 4x larger and read
// 4 cells at a time, as conv2d rung 04 does for 3x3 filters. A block of 8 warps owns 32 rows x 128 columns; it
// loads the 34 x 136 cells around them with 16-byte loads, six per thread in flight at once (one round trip;
// gp_conv_load_tile, no bounds checks for tiles wholly inside the grid), then each thread computes a 4 x 4 block
// of cells from six LDS.128 (its column of the six rows it touches; left and right neighbours from the lanes
// next door by SHFL) and writes four 16-byte stores. 46 registers on sm_90a and 18.5 KB of shared memory:
// 5 blocks per SM.
// measured (H100, results/h100-2026-11-23h/call4/bench-jacobi.txt): 8192^2 one step 2917 GB/s, 0.986x the copy
// rate (configuration 1 in the same run 0.899x); 16 launches 2.923 ms, rung 04 (T = 8) 0.975 ms: 3.00x. As the
// default with the loader's bounds-check-free path (call5/bench-jacobi.txt): 2906 GB/s, 0.983x; 16 steps 3.01x.
// Configuration 1 "streaming" (the 2.5D rung of the issue; the default until session 11). Over rung 2: no
// shared memory and no barrier. A warp owns 128 columns (4 per lane, one float4) of a strip
// of rows and walks down it: the rows above, at and below the current one sit in registers (prev, cur,
// next), so each cell is loaded once (one 16-byte LDG.E.128 per lane per row, where the rows are 16-byte
// aligned; 4-byte loads otherwise) and used three times. Horizontal neighbours come from the lanes next
// door (two SHFLs per row); only the two columns just outside the warp's 128 are extra scalar loads (lanes
// 0 and 31). Rows y+1 .. y+3 are loaded while row y is computed: five row registers whose roles rotate,
// the loop unrolled by five so that nothing is copied (a copy of a register with a load in flight would
// wait for it; the first version did that, and its prefetch was one row deep). So every warp keeps up to
// 1.5 KB of reads in flight. Strips are sized so that the grid's warps fill every SM once (occupancy asked
// once per device: 76 registers, 3 blocks = 24 warps per SM on sm_90a): 8192^2 gives 64 x 49 strips of
// 168 rows; the strip's two halo rows and the halo columns (~3% more reads) hit L2.
// Bytes that must move per step: 8 per cell (read + write); predicted ~0.95-1.0 of the copy rate.
// measured (H100, results/h100-2026-11-23d/bench.txt): 8192^2 one step 2668 GB/s (0.90 of copy: short of the 0.95 goal)
// Tried (session 9, results/h100-2026-11-23f/knobs-summary.txt): lane 0 asking L2 for its 512-byte row segment
// 8 or 24 rows ahead of the ring's loads: 0.90 -> 0.70 / 0.64 of the copy rate; dropped.
// Tried (session 11; ncu, results/h100-2026-11-23h/call1/ncu-stencil.txt: 24 warps per SM, 0.45 eligible warps per
// scheduler, DRAM 2.68 TB/s = 80% of peak where map reaches 3.01): neither more bytes in flight nor fewer strips in
// flight helped. Held to 64 registers (4 blocks = 32 warps per SM) 0.870x the copy rate; rows through a
// shared-memory ring of 8 rows per warp filled by cp.async (5 rows in flight beyond the next, 40 registers, 48
// warps per SM) 0.833x, this kernel 0.900x in the same run (call2/bench-jacobi.txt); strips of 32 or 64 rows in
// several waves, the resident warps covering a band of neighbouring rows: 0.861x / 0.850x against 0.901x
// (call3/bench-jacobi.txt). All dropped.
#include "jacobi_common.cuh"

#define J3_SEG 128 /* columns per warp */

/* Row y of the warp's columns x0 .. x0+3 (per lane), plus, for lane 0, the column just left of the segment
 * and, for lane 31, the one just right of it. Zeros outside the grid. */
struct j3_row {
    float4 v;
    float halo;
};

__device__ __forceinline__ j3_row j3_load(const float *__restrict__ src, int64_t rows, int64_t cols, int64_t ld,
                                          int64_t y, int64_t x0, int lane, bool vec)
{
    j3_row r;
    r.v = make_float4(0.f, 0.f, 0.f, 0.f);
    r.halo = 0.f;
    if (y >= 0 && y < rows) {
        const float *rowp = src + y * ld;
        const int64_t hx = lane == 0 ? x0 - 1 : x0 + 4;
        r.v = gp_conv_ld4(rowp, x0, cols, vec);
        if ((lane == 0 || lane == 31) && hx >= 0 && hx < cols) r.halo = __ldg(rowp + hx);
    }
    return r;
}

__global__ void __launch_bounds__(256) jacobi_stream(int64_t rows, int64_t cols, const float *__restrict__ src,
                                                     float *__restrict__ dst, int64_t ld, int64_t strip_h,
                                                     int64_t segs_x, int64_t strips, bool vec)
{
    const int lane = threadIdx.x & 31;
    const int64_t gw = (int64_t)blockIdx.x * 8 + (threadIdx.x >> 5), seg = gw % segs_x, strip = gw / segs_x;
    if (strip >= strips) return; /* whole warps only */
    const int64_t x0 = seg * J3_SEG + 4 * lane, y0 = strip * strip_h;
    const int64_t y1 = y0 + strip_h < rows ? y0 + strip_h : rows;
    /* which of the lane's 4 columns are interior (fixed boundary columns and columns past the grid copy) */
    bool cin[4];
#pragma unroll
    for (int e = 0; e < 4; e++) cin[e] = x0 + e >= 1 && x0 + e <= cols - 2;
    /* A ring of five rows: at row y, P = row y-1, C = row y, N = row y+1, D = row y+2 are loaded and L receives
     * row y+3 (the last row needed is y1), in flight while row y is computed. The loop is unrolled by the
     * ring's period with the roles renamed, so no row is ever copied: a copy of a register whose load is
     * still in flight would wait for it, and the prefetch would shrink to one row. */
    j3_row ra = j3_load(src, rows, cols, ld, y0 - 1, x0, lane, vec);
    j3_row rb = j3_load(src, rows, cols, ld, y0, x0, lane, vec);
    j3_row rc = j3_load(src, rows, cols, ld, y0 + 1, x0, lane, vec);
    j3_row rd = j3_load(src, rows, cols, ld, y0 + 2, x0, lane, vec);
    j3_row re;
    int64_t y = y0;
#define J3_STEP(P, C, N, L)                                                                                   \
    {                                                                                                         \
        if (y >= y1) break;                                                                                   \
        L = j3_load(src, rows, cols, ld, y + 3 <= y1 ? y + 3 : -1, x0, lane, vec);                            \
        float left = __shfl_up_sync(0xffffffffu, C.v.w, 1), right = __shfl_down_sync(0xffffffffu, C.v.x, 1);  \
        if (lane == 0) left = C.halo;                                                                         \
        if (lane == 31) right = C.halo;                                                                       \
        float4 o = C.v;                                                                                       \
        if (y >= 1 && y <= rows - 2) {                                                                        \
            if (cin[0]) o.x = gp_jacobi_update(P.v.x, N.v.x, left, C.v.y);                                    \
            if (cin[1]) o.y = gp_jacobi_update(P.v.y, N.v.y, C.v.x, C.v.z);                                   \
            if (cin[2]) o.z = gp_jacobi_update(P.v.z, N.v.z, C.v.y, C.v.w);                                   \
            if (cin[3]) o.w = gp_jacobi_update(P.v.w, N.v.w, C.v.z, right);                                   \
        }                                                                                                     \
        gp_conv_st4_row(dst + y * ld, x0, cols, o);                                                           \
        y++;                                                                                                  \
    }
    for (;;) {
        J3_STEP(ra, rb, rc, re)
        J3_STEP(rb, rc, rd, ra)
        J3_STEP(rc, rd, re, rb)
        J3_STEP(rd, re, ra, rc)
        J3_STEP(re, ra, rb, rd)
    }
#undef J3_STEP
}

/* Configuration 0 ("register tile", header): warp w computes rows 4w..4w+3 of the tile, lane l columns 4l..4l+3;
 * the tile's edge lanes read their outer neighbour from shared memory. */
#define J3T_W 128                     /* tile columns */
#define J3T_H 32                      /* tile rows */
#define J3T_QW (J3T_W / 4 + 2)        /* float4 per shared row: the tile and 4 halo columns each side */

__global__ void __launch_bounds__(256) jacobi_regtile(int64_t rows, int64_t cols, const float *__restrict__ src,
                                                     float *__restrict__ dst, int64_t ld, int64_t tiles_x, bool vec)
{
    __shared__ float4 s4[(J3T_H + 2) * J3T_QW];
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const int64_t tile = blockIdx.x, X0 = tile % tiles_x * J3T_W, Y0 = tile / tiles_x * J3T_H;
    /* shared row t, float4 q = grid row Y0 - 1 + t, columns X0 - 4 + 4q .. +3 (zeros outside the grid) */
    gp_conv_load_tile<J3T_QW, 6>(s4, J3T_H + 2, src, ld, rows, cols, Y0 - 1, X0 - 4, vec);
    __syncthreads();
    const float *s = reinterpret_cast<const float *>(s4);
    const int64_t x0 = X0 + 4 * lane;
    bool cin[4];
#pragma unroll
    for (int e = 0; e < 4; e++) cin[e] = x0 + e >= 1 && x0 + e <= cols - 2;
    float4 v[6]; /* shared rows 4w .. 4w+5: the thread's 4 rows and the ones above and below */
#pragma unroll
    for (int k = 0; k < 6; k++) v[k] = s4[(4 * warp + k) * J3T_QW + lane + 1];
#pragma unroll
    for (int k = 1; k <= 4; k++) {
        const int64_t y = Y0 + 4 * warp + k - 1;
        if (y >= rows) break;
        const float4 P = v[k - 1], C = v[k], N = v[k + 1];
        float left = __shfl_up_sync(0xffffffffu, C.w, 1), right = __shfl_down_sync(0xffffffffu, C.x, 1);
        if (lane == 0) left = s[(4 * warp + k) * 4 * J3T_QW + 3];
        if (lane == 31) right = s[(4 * warp + k) * 4 * J3T_QW + 4 + J3T_W];
        float4 o = C;
        if (y >= 1 && y <= rows - 2) {
            if (cin[0]) o.x = gp_jacobi_update(P.x, N.x, left, C.y);
            if (cin[1]) o.y = gp_jacobi_update(P.y, N.y, C.x, C.z);
            if (cin[2]) o.z = gp_jacobi_update(P.z, N.z, C.y, C.w);
            if (cin[3]) o.w = gp_jacobi_update(P.w, N.w, C.z, right);
        }
        gp_conv_st4_row(dst + y * ld, x0, cols, o);
    }
}

#define J3_CONFIGS 2
#define J3_DEFAULT_CONFIG 0
static const char *const j3_config_names[J3_CONFIGS] = {"register tile", "streaming"};

/* Resident blocks of jacobi_stream per SM on each device (0: not asked yet), for the strip height. */
static int j3_blocks_per_sm[GP_MAX_DEVICES];

GP_LAUNCHER(jacobi_r03_launch, gp_jacobi_args, ctx, p)
{
    const int cfg = ctx->config >= 0 && ctx->config < J3_CONFIGS ? ctx->config : J3_DEFAULT_CONFIG;
    const bool vec = gp_aligned(p->u0, 16) && gp_aligned(p->u1, 16) && p->ld % 4 == 0;
    ctx->ran_config = cfg;
    if (cfg == 0) {
        const int64_t tiles_x = gp_ceil_div(p->cols, J3T_W);
        const unsigned grid = gp_conv_grid(tiles_x, gp_ceil_div(p->rows, J3T_H));
        if (!grid) return GP_ERROR_NOT_SUPPORTED;
#define J3T_STEP(src, dst) jacobi_regtile<<<grid, 256, 0, ctx->stream>>>(p->rows, p->cols, src, dst, p->ld, tiles_x, vec)
        GP_JACOBI_STEPS(p, J3T_STEP);
#undef J3T_STEP
        return GP_SUCCESS;
    }
    /* configuration 1: the streaming walk */
    const int device = ctx->dev->device;
    const int64_t segs_x = gp_ceil_div(p->cols, J3_SEG);
    int per_sm = device >= 0 && device < GP_MAX_DEVICES ? __atomic_load_n(&j3_blocks_per_sm[device], __ATOMIC_RELAXED) : 0;
    int64_t want, strip_h, strips, blocks;
    if (per_sm <= 0) {
        if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, jacobi_stream, 256, 0) != cudaSuccess || per_sm < 1) {
            (void)cudaGetLastError();
            per_sm = 1;
        } else if (device >= 0 && device < GP_MAX_DEVICES) {
            __atomic_store_n(&j3_blocks_per_sm[device], per_sm, __ATOMIC_RELAXED);
        }
    }
    /* strips so that the grid's warps fill every SM once (one wave, all warps streaming to the end together) */
    want = (int64_t)ctx->dev->sm_count * per_sm * 8 / segs_x; /* rounded down: no second wave */
    if (want < 1) want = 1;
    strip_h = gp_ceil_div(p->rows, want);
    if (strip_h < 16) strip_h = 16;
    strips = gp_ceil_div(p->rows, strip_h);
    if (segs_x > INT64_MAX / strips) return GP_ERROR_NOT_SUPPORTED;
    blocks = gp_ceil_div(segs_x * strips, 8);
    if (blocks > 0x7fffffff) return GP_ERROR_NOT_SUPPORTED;
#define J3_STEP(src, dst)                                                                                    \
    jacobi_stream<<<(unsigned)blocks, 256, 0, ctx->stream>>>(p->rows, p->cols, src, dst, p->ld, strip_h, segs_x, \
                                                             strips, vec)
    GP_JACOBI_STEPS(p, J3_STEP);
#undef J3_STEP
    return GP_SUCCESS;
}

static gp_kernel_info jacobi_r03_kernel(void)
{
    gp_kernel_info k = {J3_DEFAULT_CONFIG == 0 ? (const void *)jacobi_regtile : (const void *)jacobi_stream, 256, 0};
    return k;
}

static const char *jacobi_r03_config_name(int cfg) { return cfg >= 0 && cfg < J3_CONFIGS ? j3_config_names[cfg] : NULL; }

GP_RUNG_CONFIGS(gp__jacobi_r03, "register_tile",
                "one step per launch: 4x4 cells per thread from a shared tile (cfg 0), or warps streaming down strips (cfg 1)",
                70, GP_RUNG_AUTO, jacobi_r03_launch_entry, NULL, jacobi_r03_kernel, J3_CONFIGS, jacobi_r03_config_name);
