// 06_smem_staged.cu — scan rung 6: rung 05's single pass with each tile held in shared memory and registers.
// Over rung 5: a tile waits for its predecessors' sums while holding its data, so the room an SM has for
// tile data bounds how many loads are in flight, and the look-back wait costs rung 05 20% of a copy (the
// same kernel without it moves 99%). Rung 05 holds its 4096 elements in registers (32 per thread, 9 blocks
// of 128 threads: 144 KB per SM) and uses its shared memory only to transpose. Here 48 elements per thread
// go straight into shared memory with cp.async (no registers on the way) and 24 more into registers, in
// rounds of 32 consecutive 16-byte chunks per warp (src/common/staged_tile.cuh): 9216-element tiles,
// 8 blocks per SM, 288 KB of tile data per SM. Pass 1 sums each lane's chunks, then the warp, then the
// block (one barrier); the first warp looks back (src/common/lookback.cuh); pass 2 scans round by round:
// each lane scans its four elements, a warp scan of the lanes' sums gives their offsets, and each lane
// writes its four results with one coalesced 16-byte store. Registers are capped at 64 (8 blocks per SM).
// What the room per SM buys (H100, 2^28 i32, vs CUB in the same process; results/scan-experiments-2026-11-23):
//   144 KB (rung 05) 0.98x; 192 KB (shared memory only, 48/thread) 1.05-1.07x; 224 KB (+8 in registers) 1.08x;
//   256 KB (+16) 1.10x; 288 KB (+24) 1.12x. Other splits at equal room measured the same, within 1%.
// Tile ids are blockIdx.x, not an atomic counter (src/common/lookback.cuh): 1.124x -> 1.135x. Scanning the
// rounds before the look-back and adding the offset after it (as compaction rung 03 gathers early) measured
// 1.121x / 1.106x and was dropped (results/scan-experiments-2026-11-23b).
// H100 80GB HBM3, 2026-11-23 (results/h100-2026-11-23b/bench-scan-compact-final.txt, `gpuprim bench scan`;
//   CUB in the same run):
//   n=268435456 i32 inclusive sum: 2783 GB/s (8n/t), 92.6% of D2D copy, 1.136x cub::DeviceScan::InclusiveSum
//   n=268435456 f32 inclusive sum: 2779 GB/s (8n/t), 92.4% of D2D copy, 1.133x cub::DeviceScan::InclusiveSum
#include "../common/util.cuh"
#include "../common/warp_scan.cuh"
#include "../common/warp_reduce.cuh"
#include "../common/staged_tile.cuh"
#include "../common/lookback.cuh"
#include "scan_internal.h"
#include <limits.h>

#ifndef R6_THREADS
#define R6_THREADS 128 /* threads per tile */
#endif
#ifndef R6_MINB
#define R6_MINB 8 /* __launch_bounds__ minimum blocks per SM (caps registers) */
#endif
#ifndef R6_SMEM_ITEMS
#define R6_SMEM_ITEMS 48 /* elements per thread held in shared memory, a multiple of 4 */
#endif
#ifndef R6_REG_ITEMS
#define R6_REG_ITEMS 24 /* elements per thread held in registers on top (plain 16-byte loads), a multiple of 4 */
#endif
#define R6_ITEMS (R6_SMEM_ITEMS + R6_REG_ITEMS)
#define R6_TILE (R6_THREADS * R6_ITEMS)
#define R6_SCHUNKS (R6_SMEM_ITEMS / 4) /* 16-byte chunks per lane in shared memory (rounds 0 ..) */
#define R6_RCHUNKS (R6_REG_ITEMS / 4)  /* ... and in registers (the last rounds) */

template <typename T> __device__ __forceinline__ T r6_sum4(uint4 v)
{
    return (gp_from_bits<T>(v.x) + gp_from_bits<T>(v.y)) + (gp_from_bits<T>(v.z) + gp_from_bits<T>(v.w));
}

/* Pass 2 for one round: lane's chunk v (elements 4*(r*32+lane) .. +3 of the warp's region) scanned after
 * `running` (the warp's running prefix, advanced by the round's total), stored to out. */
template <typename T>
__device__ __forceinline__ void r6_round(uint4 v, int r, T &running, T *out, int64_t wbase, int64_t n, bool full,
                                         int exclusive)
{
    const int lane = threadIdx.x & 31;
    const T a = gp_from_bits<T>(v.x), b = a + gp_from_bits<T>(v.y), c = b + gp_from_bits<T>(v.z),
            d = c + gp_from_bits<T>(v.w);
    const T inc = gp_warp_inclusive_scan<T, gp_op_sum<T>>(d);
    T p = __shfl_up_sync(GP_FULL_MASK, inc, 1);
    p = running + (lane ? p : (T)0);
    running = running + __shfl_sync(GP_FULL_MASK, inc, 31);
    uint4 o;
    if (exclusive) {
        o.x = gp_to_bits(p); o.y = gp_to_bits(p + a); o.z = gp_to_bits(p + b); o.w = gp_to_bits(p + c);
    } else {
        o.x = gp_to_bits(p + a); o.y = gp_to_bits(p + b); o.z = gp_to_bits(p + c); o.w = gp_to_bits(p + d);
    }
    if (full) {
        reinterpret_cast<uint4 *>(out + wbase)[r * 32 + lane] = o;
    } else {
        const int64_t g = wbase + 4 * (r * 32 + lane);
        if (g < n) out[g] = gp_from_bits<T>(o.x);
        if (g + 1 < n) out[g + 1] = gp_from_bits<T>(o.y);
        if (g + 2 < n) out[g + 2] = gp_from_bits<T>(o.z);
        if (g + 3 < n) out[g + 3] = gp_from_bits<T>(o.w);
    }
}

template <typename T>
__global__ void __launch_bounds__(R6_THREADS, R6_MINB) staged_scan(const T *in, T *out, int64_t n, int exclusive,
                                                                   int vec, unsigned long long *status,
                                                                   int64_t ahead /* rung 07: tiles ahead to prefetch into L2 (0: none) */)
{
    static_assert(sizeof(T) == 4 && R6_SMEM_ITEMS % 4 == 0 && R6_REG_ITEMS % 4 == 0 && R6_SMEM_ITEMS > 0,
                  "4-byte elements, item counts multiples of 4");
    constexpr int WARPS = R6_THREADS / 32;
    __shared__ uint4 stage[R6_THREADS * R6_SCHUNKS];
    __shared__ T warp_sum[WARPS];
    __shared__ T tile_prefix;
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const int64_t tile = blockIdx.x; /* blocks start in blockIdx order (src/common/lookback.cuh) */
    const int64_t wbase = tile * R6_TILE + (int64_t)warp * 32 * R6_ITEMS; /* this warp's first element */
    const bool full = vec && tile * R6_TILE + R6_TILE <= n;
    uint4 *ws = stage + warp * 32 * R6_SCHUNKS;
    if (vec) gp_prefetch_tile_ahead<T, R6_TILE>(in, tile, ahead, n); /* rung 07 (ahead > 0) */
    uint4 rv[R6_RCHUNKS > 0 ? R6_RCHUNKS : 1];
    gp_staged_load<T, R6_SCHUNKS, R6_RCHUNKS>(in, wbase, n, full, ws, rv);
    /* pass 1: the warp's sum */
    T s = (T)0;
#pragma unroll
    for (int r = 0; r < R6_SCHUNKS; r++) s = s + r6_sum4<T>(ws[r * 32 + lane]);
#pragma unroll
    for (int q = 0; q < R6_RCHUNKS; q++) s = s + r6_sum4<T>(rv[q]);
    s = gp_warp_reduce<gp_op_sum<T>>(s);
    if (lane == 0) warp_sum[warp] = s;
    __syncthreads();
    if (warp == 0) {
        T agg = gp_warp_allreduce<gp_op_sum<T>>(lane < WARPS ? warp_sum[lane] : (T)0);
        T p = gp_lookback_exclusive<T, gp_op_sum<T>>(status, tile, agg);
        if (lane == 0) tile_prefix = p;
    }
    __syncthreads();
    T running = tile_prefix;
#pragma unroll
    for (int w = 0; w < WARPS; w++)
        if (w < warp) running = running + warp_sum[w];
    /* pass 2: rounds of 32 consecutive chunks, one per lane */
#pragma unroll 4
    for (int r = 0; r < R6_SCHUNKS; r++) r6_round<T>(ws[r * 32 + lane], r, running, out, wbase, n, full, exclusive);
#pragma unroll
    for (int q = 0; q < R6_RCHUNKS; q++) r6_round<T>(rv[q], R6_SCHUNKS + q, running, out, wbase, n, full, exclusive);
}

static size_t gp__scan_r06_workspace(int64_t n)
{
    return (size_t)gp_ceil_div(n, R6_TILE) * sizeof(unsigned long long);
}

/* Rungs 06 and 07 (ahead > 0: each block asks L2 for the tile `ahead` tiles after its own). */
extern "C" gp_status gp__scan_staged_launch(const gp_ctx *ctx, const gp_scan_args *p, int64_t ahead)
{
    const gp_device_info *dev = ctx->dev;
    cudaStream_t s = ctx->stream;
    void *ws = ctx->workspace;
    const size_t ws_bytes = ctx->workspace_bytes;
    const gp__scan_type type = p->type;
    const int exclusive = p->exclusive;
    const int64_t n = p->n;
    const void *in = p->in;
    void *out = p->out;
    static int carveout_set[2][GP_MAX_DEVICES]; /* per kernel (u32, f32), per device */
    const int64_t tiles = gp_ceil_div(n, R6_TILE);
    const size_t need = gp__scan_r06_workspace(n);
    unsigned long long *status = (unsigned long long *)ws;
    const int vec = gp_aligned(in, 16) && gp_aligned(out, 16);
    if (tiles > INT_MAX || type == GP__SCAN_F64) return GP_ERROR_NOT_SUPPORTED; /* f64: see scan.c */
    if (need > ws_bytes || !gp_aligned(ws, 8)) return GP_ERROR_WORKSPACE_TOO_SMALL;
    if (cudaMemsetAsync(ws, 0, need, s) != cudaSuccess) return GP_ERROR_CUDA;
    gp_prefer_max_shared(type == GP__SCAN_F32 ? (const void *)staged_scan<float> : (const void *)staged_scan<unsigned>,
                         dev->device, carveout_set[type == GP__SCAN_F32]);
    if (type == GP__SCAN_F32)
        staged_scan<float><<<(unsigned)tiles, R6_THREADS, 0, s>>>((const float *)in, (float *)out, n, exclusive, vec,
                                                                  status, ahead);
    else
        staged_scan<unsigned><<<(unsigned)tiles, R6_THREADS, 0, s>>>((const unsigned *)in, (unsigned *)out, n,
                                                                     exclusive, vec, status, ahead);
    return gp__launch_status();
}

GP_LAUNCHER(scan_r06_launch, gp_scan_args, ctx, p)
{
    return gp__scan_staged_launch(ctx, p, 0);
}

static gp_kernel_info scan_r06_kernel(void)
{
    gp_kernel_info k = {(const void *)staged_scan<float>, R6_THREADS, 0};
    return k;
}

GP_RUNG(gp__scan_r06, "smem_staged",
        "single pass, look-back; tile held in shared memory (cp.async), not registers: more tiles in flight per SM", 80, GP_RUNG_AUTO,
        scan_r06_launch_entry, gp__scan_4byte_accepts, scan_r06_kernel);
