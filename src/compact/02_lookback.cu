// 02_lookback.cu — compaction rung 2: single pass, decoupled look-back for the output offsets.
// Over rung 1: one kernel reads the input once (16-byte loads through the tile_io transpose, 8192
// elements per 256-thread tile) and evaluates the predicate in registers; no flag array is written and
// read back (rung 1 moves 4n + 4n + 4n + 4n + 4n bytes of input, flags and positions plus the output;
// this one 4n in + 4k out for k kept). Each tile counts its kept elements, block-scans the per-thread
// counts (warp-shuffle block scan), gets its output offset by the same decoupled look-back as scan rung
// 05 (src/common/lookback.cuh, 62-bit counts), stages its kept elements contiguously in shared memory
// and writes them with consecutive threads on consecutive addresses (coalesced). The last tile writes
// the total count. Stable: tiles are ordered by the look-back, elements within a tile by the block scan.
// H100 80GB HBM3, 2026-11-22 (results/h100-2026-11-22, `gpuprim bench compact`; vendor timed in the same run):
//   n=268435456 f32 x>0.5 (~50%): 1467 GB/s of input (4n/t), 48.8% of D2D copy, 0.963x cub::DeviceSelect::If
//   (256x32 tiles; the tile sweep, where 256x16 measured 0.847x: results/h100-2026-11-22/compact-tile-sweep.txt)
#include "select_ops.cuh"
#include "../common/util.cuh"
#include "../common/block_scan.cuh"
#include "../common/lookback.cuh"
#include <limits.h>

#ifndef CS_THREADS
#define CS_THREADS 256 /* threads per tile (swept on the H100: 128, 256) */
#endif
#ifndef CS_ITEMS
#define CS_ITEMS 32 /* elements per thread (swept: 16, 32) */
#endif
/* the keep mask is 32 bits and the flagged fast path loads flags 16 at a time */
static_assert(CS_ITEMS % 16 == 0 && CS_ITEMS <= 32, "CS_ITEMS must be 16 or 32");
#define CS_TILE (CS_THREADS * CS_ITEMS)
#define CS_HEADER 256 /* bytes before the status words: the tile counter */
#define CS_SMEM_WORDS (GP_TILE_SMEM_WORDS(CS_THREADS, CS_ITEMS) > CS_TILE ? GP_TILE_SMEM_WORDS(CS_THREADS, CS_ITEMS) : CS_TILE)

template <typename T, int PRED>
__global__ void __launch_bounds__(CS_THREADS)
    select_lookback(const T *in, const uint8_t *flags, T value, T *out, int64_t n, long long *num_selected,
                    int vec /* bit 0: in, bit 1: flags 16-byte aligned */, unsigned long long *status, unsigned *tile_counter, int64_t num_tiles)
{
    __shared__ T smem[CS_SMEM_WORDS]; /* the load transpose, then the staging of kept elements */
    __shared__ unsigned warp_totals[CS_THREADS / 32];
    __shared__ unsigned tile_sh;
    __shared__ unsigned long long prefix_sh;
    if (threadIdx.x == 0) tile_sh = atomicAdd(tile_counter, 1u);
    __syncthreads();
    const int64_t tile = tile_sh;
    const int64_t base = tile * CS_TILE;
    const int64_t first = base + (int64_t)threadIdx.x * CS_ITEMS;
    T x[CS_ITEMS];
    gp_tile_load<T, CS_THREADS, CS_ITEMS>(in, base, n, vec & 1, (T)0, x, smem);
    unsigned keep = 0;
    if (PRED == GP_SEL_FLAGGED && (vec & 2) && base + CS_TILE <= n) {
        unsigned w[CS_ITEMS / 4]; /* this thread's CS_ITEMS flags, 16 per 16-byte load */
#pragma unroll
        for (int q = 0; q < CS_ITEMS / 16; q++) {
            uint4 f = reinterpret_cast<const uint4 *>(flags + first)[q];
            w[4 * q] = f.x; w[4 * q + 1] = f.y; w[4 * q + 2] = f.z; w[4 * q + 3] = f.w;
        }
#pragma unroll
        for (int k = 0; k < CS_ITEMS; k++) keep |= (((w[k >> 2] >> (8 * (k & 3))) & 0xffu) != 0) << k;
    } else {
#pragma unroll
        for (int k = 0; k < CS_ITEMS; k++)
            keep |= (first + k < n && gp_sel_keep<T, PRED>(x[k], value, flags, first + k)) << k;
    }
    const unsigned count = __popc(keep);
    unsigned tile_count;
    unsigned local = gp_block_exclusive_scan<unsigned, gp_op_sum<unsigned>, CS_THREADS>(count, warp_totals, &tile_count);
    if (threadIdx.x < 32) {
        unsigned long long p =
            gp_lookback_exclusive<unsigned long long, gp_op_sum<unsigned long long>>(status, tile, tile_count);
        if (threadIdx.x == 0) prefix_sh = p;
    }
    /* every warp finished reading smem (tile load) before the block scan's barrier */
#pragma unroll
    for (int k = 0; k < CS_ITEMS; k++)
        if ((keep >> k) & 1u) smem[local++] = x[k];
    __syncthreads();
    const unsigned long long offset = prefix_sh;
    for (unsigned i = threadIdx.x; i < tile_count; i += CS_THREADS) out[offset + i] = smem[i];
    if (tile == num_tiles - 1 && threadIdx.x == 0) *num_selected = (long long)(offset + tile_count);
}

GP_LAUNCHER(compact_r02_launch, gp_compact_args, ctx, p)
{
    cudaStream_t s = ctx->stream;
    void *ws = ctx->workspace;
    const size_t ws_bytes = ctx->workspace_bytes;
    const gp__select_type type = p->type;
    const int pred = p->pred;
    const uint32_t value_bits = p->value_bits;
    const int64_t n = p->n;
    const void *in = p->in;
    const uint8_t *flags = p->flags;
    void *out = p->out;
    int64_t *num_selected = p->num_selected;
    const int64_t tiles = gp_ceil_div(n, CS_TILE);
    const size_t need = CS_HEADER + (size_t)tiles * sizeof(unsigned long long);
    unsigned *counter = (unsigned *)ws;
    unsigned long long *status = (unsigned long long *)((char *)ws + CS_HEADER);
    /* bit 0: 16-byte loads of in; bit 1: 16-byte loads of the flags */
    const int vec = gp_aligned(in, 16) | (flags && gp_aligned(flags, 16) ? 2 : 0);
    if (tiles > INT_MAX) return GP_ERROR_NOT_SUPPORTED;
    if (need > ws_bytes || !gp_aligned(ws, 8)) return GP_ERROR_WORKSPACE_TOO_SMALL;
    if (cudaMemsetAsync(ws, 0, need, s) != cudaSuccess) return GP_ERROR_CUDA;
#define LAUNCH(T, P)                                                                                       \
    select_lookback<T, P><<<(unsigned)tiles, CS_THREADS, 0, s>>>((const T *)in, flags, gp_bits_to<T>(value_bits), \
                                                                 (T *)out, n, (long long *)num_selected, vec, \
                                                                 status, counter, tiles)
    GP_SELECT_DISPATCH(type, pred, LAUNCH);
#undef LAUNCH
    return gp__launch_status();
}

static gp_kernel_info compact_r02_kernel(void)
{
    gp_kernel_info k = {(const void *)select_lookback<float, GP_SELECT_GT>, CS_THREADS, 0};
    return k;
}

GP_RUNG(gp__compact_r02, "lookback",
        "single pass: predicate in registers, block scan, look-back offsets, staged coalesced writes", 70, GP_RUNG_AUTO,
        compact_r02_launch_entry, NULL, compact_r02_kernel);
