// 06_persistent.cu — gemm rung 06 (Hopper, sm_90a): persistent warp-specialised kernel, grouped tile order,
// TMA-store epilogue.
// What changes over rung 05: (1) one block per SM (grid = min(tiles, SMs)) walks the tiles t = blockIdx.x,
// + gridDim.x, ...; producer and consumers walk the same sequence and keep one running k-block counter, so
// the 4-stage ring and its mbarrier phases run on across tiles: while the consumers are in one tile's
// epilogue the producer is already loading the next tile's first k-blocks (no block launch, no prologue
// bubble, no barrier initialisation per tile). (2) Grouped tile order: tile t walks down a group of 8 tile
// rows before moving one tile column right, so the ~132 tiles in flight at once share 8 row panels of A
// (8 x 128 rows) and ~17 column panels of B in L2 instead of 1 row panel and 132 column panels.
// (3) Epilogue through shared memory and the TMA: each consumer warpgroup writes its 64 x 256 result in 8
// chunks of 64 rows x 32 columns (alpha/beta and the C conversion applied on the way) into two 8 KB buffers
// laid out in the tensor map's swizzle (128 B rows for f32 C, 64 B rows for f16/bf16 C: conflict-light
// stores of the accumulator fragments), fences them to the async proxy, and one thread issues
// cp.async.bulk.tensor (shared -> global, bulk group); before a buffer is written again only the reads of
// the store two chunks back must be done (wait_group.read 1). The stores of the last chunks drain while the
// warpgroup starts the next tile's wgmmas. The TMA clips the m/n edges, so the epilogue has no bounds checks
// (beta != 0 reads C with plain bounds-checked loads). Consumers release each tile's last stage after their
// final wgmma wait (the ring is shared across tiles).
// Shared memory: 4 x 48 KB stages + 4 x 8 KB C buffers + barriers = 225 KB (the opt-in limit is 227 KB).
// Takes the arguments of rung 05 and needs vec_c too (C through a tensor map); else GP_ERROR_NOT_SUPPORTED
// (the dispatcher falls back to rung 05).
// ptxas (sm_90a, all 9 instantiations): 168 registers at entry, no spills, no C7508/C7515. SASS:
// HGMMA.64x256x16.F32.BF16 / .F32 / HGMMA.64x256x8.F32.TF32, UTMALDG.2D, UTMASTG.2D, UTMACMDFLUSH, SYNCS.*,
// USETMAXREG.*. (With the harness's -DGP_H_WATCHDOG the producer spills 12 bytes: test builds only.)
// Measured: not yet (predicted ~650-720 TFLOP/s bf16 at 8192^3, see NOTES.md).
#include "hopper.cuh"

#define R06_BM 128
#define R06_BN 256
#define R06_STAGES 4
#define R06_THREADS 384
#define R06_CONSUMER_WARPS 8
#define R06_GROUP 8       /* tile rows per group of the tile order */

#if GP_HOPPER_DEVICE
/* Tile t of the grouped order: down R06_GROUP tile rows, then one tile column right. */
static __device__ __forceinline__ void r06_tile(int t, int tiles_m, int tiles_n, int &tm, int &tn)
{
    const int per_group = R06_GROUP * tiles_n;
    const int g = t / per_group, first = g * R06_GROUP;
    const int gs = min(tiles_m - first, R06_GROUP);
    const int r = t - g * per_group;
    tm = first + r % gs;
    tn = r / gs;
}
#endif

template <int KIND, int TA, int TB>
__global__ void __launch_bounds__(R06_THREADS, 1)
    gp_gemm_r06_kernel(const __grid_constant__ CUtensorMap ma, const __grid_constant__ CUtensorMap mb,
                       const __grid_constant__ CUtensorMap mc, gp_h_epi e, int tiles_m, int tiles_n)
{
#if GP_HOPPER_DEVICE
    typedef gp_h_stage<R06_BM, R06_BN, TA, TB, GP_H_ESZ(KIND)> S;
    typedef typename gp_h_ctype<KIND>::T T16;
    enum { WTA = GP_H_WG_TA(KIND, TA), WTB = GP_H_WG_TB(KIND, TB) };
    extern __shared__ unsigned char smem_raw[];
    unsigned char *smem = smem_raw + ((1024 - (gp_h_smem(smem_raw) & 1023)) & 1023);
    unsigned char *cbuf = smem + R06_STAGES * S::BYTES;
    uint64_t *full = reinterpret_cast<uint64_t *>(cbuf + 4 * GP_H_CBUF);
    uint64_t *empty = full + R06_STAGES;

    const int tid = threadIdx.x, wg = tid / 128;
    const int total = tiles_m * tiles_n;
    const int KB = (e.k + S::BK - 1) / S::BK;

    if (tid == 0) {
        gp_tma_prefetch_map(&ma);
        gp_tma_prefetch_map(&mb);
        gp_tma_prefetch_map(&mc);
        for (int s = 0; s < R06_STAGES; ++s) {
            gp_mbar_init(&full[s], 1);
            gp_mbar_init(&empty[s], R06_CONSUMER_WARPS);
        }
        gp_mbar_init_fence();
    }
    __syncthreads();

    if (wg == 0) {
        /* producer: one thread loads every k-block of every tile of this block, in order */
        gp_setmaxnreg_dec<40>();
        if (tid == 0) {
            int it = 0;
            for (int t = blockIdx.x; t < total; t += gridDim.x) {
                int tm, tn;
                r06_tile(t, tiles_m, tiles_n, tm, tn);
                for (int kb = 0; kb < KB; ++kb, ++it) {
                    const int s = it % R06_STAGES;
                    if (it >= R06_STAGES) gp_mbar_wait(&empty[s], ((it / R06_STAGES) - 1) & 1);
                    S::load(smem + s * S::BYTES, &ma, &mb, &full[s], tm * R06_BM, tn * R06_BN, kb);
                }
            }
        }
    } else {
        gp_setmaxnreg_inc<232>();
        const int c = wg - 1, t128 = tid % 128, lane = tid % 32;
        float acc[R06_BN / 2];
        int it = 0;
        for (int t = blockIdx.x; t < total; t += gridDim.x) {
            int tm, tn;
            r06_tile(t, tiles_m, tiles_n, tm, tn);
            for (int kb = 0; kb < KB; ++kb, ++it) {
                const int s = it % R06_STAGES;
                gp_mbar_wait(&full[s], (it / R06_STAGES) & 1);
                const unsigned char *st = smem + s * S::BYTES;
                gp_wgmma_fence();
#pragma unroll
                for (int j = 0; j < S::KSTEPS; ++j)
                    gp_wgmma<R06_BN, KIND, WTA, WTB>::mma(acc, S::desc_a(st, c, j), S::desc_b(st, 0, j), kb > 0 || j > 0);
                gp_wgmma_commit();
                gp_wgmma_wait<1>();
                if (kb > 0 && lane == 0) gp_mbar_arrive(&empty[(it - 1) % R06_STAGES]);
            }
            gp_wgmma_wait<0>();
            if (lane == 0) gp_mbar_arrive(&empty[(it - 1) % R06_STAGES]); /* the tile's last stage */
            gp_wgmma_reg_fence(acc);

            gp_h_epilogue_tma<T16>(e, &mc, acc, cbuf + 2 * c * GP_H_CBUF, 1 + c, tm * R06_BM + 64 * c, tn * R06_BN);
        }
        if (t128 == 0) gp_tma_store_wait_all();
    }
#else
    __trap();
#endif
}

#define R06_SMEM (R06_STAGES * (R06_BM + R06_BN) * GP_H_BK_BYTES + 4 * GP_H_CBUF + 2 * R06_STAGES * 8 + 1024)

template <int KIND, int TA, int TB>
static gp_status r06_run(const gp_device_info *dev, cudaStream_t s, const gp_gemm_args *a)
{
    CUtensorMap ma, mb, mc;
    if (gp_h_operand_maps(a, R06_BM, R06_BN, &ma, &mb)) return GP_ERROR_NOT_SUPPORTED;
    const int c_f32 = a->c_type == GP_DTYPE_F32;
    if (gp_h_tmap_2d(&mc, a->C, a->c_type, a->m, a->n, a->ldc, GP_H_CHUNK_N, 64,
                     c_f32 ? CU_TENSOR_MAP_SWIZZLE_128B : CU_TENSOR_MAP_SWIZZLE_64B))
        return GP_ERROR_NOT_SUPPORTED;
    const int64_t tiles_m = gp_ceil_div(a->m, R06_BM), tiles_n = gp_ceil_div(a->n, R06_BN);
    if (tiles_m * tiles_n > INT32_MAX) return GP_ERROR_NOT_SUPPORTED;
    const int64_t tiles = tiles_m * tiles_n;
    const int sms = dev->sm_count > 0 ? dev->sm_count : 132;
    const unsigned grid = (unsigned)(tiles < sms ? tiles : sms);
    static int done[GP_MAX_DEVICES];
    const void *fn = (const void *)gp_gemm_r06_kernel<KIND, TA, TB>;
    if (gp_h_set_smem(fn, dev->device, R06_SMEM, done) != cudaSuccess) return gp__launch_status();
    gp_gemm_r06_kernel<KIND, TA, TB><<<grid, R06_THREADS, R06_SMEM, s>>>(ma, mb, mc, gp_h_epi_of(a), (int)tiles_m,
                                                                      (int)tiles_n);
    return gp__launch_status();
}

extern "C" gp_status gp__gemm_r06_persistent(const gp_device_info *dev, cudaStream_t s, const gp_gemm_args *a)
{
    GP_TRY(gp_h_check(dev, a));
    if (a->k == 0) return gp_h_scale_c(dev, s, a);
    if (!a->vec_c) return GP_ERROR_NOT_SUPPORTED;
    GP_H_DISPATCH(r06_run, dev, s, a);
}

extern "C" gp_kernel_info gp__gemm_r06_kernel(void)
{
    gp_kernel_info k = {(const void *)gp_gemm_r06_kernel<GP_HK_BF16, 0, 0>, R06_THREADS, R06_SMEM};
    return k;
}
