// 12_streamk.cu — sgemm rung 12: stream-k: every block gets the same number of k-steps, across tile boundaries.
// Over rung 11: a product whose tiles do not fill whole waves of blocks leaves SMs idle in the last wave (2049 x 2047
// x 2051 in 128x64 tiles: 544 tiles on 528 block slots, a second wave of 16; 1536^3 in 128x256 tiles: 72 tiles on
// 132 SMs, 0.55 of a wave), and rung 11's k-slices fix that only where k is deep and the whole product is small. Here
// the grid is one block per slot; the tiles of the last (partial) wave and of the full wave before it are cut into
// k-step ranges of equal length, one per block, so every SM does the same work (sgemm_streamk.h: who takes what,
// tested on the CPU). A tile cut between blocks is finished by the block that holds its last k-steps: it adds the
// partial products the others left in the workspace, in a fixed order (the result does not depend on timing).
// Earlier full waves run whole tiles (data-parallel), so most tiles are never cut and the blocks of a wave still walk
// A and B together through L2. The main loop is rung 10's (sgemm_async.cuh), configurations 0 (128x256) and 3
// (128x64).
// Cost: one memset of the flags, and for each cut tile (at most one per block) its partial written and read once
// (<= 132 x 128 KB or 528 x 32 KB on an H100: 17 MB, L2-resident).
// The rule (gp__sgemm_r12_plan, CPU-tested): stream-k where rung 11's blocks load the SMs unevenly (fewer than 90% of
// the busiest SM's block count on average: 1536^3, 288 blocks of 128x64 on 132 SMs) or where rung 11 cuts 128x64 or
// 64x64 tiles in k (1025^3: equal ranges fixed up in place instead of slices, a workspace round
// trip and a second kernel; for rows off 16 bytes only where those slices leave the SMs under 95% evenly loaded:
// 1000^3 with ld + 1 ran 0.888x in rung 11's 3 slices against 0.767x in stream-k, results/h100-2026-11-24c/call8; final sweep call9:
// geomean 0.977x, worst 0.758x);
// not where rung 11 runs C^T in 128x256 k-slices (gp__sgemm_r11_swap: 8192x128x8192 0.83x here, 0.91-0.93x there,
// results/h100-2026-11-24d/compare.txt);
// 128x256 tiles (16-byte rows, m >= 128, n >= 256) else 128x64; every block gets at least
// max(16, iters / 4) k-steps (a tile cut into at most ~4 ranges) and at least half the slots get a block. Else rung 11
// takes the call (as it does batches): its one wave of 128x256 k-slices was measured faster (128x8192x8192 0.921x
// against stream-k's 0.868x), and so were 128x64 tiles spread 8.5 blocks per SM (3000^3 0.975x against 0.912x), and
// its one wave of 128x128 k-slices (1024^3 0.988x against 0.952x, results/h100-2026-11-24d/call9/configs.txt).
// H100 80GB HBM3, `gpuprim bench --sweep sgemm` against rung 11 forced (results/h100-2026-11-24c/compare.txt):
// 1536^3 0.848x -> 1.144x cublasSgemm, 1025^3 0.646x -> 0.763x, 2049x2047x2051 0.621x -> 0.744x, 8192x128x8192
// 0.795x -> 0.830x, 1024^3 0.941x -> 0.965x, 1000^3 TT 0.836x -> 0.856x; 30 shapes: worst 0.621x -> 0.744x, geomean
// without the four tiny shapes (whose 7-20 us times swing 1.0-1.8x between runs) 0.883x -> 0.909x. Forced where
// most tiles are whole (call3/bench.txt): 4096^3 0.966x, 8192^3 0.977x (rung 10: 0.974x, 1.000x).
// Rows off 16 bytes (2049x2047x2051, 1025^3, 1000^3 with ld + 1) copy in 4-byte copies along the rows
// (gp_sg_cp_loader_rows, sgemm_async.cuh): 2049x2047x2051 0.744x -> 0.760x, 1025^3 0.763x -> 0.787x
// (results/h100-2026-11-24c/call5). Session 18: the 128x256 configuration got the row loader too and takes such
// rows where its 256-column tiles pad n no more than 128x64's (results/h100-2026-11-24g/call4/cfg.txt, every
// configuration against cublasSgemm in one process): 2049x2047x2051 0.758x (128x64) -> 0.778x, 3001x1999x777 0.870x
// -> 0.886x; where 256 columns pad more it stays 128x64: 1025^3 0.788x against 0.715x, 2047x2049x1000 0.763x against
// 0.666x. What is left there: 128x64 tiles in two ranges per block (two prologues and a
// fix-up each) and tiles of one valid row or column (2049 = 16 x 128 + 1: 32 of 544 tiles); next, ncu of this kernel
// at 2049x2047x2051 against rung 10's at 2048^3 with ld + 3 (0.933x). The 128x256 stream-k kernels for transposed
// operands still bunch their LDS (61-63 of 96 adjacent; NN: 5): not measured, as no sweep shape takes them.
#include "sgemm_async.cuh"
#include "sgemm_streamk.h"
#include <cuda/atomic>

#ifndef GP_SK_SM_FILL_PCT
#define GP_SK_SM_FILL_PCT 90 /* stream-k where rung 11's blocks give the SMs under this share of the busiest's work */
#endif
#ifndef GP_SK_SPLIT_FILL_PCT
#define GP_SK_SPLIT_FILL_PCT 95 /* ... and for rows off 16 bytes in k-slices, under this share */
#endif
#ifndef GP_SK_MIN_STEPS
#define GP_SK_MIN_STEPS 16 /* k-steps a block takes at least (the pipeline's prologue is 2 of them) */
#endif
#ifndef GP_SK_MAX_CUTS
#define GP_SK_MAX_CUTS 4 /* a tile is cut into about this many ranges at most */
#endif

/* The kernel's view of the plan: the partial-product slots and flags live in the workspace. */
struct gp_sg_sk {
    int64_t tiles, iters, ctas, dp_tiles;
    float *partial;  /* ctas slots of BM x BN floats, in the threads' accumulator order */
    unsigned *flags; /* flags[g]: slot g is written; flags[ctas]: blocks started (their order) */
    int group_m;
};

/* C tile at (i0, j0) = alpha * (acc + slot hi + slot hi - 1 + ... + slot lo) + beta * C, added in that order; the
 * slots hold other blocks' accumulators in the threads' order (float4 number (r * WNI + ni) * NT + tid). Adding into
 * a copy of acc, contributor by contributor (32 independent loads each), keeps ptxas scheduling the main loop as in
 * rung 10 (acc += partial in place bunched each k-step's LDS ahead of its FFMAs, as in session 13's 2% loss). */
template <int NT, int WARPS_N, int WMI, int WNI>
__device__ __forceinline__ void gp_sg_slots_epilogue(const gp_sg_one &p, const float (&acc)[4 * WMI][4 * WNI], const float4 *slots, int64_t slot, int64_t hi,
                                                     int64_t lo, int64_t i0, int64_t j0, int tid)
{
    float sum[4 * WMI][4 * WNI];
#pragma unroll
    for (int r = 0; r < 4 * WMI; r++)
#pragma unroll
        for (int c = 0; c < 4 * WNI; c++) sum[r][c] = acc[r][c];
    for (int64_t c = hi; c >= lo; c--)
#pragma unroll
        for (int r = 0; r < 4 * WMI; r++)
#pragma unroll
            for (int ni = 0; ni < WNI; ni++) {
                const float4 w = __ldcg(slots + c * slot + (r * WNI + ni) * NT + tid);
                sum[r][4 * ni] += w.x;
                sum[r][4 * ni + 1] += w.y;
                sum[r][4 * ni + 2] += w.z;
                sum[r][4 * ni + 3] += w.w;
            }
    gp_sg_async_epilogue<WARPS_N, WMI, WNI>(p, sum, i0, j0, tid);
}

template <int BM, int BN, int BK, int WARPS_M, int WARPS_N, int WMI, int WNI, int STAGES, int MINB, bool A_DIRECT,
          bool B_DIRECT, bool ROWS = false>
__global__ void __launch_bounds__(WARPS_M * WARPS_N * 32, MINB) gp_sg_streamk_kernel(gp_sg_one p, gp_sg_sk sk)
{
    typedef gp_sg_async_cfg<BM, BN, BK, WARPS_M, WARPS_N, WMI, WNI, STAGES> C;
    extern __shared__ __align__(16) float smem[];
    /* The walk's state, even the count of units done, lives in shared memory, kept by thread 0 and read back after
     * the main loop: with a loop counter in a register, ptxas bunched each k-step's six LDS.128 ahead of its FFMAs
     * (64 of 96 adjacent, against 5 in rung 10's loop and here; session 13 measured that schedule 2-3% slower), and
     * rung 12 forced at 8192^3 ran 0.912x cuBLAS where rung 10 runs 1.000x. */
    __shared__ int64_t s_unit[5]; /* tile (-1: done), kb, ke; the walk's position; units done */
    __shared__ unsigned s_block;
    volatile int64_t *unit = s_unit;
    const int tid = threadIdx.x;
    /* blocks are numbered in the order they start, so a block waits only on blocks already running or done */
    if (tid == 0) {
        s_block = atomicAdd(sk.flags + sk.ctas, 1u);
        s_unit[3] = gp_sk_start((int64_t)s_block + 1, (sk.tiles - sk.dp_tiles) * sk.iters, sk.ctas);
        s_unit[4] = 0;
    }
    for (;;) {
        if (tid == 0) {
            const int64_t u = unit[4];
            unit[4] = u + 1;
            const int64_t g = s_block, W = (sk.tiles - sk.dp_tiles) * sk.iters;
            int64_t t, kb, ke, pos = unit[3];
            if (u < sk.dp_tiles / sk.ctas) {
                t = g + u * sk.ctas;
                kb = 0;
                ke = sk.iters;
            } else if (gp_sk_next(&pos, gp_sk_start(g, W, sk.ctas), sk.iters, &t, &kb, &ke)) {
                t += sk.dp_tiles;
            } else {
                t = -1;
            }
            unit[0] = t; unit[1] = kb; unit[2] = ke; unit[3] = pos;
        }
        __syncthreads(); /* the unit is set, and every thread is done with the previous one's shared memory */
        if (unit[0] < 0) break;
        {
            int64_t tm, tn;
            const int64_t k0 = unit[1] * BK, k1 = unit[2] * BK < p.k ? unit[2] * BK : p.k;
            gp_sg_tile_of(unit[0], (p.m + BM - 1) / BM, (p.n + BN - 1) / BN, sk.group_m, tm, tn);
            float acc[4 * WMI][4 * WNI];
            gp_sg_async_mainloop<BM, BN, BK, WARPS_M, WARPS_N, WMI, WNI, STAGES, A_DIRECT, B_DIRECT, true, ROWS>(
                acc, smem, A_DIRECT ? p.A + k0 * p.lda : p.A + k0, p.lda, p.vec_a != 0, p.m,
                B_DIRECT ? p.B + k0 * p.ldb : p.B + k0, p.ldb, p.vec_b != 0, gp_sg_b_cols<BN, B_DIRECT>(p), k1 - k0,
                tm * BM, tn * BN);
            /* the unit again, from shared memory */
            const int64_t t = unit[0], kb = unit[1], ke = unit[2], g = s_block;
            gp_sg_tile_of(t, (p.m + BM - 1) / BM, (p.n + BN - 1) / BN, sk.group_m, tm, tn);
            float4 *slots = reinterpret_cast<float4 *>(sk.partial);
            const int64_t slot = (int64_t)BM * BN / 4; /* float4 per slot */
            if (ke == sk.iters && kb == 0) { /* a whole tile */
                gp_sg_async_epilogue<WARPS_N, WMI, WNI>(p, acc, tm * BM, tn * BN, tid);
            } else if (ke < sk.iters) {
                /* the tile's last k-steps are another block's: leave the partial in slot g, then flag it */
                float4 *dst = slots + g * slot;
#pragma unroll
                for (int r = 0; r < 4 * WMI; r++)
#pragma unroll
                    for (int ni = 0; ni < WNI; ni++)
                        dst[(r * WNI + ni) * C::NT + tid] =
                            make_float4(acc[r][4 * ni], acc[r][4 * ni + 1], acc[r][4 * ni + 2], acc[r][4 * ni + 3]);
                __threadfence();
                __syncthreads();
                if (tid == 0)
                    cuda::atomic_ref<unsigned, cuda::thread_scope_device>(sk.flags[g]).store(1u, cuda::memory_order_release);
            } else {
                /* finish the tile: wait for the blocks holding k-steps [0, kb) (g - 1 down to the first), then C = the
                 * sum of their partials and this block's, in that order */
                const int64_t W = (sk.tiles - sk.dp_tiles) * sk.iters;
                const int64_t first = gp_sk_owner((t - sk.dp_tiles) * sk.iters, W, sk.ctas);
                if (tid == 0)
                    for (int64_t c = g - 1; c >= first; c--) {
                        cuda::atomic_ref<unsigned, cuda::thread_scope_device> f(sk.flags[c]);
                        while (f.load(cuda::memory_order_acquire) == 0) __nanosleep(64);
                    }
                __syncthreads();
                gp_sg_slots_epilogue<C::NT, WARPS_N, WMI, WNI>(p, acc, slots, slot, g - 1, first, tm * BM, tn * BN, tid);
            }
        }
        __syncthreads(); /* every thread has read the unit before thread 0 writes the next */
    }
}

/* Bytes of flags at the start of the workspace (flags, the block counter; rounded up to 256). */
static size_t sk_flag_bytes(int64_t ctas) { return ((size_t)(ctas + 1) * sizeof(unsigned) + 255) / 256 * 256; }

extern "C" int gp__sgemm_r12_plan(const gp_device_info *dev, int64_t m, int64_t n, int64_t k, int vec, int cfg,
                                  int force, size_t ws_bytes, gp_sgemm_sk_plan *pl)
{
    const int64_t sms = dev && dev->sm_count > 0 ? dev->sm_count : 132; /* NULL: H100 */
    int bm, bn, per_sm;
    int64_t slots, tiles, iters, min_steps, ctas, dp, fit;
    size_t tile_bytes;
    if (m <= 0 || n <= 0 || k <= 0) return 0;
    if (!force) { /* the rule: where rung 11's blocks leave SMs with less work than others */
        if (gp__sgemm_r11_swap(dev, m, n, k, vec, ws_bytes)) return 0; /* 128x256 slices of C^T: rung 11 */
        const int c11 = gp__sgemm_r11_pick(dev, m, n, k, vec, ws_bytes);
        const int64_t s11 = gp__sgemm_r11_slices(dev, m, n, k, c11, ws_bytes);
        if (s11 >= 2) {
            const int64_t blocks = gp__sgemm_r10_tiles(c11, m, n) * s11;
            /* 128x256 or 128x128 in one wave of k-slices: measured faster; 128x128 with rows off 16 bytes (4-byte row
             * copies, session 20) only where its slices load the SMs evenly, as 128x64 below */
            if (c11 == 0 || (c11 == 2 && vec)) return 0;
            /* rows off 16 bytes whose k-slices load the SMs evenly: rung 11 (1000^3 with ld + 1, 384 blocks: 0.888x
             * against stream-k's 0.767x; 1025^3, 612 blocks: 0.715x against 0.787x; judgement between the two) */
            if (!vec && 100 * blocks >= GP_SK_SPLIT_FILL_PCT * gp_ceil_div(blocks, sms) * sms) return 0;
            if (cfg < 0) cfg = 3;               /* small tiles cut in k: equal ranges instead, fixed up in place */
        } else {
            const int64_t blocks = gp__sgemm_r10_tiles(c11, m, n);
            if (100 * blocks >= GP_SK_SM_FILL_PCT * gp_ceil_div(blocks, sms) * sms) return 0; /* SMs evenly loaded */
        }
    }
    /* 128x256 tiles; with rows off 16 bytes (the 4-byte row loader in both) only where 256 columns pad n no more than
     * 64 do: 2049x2047x2051 0.778x against 128x64's 0.758x, but 1025^3 (5 x 256 = 1280 columns against 1088) 0.715x
     * against 0.788x (results/h100-2026-11-24g/call4/cfg.txt) */
    if (cfg < 0) cfg = m >= 128 && n >= 256 && (vec || gp_ceil_div(n, 256) * 256 <= gp_ceil_div(n, 64) * 64) ? 0 : 3;
    if (cfg != 0 && cfg != 3) return 0; /* stream-k runs configurations 0 and 3 */
    gp__sgemm_r10_tile(cfg, &bm, &bn, &per_sm);
    slots = sms * per_sm;
    tiles = gp__sgemm_r10_tiles(cfg, m, n);
    iters = gp_ceil_div(k, 16); /* both configurations step k by 16 */
    tile_bytes = (size_t)bm * (size_t)bn * sizeof(float);
    min_steps = force ? 1 : gp_ceil_div(iters, GP_SK_MAX_CUTS);
    if (min_steps < GP_SK_MIN_STEPS && !force) min_steps = GP_SK_MIN_STEPS;
    /* whole tiles in the full waves before the last two; the last full wave and the partial one are cut */
    ctas = slots;
    dp = tiles >= 2 * ctas ? (tiles / ctas - 1) * ctas : 0;
    if (ctas > (tiles - dp) * iters / min_steps) { /* too few k-steps for every slot: fewer blocks, nothing whole */
        dp = 0;
        if (ctas > tiles * iters / min_steps) ctas = tiles * iters / min_steps;
    }
    /* flags round up to 256 bytes: (ctas + 1) * 4 + 255 + ctas * tile_bytes <= ws_bytes */
    fit = ws_bytes > 259 ? (int64_t)((ws_bytes - 259) / (tile_bytes + sizeof(unsigned))) : 0;
    if (ctas > fit) { /* the workspace holds fewer partial slots */
        dp = 0;
        ctas = fit;
    }
    if (ctas < 1 || (!force && 2 * ctas < slots)) return 0;
    pl->cfg = cfg;
    pl->tiles = tiles;
    pl->iters = iters;
    pl->ctas = ctas;
    pl->dp_tiles = dp;
    pl->ws_bytes = sk_flag_bytes(ctas) + (size_t)ctas * tile_bytes;
    return 1;
}

/* The kernel for the call's transposes (ROWS: direct operands in 4-byte copies along their rows). */
template <int BM, int BN, int BK, int WARPS_M, int WARPS_N, int WMI, int WNI, int STAGES, int MINB, bool ROWS>
static void (*sk_pick(const gp_sgemm_args *p))(gp_sg_one, gp_sg_sk)
{
    /* A stored m x k (as is) is "across"; B stored k x n (as is) is "direct" */
    if (!p->ta) return p->tb ? gp_sg_streamk_kernel<BM, BN, BK, WARPS_M, WARPS_N, WMI, WNI, STAGES, MINB, false, false>
                             : gp_sg_streamk_kernel<BM, BN, BK, WARPS_M, WARPS_N, WMI, WNI, STAGES, MINB, false, true, ROWS>;
    return p->tb ? gp_sg_streamk_kernel<BM, BN, BK, WARPS_M, WARPS_N, WMI, WNI, STAGES, MINB, true, false, ROWS>
                 : gp_sg_streamk_kernel<BM, BN, BK, WARPS_M, WARPS_N, WMI, WNI, STAGES, MINB, true, true, ROWS>;
}

/* Both configurations copy a direct operand whose rows are off 16 bytes with the row loader (ROWS). */
template <int BM, int BN, int BK, int WARPS_M, int WARPS_N, int WMI, int WNI, int STAGES, int MINB>
static gp_status sk_launch(cudaStream_t s, const gp_sgemm_args *p, const gp_sgemm_sk_plan *pl, void *ws)
{
    typedef gp_sg_async_cfg<BM, BN, BK, WARPS_M, WARPS_N, WMI, WNI, STAGES> C;
    void (*kern)(gp_sg_one, gp_sg_sk) = gp_sg_direct_unaligned(p)
                                            ? sk_pick<BM, BN, BK, WARPS_M, WARPS_N, WMI, WNI, STAGES, MINB, true>(p)
                                            : sk_pick<BM, BN, BK, WARPS_M, WARPS_N, WMI, WNI, STAGES, MINB, false>(p);
    gp_sg_sk sk;
    if (!gp_sg_allow_smem((const void *)kern, C::SMEM)) return gp__launch_status();
    sk.tiles = pl->tiles;
    sk.iters = pl->iters;
    sk.ctas = pl->ctas;
    sk.dp_tiles = pl->dp_tiles;
    sk.flags = (unsigned *)ws;
    sk.partial = (float *)((char *)ws + sk_flag_bytes(pl->ctas));
    sk.group_m = 8;
    if (cudaMemsetAsync(ws, 0, (size_t)(pl->ctas + 1) * sizeof(unsigned), s) != cudaSuccess) return GP_ERROR_CUDA;
    kern<<<(unsigned)pl->ctas, C::NT, C::SMEM, s>>>(gp_sg_one_of(*p), sk);
    return gp__launch_status();
}

extern "C" gp_status gp__sgemm_r12_run(gp_ctx *ctx, const gp_sgemm_args *p)
{
    gp_sgemm_sk_plan pl;
    if (p->batch == 1 && p->kslice == 0 &&
        gp__sgemm_r12_plan(ctx->dev, p->m, p->n, p->k, gp__sgemm_direct_vec(p), ctx->config, ctx->forced != 0,
                           ctx->workspace_bytes, &pl)) {
        ctx->ran_config = pl.cfg;
        if (pl.cfg == 0) return sk_launch<128, 256, 16, 4, 2, 2, 4, 3, 1>(ctx->stream, p, &pl, ctx->workspace);
        return sk_launch<128, 64, 16, 4, 1, 2, 2, 3, 4>(ctx->stream, p, &pl, ctx->workspace);
    }
    ctx->ran_rung = 11; /* whole waves, batches, or too little work per block: rung 11's rule */
    return gp__sgemm_r11_run(ctx, p);
}

GP_LAUNCHER(sgemm_r12_launch, gp_sgemm_args, ctx, p) { return gp__sgemm_r12_run(ctx, p); }

extern "C" gp_kernel_info gp__sgemm_r12_kernel(void)
{
    typedef gp_sg_async_cfg<128, 64, 16, 4, 1, 2, 2, 3> C;
    gp_kernel_info k = {(const void *)gp_sg_streamk_kernel<128, 64, 16, 4, 1, 2, 2, 3, 4, false, true>, C::NT, C::SMEM};
    return k;
}

GP_RUNG_CONFIGS(gp__sgemm_r12, "streamk", "equal k-step ranges per block across tiles, where tiles leave a wave part-empty",
                80, GP_RUNG_AUTO, sgemm_r12_launch_entry, NULL, gp__sgemm_r12_kernel, GP_SGEMM_R10_CONFIGS,
                gp__sgemm_r10_config_name);
