// 11_splitk.cu — sgemm rung 11: split k when the tiles of C do not fill the GPU.
// Over rung 10: a product whose m x n holds fewer tiles than the GPU has block slots leaves SMs idle for
// the whole k loop, however long (64x64x65536: one tile, one block, 131 SMs idle). This rung cuts k into S
// slices and runs rung 10's kernel once per slice (the slices are the grid's y dimension, so one launch),
// each slice writing its partial product to the workspace; a second kernel adds the S partials of each
// element in slice order (fixed, so the result does not depend on timing) and applies alpha and beta.
// Cost: S x m x n x 4 bytes written and read again, small where S is large (small m x n).
// The rule (gp__sgemm_r11_slices, tested on the CPU): no split when the tiles fill half a wave of block slots;
// else S = enough slices for two waves, each at least GP_SPLITK_MIN_K long (for 128x256 tiles, one block per SM:
// one wave, each at least GP_SPLITK_LONG_K long; session 13 below), at most 256, and the partials must fit the
// workspace. Everything else is rung 10 (same tile configuration rule, same kernel).
// Tried (session 11, results/h100-2026-11-23h/call11/sweep-sgemm.txt): past one wave, dropping slices until the
// last wave is at least half full (1025^3: 3 slices instead of 4, 8192x128x8192: 8 instead of 9): no shape moved
// beyond noise (1025^3 0.646x, 8192x128x8192 0.790x); dropped.
// H100 80GB HBM3 (results/h100-2026-11-23e/bench/bench-sgemm.txt): at the bench's four shapes no split is
// taken and it runs rung 10's kernel at rung 10's speed (4096^3 48.9 TFLOP/s, 0.945x cuBLAS); a split shape
// (64x64x65536 and the issue's sweep) is not measured yet.
// Tried (session 11, results/h100-2026-11-23h/call6/sweep-sgemm.txt; scripts/experiments/sgemm-11-packing.patch):
// copying operands whose rows are not on 16-byte boundaries into the workspace with aligned rows before the
// product (products of >= 2^27 multiply-adds): 1025^3 0.142 -> 0.137 ms, 2048^3 with ld + 3 0.453 -> 0.430 ms,
// 1000^3 with ld + 1 0.097 -> 0.100 ms, 2049x2047x2051 (A only: both copies exceed 32 MB) 0.810 -> 0.827 ms
// (against results/h100-2026-11-23f/call5, another session): not the cause, dropped. What the sweep's worst shapes
// share is the wave: 1025^3 in 64x64 tiles is 289 blocks on 132 SMs x 3 slots, so some SMs run 3 blocks where
// 1024^3 (256 blocks) runs 2 (0.137 vs 0.073 ms); 2049x2047x2051 in 128x128 tiles is 272 blocks on 264 slots:
// a second wave of 8 blocks (0.436x cuBLAS). Next step: a configuration rule that counts waves (or stream-k).
// Session 13: where 128x256 tiles alone fill under half the SMs (m >= 128, n >= 256, 16-byte rows), they take k in
// one wave of slices at least 1024 long, if those fill >= 3/4 of the SMs (gp__sgemm_r11_pick, gp__sgemm_r11_slices;
// CPU-tested): 128x8192x8192 and 1024x1024x16384 in 4 slices (128 blocks), 256x256x65536 in 64. The 128x256 kernel
// is the fastest of rung 10's (0.973x at 4096^3, against 0.94-0.98x for 128x64 at its best shapes), and one wave
// of long slices leaves no partial wave; the partials cost S x m x n x 4 bytes written and read. Predicted ~0.9x,
// ~0.9x, ~0.85x; measured (H100, `gpuprim bench --sweep sgemm`, results/h100-2026-11-24b/call11/sweep.txt against
// call7/sweep.txt): 128x8192x8192 0.787x -> 0.934x, 1024x1024x16384 0.795x -> 0.932x, 256x256x65536 0.753x -> 0.935x
// (rung 11 alone, call11/bench-shapes.txt: 0.918x, 0.916x, 0.934x). Sweep geomean 0.920x -> 0.913x: the three rose,
// while the tiny shapes, whose path did not change, varied between the two runs (128^3 1.434x -> 1.116x; call 6 and
// call 7 had 0.908x and 1.49x for it).
// Session 14: a strided batch picks its configuration from the tiles of all its matrices (gp__sgemm_r10_pick_batch;
// before, from one matrix's, so every small matrix ran 64x64): 256x256x256 x 32 0.767x -> 0.890x, 128x128x128 TN x 256
// 0.973x -> 1.079x cublasSgemmStridedBatched (results/h100-2026-11-24c/call6/sweep.txt).
#include "sgemm_async.cuh"

#define GP_SPLITK_MIN_K 256  /* shortest k-slice: 8 k-steps of BK 32 */
#define GP_SPLITK_MAX 256
#define GP_SPLITK_LONG_K 1024 /* shortest k-slice of a 128x256 tile: 64 k-steps of BK 16 */

/* C[i][j] = alpha * sum_s W[s][i][j] + beta * C[i][j], slices added in order; W is S x m x n dense. */
__global__ void __launch_bounds__(256) sgemm_splitk_reduce(const float *__restrict__ W, int64_t slices, int64_t m,
                                                           int64_t n, float alpha, float beta, float *C, int64_t ldc)
{
    const int64_t total = m * n, step = (int64_t)gridDim.x * blockDim.x;
    for (int64_t e = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; e < total; e += step) {
        float acc = 0.f;
        for (int64_t s = 0; s < slices; s++) acc += W[s * total + e];
        float *c = C + (e / n) * ldc + e % n;
        *c = beta == 0.f ? alpha * acc : fmaf(beta, *c, alpha * acc);
    }
}

/* Block slots per SM of rung 10's configurations (their __launch_bounds__ minimum) and tile sizes. */
static const int r10_tile_m[GP_SGEMM_R10_CONFIGS] = {128, 128, 128, 128, 64, 128};
static const int r10_tile_n[GP_SGEMM_R10_CONFIGS] = {256, 256, 128, 64, 64, 256};
static const int r10_per_sm[GP_SGEMM_R10_CONFIGS] = {1, 1, 2, 4, 3, 1};

extern "C" int64_t gp__sgemm_r10_tiles(int cfg, int64_t m, int64_t n)
{
    if (cfg < 0 || cfg >= GP_SGEMM_R10_CONFIGS) return 0;
    return gp_ceil_div(m, r10_tile_m[cfg]) * gp_ceil_div(n, r10_tile_n[cfg]);
}

extern "C" void gp__sgemm_r10_tile(int cfg, int *bm, int *bn, int *per_sm)
{
    const int ok = cfg >= 0 && cfg < GP_SGEMM_R10_CONFIGS;
    *bm = ok ? r10_tile_m[cfg] : 0;
    *bn = ok ? r10_tile_n[cfg] : 0;
    *per_sm = ok ? r10_per_sm[cfg] : 0;
}

extern "C" int64_t gp__sgemm_r11_slices(const gp_device_info *dev, int64_t m, int64_t n, int64_t k, int cfg,
                                        size_t ws_bytes)
{
    const int64_t sms = dev && dev->sm_count > 0 ? dev->sm_count : 132; /* NULL: H100 */
    int64_t tiles, slots, s;
    if (cfg < 0 || cfg >= GP_SGEMM_R10_CONFIGS || m <= 0 || n <= 0 || k <= 0) return 1;
    tiles = gp__sgemm_r10_tiles(cfg, m, n);
    slots = sms * r10_per_sm[cfg];
    if (2 * tiles >= slots) return 1;                /* the tiles alone fill half a wave or more */
    if (r10_per_sm[cfg] == 1) {                      /* 128x256: one wave of long slices (gp__sgemm_r11_pick) */
        s = slots / tiles;
        if (s > k / GP_SPLITK_LONG_K) s = k / GP_SPLITK_LONG_K;
    } else {
        s = gp_ceil_div(2 * slots, tiles);           /* two waves of (tile, slice) blocks */
        if (s > k / GP_SPLITK_MIN_K) s = k / GP_SPLITK_MIN_K;
    }
    if (s > GP_SPLITK_MAX) s = GP_SPLITK_MAX;
    while (s > 1 && (size_t)s * (size_t)(m * n) * sizeof(float) > ws_bytes) s--;
    return s > 1 ? s : 1;
}

extern "C" int gp__sgemm_r11_pick(const gp_device_info *dev, int64_t m, int64_t n, int64_t k, int vec, size_t ws_bytes)
{
    const int64_t sms = dev && dev->sm_count > 0 ? dev->sm_count : 132; /* NULL: H100 */
    /* configuration 0's 128x256 tiles in k-slices that fill >= 3/4 of one wave (gp__sgemm_r11_slices splits only
     * where the tiles alone fill under half of it) */
    if (vec && m >= r10_tile_m[0] && n >= r10_tile_n[0]) {
        const int64_t tiles = gp__sgemm_r10_tiles(0, m, n);
        const int64_t s = gp__sgemm_r11_slices(dev, m, n, k, 0, ws_bytes);
        if (s >= 2 && 4 * s * tiles >= 3 * sms) return 0;
    }
    return gp__sgemm_r10_pick(dev, m, n, k, vec);
}

extern "C" gp_status gp__sgemm_r11_run(gp_ctx *ctx, const gp_sgemm_args *p)
{
    const int cfg = ctx->config >= 0 && ctx->config < GP_SGEMM_R10_CONFIGS
                        ? ctx->config
                        : p->batch > 1 ? gp__sgemm_r10_pick_batch(ctx->dev, p->m, p->n, p->k, p->vec_a && p->vec_b, p->batch)
                                       : gp__sgemm_r11_pick(ctx->dev, p->m, p->n, p->k, p->vec_a && p->vec_b, ctx->workspace_bytes);
    int64_t slices = p->batch == 1 ? gp__sgemm_r11_slices(ctx->dev, p->m, p->n, p->k, cfg, ctx->workspace_bytes) : 1;
    gp_sgemm_args q;
    int64_t kslice;
    ctx->ran_config = cfg;
    if (slices <= 1) return gp__sgemm_r10_run(ctx->stream, p, cfg);
    /* slices of whole k-steps (a multiple of 32 also keeps 16-byte alignment along k) */
    kslice = (gp_ceil_div(p->k, slices) + 31) / 32 * 32;
    slices = gp_ceil_div(p->k, kslice);
    q = *p;
    q.C = (float *)ctx->workspace;
    q.ldc = p->n;
    q.alpha = 1.f;
    q.beta = 0.f;
    q.vec_c = p->n % 4 == 0;
    q.batch = slices;
    q.kslice = kslice;
    q.stride_a = p->ta ? kslice * p->lda : kslice; /* A is k x m when transposed: k runs down its rows */
    q.stride_b = p->tb ? kslice : kslice * p->ldb;
    q.stride_c = p->m * p->n;
    GP_TRY(gp__sgemm_r10_run(ctx->stream, &q, cfg));
    {
        const int threads = 256;
        const unsigned blocks = gp_grid_for(ctx->dev, threads, p->m * p->n, 2);
        sgemm_splitk_reduce<<<blocks, threads, 0, ctx->stream>>>(q.C, slices, p->m, p->n, p->alpha, p->beta, p->C,
                                                                 p->ldc);
    }
    return gp__launch_status();
}

GP_LAUNCHER(sgemm_r11_launch, gp_sgemm_args, ctx, p) { return gp__sgemm_r11_run(ctx, p); }

static gp_kernel_info sgemm_r11_kernel(void)
{
    typedef gp_sg_async_cfg<64, 64, 32, 4, 2, 1, 1, 3> C; /* the configuration small products split */
    gp_kernel_info k = {(const void *)gp_sg_async_kernel<64, 64, 32, 4, 2, 1, 1, 3, 3, false, true, true>, C::NT, C::SMEM};
    return k;
}

GP_RUNG_CONFIGS(gp__sgemm_r11, "splitk", "rung 10 with k cut into slices when the tiles do not fill the GPU",
                80, GP_RUNG_AUTO, sgemm_r11_launch_entry, NULL, sgemm_r11_kernel, GP_SGEMM_R10_CONFIGS,
                gp__sgemm_r10_config_name);
