// 08_pingpong.cu — gemm rung 08 (Hopper, sm_90a): persistent warp-specialised kernel with ping-pong consumers.
// What changes over rung 06: each consumer warpgroup owns a whole 128 x 128 tile (two m64n128k16 wgmmas a k-step,
// 128 f32 accumulators a thread) instead of half of a shared 128 x 256 tile; the block's tiles alternate between
// the two warpgroups (consumer c takes the block's tiles c, c + 2, ...). A token passed through named barriers
// (bar.sync by the waiting warpgroup, bar.arrive by the other once it has issued every wgmma of its tile) lets one
// warpgroup run its main loop while the other stores its tile, so the tensor cores do not wait for the epilogue,
// and it keeps a consumer from a parity wait two phases ahead. One producer thread loads every k-block of the
// block's tiles in order into a ring of 6 stages of 32 KB; a stage is read by one warpgroup only (its `empty`
// counts that warpgroup's 4 warps), freed one k-block later (wgmma wait_group 1). Tiles wholly inside C with
// 16-bit C and beta 0 leave through the TMA (stmatrix into the warpgroup's 16 KB, two rounds of two 64 x 64
// boxes); other tiles from the registers with bounds checks (f32 C too). 16-bit types, any layout, rows of A and B
// TMA-describable; grid = min(tiles, SMs), launched as a programmatic dependent like rung 06.
// Why it is faster where k is short: at bf16 2048x8192x1024 TT (16 k-blocks a tile) ncu counted 82.1k active
// cycles for rung 06 against 69.3-70.7k for cublasLt's ping-pong kernels (results/h200-2026-11-29c), and rung 06's
// timeline put its k loop at 1200 cycles a k-block against the tensor rate's 1024: with few k-blocks a tile, the
// loop's start and end, where one warpgroup's tile overlaps nothing, weigh more. Its cost: a 128 x 128 tile takes in
// 32 KB a k-block of 512 tensor cycles (64 bytes a cycle an SM, rung 06 48), so from ~48 k-blocks (k = 3072 for
// 16-bit types) rung 06 is ahead again. Probes of the same kernel (session 33, results/h200-2026-11-29e calls 4-5, bf16
// TT, us): at 4096^3 its loads alone (no wgmma) take 197.8 / 201.1 against 195.3 / 202.2 for the kernel and 174.4 for
// its wgmmas alone, so the loads bound it; at 2048x8192x1024 loads 44.8 / 45.0, wgmmas 46.4, kernel 52.0 / 52.9.
// Measured (H200, session 32, results/h200-2026-11-29d/call2/pp-time.txt, the kernel as scripts/experiments/
// gemm_hopper/pingpong.cu before it moved here; us a call, ~25 ms blocks ABCDDCBA with the library and cublasLt,
// random inputs): k <= 2560 ahead of the library's plan (rung 06 there): bf16 2048x8192x1024 NN 58.0 -> 55.2 (0.930x
// -> 0.978x cublasLt), 8192x2048x1024 58.2 -> 55.0, 4096^2x1024 57.7 -> 54.9, 6144^2x1024 127.5 -> 121.0, 4096^2x512
// 33.2 -> 31.1, 2048x4096x2048 54.7 -> 52.9 (1.025x), 2048^3 NN 29.4 -> 28.4, TT 28.5 -> 27.6, 2560^3 63.7 -> 59.3;
// f16 TT 2048x8192x1024 57.3 -> 54.5; level at TN 2048x8192x1024 (56.9 / 56.5); behind from 3072 (3072^3 NN 92.8
// against 94.3, TN 94.2 against 98.1; 4096^3 205 against 209). The rule (hopper_pick.c, GP_H_PP_MAX_KB) takes it
// over at most 32 k-blocks where the plan is rung 06 with whole tiles, for any C: with f32 C rung 06's chunked
// epilogue stalls both warpgroups (bf16 -> f32 2048x8192x1024 NN 0.0779 -> 0.0635 ms, 0.66x -> 0.88-0.91x cublasLt;
// NT 2048^3 0.0344 -> 0.0289, 0.96x: results/h200-2026-11-29d/call8). Pairs of CTAs sharing B by
// multicast (rung 07's scheme over 256 x 128) were measured too and lost everywhere (2048x8192x1024 58.7-60.3).
// In the library (results/h200-2026-11-29d/README.md, calls 4-6; `ab` alternating with the library before it, ours in
// ms, 2-3 rounds): bf16 TT 2048x8192x1024 0.0543 / 0.0570 / 0.0570 -> 0.0546 / 0.0551 / 0.0542 (0.879-0.922x -> 0.938-
// 0.988x cublasLt), f16 NN 4096^2x1024 0.0551-0.0570 -> 0.0542-0.0547 (0.906-0.935x -> 0.959-0.988x), bf16 NT
// 2048x4096x2048 0.0513-0.0523 -> 0.0507-0.0515 (1.020-1.033x), bf16 NN 2048^3 0.0261-0.0271 -> 0.0255-0.0256 (1.003-
// 1.009x); TN 6144^2x1024 0.1262-0.1266 -> 0.1279-0.1284 ms but 0.907-0.923x -> 0.934-0.936x (the columns disagree);
// 2560^3 (40 k-blocks) slower (0.0606 / 0.0614 -> 0.0625), so the rule stops at 32. ncu at bf16 2048x8192x1024 TT
// (call 5, each kernel alone): 74.6k active cycles, tensor pipe 76.6% (rung 06: 82.1k, 71.9%; cublasLt's pick 76.9k;
// its 2-CTA ping-pong kernels 69.3-69.5k at 84-86%), 427 MB through L2 against their 331-343: sharing B between two
// CTAs was the next step, but the pairs lose to the cluster launch (the same kernel launched in clusters of 2 with no
// multicast: 7-10% slower back to back in four of five calls, 3-7% under ncu) and their multicast read as many L2
// sectors (results/h200-2026-11-29e/README.md); a spinning kernel launched in clusters of 2 costs nothing, so the
// loss is inside the kernel while it loads (session 34, results/h200-2026-11-29f/README.md). Session 34: C from the
// registers (f32 C, edge tiles) in 16-byte runs a lane (gp_h_store_frag; the 4-byte stores wrote each 32-byte sector
// in two halves, and L2 took twice the sectors and 8x the write requests, 35% of the kernel's time at bf16
// 2048x8192x1024 TT with every tile forced there): bf16 -> f32 2048x8192x1024 NN 0.0636 / 0.0644 -> 0.0612 / 0.0607
// ms (0.894 / 0.882x -> 0.943 / 0.951x cublasLt), TT 0.0630 / 0.0627 -> 0.0607 / 0.0583, 4096^2x1024 NN 0.0648 /
// 0.0648 -> 0.0609 / 0.0613 (0.863 / 0.843x -> 0.939 / 0.913x) (results/h200-2026-11-29f/call7/ab.txt). SASS: HGMMA.64x128x16 (8 a k-block), UTMALDG,
// UTMASTG, BAR.SYNC / BAR.ARV; ptxas 168 registers, no spills. test_gpu_gemm forced and through the plan, memcheck and
// racecheck: clean (calls 4, 6). Session 35 (results/h200-2026-11-29g/call4, ab alternating with the library before, 3
// rounds): the warpgroup index through a shuffle, so the compiler keeps the ring position and the k-block's wgmma
// descriptors in uniform registers (the f16 NN kernel's k loop 99 -> 67 SASS instructions, 81 -> 7 of them on the
// vector ALUs; cuobjdump): level within the rounds' ~2% spread, ours in ms bf16 TT 2048x8192x1024 0.0519-0.0533 ->
// 0.0510-0.0528, f16 TT 4096^2x1024 0.0526-0.0535 -> 0.0519-0.0529, bf16 -> f32 NN 2048x8192x1024 0.0581-0.0585 ->
// 0.0575-0.0585, 2048^3 level; kept for the lighter issue (the power cap turned such savings into clock at the headline
// rows, rung 06).
// Not chosen by the dispatcher itself (GP_RUNG_NOT_AUTO): like rung 07, the automatic choice reaches it through
// rung 06's plan.
#include "hopper_persistent.cuh"

#define R08_THREADS 384
#define R08_BM 128
#define R08_BN 128
#define R08_STAGES 6
#define R08_CBUF_WG (2 * GP_H_CBUF) /* a consumer's C buffers: one round of two 64 x 64 16-bit boxes */
#define R08_SMEM (R08_STAGES * (R08_BM + R08_BN) * GP_H_BK_BYTES + 2 * R08_CBUF_WG + 2 * R08_STAGES * 8 + 1024)
#define R08_GROUP 16 /* tile rows per group of the tile order */
enum { R08_BAR_EPI = 1, R08_BAR_TOKEN = 3 }; /* named barriers: 1 + c consumer c's epilogue, 3 + c its token */

#if GP_HOPPER_DEVICE
static __device__ __forceinline__ void r08_bar_arrive(int id, int count)
{
    asm volatile("bar.arrive %0, %1;" ::"r"(id), "r"(count) : "memory");
}
#endif

template <int KIND, int TA, int TB>
__global__ void __launch_bounds__(R08_THREADS, 1)
    gp_gemm_r08_kernel(const __grid_constant__ CUtensorMap ma, const __grid_constant__ CUtensorMap mb,
                       const __grid_constant__ CUtensorMap mc, gp_h_epi e, int tiles_m, int tiles_n, int kb_all,
                       int tma_c)
{
#if GP_HOPPER_DEVICE
    static_assert(KIND != GP_HK_TF32, "16-bit types only");
    typedef gp_h_stage<R08_BM, R08_BN, TA, TB, GP_H_ESZ(KIND)> S;
    typedef typename gp_h_ctype<KIND>::T T16;
    enum { WTA = GP_H_WG_TA(KIND, TA), WTB = GP_H_WG_TB(KIND, TB) };
    extern __shared__ unsigned char smem_raw[];
    unsigned char *smem = smem_raw + ((1024 - (gp_h_smem(smem_raw) & 1023)) & 1023);
    unsigned char *cbuf = smem + R08_STAGES * S::BYTES;
    uint64_t *full = reinterpret_cast<uint64_t *>(cbuf + 2 * R08_CBUF_WG);
    uint64_t *empty = full + R08_STAGES;
    const int tid = threadIdx.x, wg = gp_h_warpgroup(), tiles = tiles_m * tiles_n;
    const int nb = (int)gridDim.x;

    if (tid == 0) {
        gp_tma_prefetch_map(&ma);
        gp_tma_prefetch_map(&mb);
        if (tma_c) gp_tma_prefetch_map(&mc);
        for (int s = 0; s < R08_STAGES; ++s) {
            gp_mbar_init(&full[s], 1);
            gp_mbar_init(&empty[s], 4); /* the 4 warps of the warpgroup that reads the stage */
        }
        gp_mbar_init_fence();
    }
    __syncthreads();
    gp_h_wait_prior();
    gp_h_allow_dependents();

    if (wg == 0) {
        gp_setmaxnreg_dec<40>();
        if (tid == 0) { /* the producer: every k-block of the block's tiles, in order */
            int s = 0;
            uint32_t ph = 0;
            bool wrapped = false;
            for (int u = (int)blockIdx.x; u < tiles; u += nb) {
                int tm, tn;
                gp_h_tile_order(u, tiles_m, tiles_n, R08_GROUP, &tm, &tn);
                for (int kb = 0; kb < kb_all; ++kb) {
                    if (wrapped) gp_mbar_wait(&empty[s], ph ^ 1);
                    S::load(smem + s * S::BYTES, &ma, &mb, &full[s], tm * R08_BM, tn * R08_BN, kb);
                    if (++s == R08_STAGES) {
                        s = 0;
                        ph ^= 1;
                        wrapped = true;
                    }
                }
            }
        }
    } else {
        gp_setmaxnreg_inc<232>();
        const int c = wg - 1, t128 = tid % 128, lane = tid % 32;
        unsigned char *mybuf = cbuf + c * R08_CBUF_WG;
        float acc[2][R08_BN / 2];
        int i = c; /* the block's tile index: this consumer's are c, c + 2, ... */
        for (int u = (int)blockIdx.x + c * nb; u < tiles; u += 2 * nb, i += 2) {
            int tm, tn;
            gp_h_tile_order(u, tiles_m, tiles_n, R08_GROUP, &tm, &tn);
            const int row0 = tm * R08_BM, col0 = tn * R08_BN;
            const long long pos = (long long)i * kb_all; /* ring position of the tile's first k-block */
            int s = (int)(pos % R08_STAGES), ps = s;
            uint32_t ph = (uint32_t)((pos / R08_STAGES) & 1);
            if (i > 0) gp_named_bar(R08_BAR_TOKEN + c, 256); /* the other consumer has issued tile i - 1's wgmmas */
            for (int kb = 0; kb < kb_all; ++kb) {
                gp_mbar_wait(&full[s], ph);
                gp_h_kblock_m128<S, R08_BN, KIND, WTA, WTB>(acc, smem + s * S::BYTES, kb > 0);
                gp_wgmma_wait<1>(); /* k-block kb - 1's wgmmas are done: free its stage */
                if (kb > 0) gp_hp_release(empty, ps, lane, false);
                ps = s;
                if (++s == R08_STAGES) {
                    s = 0;
                    ph ^= 1;
                }
            }
            /* the token: the other consumer's next tile (i + 1, if there is one) may start its main loop */
            if (u + nb < tiles) r08_bar_arrive(R08_BAR_TOKEN + (1 - c), 256);
            gp_wgmma_wait<0>();
            gp_hp_release(empty, ps, lane, false);
#pragma unroll
            for (int h = 0; h < 2; ++h) gp_wgmma_reg_fence(acc[h]);
            if (tma_c && e.beta == 0.0f && row0 + R08_BM <= e.m && col0 + R08_BN <= e.n_tma) {
#pragma unroll
                for (int h = 0; h < 2; ++h) { /* round h: m64 half h's two boxes */
                    if (t128 == 0) gp_tma_store_wait_read<0>(); /* the buffer's previous stores have read it */
                    gp_named_bar(R08_BAR_EPI + c, 128);
#pragma unroll
                    for (int q = 0; q < 2; ++q) {
                        if (e.alpha == 1.0f) gp_h_stsm_box<T16, false>(mybuf + q * GP_H_CBUF, acc[h], 8 * q, 1.0f);
                        else gp_h_stsm_box<T16, true>(mybuf + q * GP_H_CBUF, acc[h], 8 * q, e.alpha);
                    }
                    gp_fence_proxy_async_smem();
                    gp_named_bar(R08_BAR_EPI + c, 128);
                    if (t128 == 0) {
#pragma unroll
                        for (int q = 0; q < 2; ++q)
                            gp_tma_store_2d(&mc, mybuf + q * GP_H_CBUF, col0 + 64 * q, row0 + 64 * h);
                        gp_tma_store_commit();
                    }
                }
            } else {
#pragma unroll
                for (int h = 0; h < 2; ++h) gp_h_store_frag_x<R08_BN, T16, false, false>(e, acc[h], row0 + 64 * h, col0);
            }
        }
        if (t128 == 0) gp_tma_store_wait_all();
    }
#else
    __trap();
#endif
}

template <int KIND, int TA, int TB>
static gp_status r08_run(const gp_device_info *dev, cudaStream_t s, const gp_gemm_args *a)
{
    CUtensorMap ma, mb, mc;
    if (gp_h_operand_maps(a, R08_BM, R08_BN, &ma, &mb)) return GP_ERROR_NOT_SUPPORTED;
    const int64_t tiles_m = gp_ceil_div(a->m, R08_BM), tiles_n = gp_ceil_div(a->n, R08_BN), tiles = tiles_m * tiles_n;
    const int64_t kb_all = gp_ceil_div(a->k, (int64_t)(GP_H_BK_BYTES / 2));
    if (tiles > INT32_MAX) return GP_ERROR_NOT_SUPPORTED;
    /* 16-bit C through the TMA where its rows are (tiles wholly inside C, beta 0); else every tile from registers */
    int tma_c = a->c_type != GP_DTYPE_F32 && a->vec_c;
    if (tma_c && gp_h_c_map(&mc, a, 64, CU_TENSOR_MAP_SWIZZLE_128B)) tma_c = 0;
    if (!tma_c) memset(&mc, 0, sizeof mc);
    static int done[GP_MAX_DEVICES];
    const void *fn = (const void *)gp_gemm_r08_kernel<KIND, TA, TB>;
    if (gp_h_set_smem(fn, dev->device, R08_SMEM, done) != cudaSuccess) return gp__launch_status();
    const int64_t sms = dev->sm_count > 0 ? dev->sm_count : 132;
    cudaLaunchConfig_t cfg;
    cudaLaunchAttribute attr[2];
    gp_h_cluster_config(&cfg, &attr[0], (unsigned)(tiles < sms ? tiles : sms), R08_THREADS, R08_SMEM, s, 1);
    gp_h_config_pdl(&cfg, attr);
    if (cudaLaunchKernelEx(&cfg, gp_gemm_r08_kernel<KIND, TA, TB>, ma, mb, mc, gp_h_epi_of(a), (int)tiles_m,
                           (int)tiles_n, (int)kb_all, tma_c) != cudaSuccess)
        return gp__launch_status();
    return gp__launch_status();
}


extern "C" gp_status gp__gemm_r08_pingpong(const gp_device_info *dev, cudaStream_t s, const gp_gemm_args *a)
{
    GP_TRY(gp_h_check(dev, a, 8));
    if (a->k == 0) return gp_h_scale_c(dev, s, a);
    GP_H_DISPATCH16(r08_run, a, dev, s, a); /* 16-bit types only (gp__gemm_h_takes) */
}

extern "C" gp_kernel_info gp__gemm_r08_kernel(void)
{
    gp_kernel_info k = {(const void *)gp_gemm_r08_kernel<GP_HK_BF16, 0, 0>, R08_THREADS, R08_SMEM};
    return k;
}

/* ---- the library's rung table ---- */
GP_ACCEPTS(gemm_r08_accepts, gp_gemm_args, dev, a) { return gp__gemm_h_takes(dev, a, 8); }
GP_LAUNCHER(gemm_r08_launch, gp_gemm_args, ctx, a) { return gp__gemm_h_launch(ctx, a, 8); }
GP_RUNG(gp__gemm_r08, "pingpong",
        "persistent, each consumer warpgroup its own 128x128 tile, epilogues overlapping the other's main loop",
        90, GP_RUNG_NOT_AUTO, gemm_r08_launch_entry, gemm_r08_accepts_entry, gp__gemm_r08_kernel);
