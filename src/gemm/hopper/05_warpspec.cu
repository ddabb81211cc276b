// 05_warpspec.cu — gemm rung 05 (Hopper, sm_90a): warp specialisation with register reallocation.
// What changes over rung 04: the block has three warpgroups with fixed roles. Warpgroup 0 is the producer:
// it gives registers back (setmaxnreg.dec 40) and one of its threads does nothing but issue TMA loads into a
// 4-stage ring, waiting on each stage's `empty` mbarrier before refilling it; its other three warps exit.
// Warpgroups 1 and 2 are consumers (setmaxnreg.inc 232): each owns 64 rows of a 128 x 256 tile and runs
// 4 x wgmma m64n256k16 (tf32: m64n256k8) per k-block on its 64 rows of A and the shared 256 columns of B,
// 128 f32 accumulators per thread; it waits on the stage's `full` mbarrier, commits a wgmma group, waits for
// the previous group (wait_group 1) and then each of its warps arrives on that stage's `empty` barrier
// (8 arrivals free a stage). The consumers never issue a load and the producer never waits for a wgmma, so
// the copy of k-block kb + 3 runs under the wgmmas of kb. The 128 x 256 tile reads 96 bytes of operand per
// 2 x 128 x 256 / 64 = 1024 FLOP per k-element (vs 128 bytes per 512 for rung 04's 128 x 128): a third less
// shared/L2 traffic per FLOP. One block per SM (192 KB of stages); 384 threads, launch bounds (384, 1) cap
// the registers at 168 at entry so that setmaxnreg takes effect: 128 x 40 + 256 x 232 = 64512 <= 65536.
// Tile order and epilogue as rung 04 (grouped tile order, direct bounds-checked stores from registers).
// Takes the same arguments as rung 04 (see gemm_internal.h); tf32 only with A stored m x k, B stored n x k.
// ptxas (sm_90a, all 9 instantiations): 168 registers at entry, no spills, no C7508 (setmaxnreg honoured) or
// C7515. SASS: HGMMA.64x256x16.F32.BF16 / .F32 / HGMMA.64x256x8.F32.TF32, UTMALDG.2D, SYNCS.*,
// USETMAXREG.DEALLOC.CTAPOOL / USETMAXREG.TRY_ALLOC.CTAPOOL.
// Measured (run 1, row-major order): bf16 4096^3 642 TFLOP/s (0.80x cuBLAS), 8192^3 491 (0.60x: the row-major
// order's ~132 tiles in flight need all 32 B panels of 4 MB each, 128 MB, so B came from DRAM per tile row).
// Measured (run 2, results/h100-2026-11-23e/hopper-run2, against cublasLt in the same run): bf16 4096^3 691
// TFLOP/s (0.880x), 8192^3 696 (0.874x); f16 663 / 669; tf32 NT 337 / 366 (1.028x).
#include "hopper.cuh"

#define R05_BM 128
#define R05_BN 256
#define R05_GROUP 16 /* tile rows per group of the tile order (gp_h_tile_order) */
#define R05_STAGES 4
#define R05_THREADS 384
#define R05_CONSUMER_WARPS 8

template <int KIND, int TA, int TB>
__global__ void __launch_bounds__(R05_THREADS, 1)
    gp_gemm_r05_kernel(const __grid_constant__ CUtensorMap ma, const __grid_constant__ CUtensorMap mb, gp_h_epi e,
                       int tiles_m, int tiles_n)
{
#if GP_HOPPER_DEVICE
    typedef gp_h_stage<R05_BM, R05_BN, TA, TB, GP_H_ESZ(KIND)> S;
    typedef typename gp_h_ctype<KIND>::T T16;
    enum { WTA = GP_H_WG_TA(KIND, TA), WTB = GP_H_WG_TB(KIND, TB) };
    extern __shared__ unsigned char smem_raw[];
    unsigned char *smem = smem_raw + ((1024 - (gp_h_smem(smem_raw) & 1023)) & 1023);
    uint64_t *full = reinterpret_cast<uint64_t *>(smem + R05_STAGES * S::BYTES);
    uint64_t *empty = full + R05_STAGES;

    const int tid = threadIdx.x, wg = gp_h_warpgroup();
    int tm, tn;
    gp_h_tile_order((int)blockIdx.x, tiles_m, tiles_n, R05_GROUP, &tm, &tn);
    const int m0 = tm * R05_BM, n0 = tn * R05_BN;
    const int KB = (e.k + S::BK - 1) / S::BK;

    if (tid == 0) {
        gp_tma_prefetch_map(&ma);
        gp_tma_prefetch_map(&mb);
        for (int s = 0; s < R05_STAGES; ++s) {
            gp_mbar_init(&full[s], 1);
            gp_mbar_init(&empty[s], R05_CONSUMER_WARPS);
        }
        gp_mbar_init_fence();
    }
    __syncthreads();

    if (wg == 0) {
        /* producer */
        gp_setmaxnreg_dec<40>();
        if (tid == 0) {
            for (int kb = 0; kb < KB; ++kb) {
                const int s = kb % R05_STAGES;
                if (kb >= R05_STAGES) gp_mbar_wait(&empty[s], ((kb / R05_STAGES) - 1) & 1);
                S::load(smem + s * S::BYTES, &ma, &mb, &full[s], m0, n0, kb);
            }
        }
    } else {
        /* consumers: warpgroup c = wg - 1 owns rows 64c .. 64c + 63 of the tile */
        gp_setmaxnreg_inc<232>();
        const int c = wg - 1, lane = tid % 32;
        float acc[R05_BN / 2];
        for (int kb = 0; kb < KB; ++kb) {
            const int s = kb % R05_STAGES;
            gp_mbar_wait(&full[s], (kb / R05_STAGES) & 1);
            const unsigned char *st = smem + s * S::BYTES;
            gp_wgmma_fence();
#pragma unroll
            for (int j = 0; j < S::KSTEPS; ++j)
                gp_wgmma<R05_BN, KIND, WTA, WTB>::mma(acc, S::desc_a(st, c, j), S::desc_b(st, 0, j), kb > 0 || j > 0);
            gp_wgmma_commit();
            gp_wgmma_wait<1>();
            if (kb > 0 && lane == 0) gp_mbar_arrive(&empty[(kb - 1) % R05_STAGES]);
        }
        gp_wgmma_wait<0>();
        gp_wgmma_reg_fence(acc);
        gp_h_store_frag<R05_BN, T16>(e, acc, m0 + 64 * c, n0);
    }
#else
    __trap();
#endif
}

#define R05_SMEM (R05_STAGES * (R05_BM + R05_BN) * GP_H_BK_BYTES + 2 * R05_STAGES * 8 + 1024)

template <int KIND, int TA, int TB>
static gp_status r05_run(const gp_device_info *dev, cudaStream_t s, const gp_gemm_args *a)
{
    CUtensorMap ma, mb;
    if (gp_h_operand_maps(a, R05_BM, R05_BN, &ma, &mb)) return GP_ERROR_NOT_SUPPORTED;
    const int64_t tiles_m = gp_ceil_div(a->m, R05_BM), tiles_n = gp_ceil_div(a->n, R05_BN), tiles = tiles_m * tiles_n;
    if (tiles > INT32_MAX) return GP_ERROR_NOT_SUPPORTED;
    static int done[GP_MAX_DEVICES];
    const void *fn = (const void *)gp_gemm_r05_kernel<KIND, TA, TB>;
    if (gp_h_set_smem(fn, dev->device, R05_SMEM, done) != cudaSuccess) return gp__launch_status();
    gp_gemm_r05_kernel<KIND, TA, TB><<<(unsigned)tiles, R05_THREADS, R05_SMEM, s>>>(ma, mb, gp_h_epi_of(a), (int)tiles_m,
                                                                                (int)tiles_n);
    return gp__launch_status();
}

extern "C" gp_status gp__gemm_r05_warpspec(const gp_device_info *dev, cudaStream_t s, const gp_gemm_args *a)
{
    GP_TRY(gp_h_check(dev, a, 5));
    if (a->k == 0) return gp_h_scale_c(dev, s, a);
    GP_H_DISPATCH(r05_run, a, dev, s, a);
}

extern "C" gp_kernel_info gp__gemm_r05_kernel(void)
{
    gp_kernel_info k = {(const void *)gp_gemm_r05_kernel<GP_HK_BF16, 0, 0>, R05_THREADS, R05_SMEM};
    return k;
}

/* ---- the library's rung table ---- */
GP_ACCEPTS(gemm_r05_accepts, gp_gemm_args, dev, a) { return gp__gemm_h_takes(dev, a, 5); }
GP_LAUNCHER(gemm_r05_launch, gp_gemm_args, ctx, a) { return gp__gemm_h_launch(ctx, a, 5); }
GP_RUNG(gp__gemm_r05, "warpspec", "a producer warp and two consumer warpgroups (setmaxnreg), 128x256 tiles, 4 stages",
        90, GP_RUNG_AUTO, gemm_r05_launch_entry, gemm_r05_accepts_entry, gp__gemm_r05_kernel);
