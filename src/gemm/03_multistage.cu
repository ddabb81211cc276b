// 03_multistage.cu — tensor-core gemm rung 3: a multi-stage cp.async pipeline, larger block and warp tiles,
// L2-friendly tile order: the best the sm_80 instruction set (mma.sync, ldmatrix, cp.async) gives.
// Over rung 2 (same copies, swizzle, fragments and mma.sync, gemm_frag.cuh):
//  - STAGES (3-4) shared-memory buffers: the copies of k-steps t+1 .. t+STAGES-1 are in flight while the
//    tensor cores work on k-step t, so loads and math overlap; one barrier per k-step (128 bytes of k);
//  - warp tiles of 64x64 (4 A fragments x 8 B fragments: 32 mma per 4+4 ldmatrix.x4, twice rung 2's 16 per
//    2+4) and block tiles up to 128x256 (85 FLOP per byte copied from L2, 1.33x rung 2's 64);
//  - the fragments of the next mma k-step are read from shared memory while the mma of this one run
//    (double-buffered in registers), and the barrier sits before the last k-step of a tile, whose fragments
//    the first ones of the next tile follow across it;
//  - grouped rasterisation (8 tile rows per group): blocks resident together share rows of A and columns of
//    B in L2;
//  - the epilogue goes through shared memory (the pipeline's buffers): the block's f32 tile is written
//    there from the mma layout and read back along rows, so C is written with 16-byte (f32) / 8-byte
//    (16-bit) coalesced stores in a short rolled loop (gemm_epilogue.cuh).
// Configurations (GP_GEMM_R03_CONFIGS; the rule is gp__gemm_r03_pick):
//   0  128x256, 8 warps of 64x64, 3 stages (144 KB), 1 block/SM
//   1  128x128, 4 warps of 64x64, 3 stages (96 KB), 2 blocks/SM on H100 (1 on A100)
//   2  128x64,  4 warps of 64x32, 4 stages (96 KB)
//   3  64x64,   4 warps of 32x32, 4 stages (64 KB): many blocks for small m*n
//   4  128x256, as 0 with 4 stages (192 KB; sm_90 only: GP_ERROR_NOT_SUPPORTED where a block may have less)
// Configurations 0-3 fit the 163 KB a block may have on sm_80. Unaligned matrices (vec == 0) take the
// element-wise copy of gemm_tile.cuh inside the same kernel (synchronous, slower).
// Measured (H100, results/h100-2026-11-23d/bench.txt): bf16 1024^3 0.78x, 4096^3 428.5 TFLOP/s = 0.54x, 8192^3 0.61x cublasLt; f16 4096^3 0.61x; tf32 4096^3 0.50x.
#include "../common/util.cuh"
#include "gemm_frag.cuh"
#include "gemm_epilogue.cuh"

template <int BM_, int BN_, int WARPS_M_, int WARPS_N_, int STAGES_, int MINB_>
struct r03_cfg {
    static constexpr int BM = BM_, BN = BN_, WARPS_M = WARPS_M_, WARPS_N = WARPS_N_, STAGES = STAGES_, MINB = MINB_;
    static constexpr int NT = WARPS_M * WARPS_N * 32, WM = BM / WARPS_M, WN = BN / WARPS_N;
    static constexpr int MI = WM / 16, NI = WN / 8;
    /* one stage: A is BM x 128 bytes of k, B is BN x 128 bytes, whatever the layout and type */
    static constexpr int A_BYTES = BM * 128, B_BYTES = BN * 128, STAGE = A_BYTES + B_BYTES;
    static constexpr size_t SMEM = (size_t)STAGES * STAGE;
    static_assert((size_t)BM * (BN + 8) * 4 <= SMEM, "the staged epilogue reuses the pipeline's buffers");
};
typedef r03_cfg<128, 256, 2, 4, 3, 1> r03_cfg0;
typedef r03_cfg<128, 128, 2, 2, 3, 2> r03_cfg1;
typedef r03_cfg<128, 64, 2, 2, 4, 2> r03_cfg2;
typedef r03_cfg<64, 64, 2, 2, 4, 3> r03_cfg3;
typedef r03_cfg<128, 256, 2, 4, 4, 1> r03_cfg4; /* 192 KB: sm_90 only (sm_80 allows 163 KB per block) */
#define R03_GROUP_M 8

template <class TT, class CFG, bool A_KC, bool B_KC>
__global__ void __launch_bounds__(CFG::NT, CFG::MINB) gemm_r03_multistage(gp_gemm_args p)
{
    constexpr int ESZ = TT::ESZ, BK = 128 / ESZ, MI = CFG::MI, NI = CFG::NI, S = CFG::STAGES;
    constexpr int A_CPR = A_KC ? 8 : CFG::BM * ESZ / 16, A_ROWS = A_KC ? CFG::BM : BK;
    constexpr int B_CPR = B_KC ? 8 : CFG::BN * ESZ / 16, B_ROWS = B_KC ? CFG::BN : BK;
    typedef gp_swz_layout<A_CPR> LA;
    typedef gp_swz_layout<B_CPR> LB;
    static_assert(A_ROWS * LA::PITCH == CFG::A_BYTES && B_ROWS * LB::PITCH == CFG::B_BYTES, "stage layout");
    extern __shared__ __align__(128) char smem[];
    const uint32_t s0 = (uint32_t)__cvta_generic_to_shared(smem); /* stage s: A at s0 + s*STAGE, B after it */

    const int tid = threadIdx.x, warp = tid / 32, lane = tid % 32;
    const int wm0 = (warp / CFG::WARPS_N) * CFG::WM, wn0 = (warp % CFG::WARPS_N) * CFG::WN;
    int64_t tm, tn;
    gp_gemm_tile_of(blockIdx.x, (p.m + CFG::BM - 1) / CFG::BM, (p.n + CFG::BN - 1) / CFG::BN, R03_GROUP_M, &tm, &tn);
    const int64_t i0 = tm * CFG::BM, j0 = tn * CFG::BN;

    gp_tile_loader<ESZ, A_ROWS, A_CPR, CFG::NT, A_KC, LA> la;
    gp_tile_loader<ESZ, B_ROWS, B_CPR, CFG::NT, B_KC, LB> lb;
    la.init(p.A, p.lda, A_KC ? p.m : p.k, A_KC ? p.k : p.m, A_KC ? i0 : 0, A_KC ? 0 : i0, tid);
    lb.init(p.B, p.ldb, B_KC ? p.n : p.k, B_KC ? p.k : p.n, B_KC ? j0 : 0, B_KC ? 0 : j0, tid);
    gp_frag_a<TT, A_KC, MI, LA::PITCH> fa;
    gp_frag_b<TT, B_KC, NI, LB::PITCH> fb;
    fa.init(lane, wm0);
    fb.init(lane, wn0);

    float acc[MI][NI][4];
#pragma unroll
    for (int mi = 0; mi < MI; mi++)
#pragma unroll
        for (int ni = 0; ni < NI; ni++)
#pragma unroll
            for (int e = 0; e < 4; e++) acc[mi][ni][e] = 0.f;

    const int64_t ntiles = (p.k + BK - 1) / BK;
    int64_t kload = p.k; /* k left from the first k of the next k-step to copy */
    /* prologue: k-steps 0 .. S-2 in flight (a commit group each, empty past the end) */
#pragma unroll
    for (int s = 0; s < S - 1; s++) {
        if (kload > 0) {
            la.load(s0 + s * CFG::STAGE, p.A, p.lda, kload, p.vec_a != 0);
            lb.load(s0 + s * CFG::STAGE + CFG::A_BYTES, p.B, p.ldb, kload, p.vec_b != 0);
        }
        kload -= BK;
        gp_cp_async_commit();
    }
    gp_cp_async_wait<S - 2>(); /* k-step 0 has landed (this thread's copies) ... */
    __syncthreads();           /* ... and everyone's */

    uint32_t a[2][MI][4], b[2][NI][2];
    uint32_t rd = s0, wr = s0 + (S - 1) * CFG::STAGE; /* stage being read, stage to fill next */
    const uint32_t last = s0 + (S - 1) * CFG::STAGE;
    fa.load(a[0], rd, 0);
    fb.load(b[0], rd + CFG::A_BYTES, 0);
    for (int64_t t = 0; t < ntiles; t++) {
#pragma unroll
        for (int ks = 0; ks < 4; ks++) {
            if (ks == 3) {
                /* k-step t+1 has landed for every thread, and every thread has read its last fragments
                 * of k-step t-1's stage, which the copy issued at ks == 0 below is now filling */
                gp_cp_async_wait<S - 2>();
                __syncthreads();
                rd = rd == last ? s0 : rd + CFG::STAGE;
            }
            /* fragments of the next mma k-step (of this stage, or the next stage's first) */
            fa.load(a[(ks + 1) & 1], rd, (ks + 1) & 3);
            fb.load(b[(ks + 1) & 1], rd + CFG::A_BYTES, (ks + 1) & 3);
            if (ks == 0) {
                /* stage wr held k-step t-1: every thread finished reading it before the last barrier */
                if (kload > 0) { /* k-step t + S - 1 */
                    la.load(wr, p.A, p.lda, kload, p.vec_a != 0);
                    lb.load(wr + CFG::A_BYTES, p.B, p.ldb, kload, p.vec_b != 0);
                }
                kload -= BK;
                gp_cp_async_commit();
                wr = wr == last ? s0 : wr + CFG::STAGE;
            }
            gp_warp_mma<TT, MI, NI>(acc, a[ks & 1], b[ks & 1]);
        }
    }
    /* epilogue through shared memory (the pipeline's buffers, once every copy and read is done) */
    gp_cp_async_wait<0>();
    __syncthreads();
    float *st = reinterpret_cast<float *>(smem);
    gp_gemm_stage_acc<CFG::BN, MI, NI>(st, acc, wm0, wn0, lane);
    __syncthreads();
    gp_gemm_write_tile<TT, CFG::BM, CFG::BN, CFG::NT>(p, st, i0, j0, tid);
}

/* Launches configuration CFG for the call's types and transposes. */
template <class TT, class CFG>
static gp_status r03_launch(const gp_device_info *dev, cudaStream_t s, const gp_gemm_args *a)
{
    static int attr_done[4][GP_MAX_DEVICES]; /* per transpose kernel and device: the smem attribute is set */
    const int64_t blocks = ((a->m + CFG::BM - 1) / CFG::BM) * ((a->n + CFG::BN - 1) / CFG::BN);
    if (blocks > 0x7fffffff) return GP_ERROR_NOT_SUPPORTED;
    void (*kern)(gp_gemm_args);
    const int which = (a->ta ? 2 : 0) + (a->tb ? 1 : 0);
    if (which == 0)      kern = gemm_r03_multistage<TT, CFG, true, false>;
    else if (which == 1) kern = gemm_r03_multistage<TT, CFG, true, true>;
    else if (which == 2) kern = gemm_r03_multistage<TT, CFG, false, false>;
    else                 kern = gemm_r03_multistage<TT, CFG, false, true>;
    if (dev && dev->smem_per_block_optin && CFG::SMEM > dev->smem_per_block_optin) return GP_ERROR_NOT_SUPPORTED;
    /* once per kernel and device (relaxed atomics: two threads may both set it, harmlessly) */
    const int d = dev ? dev->device : 0, known = d >= 0 && d < GP_MAX_DEVICES;
    if (CFG::SMEM > 48 * 1024 && !(known && __atomic_load_n(&attr_done[which][d], __ATOMIC_RELAXED))) {
        if (cudaFuncSetAttribute((const void *)kern, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)CFG::SMEM) != cudaSuccess)
            return gp__launch_status();
        if (known) __atomic_store_n(&attr_done[which][d], 1, __ATOMIC_RELAXED);
    }
    kern<<<(unsigned)blocks, CFG::NT, CFG::SMEM, s>>>(*a);
    return gp__launch_status();
}

template <class TT>
static gp_status r03_launch_cfg(const gp_device_info *dev, cudaStream_t s, const gp_gemm_args *a, int cfg)
{
    switch (cfg) {
    case 0: return r03_launch<TT, r03_cfg0>(dev, s, a);
    case 1: return r03_launch<TT, r03_cfg1>(dev, s, a);
    case 2: return r03_launch<TT, r03_cfg2>(dev, s, a);
    case 4: return r03_launch<TT, r03_cfg4>(dev, s, a);
    default: return r03_launch<TT, r03_cfg3>(dev, s, a);
    }
}

extern "C" const char *gp__gemm_r03_config_name(int cfg)
{
    static const char *const names[GP_GEMM_R03_CONFIGS] = {"128x256 s3 w64x64", "128x128 s3 w64x64", "128x64 s4 w64x32",
                                                           "64x64 s4 w32x32", "128x256 s4 w64x64"};
    return cfg >= 0 && cfg < GP_GEMM_R03_CONFIGS ? names[cfg] : "?";
}

/* The largest tile that still gives the GPU enough blocks: 128x256 if that is at least 1.5 waves of one
 * block per SM; else 128x128 if at least one wave of two per SM; else 128x64 if at least one of two; else
 * 64x64. (Thresholds to be set from the H100 sweep, as sgemm rung 10's were.) */
extern "C" int gp__gemm_r03_pick(const gp_device_info *dev, int64_t m, int64_t n, int64_t k, gp_compute compute)
{
    const int64_t sms = dev && dev->sm_count > 0 ? dev->sm_count : 132; /* NULL: H100 */
    const int64_t t0 = ((m + 127) / 128) * ((n + 255) / 256), t1 = ((m + 127) / 128) * ((n + 127) / 128);
    const int64_t t2 = ((m + 127) / 128) * ((n + 63) / 64);
    (void)k;
    (void)compute;
    if (2 * t0 >= 3 * sms) return 0;
    if (t1 >= 2 * sms) return 1;
    if (t2 >= 2 * sms) return 2;
    return 3;
}

extern "C" gp_status gp__gemm_r03_launch_cfg(const gp_device_info *dev, cudaStream_t s, const gp_gemm_args *a, int cfg,
                                             int *ran)
{
    if (cfg < 0 || cfg >= GP_GEMM_R03_CONFIGS) cfg = gp__gemm_r03_pick(dev, a->m, a->n, a->k, a->compute);
    if (ran) *ran = cfg;
    if (a->compute == GP_COMPUTE_TF32) return r03_launch_cfg<gp_gemm_tf32>(dev, s, a, cfg);
    if (a->ab_type == GP_DTYPE_BF16) return r03_launch_cfg<gp_gemm_bf16>(dev, s, a, cfg);
    return r03_launch_cfg<gp_gemm_f16>(dev, s, a, cfg);
}

GP_LAUNCHER(gemm_r03_launch, gp_gemm_args, ctx, a)
{
    int handled = 0; /* picked automatically: operands the Hopper rungs cannot read may go to them packed */
    const gp_status st = gp__gemm_pack_handoff(ctx, a, &handled);
    if (handled || st != GP_SUCCESS) return st;
    return gp__gemm_r03_launch_cfg(ctx->dev, ctx->stream, a, ctx->config, &ctx->ran_config);
}

static gp_kernel_info gemm_r03_kernel(void)
{
    gp_kernel_info k = {(const void *)gemm_r03_multistage<gp_gemm_bf16, r03_cfg0, true, false>, r03_cfg0::NT, r03_cfg0::SMEM};
    return k;
}

GP_RUNG_CONFIGS(gp__gemm_r03, "multistage", "3-4 stage cp.async pipeline, 64x64 warp tiles, up to 128x256 blocks, grouped tile order",
                80, GP_RUNG_AUTO, gemm_r03_launch_entry, NULL, gemm_r03_kernel, GP_GEMM_R03_CONFIGS,
                gp__gemm_r03_config_name);
