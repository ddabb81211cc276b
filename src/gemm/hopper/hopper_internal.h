/* hopper_internal.h — the Hopper tensor-core gemm rungs 04-08 (wgmma, TMA, warp specialisation, persistent
 * clusters, ping-pong consumers) and their per-shape plans. In the library's rung table (GEMM_RUNGS in src/gemm/gemm.c; min_cc 90,
 * sm_90a code only: on other GPUs they are unsupported and the dispatcher uses rung 03). The automatic choice
 * reaches rung 06 (or 05 where C is not TMA-describable) and runs gp__gemm_h_pick's plan, which may name rung
 * 04, 05, 06 with split-k, 07 with split-k or 08 (the rung that ran is what gp_get_last_rung reports). Verified on the H100 with
 * scripts/experiments/gemm_hopper/run.sh (run 2: 2904 cases passed, results/gemm-hopper-h100-2026-11-23) and by
 * tests/test_gpu_gemm.c through the library. */
#ifndef GP_GEMM_HOPPER_INTERNAL_H
#define GP_GEMM_HOPPER_INTERNAL_H
#include "../gemm_internal.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef gp_status (*gp_gemm_launcher)(const gp_device_info *dev, cudaStream_t s, const gp_gemm_args *a);

/* ---- Hopper rungs (sm_90a; min_cc 90). Each returns GP_ERROR_NOT_SUPPORTED, before launching anything,
 * for arguments it cannot take (the dispatcher then falls back to rung 03):
 *   - k > 0 and A or B not describable by a tensor map: vec_a / vec_b == 0 (base not 16-byte aligned or
 *     ld * elem_size not a multiple of 16 bytes);
 *   - tf32 with an MN-major operand (ta == 1 or tb == 0): tf32 wgmma reads only K-major shared memory. Rung 06
 *     takes A MN-major with B K-major (A's fragments loaded into registers), A K-major with B MN-major (as
 *     C^T = B^T A^T, gp__gemm_h_canon) and both MN-major (A from registers, B transposed in shared memory); rung 04
 *     takes A MN-major with B K-major (A from registers) and so NN as C^T, with C TMA-describable;
 *   - m, n or k above INT32_MAX (TMA coordinates are 32-bit), or a device below cc 9.0 / a build without sm_90a;
 *   - rungs 06 and 07: vec_c == 0 (their epilogue stores C through a tensor map);
 *   - rung 08: tf32 (it runs 16-bit types only; any C, any layout).
 * k == 0 (or alpha == 0 passed as k == 0) is always taken: C = beta * C by a plain kernel. ---- */
/* Rung 04: TMA + wgmma, one consumer warpgroup, 128x128 tile, 3-stage mbarrier ring (kc == 1); tf32 TT / NN with A
 * from registers (NN as C^T). */
gp_status gp__gemm_r04_tma_wgmma(const gp_device_info *dev, cudaStream_t s, const gp_gemm_args *a);
/* Rung 04 with its k-cluster: clusters of kc blocks (1..GP_GEMM_R04_MAX_KC; lowered to the k-blocks there are)
 * share each tile, one k-range each, and add their partial tiles through distributed shared memory. bn: the tile's
 * width, 64 or else 128 (128 x 64 tiles: twice the blocks, each pulling 24 KB a k-block instead of 32). */
enum { GP_GEMM_R04_MAX_KC = 8, GP_GEMM_R04_CONFIGS = 6 };
gp_status gp__gemm_r04_run(const gp_device_info *dev, cudaStream_t s, const gp_gemm_args *a, int kc, int bn);
/* Rung 04's configurations (gp_set_config): 0..4 = 128 x 128 tiles in k-clusters of 1, 2, 3, 4, 8 blocks, 5 = 128 x 64
 * tiles, whole k; the kc and the tile width of cfg (0 if none). */
int gp__gemm_r04_config_kc(int cfg);
int gp__gemm_r04_config_bn(int cfg);
const char *gp__gemm_r04_config_name(int cfg);
/* Rung 05: warp-specialised: producer warp + two consumer warpgroups (setmaxnreg), 128x256 tile, 4 stages. */
gp_status gp__gemm_r05_warpspec(const gp_device_info *dev, cudaStream_t s, const gp_gemm_args *a);
/* Rung 06: persistent, grouped tile order, TMA-store epilogue overlapping the next tile's loads. */
gp_status gp__gemm_r06_persistent(const gp_device_info *dev, cudaStream_t s, const gp_gemm_args *a);
/* Rung 07: rung 06 in clusters of 2 CTAs sharing B through TMA multicast (256 x 256 per cluster). */
gp_status gp__gemm_r07_cluster(const gp_device_info *dev, cudaStream_t s, const gp_gemm_args *a);
/* Rung 07's configurations (gp_set_config): 0 = whole cluster tiles, 1 = its split plan (gp__gemm_h_r07_split). */
enum { GP_GEMM_R07_CONFIGS = 2 };
const char *gp__gemm_r07_config_name(int cfg);
/* Rung 08: persistent, ping-pong consumers (each warpgroup its own 128 x 128 tile, 6 stages of 32 KB), 16-bit types. */
gp_status gp__gemm_r08_pingpong(const gp_device_info *dev, cudaStream_t s, const gp_gemm_args *a);

/* ---- Per-shape plans of the Hopper rungs (hopper_pick.c). A plan names the rung and, for the persistent rungs,
 * its configuration. gp__gemm_h_pick is the rule (pure: unit-tested on the CPU by tests/test_gemm_plan.c);
 * gp__gemm_h_auto runs the plan the rule gives (the harness's "auto" column). ---- */
typedef struct gp_gemm_h_plan {
    int rung;     /* 4..8; 0: no Hopper rung takes the arguments */
    int splits;   /* rungs 06/07: ways each of the last sk_tiles tiles (in tile order) is split along k; 1 = none */
    int sk_tiles; /* rungs 06/07: tiles split (the others run whole first: "data-parallel + split-k tail");
                     rung 07 counts 256 x 256 cluster tiles */
    int stages;   /* rungs 06/07: pipeline stages (2..4) */
    int epi;      /* rungs 06/07: TMA-store epilogue: 0 = chunked (8 x 64x32), 1 = whole tile at once (16-bit C;
                     3 stages), 2 = half-tile rounds (16-bit C); f32 C is always chunked */
    int group;    /* rungs 04-07: tile rows per group of the tile order */
    int kc;       /* rung 04: blocks per k-cluster (gp__gemm_r04_kc); 1 = whole tiles */
    int r04_bn;   /* rung 04: the tile's width, 128 or 64 (64 only with kc 1) */
    int wait1;    /* rungs 06/07: consumers keep one k-block's wgmmas in flight (wait_group 1, free the previous
                     stage: CUTLASS's default) instead of draining each k-block (wait_group 0, free its stage at
                     once: one more stage for the producer; the other warpgroup keeps the tensor cores busy) */
    int defer;    /* rungs 06/07, 16-bit C: tiles wholly inside C with beta 0 leave through the deferred epilogue
                     (packed into registers at once, stored box by box under the next tile's first k-blocks) */
} gp_gemm_h_plan;

/* The arguments rung 06's kernel runs (pure): C^T = op(B)^T op(A)^T (m and n, A and B swapped, ta = 1 - tb and
 * tb = 1 - ta; *ct = 1: the kernel stores C transposed) for tf32 with A K-major and B MN-major (NN: A from
 * registers), and where C^T has fewer 128 x 256 tiles (16-bit types, and tf32 NT); any other call as it is
 * (*ct = 0). The plan's tiles count in these dimensions. */
gp_gemm_args gp__gemm_h_canon(const gp_gemm_args *a, int *ct);
/* Rung 04's pipeline stages for a grid of `tiles` blocks on `sms` SMs and kb k-blocks (pure): 6 (192 KB: more
 * k-blocks' loads in flight) where the grid has at most one block per SM and kb >= 12, else 3 (96 KB, 2 blocks per
 * SM). H100, both in one call (results/h100-2026-11-24e/call7): bf16 1000^3 18.5 -> 17.4 us, 1024^3 16.6 -> 15.1,
 * 768^3 14.6 -> 13.7; 512^3 (8 k-blocks) 11.4 -> 11.9, so it keeps 3. */
int gp__gemm_r04_stages(int64_t tiles, int64_t sms, int64_t kb);
/* Rung 04's k-cluster for `tiles` 128 x 128 tiles of kb k-blocks on `sms` SMs (pure): the most blocks per tile,
 * up to GP_GEMM_R04_MAX_KC, that keep the grid within GP_GEMM_R04_KC_BLOCKS blocks (and one per SM) and give each
 * at least GP_GEMM_R04_KC_MIN_KB k-blocks; else up to `wide` blocks per tile beyond that (below: pair_min_kb,
 * GP_GEMM_R04_KC_PAIR_MIN_KB or tf32's with A from registers); 1 if none. Why 64 blocks (H100, results/h100-2026-11-24f): a k-block
 * takes a block ~0.42 us when few blocks load, and the blocks' TMA loads (32 KB a k-block) together reach ~4.5 TB/s
 * from L2; a split shortens each block's chain of k-blocks but not the bytes, so it pays only while tiles x kc x 32
 * KB / 4.5 TB/s stays under 0.42 us, i.e. up to ~60 blocks: 1000^3 (64 tiles) ran 15.6 us whole and 17.4 split in
 * 2; 128x128x4096 31.0 whole, 12.7 us split in 8; 512x512x32768 (16 tiles) 196 / 106 / 75 / 59 / 68 us with
 * 1 / 2 / 3 / 4 / 8. */
enum { GP_GEMM_R04_KC_MIN_KB = 2, GP_GEMM_R04_KC_BLOCKS = 64 };
/* Beyond GP_GEMM_R04_KC_BLOCKS blocks, clusters of up to `wide` (2: pairs; 4 for a C that is not thin, session 25,
 * hopper_pick.c r04_plan), up to one block per SM, where each block keeps at least
 * GP_GEMM_R04_KC_PAIR_MIN_KB k-blocks (session 23, results/h100-2026-11-25d/README.md "Moderate k": 768x768x2048 16.4 us
 * in pairs against 18.1 whole, 1024x1024x3072 21.9 against 24.0, 1024x1024x4096 25.6 against 29.7; 1024x1024x2048, 16 a
 * block, 18.2 either way; 1000^3, 8 a block, 17.1 against 14.3). Clusters of 4 at 128 blocks lost (4096x128x8192:
 * 0.70x against 0.90x in pairs): not all fit at once. */
enum { GP_GEMM_R04_KC_PAIR_MIN_KB = 16 };
/* Clusters of 3 or 4 beyond 64 blocks only up to this many blocks (session 25, results/h100-2026-11-25f/call18: 512 x
 * 1024 x 4096, 32 tiles, in clusters of 4 on 128 blocks 25.3 us, of 3 on 96 blocks 17.0; 640x640x4096 in clusters of
 * 4 on 100 blocks 14.0, 768x768x4096 in clusters of 3 on 108 blocks 17.6, call14). */
enum { GP_GEMM_R04_KC_WIDE_BLOCKS = 108 };
/* 1 if rung 04's whole tiles leave through its TMA-store epilogue (pure): 16-bit C, beta 0, C TMA-describable, n >= 8
 * (so that some columns lie inside C's tensor map: gp_h_n_tma). */
int gp__gemm_r04_tma_epi(const gp_gemm_args *a);
int gp__gemm_r04_kc(int64_t tiles, int64_t sms, int64_t kb, int wide, int pair_min_kb);
/* Bytes of workspace a plan needs (split-k partials: sk_tiles x splits x 128 x 256 f32; rung 07: 256 x 256). */
size_t gp__gemm_h_plan_ws(const gp_gemm_h_plan *p);
/* The rule: the plan for these arguments on this device (dev NULL: an H100, 132 SMs). Reads only dev->cc_major
 * and sm_count and the arguments (m, n, k, types, layout, vec_*, ws_bytes). */
gp_gemm_h_plan gp__gemm_h_pick(const gp_device_info *dev, const gp_gemm_args *a);
/* Rung 07's split-k plan (pure; whole tiles where fewer than 2 splits fit): the rule's choice for deep k, and rung
 * 07's configuration 1. */
gp_gemm_h_plan gp__gemm_h_r07_split(const gp_device_info *dev, const gp_gemm_args *a);
/* A rung's own configuration when it is forced (rungs 06/07 with no split-k): what gp__gemm_r06_persistent /
 * gp__gemm_r07_cluster run. */
gp_gemm_h_plan gp__gemm_h_rung_plan(int rung, const gp_gemm_args *a);
/* Writes a short description of the plan ("r06 s3 full g16 sk4x24", ...) into buf. */
const char *gp__gemm_h_plan_name(const gp_gemm_h_plan *p, char *buf, size_t len);
/* Runs plan p: its rung, with its configuration for rungs 06/07 (GP_ERROR_NOT_SUPPORTED if it names no rung). */
gp_status gp__gemm_h_run_plan(const gp_device_info *dev, cudaStream_t s, const gp_gemm_args *a,
                              const gp_gemm_h_plan *p);
/* Runs gp__gemm_h_pick's plan (GP_ERROR_NOT_SUPPORTED if it names no rung). */
gp_status gp__gemm_h_auto(const gp_device_info *dev, cudaStream_t s, const gp_gemm_args *a);
/* Rungs 06/07 with an explicit plan. */
gp_status gp__gemm_r06_run(const gp_device_info *dev, cudaStream_t s, const gp_gemm_args *a, const gp_gemm_h_plan *p);
gp_status gp__gemm_r07_run(const gp_device_info *dev, cudaStream_t s, const gp_gemm_args *a, const gp_gemm_h_plan *p);

/* Experiment hooks (the harness's variant sweep; defaults = no override): applied by rungs 06/07 on top of any
 * plan, so that one build times several configurations. Not thread-safe; the library never sets them. */
typedef struct gp_gemm_h_knobs {
    int group;    /* > 0: tile rows per group (rung 07: 128-row tiles; rounded to whole cluster rows) */
    int stages;   /* > 0: pipeline stages (clamped to what fits) */
    int epi;      /* >= 0: epilogue mode (plan.epi; 1 and 2 are ignored for f32 C) */
    int splits;   /* > 0: rung 06 splits every tile k-wise this many ways (needs ws) */
    int clusters; /* > 0: rung 07 launches this many clusters (default: cudaOccupancyMaxActiveClusters) */
    int mcast;    /* >= 0: rung 07 multicasts B (1) or has each CTA load all of B itself (0: diagnosis) */
    int wait;     /* 1: wait_group 0 per k-block, 2: wait_group 1 (plan.wait1); 0: the plan's */
    int defer;    /* 1: the deferred epilogue on, 2: off (plan.defer); 0: the plan's */
} gp_gemm_h_knobs;
extern gp_gemm_h_knobs gp__gemm_h_knobs;
#define GP_GEMM_H_KNOBS_NONE {0, 0, -1, 0, 0, -1, 0, 0}
/* Rung 07's cluster count on this device as it would launch now (after knobs); 0 if unknown (host query). */
int gp__gemm_r07_clusters(const gp_device_info *dev);

/* ---- The library's entry points (the GP_RUNG lines of the rung files) ----
 * 1 if rung `rung` (4..8) can take these arguments (pure): a device of cc >= 9.0 (dev NULL: yes), m, n, k up to
 * INT32_MAX, and unless k == 0: A and B TMA-describable (vec_a, vec_b), tf32 only with A m x k and B n x k but on
 * rung 06 (any layout) and never on rung 08, and for rungs 06/07 C TMA-describable (vec_c). */
int gp__gemm_h_takes(const gp_device_info *dev, const gp_gemm_args *a, int rung);
/* Runs rung `rung` for the dispatcher with the handle's workspace (split-k partials; one that is not 128-byte
 * aligned is not used). Picked automatically (c->forced == 0): the plan's rung, written to c->ran_rung. Forced:
 * that rung, with the plan's configuration where the plan names the same rung (split-k), else its own. */
gp_status gp__gemm_h_launch(gp_ctx *c, const gp_gemm_args *a, int rung);

/* ---- Packing (issue 16; on by default, off in builds with GP_GEMM_PACK=0: hopper_pack.c) ----
 * Operands the TMA cannot describe (vec_a / vec_b == 0) and tf32's MN-major operands are copied into the
 * workspace, K-major for tf32 (a transpose), in their own layout otherwise, with leading dimensions rounded up to
 * 16 bytes; the Hopper plan then runs on the copies, its split-k partials after them. Counted in
 * scripts/experiments/gemm_hopper/NOTES.md ("Session 10"). */
typedef struct gp_gemm_h_pack {
    int ok;                 /* 1: at least one operand is packed and the Hopper rungs can then take the call */
    int pack_a, pack_b;     /* which operands are copied */
    int ta, tb;             /* the layouts the plan sees (tf32: 0 and 1) */
    int64_t lda, ldb;       /* leading dimensions of the packed copies (multiples of 16 bytes) */
    int64_t rows_a, rows_b; /* rows of the packed copies as stored */
    size_t off_b;           /* offset of B's copy in the workspace (A's is 0); multiples of 128 bytes */
    size_t bytes;           /* workspace the copies take (a multiple of 128 bytes) */
} gp_gemm_h_pack;
/* What packing these arguments needs (pure; hopper_pick.c). ok == 0 where nothing needs packing, k == 0, or a
 * dimension exceeds INT32_MAX. */
gp_gemm_h_pack gp__gemm_h_pack_plan(const gp_gemm_args *a);
/* The arguments the plan sees once the copies sit at ws (pure): packed operands, vec flags, the workspace left
 * after the copies (ws + bytes, ws_bytes - bytes). */
gp_gemm_args gp__gemm_h_packed_args(const gp_gemm_args *a, const gp_gemm_h_pack *pk, void *ws, size_t ws_bytes);
/* The workspace a packed call keeps for its product's split-k partials (pure): 0 where C has at least a wave of
 * 128 x 256 tiles (at most a tail splits) or where even half of ws_bytes holds no 2-way split; else a quarter of ws_bytes, or up to half where a quarter holds fewer
 * than 4 splits (at most the full split's S x 128 KB). A whole copy runs only where this much is left after it;
 * otherwise, and where the copies exceed the workspace, panels. */
size_t gp__gemm_h_split_reserve(const gp_device_info *dev, const gp_gemm_args *a, size_t ws_bytes);
/* tf32 TN (A k x m, B k x n, both MN-major) on the automatic choice (pure): 1 where the transposed copy of the smaller
 * operand (hopper_pack.c) runs instead of rung 06's transpose of B in shared memory, i.e. where m or n exceeds
 * GP_H_TN_COPY_MIN_MN (1024) and the copy goes whole or in panels of C; 0 for panels of k (deep k over a small C) and
 * small C. H100 (results/h100-2026-11-25h/call1, us, copy against rung 06): 2048^3 60.4 / 77.4, 4096^3 490 / 567,
 * 8192^3 3770 / 4300, 256x16384x4096 110 / 156; 1024^3 24.4 / 23.4, 512x512x32768 155 / 81, 1024x1024x16384 191 / 150,
 * 256x256x32768 83.5 / 72.5. */
int gp__gemm_h_tn_copy(const gp_device_info *dev, const gp_gemm_args *a, size_t ws_bytes);
/* Panels, each packed and run in turn, each panel's copy at most 3/4 of
 * ws_bytes (panels of k: at most ws_bytes less gp__gemm_h_split_reserve). Where exactly one operand is packed: panels of C, along n where B is the packed operand (each panel's
 * columns of op(B) copied), along m where A is, a multiple of 128 wide (but the last), if such a panel still has
 * at least a wave of 128 x 256 tiles (dev->sm_count; NULL: 132). Otherwise (both packed, or narrow panels): panels
 * of k, a multiple of 64 long (but the last), each adding its k-slice's product to C (beta = 1 after the first).
 * count 0: no panels (not even the smallest panel fits). */
enum { GP_H_PANEL_M = 0, GP_H_PANEL_N = 1, GP_H_PANEL_K = 2 };
typedef struct gp_gemm_h_panels {
    int64_t count; /* panels, 0 if none */
    int along;     /* GP_H_PANEL_M (rows of C; A packed), _N (columns; B packed) or _K (slices of k) */
    int64_t size;  /* rows, columns or k per panel (the last may have fewer) */
} gp_gemm_h_panels;
gp_gemm_h_panels gp__gemm_h_panel_plan(const gp_device_info *dev, const gp_gemm_args *a, const gp_gemm_h_pack *pk,
                                       size_t ws_bytes);
/* How the copies of pk run in ws_bytes (pure): 1 with pn->count == 0 for a whole copy (where it leaves the product's
 * partials their room, gp__gemm_h_split_reserve, or where no panel fits but the copy does), 1 with pn->count > 0 for
 * panels (gp__gemm_h_panel_plan), 0 where neither fits. gp__gemm_pack_handoff and gp__gemm_h_tn_copy decide by it. */
int gp__gemm_h_copy_plan(const gp_device_info *dev, const gp_gemm_args *a, const gp_gemm_h_pack *pk, size_t ws_bytes,
                         gp_gemm_h_panels *pn);
/* Panel i's arguments (pure): m, n or k cut to the panel, the operands (and C) moved to its start, vec flags
 * again; k panels after the first have beta = 1. */
gp_gemm_args gp__gemm_h_panel_args(const gp_gemm_args *a, const gp_gemm_h_panels *pn, int64_t i);

gp_kernel_info gp__gemm_r04_kernel(void);
gp_kernel_info gp__gemm_r05_kernel(void);
gp_kernel_info gp__gemm_r06_kernel(void);
gp_kernel_info gp__gemm_r07_kernel(void);

#ifdef __cplusplus
}
#endif
#endif
