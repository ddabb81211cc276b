// 07_cluster.cu — gemm rung 07 (Hopper, sm_90a): thread-block clusters of 2 with TMA multicast of B.
// What changes over rung 06: blocks run in clusters of 2 (launch attribute cudaLaunchAttributeClusterDimension,
// cudaLaunchKernelEx: no __cluster_dims__, so the file still builds for sm_80) on two SMs of one GPC.
// The pair works on a 256 x 256 cluster tile: CTA rank r computes rows 128r.. (its own 128 x 256 tile, as in
// rung 06); both need the same 256 columns of B, so each CTA loads its own A box and HALF of B's k-block with
// cp.async.bulk.tensor...multicast::cluster into both CTAs' shared memory: each SM pulls 32 KB instead of 48 KB
// per k-block from L2 (128 FLOP per L2 byte instead of 85). A stage is refilled only when the consumers of
// BOTH CTAs are done with it: `empty` counts 16 arrivals, each consumer warp arriving on its own and on its
// peer's barrier (mapa + mbarrier.arrive.release.cta.shared::cluster, as the public sm90 kernels do; run 1's
// release.cluster arrivals with acquire.cluster waits are gone). Cluster tiles run in grouped order (the
// plan's group / 2 cluster rows per group); grid = 2 x min(cluster tiles, clusters), the cluster count from
// cudaOccupancyMaxActiveClusters (asked once per device; the harness prints it). When the number of 128-row
// tiles is odd, the last pair's rank-1 CTA loads zeros for A (TMA fill) and skips its epilogue. Kernel,
// epilogue, stages and shared memory: rung 06's (hopper_persistent.cuh with CL = 2).
// Split-k (session 24): configuration 1 (gp__gemm_h_r07_split) splits each 256 x 256 cluster tile k-wise over the
// clusters; both CTAs of a pair take the same unit, and each writes its 128 x 256 half of the cluster tile's f32
// partial; the reduction sums the 256 x 256 blocks. The rule runs it for deep k on few tiles split 8 ways or more
// with an even number of 128-row tiles (hopper_pick.c): 512x512x32768 47.9 -> 44.0 us against rung 06's split
// (results/h100-2026-11-25e/call1, call2); no gain with 2-4 splits, a loss with a half-empty last pair.
// Takes the arguments of rung 06 (vec_a, vec_b, vec_c; tf32 only with A m x k and B n x k).
// Measured (run 1, with the cluster-scope barrier semantics, chunked epilogue): 0.53-0.59x of rung 06 at every
// size and type (bf16 4096^3 460 TFLOP/s). See NOTES.md for the diagnosis run (multicast on/off, cluster count).
// Measured (run 2, results/h100-2026-11-23e/hopper-run2): bf16 4096^3 761 TFLOP/s (0.969x cublasLt), 8192^3 730
// (0.916x): level with rung 06 at the large squares, ahead at 2047x3001x1537 TT (440 against 347), behind
// where the tile count is odd; not chosen automatically (GP_RUNG_NOT_AUTO) until the rule knows where it wins.
#include "hopper_persistent.cuh"

/* clusters that fit on the GPU at once (a GPC's free SMs limit them), asked once per device */
static int r07_max_clusters(const gp_device_info *dev)
{
    static int cache[GP_MAX_DEVICES];
    const int known = dev->device >= 0 && dev->device < GP_MAX_DEVICES;
    int n = known ? __atomic_load_n(&cache[dev->device], __ATOMIC_RELAXED) : 0;
    if (n > 0) return n;
    const int sms = dev->sm_count > 0 ? dev->sm_count : 132;
    const void *fn = (const void *)gp_hp_kernel<GP_HK_BF16, 0, 0, 2>;
    static int done[GP_MAX_DEVICES];
    cudaLaunchConfig_t cfg;
    cudaLaunchAttribute attr;
    gp_h_cluster_config(&cfg, &attr, (unsigned)(sms / 2 * 2), GP_HP_THREADS, GP_HP_SMEM_MAX, 0, 2);
    if (gp_h_set_smem(fn, dev->device, GP_HP_SMEM_MAX, done) != cudaSuccess ||
        cudaOccupancyMaxActiveClusters(&n, fn, &cfg) != cudaSuccess || n <= 0) {
        (void)cudaGetLastError();
        n = sms / 2;
    }
    if (known) __atomic_store_n(&cache[dev->device], n, __ATOMIC_RELAXED);
    return n;
}

extern "C" int gp__gemm_r07_clusters(const gp_device_info *dev)
{
    if (!dev || dev->cc_major < 9) return 0;
    return gp__gemm_h_knobs.clusters > 0 ? gp__gemm_h_knobs.clusters : r07_max_clusters(dev);
}

template <int KIND, int TA, int TB>
static gp_status r07_run(const gp_device_info *dev, cudaStream_t s, const gp_gemm_args *a, const gp_gemm_h_plan *p)
{
    static int done[GP_MAX_DEVICES];
    return gp_hp_run<KIND, TA, TB, 2>(dev, s, a, 0, p, done, gp__gemm_r07_clusters(dev));
}

extern "C" gp_status gp__gemm_r07_run(const gp_device_info *dev, cudaStream_t s, const gp_gemm_args *a,
                                      const gp_gemm_h_plan *p)
{
    GP_TRY(gp_h_check(dev, a, 7));
    if (a->k == 0) return gp_h_scale_c(dev, s, a);
    if (!a->vec_c) return GP_ERROR_NOT_SUPPORTED;
    GP_H_DISPATCH(r07_run, a, dev, s, a, p);
}

extern "C" gp_status gp__gemm_r07_cluster(const gp_device_info *dev, cudaStream_t s, const gp_gemm_args *a)
{
    const gp_gemm_h_plan p = gp__gemm_h_rung_plan(7, a);
    return gp__gemm_r07_run(dev, s, a, &p);
}

extern "C" gp_kernel_info gp__gemm_r07_kernel(void)
{
    gp_kernel_info k = {(const void *)gp_hp_kernel<GP_HK_BF16, 0, 0, 2>, GP_HP_THREADS, GP_HP_SMEM(4, GP_HP_EPI_HALF)};
    return k;
}

extern "C" const char *gp__gemm_r07_config_name(int cfg)
{
    return cfg == 0 ? "256x256 cluster tiles, whole k" : cfg == 1 ? "256x256 cluster tiles, split-k" : "?";
}

/* ---- the library's rung table ---- */
GP_ACCEPTS(gemm_r07_accepts, gp_gemm_args, dev, a) { return gp__gemm_h_takes(dev, a, 7); }
GP_LAUNCHER(gemm_r07_launch, gp_gemm_args, ctx, a) { return gp__gemm_h_launch(ctx, a, 7); }
GP_RUNG_CONFIGS(gp__gemm_r07, "cluster",
                "rung 06 in clusters of 2 CTAs sharing B through TMA multicast (256x256 per cluster); split-k over the "
                "cluster tiles for deep k",
                90, GP_RUNG_NOT_AUTO, gemm_r07_launch_entry, gemm_r07_accepts_entry, gp__gemm_r07_kernel,
                GP_GEMM_R07_CONFIGS, gp__gemm_r07_config_name);
