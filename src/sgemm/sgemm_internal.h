/* sgemm_internal.h — the argument block the sgemm rungs share (sgemm.c -> rung files). */
#ifndef GP_SGEMM_INTERNAL_H
#define GP_SGEMM_INTERNAL_H
#include "../core/internal.h"
#ifdef __cplusplus
extern "C" {
#endif

/* One call, checked by the dispatcher: C (m x n, ldc) = alpha * op(A) * op(B) + beta * C, row-major, for
 * `batch` matrices z = 0..batch-1 at A + z * stride_a, B + z * stride_b, C + z * stride_c (gp_sgemm: one).
 * ta/tb: 0 = as stored, 1 = transposed. k == 0 means "do not read A or B" (also used for alpha == 0).
 * kslice > 0 (split-k, rung 11's internal calls): matrix z multiplies the k-slice of kslice columns of
 * op(A) / rows of op(B) that the strides point to, min(kslice, k - z * kslice) long. */
#define GP_SGEMM_ONE_FIELDS                                                                                    \
    int64_t m, n, k;                                                                                           \
    const float *A;                                                                                            \
    const float *B;                                                                                            \
    float *C;                                                                                                  \
    int64_t lda, ldb, ldc;                                                                                     \
    float alpha, beta;                                                                                         \
    int ta, tb;                                                                                                \
    int vec_a, vec_b, vec_c; /* 1 if every matrix is 16-byte aligned and its ld is a multiple of 4; vec_b 2: also  \
                              * B (k x n, direct) has zero columns up to a multiple of 256 (rung 13's copy): rung   \
                              * 10's kernels load whole tiles of it */
typedef struct gp_sgemm_args {
    GP_SGEMM_ONE_FIELDS /* one matrix's product: also the one-matrix kernels' parameter (gp_sg_one) */
    int64_t batch;
    int64_t stride_a, stride_b, stride_c;
    int64_t kslice;
} gp_sgemm_args;

/* 1 where the operands that rungs 10-12 copy "direct" (along the tile's rows: A transposed, B as stored) have their rows
 * on 16 bytes. The per-shape rules take this, not vec_a && vec_b: an operand stored "across" is copied in 4-byte
 * copies whatever its alignment (sgemm_async.cuh), so its alignment does not change which tiles are fastest. */
static inline int gp__sgemm_direct_vec(const gp_sgemm_args *p) { return (!p->ta || p->vec_a) && (p->tb || p->vec_b); }

/* Launches at most this many matrices of a batch at once (the grid's y or z dimension). */
#define GP_SGEMM_MAX_GRID_BATCH 65535

/* Rung 10's tile configurations. gp__sgemm_r10_pick is the per-shape rule (dev NULL: an H100; vec: A's and B's
 * rows on 16-byte boundaries);
 * gp_set_config(h, GP_PRIM_SGEMM, cfg) makes rung 10 use configuration cfg instead (the tuning sweep of
 * `gpuprim bench sgemm -v`). Configuration 5 is for comparison only: the rule never picks it. */
#define GP_SGEMM_R10_CONFIGS 6
int gp__sgemm_r10_pick(const gp_device_info *dev, int64_t m, int64_t n, int64_t k, int vec);
/* The rule for `batch` matrices of m x n x k at once (rung 11's strided batches; batch <= 1: gp__sgemm_r10_pick). */
int gp__sgemm_r10_pick_batch(const gp_device_info *dev, int64_t m, int64_t n, int64_t k, int vec, int64_t batch);
const char *gp__sgemm_r10_config_name(int cfg);
/* Rung 10's launch of configuration cfg (rung 11 runs it over k-slices). */
gp_status gp__sgemm_r10_run(cudaStream_t s, const gp_sgemm_args *p, int cfg);

/* Rung 11's split of k: the number of k-slices (1 = no split) for one m x n x k product under configuration
 * cfg of rung 10 with `ws_bytes` of workspace for the partial products (pure; dev NULL: an H100). */
int64_t gp__sgemm_r11_slices(const gp_device_info *dev, int64_t m, int64_t n, int64_t k, int cfg, size_t ws_bytes);
/* Rung 11's configuration: 128x256 (0) in one wave of k-slices where those fill >= 3/4 of the SMs and its tiles
 * alone less than half (m >= 128, n >= 256, 16-byte rows); else 128x128 (2) in one wave of k-slices where those fill
 * >= 90% of its block slots (16-byte rows); else rung 10's rule. */
int gp__sgemm_r11_pick(const gp_device_info *dev, int64_t m, int64_t n, int64_t k, int vec, size_t ws_bytes);

/* 1 where rung 11 runs the product as C^T = op(B)^T op(A)^T (n x m), in 128x256 k-slices that the m x n shape does
 * not take (n < 256), the reduction writing the partials transposed (pure; dev NULL: an H100). */
int gp__sgemm_r11_swap(const gp_device_info *dev, int64_t m, int64_t n, int64_t k, int vec, size_t ws_bytes);
/* Slice groups per unit (4 elements of a row of C, or 1) in rung 11's reduction of `slices` partials: 1 (one thread per
 * element) for up to 8 slices, else a power of two <= 32 and <= slices while units x groups threads fit one full
 * wave (dev NULL: an H100). */
int gp__sgemm_r11_reduce_groups(const gp_device_info *dev, int64_t units, int64_t slices);

/* Tiles of C under rung 10's configuration cfg (0 for a cfg out of range); its tile and block slots per SM. */
int64_t gp__sgemm_r10_tiles(int cfg, int64_t m, int64_t n);
void gp__sgemm_r10_tile(int cfg, int *bm, int *bn, int *per_sm);
/* Rung 11's launch (rung 12 hands it the calls stream-k does not take). */
gp_status gp__sgemm_r11_run(gp_ctx *ctx, const gp_sgemm_args *p);

/* Rung 12's stream-k plan for one product (sgemm_streamk.h says how the blocks share the k-steps). */
typedef struct gp_sgemm_sk_plan {
    int cfg;              /* rung 10's configuration whose main loop runs: 0 (128x256) or 3 (128x64) */
    int64_t tiles, iters; /* tiles of C, k-steps (of 16) per tile */
    int64_t ctas;         /* blocks */
    int64_t dp_tiles;     /* tiles run whole first, dp_tiles / ctas by each block (a multiple of ctas) */
    size_t ws_bytes;      /* workspace it uses: flags, then ctas partial-product slots */
} gp_sgemm_sk_plan;
/* 1 and *pl where rung 12 runs stream-k for an m x n x k product (pure; dev NULL: an H100), 0 where it hands the call
 * to rung 11. cfg: a forced rung-10 configuration (stream-k runs 0 and 3), -1: the rule's. force: wherever stream-k
 * can run (the rung forced), not only where the rule expects it to be faster. vec: A's and B's rows on 16 bytes. */
int gp__sgemm_r12_plan(const gp_device_info *dev, int64_t m, int64_t n, int64_t k, int vec, int cfg, int force,
                       size_t ws_bytes, gp_sgemm_sk_plan *pl);

/* Rung 12's launch (rung 13 runs its parts through it) and its kernel (for the build check). */
gp_status gp__sgemm_r12_run(gp_ctx *ctx, const gp_sgemm_args *p);
gp_kernel_info gp__sgemm_r12_kernel(void);

/* Rung 13's plan (13_peel.cu): which operands go to the workspace with their rows on 16 bytes, and the rows m0 <= m
 * and columns n0 <= n of the main product (the rest of C is computed as thin edge products, sgemm_edge.cuh). */
typedef struct gp_sgemm_peel_plan {
    int pack_a, pack_b;     /* copy A / B (as stored; rows off 16 bytes) into the workspace */
    int64_t lda_p, ldb_p;   /* their leading dimensions there (a multiple of 32; 256 for B direct, zero-padded) */
    size_t pack_bytes;      /* workspace the copies take (each a multiple of 256 bytes) */
    int64_t m0, n0;         /* main product: rows [0, m0) x columns [0, n0) of C */
} gp_sgemm_peel_plan;
/* Rung 13's configurations: what a forced configuration does (the rule may do less where it does not pay). */
enum { GP_SGEMM_PEEL_BOTH = 0, GP_SGEMM_PEEL_ONLY = 1, GP_SGEMM_PEEL_COPY_ONLY = 2, GP_SGEMM_R13_CONFIGS = 3 };
/* 1 and *pl where rung 13 peels edges or copies operands for the call (pure; dev NULL: an H100), 0 where it hands the
 * whole call to rung 12. cfg -1: the rule; else a configuration above, done wherever it can be (as force). force: the
 * rung forced: wherever it can, not only where the rule expects a gain. */
int gp__sgemm_r13_plan(const gp_device_info *dev, const gp_sgemm_args *p, int cfg, int force, size_t ws_bytes,
                       gp_sgemm_peel_plan *pl);
const char *gp__sgemm_r13_config_name(int cfg);
/* Rung 13's edges around rows [0, m0) and columns [0, n0) (sgemm_edge.cuh): ks[0] k ranges for the last rows, ks[1]
 * for the last columns (0: no such edge), *fused whether both run in one launch; returns the workspace bytes of their
 * counters (0: none). */
size_t gp__sgemm_r13_edges_plan(const gp_device_info *dev, const gp_sgemm_args *p, int64_t m0, int64_t n0,
                                size_t ws_bytes, int64_t ks[2], int *fused);

#ifdef __cplusplus
}
#endif
#endif
