// 04_tma_wgmma.cu — gemm rung 04 (Hopper, sm_90a): wgmma with both operands in shared memory, fed by the
// tensor memory accelerator (cp.async.bulk.tensor) through an mbarrier ring; one warpgroup.
// What changes over rung 03 (cp.async + mma.sync): no thread computes a global or shared address for the
// operands any more. One thread issues one TMA box per operand and k-block (128 bytes of k: 64 f16/bf16 or 32
// f32 elements) into a 128-byte-swizzled stage, which completes on that stage's `full` mbarrier (expect_tx);
// the warpgroup then runs 4 k-steps x 2 wgmma.mma_async m64n128k16 (tf32: k8) straight out of shared memory
// (no ldmatrix, no fragment registers), 128 f32 accumulators per thread. wgmma is asynchronous: the
// warpgroup commits a group per k-block and waits only for the previous one (wait_group 1), then each warp
// arrives on that stage's `empty` mbarrier and thread 0, once all four have, refills it with k-block kb + 2.
// Tile 128 x 128 x BK, 3 stages (96 KB: 2 blocks per SM, so one block's TMA waits and epilogue overlap the
// other's wgmmas); grouped tile order (16 tile rows per group, gp_h_tile_order: run 1's row-major order lost
// 11% from 4096^3 to 8192^3 on L2 misses); epilogue: alpha/beta and the C conversion straight from the
// accumulator registers to global memory (8-byte f32 / 4-byte 16-bit stores, bounds-checked).
// Layouts: A and B each K-major or MN-major (wgmma's transpose immediates, 16-bit types); tf32 with A stored m x k
// and B stored n x k (tf32 wgmma reads K-major shared memory only), and since session 27 TT and NN with A from
// registers (below; C TMA-describable) and since session 28 TN (B turned K-major in shared memory, below). tf32: the
// tensor core uses the top 19 bits of each f32 as stored (truncation), not rung 03's cvt.rna rounding. Takes any m, n, k >= 0 with vec_a and vec_b (TMA-
// describable: 16-byte aligned bases, ld * elem a multiple of 16 bytes); C any alignment.
// ptxas (sm_90a): 154 registers (tf32 with A from registers at 128 x 128: 238), no spills, no wgmma-serialisation
// warning. SASS:
// HGMMA.64x128x16.F32.BF16 / .F32 (f16) / HGMMA.64x128x8.F32.TF32, UTMALDG.2D, SYNCS.ARRIVE.TRANS64,
// SYNCS.PHASECHK.TRANS64.TRYWAIT (mbarriers), WARPGROUP.ARRIVE / WARPGROUP.DEPBAR.LE.
// Measured (run 1, row-major order): bf16 4096^3 554 TFLOP/s (0.69x cuBLAS), 8192^3 495 (0.61x); the rule
// (hopper_pick.c) uses it for a few tiles with too little k to split (256^3: 0.88x).
// Measured (run 2, results/h100-2026-11-23e/hopper-run2, median of 20 against cublasLt in the same run): bf16
// 4096^3 535 TFLOP/s (0.681x), 8192^3 534 (0.669x); f16 531 / 499; tf32 NT 279 / 257. In the library: the plan's
// choice for fewer 128 x 256 tiles than SMs and little k (sweep, 512^3: 23.0 TFLOP/s against cublasLt 23.3).
// Session 16: 6 stages (192 KB) where the grid has at most one block per SM and k has 12 k-blocks or more (the 2
// blocks per SM that 3 stages allow do not exist there). Both versions in one call
// (results/h100-2026-11-24e/call7/ab-r04.txt): bf16 1000^3 18.5 -> 17.4 us, 1024^3 16.6 -> 15.1 us, 768^3 14.6 ->
// 13.7 us; cublasLt 10-13 us. ncu at 1000^3 (call5): active SMs spend ~1.8k cycles a k-block against 512 at the
// tensor pipe's rate, a third of the issue stalls on the mbarrier waits: the next step is a per-k-block timeline.
// Session 17 (results/h100-2026-11-24f): k-clusters (configurations 1-4, gp__gemm_r04_kc). kc blocks in a cluster
// share a tile, each a k-range; after the main loop each writes its partial tile into its own drained stages, and
// each sums 1/kc of the tile over the cluster's blocks through distributed shared memory (ld.shared::cluster,
// fixed order) and stores it. Why: few tiles leave most SMs idle and each block a long chain of k-blocks. Measured
// (call1/call7 cfg.txt): 128x128x4096 31.0 -> 12.7 us with 8 blocks; 512x512x32768 196 -> 59 us with 4; 1000^3 15.6
// whole against 17.4 with 2: the blocks' TMA loads together reach ~4.5 TB/s from L2, and a split adds blocks, not
// bandwidth. Where the time went at small shapes (a globaltimer timeline, call5, and ncu, call6): the epilogue,
// 5 us at 256^3 with 4 warps per SM issuing ~1400 instructions each (gp_h_store_pair's checks per element);
// gp_h_store_frag now checks rows once where beta == 0 and C is aligned: 1000^3 16.9 -> 15.6 us. Still short of
// cublasLt's kernels (1000^3 8-10 us, 256^3 4 us, call4): its small tiles (64x24 .. 128x80) run in clusters of
// up to 8 that share operands by multicast, cutting the L2 traffic that bounds this rung's main loop there.
// Session 23 (results/h100-2026-11-25d/call5/ab): whole tiles with 16-bit C and beta 0 leave through the TMA
// (r04_epilogue_tma: stmatrix into the drained stages, four 64 x 64 boxes, one bulk store each) instead of 64
// bounds-checked 4-byte stores a thread. Same process, alternating with the previous build, 2 rounds: 1000^3 15.5
// -> 13.95 us, 1024^3 14.3 -> 12.7, 8192x128x8192 (now the plan's choice for thin C) 58.6 -> 57.3; 512^3 10.6 ->
// 10.25 (host-bound: a launch costs ~5 us of host time there). cublasLt took 10.4-12.4 us at 1000^3 and 1024^3.
// Session 24 (results/h100-2026-11-25e): 128 x 64 tiles (configuration 5; template BN, wgmma m64n64k16, 8 stages of
// 24 KB). ncu at 1000^3 (call4) showed cuBLAS's 64x128 kernels pulling as many bytes from L2 as this rung (43-44 MB)
// but over 128 SMs instead of 64 (9.9 us against 12.45): a block's pull rate, not the L2 total, bounds the loop. Twice
// the blocks with 24 KB a k-block each (call5, call6, call7 alternating with the previous build): 1024^3 12.6 -> 10.9
// us, 768^3 11.0 -> 9.3, 960^3 12.2 -> 10.6, 1024x1024x2048 18.2 (pairs) -> 15.6, 512^3 9.0 -> 7.8; but slower
// wherever m, n or k is 1000 (1000^3 13.9 -> 15.8; 1024x1024x1000 12.6 -> 13.7; 1000x1024x1024, rows aligned, 12.5 ->
// 13.1; the cause is not found), so the rule (hopper_pick.c r04_plan) takes it for multiples of 64 only.
// Session 25 (results/h100-2026-11-25f): the cause, from every block's timeline (call1) and ncu (call1, call2): rows
// of a leading dimension of 1000 elements (2000 bytes) straddle 128-byte lines, and the TMA then asks L2 for 3.4x the
// requests (1000^3: 655k against 192k at 1024^3, 1.7 sectors a request): the loop is bound by L2 requests there (~105
// a ns in both tile widths), and 128 x 64 tiles make more of them. cuBLAS's kernels pay the same (its 64x128 2x1
// kernel: 565k requests, 10.4 us at 1000^3 against 7.4 at 1024^3); its fastest there, 128x72 in 4x2 clusters, halves
// them by multicast (308k, 9.0 us). The block's own start (kernel parameters, barriers) costs ~0.8 us and the first
// data ~1.0-1.5 us more (call2). Launched as a programmatic dependent (PDL, GP_R04_PDL): that start overlaps the
// previous grid's end, and the next call may launch once every block has started (gp_h_allow_dependents). Back to back
// without events between calls (host_cost, call4): 1000^3 11.4 -> 9.7 us a call, 1024^3 8.1 -> 7.65, 512^3 5.8 ->
// host-bound 4.6. An event after every call hides it (bench, call3: 13.9 both), so the bench times short runs in
// groups (bench/harness.c); there (call5, alternating with the previous build): 1000^3 12.4 -> 10.7 us, 1024^3 9.5 ->
// 8.0, 1024x1024x2048 14.4 -> 13.1, 768x768x2048 14.2 -> 12.6.
// Session 27 (results/h100-2026-11-25h call8-call12): tf32 with A MN-major (TT; NN as C^T = B^T A^T, stored
// transposed) takes A's fragments from the stage into registers (gp_h_rs_load, as rung 06 does since session 16: rows
// permuted, the epilogue puts them back, gp_h_store_frag_x) and drains each k-block's wgmmas before the registers and
// the stage are reused; 128 x 128 and 128 x 64 tiles, k-clusters as before (a barrier before the partial tile
// overwrites the stages: racecheck found the warps' last fragment loads ordered before those stores only through the
// wgmma they feed). Against rung 06's split, which those layouts ran before (ours, us): NN 256^3 9.7 -> 7.2, 512^3 11.7
// -> 9.1, TT alike; not from 24 k-blocks (768^3 NN 15.0 -> 22.0), so the rule takes it over at most 16 k-blocks.
// Session 28 (results/h100-2026-11-25i call2, call3): why 24 k-blocks lost: with one warpgroup, loading k-block kb's
// fragments and draining its wgmmas left the tensor cores idle for the loads' latency each k-block. Two sets of
// fragments now: kb + 1's are loaded while kb's wgmmas run, and wait_group 1 frees kb - 1's registers and stage
// (238 registers at 128 x 128 tiles, no spills; the SASS keeps WARPGROUP.DEPBAR.LE gsb0, 0x1 in the loop). TT 1024^3
// in pairs 19.0 -> 15.4 us, 512^3 in clusters of 4 9.0 -> 8.6. And tf32 TN (both operands MN-major) now runs here too:
// before each stage's fragments are loaded the warpgroup turns its B K-major in place (gp_h_xpose_b, 2 or 4 chunks of
// 32 x 32 swapped conflict-free), fences to the async proxy and synchronises, all under the previous k-block's wgmmas.
// With the rule's new limits (hopper_pick.c: up to 64 k-blocks, TN 32, where the blocks fill one wave), against rung
// 06's split, ours in us (call3, alternating): TT 1000^3 20.6 -> 17.1, 1024^3 20.3 -> 15.7, 768^3 16.0 -> 13.8; NN
// 1000^3 19.3 -> 17.0, 1024^3 18.7 -> 15.7; TN 512^3 12.4 -> 10.1, 1024^3 23.3 -> 22.3 (cublasLt 18.8-19.1). racecheck
// of TN and TT with every configuration: 0 hazards; memcheck: clean.
#include "hopper.cuh"

#define R04_BM 128
#define R04_GROUP 16 /* tile rows per group of the tile order (gp_h_tile_order) */
#define R04_STAGES 3     /* 96 KB: 2 blocks per SM */
#define R04_MAX_STAGES 8 /* mbarriers: 6 stages of 128 x 128 (192 KB) or 8 of 128 x 64, where the grid has at most one
                            block per SM */
#define R04_THREADS 128
#ifndef GP_R04_PDL /* launched as a programmatic dependent of the previous grid (0: diagnosis builds without) */
#define GP_R04_PDL 1
#endif
/* the most stages of a BN-wide tile (192 KB) */
#define R04_STAGES_MAX(BN) ((BN) == 64 ? 8 : 6)

#if GP_HOPPER_DEVICE
/* The TMA-store epilogue of a whole 128 x 128 tile (kc == 1, 16-bit C, beta 0): the two m64 halves, each as two
 * 64 x 64 boxes, go through stmatrix into the drained stages (4 x 8 KB, 1024-aligned, in the C map's 128B swizzle:
 * gp_h_stsm_box), are fenced to the async proxy, and thread 0 stores the boxes that start inside C (the TMA clips
 * the rest at m and n_tma) and waits until they have been read before the block's shared memory is given up. */
template <typename T16, int BN>
static __device__ __forceinline__ void r04_epilogue_tma(const gp_h_epi &e, const CUtensorMap *mc,
                                                        const float (&acc)[2][BN / 2], unsigned char *buf, int m0,
                                                        int n0)
{
    enum { Q = BN / 64 }; /* 64-column boxes per m64 half */
#pragma unroll
    for (int i = 0; i < 2; ++i)
#pragma unroll
        for (int q = 0; q < Q; ++q) {
            unsigned char *b = buf + (Q * i + q) * GP_H_CBUF;
            if (e.alpha == 1.0f) gp_h_stsm_box<T16, false>(b, acc[i], 8 * q, 1.0f);
            else gp_h_stsm_box<T16, true>(b, acc[i], 8 * q, e.alpha);
        }
    gp_fence_proxy_async_smem();
    __syncthreads();
    if (threadIdx.x == 0) {
#pragma unroll
        for (int i = 0; i < 2; ++i)
#pragma unroll
            for (int q = 0; q < Q; ++q)
                if (m0 + 64 * i < e.m && n0 + 64 * q < e.n_tma)
                    gp_tma_store_2d(mc, buf + (Q * i + q) * GP_H_CBUF, n0 + 64 * q, m0 + 64 * i);
        gp_tma_store_commit();
        gp_tma_store_wait_read<0>();
    }
}
#endif

#ifdef GP_H_TIMELINE /* diagnosis builds: every block's timeline (GP_TL_PRINT), summed up by gp_r04_tl_print */
#include <stdio.h>
#define R04_TL_MAX 1024
static __device__ uint64_t gp_r04_tl_buf[R04_TL_MAX][7]; /* 5 times, KB, tm << 16 | tn */
/* per launch: the span and the mean / max of each phase over the blocks, the slowest block; all blocks if `all` */
static __global__ void gp_r04_tl_print(int blocks, int kc, int bn, int all)
{
    if (blocks > R04_TL_MAX) blocks = R04_TL_MAX;
    uint64_t t0 = ~0ull, t4 = 0, sum[4] = {0, 0, 0, 0}, mx[4] = {0, 0, 0, 0};
    int slow = 0;
    for (int b = 0; b < blocks; ++b) {
        const uint64_t *t = gp_r04_tl_buf[b];
        if (t[0] < t0) t0 = t[0];
        if (t[4] > t4) { t4 = t[4]; slow = b; }
        for (int i = 0; i < 4; ++i) {
            const uint64_t d = t[i + 1] - t[i];
            sum[i] += d;
            if (d > mx[i]) mx[i] = d;
        }
    }
    const uint64_t *w = gp_r04_tl_buf[slow];
    printf("r04 tl %d blocks kc %d bn %d kb %llu: span %llu ns; mean/max init %llu/%llu first data %llu/%llu loop "
           "%llu/%llu epilogue %llu/%llu; slowest block %d (tile %llu,%llu) start +%llu first +%llu loop %llu epi %llu\n",
           blocks, kc, bn, (unsigned long long)w[5], (unsigned long long)(t4 - t0), (unsigned long long)(sum[0] / blocks),
           (unsigned long long)mx[0], (unsigned long long)(sum[1] / blocks), (unsigned long long)mx[1],
           (unsigned long long)(sum[2] / blocks), (unsigned long long)mx[2], (unsigned long long)(sum[3] / blocks),
           (unsigned long long)mx[3], slow, (unsigned long long)(w[6] >> 16), (unsigned long long)(w[6] & 0xffff),
           (unsigned long long)(w[0] - t0), (unsigned long long)(w[2] - w[0]), (unsigned long long)(w[3] - w[2]),
           (unsigned long long)(w[4] - w[3]));
    if (all)
        for (int b = 0; b < blocks; ++b) {
            const uint64_t *t = gp_r04_tl_buf[b];
            printf("r04 tl block %d tile %llu,%llu kb %llu: start +%llu first data +%llu loop %llu epilogue %llu end +%llu\n",
                   b, (unsigned long long)(t[6] >> 16), (unsigned long long)(t[6] & 0xffff), (unsigned long long)t[5],
                   (unsigned long long)(t[0] - t0), (unsigned long long)(t[2] - t[0]), (unsigned long long)(t[3] - t[2]),
                   (unsigned long long)(t[4] - t[3]), (unsigned long long)(t[4] - t0));
        }
}
/* the third launch of each kernel instance prints every block */
#define R04_TL_LAUNCH(blocks, kc, bn)                                                                              \
    do {                                                                                                           \
        static int calls_;                                                                                         \
        gp_r04_tl_print<<<1, 1, 0, s>>>((int)(blocks), kc, bn, ++calls_ == 3);                                      \
    } while (0)
#endif

/* tma_c: kc == 1 and 16-bit C with beta 0 (host, r04_run_bn): whole tiles leave through r04_epilogue_tma and mc, except a
 * tile holding columns n_tma .. n - 1 (a row of C not a multiple of 16 bytes), which is stored from the registers. */
template <int KIND, int TA, int TB, int BN>
__global__ void __launch_bounds__(R04_THREADS, 1)
    gp_gemm_r04_kernel(const __grid_constant__ CUtensorMap ma, const __grid_constant__ CUtensorMap mb,
                       const __grid_constant__ CUtensorMap mc, gp_h_epi e, int tiles_m, int tiles_n, int stages, int kc,
                       int tma_c)
{
#if GP_HOPPER_DEVICE
    typedef gp_h_stage<R04_BM, BN, TA, TB, GP_H_ESZ(KIND)> S;
    typedef typename gp_h_ctype<KIND>::T T16;
    enum { WTA = GP_H_WG_TA(KIND, TA), WTB = GP_H_WG_TB(KIND, TB) };
    /* tf32 with A MN-major (TT; NN as C^T, e.ct; TN): A's fragments from the stage into registers (gp_h_rs_load, rows
     * permuted as gp_h_rs_row); tf32 with B MN-major too (TN, XB): each stage's B turned K-major in place by the
     * warpgroup (gp_h_xpose_b) before its wgmmas; SB: the B the wgmmas read */
    enum { RS = KIND == GP_HK_TF32 && TA == 1, XB = KIND == GP_HK_TF32 && TB == 0 };
    static_assert(!XB || RS, "tf32 with B MN-major: A MN-major too");
    typedef gp_h_stage<R04_BM, BN, TA, XB ? 1 : TB, GP_H_ESZ(KIND)> SB;
    extern __shared__ unsigned char smem_raw[];
    unsigned char *smem = smem_raw + ((1024 - (gp_h_smem(smem_raw) & 1023)) & 1023);
    uint64_t *full = reinterpret_cast<uint64_t *>(smem + stages * S::BYTES);
    uint64_t *empty = full + R04_MAX_STAGES;

    const int tid = threadIdx.x, lane = tid % 32;
#ifdef GP_H_TIMELINE /* diagnosis builds: thread 0's globaltimer at 5 points, in every block (GP_TL_PRINT) */
    uint64_t tl[5] = {0, 0, 0, 0, 0};
#define GP_TL(i) do { if (tid == 0) asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(tl[i])::"memory"); } while (0)
#else
#define GP_TL(i) do { } while (0)
#endif
    GP_TL(0);
    /* kc > 1: the kc blocks of a cluster (consecutive blockIdx.x; cluster rank = blockIdx.x % kc) share a tile,
     * block `rank` taking the k-blocks [kb0, kb0 + KB) (the host makes kc <= the k-blocks: none is empty) */
    const int rank = (int)blockIdx.x % kc;
    int tm, tn;
    gp_h_tile_order((int)blockIdx.x / kc, tiles_m, tiles_n, R04_GROUP, &tm, &tn);
    const int m0 = tm * R04_BM, n0 = tn * BN;
    const int KB_ALL = (e.k + S::BK - 1) / S::BK;
    const int kb0 = (int)((int64_t)KB_ALL * rank / kc), KB = (int)((int64_t)KB_ALL * (rank + 1) / kc) - kb0;

    if (tid == 0) {
        gp_tma_prefetch_map(&ma);
        gp_tma_prefetch_map(&mb);
        for (int s = 0; s < stages; ++s) {
            gp_mbar_init(&full[s], 1);
            gp_mbar_init(&empty[s], R04_THREADS / 32);
        }
        gp_mbar_init_fence();
    }
    __syncthreads();
#if GP_R04_PDL /* launched as a programmatic dependent: all of the above overlapped the previous grid's end */
    gp_h_wait_prior();
    gp_h_allow_dependents();
#endif
    GP_TL(1);
    if (tid == 0)
        for (int s = 0; s < stages && s < KB; ++s) S::load(smem + s * S::BYTES, &ma, &mb, &full[s], m0, n0, kb0 + s);

    float acc[2][BN / 2]; /* not zeroed: the first k-step overwrites them (accumulate = 0) */

    int s = 0, ps = 0;
    uint32_t ph = 0, pph = 0;
    if constexpr (RS) {
        /* A from registers, two sets of fragments: k-block kb + 1's are loaded (and, XB, its B turned K-major) while
         * kb's wgmmas run; kb - 1's wgmmas are waited for (wait_group 1) before their registers and stage are reused */
        typedef uint32_t frag_t[2][S::KSTEPS][4];
        frag_t fa, fb;
        /* stage st (phase sph) landed: its B K-major (XB: every warp's swaps fenced to the async proxy and done before
         * any wgmma reads it), its A fragments into f */
        auto prep = [&](frag_t &f, int st, uint32_t sph) {
            gp_mbar_wait(&full[st], sph);
            unsigned char *sp = smem + st * S::BYTES;
            if constexpr (XB) {
                gp_h_xpose_b<BN / 32>(sp + S::A_BYTES, tid / 32, R04_THREADS / 32, lane);
                gp_fence_proxy_async_smem();
                __syncthreads();
            }
            gp_h_rs_load(sp, 0, f[0]);
            gp_h_rs_load(sp, 1, f[1]);
        };
        auto step = [&](frag_t &cur, frag_t &nxt, int kb) {
            const unsigned char *st = smem + s * S::BYTES;
            gp_wgmma_fence();
#pragma unroll
            for (int j = 0; j < S::KSTEPS; ++j) {
                const uint64_t db = SB::desc_b(st, 0, j);
#pragma unroll
                for (int i = 0; i < 2; ++i) gp_wgmma_rs<BN, KIND>::mma(acc[i], cur[i][j], db, kb > 0 || j > 0);
            }
            gp_wgmma_commit();
            gp_wgmma_wait<1>(); /* k-block kb - 1 is done: its fragments (nxt) and its stage are free */
            if (kb > 0) {
                if (lane == 0) gp_mbar_arrive(&empty[ps]);
                if (tid == 0 && kb - 1 + stages < KB) {
                    gp_mbar_wait(&empty[ps], pph);
                    S::load(smem + ps * S::BYTES, &ma, &mb, &full[ps], m0, n0, kb0 + kb - 1 + stages);
                }
            }
            ps = s;
            pph = ph;
            if (++s == stages) {
                s = 0;
                ph ^= 1;
            }
            if (kb + 1 < KB) prep(nxt, s, ph);
        };
        if (KB > 0) prep(fa, 0, 0);
        GP_TL(2);
        for (int kb = 0; kb < KB; kb += 2) {
            step(fa, fb, kb);
            if (kb + 1 < KB) step(fb, fa, kb + 1);
        }
    } else {
        for (int kb = 0; kb < KB; ++kb) {
            gp_mbar_wait(&full[s], ph);
            if (kb == 0) GP_TL(2);
            gp_h_kblock_m128<S, BN, KIND, WTA, WTB>(acc, smem + s * S::BYTES, kb > 0);
            gp_wgmma_wait<1>(); /* k-block kb - 1 is done: release its stage */
            if (kb > 0) { /* ps, pph: k-block kb - 1's stage and its phase */
                if (lane == 0) gp_mbar_arrive(&empty[ps]);
                if (tid == 0 && kb - 1 + stages < KB) {
                    gp_mbar_wait(&empty[ps], pph);
                    S::load(smem + ps * S::BYTES, &ma, &mb, &full[ps], m0, n0, kb0 + kb - 1 + stages);
                }
            }
            ps = s;
            pph = ph;
            if (++s == stages) {
                s = 0;
                ph ^= 1;
            }
        }
    }
    gp_wgmma_wait<0>();
#pragma unroll
    for (int i = 0; i < 2; ++i) gp_wgmma_reg_fence(acc[i]);
    GP_TL(3);
#ifdef GP_H_TIMELINE /* kept in gp_r04_tl_buf and printed by gp_r04_tl_print: a printf here would serialize the wgmmas */
#define GP_TL_PRINT()                                                                                              \
    do {                                                                                                           \
        GP_TL(4);                                                                                                  \
        if (tid == 0 && blockIdx.x < R04_TL_MAX) {                                                                 \
            for (int i_ = 0; i_ < 5; ++i_) gp_r04_tl_buf[blockIdx.x][i_] = tl[i_];                                  \
            gp_r04_tl_buf[blockIdx.x][5] = (uint64_t)KB;                                                           \
            gp_r04_tl_buf[blockIdx.x][6] = (uint64_t)tm << 16 | (uint64_t)tn;                                      \
        }                                                                                                          \
    } while (0)
#else
#define GP_TL_PRINT() do { } while (0)
#endif
    if (kc == 1) {
        if (KIND != GP_HK_TF32 && tma_c && (e.n_tma == e.n || n0 + BN <= e.n_tma))
            r04_epilogue_tma<T16, BN>(e, &mc, acc, smem, m0, n0);
        else if (RS && e.ct) {
#pragma unroll
            for (int i = 0; i < 2; ++i) gp_h_store_frag_x<BN, T16, RS, RS>(e, acc[i], m0 + 64 * i, n0);
        } else {
#pragma unroll
            for (int i = 0; i < 2; ++i) gp_h_store_frag_x<BN, T16, RS, false>(e, acc[i], m0 + 64 * i, n0);
        }
        GP_TL_PRINT();
        return;
    }
    /* The k-cluster's reduction through distributed shared memory. Every block writes its partial tile into its
     * own (drained) stages, float4 j of m64 half i of thread t at [(F i + j) * 128 + t] (F = BN / 8 float4s a half;
     * a warp's 16-byte stores and loads are consecutive: no bank conflicts); after a cluster barrier, block `rank`
     * sums units u = rank, rank + kc, ... of the 2 U (U = BN / 16 a half; half i = u / U, columns 16 (u % U) ..: its
     * threads' fragment registers 8 (u % U) .. + 7) over the blocks 0, 1, .., kc - 1 in that order (the same for
     * every run) and stores them; a second cluster barrier keeps each block's shared memory until the others have
     * read it. The stages are free: every
     * TMA load issued has been waited for, and wait_group 0 has drained the wgmmas that read them. */
    enum { F = BN / 8, U = BN / 16 };
    float4 *part = reinterpret_cast<float4 *>(smem);
    /* A from registers: the warps' last fragment loads (ld.shared) from the stages are ordered before these stores
     * only through the wgmma they feed; a barrier makes it explicit (racecheck reported the loads and the stores as a
     * write-after-read hazard: results/h100-2026-11-25h/call10) */
    if constexpr (RS) __syncthreads();
#pragma unroll
    for (int i = 0; i < 2; ++i)
#pragma unroll
        for (int j = 0; j < F; ++j)
            part[(F * i + j) * R04_THREADS + tid] =
                make_float4(acc[i][4 * j], acc[i][4 * j + 1], acc[i][4 * j + 2], acc[i][4 * j + 3]);
    gp_cluster_sync();
    for (int u = rank; u < 2 * U; u += kc) {
        const int i = u / U, c = u % U;
        float v[8];
#pragma unroll
        for (int h = 0; h < 2; ++h) {
            const float4 *src = part + (F * i + 2 * c + h) * R04_THREADS + tid;
            float4 x = gp_dsmem_ld4(src, 0);
            for (int q = 1; q < kc; ++q) {
                const float4 y = gp_dsmem_ld4(src, (uint32_t)q);
                x.x += y.x;
                x.y += y.y;
                x.z += y.z;
                x.w += y.w;
            }
            v[4 * h] = x.x;
            v[4 * h + 1] = x.y;
            v[4 * h + 2] = x.z;
            v[4 * h + 3] = x.w;
        }
        if (RS && e.ct) gp_h_store_frag_x<16, T16, RS, RS>(e, v, m0 + 64 * i, n0 + 16 * c);
        else gp_h_store_frag_x<16, T16, RS, false>(e, v, m0 + 64 * i, n0 + 16 * c);
    }
    gp_cluster_sync_relaxed(); /* the loads above have returned (their sums are stored): no ordering needed */
    GP_TL_PRINT();
#else
    __trap();
#endif
}

#define R04_SMEM(stages, BN) ((stages) * (R04_BM + (BN)) * GP_H_BK_BYTES + 2 * R04_MAX_STAGES * 8 + 1024)

template <int KIND, int TA, int TB, int BN>
static gp_status r04_run_bn(const gp_device_info *dev, cudaStream_t s, const gp_gemm_args *a, int kc, int ct = 0)
{
    CUtensorMap ma, mb, mc;
    if (gp_h_operand_maps(a, R04_BM, BN, &ma, &mb)) return GP_ERROR_NOT_SUPPORTED;
    const int64_t tiles_m = gp_ceil_div(a->m, R04_BM), tiles_n = gp_ceil_div(a->n, BN), tiles = tiles_m * tiles_n;
    const int64_t kb_all = gp_ceil_div(a->k, (int64_t)(GP_H_BK_BYTES / gp__gemm_elem_size(a->ab_type)));
    if (kc < 1) kc = 1;
    if (kc > GP_GEMM_R04_MAX_KC) kc = GP_GEMM_R04_MAX_KC;
    if (kc > kb_all) kc = (int)kb_all; /* every block of a cluster gets at least one k-block */
    if (tiles * kc > INT32_MAX) return GP_ERROR_NOT_SUPPORTED;
    static int done[GP_MAX_DEVICES];
    const void *fn = (const void *)gp_gemm_r04_kernel<KIND, TA, TB, BN>;
    if (gp_h_set_smem(fn, dev->device, R04_SMEM(R04_STAGES_MAX(BN), BN), done) != cudaSuccess) return gp__launch_status();
    /* at most one block per SM and 12 k-blocks or more: 6 stages (8 of a 64-wide tile), 5 (7) k-blocks' loads in
     * flight behind the one computed (3 stages keep ~2); measured in gp__gemm_r04_stages's comment */
    const int sms = dev->sm_count > 0 ? dev->sm_count : 132;
    int stages = gp__gemm_r04_stages(tiles * kc, sms, gp_ceil_div(kb_all, (int64_t)kc));
    if (stages > R04_STAGES) stages = R04_STAGES_MAX(BN);
    gp_h_epi e = gp_h_epi_of(a);
    if (ct) { /* C^T (tf32 NN with A from registers): stored transposed from the registers */
        e.ct = 1;
        e.n_tma = 0;
    }
    /* the TMA-store epilogue: whole tiles, 16-bit C, beta 0, C TMA-describable (else, or if the map fails: from the
     * registers) */
    int tma_c = kc == 1 && KIND != GP_HK_TF32 && !ct && gp__gemm_r04_tma_epi(a);
    if (!tma_c || gp_h_c_map(&mc, a, 64, CU_TENSOR_MAP_SWIZZLE_128B)) {
        tma_c = 0;
        memset(&mc, 0, sizeof mc);
    }
    cudaLaunchConfig_t cfg;
    cudaLaunchAttribute attr[2];
    gp_h_cluster_config(&cfg, &attr[0], (unsigned)(tiles * kc), R04_THREADS, R04_SMEM(stages, BN), s, (unsigned)kc);
#if GP_R04_PDL
    gp_h_config_pdl(&cfg, attr);
#endif
    (void)cudaLaunchKernelEx(&cfg, gp_gemm_r04_kernel<KIND, TA, TB, BN>, ma, mb, mc, e, (int)tiles_m, (int)tiles_n,
                             stages, kc, tma_c);
#ifdef GP_H_TIMELINE
    R04_TL_LAUNCH(tiles * kc, kc, BN);
#endif
    return gp__launch_status();
}

/* bn: the tile's width, 64 or else 128 */
template <int KIND, int TA, int TB>
static gp_status r04_run(const gp_device_info *dev, cudaStream_t s, const gp_gemm_args *a, int kc, int bn)
{
    return bn == 64 ? r04_run_bn<KIND, TA, TB, 64>(dev, s, a, kc) : r04_run_bn<KIND, TA, TB, 128>(dev, s, a, kc);
}

extern "C" gp_status gp__gemm_r04_run(const gp_device_info *dev, cudaStream_t s, const gp_gemm_args *a, int kc, int bn)
{
    GP_TRY(gp_h_check(dev, a, 4));
    if (a->k == 0) return gp_h_scale_c(dev, s, a);
#ifndef GP_H_DEV_ONE
    if (a->compute == GP_COMPUTE_TF32 && (a->ta == 1 || a->tb == 0)) {
        /* tf32 with an MN-major operand (C TMA-describable: gp_h_check): A from registers; NN as C^T = B^T A^T (then
         * TT, gp__gemm_h_canon) stored transposed; TN with B turned K-major in shared memory; 128 x 128 or 128 x 64
         * tiles */
        int ct = 0;
        const gp_gemm_args c = a->ta == 0 ? gp__gemm_h_canon(a, &ct) : *a;
        if (c.ta != 1) return GP_ERROR_NOT_SUPPORTED;
        if (c.tb == 0)
            return bn == 64 ? r04_run_bn<GP_HK_TF32, 1, 0, 64>(dev, s, &c, kc, ct)
                            : r04_run_bn<GP_HK_TF32, 1, 0, 128>(dev, s, &c, kc, ct);
        return bn == 64 ? r04_run_bn<GP_HK_TF32, 1, 1, 64>(dev, s, &c, kc, ct)
                        : r04_run_bn<GP_HK_TF32, 1, 1, 128>(dev, s, &c, kc, ct);
    }
#endif
    GP_H_DISPATCH(r04_run, a, dev, s, a, kc, bn);
}

extern "C" gp_status gp__gemm_r04_tma_wgmma(const gp_device_info *dev, cudaStream_t s, const gp_gemm_args *a)
{
    return gp__gemm_r04_run(dev, s, a, 1, 128);
}

extern "C" gp_kernel_info gp__gemm_r04_kernel(void)
{
    gp_kernel_info k = {(const void *)gp_gemm_r04_kernel<GP_HK_BF16, 0, 0, 128>, R04_THREADS, R04_SMEM(R04_STAGES, 128)};
    return k;
}

extern "C" const char *gp__gemm_r04_config_name(int cfg)
{
    static const char *const names[GP_GEMM_R04_CONFIGS] = {"128x128 whole k", "128x128 k-cluster 2", "128x128 k-cluster 3",
                                                           "128x128 k-cluster 4", "128x128 k-cluster 8", "128x64 whole k"};
    return cfg >= 0 && cfg < GP_GEMM_R04_CONFIGS ? names[cfg] : "?";
}

/* ---- the library's rung table ---- */
GP_ACCEPTS(gemm_r04_accepts, gp_gemm_args, dev, a) { return gp__gemm_h_takes(dev, a, 4); }
GP_LAUNCHER(gemm_r04_launch, gp_gemm_args, ctx, a) { return gp__gemm_h_launch(ctx, a, 4); }
GP_RUNG_CONFIGS(gp__gemm_r04, "tma_wgmma",
                "TMA loads into a 3-stage mbarrier ring, wgmma from shared memory, one consumer warpgroup, 128x128 tiles; "
                "clusters of 2-8 blocks split k and add through distributed shared memory",
                90, GP_RUNG_AUTO, gemm_r04_launch_entry, gemm_r04_accepts_entry, gp__gemm_r04_kernel, GP_GEMM_R04_CONFIGS,
                gp__gemm_r04_config_name);
