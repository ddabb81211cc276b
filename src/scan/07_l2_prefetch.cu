// 07_l2_prefetch.cu — scan rung 7: rung 06's kernel, each block first asking L2 for the tile a fixed distance
// ahead of its own (one cp.async.bulk.prefetch.L2 instruction, the TMA unit).
// Over rung 6: a rung-06 tile holds its shared memory and registers from its first load until its look-back
// is done and its results are written, so the SM's room bounds the loads in flight (compaction's trace,
// results/scan-experiments-2026-11-23b: ~30% of the resident tiles loading, the rest waiting). A prefetch
// into L2 holds no room on the SM: the DRAM reads of the tiles about to start are already under way, and
// the blocks' own loads then mostly hit L2 (shorter and steadier, so predecessors publish sooner too).
// The distance: H100, 2^28 i32 / f32 inclusive sum vs CUB in the same process
//   (results/scan-experiments-2026-11-23c): none 1.136x / 1.132-1.134x; 25% of the SM count (33 tiles)
//   1.205-1.206x / 1.203-1.204x, 50% (66) 1.207-1.210x / 1.202-1.203x, 75% 1.192-1.196x / 1.191x,
//   100% 1.171-1.173x / 1.167-1.168x. Taken as 50%.
// H100 80GB HBM3, 2026-11-23 (results/h100-2026-11-23c/bench.txt, `gpuprim bench scan`, CUB in the same run):
//   n=268435456 inclusive sum: i32 2960 GB/s (8n/t, 98.4% of copy) 1.209x, f32 2959 GB/s 1.206x
//   cub::DeviceScan::InclusiveSum (rung 06: 1.139x / 1.133x)
#include "scan_internal.h"

#ifndef R7_AHEAD_PCT
#define R7_AHEAD_PCT 50 /* prefetch distance in tiles, as a percentage of the SM count */
#endif

GP_LAUNCHER(scan_r07_launch, gp_scan_args, ctx, p)
{
    const int64_t ahead = (int64_t)ctx->dev->sm_count * R7_AHEAD_PCT / 100;
    return gp__scan_staged_launch(ctx, p, ahead > 0 ? ahead : 1);
}

static gp_kernel_info scan_r07_kernel(void)
{
    return gp__scan_r06.kernel(); /* the same kernel */
}

GP_RUNG(gp__scan_r07, "l2_prefetch",
        "rung 06's kernel with a parameter: each block first asks L2 (one bulk prefetch) for the tile half the SM count ahead", 80, GP_RUNG_AUTO,
        scan_r07_launch_entry, gp__scan_4byte_accepts, scan_r07_kernel);
