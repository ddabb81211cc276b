// 10_tuned.cu — sgemm rung 10: tuned: fragments double-buffered in registers, a tile configuration per shape.
// Over rung 9: (1) the warp's A and B fragments of k-step kk+1 are read from shared memory into a second
// set of registers while the FMAs of k-step kk run, and the barrier moves to the last k-step of a tile
// (the next tile's first fragments are read across it): the LDS latency hides behind 128 FMAs instead of
// stalling the warp. With 1 block of 8 warps per SM (2 warps per scheduler) there is little else to hide
// it: ncu showed the previous rung 10 issuing on 74% of cycles against cuBLAS's 87%, with fewer
// instructions than cuBLAS (2.33 G vs 2.43 G at 4096^3). Same configuration 128x256x32 before/after (cfg 5
// vs cfg 1): 46.0 -> 49.8 TFLOP/s at 4096^3, 46.6 -> 51.6 at 8192^3. (2) deeper k-steps than rung 9 (BK 16
// with 3 stages or 32 with 2): fewer barriers and waits per FMA; (3) grouped block rasterisation (8 tile
// rows per group), so blocks running together share rows of A and columns of B in the 50 MB L2;
// (4) one of five configurations per shape (256 threads unless noted; per thread 8x16 = 128 FMAs per
// 6 LDS.128 per k-step, 8x8 = 64 per 4):
//   0  128x256, BK 16, 3 stages, 8x16 per thread (~240 registers, 1 block/SM)
//   1  128x256, BK 32, 2 stages, 8x16 per thread
//   2  128x128, BK 32, 2 stages, 8x8 per thread (2 blocks/SM)
//   3  128x64,  BK 16, 3 stages, 128 threads, 8x8 per thread: twice the blocks of 128x128
//   4  64x64,   BK 32, 3 stages, 4x4 per thread: four times the blocks again, for small m*n
//   5  configuration 1 without the fragment double-buffering (for comparison only; never picked)
// How the configurations and the rule were chosen: `gpuprim bench sgemm -v` times every configuration at
// each bench shape (scripts/experiments/sgemm-pipe-sweep.sh, results/sgemm-h100-2026-11-22/sweep-pipe.txt).
// Of 10 candidates (also 128x256x8 s4, 256x128x16 s3, 256x128x8 s4 and 128x128x16 s3, all slower),
// 128x256x16 was fastest at 4096^3 (50.4 TFLOP/s, 0.974x) and 32768x256x4096 (50.2, 1.005x), 128x256x32
// at 8192^3 (51.6, 0.999x; 128x256x16 50.9) and 64x64x32 at 1024^3 (28.9, 0.853x; 128x64x16 27.9).
// Rule until session 11: 128x256 if that gives >= 1.5 waves of blocks (BK 32 when k >= 6144, or k >= 4096 with n >= 1024: since
// the one-matrix kernels lost their batch offsets BK 32 wins at 4096^3 too, 0.957x against BK 16's 0.942x,
// results/h100-2026-11-23f/call2/sgemm-knobs.txt, but not at 32768x256x4096, 0.938x against 0.975x,
// results/h100-2026-11-23f/call4/sgemm-32768-configs.txt; the n threshold between them is judgement), else 128x128 if >= 2 blocks per
// SM, else 128x64 if >= 2 of its blocks per SM, else 64x64.
// The thresholds between the measured shapes are judgement.
// Session 11 rule (every configuration timed at ten mid-size and odd shapes, results/h100-2026-11-23h/call7/
// sgemm-configs.txt): 128x64 (cfg 3) was the fastest wherever 128x256's tiles leave a wave part-empty: 3000^3
// 0.958x cuBLAS against cfg 1's 0.764x (288 tiles = 2.2 waves), 4097^3 0.847x vs 0.739x (561 = 4.25 waves),
// 2049x2047x2051 0.625x vs cfg 2's 0.448x, 8192x128x8192 0.748x vs cfg 4's 0.652x, 1000^3 0.777x vs 0.722x; and
// 128x256x16 at 2048^3 (128 tiles on 132 SMs) 0.948x vs cfg 3's 0.895x; 128x128 was never the fastest. So: 128x256
// where its tiles fill >= 90% of the waves they take, else 128x64 from 64 of its tiles (or k >= 8192 with m >= 128:
// rung 11 then cuts k into slices for the blocks), else 64x64.
// measured (H100, results/h100-2026-11-23h/call9/sweep-sgemm.txt, 30 shapes): geomean 0.908x cublasSgemm (0.812x
// with the earlier rule, call6), worst 0.625x (2049x2047x2051, was 0.436x); 256x256x65536 0.582x -> 0.757x with
// the deep-k clause (call8 -> call9); 4096^3 0.955x, 8192^3 0.981x, 1024^3 0.937x.
// Operands whose rows are off 16-byte boundaries take 128x64 even where 128x256 would fill its waves: 2048^3 with
// ld + 3 0.810x -> 0.822x (call9 -> call10; sweep geomean 0.915x, worst 0.623x). Measured at that shape only.
// H100 80GB HBM3, final bench (results/h100-2026-11-22/bench.txt; cuBLAS pedantic fp32 in the same run):
//   4096^3 50.4 TFLOP/s (0.975x, cfg 0), 8192^3 51.7 (1.000x, cfg 1), 1024^3 29.1 (0.855x, cfg 4),
//   32768x256x4096 50.2 (1.006x, cfg 0)
// Session 8 (results/h100-2026-11-23e/bench/bench-sgemm.txt, cuBLAS the same 2.659 / 21.28 ms): 4096^3 48.9
// (0.945x), 8192^3 49.2 (0.952x), 1024^3 29.3 (0.857x), 32768x256x4096 48.7 (0.977x): 3-5% slower since the
// edge loads that read nothing past a matrix (313af86) and the batch / k-slice offsets (45b4d6f). SASS of the
// cfg 0 kernel: the same 2048 FFMA and 96 LDS.128 per main-loop pass, but 24 STS and 5 more branches of the
// edge path inside it, and ptxas schedules the fragment loads differently.
// Session 9, three variants timed on the H100 (results/h100-2026-11-23f/knobs-summary.txt, call2/sgemm-knobs.txt;
// two rounds each, cuBLAS in the same process): kernels without the batch offsets for one matrix (now the
// library's code) 8192^3 0.950x -> 0.990x, 4096^3 unchanged (0.944x); the loaders' edge path out of line:
// 0.937x / 0.910x (slower); a second main loop without any edge path for blocks wholly inside the matrices:
// 0.943x / 0.937x (no gain at 4096^3, slower at 8192^3: two copies of the loop). Both dropped. What is left
// at 4096^3 (0.957x with BK 32, the rule above) is not the edge path; the next step is ncu's stall reasons of
// cfg 1 against cuBLAS's kernel at 4096^3 (scripts/ncu-sgemm.sh). Session 10, each row timed alternating with
// cuBLAS (results/h100-2026-11-23g/call1/bench-sgemm.txt): 4096^3 0.955x, 8192^3 0.991x, 32768x256x4096 0.977x;
// cuBLAS's time unchanged since session 1 (2.659 ms at 4096^3), rung 10's 2.782 ms against 2.728 ms then.
// Session 11 (results/h100-2026-11-23h): ncu at 4096^3 (call1/ncu-sgemm.txt, call2/ncu-sgemm-stalls.txt): same
// occupancy (8 warps per SM) and waves as cuBLAS's 256x128x8 kernel, 4% fewer instructions, but issue 0.84 vs 0.90
// per scheduler-cycle; per issued instruction warps wait on instruction fetch 0.24 cycles (cuBLAS 0.02: its k-loop is
// BK 8, ours BK 32 unrolled whole, ~80 KB of SASS). Tried: the BK k-steps in groups of 8 or 4 unrolled ones inside a
// rolled loop (call3/bench-sgemm-ku*.txt): 4096^3 0.927x / 0.901x against 0.954x unrolled whole in the same call;
// dropped (not profiled: whether the fetch stalls went down with them is not known).
// Session 13: the cause found and fixed. Session 1's kernels (ea92bf6), built next to this tree's and timed in the same
// process (scripts/experiments/sgemm-ab, results/h100-2026-11-24b/call1/sgab.txt and call2/sgab.txt), still ran 0.975x
// at 4096^3, so the loss was in the code, not the machine. The main loops' SASS differed in one way: each k-step's six
// fragment LDS.128 came bunched ahead of its 128 FFMAs instead of spread among them. Bisecting the source on SASS:
// neither the edge-safe loaders nor the FMA helper did it; the kernel parameter did (gp_sgemm_args grew the batch /
// stride / k-slice fields in 45b4d6f). One-matrix launches now pass gp_sg_one (the old fields only) and the loops are
// spread again. Same process, cuBLAS alternating: 4096^3 cfg 0 0.945x -> 0.972x, cfg 1 0.954x -> 0.963x; 8192^3 cfg 1
// 0.991x -> 1.000x; 2048^3 cfg 0 0.947x -> 0.977x; 3000^3 cfg 3 0.966x -> 0.979x; 2049x2047x2051 cfg 3 0.624x ->
// 0.627x. Session 1's zero-fill loaders with the small parameter were tried too: equal on the 128x256 configurations,
// slower on 128x64 (3000^3 0.847x, 2049x2047x2051 0.558x: spills), so the edge-safe loaders stay. With BK 16 now ahead
// at 4096^3, BK 32 is for k >= 6144.
// Session 14: configuration 3 copies an operand whose rows are off 16 bytes along the rows, consecutive threads on
// consecutive elements (gp_sg_cp_loader_rows), instead of the float4 layout's four 4-byte copies per thread 16 bytes
// apart (ncu at 2049x2047x2051: 2.1-way shared-store conflicts, 7.1 of 32 bytes used per sector, 15% more
// instructions; results/h100-2026-11-24c/call4): 2048^3 with ld + 3 0.820x -> 0.933x, 4097^3 0.840x -> 0.941x
// cublasSgemm (call5). Session 20: configuration 2 too (rung 11's 128x128 k-slices), see 11_splitk.cu; 0, 1 and 4 keep
// the fall-back (the rule gives unaligned rows configuration 2, 3 or 4).
// Session 20 (sgemm_async.cuh, gp_sg_past_edge; results/h100-2026-11-25): tiles reaching past the matrix's edge no longer
// take the loaders' guarded path at every k-step (direct operands copy elements inside into the cells past the edge,
// an across A shifts its last tile row to end on the edge): 2048x2040x2048 0.854x -> 0.972x, 1000^3 0.85x -> 0.94x,
// 3000^3 0.977x -> 1.009x, 4096^3 0.975x -> 0.981x, 8192^3 1.000x -> 0.997x, 2048^3 TT 0.997x -> 0.987x (call5/call6).
#include "sgemm_async.cuh"

extern "C" const char *gp__sgemm_r10_config_name(int cfg)
{
    static const char *const names[GP_SGEMM_R10_CONFIGS] = {
        "128x256x16 s3 8x16", "128x256x32 s2 8x16", "128x128x32 s2 8x8", "128x64x16 s3 8x8", "64x64x32 s3 4x4",
        "128x256x32 s2 8x16 no-frag-db"};
    return cfg >= 0 && cfg < GP_SGEMM_R10_CONFIGS ? names[cfg] : "?";
}

/* The rule for `batch` matrices at once (1: one product). A batch counts the tiles of all its matrices for the waves,
 * but takes 128-row tiles only for matrices that fill most of them (m >= 128; and n >= 256 for 128x256): a batch of
 * 64 x 64 products stays on 64x64 tiles. */
extern "C" int gp__sgemm_r10_pick_batch(const gp_device_info *dev, int64_t m, int64_t n, int64_t k, int vec, int64_t batch)
{
    const int64_t sms = dev && dev->sm_count > 0 ? dev->sm_count : 132; /* NULL: H100 */
    const int64_t mats = batch > 1 ? batch : 1;
    const int64_t t128x256 = gp_ceil_div(m, 128) * gp_ceil_div(n, 256) * mats;
    const int64_t t128x64 = gp_ceil_div(m, 128) * gp_ceil_div(n, 64) * mats;
    const int64_t waves = gp_ceil_div(t128x256, sms);
    const int rows_filled = mats == 1 || m >= 128, wide_filled = mats == 1 || (m >= 128 && n >= 256);
    /* 128x256 (one block per SM) where its blocks fill >= 90% of the waves they take and both operands have
     * 16-byte rows (else 128x64, whose 4-byte copies are spread over 4 blocks per SM) */
    if (vec && wide_filled && t128x256 >= 1 && 10 * t128x256 >= 9 * waves * sms)
        return k >= 6144 ? 1 : 0; /* BK 32 for deep k only (session 13: 4096^3 BK 16 0.972x, BK 32 0.963x) */
    if (rows_filled && t128x64 >= 64) return 3; /* 128x64, 4 blocks per SM: partial waves cost a quarter as much */
    if (mats == 1 && k >= 8192 && m >= 128) return 3; /* deep k: rung 11's k-slices make the blocks (64x64 ~2/3 the rate) */
    return 4;
}

extern "C" int gp__sgemm_r10_pick(const gp_device_info *dev, int64_t m, int64_t n, int64_t k, int vec)
{
    return gp__sgemm_r10_pick_batch(dev, m, n, k, vec, 1);
}

extern "C" gp_status gp__sgemm_r10_run(cudaStream_t s, const gp_sgemm_args *p, int cfg)
{
    switch (cfg) {
    case 0: return gp_sg_async_launch<128, 256, 16, 4, 2, 2, 4, 3, 1, true>(s, p, 8);
    case 1: return gp_sg_async_launch<128, 256, 32, 4, 2, 2, 4, 2, 1, true>(s, p, 8);
    case 2: return gp_sg_async_launch<128, 128, 32, 4, 2, 2, 2, 2, 2, true, true>(s, p, 8); /* rows off 16 B: 4-byte rows */
    case 3: return gp_sg_async_launch<128, 64, 16, 4, 1, 2, 2, 3, 4, true, true>(s, p, 8); /* rows off 16 B: 4-byte rows */
    case 5: return gp_sg_async_launch<128, 256, 32, 4, 2, 2, 4, 2, 1, false>(s, p, 8);
    default: return gp_sg_async_launch<64, 64, 32, 4, 2, 1, 1, 3, 3, true>(s, p, 8);
    }
}

GP_LAUNCHER(sgemm_r10_launch, gp_sgemm_args, ctx, p)
{
    const int cfg = ctx->config >= 0 && ctx->config < GP_SGEMM_R10_CONFIGS
                        ? ctx->config
                        : gp__sgemm_r10_pick(ctx->dev, p->m, p->n, p->k, gp__sgemm_direct_vec(p));
    ctx->ran_config = cfg;
    return gp__sgemm_r10_run(ctx->stream, p, cfg);
}

static gp_kernel_info sgemm_r10_kernel(void)
{
    typedef gp_sg_async_cfg<128, 256, 16, 4, 2, 2, 4, 3> C;
    gp_kernel_info k = {(const void *)gp_sg_async_kernel<128, 256, 16, 4, 2, 2, 4, 3, 1, false, true, true>, C::NT, C::SMEM};
    return k;
}

GP_RUNG_CONFIGS(gp__sgemm_r10, "tuned", "fragments double-buffered in registers, L2 rasterisation, a tile config per shape", 80, GP_RUNG_AUTO,
                sgemm_r10_launch_entry, NULL, sgemm_r10_kernel, GP_SGEMM_R10_CONFIGS, gp__sgemm_r10_config_name);
