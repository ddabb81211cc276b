/* hopper_persistent.cuh — the persistent warp-specialised kernel of rungs 06 (CL = 1) and 07 (CL = 2: clusters
 * of two CTAs that share B through TMA multicast), its split-k reduction and its host launcher. Included by
 * 06_persistent.cu and 07_cluster.cu only (each instantiates its own CL).
 *
 * Block: 384 threads. Warpgroup 0 is the producer (setmaxnreg.dec 40; one thread issues every TMA load into a
 * ring of `stages` stages of 48 KB: A 128 x BK and B 256 x BK); warpgroups 1 and 2 are the consumers
 * (setmaxnreg.inc 232), each owning 64 rows x 256 columns of the 128 x 256 tile (4 x m64n256k16 per k-block,
 * 128 f32 accumulators per thread). The block walks "units" u = cluster id, + clusters, ...; producer and
 * consumers decode the same units and keep one running (stage, phase) pair, so the ring runs on across units:
 * during a unit's epilogue the producer already loads the next unit's first k-blocks.
 *
 * Units (gp_h_sched): the tiles in grouped order (gp_h_tile_order); the first `dp` tiles are one unit each
 * (all of k); each of the others is split into `splits` units of about kb / splits k-blocks ("data-parallel
 * plus split-k tail": a partial last wave of tiles becomes a full wave of shorter units; with dp = 0 it is
 * plain split-k for shapes with fewer tiles than SMs). A split unit stores its raw f32 partial (no alpha /
 * beta) as a 128 x 256 block of the workspace through a second tensor map; gp_hp_splitk_reduce then sums the
 * blocks of each split tile and applies alpha, beta and the C conversion (gp_hp_splitk_reduce_g, several threads a
 * float4 of C, where few tiles are split many ways: session 30). It is launched as a programmatic
 * dependent (its launch overlaps the kernel's last units; griddepcontrol.wait before it reads a partial): session
 * 23, 2-6% on split shapes (results/h100-2026-11-25d/call9). The partials are stored with an L2 evict_last policy
 * (e.keep_l2), so that the operands streaming through L2 do not push them out before the reduction reads them:
 * 512x512x32768 48.5-49.9 -> 46.8-47.0 us, 1024x1024x16384 -1.5% (call10).
 *
 * Deferred epilogue (sc.defer; 16-bit C, tiles wholly inside C, beta 0): the consumer packs its 64 x 256 result into
 * 64 registers (gp_h_defer_pack) and starts the next unit at once; after each of that unit's first four k-blocks'
 * wgmmas are issued it stores one 64 x 64 box (gp_h_defer_box), so the stores run under the tensor cores' work. A unit
 * with fewer k-blocks flushes the rest before its own epilogue, and a block's last unit stores its boxes at once.
 *
 * Launch (session 25, GP_HP_PDL): as a programmatic dependent of the previous grid; every thread waits for it
 * (gp_h_wait_prior) after the set-up, before any global access, and a kernel without split units lets the next
 * call launch early (gp_h_allow_dependents). A split's reduction launches as the blocks end, as before: letting it
 * launch early too cost ~3% on split shapes (results/h100-2026-11-25f call7: 512x512x32768 43.6 against 42.1 us,
 * 1024x1024x4096 25.1 against 24.4). Against the previous build, alternating (call5): 2048^3 28.1-28.4 -> 26.6-26.9
 * us; 4096^3 and 8192^3 unchanged. The SASS gains two instructions (ACQBULK, PREEXIT) and is otherwise the same.
 *
 * Epilogue: gp_h_epilogue (hopper.cuh): for 16-bit C half-tile rounds (2 x 64-column boxes per round, 32 KB of C
 * buffers, 4 stages) or the whole tile at once (64 KB, 3 stages); chunked (32 KB, 4 stages) for f32 C and the
 * split units' partials.
 *
 * C^T (rung 06, e.ct; gp__gemm_h_canon): the kernel runs C^T = op(B)^T op(A)^T, for tf32 with B MN-major and
 * where C^T has a quarter fewer 128 x 256 tiles (n <= 128 < m); the epilogue stores C transposed from the
 * registers (gp_h_store_frag_x) and split tails are summed through a shared-memory transpose (gp_hp_splitk_reduce_t).
 * tf32 with A MN-major (TA = 1, rung 06 only; NN arrives here as C^T): wgmma reads tf32 only K-major from shared
 * memory, so the consumers load A's fragments into registers (gp_h_rs_load, 8 conflict-free 8-byte loads per thread per k-block, rows permuted as gp_h_rs_row) and issue
 * wgmma with A from registers; each k-block's wgmmas are drained before the next k-block's loads overwrite the
 * registers (wait1 is ignored). The epilogue puts the rows back (gp_h_epilogue's and gp_h_store_frag_x's PERM); split
 * units write their partials in physical row order.
 *
 * tf32 TN (A and B MN-major, XB; rung 06 only, session 27): A from registers as above, and B, which wgmma reads only
 * K-major, is turned K-major in place in each stage by warps 1-3 of the producer warpgroup (gp_h_xpose_b: each 32 x 32
 * chunk of the MN-major box is its own K-major rows, conflict-free 4-byte swaps, ~512 shared-memory wavefronts a
 * stage). They wait on the stage's `full`, swap, fence to the async proxy and arrive on its `ready` barrier (3
 * arrivals), which the consumers wait on after `full`. Measured against the transposed copy it replaces (H100,
 * results/h100-2026-11-25h/call1, us): 512x512x32768 155 -> 81 (0.61x -> 1.21x cublasLt), 1024x1024x16384 191 -> 150,
 * 256x256x32768 83.5 -> 72.5, 1024^3 24.4 -> 23.4; but 242-256 TFLOP/s at 4096^3-8192^3 against the copy's 280-293
 * (the product on the copy runs at the NN rate), so the copy stays where it goes whole or in panels of C
 * (gp__gemm_h_tn_copy).
 *
 * CL = 2 (rung 07): a cluster tile is 256 x 256; CTA rank r computes rows 128r.. of it (split units: rows 128r.. of
 * the cluster tile's 256 x 256 partial block; the reduction's blocks are CL x 128 rows). With sc.mcast each
 * CTA loads its own A box and half of B (K-major B: rows 128r..; MN-major B: 64-column chunks 2r, 2r+1) with
 * .multicast::cluster into both CTAs' stage, each CTA's `full` still expecting 48 KB; a stage is refilled only
 * when both CTAs' consumers are done with it: `empty` counts 16 arrivals (each consumer warp arrives on its own
 * and on its peer's barrier). Barriers are initialised before a cluster barrier and no thread exits before a
 * final one (the peer may still arrive remotely or multicast into this CTA). Without sc.mcast (diagnosis) each
 * CTA loads all of its stage itself and only the cluster launch remains.
 *
 * Diagnosis builds (never in the library; scripts/experiments/gemm_hopper/variant-lib.sh, NOTES.md "Session 22"):
 * GP_HP_EXP_TIMELINE, per-tile SM clocks of blocks 0 and 1, printed by a separate kernel after each launch. The
 * session's other diagnosis switches (no epilogue, no reloads, 2 x m64n128k16, a forced epilogue mode) are
 * scripts/experiments/gemm_hopper/r06-diagnosis.patch. */
#ifndef GP_GEMM_HOPPER_PERSISTENT_CUH
#define GP_GEMM_HOPPER_PERSISTENT_CUH

#include <string.h>
#include "hopper.cuh"

#ifndef GP_HP_PDL /* the kernel is launched as a programmatic dependent of the previous grid (0: diagnosis builds) */
#define GP_HP_PDL 1
#endif

enum { GP_HP_BM = 128, GP_HP_BN = 256, GP_HP_THREADS = 384, GP_HP_CONSUMER_WARPS = 8, GP_HP_MAX_STAGES = 4 };
#define GP_HP_STAGE_BYTES ((GP_HP_BM + GP_HP_BN) * GP_H_BK_BYTES) /* 48 KB */
/* epilogue modes (gp_h_epilogue): chunked (any C), half and whole tile (16-bit C) */
enum { GP_HP_EPI_CHUNK = 0, GP_HP_EPI_WHOLE = 1, GP_HP_EPI_HALF = 2 };
/* C buffers per block: whole tile 2 x 32 KB, half and chunked 2 x 16 KB */
#define GP_HP_CBYTES(epi) ((epi) == GP_HP_EPI_WHOLE ? 8 * GP_H_CBUF : 4 * GP_H_CBUF)
/* stages, C buffers, the full / empty / ready barriers (ready: tf32 TN's transposed B), the 1024-byte alignment */
#define GP_HP_SMEM(stages, epi) ((stages) * GP_HP_STAGE_BYTES + GP_HP_CBYTES(epi) + 3 * GP_HP_MAX_STAGES * 8 + 1024)
/* tf32 TN: warps 1..3 of the producer warpgroup transpose each stage's B (gp_h_xpose_b) */
enum { GP_HP_XPOSE_WARPS = 3 };
/* the dynamic-shared-memory limit set on the kernels: the largest configuration (4 stages + 32 KB: 225 KB) */
#define GP_HP_SMEM_MAX GP_HP_SMEM(4, GP_HP_EPI_CHUNK)
/* bytes of one split unit's f32 partial block */
#define GP_HP_PARTIAL_BYTES ((size_t)GP_HP_BM * GP_HP_BN * 4)

/* What the kernel walks (by value). */
typedef struct gp_h_sched {
    int tiles_m, tiles_n; /* CL = 1: 128 x 256 tiles; CL = 2: cluster tiles (256 x 256) */
    int group;            /* tile rows (CL = 2: cluster rows) per group of the order */
    int kb;               /* k-blocks */
    int dp;               /* tiles run whole, the first dp in order */
    int splits;           /* k-wise units of each later tile (1: none) */
    int units;            /* dp + (tiles - dp) * splits */
    int stages;           /* 2..GP_HP_MAX_STAGES */
    int epi;              /* GP_HP_EPI_* (whole and half: 16-bit C only) */
    int mcast;            /* CL = 2: B multicast */
    int wait1;            /* consumers keep one k-block of wgmmas in flight (else drain each k-block) */
    int defer;            /* lean tiles: the deferred epilogue (gp_h_defer_pack / gp_h_defer_box) */
} gp_h_sched;

/* Unit u: its tile (tm, tn), k-blocks [kb0, kb1) and partial slot (-1: it writes C). */
static __host__ __device__ __forceinline__ void gp_h_unit(const gp_h_sched &sc, int u, int &tm, int &tn, int &kb0,
                                                          int &kb1, int &slot)
{
    int t;
    if (u < sc.dp) {
        t = u;
        kb0 = 0;
        kb1 = sc.kb;
        slot = -1;
    } else {
        const int v = u - sc.dp, q = v / sc.splits, s = v - q * sc.splits;
        t = sc.dp + q;
        kb0 = (int)((int64_t)s * sc.kb / sc.splits);
        kb1 = (int)((int64_t)(s + 1) * sc.kb / sc.splits);
        slot = v;
    }
    gp_h_tile_order(t, sc.tiles_m, sc.tiles_n, sc.group, &tm, &tn);
}

#if GP_HOPPER_DEVICE
/* One stage of CTA `rank` of a multicasting pair: its A box, and its half of B multicast to both CTAs. */
template <int TA, int TB, int ESZ, int BM = GP_HP_BM, int BN = GP_HP_BN> /* BM x BN: also pingpong.cu's 128 x 128 */
static __device__ __forceinline__ void gp_hp_load_mc(unsigned char *st, const CUtensorMap *ma, const CUtensorMap *mb,
                                                     uint64_t *full, int m0, int n0, int kb, uint32_t rank)
{
    typedef gp_h_stage<BM, BN, TA, TB, ESZ> S;
    gp_mbar_arrive_expect_tx(full, S::BYTES);
    const int k0 = kb * S::BK;
    if (TA == 0) gp_tma_load_2d(st, ma, full, k0, m0);
    else {
#pragma unroll
        for (int c = 0; c < BM / 64; ++c) gp_tma_load_2d(st + c * (S::BK * 128), ma, full, m0 + 64 * c, k0);
    }
    unsigned char *sb = st + S::A_BYTES;
    if (TB == 1) gp_tma_load_2d_mc(sb + rank * (BN / 2) * 128, mb, full, k0, n0 + (BN / 2) * (int)rank, 0x3);
    else {
#pragma unroll
        for (int c = 0; c < BN / 128; ++c) { /* this CTA's half of B's 64-column chunks */
            const int chunk = (BN / 128) * (int)rank + c;
            gp_tma_load_2d_mc(sb + chunk * (S::BK * 128), mb, full, n0 + 64 * chunk, k0, 0x3);
        }
    }
}

/* A consumer warp frees stage s: lane 0 arrives on this CTA's `empty`; multicasting, lanes 0 and 1 arrive on
 * both CTAs' (the peer's producer refills this CTA's stage too). */
static __device__ __forceinline__ void gp_hp_release(uint64_t *empty, int s, int lane, bool mcast)
{
    if (mcast) {
        if (lane < 2) gp_mbar_arrive_cluster(&empty[s], (uint32_t)lane);
    } else if (lane == 0) gp_mbar_arrive(&empty[s]);
}
#endif

#ifdef GP_HP_EXP_TIMELINE
#include <stdio.h>
static __device__ long long gp_hp_tl_buf[2][2][8][6];
static __global__ void gp_hp_tl_print(void)
{
    for (int b = 0; b < 2; ++b)
        for (int c = 0; c < 2; ++c)
            for (int i = 0; i < 8; ++i) {
                const long long *t = gp_hp_tl_buf[b][c][i], *p = gp_hp_tl_buf[b][c][i > 0 ? i - 1 : 0];
                if (t[0] < 0) continue;
                printf("tl block %d wg %d unit %d: wait %lld loop %lld (full waits %lld, wgmma waits %lld) epi %lld "
                       "(from prev epi end %lld)\n", b, c, i, t[1] - t[0], t[2] - t[1], t[4], t[5], t[3] - t[2],
                       i > 0 ? t[1] - p[3] : 0ll);
            }
}
#endif

template <int KIND, int TA, int TB, int CL>
__global__ void __launch_bounds__(GP_HP_THREADS, 1)
    gp_hp_kernel(const __grid_constant__ CUtensorMap ma, const __grid_constant__ CUtensorMap mb,
                 const __grid_constant__ CUtensorMap mc, const __grid_constant__ CUtensorMap mw, gp_h_epi e,
                 gp_h_sched sc)
{
#if GP_HOPPER_DEVICE
    typedef gp_h_stage<GP_HP_BM, GP_HP_BN, TA, TB, GP_H_ESZ(KIND)> S;
    typedef typename gp_h_ctype<KIND>::T T16;
    enum { WTA = GP_H_WG_TA(KIND, TA), WTB = GP_H_WG_TB(KIND, TB) };
    enum { RS = KIND == GP_HK_TF32 && TA == 1 }; /* A from registers */
    /* tf32 TN (rung 06 only): B arrives MN-major and the producer warpgroup turns it K-major in place */
    enum { XB = KIND == GP_HK_TF32 && TB == 0 };
    static_assert(!XB || (RS && CL == 1), "tf32 with B MN-major: A MN-major too, rung 06 only");
    typedef gp_h_stage<GP_HP_BM, GP_HP_BN, TA, XB ? 1 : TB, GP_H_ESZ(KIND)> SB; /* the B the wgmmas read */
    extern __shared__ unsigned char smem_raw[];
    /* 1024-aligned (the 128B swizzle); the same offsets in both CTAs of a cluster */
    unsigned char *smem = smem_raw + ((1024 - (gp_h_smem(smem_raw) & 1023)) & 1023);
    const int stages = sc.stages;
    const int epi = KIND == GP_HK_TF32 ? GP_HP_EPI_CHUNK : sc.epi;
    unsigned char *cbuf = smem + stages * S::BYTES;
    uint64_t *full = reinterpret_cast<uint64_t *>(cbuf + GP_HP_CBYTES(epi));
    uint64_t *empty = full + GP_HP_MAX_STAGES;
    uint64_t *ready = empty + GP_HP_MAX_STAGES; /* XB: the stage's B is K-major */

    const int tid = threadIdx.x, wg = gp_h_warpgroup();
    const uint32_t rank = CL > 1 ? gp_cluster_rank() : 0;
    const int cid = blockIdx.x / CL, ncl = gridDim.x / CL;
    const bool mcast = CL > 1 && sc.mcast;

    if (tid == 0) {
        gp_tma_prefetch_map(&ma);
        gp_tma_prefetch_map(&mb);
        if (e.n_tma > 0) gp_tma_prefetch_map(&mc);
        if (sc.units > sc.dp) gp_tma_prefetch_map(&mw);
        for (int s = 0; s < stages; ++s) {
            gp_mbar_init(&full[s], 1);
            gp_mbar_init(&empty[s], (mcast ? 2 : 1) * GP_HP_CONSUMER_WARPS);
            if (XB) gp_mbar_init(&ready[s], GP_HP_XPOSE_WARPS);
        }
        gp_mbar_init_fence();
    }
    if (CL > 1) gp_cluster_sync(); /* both CTAs' barriers initialised before any multicast or remote arrive */
    else __syncthreads();
#if GP_HP_PDL /* launched as a programmatic dependent: the set-up above overlapped the previous grid's end */
    gp_h_wait_prior();
    /* the next call's kernel may launch early; a split's reduction (the dependent otherwise) launches as blocks end */
    if (sc.units == sc.dp) gp_h_allow_dependents();
#endif

    if (wg == 0) {
        /* producer: one thread loads every k-block of every unit of this block, in order */
        gp_setmaxnreg_dec<40>();
        if (tid == 0) {
            int s = 0;
            uint32_t ph = 0;
            bool wrapped = false;
            for (int u = cid; u < sc.units; u += ncl) {
                int tm, tn, kb0, kb1, slot;
                gp_h_unit(sc, u, tm, tn, kb0, kb1, slot);
                const int m0 = (CL * tm + (int)rank) * GP_HP_BM, n0 = tn * GP_HP_BN;
                for (int kb = kb0; kb < kb1; ++kb) {
                    if (wrapped) gp_mbar_wait(&empty[s], ph ^ 1); /* the consumers' use of the previous round */
                    unsigned char *st = smem + s * S::BYTES;
                    if (mcast) gp_hp_load_mc<TA, TB, GP_H_ESZ(KIND)>(st, &ma, &mb, &full[s], m0, n0, kb, rank);
                    else S::load(st, &ma, &mb, &full[s], m0, n0, kb);
                    if (++s == stages) {
                        s = 0;
                        ph ^= 1;
                        wrapped = true;
                    }
                }
            }
        } else if (XB && tid >= 32) {
            /* transposers: each landed stage's B in place, then fenced to the async proxy (the wgmmas read it) */
            const int w = tid / 32 - 1, lane = tid % 32;
            int s = 0;
            uint32_t ph = 0;
            for (int u = cid; u < sc.units; u += ncl) {
                int tm, tn, kb0, kb1, slot;
                gp_h_unit(sc, u, tm, tn, kb0, kb1, slot);
                for (int kb = kb0; kb < kb1; ++kb) {
                    gp_mbar_wait(&full[s], ph);
                    gp_h_xpose_b<GP_HP_BN / 32>(smem + s * S::BYTES + S::A_BYTES, w, GP_HP_XPOSE_WARPS, lane);
                    gp_fence_proxy_async_smem();
                    __syncwarp();
                    if (lane == 0) gp_mbar_arrive(&ready[s]);
                    if (++s == stages) {
                        s = 0;
                        ph ^= 1;
                    }
                }
            }
        }
    } else {
        gp_setmaxnreg_inc<232>();
        const int c = wg - 1, t128 = tid % 128, lane = tid % 32;
        unsigned char *mybuf = cbuf + c * (GP_HP_CBYTES(epi) / 2);
        float acc[GP_HP_BN / 2];
        int s = 0, ps = 0;
        uint32_t ph = 0;
        /* the deferred epilogue (sc.defer): the previous lean tile, packed, and its boxes still to store */
        uint32_t pk[64];
        int pend = 0, prow0 = 0, pcol0 = 0;
#ifdef GP_HP_EXP_TIMELINE /* diagnosis builds: SM clocks of blocks 0 and 1's consumers, 8 units, printed at the end */
        __shared__ long long tl[2][8][6]; /* 4, 5: the tile's cycles in the full-barrier waits and the wgmma waits */
        int tli = 0;
        long long tw0 = 0, twf = 0, twd = 0;
#define GP_HP_TL(x) do { if (t128 == 0 && tli < 8) tl[c][tli][x] = clock64(); } while (0)
#else
#define GP_HP_TL(x) do { } while (0)
#endif
        for (int u = cid; u < sc.units; u += ncl) {
            int tm, tn, kb0, kb1, slot;
            gp_h_unit(sc, u, tm, tn, kb0, kb1, slot);
            const int row0 = (CL * tm + (int)rank) * GP_HP_BM + 64 * c, col0 = tn * GP_HP_BN;
            /* uniform per warpgroup: */
            const bool lean = KIND != GP_HK_TF32 && slot < 0 && !e.ct && epi != GP_HP_EPI_CHUNK && e.beta == 0.0f &&
                              row0 + 64 <= e.m && col0 + GP_HP_BN <= e.n_tma;
            for (int kb = kb0; kb < kb1; ++kb) {
                if (kb == kb0) GP_HP_TL(0);
#ifdef GP_HP_EXP_TIMELINE
                if (kb == kb0) twf = twd = 0;
                tw0 = clock64();
#endif
                gp_mbar_wait(&full[s], ph);
                if (XB) gp_mbar_wait(&ready[s], ph);
#ifdef GP_HP_EXP_TIMELINE
                twf += clock64() - tw0;
#endif
                if (kb == kb0) GP_HP_TL(1);
                const unsigned char *st = smem + s * S::BYTES;
                if constexpr (RS) {
                    uint32_t af[S::KSTEPS][4];
                    gp_h_rs_load(st, c, af);
                    gp_wgmma_fence();
#pragma unroll
                    for (int j = 0; j < S::KSTEPS; ++j)
                        gp_wgmma_rs<GP_HP_BN, KIND>::mma(acc, af[j], SB::desc_b(st, 0, j), kb > kb0 || j > 0);
                } else {
                    gp_wgmma_fence();
#pragma unroll
                    for (int j = 0; j < S::KSTEPS; ++j)
                        gp_wgmma<GP_HP_BN, KIND, WTA, WTB>::mma(acc, S::desc_a(st, c, j), S::desc_b(st, 0, j),
                                                                kb > kb0 || j > 0);
                }
                gp_wgmma_commit();
                if (pend > 0) { /* one box of the previous tile while this k-block's wgmmas run */
                    gp_h_defer_box_at(4 - pend, &mc, pk, mybuf, 1 + c, prow0, pcol0);
                    --pend;
                }
#ifdef GP_HP_EXP_TIMELINE
                tw0 = clock64();
#endif
                if (sc.wait1 && !RS) {
                    gp_wgmma_wait<1>(); /* k-block kb - 1 is done: free its stage */
                    if (kb > kb0) gp_hp_release(empty, ps, lane, mcast);
                } else {
                    gp_wgmma_wait<0>(); /* k-block kb is done: free its stage now */
                    gp_hp_release(empty, s, lane, mcast);
                }
#ifdef GP_HP_EXP_TIMELINE
                twd += clock64() - tw0;
#endif
                ps = s;
                if (++s == stages) {
                    s = 0;
                    ph ^= 1;
                }
            }
#ifdef GP_HP_EXP_TIMELINE
            if (t128 == 0 && tli < 8) {
                tl[c][tli][4] = twf;
                tl[c][tli][5] = twd;
            }
#endif
            gp_wgmma_wait<0>();
            if (sc.wait1 && !RS) gp_hp_release(empty, ps, lane, mcast); /* the unit's last stage */
            gp_wgmma_reg_fence(acc);
            GP_HP_TL(2);
            for (; pend > 0; --pend) gp_h_defer_box_at(4 - pend, &mc, pk, mybuf, 1 + c, prow0, pcol0); /* short unit */

            if (slot < 0) {
                if (e.ct) gp_h_store_frag_x<GP_HP_BN, T16, RS, true>(e, acc, row0, col0);
                else if (lean && sc.defer) {
                    gp_h_defer_pack<T16>(pk, acc, e.alpha);
                    pend = 4;
                    prow0 = row0;
                    pcol0 = col0;
                    if (u + ncl >= sc.units) /* no next unit to hide the boxes behind */
                        for (; pend > 0; --pend) gp_h_defer_box_at(4 - pend, &mc, pk, mybuf, 1 + c, prow0, pcol0);
                } else if (lean) {
                    if (epi == GP_HP_EPI_WHOLE) gp_h_epilogue_lean<T16, 4>(e, &mc, acc, mybuf, 1 + c, row0, col0);
                    else gp_h_epilogue_lean<T16, 2>(e, &mc, acc, mybuf, 1 + c, row0, col0);
                }
                else if (RS) gp_h_epilogue<T16, GP_H_CHUNK_N, 1, 2, true>(e, &mc, acc, mybuf, 1 + c, row0, col0);
                else if (KIND != GP_HK_TF32 && epi == GP_HP_EPI_WHOLE)
                    gp_h_epilogue<T16, 64, 4, 1>(e, &mc, acc, mybuf, 1 + c, row0, col0);
                else if (KIND != GP_HK_TF32 && epi == GP_HP_EPI_HALF)
                    gp_h_epilogue<T16, 64, 2, 1>(e, &mc, acc, mybuf, 1 + c, row0, col0);
                else gp_h_epilogue<T16, GP_H_CHUNK_N, 1, 2>(e, &mc, acc, mybuf, 1 + c, row0, col0);
            } else {
                /* split unit: the raw f32 partial into workspace block `slot` */
                gp_h_epi ew = e;
                ew.C = 0;
                ew.ldc = GP_HP_BN;
                ew.alpha = 1.0f;
                ew.beta = 0.0f;
                ew.c_f32 = 1;
                ew.vec_c = 1;
                ew.m = 1 << 30;
                ew.n = ew.n_tma = GP_HP_BN;
                ew.ct = 0;
                ew.keep_l2 = 1; /* read by the reduction next */
                /* CL = 2: the cluster tile's partial is a 256 x 256 block, rank r writing its rows 128r.. */
                gp_h_epilogue<T16, GP_H_CHUNK_N, 1, 2, RS>(ew, &mw, acc, mybuf, 1 + c,
                                                           (slot * CL + (int)rank) * GP_HP_BM + 64 * c, 0);
            }
            GP_HP_TL(3);
#ifdef GP_HP_EXP_TIMELINE
            ++tli;
#endif
        }
        if (t128 == 0) gp_tma_store_wait_all();
#ifdef GP_HP_EXP_TIMELINE /* copied out here, printed by gp_hp_tl_print (a printf here would serialize the wgmmas) */
        if (t128 == 0 && blockIdx.x < 2) {
            for (int i = 0; i < 8; ++i)
                for (int x = 0; x < 6; ++x) gp_hp_tl_buf[blockIdx.x][c][i][x] = i < tli ? tl[c][i][x] : -1;
        }
#endif
    }
    if (CL > 1) {
        __syncwarp();
        gp_cluster_sync(); /* no CTA leaves while its peer may still arrive on or multicast into it */
    }
#else
    __trap();
#endif
}

/* The split reductions are launched as programmatic dependents of the kernel (gp_hp_run): their launch overlaps its
 * last units, and each waits in gp_h_wait_prior until the kernel has completed and its partials are visible. */

/* v += x, lane by lane (the split reductions' sums) */
static __device__ __forceinline__ void gp_hp_add4(float4 &v, const float4 x)
{
    v.x += x.x;
    v.y += x.y;
    v.z += x.z;
    v.w += x.w;
}

/* C = alpha * (sum of the split units' partials) + beta * C over the split tiles (any arch). One thread per 4
 * consecutive columns of a tile row; the partial blocks are (CL x 128) x 256 f32 (a tile of rung 06, a cluster
 * tile of rung 07), row-major, block q * splits + s. Its sum loop is left to the compiler's unrolling: the transposed
 * reduction's `#pragma unroll 8` here (one helper for both, session 28) made it slower, 5.0 -> 5.45 us under ncu at
 * bf16 512x512x32768 TN (12 partials a thread), 40.1-41.0 -> 41.6-42.2 us a call (results/h100-2026-11-25i/call5). */
template <typename T16, int CL>
__global__ void gp_hp_splitk_reduce(const float *W, gp_h_epi e, gp_h_sched sc)
{
    enum { BM = CL * GP_HP_BM, PER_TILE = BM * (GP_HP_BN / 4) };
    gp_h_wait_prior();
    const int64_t total = (int64_t)(sc.units - sc.dp) / sc.splits * PER_TILE;
    for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < total; i += (int64_t)gridDim.x * blockDim.x) {
        const int q = (int)(i / PER_TILE), rem = (int)(i % PER_TILE);
        const int r = rem / (GP_HP_BN / 4), c4 = rem % (GP_HP_BN / 4);
        int tm, tn;
        gp_h_tile_order(sc.dp + q, sc.tiles_m, sc.tiles_n, sc.group, &tm, &tn);
        const int row = tm * BM + r, col = tn * GP_HP_BN + 4 * c4;
        if (row >= e.m || col >= e.n) continue;
        float4 v = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
        const float *p = W + ((int64_t)q * sc.splits * BM + r) * GP_HP_BN + 4 * c4;
        for (int s = 0; s < sc.splits; ++s) {
            const float4 x = *reinterpret_cast<const float4 *>(p + (int64_t)s * BM * GP_HP_BN);
            gp_hp_add4(v, x);
        }
        gp_h_store_pair<T16>(e, row, col, v.x, v.y);
        gp_h_store_pair<T16>(e, row, col + 2, v.z, v.w);
    }
}

/* The transposed reduction (e.ct: the split tiles are C^T's): C = alpha * sum + beta * C, one block of 256 threads
 * per 32 x 32 square of a split tile: thread (r, c4) sums row r's 4 columns 4 c4.. of the square over the splits (a
 * float4 from each partial, 8 loads in flight), the square is turned in shared memory and written along C's rows.
 * Grid: split tiles x 32. (Until session 27 each thread summed 4 rows one float at a time: with the deep splits'
 * 64 partials of few tiles the reduction had too few loads in flight.) */
template <typename T16>
__global__ void __launch_bounds__(256) gp_hp_splitk_reduce_t(const float *W, gp_h_epi e, gp_h_sched sc)
{
    __shared__ float sq[32][33];
    enum { SQ_N = GP_HP_BN / 32, SQ = (GP_HP_BM / 32) * SQ_N };
    const int q = blockIdx.x / SQ, b = blockIdx.x % SQ, br = b / SQ_N, bc = b % SQ_N;
    const int tx = threadIdx.x % 32, ty = threadIdx.x / 32, r = threadIdx.x / 8, c4 = threadIdx.x % 8;
    int tm, tn;
    gp_h_tile_order(sc.dp + q, sc.tiles_m, sc.tiles_n, sc.group, &tm, &tn);
    gp_h_wait_prior();
    const float *p = W + ((int64_t)q * sc.splits * GP_HP_BM + 32 * br + r) * GP_HP_BN + 32 * bc + 4 * c4;
    float4 v = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
#pragma unroll 8
    for (int s = 0; s < sc.splits; ++s) {
        const float4 x = *reinterpret_cast<const float4 *>(p + (int64_t)s * GP_HP_BM * GP_HP_BN);
        gp_hp_add4(v, x);
    }
    sq[r][4 * c4] = v.x; /* banks r + 4 c4 + j: a warp's 4 rows x 8 column groups, no conflicts */
    sq[r][4 * c4 + 1] = v.y;
    sq[r][4 * c4 + 2] = v.z;
    sq[r][4 * c4 + 3] = v.w;
    __syncthreads();
    gp_h_epi ec = e; /* C's own rows and columns */
    ec.m = e.n;
    ec.n = e.m;
    const int ccol = tm * GP_HP_BM + 32 * br + tx; /* C's column: C^T's row */
    for (int j = ty; j < 32; j += 8) gp_h_store_one<T16>(ec, tn * GP_HP_BN + 32 * bc + j, ccol, sq[tx][j]);
}

/* The same two reductions where few tiles are split many ways (session 30): with one thread a float4 of C, 1-2 tiles
 * give 8192-16384 threads, each summing 32-64 partials a few loads at a time, so the kernel waits on latency (ncu, H200,
 * 64 ways: 10.5-11.5 us plain, 18-19 us transposed, results/h200-2026-11-29b/call5). Here `groups` threads share each
 * float4 (gp_hp_splitk_reduce_g: `groups` groups of 256 / groups threads a block; gp_hp_splitk_reduce_tg: blocks of
 * 256 x groups threads), group g summing splits [g S / groups, (g + 1) S / groups) in order; group 0 then adds the other
 * groups' sums in order through shared memory, so the result is fixed (not the one-group kernel's bits). The launcher
 * takes them while the threads stay under one block of 256 a SM. */
template <typename T16, int CL>
__global__ void __launch_bounds__(256) gp_hp_splitk_reduce_g(const float *W, gp_h_epi e, gp_h_sched sc, int groups)
{
    enum { BM = CL * GP_HP_BM, PER_TILE = BM * (GP_HP_BN / 4) };
    __shared__ float4 gsum[256];
    gp_h_wait_prior();
    /* thread k of group g: float4 slot base + k, splits [s0, s1) */
    const int slots = 256 / groups, g = threadIdx.x / slots, k = threadIdx.x % slots;
    const int s0 = g * sc.splits / groups, s1 = (g + 1) * sc.splits / groups;
    const int64_t total = (int64_t)(sc.units - sc.dp) / sc.splits * PER_TILE;
    for (int64_t base = (int64_t)blockIdx.x * slots; base < total; base += (int64_t)gridDim.x * slots) {
        const int64_t i = base + k;
        const int q = (int)(i / PER_TILE), rem = (int)(i % PER_TILE);
        const int r = rem / (GP_HP_BN / 4), c4 = rem % (GP_HP_BN / 4);
        int tm, tn;
        gp_h_tile_order(sc.dp + q, sc.tiles_m, sc.tiles_n, sc.group, &tm, &tn);
        const int row = tm * BM + r, col = tn * GP_HP_BN + 4 * c4;
        const bool in = i < total && row < e.m && col < e.n;
        float4 v = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
        if (in) {
            const float *p = W + ((int64_t)q * sc.splits * BM + r) * GP_HP_BN + 4 * c4;
            for (int s = s0; s < s1; ++s) {
                const float4 x = *reinterpret_cast<const float4 *>(p + (int64_t)s * BM * GP_HP_BN);
                gp_hp_add4(v, x);
            }
        }
        gsum[threadIdx.x] = v; /* groups >= 2: the launcher takes gp_hp_splitk_reduce for one */
        __syncthreads();
        if (g == 0)
            for (int h = 1; h < groups; ++h) {
                const float4 x = gsum[h * slots + k];
                gp_hp_add4(v, x);
            }
        __syncthreads();
        if (g == 0 && in) {
            gp_h_store_pair<T16>(e, row, col, v.x, v.y);
            gp_h_store_pair<T16>(e, row, col + 2, v.z, v.w);
        }
    }
}

/* gp_hp_splitk_reduce_t with blockDim.x / 256 groups: group g's 256 threads sum their share of the splits for the
 * whole 32 x 32 square; groups 1.. hand their sums to group 0 through shared memory and leave. */
template <typename T16>
__global__ void __launch_bounds__(1024) gp_hp_splitk_reduce_tg(const float *W, gp_h_epi e, gp_h_sched sc)
{
    __shared__ float sq[32][33];
    __shared__ float4 gsum[3][256];
    enum { SQ_N = GP_HP_BN / 32, SQ = (GP_HP_BM / 32) * SQ_N };
    const int q = blockIdx.x / SQ, b = blockIdx.x % SQ, br = b / SQ_N, bc = b % SQ_N;
    const int tid = threadIdx.x % 256, g = threadIdx.x / 256, groups = blockDim.x / 256; /* the splits in groups */
    const int tx = tid % 32, ty = tid / 32, r = tid / 8, c4 = tid % 8;
    const int s0 = g * sc.splits / groups, s1 = (g + 1) * sc.splits / groups;
    int tm, tn;
    gp_h_tile_order(sc.dp + q, sc.tiles_m, sc.tiles_n, sc.group, &tm, &tn);
    gp_h_wait_prior();
    const float *p = W + ((int64_t)q * sc.splits * GP_HP_BM + 32 * br + r) * GP_HP_BN + 32 * bc + 4 * c4;
    float4 v = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
#pragma unroll 8
    for (int s = s0; s < s1; ++s) {
        const float4 x = *reinterpret_cast<const float4 *>(p + (int64_t)s * GP_HP_BM * GP_HP_BN);
        gp_hp_add4(v, x);
    }
    if (g > 0) gsum[g - 1][tid] = v;
    __syncthreads();
    if (g > 0) return; /* no barrier below: only group 0 goes on */
    for (int h = 0; h + 1 < groups; ++h) { /* the groups' sums in their order */
        const float4 x = gsum[h][tid];
        gp_hp_add4(v, x);
    }
    sq[r][4 * c4] = v.x; /* banks r + 4 c4 + j: a warp's 4 rows x 8 column groups, no conflicts */
    sq[r][4 * c4 + 1] = v.y;
    sq[r][4 * c4 + 2] = v.z;
    sq[r][4 * c4 + 3] = v.w;
    asm volatile("bar.sync 1, 256;" ::: "memory"); /* group 0's 8 warps */
    gp_h_epi ec = e; /* C's own rows and columns */
    ec.m = e.n;
    ec.n = e.m;
    const int ccol = tm * GP_HP_BM + 32 * br + tx; /* C's column: C^T's row */
    for (int j = ty; j < 32; j += 8) gp_h_store_one<T16>(ec, tn * GP_HP_BN + 32 * bc + j, ccol, sq[tx][j]);
}

/* Host: runs plan `pin` (after the experiment knobs) with CL-CTA clusters. `done` is the calling rung's
 * per-device flag for the shared-memory attribute; `nclusters` (CL = 2) the clusters to launch at most. */
template <int KIND, int TA, int TB, int CL>
static gp_status gp_hp_run(const gp_device_info *dev, cudaStream_t s, const gp_gemm_args *a, int ct,
                           const gp_gemm_h_plan *pin, int *done, int nclusters)
{
    if (ct && CL != 1) return GP_ERROR_NOT_SUPPORTED;
    gp_gemm_h_plan p = *pin;
    const gp_gemm_h_knobs kn = gp__gemm_h_knobs;
    const int64_t tiles_m1 = gp_ceil_div(a->m, GP_HP_BM), tiles_n = gp_ceil_div(a->n, GP_HP_BN);
    const int64_t tiles_m = CL > 1 ? gp_ceil_div(tiles_m1, 2) : tiles_m1, tiles = tiles_m * tiles_n;
    if (tiles_m1 * tiles_n > INT32_MAX / 2) return GP_ERROR_NOT_SUPPORTED;
    if (kn.group > 0) p.group = kn.group;
    if (kn.stages > 0) p.stages = kn.stages;
    if (kn.epi >= 0) p.epi = kn.epi;
    if (kn.wait > 0) p.wait1 = kn.wait == 2;
    if (kn.defer > 0) p.defer = kn.defer == 1;
    if (kn.splits > 0) {
        p.splits = kn.splits;
        p.sk_tiles = (int)tiles;
    }
    const int mcast = CL > 1 ? (kn.mcast >= 0 ? kn.mcast : 1) : 0;
    const int c_f32 = a->c_type == GP_DTYPE_F32;
    const int epi = c_f32 || p.epi < 0 || p.epi > GP_HP_EPI_HALF ? GP_HP_EPI_CHUNK : p.epi;
    int stages = p.stages < 2 ? 2 : p.stages > GP_HP_MAX_STAGES ? GP_HP_MAX_STAGES : p.stages;
    if (epi == GP_HP_EPI_WHOLE && stages > 3) stages = 3; /* 3 x 48 KB + 64 KB of C buffers */
    const int bk = (int)(GP_H_BK_BYTES / gp__gemm_elem_size(a->ab_type));
    const int64_t kb = gp_ceil_div(a->k, bk);
    int64_t splits = p.splits, sk = p.sk_tiles;
    if (splits > kb) splits = kb;
    if (sk > tiles) sk = tiles;
    /* CL = 2: the units must fit in the clusters that run at once (the plan assumed SMs / 2) */
    if (CL > 1 && splits > 1 && nclusters > 0 && tiles - sk + sk * splits > nclusters)
        splits = (nclusters - (tiles - sk)) / (sk > 0 ? sk : 1);
    if (splits < 2 || sk < 1) {
        splits = 1;
        sk = 0;
    }
    const size_t wbytes = (size_t)(sk * splits * CL) * GP_HP_PARTIAL_BYTES;
    if (splits > 1 && (!a->ws || a->ws_bytes < wbytes)) return GP_ERROR_WORKSPACE_TOO_SMALL;

    CUtensorMap ma, mb, mc, mw;
    /* B's K-major box: half the tile (128 rows) when each CTA of a pair loads one half */
    if (gp_h_operand_maps(a, GP_HP_BM, CL > 1 && mcast ? GP_HP_BN / 2 : GP_HP_BN, &ma, &mb)) return GP_ERROR_NOT_SUPPORTED;
    const int wide = epi != GP_HP_EPI_CHUNK; /* 64-column boxes */
    if (ct) memset(&mc, 0, sizeof mc); /* C^T is stored from the registers */
    else if (gp_h_c_map(&mc, a, wide ? 64 : GP_H_CHUNK_N,
                        wide || c_f32 ? CU_TENSOR_MAP_SWIZZLE_128B : CU_TENSOR_MAP_SWIZZLE_64B))
        return GP_ERROR_NOT_SUPPORTED;
    memset(&mw, 0, sizeof mw);
    if (splits > 1 && gp_h_tmap_2d(&mw, a->ws, GP_DTYPE_F32, sk * splits * CL * GP_HP_BM, GP_HP_BN, GP_HP_BN, GP_H_CHUNK_N, 64))
        return GP_ERROR_NOT_SUPPORTED;

    gp_h_sched sc;
    sc.tiles_m = (int)tiles_m;
    sc.tiles_n = (int)tiles_n;
    sc.group = CL > 1 ? (p.group / 2 > 0 ? p.group / 2 : 1) : (p.group > 0 ? p.group : 1);
    sc.kb = (int)kb;
    sc.dp = (int)(tiles - sk);
    sc.splits = (int)splits;
    sc.units = (int)(tiles - sk + sk * splits);
    sc.stages = stages;
    sc.epi = epi;
    sc.mcast = mcast;
    sc.wait1 = p.wait1 ? 1 : 0;
    sc.defer = p.defer ? 1 : 0;
    gp_h_epi e = gp_h_epi_of(a);
    if (ct) {
        e.ct = 1;
        e.n_tma = 0;
    }

    const void *fn = (const void *)gp_hp_kernel<KIND, TA, TB, CL>;
    if (gp_h_set_smem(fn, dev->device, GP_HP_SMEM_MAX, done) != cudaSuccess) return gp__launch_status();
    const int smem = GP_HP_SMEM(stages, epi);
    const int sms = dev->sm_count > 0 ? dev->sm_count : 132;
    {
        const int ncl = sc.units < nclusters ? sc.units : nclusters;
        const unsigned grid = CL == 1 ? (unsigned)(sc.units < sms ? sc.units : sms) : (unsigned)(CL * (ncl > 0 ? ncl : 1));
        cudaLaunchConfig_t cfg;
        cudaLaunchAttribute attr[2];
        gp_h_cluster_config(&cfg, &attr[0], grid, GP_HP_THREADS, (size_t)smem, s, CL);
#if GP_HP_PDL
        gp_h_config_pdl(&cfg, attr);
#endif
        if (cudaLaunchKernelEx(&cfg, gp_hp_kernel<KIND, TA, TB, CL>, ma, mb, mc, mw, e, sc) != cudaSuccess)
            return gp__launch_status();
    }
    GP_TRY(gp__launch_status());
#ifdef GP_HP_EXP_TIMELINE
    gp_hp_tl_print<<<1, 1, 0, s>>>();
#endif
    if (splits > 1) {
        const float *W = (const float *)a->ws;
        /* few tiles over many splits: too few threads to keep the partials' loads in flight, so `groups` threads share
         * each float4 of C (a group's share of the splits each), up to 8 (4 transposed), while the threads stay under
         * one block of 256 a SM: 1-2 tiles of rung 06 split 32-64 ways (session 30); rung 07's 16-bit deep-k splits
         * (4 cluster tiles and more) keep one thread a float4 */
        const int64_t slots = sk * CL * GP_HP_BM * (GP_HP_BN / 4);
        int groups = 1;
        while (groups < (ct ? 4 : 8) && slots * groups < (int64_t)sms * 256 && splits >= 4 * groups) groups *= 2;
        const unsigned grid = ct ? (unsigned)(sk * (GP_HP_BM / 32) * (GP_HP_BN / 32))
                                 : gp_grid_for(dev, 256, slots * groups, 2);
        cudaLaunchConfig_t cfg;
        cudaLaunchAttribute attr;
        gp_h_cluster_config(&cfg, &attr, grid, ct ? 256 * groups : 256, 0, s, 1);
        gp_h_config_pdl(&cfg, &attr);
        cudaError_t le;
        if (groups > 1) {
            if (ct && KIND == GP_HK_BF16) le = cudaLaunchKernelEx(&cfg, gp_hp_splitk_reduce_tg<__nv_bfloat16>, W, e, sc);
            else if (ct) le = cudaLaunchKernelEx(&cfg, gp_hp_splitk_reduce_tg<__half>, W, e, sc);
            else if (KIND == GP_HK_BF16)
                le = cudaLaunchKernelEx(&cfg, gp_hp_splitk_reduce_g<__nv_bfloat16, CL>, W, e, sc, groups);
            else le = cudaLaunchKernelEx(&cfg, gp_hp_splitk_reduce_g<__half, CL>, W, e, sc, groups);
        } else if (ct && KIND == GP_HK_BF16) le = cudaLaunchKernelEx(&cfg, gp_hp_splitk_reduce_t<__nv_bfloat16>, W, e, sc);
        else if (ct) le = cudaLaunchKernelEx(&cfg, gp_hp_splitk_reduce_t<__half>, W, e, sc);
        else if (KIND == GP_HK_BF16) le = cudaLaunchKernelEx(&cfg, gp_hp_splitk_reduce<__nv_bfloat16, CL>, W, e, sc);
        else le = cudaLaunchKernelEx(&cfg, gp_hp_splitk_reduce<__half, CL>, W, e, sc);
        (void)le; /* recorded as the last error too */
        return gp__launch_status();
    }
    return GP_SUCCESS;
}

#endif
