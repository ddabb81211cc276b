// 02_blelloch.cu — scan rung 2: Blelloch work-efficient block scan with bank-conflict padding.
// Over rung 1: an up-sweep/down-sweep tree does O(n) additions instead of O(n log n), and each thread
// handles two elements, so a block scans 1024 elements (half as many tiles, totals and blocks per n);
// indices are padded by i/32 so the tree's power-of-two strides do not serialise on one shared-memory
// bank. Same scan-then-propagate structure (scan_3phase.cuh): traffic is still 4n elements, so the gain
// is in instruction and barrier count per element, not in bytes.
// H100 80GB HBM3, 2026-11-22 (results/h100-2026-11-22, `gpuprim bench scan`; vendor timed in the same run):
//   n=268435456 i32 inclusive sum, GB/s=8n/t: 951 GB/s, 31.6% of D2D copy, 0.388x cub::DeviceScan::InclusiveSum
//   n=268435456 f32 inclusive sum, GB/s=8n/t: 956 GB/s, 31.8% of D2D copy, 0.389x cub::DeviceScan::InclusiveSum
#include "blelloch_tile.cuh"

static const gp_scan3_cfg<unsigned> bl_u32 = {BL_TILE, 0, blelloch_launch<unsigned>};
static const gp_scan3_cfg<float> bl_f32 = {BL_TILE, 0, blelloch_launch<float>};
static const gp_scan3_cfg<double> bl_f64 = {BL_TILE, 0, blelloch_launch<double>};

GP_SCAN3_ENTRY(scan_r02_launch, bl_u32, bl_f32, GP_SCAN3_F64(bl_f64))

static gp_kernel_info scan_r02_kernel(void)
{
    gp_kernel_info k = {(const void *)blelloch_tile<float>, BL_THREADS, 0};
    return k;
}

GP_RUNG(gp__scan_r02, "blelloch",
        "Blelloch up/down-sweep block scan (O(n) work), padded against bank conflicts, 2 elts/thread", 70, GP_RUNG_AUTO,
        scan_r02_launch_entry, NULL, scan_r02_kernel);
