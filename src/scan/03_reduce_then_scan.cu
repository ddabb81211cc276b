// 03_reduce_then_scan.cu — scan rung 3: multi-block reduce-then-scan (three kernels).
// Over rung 2: the first pass only reduces each 1024-element tile to its total (reads n, writes nothing
// else), the totals are scanned, and the last pass reads the input again and scans each tile seeded with
// its offset. Scan-then-propagate wrote the output twice and read it once more; this moves 3n elements
// instead of 4n (12n bytes for 4-byte types), so the predicted gain is about 4/3 where memory-bound.
// The block scan is still rung 2's Blelloch tree (blelloch_tile.cuh).
// H100 80GB HBM3, 2026-11-22 (results/h100-2026-11-22, `gpuprim bench scan`; vendor timed in the same run):
//   n=268435456 i32 inclusive sum, GB/s=8n/t: 792 GB/s, 26.3% of D2D copy, 0.323x cub::DeviceScan::InclusiveSum
//   n=268435456 f32 inclusive sum, GB/s=8n/t: 793 GB/s, 26.4% of D2D copy, 0.323x cub::DeviceScan::InclusiveSum
#include "blelloch_tile.cuh"

static const gp_scan3_cfg<unsigned> rts_u32 = {BL_TILE, 1, blelloch_launch<unsigned>};
static const gp_scan3_cfg<float> rts_f32 = {BL_TILE, 1, blelloch_launch<float>};
static const gp_scan3_cfg<double> rts_f64 = {BL_TILE, 1, blelloch_launch<double>};

GP_SCAN3_ENTRY(scan_r03_launch, rts_u32, rts_f32, GP_SCAN3_F64(rts_f64))

static gp_kernel_info scan_r03_kernel(void)
{
    gp_kernel_info k = {(const void *)blelloch_tile<float>, BL_THREADS, 0};
    return k;
}

GP_RUNG(gp__scan_r03, "reduce_then_scan",
        "3 kernels: reduce tiles, scan totals, rescan tiles with offsets (3n instead of 4n moved)", 70, GP_RUNG_AUTO,
        scan_r03_launch_entry, NULL, scan_r03_kernel);
