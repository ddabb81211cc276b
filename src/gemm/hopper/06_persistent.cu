// 06_persistent.cu — gemm rung 06 (Hopper, sm_90a): persistent warp-specialised kernel, grouped tile order,
// TMA-store epilogue, per-shape split-k.
// What changes over rung 05: (1) one block per SM (grid = min(units, SMs)) walks its units u = blockIdx.x,
// + gridDim.x, ...; producer and consumers walk the same sequence and keep one running (stage, phase) pair, so
// the mbarrier ring runs on across units: while the consumers are in one tile's epilogue the producer is
// already loading the next tile's first k-blocks (no block launch, no prologue bubble, no barrier
// initialisation per tile). (2) Grouped tile order (gp_h_tile_order), 16 tile rows per group by default: the
// ~132 tiles in flight cover 16 x ~8 tiles (2048 x 2112 of C), whose A and B panels the L2 serves many times.
// (3) Epilogue through shared memory and the TMA (gp_h_epilogue in hopper.cuh): for 16-bit C each consumer
// warpgroup writes its 64 x 256 result in two rounds of two 64 x 64 boxes (16 KB of swizzled shared memory,
// one wait between the rounds), and the last round leaves in a bulk group that nobody waits for; a whole-tile
// mode (one round, 32 KB per warpgroup, so 3 pipeline stages) is the alternative (plan.epi). f32 C goes in 8
// chunks of 64 x 32 through two 8 KB buffers. 4 stages. The columns beyond the last whole 16 bytes of a C row
// are stored directly (the TMA writes whole 16-byte units: run 1 found it writing into C's padding).
// Consumers drain each k-block's wgmmas before freeing its stage (the other warpgroup keeps the tensor cores
// busy meanwhile), so the producer runs 3 stages ahead. (4) Plans with split-k (gp__gemm_h_pick,
// hopper_pick.c): shapes with fewer 128 x 256 tiles than SMs split every tile k-wise, and a last wave that
// would be at most half full has its tiles split ("data-parallel + split-k tail"); split units write f32
// partials to the workspace, and a small kernel sums them into C. The kernel itself is shared with rung 07 (hopper_persistent.cuh, CL = 1 here).
// Takes the arguments of rung 05 and needs vec_c too (C through a tensor map); else GP_ERROR_NOT_SUPPORTED
// (the rule falls back to rung 05). Forced (gp__gemm_r06_persistent) it runs whole tiles only.
// ptxas / SASS: see NOTES.md (register table). Measured (run 1, before this version's epilogue, split-k and
// order changes; chunked epilogue, 4 stages, 8-row groups): bf16 4096^3 759 TFLOP/s (0.947x cuBLAS), 8192^3 734
// (0.902x); f16 727 (0.945x) / 631 (0.822x); tf32 NT 353 (0.858x) / 381 (1.048x).
// Measured (run 2, results/h100-2026-11-23e/hopper-run2, against cublasLt in the same run): bf16 4096^3 765
// TFLOP/s (0.973x), 8192^3 733 (0.920x); f16 730 (0.973x) / 711 (0.939x); tf32 NT 348 (0.862x) / 364 (1.023x);
// 20-shape sweep through the plan: geomean 1.020x cublasLt, worst 0.519x (1000^3, where rung 04 measured 125
// TFLOP/s against the split plan's 95: the rule now takes rung 04 there). Through the library (gpuprim bench
// gemm, results/h100-2026-11-23e/bench): auto bf16 4096^3 705 (0.895x), 8192^3 735 (1.028x; cublasLt measured
// 714 in that row, 797 in the harness: the 8192^3 rows drift with the clock), f16 4096^3 775 (0.991x).
// Session 9 (results/h100-2026-11-23f/call2/bench-gemm.txt; each row timed in blocks alternating with cublasLt,
// which removes the drift above): bf16 4096^3 764 TFLOP/s (0.982x forced, 0.981x auto), 8192^3 692 (0.971x forced,
// auto 0.919x in a later pairing), f16 767 (0.975x) / 744 (0.985x), tf32 NT 400 (0.991x) / 366 (0.986x).
// ncu (call1/ncu-gemm.txt): at 4096^3 the tensor pipe is busy 85.6% of the cycles against cuBLAS's 90.1%
// (its kernel: 256 x 128 tiles, 2-CTA clusters, 4 stages); at 8192^3 92.6% against 93.4%. At 4096^3 each SM
// runs ~3.9 tiles of ~36 us: an epilogue stalling both consumer warpgroups for ~1.5 us would cost ~4%, about
// the gap (a hypothesis: measure the epilogue with a per-tile trace first); then an epilogue that overlaps the
// other warpgroup's main loop (ping-pong consumers).
// Session 16 (results/h100-2026-11-24e, NOTES.md "Session 16"): tf32 with an MN-major operand runs here without a
// copy: A MN-major is loaded by the consumers from the swizzled stage into registers (wgmma with A from registers,
// conflict-free 8-byte loads in a permuted row order), and B MN-major with A K-major (NN) runs as C^T = B^T A^T,
// stored transposed from the registers. C^T also wherever it has a quarter fewer tiles (n <= 128 < m). tf32 NN
// 4096^3 0.78x -> 0.991-1.016x cublasLt, 8192^3 0.77x -> 0.997-1.003x; TT 0.978-0.993x; 8192x128x8192 NT tf32
// 0.745x -> 0.875x, bf16 0.695x -> 0.756x (call1/bench-gemm.txt, call3/bench-gemm.txt, call3/sweep-*.txt).
// Session 22 (results/h100-2026-11-25c): the epilogue measured. ncu at bf16 4096^3: the tensor pipe busy 257.7k of
// 286k active cycles (cuBLAS 256k of 268k); warp samples put ~8% of the consumers' time in the epilogue, both
// warpgroups there at once, 42% of it instruction-fetch stalls. Tiles wholly inside C with beta 0 now take a
// straight-line epilogue (gp_h_epilogue_lean: stmatrix, no bounds or beta branches; 16 stores a box instead of 64
// plus their address arithmetic): ncu 180.3 -> 177.3-178.7 us, tensor pipe 84.1-84.8% -> 87.2-87.5% of elapsed
// cycles. A per-tile clock timeline (call8, call9) then showed the k loop at 1022 cycles a k-block (the nominal
// tensor rate), the lean epilogue at 2.5k cycles and the next tile's start at 0.5k: 4.4% of a tile at 4096^3, 2.3%
// at 8192^3 (the general epilogue in 32-column chunks: 7.0k). Bench ratios against cublasLt, mean of 5 pairs over
// calls 5 and 6 (cublasLt's own time moves 0.174-0.196 ms at 4096^3 between processes, ours 0.192-0.197): bf16
// 4096^3 0.974x -> 0.985x, f16 0.982x -> 1.001x; 8192^3 unchanged (bf16 0.993x / 0.987x, f16 0.983x / 0.988x).
// With no epilogue at all (a diagnosis build, C unwritten) 4096^3 ran 1.02-1.045x: what hiding it could buy.
// Session 23 (results/h100-2026-11-25d/call2/ab): the deferred epilogue (plan.defer, 16-bit C, the lean tiles):
// the accumulators are packed to 16-bit pairs at once (64 registers a thread, gp_h_defer_pack), the next tile's
// wgmmas start, and its first four k-blocks each store one 64 x 64 box of the previous tile while their wgmmas run
// (gp_h_defer_box: stmatrix into one of two 8 KB buffers, a TMA store per box). The ~2.5k cycles a tile of epilogue
// shrink to the packing. Same process, alternating with the base build, 3 rounds: ours bf16 4096^3 0.1944 -> 0.1900
// ms, 8192^3 1.533 -> 1.491; f16 0.1925 -> 0.1891, 1.528 -> 1.482; against cublasLt bf16 1.006x / 1.005x, f16
// 1.009x / 1.021x (means of 3; base 0.977x / 0.983x, 0.985x / 0.985x). ptxas: the packed tile raises the consumers'
// registers to R229 of their 232 (setmaxnreg); 48 bytes of stack, spilled and reloaded outside the k loop only.
// Session 27 (results/h100-2026-11-25h): tf32 TN without a copy: A from registers, B transposed in place in shared
// memory by the producer warpgroup's other three warps (hopper_persistent.cuh, XB): 512x512x32768 0.61x -> 1.20x
// cublasLt, 1024x1024x16384 0.84x -> 1.09x; the deep split (up to 64 ways over <= 8 tiles of 128 x 128, >= 512 k-blocks)
// for tf32 too: TN 256x256x32768 0.51x -> 0.92x, NT 128x128x65536 0.35x -> 0.95x, NN (C^T, whose reduction now loads
// float4s) 128x128x65536 0.41x -> 0.87x.
// Session 32 (results/h200-2026-11-29d, calls 1-2, H200): for 16-bit types over at least 128 k-blocks the plan keeps
// one k-block of wgmmas in flight (plan.wait1; hopper_pick.c): 8192^3 bf16 TN 1.613 / 1.590 -> 1.560 / 1.562 ms, TT
// 1.617 / 1.607 -> 1.571 / 1.571, f16 NN 1.580 / 1.570 -> 1.551 / 1.549; NT level; level at 4096^3 and 6144^3; tf32
// slower (8192^3 NT 2.99 -> 3.04), so it keeps draining. Where k is short (<= 32 k-blocks) the plan hands whole-tile
// shapes to rung 08 (ping-pong consumers).
// Session 35 (results/h200-2026-11-29g/call1, H200 at its 700 W cap; session 34's results/h200-2026-11-29f calls
// 12-13): each wgmma descriptor is the stage's base / 16 (gp_h_base16, masked to the 18-bit shared window: cluster
// launches need the mask) plus a compile-time offset, and the warpgroup index goes through a shuffle so that the
// consumers' A descriptors stay uniform: ~80 SASS instructions a consumer warp a k-block -> ~4 a wgmma; ncu at bf16
// 8192^3 234.8M -> 157.5M instructions. At the cap the saved issue becomes clock: b2b (back to back, random inputs,
// old and new alternating, twice) bf16 NN 8192^3 1572-1596 -> 1554-1572 us (cublasLt 1574), 4096^3 198.7-202.9 ->
// 194.7-199.7 us (cublasLt 201.8-203.6). Through gpuprim bench (call3/ab.txt, alternating with the library before,
// 2 rounds): bf16 NN 4096^3 1.001-1.007x -> 1.015-1.022x cublasLt, 8192^3 0.988-0.991x -> 1.006-1.012x; f16
// 1.002-1.007x -> 1.019-1.021x, 0.979-1.000x -> 1.005-1.011x; tf32 NT 0.969-0.981x -> 0.986-0.990x, 0.997-1.001x ->
// 1.019-1.022x.
#include "hopper_persistent.cuh"

template <int KIND, int TA, int TB>
static gp_status r06_run(const gp_device_info *dev, cudaStream_t s, const gp_gemm_args *a, int ct,
                         const gp_gemm_h_plan *p)
{
    static int done[GP_MAX_DEVICES];
    return gp_hp_run<KIND, TA, TB, 1>(dev, s, a, ct, p, done, 0);
}

extern "C" gp_status gp__gemm_r06_run(const gp_device_info *dev, cudaStream_t s, const gp_gemm_args *a,
                                      const gp_gemm_h_plan *p)
{
    GP_TRY(gp_h_check(dev, a, 6));
    if (a->k == 0) return gp_h_scale_c(dev, s, a);
    if (!a->vec_c) return GP_ERROR_NOT_SUPPORTED;
    int ct = 0;
    const gp_gemm_args c = gp__gemm_h_canon(a, &ct); /* C^T where the rule says (gp__gemm_h_canon) */
    GP_H_DISPATCH_R06(r06_run, &c, dev, s, &c, ct, p);
}

extern "C" gp_status gp__gemm_r06_persistent(const gp_device_info *dev, cudaStream_t s, const gp_gemm_args *a)
{
    const gp_gemm_h_plan p = gp__gemm_h_rung_plan(6, a);
    return gp__gemm_r06_run(dev, s, a, &p);
}

extern "C" gp_kernel_info gp__gemm_r06_kernel(void)
{
    gp_kernel_info k = {(const void *)gp_hp_kernel<GP_HK_BF16, 0, 0, 1>, GP_HP_THREADS, GP_HP_SMEM(4, GP_HP_EPI_HALF)};
    return k;
}

/* ---- the library's rung table ---- */
GP_ACCEPTS(gemm_r06_accepts, gp_gemm_args, dev, a) { return gp__gemm_h_takes(dev, a, 6); }
GP_LAUNCHER(gemm_r06_launch, gp_gemm_args, ctx, a) { return gp__gemm_h_launch(ctx, a, 6); }
GP_RUNG(gp__gemm_r06, "persistent", "persistent blocks over a grouped tile order, TMA-store epilogue, split-k for deep k and the last wave",
        90, GP_RUNG_AUTO, gemm_r06_launch_entry, gemm_r06_accepts_entry, gp__gemm_r06_kernel);
