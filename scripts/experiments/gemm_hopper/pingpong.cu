// pingpong.cu — session 31, an experiment outside the library (first run on an H200 in session 32: its check passed and
// memcheck was clean; results/h200-2026-11-29d calls 1-2). Its CL = 1 kernel is now the library's rung 08
// (src/gemm/hopper/08_pingpong.cu, whose k-block wgmma issue, gp_h_kblock_m128, this file shares); the pairs (CL = 2)
// lost everywhere and stay here only, with session 33's modes and probes, which narrowed down why
// (results/h200-2026-11-29e): the same kernel launched in clusters of 2 without multicast loses as much as the pairs
// (7-10% back to back in four of five calls, with or without PDL), whatever the cluster scheduling policy or which
// tiles a cluster's CTAs take; B's multicast read as many L2 sectors (A's, modes 15 / 16, speeds the loads alone); and
// with the wgmmas removed the loads alone take as long as the whole kernel at 4096^3.
// Rung 06's persistent warp-specialised kernel with ping-pong consumers. Each consumer warpgroup owns a whole 128 x 128
// tile (two m64n128k16 a k-step, 128 f32 accumulators a thread), the block's tiles alternating between the two; a
// token passed through named barriers lets one warpgroup issue its main loop while the other runs its epilogue, so the
// tensor cores need not wait for stores (rung 06 splits one 128 x 256 tile between both warpgroups, whose epilogues
// then coincide).
// Why (results/h200-2026-11-29c, NOTES "Session 31"): at bf16 2048x8192x1024 TT (16 k-blocks a tile) ncu counts 82.1k
// active cycles for rung 06 against 69.3-70.7k for cublasLt's ping-pong kernels (128x128 .. 176x128 tiles), and rung
// 06's k loop runs at 1200 cycles a k-block against the tensor rate's 1024.
// The ring: one producer thread loads every k-block of the block's tiles in order into 6 stages of 32 KB; a stage is
// consumed by one warpgroup only (its `empty` counts that warpgroup's 4 warps). Consumer c takes the block's tiles
// i = c, c + 2, ...; tile i's k-blocks are ring positions i * KB .. (i + 1) * KB - 1. A consumer waits for the token
// (the other one has issued every wgmma of the tile before) before its first `full` wait: that also keeps it from
// waiting on a stage two phases ahead, which a parity wait cannot tell from the phase before.
// Pairs (CL = 2): clusters of 2 CTAs over 256 x 128 cluster tiles, each CTA loading its A and half of the shared B,
// multicast to both (rung 07's scheme). Predicted (counted, METHOD.md): a 128 x 128 tile takes in 32 KB a k-block of
// 512 tensor cycles, 64 bytes a cycle an SM; alone (CL = 1) at bf16 2048x8192x1024 that is 537 MB through L2 against
// rung 06's 299 MB (ncu), ~60 us at the ~9 TB/s cublasLt's kernels reached there, slower than rung 06's 51: so CL = 1
// is expected L2-bound, and the pairs (403 MB, as cublasLt's 2-CTA ping-pong kernels move 330-350 MB) the variant that
// can win.
// Epilogue: tiles wholly inside C with 16-bit C and beta 0 leave through the TMA (two rounds of two 64 x 64 boxes,
// stmatrix into the warpgroup's 16 KB, as rung 04's r04_epilogue_tma); other tiles from the registers with bounds
// checks (gp_h_store_frag_x). 16-bit types, any layout, k > 0, rows of A and B TMA-describable.
//
//   nvcc -O3 -std=c++17 -arch=sm_90a --expt-relaxed-constexpr -I include -I src -I bench \
//        scripts/experiments/gemm_hopper/pingpong.cu build-90a/libgpbench.a build-90a/libgpuprim.a \
//        -lcublasLt -lcublas -lcuda -o pingpong
//   pingpong check                       ragged shapes x 4 layouts x bf16 / f16 x beta 0 / 0.5 x modes 1-9 against
//                                        cublasLt
//   pingpong run                         the same cases, this kernel only (for compute-sanitizer)
//   pingpong time OP TA TB M N K [MS]    blocks of ~MS ms (default 25) in ABC..CBA order: the modes of PP_MODES
//                                        (pp_gemm; default "1 2 3") and cublasLt, random inputs
#include <cuda.h>
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "gemm/hopper/hopper_persistent.cuh"
#include "gpuprim.h"
#include "vendor.h"
#include "exp_inputs.cuh"
#include "wgmma_extra.cuh" /* gp_wgmma<144, ...> (modes 17, 18) */

#define PP_THREADS 384
#define PP_BM 128
#define PP_BN 128
#define PP_STAGES 6
#define PP_CBUF_WG (2 * GP_H_CBUF) /* a consumer's C buffers: one round of two 64 x 64 16-bit boxes */
/* BN: the tile's width (128; 144 in modes 17 / 18, whose C leaves from the registers only: no C buffers) */
static constexpr int pp_smem(int bn)
{
    return PP_STAGES * (PP_BM + bn) * GP_H_BK_BYTES + (bn == PP_BN ? 2 * PP_CBUF_WG : 0) + 2 * PP_STAGES * 8 + 1024;
}
#define PP_GROUP 16
enum { PP_BAR_EPI = 1, PP_BAR_TOKEN = 3 }; /* named barriers: 1 + c consumer c's epilogue, 3 + c its token */

#if GP_HOPPER_DEVICE
static __device__ __forceinline__ void pp_bar_arrive(int id, int count)
{
    asm volatile("bar.arrive %0, %1;" ::"r"(id), "r"(count) : "memory");
}
#endif


/* CL = 1: a block per SM, 128 x 128 tiles. CL = 2: clusters of 2 CTAs over 256 x 128 cluster tiles, CTA r computing
 * rows 128 r.. and loading half of the shared B for both (as rung 07 shares B over 256 x 256): a stage is refilled only
 * when both CTAs' consumers of that ring position have freed it (`empty` counts 8 arrivals, 4 of them remote). */
template <int KIND, int TA, int TB, int CL, int MC, int LC, int PROBE = 0, int BN = PP_BN>
__global__ void __launch_bounds__(PP_THREADS, 1)
    pp_kernel(const __grid_constant__ CUtensorMap ma, const __grid_constant__ CUtensorMap mb,
              const __grid_constant__ CUtensorMap mc, gp_h_epi e, int tiles_m, int tiles_n, int kb_all, int tma_c,
              int remap)
{
#if GP_HOPPER_DEVICE
    static_assert(KIND != GP_HK_TF32, "16-bit types only");
    typedef gp_h_stage<PP_BM, BN, TA, TB, GP_H_ESZ(KIND)> S;
    static_assert(BN == PP_BN || (TB == 1 && MC == 0), "wider tiles: K-major B, no multicast");
    enum { CBUF_WG = BN == PP_BN ? PP_CBUF_WG : 0 };
    typedef typename gp_h_ctype<KIND>::T T16;
    enum { WTA = GP_H_WG_TA(KIND, TA), WTB = GP_H_WG_TB(KIND, TB) };
    extern __shared__ unsigned char smem_raw[];
    unsigned char *smem = smem_raw + ((1024 - (gp_h_smem(smem_raw) & 1023)) & 1023);
    unsigned char *cbuf = smem + PP_STAGES * S::BYTES;
    uint64_t *full = reinterpret_cast<uint64_t *>(cbuf + 2 * CBUF_WG);
    uint64_t *empty = full + PP_STAGES;
    /* tiles_m: cluster tile rows (CL = 2: pairs of 128-row tiles); units are cluster tiles, walked per cluster */
    const int tid = threadIdx.x, wg = tid / 128, tiles = tiles_m * tiles_n;
    static_assert(!MC || LC == CL, "multicast needs the pair launched as a cluster");
    /* MC 2 (session 33, modes 15 / 16): the pair shares A instead, over 128 x 256 cluster tiles (CTA r: columns
     * 128 r..), each CTA loading its B and one of A's two 64-row boxes, multicast to both; A M-major only */
    static_assert(MC != 2 || (TA == 1 && CL == 2), "A shared: M-major A, pairs");
    enum { GROUP = MC == 2 ? PP_GROUP : PP_GROUP / CL };
    /* LC: the cluster size of the launch (session 33: pairs mapped without a cluster launch, or a cluster launch with
     * the single CTAs' mapping) */
    const uint32_t rank = CL > 1 ? (LC > 1 ? gp_cluster_rank() : blockIdx.x % CL) : 0;
    /* remap (mode 8, CL = 1 in clusters of 2): the clusters' rank-0 blocks take the first half of the block indices,
     * the rank-1 blocks the second, so that a cluster's two CTAs work on tiles far apart */
    const int bid = remap ? (int)(blockIdx.x % 2) * ((int)gridDim.x / 2) + (int)blockIdx.x / 2 : (int)blockIdx.x;
    const int cid = bid / CL, ncl = (int)gridDim.x / CL;

    if (tid == 0) {
        gp_tma_prefetch_map(&ma);
        gp_tma_prefetch_map(&mb);
        if (tma_c) gp_tma_prefetch_map(&mc);
        for (int s = 0; s < PP_STAGES; ++s) {
            gp_mbar_init(&full[s], 1);
            /* the 4 warps of the warpgroup that reads the stage (in each CTA of a multicasting pair) */
            gp_mbar_init(&empty[s], 4 * (MC ? CL : 1));
        }
        gp_mbar_init_fence();
    }
    if (LC > 1) gp_cluster_sync(); /* both CTAs' barriers initialised before any multicast or remote arrive */
    else __syncthreads();
    gp_h_wait_prior();
    gp_h_allow_dependents();

    if (wg == 0) {
        gp_setmaxnreg_dec<40>();
        if (tid == 0) {
            int s = 0;
            uint32_t ph = 0;
            bool wrapped = false;
            for (int u = cid; u < tiles; u += ncl) {
                int tm, tn;
                gp_h_tile_order(u, tiles_m, tiles_n, GROUP, &tm, &tn);
                const int m0 = MC == 2 ? tm * PP_BM : (CL * tm + (int)rank) * PP_BM;
                const int n0 = MC == 2 ? (CL * tn + (int)rank) * BN : tn * BN;
                for (int kb = 0; kb < kb_all; ++kb) {
                    if (wrapped) gp_mbar_wait(&empty[s], ph ^ 1);
                    if (PROBE == 2) gp_mbar_arrive(&full[s]); /* probe: no load, the consumers read stale data */
                    else if (MC == 2) {
                        unsigned char *st = smem + s * S::BYTES;
                        gp_mbar_arrive_expect_tx(&full[s], S::BYTES);
                        const int k0 = kb * S::BK;
                        gp_tma_load_2d_mc(st + rank * (S::BK * 128), &ma, &full[s], m0 + 64 * (int)rank, k0, 0x3);
                        if (TB == 1) gp_tma_load_2d(st + S::A_BYTES, &mb, &full[s], k0, n0);
                        else
                            for (int c = 0; c < PP_BN / S::BK; ++c)
                                gp_tma_load_2d(st + S::A_BYTES + c * (S::BK * 128), &mb, &full[s], n0 + S::BK * c, k0);
                    } else if (MC)
                        gp_hp_load_mc<TA, TB, 2, PP_BM, PP_BN>(smem + s * S::BYTES, &ma, &mb, &full[s], m0, n0, kb,
                                                               rank);
                    else S::load(smem + s * S::BYTES, &ma, &mb, &full[s], m0, n0, kb);
                    if (++s == PP_STAGES) {
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
        unsigned char *mybuf = cbuf + c * CBUF_WG;
        float acc[2][BN / 2];
        int i = c; /* the block's tile index: this consumer's are c, c + 2, ... */
        for (int u = cid + c * ncl; u < tiles; u += 2 * ncl, i += 2) {
            int tm, tn;
            gp_h_tile_order(u, tiles_m, tiles_n, GROUP, &tm, &tn);
            const int row0 = MC == 2 ? tm * PP_BM : (CL * tm + (int)rank) * PP_BM;
            const int col0 = MC == 2 ? (CL * tn + (int)rank) * BN : tn * BN;
            const long long pos = (long long)i * kb_all; /* ring position of the tile's first k-block */
            int s = (int)(pos % PP_STAGES), ps = s;
            uint32_t ph = (uint32_t)((pos / PP_STAGES) & 1);
            if (i > 0) gp_named_bar(PP_BAR_TOKEN + c, 256); /* the other consumer has issued tile i - 1's wgmmas */
            for (int kb = 0; kb < kb_all; ++kb) {
                gp_mbar_wait(&full[s], ph);
                if (PROBE != 1 && PROBE != 3) /* probes 1 and 3: no wgmma, the loads alone */
                    gp_h_kblock_m128<S, BN, KIND, WTA, WTB>(acc, smem + s * S::BYTES, kb > 0);
                gp_wgmma_wait<1>(); /* k-block kb - 1's wgmmas are done: free its stage */
                if (kb > 0) gp_hp_release(empty, ps, lane, MC);
                ps = s;
                if (++s == PP_STAGES) {
                    s = 0;
                    ph ^= 1;
                }
            }
            /* the token: the other consumer's next tile (i + 1, if there is one) may start its main loop */
            if (u + ncl < tiles) pp_bar_arrive(PP_BAR_TOKEN + (1 - c), 256);
            gp_wgmma_wait<0>();
            gp_hp_release(empty, ps, lane, MC);
#pragma unroll
            for (int h = 0; h < 2; ++h) gp_wgmma_reg_fence(acc[h]);
            if constexpr (PROBE == 3) { /* probe 3: no epilogue either */
            } else if constexpr (BN != PP_BN) { /* wider tiles: from the registers */
#pragma unroll
                for (int h = 0; h < 2; ++h) gp_h_store_frag_x<BN, T16, false, false>(e, acc[h], row0 + 64 * h, col0);
            } else if (tma_c && e.beta == 0.0f && row0 + PP_BM <= e.m && col0 + PP_BN <= e.n_tma) {
#pragma unroll
                for (int h = 0; h < 2; ++h) { /* round h: m64 half h's two boxes */
                    if (t128 == 0) gp_tma_store_wait_read<0>(); /* the buffer's previous stores have read it */
                    gp_named_bar(PP_BAR_EPI + c, 128);
#pragma unroll
                    for (int q = 0; q < 2; ++q) {
                        if (e.alpha == 1.0f) gp_h_stsm_box<T16, false>(mybuf + q * GP_H_CBUF, acc[h], 8 * q, 1.0f);
                        else gp_h_stsm_box<T16, true>(mybuf + q * GP_H_CBUF, acc[h], 8 * q, e.alpha);
                    }
                    gp_fence_proxy_async_smem();
                    gp_named_bar(PP_BAR_EPI + c, 128);
                    if (t128 == 0) {
#pragma unroll
                        for (int q = 0; q < 2; ++q)
                            gp_tma_store_2d(&mc, mybuf + q * GP_H_CBUF, col0 + 64 * q, row0 + 64 * h);
                        gp_tma_store_commit();
                    }
                }
            } else {
#pragma unroll
                for (int h = 0; h < 2; ++h) gp_h_store_frag_x<PP_BN, T16, false, false>(e, acc[h], row0 + 64 * h, col0);
            }
        }
        if (t128 == 0) gp_tma_store_wait_all();
    }
    if (LC > 1) {
        __syncwarp();
        gp_cluster_sync(); /* no CTA leaves while its peer may still arrive on or multicast into it */
    }
#else
    __trap();
#endif
}

static int g_sms, g_pol, g_remap, g_nopdl; /* g_pol, g_remap: set by pp_gemm for modes 6-9 */
static int g_regc; /* set by pp_gemm for modes 19 / 20 (session 34): C from the registers even where the TMA could store it */

template <int KIND, int TA, int TB, int CL, int MC, int LC, int PROBE = 0, int BN = PP_BN>
static gp_status pp_run(int device, cudaStream_t st, const gp_gemm_args *a)
{
    CUtensorMap ma, mb, mc;
    if (a->k <= 0 || !a->vec_a || !a->vec_b || gp_h_operand_maps(a, PP_BM, MC == 1 ? BN / CL : BN, &ma, &mb))
        return GP_ERROR_NOT_SUPPORTED;
    const int64_t cm = MC == 2 ? 1 : CL, cn = MC == 2 ? CL : 1; /* the cluster tile in 128 x 128 tiles */
    const int64_t tiles_m = (a->m + cm * PP_BM - 1) / (cm * PP_BM), tiles_n = (a->n + cn * BN - 1) / (cn * BN);
    const int64_t kb_all = (a->k + 63) / 64;
    if (tiles_m * tiles_n > INT32_MAX / CL) return GP_ERROR_NOT_SUPPORTED;
    int tma_c = BN == PP_BN && a->c_type != GP_DTYPE_F32 && a->vec_c && !g_regc;
    if (!tma_c || gp_h_c_map(&mc, a, 64, CU_TENSOR_MAP_SWIZZLE_128B)) {
        tma_c = 0;
        memset(&mc, 0, sizeof mc);
    }
    static int done[GP_MAX_DEVICES];
    const void *fn = (const void *)pp_kernel<KIND, TA, TB, CL, MC, LC, PROBE, BN>;
    if (gp_h_set_smem(fn, device, pp_smem(BN), done) != cudaSuccess) return GP_ERROR_LAUNCH_FAILED;
    const int64_t units = tiles_m * tiles_n, slots = g_sms / CL;
    unsigned grid = (unsigned)(CL * (units < slots ? units : slots));
    if (grid % LC) { /* whole clusters, within the SMs (a block beyond the tiles finds no unit) */
        grid += LC - grid % LC;
        if (grid > (unsigned)g_sms) grid -= LC;
    }
    cudaLaunchConfig_t cfg;
    cudaLaunchAttribute attr[3];
    gp_h_cluster_config(&cfg, &attr[0], grid, PP_THREADS, pp_smem(BN), st, LC);
    if (g_pol && LC > 1) { /* modes 6, 7, 9: the cluster scheduling policy (1 spread, 2 load balancing) */
        attr[cfg.numAttrs].id = cudaLaunchAttributeClusterSchedulingPolicyPreference;
        attr[cfg.numAttrs].val.clusterSchedulingPolicyPreference = (cudaClusterSchedulingPolicy)g_pol;
        cfg.numAttrs++;
    }
    if (!g_nopdl) gp_h_config_pdl(&cfg, attr); /* PP_NOPDL=1 (session 33): ordinary launches */
    const gp_h_epi e = gp_h_epi_of(a);
    if (cudaLaunchKernelEx(&cfg, pp_kernel<KIND, TA, TB, CL, MC, LC, PROBE, BN>, ma, mb, mc, e, (int)tiles_m, (int)tiles_n,
                           (int)kb_all,
                           tma_c, g_remap && LC == 2 && CL == 1) != cudaSuccess)
        return GP_ERROR_LAUNCH_FAILED;
    return GP_SUCCESS;
}

template <int CL, int MC, int LC> static gp_status pp_gemm_cl(int device, cudaStream_t st, const gp_gemm_args *a)
{
    const int t = a->ta * 2 + a->tb;
    if (a->ab_type == GP_DTYPE_BF16)
        return t == 0   ? pp_run<GP_HK_BF16, 0, 0, CL, MC, LC>(device, st, a)
               : t == 1 ? pp_run<GP_HK_BF16, 0, 1, CL, MC, LC>(device, st, a)
               : t == 2 ? pp_run<GP_HK_BF16, 1, 0, CL, MC, LC>(device, st, a)
                        : pp_run<GP_HK_BF16, 1, 1, CL, MC, LC>(device, st, a);
    return t == 0   ? pp_run<GP_HK_F16, 0, 0, CL, MC, LC>(device, st, a)
           : t == 1 ? pp_run<GP_HK_F16, 0, 1, CL, MC, LC>(device, st, a)
           : t == 2 ? pp_run<GP_HK_F16, 1, 0, CL, MC, LC>(device, st, a)
                    : pp_run<GP_HK_F16, 1, 1, CL, MC, LC>(device, st, a);
}

/* cl (mode): 1 a block per 128 x 128 tile (rung 08); 2 pairs sharing B by multicast; session 33: 3 the pairs' clusters
 * and tile order, each CTA loading its own B (no multicast, no cross-CTA `empty`); 4 mode 1's tile order launched in
 * clusters of 2; 5 mode 3's tile order (block b: pair b / 2, rank b % 2) launched without clusters; 6 mode 4 with the
 * cluster scheduling policy "spread"; 7 mode 2 with "spread"; 8 mode 4 with the blocks remapped (a cluster's CTAs
 * on tiles far apart); 9 mode 2 with "load balancing"; probes (bf16 TT, no result): 10 / 11 mode 1 / 4 with the loads
 * alone (no wgmma), 12 / 13 mode 1 / 4 with the wgmmas alone (no loads), 14 mode 2 (B multicast) with the loads alone;
 * 15 the pairs sharing A (1 x 2 clusters over 128 x 256, A multicast) with the loads alone, 16 the same computing;
 * 17 mode 1 with 128 x 144 tiles (cublasLt's width at 2048x8192x1024: 0.94x the bytes per output; C from the
 * registers; slower: 0.73-0.84x cublasLt in session 34), 18 its loads alone; session 34: 19 mode 1 with C from the
 * registers, 20 mode 10 with C from the registers, 21 / 22 the loads alone without an epilogue, 128 / 144 wide */
static gp_status pp_gemm(int cl, int device, cudaStream_t st, const gp_gemm_args *a)
{
    if (a->compute == GP_COMPUTE_TF32 || a->ab_type == GP_DTYPE_F32) return GP_ERROR_NOT_SUPPORTED;
    if (cl >= 10) { /* probes, bf16 TT only: 10 / 11 the loads alone, 12 / 13 the wgmmas alone; odd: clusters of 2;
                     * 14 / 15 the loads alone of the pairs sharing B / A; 16 the pairs sharing A (a product);
                     * 17 mode 1 with 128 x 144 tiles (a product), 18 its loads alone; session 34: 19 / 20 mode 1 /
                     * 10 with C from the registers, 21 / 22 the loads alone without any epilogue, 128 / 144 wide */
        if (a->ab_type != GP_DTYPE_BF16 || !a->ta || !a->tb) return GP_ERROR_NOT_SUPPORTED;
        g_pol = g_remap = 0;
        g_regc = cl == 19 || cl == 20;
        switch (cl) {
        case 10: return pp_run<GP_HK_BF16, 1, 1, 1, 0, 1, 1>(device, st, a);
        case 11: return pp_run<GP_HK_BF16, 1, 1, 1, 0, 2, 1>(device, st, a);
        case 12: return pp_run<GP_HK_BF16, 1, 1, 1, 0, 1, 2>(device, st, a);
        case 14: return pp_run<GP_HK_BF16, 1, 1, 2, 1, 2, 1>(device, st, a);
        case 15: return pp_run<GP_HK_BF16, 1, 1, 2, 2, 2, 1>(device, st, a);
        case 16: return pp_run<GP_HK_BF16, 1, 1, 2, 2, 2, 0>(device, st, a);
        case 17: return pp_run<GP_HK_BF16, 1, 1, 1, 0, 1, 0, 144>(device, st, a);
        case 18: return pp_run<GP_HK_BF16, 1, 1, 1, 0, 1, 1, 144>(device, st, a);
        case 19: return pp_run<GP_HK_BF16, 1, 1, 1, 0, 1, 0>(device, st, a);
        case 20: return pp_run<GP_HK_BF16, 1, 1, 1, 0, 1, 1>(device, st, a);
        case 21: return pp_run<GP_HK_BF16, 1, 1, 1, 0, 1, 3>(device, st, a);
        case 22: return pp_run<GP_HK_BF16, 1, 1, 1, 0, 1, 3, 144>(device, st, a);
        default: return pp_run<GP_HK_BF16, 1, 1, 1, 0, 2, 2>(device, st, a);
        }
    }
    g_regc = 0;
    g_pol = cl == 6 || cl == 7 ? 1 : cl == 9 ? 2 : 0;
    g_remap = cl == 8;
    switch (cl) {
    case 6:
    case 8:
    case 4: return pp_gemm_cl<1, 0, 2>(device, st, a);
    case 7:
    case 9:
    case 2: return pp_gemm_cl<2, 1, 2>(device, st, a);
    case 3: return pp_gemm_cl<2, 0, 2>(device, st, a);
    case 5: return pp_gemm_cl<2, 0, 1>(device, st, a);
    default: return pp_gemm_cl<1, 0, 1>(device, st, a);
    }
}

/* ---- the driver: inputs, the check against cublasLt, the timing ---- */
#include "../exp_ck.h"

static void fill(void *p, gp_dtype t, long long count, unsigned seed) { CK(exp_fill(p, t, count, seed)); }

static double to_d(const uint16_t *p, gp_dtype t, long long i)
{
    if (t == GP_DTYPE_BF16) {
        uint32_t u = (uint32_t)p[i] << 16;
        float f;
        memcpy(&f, &u, 4);
        return f;
    }
    __half_raw r;
    r.x = p[i];
    return __half2float(__half(r));
}

typedef struct problem {
    gp_gemm_args a;
    void *A, *B, *C;
} problem;

/* A and B of exactly their spans (ld = their column counts), C dense m x n */
static void make(problem *p, gp_dtype t, int ta, int tb, long long m, long long n, long long k, float beta)
{
    memset(p, 0, sizeof *p);
    CK(cudaMalloc(&p->A, m * k * 2));
    CK(cudaMalloc(&p->B, k * n * 2));
    CK(cudaMalloc(&p->C, m * n * 2));
    fill(p->A, t, m * k, 1);
    fill(p->B, t, k * n, 2);
    gp_gemm_args *a = &p->a;
    a->m = m;
    a->n = n;
    a->k = k;
    a->A = p->A;
    a->B = p->B;
    a->C = p->C;
    a->lda = ta ? m : k;
    a->ldb = tb ? k : n;
    a->ldc = n;
    a->alpha = 1.0f;
    a->beta = beta;
    a->ta = ta;
    a->tb = tb;
    a->ab_type = a->c_type = t;
    a->compute = GP_COMPUTE_F32;
    a->vec_a = gp__gemm_vec_ok(p->A, a->lda, 2);
    a->vec_b = gp__gemm_vec_ok(p->B, a->ldb, 2);
    a->vec_c = gp__gemm_vec_ok(p->C, a->ldc, 2);
}

static void unmake(problem *p)
{
    cudaFree(p->A);
    cudaFree(p->B);
    cudaFree(p->C);
}

static int vendor(const gp_gemm_args *a, void *C, cudaStream_t st)
{
    return gpb_vendor_gemm(a->ta, a->tb, a->m, a->n, a->k, a->alpha, a->A, a->lda, a->B, a->ldb, a->beta, C, a->ldc,
                           a->ab_type, a->c_type, a->compute, st);
}

/* ours against cublasLt on the same C0 (poisoned with NaN where beta is 0, else random): relative Frobenius error and
 * no NaN left; a second run must repeat the first bit for bit */
static int check_one(int cl, gp_dtype t, int ta, int tb, long long m, long long n, long long k, float beta, cudaStream_t st)
{
    problem p;
    make(&p, t, ta, tb, m, n, k, beta);
    const size_t bytes = (size_t)(m * n * 2);
    void *C0, *Cv;
    CK(cudaMalloc(&C0, bytes));
    CK(cudaMalloc(&Cv, bytes));
    if (beta == 0.0f) CK(cudaMemset(C0, 0xff, bytes));
    else fill(C0, t, m * n, 3);
    /* cublasLt's first call of a shape times its candidates on C (gpb_vendor_gemm), which with beta != 0 accumulates:
     * the reference is its second call, from C0 again */
    int bad = vendor(&p.a, Cv, st) != 0;
    CK(cudaStreamSynchronize(st));
    CK(cudaMemcpy(Cv, C0, bytes, cudaMemcpyDeviceToDevice));
    CK(cudaMemcpy(p.C, C0, bytes, cudaMemcpyDeviceToDevice));
    CK(cudaDeviceSynchronize());
    bad |= vendor(&p.a, Cv, st) != 0;
    const gp_status s1 = pp_gemm(cl, 0, st, &p.a);
    CK(cudaStreamSynchronize(st));
    CK(cudaGetLastError());
    uint16_t *got = (uint16_t *)malloc(bytes), *want = (uint16_t *)malloc(bytes), *again = (uint16_t *)malloc(bytes);
    CK(cudaMemcpy(got, p.C, bytes, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(want, Cv, bytes, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(p.C, C0, bytes, cudaMemcpyDeviceToDevice));
    /* a device-to-device cudaMemcpy may return before the copy is done, and `st` (non-blocking) does not wait for the
     * legacy stream: without this the second call raced the copy of C0 (session 33 call 1: "repeat DIFFERS" with rel
     * 0 in 6 of 288 cases, in every cl; session 32 passed by luck) */
    CK(cudaDeviceSynchronize());
    const gp_status s2 = pp_gemm(cl, 0, st, &p.a);
    CK(cudaStreamSynchronize(st));
    CK(cudaMemcpy(again, p.C, bytes, cudaMemcpyDeviceToHost));
    double num = 0, den = 0;
    long long nan = 0;
    for (long long x = 0; x < m * n; ++x) {
        const double g = to_d(got, t, x), w = to_d(want, t, x);
        if (g != g) ++nan;
        num += (g - w) * (g - w);
        den += w * w;
    }
    const double rel = den > 0 ? sqrt(num / den) : sqrt(num);
    const double tol = t == GP_DTYPE_BF16 ? 1e-2 : 5e-3;
    const int repeat = memcmp(got, again, bytes) == 0;
    bad |= s1 != GP_SUCCESS || s2 != GP_SUCCESS || nan > 0 || !(rel <= tol) || !repeat;
    printf("%s cl %d %s %c%c %lldx%lldx%lld beta %.1f: rel %.2e, %lld NaN, repeat %s\n", bad ? "FAIL" : "ok  ", cl,
           t == GP_DTYPE_BF16 ? "bf16" : "f16", ta ? 'T' : 'N', tb ? 'T' : 'N', m, n, k, beta, rel, nan,
           repeat ? "bit for bit" : "DIFFERS");
    free(got);
    free(want);
    free(again);
    cudaFree(C0);
    cudaFree(Cv);
    unmake(&p);
    return bad;
}

static double wall(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int cmpd(const void *x, const void *y)
{
    const double a = *(const double *)x, b = *(const double *)y;
    return a < b ? -1 : a > b;
}

static gp_handle g_h;

/* who: a mode of pp_gemm (1-22; PP_MODES names 10-22 a-m), or 0 for cublasLt */
static void call(int who, problem *p, cudaStream_t st)
{
    const gp_gemm_args *a = &p->a;
    if (who > 0) pp_gemm(who, 0, st, a);
    else vendor(a, a->C, st);
}

/* one block of about `ms` ms back to back over the sets, an event every 16 calls: the median per call (us) */
static double block(int who, problem *ps, int sets, double ms, double est_us, cudaStream_t st)
{
    enum { G = 16, MAXG = 2048 };
    static cudaEvent_t ev[MAXG + 1];
    static double g[MAXG];
    if (!ev[0])
        for (int i = 0; i <= MAXG; ++i) CK(cudaEventCreate(&ev[i]));
    int ng = (int)(ms * 1e3 / (est_us * G)) + 1;
    if (ng > MAXG) ng = MAXG;
    CK(cudaEventRecord(ev[0], st));
    for (int j = 0; j < ng; ++j) {
        for (int i = 0; i < G; ++i) call(who, &ps[(j * G + i) % sets], st);
        CK(cudaEventRecord(ev[j + 1], st));
    }
    CK(cudaStreamSynchronize(st));
    CK(cudaGetLastError());
    for (int j = 0; j < ng; ++j) {
        float x;
        CK(cudaEventElapsedTime(&x, ev[j], ev[j + 1]));
        g[j] = x * 1e3 / G;
    }
    qsort(g, ng, sizeof(double), cmpd);
    return g[ng / 2];
}

/* modes: the pp_gemm modes timed (PP_MODES, default "1 2 3"), then cublasLt; blocks in ABC..CBA order */
static void time_shape(gp_dtype t, int ta, int tb, long long m, long long n, long long k, double ms, cudaStream_t st)
{
    enum { SETS = 8, ROUNDS = 6, MAXW = 8 };
    int who[MAXW], W = 0;
    const char *env = getenv("PP_MODES");
    for (const char *c = env ? env : "1 2 3"; *c && W < MAXW - 1; ++c)
        if (*c >= '1' && *c <= '9') who[W++] = *c - '0';
        else if (*c >= 'a' && *c <= 'm') who[W++] = 10 + *c - 'a'; /* the probes and modes 10-22 */
    who[W++] = 0;
    problem ps[SETS];
    for (int s = 0; s < SETS; ++s) make(&ps[s], t, ta, tb, m, n, k, 0.0f);
    CK(cudaDeviceSynchronize());
    for (int w = 0; w < W; ++w) /* warm-up, 8 calls each in this order (ncu --launch-count 8 W - 8 takes the modes');
                                 * cublasLt picks its algorithm at its first call of the shape */
        for (int i = 0; i < 8; ++i) call(who[w], &ps[i % SETS], st);
    CK(cudaStreamSynchronize(st));
    double est[MAXW], r[MAXW][2 * ROUNDS], med[MAXW];
    for (int w = 0; w < W; ++w) est[w] = block(who[w], ps, SETS, 2.0, 50.0, st);
    const double t0 = wall();
    for (int b = 0; b < ROUNDS; ++b)
        for (int o = 0; o < 2 * W; ++o) {
            const int w = o < W ? o : 2 * W - 1 - o;
            r[w][2 * b + o / W] = block(who[w], ps, SETS, ms, est[w], st);
        }
    for (int w = 0; w < W; ++w) {
        qsort(r[w], 2 * ROUNDS, sizeof(double), cmpd);
        med[w] = 0.5 * (r[w][ROUNDS - 1] + r[w][ROUNDS]);
    }
    printf("%s %c%c %lldx%lldx%lld (%.1f s), us a call (x cublasLt):", t == GP_DTYPE_BF16 ? "bf16" : "f16",
           ta ? 'T' : 'N', tb ? 'T' : 'N', m, n, k, wall() - t0);
    for (int w = 0; w + 1 < W; ++w) printf(" mode %d %.2f (%.3fx),", who[w], med[w], med[W - 1] / med[w]);
    printf(" cublasLt %.2f\n", med[W - 1]);
    for (int s = 0; s < SETS; ++s) unmake(&ps[s]);
}

int main(int argc, char **argv)
{
    cudaDeviceProp prop;
    if (cudaGetDeviceProperties(&prop, 0) != cudaSuccess || prop.major != 9) {
        fprintf(stderr, "pingpong: needs an sm_90 GPU\n");
        return 77;
    }
    g_sms = prop.multiProcessorCount;
    g_nopdl = getenv("PP_NOPDL") && atoi(getenv("PP_NOPDL"));
    cudaStream_t st;
    CK(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking));
    if (gp_create(&g_h) != GP_SUCCESS) return 2;
    gp_set_stream(g_h, st);
    const int run_only = argc >= 2 && !strcmp(argv[1], "run");
    if (argc >= 2 && (!strcmp(argv[1], "check") || run_only)) {
        /* ragged edges (tiles cut in m and n, n_tma < n at n = 1001), one tile, fewer tiles than SMs, several per
         * consumer, k not a multiple of 64, k of one k-block */
        static const long long shapes[][3] = {{1000, 1048, 1000}, {136, 264, 200},  {128, 128, 64},
                                              {4096, 1024, 520},  {257, 1001, 3000}, {64, 8, 5},
                                              {2048, 2048, 128},  {1000, 2052, 1000}};
        int bad = 0;
        for (int t = 0; t < 2; ++t)
            for (int l = 0; l < 4; ++l)
                for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; ++i)
                    for (int b = 0; b < 2; ++b) {
                        const long long m = shapes[i][0], n = shapes[i][1], k = shapes[i][2];
                        /* rows of A and B must be 16-byte aligned (TMA): skip layouts whose stored rows are not */
                        if (((l >> 1) ? m : k) % 8 || ((l & 1) ? k : n) % 8) continue;
                        for (int cl = 1; cl <= 19; ++cl) {
                            if (cl >= 10 && (cl < 16 || cl == 18 || t || l != 3)) continue; /* 16, 17, 19: bf16 TT */
                            const gp_dtype ty = t ? GP_DTYPE_F16 : GP_DTYPE_BF16;
                            if (!run_only) {
                                bad |= check_one(cl, ty, l >> 1, l & 1, m, n, k, b ? 0.5f : 0.0f, st);
                                continue;
                            }
                            /* run: this kernel only, on buffers of exactly their spans (for compute-sanitizer) */
                            problem p;
                            make(&p, ty, l >> 1, l & 1, m, n, k, b ? 0.5f : 0.0f);
                            const gp_status r = pp_gemm(cl, 0, st, &p.a);
                            const cudaError_t ce = cudaStreamSynchronize(st);
                            if (r != GP_SUCCESS || ce != cudaSuccess) {
                                printf("FAIL cl %d %lldx%lldx%lld layout %d: status %d, %s\n", cl, m, n, k, l, (int)r,
                                       cudaGetErrorString(ce));
                                bad = 1;
                            }
                            unmake(&p);
                        }
                    }
        printf("%s\n", bad ? "FAILED" : "all passed");
        return bad;
    }
    if (argc >= 8 && !strcmp(argv[1], "time")) {
        const gp_dtype t = !strcmp(argv[2], "f16") ? GP_DTYPE_F16 : GP_DTYPE_BF16;
        time_shape(t, atoi(argv[3]), atoi(argv[4]), atoll(argv[5]), atoll(argv[6]), atoll(argv[7]),
                   argc > 8 ? atof(argv[8]) : 25.0, st);
        return 0;
    }
    fprintf(stderr, "usage: pingpong check | pingpong run | pingpong time bf16|f16 TA TB M N K [MS]\n");
    return 2;
}
