/* hopper_pick.c — the per-shape plan of the Hopper gemm rungs (C11, host only): which rung, and for the
 * persistent rungs which configuration (split-k, stages, epilogue, tile order). gp__gemm_h_pick is pure (it
 * reads only its arguments) and is unit-tested on the CPU by tests/test_gemm_plan.c;
 * gp__gemm_h_auto runs its plan, and the harness's "auto" column times exactly that.
 *
 * The rule (128 x 256 tiles: T = ceil(m / 128) * ceil(n / 256); KB k-blocks of 128 bytes of k; S = SMs):
 *   - not TMA-describable A/B (vec_a, vec_b), a pre-Hopper device: no rung (0);
 *   - tf32 with an MN-major operand: rung 06 only (A from registers; B MN-major as C^T, gp__gemm_h_canon, whose
 *     m x n the tiles count; both MN-major (TN): B transposed in shared memory, or on the automatic choice the
 *     transposed copy where gp__gemm_h_tn_copy says), by the rules below with every rung-04 choice replaced by rung
 *     06 (split where possible: at 512^3 and 768^3 the split ran 12% faster than whole tiles,
 *     results/h100-2026-11-24e/call9), but TT and NN over at most 16 k-blocks on rung 04 (A from registers too,
 *     session 27);
 *   - rung 06 computes C^T where that has at least a quarter fewer tiles (gp__gemm_h_canon: n <= 128 < m), and
 *     T below counts C^T's tiles;
 *   - C not TMA-describable (vec_c == 0): rung 05 if T >= S, else rung 04 (128 x 128 tiles, 2 blocks per SM);
 *   - T >= S: rung 06 with whole tiles; if the last wave holds R = T mod S tiles with 0 < 2R <= S, those R
 *     tiles are split k-wise into s = min(S / R, KB / 4, 16) units each ("data-parallel + split-k tail": the
 *     tail costs ~1/s of a tile instead of a whole one; run 1: 3072^3 = 288 tiles ran at 0.73x);
 *   - T < S and KB < 32 (k < 2048 for 16-bit types): rung 04 (run 2's sweep: its 128 x 128 tiles beat every
 *     split at 512^3, 1000^3 and 1024^3), with 6 stages where its grid fits one block per SM and KB >= 12
 *     (gp__gemm_r04_stages), and its k-cluster where few tiles leave L2 bandwidth unused (gp__gemm_r04_kc: up
 *     to 64 blocks, or pairs up to one block per SM where each block keeps >= 16 k-blocks; r04_plan widens them
 *     to up to 4 blocks beyond 64 blocks for a C that is not thin, session 25), but whole tiles below 16 k-blocks
 *     where the TMA-store epilogue runs (r04_plan: 16-bit C, beta 0; session 23); 128 x 64 tiles with whole k
 *     instead of whole 128 x 128 tiles or pairs where twice the blocks still fit in half the SMs (16-bit types, m,
 *     n, k multiples of 64, m and n > 256, fewer than 64 k-blocks: r04_plan, sessions 24, 25);
 *   - T < S, at most 8 tiles of 128 x 128 and deep k: rung 04 in k-clusters of 8 blocks, but from 512 k-blocks the
 *     split below, of up to 64 ways (session 26; tf32 since session 27, with C^T too);
 *   - T < S: rung 06 with every tile split into s = min(S / T, KB / 4, 16) units (deep-k shapes: run 1 had
 *     512x512x32768 at 0.14x and 1024x1024x16384 at 0.39x with whole tiles), except a thin C (m or n <= 256:
 *     memory-bound; tf32 only with both operands K-major and rung 04's blocks filling 5/7 of the SMs, session 26)
 *     and, for 16-bit types, splits of fewer than 64 k-blocks, or of up to 96 where rung 04's k-cluster blocks fill
 *     5/7 of the SMs, which rung 04 reads once with its own k-cluster rule (session 23: thin 0.62-0.76x split,
 *     0.85-1.04x rung 04; 1024x1024x2048 22.3 -> 18.2 us; session 25: 1024x1024x4096 24.5 -> 21.5, 640x640x4096
 *     18.4 -> 14.3);
 *   - such a split of at least 8 ways, 16-bit types, an even number of 128-row tiles, no C^T: rung 07's split
 *     instead (gp__gemm_h_r07_split: 256 x 256 cluster tiles sharing B through multicast, s over S / 2 clusters, at
 *     most 12 ways, session 26, or 16 where the DRAM peaks at 4 TB/s or more, session 29 on the H200;
 *     session 24: 512x512x32768 -6 to -8%, no gain with 2-4 splits);
 *   - T < S and no split possible (s < 2: too little k): rung 04 when T <= S / 2 (more, smaller tiles), else
 *     rung 06 with whole tiles;
 *   - a split needs s x (split tiles) x 128 KB of workspace (f32 partials): s is lowered until it fits;
 *   - rung 06's configuration: 4 stages; epilogue in half-tile rounds for 16-bit C (deferred under the next
 *     tile's first k-blocks where the tile lies inside C and beta is 0), chunked for f32 C;
 *     16 tile rows per group of the tile order; each k-block's wgmmas drained before its stage is freed, but for
 *     16-bit types over at least 128 k-blocks (whole tiles) one k-block kept in flight (wait1, session 32);
 *   - 16-bit types where that is rung 06 with whole tiles over at most 32 k-blocks, not C^T (any C): rung 08
 *     (ping-pong consumers on 128 x 128 tiles; session 32), the finishing step `pick`.
 * Rung 07 (clusters) runs only the deep-k splits above; for whole tiles it has not measured faster than rung 06
 * (GP_H_PICK_R07). A forced rung 06 gets the plan as it would be without rung 07 (its own split). The
 * thresholds (a split keeps >= 4 k-blocks, at most 16 splits, a tail at most half a wave) are judgement,
 * to be replaced by measured ones (NOTES.md).
 * gp__gemm_h_takes / gp__gemm_h_launch connect the rungs to the library's dispatcher (hopper_internal.h). */
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include "hopper_internal.h"

#define GP_H_TILE_M 128
#define GP_H_TILE_N 256
#define GP_H_SPLIT_MIN_KB 4  /* a split unit keeps at least this many k-blocks */
#ifndef GP_H_RS_SPLIT_MIN_KB
#define GP_H_RS_SPLIT_MIN_KB 2 /* ... but 2 with an MN-major tf32 operand over at most GP_H_RS_SHORT_KB k-blocks */
#endif
#define GP_H_RS_SHORT_KB 16
#ifndef GP_H_MAX_SPLITS
#define GP_H_MAX_SPLITS 16
#endif
#define GP_H_SPLIT_MIN_K 32  /* fewer than a wave of tiles and fewer k-blocks than this: rung 04, no split */
#define GP_H_GROUP 16        /* tile rows per group of the tile order */
#define GP_H_R04_KC_TMA_MIN_KB 16 /* k-blocks below which rung 04 with its TMA epilogue runs whole tiles (r04_plan) */
#define GP_H_SPLIT_R04_KB 64 /* 16-bit types: a split of fewer k-blocks runs rung 04 instead (gp__gemm_h_pick) */
#define GP_H_SPLIT_R04_FULL_KB 96 /* ... and of up to this many where rung 04's blocks fill the SMs */
#define GP_H_R04_KC_WIDE 4 /* rung 04's widest k-cluster beyond 64 blocks (r04_plan) */
#define GP_H_THIN 256        /* a C this thin (m or n) with fewer tiles than SMs: rung 04, not a split */
#define GP_H_PICK_R07 0      /* 1: rung 07 for shapes of at least a wave of tiles (once measured faster) */
#ifndef GP_H_R04_N64
#define GP_H_R04_N64 1       /* rung 04's 128 x 64 tiles where 128 x 128 would fill at most half the SMs (r04_plan) */
#endif
#define GP_H_R07_MIN_SPLITS 8 /* rung 07 takes a split of at least this many ways (gp__gemm_h_pick) */
#ifndef GP_H_R07_MAX_SPLITS
#define GP_H_R07_MAX_SPLITS 12 /* rung 07's split: at most this many ways (gp__gemm_h_r07_split) */
#endif
#ifndef GP_H_R07_MAX_SPLITS_FAST
#define GP_H_R07_MAX_SPLITS_FAST 16 /* ... this many where the DRAM peaks at GP_H_FAST_DRAM_GBPS or more (session 29) */
#endif
#define GP_H_FAST_DRAM_GBPS 4000 /* H200 (HBM3e): 4916; H100 SXM (HBM3): 3352 */
#ifndef GP_H_DEEP_KB
#define GP_H_DEEP_KB 512       /* at most 8 tiles of 128 x 128 over this many k-blocks: a split, not rung 04 */
#endif
#define GP_H_DEEP_MAX_SPLITS 64 /* ... of up to this many ways */
#ifndef GP_H_TN_XPOSE
#define GP_H_TN_XPOSE 1 /* tf32 TN on rung 06 (B transposed in shared memory); 0: only through a transposed copy */
#endif
#define GP_H_TN_COPY_MIN_MN 1024 /* tf32 TN: the transposed copy only where m or n exceeds this (gp__gemm_h_tn_copy) */
#ifndef GP_H_R04_RS
#define GP_H_R04_RS 1 /* tf32 TT and NN (A from registers) over few k-blocks on rung 04 (session 27) */
#endif
#ifndef GP_H_R04_RS_KB
#define GP_H_R04_RS_KB 64 /* ... up to this many k-blocks (16 in session 27; 64 with the fragments double-buffered) */
#endif
#ifndef GP_H_R04_TN_KB
#define GP_H_R04_TN_KB 32 /* ... and tf32 TN (B turned K-major in shared memory) up to this many (session 28) */
#endif
#define GP_H_R04_RS_PAIR_MIN_KB 8 /* ... whose k-clusters of 2 or more beyond 64 blocks need this many k-blocks a block */
#ifndef GP_H_R04_N64_ROWS
#define GP_H_R04_N64_ROWS 1 /* rung 04's 128 x 64 tiles where A's and B's rows lie on 64 bytes (0: m, n, k multiples of 64) */
#endif
#ifndef GP_H_R04_TF32
#define GP_H_R04_TF32 1 /* tf32 NT: rung 04 instead of a split over moderate k, as 16-bit types (session 28) */
#endif
#ifndef GP_H_DEEP_RS_KB
#define GP_H_DEEP_RS_KB 128 /* ... and for tf32 with an MN-major operand (rung 06 only) from this many (session 27) */
#endif
#ifndef GP_H_DEEP_TF32
#define GP_H_DEEP_TF32 1 /* the deep split (GP_H_DEEP_KB) for tf32 too (session 27) */
#endif
#ifndef GP_H_DEEP_TF32_CT
#define GP_H_DEEP_TF32_CT 1 /* ... also where rung 06 computes C^T (tf32 NN: the transposed reduction) */
#endif
#ifndef GP_H_WAIT1
#define GP_H_WAIT1 0 /* rungs 06/07: the consumers keep one k-block of wgmmas in flight (1) or drain each (0) */
#endif
#ifndef GP_H_WAIT1_KB
#define GP_H_WAIT1_KB 128 /* 16-bit types, rung 06 whole tiles: wait1 from this many k-blocks (pick, session 32) */
#endif
#ifndef GP_H_PP
#define GP_H_PP 1 /* 16-bit types, rung 06 whole tiles over few k-blocks: rung 08 instead (pick, session 32) */
#endif
#ifndef GP_H_PP_MAX_KB
#define GP_H_PP_MAX_KB 32 /* ... over at most this many k-blocks (k <= 2048 for 16-bit types) */
#endif
#ifndef GP_H_SPLIT_R07
#define GP_H_SPLIT_R07 1     /* deep-k splits in rung 07's clusters (multicast B) rather than rung 06 */
#endif

gp_gemm_h_knobs gp__gemm_h_knobs = GP_GEMM_H_KNOBS_NONE;

static int64_t cdiv(int64_t a, int64_t b) { return (a + b - 1) / b; }
static int64_t min3(int64_t a, int64_t b, int64_t c)
{
    const int64_t ab = a < b ? a : b;
    return ab < c ? ab : c;
}

int gp__gemm_r04_stages(int64_t tiles, int64_t sms, int64_t kb) { return tiles <= sms && kb >= 12 ? 6 : 3; }

int gp__gemm_r04_kc(int64_t tiles, int64_t sms, int64_t kb, int wide, int pair_min_kb)
{
    int kc = 1;
    for (int c = 2; c <= GP_GEMM_R04_MAX_KC; ++c)
        if (tiles * c <= sms && tiles * c <= GP_GEMM_R04_KC_BLOCKS && kb >= (int64_t)c * GP_GEMM_R04_KC_MIN_KB) kc = c;
    /* beyond 64 blocks, up to `wide` blocks a tile where each block keeps a long loop (clusters of 3 or 4 on at most
     * GP_GEMM_R04_KC_WIDE_BLOCKS blocks) */
    for (int c = kc + 1; c <= wide; ++c)
        if (tiles * c <= sms && (c <= 2 || tiles * c <= GP_GEMM_R04_KC_WIDE_BLOCKS) &&
            kb >= (int64_t)c * pair_min_kb)
            kc = c;
    return kc;
}

static int tf32_rs(const gp_gemm_args *a)
{
    return a->compute == GP_COMPUTE_TF32 && a->k > 0 && !(a->ta == 0 && a->tb == 1);
}

int gp__gemm_r04_config_kc(int cfg)
{
    static const int kc[GP_GEMM_R04_CONFIGS] = {1, 2, 3, 4, 8, 1};
    return cfg >= 0 && cfg < GP_GEMM_R04_CONFIGS ? kc[cfg] : 0;
}

int gp__gemm_r04_config_bn(int cfg) { return cfg < 0 || cfg >= GP_GEMM_R04_CONFIGS ? 0 : cfg == 5 ? 64 : 128; }

int gp__gemm_r04_tma_epi(const gp_gemm_args *a)
{
    return a->compute != GP_COMPUTE_TF32 && a->c_type != GP_DTYPE_F32 && a->beta == 0.0f && a->vec_c && a->n >= 8;
}

/* Rung 04's plan for a_in (as the caller passed it: rung 04 runs it so, not as gp__gemm_h_canon's C^T). Where whole
 * tiles leave through the TMA (gp__gemm_r04_tma_epi), a k-cluster needs GP_H_R04_KC_TMA_MIN_KB k-blocks: the
 * cluster's sum through distributed shared memory and its register epilogue cost ~3 us more than that epilogue,
 * which a short loop does not win back (session 23, results/h100-2026-11-25d/call14: 256^3 7.4 us whole against
 * 10.7 in clusters of 2; 512^3 8.7 against 10.1 in clusters of 4; 256x256x1024, 16 k-blocks: 9.5 in clusters of 8
 * against 11.7 whole). */
static gp_gemm_h_plan r04_plan(const gp_gemm_args *a_in, int64_t sms, int64_t kb)
{
    gp_gemm_h_plan p = gp__gemm_h_rung_plan(4, a_in);
    const int64_t tiles = cdiv(a_in->m, 128) * cdiv(a_in->n, 128);
    /* not thin: k-clusters of up to 4 blocks beyond 64 blocks, as many as fit one per SM, where each block keeps >= 16
     * k-blocks (session 25, results/h100-2026-11-25f/call14, us, the widest against the next): 640x640x4096 kc 4 14.0
     * against kc 2 19.3, 768x768x4096 kc 3 17.6 against 20.3, 768x768x3072 kc 3 15.2 against 17.1 (128 x 64 tiles 17.4)
     * and 768x768x6144 22.6 against 26.2; where 3 do not fit (48-64 tiles) pairs stay. Thin C: pairs (clusters of 4
     * on 128 blocks lost at 4096x128x8192, hopper_internal.h). */
    /* tf32 with A from registers: pairs and wider from half the k-blocks (a tf32 k-block is 32 deep, half a 16-bit
     * one's work): results/h100-2026-11-25i/call2, us, TT 768^3 (24 k-blocks) 17.2 whole, 13.0 in pairs, 13.5 in 3s */
    const int rs = tf32_rs(a_in);
    p.kc = gp__gemm_r04_kc(tiles, sms, kb, a_in->m > GP_H_THIN && a_in->n > GP_H_THIN ? GP_H_R04_KC_WIDE : 2,
                           rs ? GP_H_R04_RS_PAIR_MIN_KB : GP_GEMM_R04_KC_PAIR_MIN_KB);
    if (p.kc > 1 && kb < GP_H_R04_KC_TMA_MIN_KB && gp__gemm_r04_tma_epi(a_in)) p.kc = 1;
    /* 16-bit types, m, n and k multiples of 64, not thin, whole tiles or pairs that would fill at most half the SMs:
     * 128 x 64 tiles with whole k, twice the blocks of 128 x 128 tiles (and the pairs' count without their sum
     * through distributed shared memory). Session 24 (results/h100-2026-11-25e/call5, call6), ours: 1024^3 12.6 ->
     * 10.9 us, 960^3 12.2 -> 10.6, 768^3 11.0 -> 9.3, 512^3 9.0 -> 7.8, 1024x1024x2048 18.2 (pairs) -> 15.6,
     * 1024x1024x3072 22.0 (pairs) -> 20.4; but 1000^3 13.9 -> 15.8, 1024x1024x1000 12.6 -> 13.7, 1000x1024x1024
     * 12.5 -> 13.1 (L2 requests of rows that straddle lines: session 25), 8192x128x8192 56 both. Not from 64 k-blocks,
     * where pairs win (session 25, results/h100-2026-11-25f/call12: 1024x1024x4096 23.2 us against 21.3, x6144 37.4
     * against 29.9, x8192 48.6 against 37.7). */
    /* tf32 with both operands K-major (NT) likewise (results/h100-2026-11-25i/call2, us, 128 x 128 against 128 x 64):
     * 768^3 12.3 -> 10.3, 1024^3 14.2 (pairs) -> 13.6; not with A from registers (TT 1024^3 15.4 in pairs, 17.7) */
    /* Session 28 (results/h100-2026-11-25i/call8, call9): what slows 128 x 64 tiles at 1000 is rows that straddle
     * 64-byte lines, not m, n or k themselves, so the test is on A's and B's rows (base and pitch on 64 bytes).
     * Alternating with the previous rule, ours in us: 992^3 f16 9.6-9.7 -> 8.6, bf16 9.4-9.8 -> 8.5-8.7 (TN 10.0-10.1
     * -> 9.2-9.3); 1000x1024x1024 9.5 -> 7.9-8.0; 736^3 7.6-7.7 -> 6.7-6.8; tf32 NT 992^3 15.1-15.6 -> 13.4-13.5;
     * unchanged where rows straddle (1000^3 10.5-10.7, 1024x1024x1000 9.8-10.0, 1024x1000x1024 10.1-10.2). */
    const int esz = a_in->ab_type == GP_DTYPE_F32 ? 4 : 2;
    const int rows64 = GP_H_R04_N64_ROWS ? (uintptr_t)a_in->A % 64 == 0 && (uintptr_t)a_in->B % 64 == 0 &&
                                               a_in->lda * esz % 64 == 0 && a_in->ldb * esz % 64 == 0
                                         : a_in->m % 64 == 0 && a_in->n % 64 == 0 && a_in->k % 64 == 0;
    if (GP_H_R04_N64 && (esz == 2 || (GP_H_R04_TF32 && !rs)) && rows64 && p.kc <= 2 && 2 * tiles <= sms &&
        a_in->m > GP_H_THIN && a_in->n > GP_H_THIN && kb < GP_H_SPLIT_R04_KB) {
        p.kc = 1;
        p.r04_bn = 64;
    }
    return p;
}

size_t gp__gemm_h_plan_ws(const gp_gemm_h_plan *p)
{
    if (!p || p->splits < 2 || p->sk_tiles < 1) return 0;
    /* rung 07's split tiles are 256 x 256 cluster tiles */
    return (size_t)p->sk_tiles * (size_t)p->splits * (p->rung == 7 ? 2 : 1) * GP_H_TILE_M * GP_H_TILE_N * 4;
}

gp_gemm_h_plan gp__gemm_h_rung_plan(int rung, const gp_gemm_args *a)
{
    gp_gemm_h_plan p;
    memset(&p, 0, sizeof p);
    p.rung = rung;
    p.splits = 1;
    p.sk_tiles = 0;
    p.group = GP_H_GROUP;
    p.epi = a && a->c_type != GP_DTYPE_F32 ? 2 : 0; /* half-tile rounds for 16-bit C, chunks for f32 C */
    p.stages = p.epi == 1 ? 3 : 4;
    p.kc = 1;
    p.r04_bn = 128;
    p.wait1 = GP_H_WAIT1;
    p.defer = p.epi != 0; /* the deferred epilogue for 16-bit C */
    return p;
}

/* The largest split count <= s whose partials fit in the workspace (1 if none). */
static int64_t fit_ws(const gp_gemm_args *a, int64_t sk_tiles, int64_t s)
{
    const size_t ws = a->ws ? a->ws_bytes : 0;
    while (s >= 2 && (size_t)(sk_tiles * s) * GP_H_TILE_M * GP_H_TILE_N * 4 > ws) --s;
    return s < 2 ? 1 : s;
}

/* Rung 07's split plan for a (as rung 07 runs it: no C^T): each of its Tc cluster tiles (256 x 256: ceil(m / 128) / 2
 * pairs of 128 x 256 tiles) split k-wise into s = min((S / 2) / Tc, KB / 4, max_splits) units, one per cluster of 2 SMs;
 * whole tiles (splits 1) where s < 2. */
static gp_gemm_h_plan r07_split(const gp_device_info *dev, const gp_gemm_args *a, int64_t max_splits)
{
    gp_gemm_h_plan p = gp__gemm_h_rung_plan(7, a);
    const int64_t sms = dev && dev->sm_count > 0 ? dev->sm_count : 132;
    if (!a || a->k == 0) return p;
    const int64_t esz = a->ab_type == GP_DTYPE_F32 ? 4 : 2, kb = cdiv(a->k * esz, 128);
    const int64_t ctiles = cdiv(cdiv(a->m, GP_H_TILE_M), 2) * cdiv(a->n, GP_H_TILE_N);
    const int64_t s = fit_ws(a, 2 * ctiles, min3(sms / 2 / ctiles, kb / GP_H_SPLIT_MIN_KB, max_splits));
    if (s >= 2) {
        p.splits = (int)s;
        p.sk_tiles = (int)ctiles;
    }
    return p;
}

/* At most 12 ways: on 4 cluster tiles (512 x 512) 96 blocks beat 128 (session 26, results/h100-2026-11-25g calls 8-10,
 * bf16 and f16, us, 16 -> 12 ways: 512x512x8192 20.6-21.3 -> 19.6-20.7, x16384 28.0-28.7 -> 26.7-28.0, x32768
 * 41.5 -> 40.5-41.8; 10 ways lose: 20.0-20.3, 27.6-28.0, 45.2-46.0; 14: 20.1-20.2, 27.4-27.5, 40.7). Fewer cluster
 * tiles with more than 12 ways are thin (rung 04) or deep (gp__gemm_h_pick's own cap).
 * At most 16 where the DRAM is faster (session 29, H200, results/h200-2026-11-29/call3, `ab` alternating, 3 rounds,
 * bf16 and f16 TN, us, 12 -> 16 ways): x32768 39.2-40.2 -> 35.1-35.7 (0.75x -> 0.85x cublasLt), x16384 24.2-24.8 ->
 * 23.8-24.1, x8192 18.0-18.2 -> 17.8-18.1. The H100's 96 blocks already read A and B near its DRAM's rate (~2.4 TB/s,
 * session 28), so more blocks only add partials there; the H200's take the same ~40 us with 1.4x the bandwidth, so they
 * are bound by what the two chips share (the SMs' tensor rate, the L2), and 128 blocks shorten their loop. */
static int64_t r07_max_splits(const gp_device_info *dev)
{
    return dev && dev->dram_gbps >= GP_H_FAST_DRAM_GBPS ? GP_H_R07_MAX_SPLITS_FAST : GP_H_R07_MAX_SPLITS;
}

gp_gemm_h_plan gp__gemm_h_r07_split(const gp_device_info *dev, const gp_gemm_args *a)
{
    return r07_split(dev, a, r07_max_splits(dev));
}

gp_gemm_args gp__gemm_h_canon(const gp_gemm_args *a, int *ct)
{
    gp_gemm_args q = *a;
    *ct = 0;
    if (a->k == 0) return q;
    const int tf32 = a->compute == GP_COMPUTE_TF32;
    /* at least a quarter fewer 128 x 256 tiles as C^T (e.g. n <= 128 < 256 <= m): C^T's epilogue stores from the
     * registers, slower than the TMA's, so a few tiles less (4095 x 4097: 528 against 544) are not worth it */
    const int64_t tiles = cdiv(a->m, GP_H_TILE_M) * cdiv(a->n, GP_H_TILE_N);
    const int fewer = 4 * cdiv(a->n, GP_H_TILE_M) * cdiv(a->m, GP_H_TILE_N) <= 3 * tiles;
    /* tf32: NN always (B MN-major: A from registers), NT and TN where C^T has fewer tiles (NT and TN again); TT never
     * (its C^T would be NN). 16-bit types: any layout, where C^T has fewer tiles. */
    const int swap = tf32 ? (a->ta == 0 && a->tb == 0) || (a->ta != a->tb && fewer) : fewer;
    if (!swap) return q;
    /* C^T = op(B)^T op(A)^T: B is the A of an n x m product (stored k x n: MN-major; n x k: K-major), A its B */
    q.m = a->n;
    q.n = a->m;
    q.A = a->B;
    q.lda = a->ldb;
    q.vec_a = a->vec_b;
    q.ta = 1 - a->tb;
    q.B = a->A;
    q.ldb = a->lda;
    q.vec_b = a->vec_a;
    q.tb = 1 - a->ta;
    *ct = 1;
    return q;
}

/* ... *ct: whether the plan's rung 06 computes C^T (gp__gemm_h_canon; 0 where the plan returns before asking) */
static gp_gemm_h_plan pick_rung(const gp_device_info *dev, const gp_gemm_args *a_in, int allow_r07, int *ct)
{
    gp_gemm_h_plan p;
    memset(&p, 0, sizeof p);
    const int64_t sms = dev && dev->sm_count > 0 ? dev->sm_count : 132; /* NULL: H100 SXM */
    if (!a_in) return p;
    /* tf32 with an MN-major operand: rung 06 only (A from registers), on C^T where B is the MN-major one */
    const int rs = tf32_rs(a_in);
    if (!gp__gemm_h_takes(dev, a_in, rs ? 6 : 4)) return p;
    if (a_in->k == 0) return gp__gemm_h_rung_plan(4, a_in); /* C = beta * C: any rung does it the same way */
    const gp_gemm_args canon = gp__gemm_h_canon(a_in, ct);
    const gp_gemm_args *a = &canon;
    const int64_t tiles = cdiv(a->m, GP_H_TILE_M) * cdiv(a->n, GP_H_TILE_N);
    const int64_t esz = a->ab_type == GP_DTYPE_F32 ? 4 : 2;
    const int64_t kb = cdiv(a->k * esz, 128);
    const gp_gemm_h_plan r04 = r04_plan(a_in, sms, kb);
    if (!a->vec_c) return tiles >= sms ? gp__gemm_h_rung_plan(5, a) : r04;
    p = gp__gemm_h_rung_plan(GP_H_PICK_R07 && tiles >= sms ? 7 : 6, a);
    if (tiles >= sms) {
        const int64_t r = tiles % sms;
        if (p.rung == 6 && r > 0 && 2 * r <= sms) {
            const int64_t s = fit_ws(a, r, min3(sms / r, kb / GP_H_SPLIT_MIN_KB, GP_H_MAX_SPLITS));
            if (s >= 2) {
                p.splits = (int)s;
                p.sk_tiles = (int)r;
            }
        }
        return p;
    }
    /* little k (fewer than GP_H_SPLIT_MIN_K k-blocks: k < 2048 for 16-bit types): 128 x 128 tiles (rung 04)
     * beat a split (run 2: 512^3, 1000^3, 1024^3 at 23.0 / 125 / 145 TFLOP/s with r04 against 19.4 / 95 / 108
     * split) */
    /* tf32 TT and NN (C^T) with A from registers: rung 04 (its 128 x 128 tiles, k-clusters and no second kernel)
     * rather than rung 06's split, over at most 16 k-blocks since session 27 (results/h100-2026-11-25h call8, us: 256^3
     * NN 8.5-9.2 -> 7.2, TT 8.6-8.9 -> 7.2; 512^3 NN 11.4-11.7 -> 9.0-9.1; but 768^3 NN 15.0 -> 22.0). With the
     * fragments double-buffered (session 28), up to 64 k-blocks where its blocks fit in one wave, and TN (B turned
     * K-major in shared memory) up to 32 (results/h100-2026-11-25i/call2, us, rung 06 -> rung 04): TT 768^3 15.7 ->
     * 13.5, 1024^3 20.0 -> 15.4, 1024x1024x2048 25.1 -> 22.9; NN 1024^3 18.2 -> 15.5; TN 512^3 11.8 -> 9.8, 768^3
     * 17.1 -> 16.6, 1024^3 23.3 -> 22.0; not TN 1024x1024x2048 (30.9 against 36.6), TT 1024x1024x4096 (36.3 against
     * 38.6), nor two waves (TT 2048^3: 54.7 against 62.1); beyond 16 k-blocks only where its blocks fill 5/7 of the
     * SMs, as measured (128x128x2048 in clusters of 8: unmeasured, the split stays) */
    const int tn = a_in->ta == 1 && a_in->tb == 0;
    const int64_t r04_blocks = cdiv(a_in->m, 128) * cdiv(a_in->n, 128) * r04.kc;
    const int r04_rs = rs && GP_H_R04_RS &&
                       (kb <= GP_H_RS_SHORT_KB || (kb <= (tn ? GP_H_R04_TN_KB : GP_H_R04_RS_KB) && r04_blocks <= sms &&
                                                   7 * r04_blocks >= 5 * sms));
    if (r04_rs || (kb < GP_H_SPLIT_MIN_K && !rs)) return r04;
    /* deep k on at most 8 tiles of 128 x 128: rung 04's k-cluster of 8 (no partials in global memory, no second
     * kernel): 128x128x4096 TT 12.8 us in results/h100-2026-11-24f/call8's sweep, 14.4 on rung 06's split before */
    /* ... but from 512 k-blocks (16-bit types) a split over the SMs, of up to 64 ways (rung 04's k-clusters of 8 use
     * 8 blocks a tile): 256x256x32768 bf16 TN 32.8 -> 28.5 us (rung 07, 64 ways), 128x128x65536 59.0 -> 25.9 (rung
     * 06, 64 ways); at 256 k-blocks the k-cluster stays ahead: 256x256x16384 19.3 against 21.4 (session 26,
     * results/h100-2026-11-25g call10; cublasLt 18.9-19.5, 17.9, 14.4-17.6). tf32 likewise (512 k-blocks: k >= 16384;
     * rung 06 only where an operand is MN-major), against 16 ways or rung 04's k-cluster of 8 (session 27,
     * results/h100-2026-11-25h call2, call3, us): TN 256x256x32768 72 -> 40, 128x128x16384 40.6 -> 20.5; NT 128x128x65536
     * 96 -> 35.5, 256x256x16384 29 -> 28; NN (C^T) 128x128x65536 82 -> 39, 256x256x32768 47 -> 44, but 256x256x16384
     * 29.0 -> 31.7. With an MN-major operand (rung 06 only, its alternative the 16-way split) from 128 k-blocks
     * (results/h100-2026-11-25h call4, us): 128x128x4096 TN 16.5 -> 13.9, TT 13.4 -> 12.8, NN 14.4 -> 14.6 */
    const int few = r04.kc == GP_GEMM_R04_MAX_KC, kc8 = few && !rs;
    const int deep = few && kb >= (rs ? GP_H_DEEP_RS_KB : GP_H_DEEP_KB) &&
                     (esz == 2 || (GP_H_DEEP_TF32 && (!*ct || GP_H_DEEP_TF32_CT)));
    if (kc8 && !deep) return r04;
    const int64_t s =
        fit_ws(a, tiles, min3(sms / tiles, kb / (rs && kb <= GP_H_RS_SHORT_KB ? GP_H_RS_SPLIT_MIN_KB : GP_H_SPLIT_MIN_KB),
                              deep ? GP_H_DEEP_MAX_SPLITS : GP_H_MAX_SPLITS));
    /* (tf32 with an MN-major operand over at most 16 k-blocks: units of 2 k-blocks, not 4: results/h100-2026-11-25h
     * call6, us: TN 256^3 11.3 -> 9.5-9.8, 512^3 12.9 -> 11.7-11.9, NN 512^3 11.3 -> 10.8-10.9; at 768^3, 24 k-blocks,
     * 7 ways instead of 6 lost: NN 15.0 -> 15.7-16.0; units of 1 k-block lost at 512^3: 13.5-14.0) */
    /* a workspace too small for more units than the k-cluster's blocks: the k-cluster (no workspace) */
    if (deep && !rs && s * tiles < cdiv(a_in->m, 128) * cdiv(a_in->n, 128) * GP_GEMM_R04_MAX_KC) return r04;
    /* a thin C (m or n <= 256) over deep k: memory-bound (under 256 FLOPs a byte of A, B and C, against the H100's
     * ~295), so reading A and B once through rung 04 (whole k, or its k-cluster) beats the split's f32 partials and
     * second kernel: 8192x128x8192 57.7 us against 69.4, 16384x128x2048 34 against 51, 8192x256x8192 70 against 78
     * (results/h100-2026-11-25d/call3). tf32 with both operands K-major too, where rung 04's blocks fill 5/7 of the
     * SMs (session 26, results/h100-2026-11-25g call5, NT, us): 8192x128x8192 111.8 -> 104.3 (128 blocks),
     * 16384x128x2048 69.0 -> 54.3, 8192x256x8192 125.6 -> 122.7, 256x8192x8192 124.1 -> 121.9; not 4096x128x16384
     * (64 blocks): 111.9 against 116.6. */
    if (s >= 2 && !rs && !deep && (a_in->m <= GP_H_THIN || a_in->n <= GP_H_THIN) &&
        (esz == 2 || 7 * cdiv(a_in->m, 128) * cdiv(a_in->n, 128) * r04.kc >= 5 * sms))
        return r04;
    /* a split of fewer than 64 k-blocks (16-bit types): rung 04 with its k-cluster rule reads the operands once and
     * needs no partials or second kernel: 1024x1024x2048 18.2 us (18.9 in pairs) against the split's 22.3,
     * 512x512x2048 13.5 against 15.5, 768x768x2048 18.1 against 19.0, 1024x1024x3072 24.0 against 24.9; at 64
     * k-blocks the split wins again at 1024x1024x4096 (27.3 against 29.7) (session 23,
     * results/h100-2026-11-25d/README.md "Moderate k") */
    /* tf32 with both operands K-major (NT) likewise (session 28, results/h100-2026-11-25i/call2, us, split -> rung 04):
     * 1024^3 20.0 -> 13.6 (128 x 64 tiles), 1536^3 38.7 -> 34.9 */
    if (s >= 2 && !rs && (esz == 2 || GP_H_R04_TF32) && kb < GP_H_SPLIT_R04_KB) return r04;
    /* up to 96 k-blocks where rung 04's blocks (its k-cluster) fill at least 5/7 of the SMs: 1024x1024x4096 21.3 us in
     * pairs (128 blocks) against the split's 24.5, 1024x1024x6144 29.9 against 30.6, 896x896x4096 20.5 (98 blocks)
     * against 22.3, 768x1024x4096 20.1 (96) against 21.6, 768x768x4096 17.6 (kc 3, 108) against 19.4, 640x640x4096 14.0
     * (kc 4, 100) against 18.4; not at 128 k-blocks (1024x1024x8192 37.7 against 36.4) (session 25, with both launched
     * as programmatic dependents: results/h100-2026-11-25f/call12, call14) */
    /* (tf32 NT: 1024x1024x2048 25.3 -> 21.6 in pairs; 1024x1024x4096 36.3 against 36.5, session 28) */
    if (s >= 2 && !rs && (esz == 2 || GP_H_R04_TF32) && kb <= GP_H_SPLIT_R04_FULL_KB &&
        r04.kc >= 2 && 7 * cdiv(a_in->m, 128) * cdiv(a_in->n, 128) * r04.kc >= 5 * sms) /* kc >= 2: 128 x 128 tiles */
        return r04;
    /* deep k over few tiles, split 8 ways or more: rung 07's clusters of 2, which share B's k-blocks through TMA
     * multicast (each SM pulls 32 KB a k-block from L2 instead of 48), where an even number of 128-row tiles leaves
     * no half-empty pair. Session 24 (results/h100-2026-11-25e/call1): 512x512x32768 (16 splits) 47.9 -> 44.0 us;
     * with 2-4 splits no gain (1024x1024x16384 64.5 both, 2048x2048x8192 95.5 both, 1024x1024x4096 27.1 -> 28.0),
     * and 384x384x8192 (3 tile rows) 20.4 -> 22.6. 16-bit types only (tf32: unmeasured). */
    if (s >= 2 && GP_H_SPLIT_R07 && allow_r07 && esz == 2 && !*ct && cdiv(a->m, GP_H_TILE_M) % 2 == 0 &&
        gp__gemm_h_takes(dev, a_in, 7)) {
        const gp_gemm_h_plan q = r07_split(dev, a_in, deep ? GP_H_DEEP_MAX_SPLITS : r07_max_splits(dev));
        if (q.splits >= GP_H_R07_MIN_SPLITS) return q;
    }
    if (s >= 2) {
        p.splits = (int)s;
        p.sk_tiles = (int)tiles;
        return p;
    }
    if (2 * tiles <= sms && !rs) return r04;
    return p;
}

/* The plan of pick_rung, finished for 16-bit types where rung 06 runs whole tiles (k > 0, no split). Session 32, H200,
 * results/h200-2026-11-29d:
 *   - over at most GP_H_PP_MAX_KB k-blocks (and not as C^T): rung 08, ping-pong consumers on 128 x 128 tiles. In
 *     pingpong.cu's timing (call2, us, rung 06 -> ping-pong): bf16 2048x8192x1024 NN 58.0 -> 55.2, 4096^2x1024 57.7 ->
 *     54.9, 6144^2x1024 127.5 -> 121.0, 4096^2x512 33.2 -> 31.1, 2048x4096x2048 54.7 -> 52.9, 2048^3 29.4 -> 28.4; f16
 *     TT 2048x8192x1024 57.3 -> 54.5; but 3072^3 (48 k-blocks) NN 92.8 -> 94.3, TN 94.2 -> 98.1, and 4096^3 205 -> 209.
 *     At 2560^3 (40) its 63.7 -> 59.3 became 60.6 / 61.4 -> 62.5 / 62.5 in the library's bench (call4/ab-bf16.txt),
 *     so 32 at most. Any C: f32 C it stores from the registers, while rung 06's chunked TMA epilogue stalls both
 *     warpgroups (call8, ms, bf16 -> f32, rung 06 -> rung 08: 2048x8192x1024 NN 0.0779 / 0.0771 -> 0.0635 / 0.0635,
 *     0.66x -> 0.88-0.91x cublasLt; TT 0.0782 -> 0.0626; 4096^2x1024 0.0755 / 0.0784 -> 0.0645; NT 2048^3 0.0344 /
 *     0.0336 -> 0.0289, 0.96x; level at 4096^3, call6's ladder);
 *   - else from GP_H_WAIT1_KB k-blocks with C of the operands' type: the consumers keep one k-block of wgmmas in
 *     flight (wait1). `ab` alternating (call1, call2; ours in ms, 2 rounds): 8192^3 bf16 NN 1.597 / 1.571 -> 1.569 /
 *     1.571, TN 1.613 / 1.590 -> 1.560 / 1.562, TT 1.617 / 1.607 -> 1.571 / 1.571, NT level; f16 NN 1.580 / 1.570 ->
 *     1.551 / 1.549, TN 1.566 / 1.573 -> 1.538 / 1.548, TT 1.574 / 1.573 -> 1.548 / 1.550, NT level; level at 6144^3
 *     (96 k-blocks), 4096^3 and 2048x2048x8192; +2% at 16384x256x4096 (64, session 31). Not for f32 C (bf16 -> f32
 *     8192^3 TN 1.600 / 1.611 -> 1.616 / 1.626, call8) nor tf32 (8192^3 NT 2.99 -> 3.04). */
static gp_gemm_h_plan pick(const gp_device_info *dev, const gp_gemm_args *a, int allow_r07)
{
    int ct = 0;
    gp_gemm_h_plan p = pick_rung(dev, a, allow_r07, &ct);
    if (p.rung != 6 || p.splits > 1 || a->k == 0 || a->compute == GP_COMPUTE_TF32) return p;
    const int64_t kb = cdiv(a->k * 2, 128);
    if (GP_H_PP && kb <= GP_H_PP_MAX_KB && !ct && gp__gemm_h_takes(dev, a, 8)) return gp__gemm_h_rung_plan(8, a);
    if (kb >= GP_H_WAIT1_KB && a->c_type == a->ab_type) p.wait1 = 1;
    return p;
}

gp_gemm_h_plan gp__gemm_h_pick(const gp_device_info *dev, const gp_gemm_args *a) { return pick(dev, a, 1); }

static int64_t round_up(int64_t x, int64_t m) { return (x + m - 1) / m * m; }
static size_t round128(size_t x) { return (x + 127) / 128 * 128; }

gp_gemm_h_pack gp__gemm_h_pack_plan(const gp_gemm_args *a)
{
    gp_gemm_h_pack pk;
    memset(&pk, 0, sizeof pk);
    if (!a || a->k == 0 || a->m > INT32_MAX || a->n > INT32_MAX || a->k > INT32_MAX) return pk;
    const int tf32 = a->compute == GP_COMPUTE_TF32;
    const int64_t esz = (int64_t)gp__gemm_elem_size(a->ab_type); /* tf32: f32 operands, 4 */
    if (esz == 0) return pk;
    const int64_t per16 = 16 / esz;
    /* tf32: with C TMA-describable, rung 06 takes every layout; for TN the hand-off (rung 03's, or rung 06's where
     * gp__gemm_h_tn_copy says) transposes the smaller operand to K-major (A: then NN, run as C^T; B: TT).
     * Otherwise (rungs 04/05) tf32 needs A m x k and B n x k. 16-bit types keep their layouts. */
    const int tf32_r06 = tf32 && a->vec_c, tn = a->ta == 1 && a->tb == 0;
    const int tn_a = tf32_r06 && tn && a->m <= a->n; /* TN: the smaller operand becomes K-major (A: NN, B: TT) */
    pk.pack_a = !a->vec_a || (tf32 && (tf32_r06 ? tn_a : a->ta));
    pk.ta = tf32 && (!tf32_r06 || tn_a) ? 0 : a->ta;
    pk.rows_a = pk.ta ? a->k : a->m;
    pk.lda = pk.pack_a ? round_up(pk.ta ? a->m : a->k, per16) : a->lda;
    pk.pack_b = !a->vec_b || (tf32 && (tf32_r06 ? tn && !tn_a : !a->tb));
    pk.tb = tf32 && (!tf32_r06 || (tn && !tn_a)) ? 1 : a->tb;
    pk.rows_b = pk.tb ? a->n : a->k;
    pk.ldb = pk.pack_b ? round_up(pk.tb ? a->k : a->n, per16) : a->ldb;
    pk.off_b = pk.pack_a ? round128((size_t)(pk.rows_a * pk.lda * esz)) : 0;
    pk.bytes = pk.off_b + (pk.pack_b ? round128((size_t)(pk.rows_b * pk.ldb * esz)) : 0);
    pk.ok = pk.pack_a || pk.pack_b;
    return pk;
}

gp_gemm_args gp__gemm_h_packed_args(const gp_gemm_args *a, const gp_gemm_h_pack *pk, void *ws, size_t ws_bytes)
{
    gp_gemm_args q = *a;
    char *base = (char *)ws;
    const size_t esz = gp__gemm_elem_size(a->ab_type);
    if (pk->pack_a) {
        q.A = base;
        q.lda = pk->lda;
        q.ta = pk->ta;
        q.vec_a = gp__gemm_vec_ok(q.A, q.lda, esz);
    }
    if (pk->pack_b) {
        q.B = base + pk->off_b;
        q.ldb = pk->ldb;
        q.tb = pk->tb;
        q.vec_b = gp__gemm_vec_ok(q.B, q.ldb, esz);
    }
    q.ws = ws_bytes > pk->bytes ? base + pk->bytes : NULL;
    q.ws_bytes = ws_bytes > pk->bytes ? ws_bytes - pk->bytes : 0;
    return q;
}

/* Each product with fewer tiles than SMs splits (gp__gemm_h_pick) into s = min(S / T, 16) units a tile, s lowered
 * until its partials fit in the workspace left. A quarter of the workspace kept that room before; measured
 * (tf32 TN, results/h100-2026-11-25g call1): where a quarter held only 2 splits, 1024x1024x16384 (32 tiles, 3 panels of
 * 64 units) ran 217 us, with half kept (4 panels of 128 units) 189; where it held 8, 512x512x32768 (8 tiles) ran 154
 * us in 3 panels against 166 in 4 with 16 splits (its products are bound by L2, not by the units). A whole 32 MB
 * copy of 256x256x32768 left nothing: 2 units on 2 SMs, 590 us (cublasLt 37). */
size_t gp__gemm_h_split_reserve(const gp_device_info *dev, const gp_gemm_args *a, size_t ws_bytes)
{
    const int64_t sms = dev && dev->sm_count > 0 ? dev->sm_count : 132;
    if (!a || a->k == 0 || !a->vec_c) return 0; /* C not TMA-describable: rungs 04 / 05, no split */
    /* C or C^T (gp__gemm_h_canon): the larger count */
    const int64_t t1 = cdiv(a->m, GP_H_TILE_M) * cdiv(a->n, GP_H_TILE_N);
    const int64_t t2 = cdiv(a->n, GP_H_TILE_M) * cdiv(a->m, GP_H_TILE_N);
    const int64_t tiles = t1 > t2 ? t1 : t2, unit = (int64_t)GP_H_TILE_M * GP_H_TILE_N * 4;
    if (tiles >= sms) return 0;
    const int64_t kb = cdiv(a->k * (int64_t)gp__gemm_elem_size(a->ab_type), 128);
    const int64_t s_full = min3(sms / tiles, kb / GP_H_SPLIT_MIN_KB, GP_H_MAX_SPLITS), full = s_full * tiles * unit;
    const int64_t quarter = (int64_t)(ws_bytes / 4), half = (int64_t)(ws_bytes / 2);
    const int64_t room = quarter / (tiles * unit) >= 4 ? quarter : half;
    if (room / (tiles * unit) < 2 || s_full < 2) return 0; /* no split fits (or none wanted) either way */
    return (size_t)(full < room ? full : room);
}

gp_gemm_h_panels gp__gemm_h_panel_plan(const gp_device_info *dev, const gp_gemm_args *a, const gp_gemm_h_pack *pk,
                                       size_t ws_bytes)
{
    gp_gemm_h_panels pn;
    memset(&pn, 0, sizeof pn);
    if (!a || !pk || !pk->ok) return pn;
    const int64_t esz = (int64_t)gp__gemm_elem_size(a->ab_type);
    if (esz == 0) return pn;
    const int64_t sms = dev && dev->sm_count > 0 ? dev->sm_count : 132;
    /* a quarter stays for the plan's split-k partials; C not TMA-describable (rungs 04 and 05: no split): none */
    const int64_t budget = a->vec_c ? (int64_t)(ws_bytes / 4 * 3) : (int64_t)ws_bytes;
    if (pk->pack_a != pk->pack_b) { /* panels of C along the packed operand's dimension */
        const int along_n = pk->pack_b;
        const int64_t dim = along_n ? a->n : a->m;
        /* bytes of the packed copy per column of C (B packed) or per row (A packed): a row of the K-major copy, or
         * a k-long column of the copy kept in its layout (panel widths are multiples of 128: no rounding there) */
        const int64_t per = along_n ? esz * (pk->tb ? pk->ldb : a->k) : esz * (pk->ta ? a->k : pk->lda);
        const int64_t size = per > 0 ? budget / per / 128 * 128 : 0;
        const int64_t tiles = along_n ? cdiv(a->m, GP_H_TILE_M) * cdiv(size, GP_H_TILE_N)
                                      : cdiv(size, GP_H_TILE_M) * cdiv(a->n, GP_H_TILE_N);
        if (dim > 128 && size >= 128 && size < dim && tiles >= sms) {
            pn.along = along_n ? GP_H_PANEL_N : GP_H_PANEL_M;
            pn.size = size;
            pn.count = (dim + size - 1) / size;
            return pn;
        }
    }
    /* panels of k: bytes of the copies per element of k (a K-major copy's rows, or an MN-major copy's ld); the
     * partials keep gp__gemm_h_split_reserve */
    const int64_t reserve = (int64_t)gp__gemm_h_split_reserve(dev, a, ws_bytes);
    const int64_t budget_k = (int64_t)ws_bytes - reserve < budget ? (int64_t)ws_bytes - reserve : budget;
    const int64_t per_k_a = pk->pack_a ? (pk->ta ? pk->lda : a->m) : 0;
    const int64_t per_k = esz * (per_k_a + (pk->pack_b ? (pk->tb ? a->n : pk->ldb) : 0));
    const int64_t size = per_k > 0 ? budget_k / per_k / 64 * 64 : 0;
    if (size < 64 || size >= a->k) return pn;
    pn.along = GP_H_PANEL_K;
    pn.size = size;
    pn.count = (a->k + size - 1) / size;
    return pn;
}

int gp__gemm_h_copy_plan(const gp_device_info *dev, const gp_gemm_args *a, const gp_gemm_h_pack *pk, size_t ws_bytes,
                         gp_gemm_h_panels *pn)
{
    memset(pn, 0, sizeof *pn);
    if (pk->bytes + gp__gemm_h_split_reserve(dev, a, ws_bytes) <= ws_bytes) return 1; /* whole, with the partials' room */
    *pn = gp__gemm_h_panel_plan(dev, a, pk, ws_bytes);
    return pn->count > 0 || pk->bytes <= ws_bytes; /* panels, or else whole if it fits at all */
}

gp_gemm_args gp__gemm_h_panel_args(const gp_gemm_args *a, const gp_gemm_h_panels *pn, int64_t i)
{
    gp_gemm_args q = *a;
    const int64_t esz = (int64_t)gp__gemm_elem_size(a->ab_type), csz = (int64_t)gp__gemm_elem_size(a->c_type);
    const int64_t dim = pn->along == GP_H_PANEL_N ? a->n : pn->along == GP_H_PANEL_M ? a->m : a->k;
    const int64_t start = i * pn->size, len = dim - start < pn->size ? dim - start : pn->size;
    if (pn->along == GP_H_PANEL_N) { /* columns [start, start + len) of C and of op(B) */
        q.n = len;
        q.C = (char *)a->C + start * csz;
        q.B = (const char *)a->B + (a->tb ? start * a->ldb : start) * esz;
    } else if (pn->along == GP_H_PANEL_M) { /* rows [start, start + len) of C and of op(A) */
        q.m = len;
        q.C = (char *)a->C + start * a->ldc * csz;
        q.A = (const char *)a->A + (a->ta ? start : start * a->lda) * esz;
    } else { /* columns [start, start + len) of op(A), rows of op(B); C accumulates after the first */
        q.k = len;
        q.A = (const char *)a->A + (a->ta ? start * a->lda : start) * esz;
        q.B = (const char *)a->B + (a->tb ? start : start * a->ldb) * esz;
        if (i > 0) q.beta = 1.0f;
    }
    q.vec_a = gp__gemm_vec_ok(q.A, q.lda, (size_t)esz);
    q.vec_b = gp__gemm_vec_ok(q.B, q.ldb, (size_t)esz);
    q.vec_c = gp__gemm_vec_ok(q.C, q.ldc, (size_t)csz);
    return q;
}

#define EPI_NAME(e) ((e) == 1 ? "whole" : (e) == 2 ? "half" : "chunk")
const char *gp__gemm_h_plan_name(const gp_gemm_h_plan *p, char *buf, size_t len)
{
    if (!p || p->rung == 0) snprintf(buf, len, "none");
    else if (p->rung == 4 && p->kc > 1) snprintf(buf, len, "r04 kc%d", p->kc);
    else if (p->rung == 4 && p->r04_bn == 64) snprintf(buf, len, "r04 n64");
    else if (p->rung < 6 || p->rung == 8) snprintf(buf, len, "r%02d", p->rung);
    else if (p->splits > 1)
        snprintf(buf, len, "r%02d s%d %s%s g%d w%d sk%dx%d", p->rung, p->stages, EPI_NAME(p->epi), p->defer ? "-d" : "",
                 p->group, p->wait1, p->sk_tiles, p->splits);
    else snprintf(buf, len, "r%02d s%d %s%s g%d w%d", p->rung, p->stages, EPI_NAME(p->epi), p->defer ? "-d" : "", p->group,
                  p->wait1);
    return buf;
}

/* Runs plan p (its rung, with its configuration for rungs 06/07). */
gp_status gp__gemm_h_run_plan(const gp_device_info *dev, cudaStream_t s, const gp_gemm_args *a, const gp_gemm_h_plan *p)
{
    switch (p->rung) {
    case 4: return gp__gemm_r04_run(dev, s, a, p->kc, p->r04_bn);
    case 5: return gp__gemm_r05_warpspec(dev, s, a);
    case 6: return gp__gemm_r06_run(dev, s, a, p);
    case 7: return gp__gemm_r07_run(dev, s, a, p);
    case 8: return gp__gemm_r08_pingpong(dev, s, a);
    default: return GP_ERROR_NOT_SUPPORTED;
    }
}

gp_status gp__gemm_h_auto(const gp_device_info *dev, cudaStream_t s, const gp_gemm_args *a)
{
    const gp_gemm_h_plan p = gp__gemm_h_pick(dev, a);
    return gp__gemm_h_run_plan(dev, s, a, &p);
}

int gp__gemm_h_takes(const gp_device_info *dev, const gp_gemm_args *a, int rung)
{
    if (dev && dev->cc_major < 9) return 0;
    if (a->m > INT32_MAX || a->n > INT32_MAX || a->k > INT32_MAX) return 0;
    if (rung == 8 && a->compute == GP_COMPUTE_TF32) return 0; /* 16-bit types only */
    if (a->k == 0) return 1;
    if (!a->vec_a || !a->vec_b) return 0;
    /* tf32 reads K-major operands only; rungs 06 and 04 take A MN-major (from registers), B MN-major with A K-major
     * as C^T (gp__gemm_h_canon), and both MN-major (A from registers, B transposed in shared memory) */
    if (tf32_rs(a)) {
        const int tn = a->ta == 1 && a->tb == 0;
        /* rung 04 with C TMA-describable like rung 06 (the automatic choice of a C that is not keeps rung 03's
         * hand-off: operands packed for rungs 04 / 05 with both K-major) */
        if (rung == 6 ? tn && !GP_H_TN_XPOSE : rung != 4 || !a->vec_c) return 0;
    }
    return rung < 6 || rung == 8 || a->vec_c; /* rung 08 stores C from the registers where the TMA cannot */
}

int gp__gemm_h_tn_copy(const gp_device_info *dev, const gp_gemm_args *a, size_t ws_bytes)
{
    if (!a || a->compute != GP_COMPUTE_TF32 || a->ta != 1 || a->tb != 0 || a->k == 0 || !a->vec_c) return 0;
    if (a->m <= GP_H_TN_COPY_MIN_MN && a->n <= GP_H_TN_COPY_MIN_MN) return 0;
    const gp_gemm_h_pack pk = gp__gemm_h_pack_plan(a);
    gp_gemm_h_panels pn;
    /* a whole copy, or panels of C, not panels of k */
    return pk.ok && gp__gemm_h_copy_plan(dev, a, &pk, ws_bytes, &pn) && (pn.count == 0 || pn.along != GP_H_PANEL_K);
}

gp_status gp__gemm_h_launch(gp_ctx *c, const gp_gemm_args *args, int rung)
{
    gp_gemm_args a = *args;
    gp_gemm_h_plan p;
    const int ws_ok = c->workspace && (uintptr_t)c->workspace % 128 == 0;
    a.ws = ws_ok ? c->workspace : NULL;
    a.ws_bytes = ws_ok ? c->workspace_bytes : 0;
    /* tf32 TN, automatic choice: the transposed copy where it wins (gp__gemm_h_tn_copy); else rung 06 below */
    if (c->forced == 0 && gp__gemm_h_tn_copy(c->dev, &a, a.ws_bytes)) {
        int handled = 0;
        GP_TRY(gp__gemm_pack_handoff(c, args, &handled));
        if (handled) return GP_SUCCESS;
    }
    /* forced rung 06: the plan as it would be without rung 07 (its split where rung 07's would run) */
    p = pick(c->dev, &a, c->forced != 6);
    /* automatic: the plan's rung; forced (or no plan): this rung, with the plan's configuration if it names it */
    if (!(c->forced == 0 && p.rung >= 4 && p.rung <= 8) && p.rung != rung) p = gp__gemm_h_rung_plan(rung, &a);
    /* rung 07 forced with a configuration: 0 whole tiles, 1 its split plan */
    if (rung == 7 && c->forced == 7 && c->config == 0) p = gp__gemm_h_rung_plan(7, &a);
    if (rung == 7 && c->forced == 7 && c->config == 1) p = gp__gemm_h_r07_split(c->dev, &a);
    c->ran_rung = p.rung;
    if (p.rung == 4) { /* rung 04's configurations are its k-clusters: a forced one replaces the plan's */
        if (c->forced == 4 && gp__gemm_r04_config_kc(c->config) > 0) {
            p.kc = gp__gemm_r04_config_kc(c->config);
            p.r04_bn = gp__gemm_r04_config_bn(c->config);
        }
        c->ran_config = -1;
        for (int i = 0; i < GP_GEMM_R04_CONFIGS; ++i)
            if (gp__gemm_r04_config_kc(i) == p.kc && gp__gemm_r04_config_bn(i) == p.r04_bn) c->ran_config = i;
    }
    if (p.rung == 7) c->ran_config = p.splits > 1;
    return gp__gemm_h_run_plan(c->dev, c->stream, &a, &p);
}
