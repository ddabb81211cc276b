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
// Session 15 (results/h100-2026-11-24d, compare.txt: the library at 957c130 and this one built and run alternately in
// call 7, two sweeps each):
// - The reduction: one thread per element added its S slices one after another, each load waiting on the add before it
//   (64x64x65536: 256 slices of 4096 elements, 16 blocks). Above 8 slices, where m x n gives a full wave fewer than
//   2 threads each, G = 2..32 threads now share an element (4 of them along a row when C's rows are on 16 bytes), each
//   adding every G-th slice with four loads in flight, and the block adds the G sums in group order
//   (gp__sgemm_r11_reduce_groups, CPU-tested). The order depends on S and G only. 64x64x65536 0.82x -> 1.12x
//   cublasSgemm. Up to 8 slices keep one thread per element: the grouped kernel was slower there (1000^3 with ld + 1
//   0.889x -> 0.83-0.86x in calls 1-6, 512^3 18.6 -> 19.5 us in call 7).
// - The swap (gp__sgemm_r11_swap, CPU-tested): where n < 256 keeps C from 128x256 tiles but C^T = op(B)^T op(A)^T (n x
//   m) takes them in one wave of k-slices, the slices compute C^T and the reduction writes C through a 32 x 32 shared
//   tile. 8192x128x8192 (128x64 stream-k before): 0.82x -> 0.91-0.93x.
// - 30 shapes: geomean without the tiny and small shapes 0.932x -> 0.950x; shapes below 0.9x 7 -> 5; the others within
//   run-to-run noise. Run with the two changes above (call 8): geomean 0.982x, worst 0.751x (2049x2047x2051, rung 12).
// - Configuration 2 (128x128, 2 blocks per SM) in k-slices where they fill >= 90% of one wave (slices up to
//   ceil(k / 256)): every configuration forced at 1024^3 (call 9) had it ahead of stream-k's 128x64 (0.988x against
//   0.952x). Sweep (call 10 against call 8): 1024^3 0.966x -> 0.982x, 1000^3 TT 0.856x -> 0.869x; 512x512x4096
//   0.681x -> 0.888x (call10/configs.txt); 1000^3 NN 0.872x -> 0.852x (the one shape measured slower). Rows off 16 bytes keep
//   configuration 3 (configuration 2 has no 4-byte row copies).
// Session 20: configuration 2 has the 4-byte row copies now, and rows off 16 bytes take its slices where they are
// within 5% of k / s long (results/h100-2026-11-25/call5, against the library before): 1000^3 with ld + 1 0.89x -> 0.94x,
// 512x512x4096 with ld + 1 0.578x -> 0.94x, 128x8192x8192 with ld + 1 0.81x -> 0.88x (both with the edge loaders of
// sgemm_async.cuh); 1024x1024x1025 (slices of 288 for 257, rung 13's main product at 1025^3) stays on stream-k.
#include "sgemm_async.cuh"

#define GP_SPLITK_MIN_K 256  /* shortest k-slice: 8 k-steps of BK 32 */
#define GP_SPLITK_MAX 256
#define GP_SPLITK_LONG_K 1024 /* shortest k-slice of a 128x256 tile: 64 k-steps of BK 16 */
#define GP_SPLITK_EACH_MAX 8  /* slices one thread per element adds alone in the reduction */

/* Rung 11's reduction works on units of 4 elements (float4) or 1. */
template <bool VEC4> struct gp_sg_reduce_unit { typedef float type; };
template <> struct gp_sg_reduce_unit<true> { typedef float4 type; };
template <typename U> __device__ __forceinline__ U gp_sg_zero();
template <> __device__ __forceinline__ float gp_sg_zero<float>() { return 0.f; }
template <> __device__ __forceinline__ float4 gp_sg_zero<float4>() { return make_float4(0.f, 0.f, 0.f, 0.f); }
__device__ __forceinline__ void gp_sg_add(float &a, float x) { a += x; }
__device__ __forceinline__ void gp_sg_add(float4 &a, const float4 &x)
{
    a.x += x.x;
    a.y += x.y;
    a.z += x.z;
    a.w += x.w;
}
/* acc += x[0] + x[step] + ... + x[(count - 1) * step], added in that order. Four loads are issued before their adds
 * (a plain loop with a run-time trip count kept one load in flight: each waited for the previous add). */
template <typename U>
__device__ __forceinline__ void gp_sg_add_slices(U &acc, const U *__restrict__ x, int64_t step, int64_t count)
{
    for (int64_t c = 0; c < count; c += 4, x += 4 * step) {
        U v[4];
#pragma unroll
        for (int j = 0; j < 4; j++)
            if (c + j < count) v[j] = x[j * step];
#pragma unroll
        for (int j = 0; j < 4; j++)
            if (c + j < count) gp_sg_add(acc, v[j]);
    }
}
/* alpha * acc + beta * C (C not read when beta == 0) */
__device__ __forceinline__ float gp_sg_scale(float acc, float alpha, float beta, const float *c)
{
    return beta == 0.f ? alpha * acc : fmaf(beta, *c, alpha * acc);
}
__device__ __forceinline__ float4 gp_sg_scale(const float4 &acc, float alpha, float beta, const float4 *c)
{
    float4 r = make_float4(alpha * acc.x, alpha * acc.y, alpha * acc.z, alpha * acc.w);
    if (beta != 0.f) {
        const float4 c0 = *c;
        r = make_float4(fmaf(beta, c0.x, r.x), fmaf(beta, c0.y, r.y), fmaf(beta, c0.z, r.z), fmaf(beta, c0.w, r.w));
    }
    return r;
}

/* C[i][j] = alpha * sum_s W[s][i][j] + beta * C[i][j]; W is S x m x n dense. The threads of a block are G slice
 * groups x (256 / G) lanes: lane l of group g adds slices g, g + G, g + 2G, ... of its unit (4 elements of a row when
 * vec4: n % 4 == 0 and C's rows on 16 bytes; else 1), then group 0 adds the G sums in group order. The order depends
 * only on S and G (the shape and the GPU), never on timing. Launched with G >= 2 (G = 1: sgemm_splitk_reduce_each),
 * where m x n is too small to give every thread its own unit (64x64x65536: 256 slices of 4096 elements; one thread
 * per element added its 256 slices one after another). */
template <bool VEC4>
__global__ void __launch_bounds__(256, VEC4 ? 4 : 8)
    sgemm_splitk_reduce(const float *__restrict__ W, int64_t slices, int64_t m, int64_t n, float alpha, float beta,
                        float *C, int64_t ldc, int groups)
{
    typedef typename gp_sg_reduce_unit<VEC4>::type U;
    __shared__ U part[256];
    const int64_t total = m * n, units = VEC4 ? total / 4 : total;
    const int lanes = blockDim.x / groups, l = threadIdx.x % lanes, g = threadIdx.x / lanes;
    const U *w = reinterpret_cast<const U *>(W);
    for (int64_t u0 = (int64_t)blockIdx.x * lanes; u0 < units; u0 += (int64_t)gridDim.x * lanes) {
        const int64_t u = u0 + l;
        U acc = gp_sg_zero<U>();
        if (u < units)
            gp_sg_add_slices(acc, w + g * units + u, (int64_t)groups * units, (slices - g + groups - 1) / groups);
        if (groups > 1) {
            part[threadIdx.x] = acc;
            __syncthreads();
            if (g == 0)
                for (int h = 1; h < groups; h++) gp_sg_add(acc, part[h * lanes + l]);
            __syncthreads(); /* part is rewritten by the next unit */
        }
        if (g == 0 && u < units) {
            const int64_t e = VEC4 ? 4 * u : u;
            U *c = reinterpret_cast<U *>(C + (e / n) * ldc + e % n); /* VEC4: 4 elements of one row (n % 4 == 0) */
            *c = gp_sg_scale(acc, alpha, beta, c);
        }
    }
}

/* One thread per element, the slices added in order: the reduction of up to GP_SPLITK_EACH_MAX slices, or where m x n
 * gives every thread of a full wave its own element. */
__global__ void __launch_bounds__(256) sgemm_splitk_reduce_each(const float *__restrict__ W, int64_t slices, int64_t m,
                                                                int64_t n, float alpha, float beta, float *C, int64_t ldc)
{
    const int64_t total = m * n, step = (int64_t)gridDim.x * blockDim.x;
    for (int64_t e = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; e < total; e += step) {
        float acc = 0.f;
        for (int64_t s = 0; s < slices; s++) acc += W[s * total + e];
        float *c = C + (e / n) * ldc + e % n;
        *c = gp_sg_scale(acc, alpha, beta, c);
    }
}

/* The same for partials of the swapped product C^T = op(B)^T op(A)^T: W is S x n x m, C[i][j] += W[s][j][i]. A block
 * adds the slices of a 32 x 32 tile in order (one thread per element, as above with G = 1) and writes it through
 * shared memory, so that both the reads of W and the writes of C run along rows. */
__global__ void __launch_bounds__(256) sgemm_splitk_reduce_t(const float *__restrict__ W, int64_t slices, int64_t m,
                                                             int64_t n, float alpha, float beta, float *C, int64_t ldc)
{
    __shared__ float t[32][33];
    const int64_t total = m * n;
    const int tx = threadIdx.x % 32, ty = threadIdx.x / 32;
    const int64_t i0 = (int64_t)blockIdx.x * 32;
    for (int64_t j0 = (int64_t)blockIdx.y * 32; j0 < n; j0 += (int64_t)gridDim.y * 32) {
#pragma unroll
        for (int q = 0; q < 4; q++) {
            const int64_t j = j0 + ty + 8 * q, i = i0 + tx;
            float acc = 0.f;
            if (j < n && i < m) gp_sg_add_slices(acc, W + j * m + i, total, slices);
            t[ty + 8 * q][tx] = acc;
        }
        __syncthreads();
#pragma unroll
        for (int q = 0; q < 4; q++) {
            const int64_t i = i0 + ty + 8 * q, j = j0 + tx;
            if (i < m && j < n) {
                float *c = C + i * ldc + j;
                *c = gp_sg_scale(t[tx][ty + 8 * q], alpha, beta, c);
            }
        }
        __syncthreads(); /* t is rewritten by the next tile */
    }
}

extern "C" int gp__sgemm_r11_reduce_groups(const gp_device_info *dev, int64_t units, int64_t slices)
{
    const int64_t sms = dev && dev->sm_count > 0 ? dev->sm_count : 132; /* NULL: H100 */
    const int64_t threads = sms * 2048; /* one full wave of 256-thread blocks */
    int g = 1;
    if (slices <= GP_SPLITK_EACH_MAX) return 1; /* few slices: one thread per element adds them all */
    while (g < 32 && 2 * g <= slices && units * 2 * g <= threads) g *= 2;
    return g;
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

/* The length of each of s k-slices of k: whole k-steps (a multiple of 32 also keeps 16-byte alignment along k). */
static int64_t r11_kslice(int64_t k, int64_t s) { return (gp_ceil_div(k, s) + 31) / 32 * 32; }

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
    } else if (cfg == 2) {                           /* 128x128: one wave of slices (gp__sgemm_r11_pick) */
        s = slots / tiles;
        if (s > gp_ceil_div(k, GP_SPLITK_MIN_K)) s = gp_ceil_div(k, GP_SPLITK_MIN_K);
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
    /* configuration 2's 128x128 tiles where its k-slices fill >= 90% of one wave (1024^3: 64 tiles x 4 slices); rows
     * off 16 bytes too (its 4-byte row loader) where the slices, whole k-steps of 32, are within 5% of k / s long:
     * 1000^3 with ld + 1 0.892x -> 0.915x, 512x512x4096 with ld + 1 0.578x -> 0.942x, but 1024x1024x1025 (slices of 288
     * for 257) 0.813x -> 0.797x at 1025^3 (results/h100-2026-11-25/call3) */
    if (m >= r10_tile_m[2] && n >= r10_tile_n[2]) {
        const int64_t tiles = gp__sgemm_r10_tiles(2, m, n), slots = sms * r10_per_sm[2];
        const int64_t s = gp__sgemm_r11_slices(dev, m, n, k, 2, ws_bytes);
        const int even = 20 * r11_kslice(k, s) * s <= 21 * k;
        if (s >= 2 && 10 * s * tiles >= 9 * slots && (vec || even)) return 2;
    }
    return gp__sgemm_r10_pick(dev, m, n, k, vec);
}

extern "C" int gp__sgemm_r11_swap(const gp_device_info *dev, int64_t m, int64_t n, int64_t k, int vec, size_t ws_bytes)
{
    /* C^T = op(B)^T op(A)^T is n x m: where that shape takes 128x256 tiles in k-slices and this one does not
     * (n < 256: 8192x128x8192 ran 128x64 tiles), run it and let the reduction write its partials transposed */
    if (!vec || n < r10_tile_m[0] || m < r10_tile_n[0]) return 0;
    if (gp__sgemm_r11_pick(dev, m, n, k, vec, ws_bytes) == 0) return 0;
    if (gp__sgemm_r11_pick(dev, n, m, k, vec, ws_bytes) != 0) return 0;
    return gp__sgemm_r11_slices(dev, n, m, k, 0, ws_bytes) >= 2;
}

extern "C" gp_status gp__sgemm_r11_run(gp_ctx *ctx, const gp_sgemm_args *p)
{
    const int forced_cfg = ctx->config >= 0 && ctx->config < GP_SGEMM_R10_CONFIGS;
    const int swap = !forced_cfg && p->batch == 1 &&
                     gp__sgemm_r11_swap(ctx->dev, p->m, p->n, p->k, gp__sgemm_direct_vec(p), ctx->workspace_bytes);
    gp_sgemm_args q = *p;
    int cfg;
    int64_t slices, kslice;
    if (swap) { /* the product C^T = op(B)^T op(A)^T, n x m: B is its first operand, A its second */
        q.m = p->n;
        q.n = p->m;
        q.A = p->B;
        q.lda = p->ldb;
        q.ta = !p->tb;
        q.vec_a = p->vec_b;
        q.B = p->A;
        q.ldb = p->lda;
        q.tb = !p->ta;
        q.vec_b = p->vec_a;
    }
    cfg = forced_cfg ? ctx->config
          : p->batch > 1 ? gp__sgemm_r10_pick_batch(ctx->dev, p->m, p->n, p->k, gp__sgemm_direct_vec(p), p->batch)
                         : gp__sgemm_r11_pick(ctx->dev, q.m, q.n, q.k, gp__sgemm_direct_vec(&q), ctx->workspace_bytes);
    slices = p->batch == 1 ? gp__sgemm_r11_slices(ctx->dev, q.m, q.n, q.k, cfg, ctx->workspace_bytes) : 1;
    ctx->ran_config = cfg;
    if (slices <= 1) return gp__sgemm_r10_run(ctx->stream, p, cfg); /* never swapped: the swap rule needs slices */
    kslice = r11_kslice(q.k, slices);
    slices = gp_ceil_div(q.k, kslice);
    q.C = (float *)ctx->workspace;
    q.ldc = q.n;
    q.alpha = 1.f;
    q.beta = 0.f;
    q.vec_c = q.n % 4 == 0;
    q.batch = slices;
    q.kslice = kslice;
    q.stride_a = q.ta ? kslice * q.lda : kslice; /* A is k x m when transposed: k runs down its rows */
    q.stride_b = q.tb ? kslice : kslice * q.ldb;
    q.stride_c = q.m * q.n;
    GP_TRY(gp__sgemm_r10_run(ctx->stream, &q, cfg));
    if (swap) {
        const dim3 grid((unsigned)gp_ceil_div(p->m, 32),
                        (unsigned)(gp_ceil_div(p->n, 32) < 65535 ? gp_ceil_div(p->n, 32) : 65535));
        sgemm_splitk_reduce_t<<<grid, 256, 0, ctx->stream>>>(q.C, slices, p->m, p->n, p->alpha, p->beta, p->C, p->ldc);
    } else {
        const int64_t total = p->m * p->n;
        const int vec4 = p->vec_c && p->n % 4 == 0 && (uintptr_t)q.C % 16 == 0; /* float4 loads of W and C */
        const int64_t units = vec4 ? total / 4 : total;
        const int groups = gp__sgemm_r11_reduce_groups(ctx->dev, units, slices);
        if (groups == 1) {
            sgemm_splitk_reduce_each<<<gp_grid_for(ctx->dev, 256, total, 2), 256, 0, ctx->stream>>>(
                q.C, slices, p->m, p->n, p->alpha, p->beta, p->C, p->ldc);
        } else {
            const unsigned blocks = gp_grid_for(ctx->dev, 256, gp_ceil_div(units, 256 / groups) * 256, 2);
            if (vec4)
                sgemm_splitk_reduce<true><<<blocks, 256, 0, ctx->stream>>>(q.C, slices, p->m, p->n, p->alpha, p->beta,
                                                                           p->C, p->ldc, groups);
            else
                sgemm_splitk_reduce<false><<<blocks, 256, 0, ctx->stream>>>(q.C, slices, p->m, p->n, p->alpha,
                                                                            p->beta, p->C, p->ldc, groups);
        }
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
