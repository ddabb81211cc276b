// 13_peel.cu — sgemm rung 13: peel the nearly empty last tile row and column off into thin edge products; copy operands
// whose rows are off 16 bytes into the workspace first, B with zero columns to whole tiles.
// Over rung 12 (whose launch runs the main product here): (1) a shape one row past a multiple of the 128-row tile
// (2049 = 16 x 128 + 1, 1025, 4097) has a last tile row that holds one valid row but costs as much as a whole one and
// pushes the tile count past whole waves (2049 x 2047 in 128x256 tiles: 136 tiles on 132 SMs). Stream-k spreads that
// work evenly but still computes the empty rows and cuts and fixes up tiles. Here the main product takes rows [0, m0)
// and columns [0, n0) (m0 a multiple of 128, n0 of 64): whole tiles in whole waves. The rest of C is two thin edge
// products (sgemm_edge.cuh: the last m - m0 rows across all n columns, the last n - n0 columns of the rows above),
// each one read of one operand with its lanes along whichever dimension it is contiguous in.
// (2) An operand with rows off 16 bytes is copied by the 4-byte row loader (0.933x cublasSgemm at 2048^3 with ld + 3,
// 0.978x with 16-byte rows); copied once into the workspace (gp_sg_copy_rows: read and written once, ~11 us at
// 2051 x 2047), the main product runs the 16-byte loader. B (direct: k x n) goes there with zero columns up to a
// multiple of 256 (vec_b = 2), so that rung 10's kernels load whole tiles of it: a block whose B tile ends past n
// took 14-34% longer (2048x2040x2048 0.4075 ms, 2048x1800x2048 0.427, against 0.359 at 2048^3 and 0.318 at
// 2048x1792, call14), and in one wave the slowest block is the kernel's time.
// The rule (gp__sgemm_r13_plan, CPU-tested): where m, n >= 512 and m n k >= 2^29, peel a last tile row or column of at
// most 4; copy where m, n >= 1536 and the copies take at most 3/4 of the workspace. Forced, the rung peels edges of up
// to 16 and copies wherever the workspace holds the copies; its configurations force one part (0 both, 1 peel, 2
// copy). Batches and k-slices go to rung 12 unchanged.
// Measured (H100, results/h100-2026-11-24h, against cublasSgemm in the same process): the first version ran the edges
// as rung-12 products (1 x 2047 x 2051: 61 us, cuBLAS 13 us) and was slower everywhere (call1); with the edge kernels
// (16.9 us for 1 x 2047 x 2051, 7.2 us for 1024 x 1 x 1025, call4) peeling beats rung 12 at 1025^3 0.812x against
// 0.788x and 4097^3 0.978x against 0.893x, and with the padded copy 2049x2047x2051 0.877x against 0.820x, 2048x2047x2048
// 0.896x / 0.851x, 3001x1999x777 0.945x / 0.916x, 2047x2049x1000 0.831x / 0.767x (call15). Copying loses where the
// aligned plan then cuts k (1025^3 0.686x, 1000^3 with ld + 1 0.755x against 0.895x, call5): the rule's 1536.
// Not kept (scripts/experiments/sgemm-peel/NOTES.md): C through shared memory where its rows are off 16 bytes, an
// aligned temporary C (no gain), more k ranges for the edges (no gain).
// Session 20 (results/h100-2026-11-25): the lanes-along-l edge keeps 16 loads per thread in flight instead of 4 (1 x 2047
// x 2051: 26.3 -> 13.6 us): 2049x2047x2051 0.884x -> 0.910x, 2049x2048x2048 0.965x -> 0.994x, 1025^3 0.823x -> 0.85x
// (call8/call9). At 1025^3 (ncu, call8) the main product takes 57 us in 4 k-slices, their sum 9.2, the edges 8.5 and 8.2,
// cuBLAS 68.7 in one kernel of 64x64 tiles.
// Session 21 (results/h100-2026-11-25b): both edges in one launch, with one memset of their counters, where their blocks
// fit one wave (sgemm_edge.cuh): 1025^3 0.852x -> 0.924x (TT 0.880x -> 0.958x, NT 0.848x -> 0.922x); under ncu the
// edges took 8.6 + 8.2 us in two launches and 10.9 in one. Larger edges (4097^3) still run one after the other.
// Next: 2049x2047x2051 (0.91x) spends 11 us copying B and ~14 us on its one edge, against ~370 us of main product; the
// main product's 136 tiles of 128x256 on 132 SMs are the rest. The k remainder of 1025 (slices of 288 for 257) was
// counted and dropped: the main product at 1025^3 (57 us) is within 3% of the same slices at 1024^3.
#include "sgemm_internal.h"
#include "../common/util.cuh"
#include "sgemm_edge.cuh"
#include <stdint.h>
#include <string.h>

#ifndef GP_PEEL_MAX_ROWS
#define GP_PEEL_MAX_ROWS 4 /* a last tile row (of 128 rows) holding at most this many rows is peeled */
#endif
#ifndef GP_PEEL_MAX_COLS
#define GP_PEEL_MAX_COLS 4 /* a last tile column (of 64 columns) holding at most this many is peeled */
#endif
static_assert(GP_PEEL_MAX_ROWS <= GP_EDGE_S && GP_PEEL_MAX_COLS <= GP_EDGE_S, "an edge has at most GP_EDGE_S rows or columns");
#ifndef GP_PEEL_MIN_DIM
#define GP_PEEL_MIN_DIM 512 /* the rule peels and copies only where m, n >= this ... */
#endif
#ifndef GP_PEEL_COPY_MIN_DIM
#define GP_PEEL_COPY_MIN_DIM 1536 /* the rule copies only where m, n >= this */
#endif
#ifndef GP_PEEL_MIN_LOG2_MNK
#define GP_PEEL_MIN_LOG2_MNK 29 /* ... and m n k >= 2^this */
#endif

static int64_t round_up(int64_t x, int64_t q) { return (x + q - 1) / q * q; }

/* dst (rows x cols, ld_dst: rows on 16 bytes) = src (ld), zeros in columns cols .. ld_dst: 4 coalesced 4-byte copies a
 * thread, 1024 columns a block. */
__global__ void __launch_bounds__(256) gp_sg_copy_rows(float *__restrict__ dst, int64_t ld_dst,
                                                      const float *__restrict__ src, int64_t ld, int64_t rows,
                                                      int64_t cols)
{
    for (int64_t r = blockIdx.y; r < rows; r += gridDim.y) {
        const float *s = src + r * ld;
        float *d = dst + r * ld_dst;
        const int64_t c0 = (int64_t)blockIdx.x * 1024 + threadIdx.x;
        float v[4];
#pragma unroll
        for (int u = 0; u < 4; u++) v[u] = c0 + u * 256 < cols ? __ldg(s + c0 + u * 256) : 0.f;
#pragma unroll
        for (int u = 0; u < 4; u++)
            if (c0 + u * 256 < ld_dst) d[c0 + u * 256] = v[u];
    }
}

const char *gp__sgemm_r13_config_name(int cfg)
{
    static const char *const names[GP_SGEMM_R13_CONFIGS] = {"peel+copy", "peel", "copy"};
    return cfg >= 0 && cfg < GP_SGEMM_R13_CONFIGS ? names[cfg] : NULL;
}

int gp__sgemm_r13_plan(const gp_device_info *dev, const gp_sgemm_args *p, int cfg, int force, size_t ws_bytes,
                       gp_sgemm_peel_plan *pl)
{
    const int rule = cfg < 0 || cfg >= GP_SGEMM_R13_CONFIGS;
    const int any = force || !rule; /* wherever it can, not only where the rule expects a gain */
    const int peel = rule || cfg != GP_SGEMM_PEEL_COPY_ONLY;
    int copy = rule || cfg != GP_SGEMM_PEEL_ONLY;
    int64_t rm, rn;
    (void)dev;
    memset(pl, 0, sizeof *pl);
    pl->m0 = p->m;
    pl->n0 = p->n;
    if (p->batch != 1 || p->kslice != 0 || p->k <= 0 || p->m <= 0 || p->n <= 0) return 0;
    if (!any && (p->m < GP_PEEL_MIN_DIM || p->n < GP_PEEL_MIN_DIM ||
                 (double)p->m * (double)p->n * (double)p->k < (double)((int64_t)1 << GP_PEEL_MIN_LOG2_MNK)))
        return 0;
    rm = p->m % 128;
    rn = p->n % 64;
    if (peel && p->m > 128 && rm > 0 && rm <= (any ? GP_EDGE_S : GP_PEEL_MAX_ROWS)) pl->m0 = p->m - rm;
    if (peel && p->n > 64 && rn > 0 && rn <= (any ? GP_EDGE_S : GP_PEEL_MAX_COLS)) pl->n0 = p->n - rn;
    /* the rule copies only where m, n >= GP_PEEL_COPY_MIN_DIM: measured (results/h100-2026-11-24h/call15) a gain at
     * 2049x2047x2051 (peeled too: 0.877x against 0.827x), 3001x1999x777 and 2048^3 with ld + 3, a loss where the aligned
     * plan then cuts k (1025^3 0.686x against 0.812x; 1000^3 with ld + 1 0.755x against 0.895x in call5) */
    if (copy && !any && (p->m < GP_PEEL_COPY_MIN_DIM || p->n < GP_PEEL_COPY_MIN_DIM)) copy = 0;
    if (copy) {
        /* each operand with rows off 16 bytes, its leading dimension rounded up to 32 floats (the 4-byte copies of an
         * "across" operand then read whole 32-byte sectors too); the direct one alone where both do not fit */
        const int64_t ca = p->ta ? p->m : p->k, ra = p->ta ? p->k : p->m, cb = p->tb ? p->k : p->n, rb = p->tb ? p->n : p->k;
        const int direct_a = p->ta, direct_b = !p->tb;
        const size_t bytes_a = (size_t)round_up(ra * round_up(ca, 32) * (int64_t)sizeof(float), 256);
        /* B direct (k x n): to a multiple of 256 columns, zero-filled, so that the main product's kernels load whole
         * tiles of it (vec_b 2): a tile column partly past n ran its blocks 14-34% slower, 2048x2040x2048 0.4075 ms and
         * 2048x1800x2048 0.427 against 0.359 at 2048^3 and 0.318 at 2048x1792 (results/h100-2026-11-24h/call14) */
        const int64_t ldb_p = direct_b ? round_up(cb, 256) : round_up(cb, 32);
        const size_t bytes_b = (size_t)round_up(rb * ldb_p * (int64_t)sizeof(float), 256);
        size_t bytes;
        pl->pack_a = !p->vec_a;
        pl->pack_b = !p->vec_b;
        for (int pass = 0; pass < 2; pass++) {
            bytes = (pl->pack_a ? bytes_a : 0) + (pl->pack_b ? bytes_b : 0);
            if (bytes <= ws_bytes / 4 * 3) break; /* the parts keep a quarter of the workspace at least */
            pl->pack_a = pl->pack_a && direct_a && pass == 0;
            pl->pack_b = pl->pack_b && direct_b && pass == 0;
        }
        if (bytes > ws_bytes / 4 * 3) pl->pack_a = pl->pack_b = 0, bytes = 0;
        pl->lda_p = pl->pack_a ? round_up(ca, 32) : 0;
        pl->ldb_p = pl->pack_b ? ldb_p : 0;
        pl->pack_bytes = bytes;
    }
    return pl->pack_a || pl->pack_b || pl->m0 < p->m || pl->n0 < p->n;
}

extern "C" size_t gp__sgemm_r13_edges_plan(const gp_device_info *dev, const gp_sgemm_args *p, int64_t m0, int64_t n0,
                                           size_t ws_bytes, int64_t ks[2], int *fused)
{
    gp_sg_edge r, c;
    gp_sg_edges_of(p, m0, n0, &r, &c);
    return gp_sg_edges_plan(dev, &r, &c, ws_bytes, ks, fused);
}

/* The main product: rows [0, m0) and columns [0, n0) of C (all of k), through rung 12; the pointers and alignment
 * flags stay q's (a copy is 256-byte aligned with its ld a multiple of 32). */
static gp_status run_main(gp_ctx *c, const gp_sgemm_args *p, int64_t m0, int64_t n0)
{
    gp_sgemm_args q = *p;
    if (m0 <= 0 || n0 <= 0) return GP_SUCCESS;
    q.m = m0;
    q.n = n0;
    return gp__sgemm_r12_run(c, &q);
}

static gp_status copy_rows(cudaStream_t s, float *dst, int64_t ld_dst, const float *src, int64_t ld, int64_t rows,
                           int64_t cols)
{
    const int64_t bx = gp_ceil_div(ld_dst, 1024), by = rows < 65535 ? rows : 65535;
    if (bx > 0x7fffffff) return GP_ERROR_INVALID_VALUE;
    gp_sg_copy_rows<<<dim3((unsigned)bx, (unsigned)by), 256, 0, s>>>(dst, ld_dst, src, ld, rows, cols);
    return gp__launch_status();
}

/* The operand stored rows x cols (ld) copied to *ws with leading dimension ld_p (zeros after its columns); *ws moves past
 * the copy (a multiple of 256 bytes, as gp__sgemm_r13_plan counts it). */
static gp_status pack(cudaStream_t s, char **ws, const float *src, int64_t ld, int64_t rows, int64_t cols, int64_t ld_p,
                      const float **dst)
{
    *dst = (const float *)*ws;
    GP_TRY(copy_rows(s, (float *)*ws, ld_p, src, ld, rows, cols));
    *ws += round_up(rows * ld_p * (int64_t)sizeof(float), 256);
    return GP_SUCCESS;
}

GP_LAUNCHER(sgemm_r13_launch, gp_sgemm_args, ctx, p)
{
    const int forced = ctx->forced != 0;
    const int cfg = forced && ctx->config >= 0 && ctx->config < GP_SGEMM_R13_CONFIGS ? ctx->config : -1;
    gp_ctx sub = *ctx; /* the parts run rung 12's rule, with the workspace the copies leave */
    gp_sgemm_args q = *p;
    gp_sgemm_peel_plan pl;
    char *ws = (char *)ctx->workspace;
    size_t ws_bytes = ctx->workspace_bytes, skip = ws ? (256 - (uintptr_t)ws % 256) % 256 : 0;
    sub.forced = 0;
    sub.config = -1;
    sub.ran_rung = 12; /* rung 12 writes 11 where it hands the call on */
    if (!ws || ws_bytes < skip) ws_bytes = skip = 0;
    ws_bytes -= skip;
    if (!gp__sgemm_r13_plan(ctx->dev, p, cfg, forced, ws_bytes, &pl)) {
        gp_status st = gp__sgemm_r12_run(&sub, p);
        ctx->ran_rung = sub.ran_rung;
        ctx->ran_config = sub.ran_config;
        return st;
    }
    ws += skip;
    if (pl.pack_a) { /* stored ta ? k x m : m x k */
        GP_TRY(pack(ctx->stream, &ws, p->A, p->lda, p->ta ? p->k : p->m, p->ta ? p->m : p->k, pl.lda_p, &q.A));
        q.lda = pl.lda_p;
        q.vec_a = 1;
    }
    if (pl.pack_b) { /* stored tb ? n x k : k x n */
        GP_TRY(pack(ctx->stream, &ws, p->B, p->ldb, p->tb ? p->n : p->k, p->tb ? p->k : p->n, pl.ldb_p, &q.B));
        q.ldb = pl.ldb_p;
        q.vec_b = p->tb ? 1 : 2; /* direct: zero columns up to ldb_p, a multiple of 256 */
    }
    sub.workspace = pl.pack_bytes < ws_bytes ? (char *)ctx->workspace + skip + pl.pack_bytes : NULL;
    sub.workspace_bytes = pl.pack_bytes < ws_bytes ? ws_bytes - pl.pack_bytes : 0;
    GP_TRY(run_main(&sub, &q, pl.m0, pl.n0));
    /* what ran is the main product's; the configuration says which parts rung 13 did */
    ctx->ran_config = (pl.m0 < p->m || pl.n0 < p->n) ? (pl.pack_a || pl.pack_b ? GP_SGEMM_PEEL_BOTH : GP_SGEMM_PEEL_ONLY)
                                                       : GP_SGEMM_PEEL_COPY_ONLY;
    return gp_sg_edges_run(ctx->dev, ctx->stream, &q, pl.m0, pl.n0, sub.workspace, sub.workspace_bytes);
}

GP_RUNG_CONFIGS(gp__sgemm_r13, "peel", "thin last tile row and column as edge products; operands with rows off 16 B copied",
                80, GP_RUNG_AUTO, sgemm_r13_launch_entry, NULL, gp__sgemm_r12_kernel, GP_SGEMM_R13_CONFIGS,
                gp__sgemm_r13_config_name);
