// 04_l2_prefetch.cu — compaction rung 4: rung 03's kernel, each block first asking L2 for the tile a fixed
// distance ahead of its own (one cp.async.bulk.prefetch.L2 instruction, the TMA unit; flags too for the
// flagged form).
// Over rung 3: a trace of rung 03 (results/scan-experiments-2026-11-23b) showed a tile 6 us loading and then
// ~11 us waiting for its look-back, holding its shared memory and registers all along, so only ~30% of an
// SM's room had loads in flight, and 1.3x CUB needs ~97% of the traffic ceiling. A prefetch into L2 holds no
// room on the SM: the DRAM reads of the tiles about to start are already under way, the block's own loads
// then mostly hit L2 (shorter and steadier, so predecessors publish their counts sooner too).
// The distance: H100, 2^28 f32 x > 0.5 (~50% kept), vs CUB in the same process
//   (results/scan-experiments-2026-11-23c): none 1.245-1.247x; 32 tiles ahead 1.297-1.299x, 64 1.304x,
//   96 1.305-1.306x, 128 1.289-1.296x, 160 1.255-1.256x, 192 1.213-1.217x, 256 1.142-1.144x, 512 0.89x,
//   1024 0.84x (too far: the prefetched lines are evicted before use and read twice). Taken as 3/4 of the
//   SM count (99 on an H100); with it the shared tile shape 52+20 elements per thread measured 1.307-1.308x
//   against 1.301-1.304x for 48+24.
// H100 80GB HBM3, 2026-11-23 (results/h100-2026-11-23c/bench.txt, `gpuprim bench compact`, CUB in the same run):
//   n=268435456 f32 x>0.5 (~50%): 1990 GB/s of input (4n/t), 2985 GB/s moved (99.3% of copy),
//   1.306x cub::DeviceSelect::If (rung 03: 1.246x)
// Picked automatically, this rung hands 2^16 < n <= 2^20 to rung 02 (gp__compact_r04_own in compact_internal.h:
//   there 02's 256-thread tiles finish sooner, 8.6-10.7 us against 9.3-12.1 us; sweep worst 0.823x -> 1.028x,
//   results/h100-2026-11-23g/call1/compact-mid.txt and call2/sweep-compact.txt).
#include "compact_internal.h"

#ifndef C4_AHEAD_PCT
#define C4_AHEAD_PCT 75 /* prefetch distance in tiles, as a percentage of the SM count */
#endif

GP_LAUNCHER(compact_r04_launch, gp_compact_args, ctx, p)
{
    if (ctx->forced == 0 && !gp__compact_r04_own(p->n)) { /* the middle sizes: rung 02 (compact_internal.h) */
        ctx->ran_rung = 2;
        return gp__compact_r02.launch(ctx, p);
    }
    const int64_t ahead = (int64_t)ctx->dev->sm_count * C4_AHEAD_PCT / 100;
    return gp__compact_staged_launch(ctx, p, ahead > 0 ? ahead : 1);
}

static gp_kernel_info compact_r04_kernel(void)
{
    return gp__compact_r03.kernel(); /* the same kernel */
}

GP_RUNG(gp__compact_r04, "l2_prefetch",
        "rung 03's kernel with a parameter: each block first asks L2 (one bulk prefetch) for the tile ~3/4 of the SM count ahead", 80, GP_RUNG_AUTO,
        compact_r04_launch_entry, NULL, compact_r04_kernel);
