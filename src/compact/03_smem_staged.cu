// 03_smem_staged.cu — compaction rung 3: rung 02's single pass with the tile held in shared memory and
// registers in rounds (src/common/staged_tile.cuh), as scan rung 06 does.
// Over rung 2: a rung-02 tile holds its 32 elements per thread in registers while it waits for the
// look-back, and its shared memory only serves the transposes, so the SM's room for data in flight bounds
// the rate. Here 52 elements per thread wait in shared memory (copied there by cp.async) and 20 more in
// registers, 8 blocks of 128 threads per SM: 288 KB of tile data per SM against rung 02's 128 KB.
// Pass 1 evaluates the predicate per round (a 4-bit keep mask per lane per round, kept in
// registers) and counts; one barrier; the tile's count is published at once. Pass 2 ranks each round's kept
// elements with four ballots and gathers them contiguously in place in the warp's shared-memory region
// *before* the look-back (it needs only the warp's own masks), while the first warp looks back for the
// tile's output offset (62-bit counts); after it, each warp writes its gathered elements out with
// consecutive lanes on consecutive addresses. Tile ids are blockIdx.x (src/common/lookback.cuh).
// Stable: tiles by the look-back, warps by their counts, rounds in order, lanes by rank.
// H100, 2^28 f32 x > 0.5 (~50% kept), vs CUB in the same process (results/scan-experiments-2026-11-23):
//   the first pass 2 (a warp scan of the lanes' counts and a 128-element scratch flushed every round)
//   1.00x; ranking by ballots and one flush per warp 1.14x (48+16 elements per thread, 256 KB per SM);
//   52+16 1.16x, 48+24 (288 KB) 1.18x, 52+20 1.18x; 40+16 or 32+16 with 9-10 blocks per SM 1.12-1.14x.
// Then (results/scan-experiments-2026-11-23b): tile = blockIdx.x instead of an atomic counter 1.20x; the
//   gather moved before the look-back 1.246x. A per-tile trace showed why: a tile spends 6 us loading,
//   11 us waiting for the look-back and 3.5 us writing; gathering early cut the writing phase to 2.1 us,
//   so the room a tile holds after its wait is freed sooner. The same kernel with the look-back replaced
//   by a guessed offset (wrong output) runs 1.315x, a plain read-4-bytes/write-2-bytes stream 1.338x.
// H100 80GB HBM3, 2026-11-23 (results/h100-2026-11-23b/bench-scan-compact-final.txt, `gpuprim bench compact`;
//   CUB in the same run): n=268435456 f32 x>0.5 (~50%): 1897 GB/s of input (4n/t), 2846 GB/s moved
//   (94.7% of copy), 1.243x cub::DeviceSelect::If (48+24 elements per thread)
// 52+20 since session 5 (it measured 1.307-1.308x against 1.301-1.304x for 48+24 with rung 04's prefetch,
//   which shares this kernel; the f32 kernels then spill 4 bytes): 1898 GB/s, 1.246x
//   (results/h100-2026-11-23c/bench.txt). Rung 04 is this kernel with `ahead` > 0.
#include "select_tile.cuh"
#include "../common/warp_scan.cuh"
#include "../common/warp_reduce.cuh"
#include "../common/staged_tile.cuh"
#include "../common/lookback.cuh"
#include <limits.h>

#ifndef C3_THREADS
#define C3_THREADS 128
#endif
#ifndef C3_MINB
#define C3_MINB 8 /* __launch_bounds__ minimum blocks per SM (caps registers at 64) */
#endif
#ifndef C3_SMEM_ITEMS
#define C3_SMEM_ITEMS 52 /* elements per thread in shared memory, a multiple of 4 */
#endif
#ifndef C3_REG_ITEMS
#define C3_REG_ITEMS 20 /* elements per thread in registers, a multiple of 4 */
#endif
#define C3_ITEMS (C3_SMEM_ITEMS + C3_REG_ITEMS)
#define C3_TILE (C3_THREADS * C3_ITEMS)
#define C3_SCHUNKS (C3_SMEM_ITEMS / 4)
#define C3_RCHUNKS (C3_REG_ITEMS / 4)
/* Experiment hooks (scripts/experiments/compact_probe.cu): a time stamp at point k of the tile's life, and
 * the exclusive prefix of the tile's count. */
#ifndef C3_TRACE
#define C3_TRACE(k)
#endif
#ifndef C3_EXCLUSIVE
#define C3_EXCLUSIVE(status, tile, count) \
    gp_lookback_exclusive<unsigned long long, gp_op_sum<unsigned long long>>(status, tile, count, false)
#endif
static_assert(C3_SMEM_ITEMS <= 64 && C3_REG_ITEMS <= 32, "a lane's keep masks (4 bits per round) fit in 64 + 32 bits");
static_assert(C3_REG_ITEMS <= C3_SMEM_ITEMS, "the register rounds are gathered in the shared-memory region");

template <typename T, int PRED>
__global__ void __launch_bounds__(C3_THREADS, C3_MINB)
    staged_select(const T *in, const uint8_t *flags, T value, T *out, int64_t n, long long *num_selected,
                  int vec /* bit 0: in 16-byte aligned, bit 1: flags 4-byte, bit 2: flags 16-byte */,
                  unsigned long long *status, int64_t ahead /* rung 04: tiles ahead to prefetch into L2 (0: none) */)
{
    constexpr int WARPS = C3_THREADS / 32;
    __shared__ uint4 stage[C3_THREADS * C3_SCHUNKS];
    __shared__ unsigned warp_count[WARPS];
    __shared__ unsigned long long prefix_sh;
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const int64_t tile = blockIdx.x; /* blocks start in blockIdx order (src/common/lookback.cuh) */
    C3_TRACE(0);
    const int64_t wbase = tile * C3_TILE + (int64_t)warp * 32 * C3_ITEMS;
    const bool in_tile = tile * C3_TILE + C3_TILE <= n;
    const bool full = (vec & 1) && in_tile;
    const bool fast_flags = (vec & 2) && in_tile;
    uint4 *ws = stage + warp * 32 * C3_SCHUNKS;
    if (vec & 1) { /* rung 04 (ahead > 0) */
        gp_prefetch_tile_ahead<T, C3_TILE>(in, tile, ahead, n);
        if (PRED == GP_SEL_FLAGGED && (vec & 4)) gp_prefetch_tile_ahead<uint8_t, C3_TILE>(flags, tile, ahead, n);
    }
    uint4 rv[C3_RCHUNKS > 0 ? C3_RCHUNKS : 1];
    gp_staged_load<T, C3_SCHUNKS, C3_RCHUNKS>(in, wbase, n, full, ws, rv);
    /* pass 1: keep masks and the warp's count */
    unsigned long long smask = 0; /* the shared-memory rounds' masks */
    unsigned rmask = 0;           /* the register rounds' masks */
    unsigned count = 0;
#pragma unroll
    for (int r = 0; r < C3_SCHUNKS; r++) {
        const unsigned m = gp_sel_mask4<T, PRED>(ws[r * 32 + lane], value, flags, wbase + 4 * (r * 32 + lane), n, in_tile, fast_flags);
        smask |= (unsigned long long)m << (4 * r);
        count += __popc(m);
    }
#pragma unroll
    for (int q = 0; q < C3_RCHUNKS; q++) {
        const unsigned m = gp_sel_mask4<T, PRED>(rv[q], value, flags, wbase + 4 * ((C3_SCHUNKS + q) * 32 + lane), n, in_tile,
                                            fast_flags);
        rmask |= m << (4 * q);
        count += __popc(m);
    }
    count = gp_warp_reduce<gp_op_sum<unsigned>>(count);
    if (lane == 0) warp_count[warp] = count;
    __syncthreads();
    C3_TRACE(1);
    unsigned tile_count = 0, warp_max = 0;
#pragma unroll
    for (int w = 0; w < WARPS; w++) {
        tile_count += warp_count[w];
        warp_max = max(warp_max, warp_count[w]);
    }
    /* pass 2: the kept elements of the shared-memory rounds are gathered in place at the start of the warp's
     * region (round r's land below 128 * (r + 1), so never on a round not yet read), then those of the
     * register rounds after them if all fit, else after the first part is written out */
    T *gathered = reinterpret_cast<T *>(ws);
    unsigned cum = 0;
    /* before the look-back, which needs only the tile's count: publish it, then gather while predecessors load */
    if (threadIdx.x == 0) gp_lookback_publish_aggregate<unsigned long long>(status, tile, tile_count);
#pragma unroll 4
    for (int r = 0; r < C3_SCHUNKS; r++)
        gp_sel_gather_round<T>(ws[r * 32 + lane], (unsigned)(smask >> (4 * r)) & 15u, gathered, cum, true);
    /* the same in every warp of the block (with a per-warp test, ptxas of CUDA 13.0 failed register allocation) */
    const bool all_gathered = warp_max <= 32u * C3_SMEM_ITEMS;
    if (all_gathered) {
#pragma unroll
        for (int q = 0; q < C3_RCHUNKS; q++) gp_sel_gather_round<T>(rv[q], (rmask >> (4 * q)) & 15u, gathered, cum, false);
    }
    if (warp == 0) {
        unsigned long long p = C3_EXCLUSIVE(status, tile, tile_count);
        if (lane == 0) prefix_sh = p;
    }
    __syncthreads();
    C3_TRACE(2);
    unsigned long long off = prefix_sh;
#pragma unroll
    for (int w = 0; w < WARPS; w++)
        if (w < warp) off += warp_count[w];
    gp_sel_flush<T>(gathered, cum, out, off);
    if (C3_RCHUNKS > 0 && !all_gathered) {
        cum = 0;
#pragma unroll
        for (int q = 0; q < C3_RCHUNKS; q++)
            gp_sel_gather_round<T>(rv[q], (rmask >> (4 * q)) & 15u, gathered, cum, false);
        gp_sel_flush<T>(gathered, cum, out, off);
    }
    C3_TRACE(3);
    if (blockIdx.x == gridDim.x - 1 && threadIdx.x == 0) *num_selected = (long long)(prefix_sh + tile_count);
}

/* Rungs 03 and 04 (ahead > 0: each block asks L2 for the tile `ahead` tiles after its own). */
extern "C" gp_status gp__compact_staged_launch(const gp_ctx *ctx, const gp_compact_args *p, int64_t ahead)
{
    const gp_device_info *dev = ctx->dev;
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
    const int64_t tiles = gp_ceil_div(n, C3_TILE);
    const size_t need = (size_t)tiles * sizeof(unsigned long long);
    unsigned long long *status = (unsigned long long *)ws;
    const int vec = gp_aligned(in, 16) | (flags && gp_aligned(flags, 4) ? 2 : 0) | (flags && gp_aligned(flags, 16) ? 4 : 0);
    if (tiles > INT_MAX) return GP_ERROR_NOT_SUPPORTED;
    if (need > ws_bytes || !gp_aligned(ws, 8)) return GP_ERROR_WORKSPACE_TOO_SMALL;
    if (cudaMemsetAsync(ws, 0, need, s) != cudaSuccess) return GP_ERROR_CUDA;
#define LAUNCH(T, P)                                                                                          \
    do {                                                                                                      \
        static int carveout_set[GP_MAX_DEVICES]; /* this kernel's, per device */                             \
        gp_prefer_max_shared((const void *)staged_select<T, P>, dev->device, carveout_set);                   \
        staged_select<T, P><<<(unsigned)tiles, C3_THREADS, 0, s>>>((const T *)in, flags, gp_bits_to<T>(value_bits), \
                                                                   (T *)out, n, (long long *)num_selected, vec, \
                                                                   status, ahead);                   \
    } while (0)
    GP_SELECT_DISPATCH(type, pred, LAUNCH);
#undef LAUNCH
    return gp__launch_status();
}

GP_LAUNCHER(compact_r03_launch, gp_compact_args, ctx, p)
{
    return gp__compact_staged_launch(ctx, p, 0);
}

static gp_kernel_info compact_r03_kernel(void)
{
    gp_kernel_info k = {(const void *)staged_select<float, GP_SELECT_GT>, C3_THREADS, 0};
    return k;
}

GP_RUNG(gp__compact_r03, "smem_staged",
        "single pass, look-back; tile held in shared memory (cp.async) and registers, 2x the tiles in flight", 80, GP_RUNG_AUTO,
        compact_r03_launch_entry, NULL, compact_r03_kernel);
