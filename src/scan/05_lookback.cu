// 05_lookback.cu — scan rung 5: single pass with decoupled look-back (Merrill & Garland 2016).
// Over rung 4: one kernel reads each element once and writes it once (2n elements moved, the same as a
// copy, against 3n for reduce-then-scan), so the ceiling rises from 2/3 to about the copy rate. Each
// 4096-element tile (128 threads x 32, 16-byte loads/stores through the tile_io transpose) takes its id
// from an atomic counter, scans itself with the warp-shuffle block scan, publishes its aggregate in a
// 64-bit status word (flag + value, one relaxed atomic access), and its first warp looks back over the
// predecessors' status words (src/common/lookback.cuh) for its exclusive prefix. The status words and
// the counter live in the workspace (8 bytes per tile + 256) and are cleared on the stream each call.
// Tile shape: a sweep on the H100 (results/h100-2026-11-22/scan-tile-sweep.txt) measured 128x32 at 0.984-0.989x
// CUB against 0.951-0.955x for 256x16 (same 4096-element tile: fewer threads, so a cheaper block scan and
// look-back per element) and 0.90x for 512x16.
// H100 80GB HBM3, 2026-11-22 (results/h100-2026-11-22/bench.txt, `gpuprim bench scan`; CUB in the same run):
//   n=268435456 i32 inclusive sum: 2412 GB/s (8n/t), 80.2% of D2D copy, 0.982x cub::DeviceScan::InclusiveSum
//   n=268435456 f32 inclusive sum: 2410 GB/s (8n/t), 80.1% of D2D copy, 0.979x cub::DeviceScan::InclusiveSum
// Where the other 20% of a copy goes: without the look-back (LB_EXPERIMENT_NO_LOOKBACK, wrong sums) this
// kernel moves 2988 GB/s; wider look-back windows, back-off, other occupancies and persistent prefetching
// blocks were all measured slower (results/scan-experiments-2026-11-22/README.md). Rung 06 gives the waiting
// tiles twice the room (shared memory + registers) and reaches 1.12x CUB.
#include "../common/util.cuh"
#include "../common/block_scan.cuh"
#include "../common/tile_io.cuh"
#include "../common/lookback.cuh"
#include "scan_internal.h"
#include <limits.h>

#ifndef LB_THREADS
#define LB_THREADS 128 /* threads per tile (swept on the H100: 128, 256, 512) */
#endif
#ifndef LB_ITEMS
#define LB_ITEMS 32 /* elements per thread (swept: 8, 16, 32) */
#endif
#define LB_TILE (LB_THREADS * LB_ITEMS)
#define LB_HEADER 256 /* bytes before the status words: the tile counter */

template <typename T>
__global__ void __launch_bounds__(LB_THREADS) lookback_scan(const T *in, T *out, int64_t n, int exclusive,
                                                            int vec, unsigned long long *status,
                                                            unsigned *tile_counter)
{
    __shared__ T smem[GP_TILE_SMEM_WORDS(LB_THREADS, LB_ITEMS)];
    __shared__ T warp_totals[LB_THREADS / 32];
    __shared__ unsigned tile_sh;
    __shared__ T tile_prefix;
    if (threadIdx.x == 0) tile_sh = atomicAdd(tile_counter, 1u);
    __syncthreads();
    const int64_t tile = tile_sh;
    const int64_t base = tile * LB_TILE;
    T x[LB_ITEMS];
    gp_tile_load<T, LB_THREADS, LB_ITEMS>(in, base, n, vec, (T)0, x, smem);
    T sum = x[0];
#pragma unroll
    for (int k = 1; k < LB_ITEMS; k++) sum = sum + x[k];
    T aggregate;
    T prefix = gp_block_exclusive_scan<T, gp_op_sum<T>, LB_THREADS>(sum, warp_totals, &aggregate);
#ifdef LB_EXPERIMENT_NO_LOOKBACK /* measurement only (wrong results): the same kernel without the look-back */
    (void)status;
    if (threadIdx.x == 0) tile_prefix = aggregate - aggregate;
#else
    if (threadIdx.x < 32) {
        T p = gp_lookback_exclusive<T, gp_op_sum<T>>(status, tile, aggregate);
        if (threadIdx.x == 0) tile_prefix = p;
    }
#endif
    __syncthreads();
    prefix = tile_prefix + prefix;
#pragma unroll
    for (int k = 0; k < LB_ITEMS; k++) {
        T v = x[k];
        x[k] = exclusive ? prefix : prefix + v;
        prefix = prefix + v;
    }
    gp_tile_store<T, LB_THREADS, LB_ITEMS>(out, base, n, vec, x, smem);
}

extern "C" size_t gp__scan_r05_workspace(int64_t n)
{
    return LB_HEADER + (size_t)gp_ceil_div(n, LB_TILE) * sizeof(unsigned long long);
}

GP_LAUNCHER(scan_r05_launch, gp_scan_args, ctx, p)
{
    cudaStream_t s = ctx->stream;
    void *ws = ctx->workspace;
    const size_t ws_bytes = ctx->workspace_bytes;
    const gp__scan_type type = p->type;
    const int exclusive = p->exclusive;
    const int64_t n = p->n;
    const void *in = p->in;
    void *out = p->out;
    const int64_t tiles = gp_ceil_div(n, LB_TILE);
    const size_t need = gp__scan_r05_workspace(n);
    unsigned *counter = (unsigned *)ws;
    unsigned long long *status = (unsigned long long *)((char *)ws + LB_HEADER);
    const int vec = gp_aligned(in, 16) && gp_aligned(out, 16);
    if (tiles > INT_MAX || type == GP__SCAN_F64) return GP_ERROR_NOT_SUPPORTED; /* f64: see scan.c */
    if (need > ws_bytes || !gp_aligned(ws, 8)) return GP_ERROR_WORKSPACE_TOO_SMALL;
    if (cudaMemsetAsync(ws, 0, need, s) != cudaSuccess) return GP_ERROR_CUDA;
    if (type == GP__SCAN_F32)
        lookback_scan<float><<<(unsigned)tiles, LB_THREADS, 0, s>>>((const float *)in, (float *)out, n, exclusive,
                                                                    vec, status, counter);
    else
        lookback_scan<unsigned><<<(unsigned)tiles, LB_THREADS, 0, s>>>((const unsigned *)in, (unsigned *)out, n,
                                                                       exclusive, vec, status, counter);
    return gp__launch_status();
}

static gp_kernel_info scan_r05_kernel(void)
{
    gp_kernel_info k = {(const void *)lookback_scan<float>, LB_THREADS, 0};
    return k;
}

GP_RUNG(gp__scan_r05, "lookback",
        "single pass: decoupled look-back over 64-bit tile status words, dynamic tile ids", 70, GP_RUNG_AUTO,
        scan_r05_launch_entry, gp__scan_4byte_accepts, scan_r05_kernel);
