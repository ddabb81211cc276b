// 04_warp_shuffle.cu — scan rung 4: warp-shuffle block scan, 16 elements per thread, reduce-then-scan.
// Over rung 3: each of 256 threads holds 16 consecutive elements in registers and scans them serially;
// only the 256 thread totals go through the block scan of src/common/block_scan.cuh (5 SHFL.UP steps
// per warp, one barrier, 8 warp totals in shared memory) instead of a 20-barrier shared-memory tree.
// A tile is 4096 elements, so there are 4x fewer tiles and totals than rung 3. Loads and stores go
// warp-striped through a padded shared-memory transpose (src/common/tile_io.cuh), with 16-byte vector
// accesses (LDG.E.128/STG.E.128) where in and out are 16-byte aligned. Still 3 passes over the data
// (3n elements moved): the ceiling is 2/3 of the copy rate.
// H100 80GB HBM3, 2026-11-22 (results/h100-2026-11-22, `gpuprim bench scan`; vendor timed in the same run):
//   n=268435456 i32 inclusive sum, GB/s=8n/t: 2014 GB/s, 67.0% of D2D copy, 0.822x cub::DeviceScan::InclusiveSum
//   n=268435456 f32 inclusive sum, GB/s=8n/t: 2014 GB/s, 67.0% of D2D copy, 0.820x cub::DeviceScan::InclusiveSum
#include "scan_3phase.cuh"
#include "../common/block_scan.cuh"
#include "../common/tile_io.cuh"

#define WS_THREADS 256
#define WS_ITEMS 16
#define WS_TILE (WS_THREADS * WS_ITEMS)

template <typename T>
__global__ void __launch_bounds__(WS_THREADS) shfl_tile(const T *in, T *out, int64_t n, int exclusive,
                                                        const T *seeds, T *totals, int vec)
{
    __shared__ T smem[GP_TILE_SMEM_WORDS(WS_THREADS, WS_ITEMS)];
    __shared__ T warp_totals[WS_THREADS / 32];
    const int64_t base = (int64_t)blockIdx.x * WS_TILE;
    T x[WS_ITEMS];
    gp_tile_load<T, WS_THREADS, WS_ITEMS>(in, base, n, vec, (T)0, x, smem);
    T sum = x[0];
#pragma unroll
    for (int k = 1; k < WS_ITEMS; k++) sum = sum + x[k];
    T total;
    T prefix = gp_block_exclusive_scan<T, gp_op_sum<T>, WS_THREADS>(sum, warp_totals, &total);
    if (totals && threadIdx.x == 0) totals[blockIdx.x] = total;
    if (!out) return;
    if (seeds) prefix = seeds[blockIdx.x] + prefix;
#pragma unroll
    for (int k = 0; k < WS_ITEMS; k++) {
        T v = x[k];
        x[k] = exclusive ? prefix : prefix + v;
        prefix = prefix + v;
    }
    gp_tile_store<T, WS_THREADS, WS_ITEMS>(out, base, n, vec, x, smem);
}

template <typename T>
static void shfl_launch(unsigned blocks, cudaStream_t s, const T *in, T *out, int64_t n, int exclusive,
                        const T *seeds, T *totals, int vec)
{
    shfl_tile<T><<<blocks, WS_THREADS, 0, s>>>(in, out, n, exclusive, seeds, totals, vec);
}

static const gp_scan3_cfg<unsigned> ws_u32 = {WS_TILE, 1, shfl_launch<unsigned>};
static const gp_scan3_cfg<float> ws_f32 = {WS_TILE, 1, shfl_launch<float>};

GP_SCAN3_ENTRY(scan_r04_launch, ws_u32, ws_f32, GP_SCAN3_NO_F64) /* f64: see scan.c */

static gp_kernel_info scan_r04_kernel(void)
{
    gp_kernel_info k = {(const void *)shfl_tile<float>, WS_THREADS, 0};
    return k;
}

GP_RUNG(gp__scan_r04, "warp_shuffle",
        "warp-shuffle block scan, 16 elts/thread in registers, 16-byte loads via smem transpose", 70, GP_RUNG_AUTO,
        scan_r04_launch_entry, gp__scan_4byte_accepts, scan_r04_kernel);
