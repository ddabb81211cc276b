// 07_cluster.cu — gemm rung 07 (Hopper, sm_90a): thread-block clusters of 2 with TMA multicast of B.
// What changes over rung 06: blocks run in clusters of 2 (launch attribute cudaLaunchAttributeClusterDimension,
// cudaLaunchKernelEx) on two SMs of one GPC.
// The pair works on a 256 x 256 cluster tile: CTA rank r computes rows 128r.. (its own 128 x 256 tile, as in
// rung 06), both need the same 256 columns of B. Each CTA loads its own A box and HALF of B's k-block (K-major
// B: rows 128r..128r+127 of the 256; MN-major B: 64-column chunks 2r, 2r+1) with
// cp.async.bulk.tensor...multicast::cluster into both CTAs' shared memory at the same offset, completing on
// both CTAs' `full` barriers (each still expects 48 KB per stage: 16 KB of A, 16 + 16 KB of B). So each SM pulls
// 32 KB instead of 48 KB per k-block from L2: 128 FLOP per L2 byte instead of 85 (see NOTES.md).
// Because the peer writes into this CTA's stage, a stage may be refilled only when the consumers of BOTH CTAs are
// done with it: `empty[s]` counts 16 arrivals, each consumer warp arriving on its own and on its peer's barrier
// (mapa + mbarrier.arrive.release.cluster), and producers wait on it at cluster scope. Barriers are initialised
// before a cluster barrier (the peer's multicast may signal them), and no thread exits before a final cluster
// barrier (the peer may still arrive remotely). Cluster tiles run in rung 06's grouped order (4 cluster rows =
// 8 tile rows per group); grid = 2 x min(cluster tiles, co-resident clusters from cudaOccupancyMaxActiveClusters).
// When the number of 128-row tiles is odd, the last pair's rank-1 CTA loads zeros for A (TMA fill) and skips its
// epilogue. Epilogue, stages, shared memory (225 KB), register split: as rung 06.
// Takes the arguments of rung 06 (vec_a, vec_b, vec_c; tf32 only with A m x k and B n x k).
// Not done here (next steps): a per-shape tile choice (this rung always uses 2 x 128 x 256).
// ptxas / SASS: see NOTES.md (UTMALDG.2D.MULTICAST, SYNCS.ARRIVE.TRANS64.RED for the remote arrivals).
// Measured: not yet (predicted 720-800 TFLOP/s bf16 at 8192^3, see NOTES.md).
#include <string.h>
#include "hopper.cuh"

#define R07_BM 128
#define R07_BN 256
#define R07_STAGES 4
#define R07_THREADS 384
#define R07_CONSUMER_WARPS 8
#define R07_GROUP 4 /* cluster-tile rows per group of the tile order */

#if GP_HOPPER_DEVICE
/* Cluster tile t of the grouped order over tiles_m2 x tiles_n cluster tiles (256 x 256 each). */
static __device__ __forceinline__ void r07_tile(int t, int tiles_m2, int tiles_n, int &tm2, int &tn)
{
    const int per_group = R07_GROUP * tiles_n;
    const int g = t / per_group, first = g * R07_GROUP;
    const int gs = min(tiles_m2 - first, R07_GROUP);
    const int r = t - g * per_group;
    tm2 = first + r % gs;
    tn = r / gs;
}

/* One stage of CTA `rank`: its A box, and its half of B multicast to both CTAs (see the header). */
template <int TA, int TB, int ESZ>
static __device__ __forceinline__ void r07_load(unsigned char *st, const CUtensorMap *ma, const CUtensorMap *mb,
                                                uint64_t *full, int m0, int n0, int kb, uint32_t rank)
{
    typedef gp_h_stage<R07_BM, R07_BN, TA, TB, ESZ> S;
    gp_mbar_arrive_expect_tx(full, S::BYTES);
    const int k0 = kb * S::BK;
    if (TA == 0) gp_tma_load_2d(st, ma, full, k0, m0);
    else {
#pragma unroll
        for (int c = 0; c < R07_BM / 64; ++c) gp_tma_load_2d(st + c * (S::BK * 128), ma, full, m0 + 64 * c, k0);
    }
    unsigned char *sb = st + S::A_BYTES;
    if (TB == 1) gp_tma_load_2d_mc(sb + rank * (R07_BN / 2) * 128, mb, full, k0, n0 + (R07_BN / 2) * (int)rank, 0x3);
    else {
#pragma unroll
        for (int c = 0; c < 2; ++c) {
            const int chunk = 2 * (int)rank + c;
            gp_tma_load_2d_mc(sb + chunk * (S::BK * 128), mb, full, n0 + 64 * chunk, k0, 0x3);
        }
    }
}
#endif

template <int KIND, int TA, int TB>
__global__ void __launch_bounds__(R07_THREADS, 1)
    gp_gemm_r07_kernel(const __grid_constant__ CUtensorMap ma, const __grid_constant__ CUtensorMap mb,
                       const __grid_constant__ CUtensorMap mc, gp_h_epi e, int tiles_m2, int tiles_n)
{
#if GP_HOPPER_DEVICE
    typedef gp_h_stage<R07_BM, R07_BN, TA, TB, GP_H_ESZ(KIND)> S;
    typedef typename gp_h_ctype<KIND>::T T16;
    enum { WTA = GP_H_WG_TA(KIND, TA), WTB = GP_H_WG_TB(KIND, TB) };
    extern __shared__ unsigned char smem_raw[];
    /* the same shared offsets in both CTAs: the dynamic buffer starts at the same address in each */
    unsigned char *smem = smem_raw + ((1024 - (gp_h_smem(smem_raw) & 1023)) & 1023);
    unsigned char *cbuf = smem + R07_STAGES * S::BYTES;
    uint64_t *full = reinterpret_cast<uint64_t *>(cbuf + 4 * GP_H_CBUF);
    uint64_t *empty = full + R07_STAGES;

    const int tid = threadIdx.x, wg = tid / 128;
    const uint32_t rank = gp_cluster_rank();
    const int cid = blockIdx.x / 2, nclusters = gridDim.x / 2;
    const int total = tiles_m2 * tiles_n;
    const int KB = (e.k + S::BK - 1) / S::BK;

    if (tid == 0) {
        gp_tma_prefetch_map(&ma);
        gp_tma_prefetch_map(&mb);
        gp_tma_prefetch_map(&mc);
        for (int s = 0; s < R07_STAGES; ++s) {
            gp_mbar_init(&full[s], 1);
            gp_mbar_init(&empty[s], 2 * R07_CONSUMER_WARPS);
        }
        gp_mbar_init_fence();
    }
    gp_cluster_sync(); /* both CTAs' barriers initialised before any multicast or remote arrive */

    if (wg == 0) {
        gp_setmaxnreg_dec<40>();
        if (tid == 0) {
            int it = 0;
            for (int t = cid; t < total; t += nclusters) {
                int tm2, tn;
                r07_tile(t, tiles_m2, tiles_n, tm2, tn);
                const int m0 = (2 * tm2 + (int)rank) * R07_BM, n0 = tn * R07_BN;
                for (int kb = 0; kb < KB; ++kb, ++it) {
                    const int s = it % R07_STAGES;
                    if (it >= R07_STAGES) gp_mbar_wait_cluster(&empty[s], ((it / R07_STAGES) - 1) & 1);
                    r07_load<TA, TB, GP_H_ESZ(KIND)>(smem + s * S::BYTES, &ma, &mb, &full[s], m0, n0, kb, rank);
                }
            }
        }
    } else {
        gp_setmaxnreg_inc<232>();
        const int c = wg - 1, t128 = tid % 128, lane = tid % 32;
        float acc[R07_BN / 2];
        int it = 0;
        for (int t = cid; t < total; t += nclusters) {
            int tm2, tn;
            r07_tile(t, tiles_m2, tiles_n, tm2, tn);
            const int tm = 2 * tm2 + (int)rank;
            for (int kb = 0; kb < KB; ++kb, ++it) {
                const int s = it % R07_STAGES;
                gp_mbar_wait(&full[s], (it / R07_STAGES) & 1);
                const unsigned char *st = smem + s * S::BYTES;
                gp_wgmma_fence();
#pragma unroll
                for (int j = 0; j < S::KSTEPS; ++j)
                    gp_wgmma<R07_BN, KIND, WTA, WTB>::mma(acc, S::desc_a(st, c, j), S::desc_b(st, 0, j), kb > 0 || j > 0);
                gp_wgmma_commit();
                gp_wgmma_wait<1>();
                if (kb > 0 && lane < 2) gp_mbar_arrive_cluster(&empty[(it - 1) % R07_STAGES], (uint32_t)lane);
            }
            gp_wgmma_wait<0>();
            if (lane < 2) gp_mbar_arrive_cluster(&empty[(it - 1) % R07_STAGES], (uint32_t)lane); /* last stage */
            gp_wgmma_reg_fence(acc);
            gp_h_epilogue_tma<T16>(e, &mc, acc, cbuf + 2 * c * GP_H_CBUF, 1 + c, tm * R07_BM + 64 * c, tn * R07_BN);
        }
        if (t128 == 0) gp_tma_store_wait_all();
    }
    __syncwarp();
    gp_cluster_sync(); /* no CTA leaves while its peer may still arrive on its barriers */
#else
    __trap();
#endif
}

#define R07_SMEM (R07_STAGES * (R07_BM + R07_BN) * GP_H_BK_BYTES + 4 * GP_H_CBUF + 2 * R07_STAGES * 8 + 1024)

template <int KIND, int TA, int TB>
static gp_status r07_run(const gp_device_info *dev, cudaStream_t s, const gp_gemm_args *a)
{
    CUtensorMap ma, mb, mc;
    /* B's K-major box is half the tile (128 rows): each CTA of the pair loads one half */
    if (gp_h_operand_maps(a, R07_BM, R07_BN / 2, &ma, &mb)) return GP_ERROR_NOT_SUPPORTED;
    const int c_f32 = a->c_type == GP_DTYPE_F32;
    if (gp_h_tmap_2d(&mc, a->C, a->c_type, a->m, a->n, a->ldc, GP_H_CHUNK_N, 64,
                     c_f32 ? CU_TENSOR_MAP_SWIZZLE_128B : CU_TENSOR_MAP_SWIZZLE_64B))
        return GP_ERROR_NOT_SUPPORTED;
    const int64_t tiles_m2 = gp_ceil_div(gp_ceil_div(a->m, R07_BM), 2), tiles_n = gp_ceil_div(a->n, R07_BN);
    if (tiles_m2 * tiles_n > INT32_MAX / 2) return GP_ERROR_NOT_SUPPORTED;
    const int64_t ctiles = tiles_m2 * tiles_n;
    const void *fn = (const void *)gp_gemm_r07_kernel<KIND, TA, TB>;
    static int done[GP_MAX_DEVICES];
    static int max_clusters[GP_MAX_DEVICES];
    if (gp_h_set_smem(fn, dev->device, R07_SMEM, done) != cudaSuccess) return gp__launch_status();
    cudaLaunchConfig_t cfg;
    memset(&cfg, 0, sizeof cfg);
    cudaLaunchAttribute attr[1];
    attr[0].id = cudaLaunchAttributeClusterDimension;
    attr[0].val.clusterDim.x = 2;
    attr[0].val.clusterDim.y = 1;
    attr[0].val.clusterDim.z = 1;
    cfg.blockDim = dim3(R07_THREADS, 1, 1);
    cfg.dynamicSmemBytes = R07_SMEM;
    cfg.stream = s;
    cfg.attrs = attr;
    cfg.numAttrs = 1;
    /* clusters that fit on the GPU at once (a GPC's SM count may be odd), asked once per device */
    const int known = dev->device >= 0 && dev->device < GP_MAX_DEVICES;
    int mc_n = known ? __atomic_load_n(&max_clusters[dev->device], __ATOMIC_RELAXED) : 0;
    if (mc_n <= 0) {
        cfg.gridDim = dim3((unsigned)(dev->sm_count > 0 ? dev->sm_count / 2 * 2 : 132), 1, 1);
        if (cudaOccupancyMaxActiveClusters(&mc_n, fn, &cfg) != cudaSuccess || mc_n <= 0) {
            (void)cudaGetLastError();
            mc_n = (dev->sm_count > 0 ? dev->sm_count : 132) / 2;
        }
        if (known) __atomic_store_n(&max_clusters[dev->device], mc_n, __ATOMIC_RELAXED);
    }
    const int64_t nclusters = ctiles < mc_n ? ctiles : mc_n;
    cfg.gridDim = dim3((unsigned)(2 * nclusters), 1, 1);
    const gp_h_epi e = gp_h_epi_of(a);
    const int tm2 = (int)tiles_m2, tn = (int)tiles_n;
    if (cudaLaunchKernelEx(&cfg, gp_gemm_r07_kernel<KIND, TA, TB>, ma, mb, mc, e, tm2, tn) != cudaSuccess)
        return gp__launch_status();
    return gp__launch_status();
}

extern "C" gp_status gp__gemm_r07_cluster(const gp_device_info *dev, cudaStream_t s, const gp_gemm_args *a)
{
    GP_TRY(gp_h_check(dev, a));
    if (a->k == 0) return gp_h_scale_c(dev, s, a);
    if (!a->vec_c) return GP_ERROR_NOT_SUPPORTED;
    GP_H_DISPATCH(r07_run, dev, s, a);
}

extern "C" gp_kernel_info gp__gemm_r07_kernel(void)
{
    gp_kernel_info k = {(const void *)gp_gemm_r07_kernel<GP_HK_BF16, 0, 0>, R07_THREADS, R07_SMEM};
    return k;
}
