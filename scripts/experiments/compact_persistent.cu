// compact_persistent.cu — experiment (not a rung; measured slower than rung 03, see below): compaction rung
// 03's tile in a persistent, warp-specialised loop that loads the next tile while the previous one waits for
// its look-back. Included by compact_probe.cu with -DPROBE_RUNG=4 (scripts/experiments/compact-probe.sh).
// H100, 2^28 f32 x > 0.5, CUB in the same process (results/scan-experiments-2026-11-23c): 1.116-1.120x with
// 128 data threads and 48+24 elements per thread, 1.15x with 48+32 or 64+32 (3 blocks per SM), 1.183-1.184x
// with 256 data threads, against 1.243-1.249x for rung 03; with the look-back replaced by a guessed offset
// 1.28-1.29x (rung 03: 1.315x). The trace: 4.2 us loading, 12.7-13.4 us from count to prefix (p10 7.9 us),
// so a block's one waiting buffer is too few: the loading buffer sits idle while the prefix is awaited.
// Over rung 3: a rung-03 block loads one tile, gathers its kept elements, waits for the look-back and
// writes; its room (shared memory and registers) is idle while it waits, and a trace of rung 03 showed
// tiles waiting about 11 us against 6 us loading, so only ~30% of the SM's room had loads in flight. Here
// a block owns two shared-memory buffers and loops over tiles: tile t's kept elements stay gathered in
// one buffer while tile t+1 is already loading into the other (and into the registers, free once t's
// register rounds are gathered); tile t's look-back and writes happen under that load. A block has a load
// in flight except while it counts and gathers.
// Tiles come from an atomic counter, taken by running blocks in order, so a tile only ever waits on tiles
// that running blocks hold: no assumption that the grid is resident. The next tile's id is fetched at
// the start of an iteration, its round trip hidden under the look-back. Blocks: the SMs x the blocks per
// SM the occupancy calculator allows. Warp 0 publishes tile t's count as soon as it is known and looks
// back for t in the next iteration (deadlock-free: a block waits only on the look-back of a tile whose own
// count it has published, and counts depend only on lower tiles).
// When a warp keeps more than its shared-memory rounds hold (> 2/3 of its elements), the register rounds
// are not gathered and the tile is finished at once, as in rung 03, before the next load.
#include "../../src/compact/select_tile.cuh"
#include "../../src/common/warp_reduce.cuh"
#include "../../src/common/staged_tile.cuh"
#include "../../src/common/lookback.cuh"
#include <limits.h>

/* Resident blocks per SM of a persistent kernel fn (threads, dyn_smem bytes of dynamic shared memory), after
 * asking for the most shared memory per SM and allowing dyn_smem; 0 if the runtime refuses. Host work, done
 * once per kernel and device: cache[device] keeps the answer. */
static inline int gp_persistent_blocks_per_sm(const void *fn, int device, int threads, size_t dyn_smem, int *cache)
{
    const int known = device >= 0 && device < GP_MAX_DEVICES;
    int b = known ? __atomic_load_n(&cache[device], __ATOMIC_RELAXED) : 0;
    if (b > 0) return b;
    if (cudaFuncSetAttribute(fn, cudaFuncAttributePreferredSharedMemoryCarveout, (int)cudaSharedmemCarveoutMaxShared) !=
            cudaSuccess ||
        cudaFuncSetAttribute(fn, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)dyn_smem) != cudaSuccess ||
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&b, fn, threads, dyn_smem) != cudaSuccess) {
        (void)cudaGetLastError();
        return 0;
    }
    if (known && b > 0) __atomic_store_n(&cache[device], b, __ATOMIC_RELAXED);
    return b;
}

#ifndef C4_THREADS
#define C4_THREADS 128
#endif
#ifndef C4_SMEM_ITEMS
#define C4_SMEM_ITEMS 48 /* elements per thread per shared-memory buffer (two buffers), a multiple of 4 */
#endif
#ifndef C4_REG_ITEMS
#define C4_REG_ITEMS 24 /* elements per thread in registers, a multiple of 4 */
#endif
/* Experiment hooks (scripts/experiments/compact_probe.cu): a time stamp at point k of tile t's life, and the
 * exclusive prefix of a tile's count. */
#ifndef C4_TRACE
#define C4_TRACE(k, t)
#endif
#ifndef C4_EXCLUSIVE
#define C4_EXCLUSIVE(status, tile, count) \
    gp_lookback_exclusive<unsigned long long, gp_op_sum<unsigned long long>>(status, tile, count, false)
#endif
#define C4_ITEMS (C4_SMEM_ITEMS + C4_REG_ITEMS)
#define C4_TILE (C4_THREADS * C4_ITEMS)
#define C4_SCHUNKS (C4_SMEM_ITEMS / 4)
#define C4_RCHUNKS (C4_REG_ITEMS / 4)
#define C4_BUF_CHUNKS (C4_THREADS * C4_SCHUNKS) /* one buffer, in 16-byte chunks */
#define C4_SMEM_BYTES (2 * C4_BUF_CHUNKS * 16)
static_assert(C4_SMEM_ITEMS <= 64 && C4_REG_ITEMS <= 32, "a lane's keep masks (4 bits per round) fit in 64 + 32 bits");
static_assert(C4_REG_ITEMS <= C4_SMEM_ITEMS, "the register rounds are gathered in the shared-memory buffer");

/* Named barriers (0 is __syncthreads): a tile handed to the look-back warp and its prefix handed back, one
 * pair per buffer, so that a barrier's next use always comes after its last one completed; and one for
 * the data warps alone. bar.arrive does not wait; bar.sync waits until all `count` threads have come. */
enum { C4_BAR_HAND = 1, C4_BAR_PREFIX = 3, C4_BAR_DATA = 5 };
template <int ID, int COUNT> __device__ __forceinline__ void c4_bar_sync() { asm volatile("barrier.cta.sync %0, %1;" ::"n"(ID), "n"(COUNT) : "memory"); }
template <int ID, int COUNT> __device__ __forceinline__ void c4_bar_arrive() { asm volatile("barrier.cta.arrive %0, %1;" ::"n"(ID), "n"(COUNT) : "memory"); }
/* the barrier of buffer b (0 or 1) */
template <int ID, int COUNT> __device__ __forceinline__ void c4_bar_sync2(int b) { if (b) c4_bar_sync<ID + 1, COUNT>(); else c4_bar_sync<ID, COUNT>(); }
template <int ID, int COUNT> __device__ __forceinline__ void c4_bar_arrive2(int b) { if (b) c4_bar_arrive<ID + 1, COUNT>(); else c4_bar_arrive<ID, COUNT>(); }

template <typename T, int PRED>
__global__ void __launch_bounds__(C4_THREADS + 32) /* with a minimum of blocks per SM, ptxas of CUDA 13.0 failed register allocation on the flagged form; 72-81 registers without it */
    persistent_select(const T *in, const uint8_t *flags, T value, T *out, int64_t n, int64_t tiles,
                      long long *num_selected, int vec /* bit 0: in, bit 1: flags aligned */,
                      unsigned long long *status /* tiles words, then the tile counter */)
{
    constexpr int WARPS = C4_THREADS / 32; /* data warps; warp WARPS looks back */
    constexpr int ALL = C4_THREADS + 32;
    extern __shared__ uint4 stage[]; /* [2][C4_BUF_CHUNKS] */
    /* Indexed by buffer: a slot is rewritten two tiles later, after every read of it (the barriers say why) */
    __shared__ unsigned warp_count[2][WARPS];
    __shared__ long long hand_tile[2];              /* the tile handed to the look-back warp (-1: stop) */
    __shared__ unsigned long long hand_count[2];    /* its count */
    __shared__ unsigned long long prefix_sh[2];     /* its exclusive prefix, handed back */
    __shared__ long long next_sh[2];                /* the tile id taken while that tile was gathered */
    __shared__ long long first_sh;
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    unsigned long long *counter = status + tiles;

    if (threadIdx.x == 0) first_sh = (long long)atomicAdd(counter, 1ull);
    __syncthreads();
    int64_t tile = first_sh;
    if (tile >= tiles) return; /* the whole block */

    if (warp == WARPS) {
        /* the look-back warp: tiles in the order handed, each as soon as it is handed */
        for (int b = 0;; b ^= 1) {
            c4_bar_sync2<C4_BAR_HAND, ALL>(b);
            const long long t = hand_tile[b];
            if (t < 0) return;
            const unsigned long long c = hand_count[b];
            const unsigned long long x = C4_EXCLUSIVE(status, t, c);
            if (lane == 0) {
                C4_TRACE(2, t);
                prefix_sh[b] = x;
                if (t == tiles - 1) *num_selected = (long long)(x + c);
            }
            c4_bar_arrive2<C4_BAR_PREFIX, ALL>(b);
        }
    }

    uint4 rv[C4_RCHUNKS > 0 ? C4_RCHUNKS : 1];
    if (threadIdx.x == 0) C4_TRACE(0, tile);
    gp_staged_load_issue<T, C4_SCHUNKS, C4_RCHUNKS>(in, tile * C4_TILE + (int64_t)warp * 32 * C4_ITEMS, n,
                                                    (vec & 1) && tile * C4_TILE + C4_TILE <= n,
                                                    stage + warp * 32 * C4_SCHUNKS, rv);
    /* the previous tile, gathered in the other buffer, waiting for its prefix */
    bool have_prev = false;
    int64_t prev_tile = 0; /* its id (for the trace) */
    unsigned prev_cum = 0, prev_off = 0; /* this warp's kept elements of it and their offset in the tile */
    int p = 0;                           /* this tile's buffer */
    for (;;) {
        uint4 *ws = stage + p * C4_BUF_CHUNKS + warp * 32 * C4_SCHUNKS;       /* this tile, this warp's part */
        uint4 *wo = stage + (p ^ 1) * C4_BUF_CHUNKS + warp * 32 * C4_SCHUNKS; /* the other buffer's */
        /* 1. keep masks and counts */
        gp_staged_load_wait();
        const int64_t wbase = tile * C4_TILE + (int64_t)warp * 32 * C4_ITEMS;
        const bool in_tile = tile * C4_TILE + C4_TILE <= n;
        const bool fast_flags = (vec & 2) && in_tile;
        unsigned long long smask = 0;
        unsigned rmask = 0, count = 0;
#pragma unroll
        for (int r = 0; r < C4_SCHUNKS; r++) {
            const unsigned m = gp_sel_mask4<T, PRED>(ws[r * 32 + lane], value, flags, wbase + 4 * (r * 32 + lane), n,
                                                     in_tile, fast_flags);
            smask |= (unsigned long long)m << (4 * r);
            count += __popc(m);
        }
#pragma unroll
        for (int q = 0; q < C4_RCHUNKS; q++) {
            const unsigned m = gp_sel_mask4<T, PRED>(rv[q], value, flags, wbase + 4 * ((C4_SCHUNKS + q) * 32 + lane),
                                                     n, in_tile, fast_flags);
            rmask |= m << (4 * q);
            count += __popc(m);
        }
        count = gp_warp_reduce<gp_op_sum<unsigned>>(count);
        if (lane == 0) warp_count[p][warp] = count;
        c4_bar_sync<C4_BAR_DATA, C4_THREADS>();
        if (threadIdx.x == 0) C4_TRACE(1, tile);
        unsigned tile_count = 0, warp_max = 0, warp_off = 0;
#pragma unroll
        for (int w = 0; w < WARPS; w++) {
            const unsigned c = warp_count[p][w];
            if (w < warp) warp_off += c;
            tile_count += c;
            warp_max = max(warp_max, c);
        }
        if (threadIdx.x == 0) {
            gp_lookback_publish_aggregate<unsigned long long>(status, tile, tile_count);
            hand_tile[p] = tile;
            hand_count[p] = tile_count;
            next_sh[p] = (long long)atomicAdd(counter, 1ull); /* the next tile, taken just before its load */
        }
        /* 2. gather the kept elements in place at the start of the warp's part of the buffer (rung 03) */
        T *gathered = reinterpret_cast<T *>(ws);
        unsigned cum = 0;
#pragma unroll 4
        for (int r = 0; r < C4_SCHUNKS; r++)
            gp_sel_gather_round<T>(ws[r * 32 + lane], (unsigned)(smask >> (4 * r)) & 15u, gathered, cum, true);
        const bool all_gathered = warp_max <= 32u * C4_SMEM_ITEMS; /* block-uniform */
        if (all_gathered) {
#pragma unroll
            for (int q = 0; q < C4_RCHUNKS; q++)
                gp_sel_gather_round<T>(rv[q], (rmask >> (4 * q)) & 15u, gathered, cum, false);
        }
        /* 3. hand this tile to the look-back warp; write the previous one out, which frees the other buffer */
        c4_bar_arrive2<C4_BAR_HAND, ALL>(p);
        if (have_prev) {
            c4_bar_sync2<C4_BAR_PREFIX, ALL>((p ^ 1));
            unsigned long long off = prefix_sh[p ^ 1] + prev_off;
            gp_sel_flush<T>(reinterpret_cast<const T *>(wo), prev_cum, out, off);
            if (threadIdx.x == 0) C4_TRACE(3, prev_tile);
        }
        if (all_gathered) {
            if (!have_prev) c4_bar_sync<C4_BAR_DATA, C4_THREADS>(); /* next_sh[p] */
            have_prev = true;
            prev_cum = cum;
            prev_off = warp_off;
            prev_tile = tile;
        } else {
            /* the register rounds still hold kept elements: finish this tile before the next load */
            c4_bar_sync2<C4_BAR_PREFIX, ALL>(p);
            unsigned long long off = prefix_sh[p] + warp_off;
            gp_sel_flush<T>(gathered, cum, out, off);
            cum = 0;
#pragma unroll
            for (int q = 0; q < C4_RCHUNKS; q++)
                gp_sel_gather_round<T>(rv[q], (rmask >> (4 * q)) & 15u, gathered, cum, false);
            gp_sel_flush<T>(gathered, cum, out, off);
            if (threadIdx.x == 0) C4_TRACE(3, tile);
            have_prev = false;
        }
        const int64_t next = next_sh[p];
        p ^= 1;
        if (next >= tiles) break;
        /* 4. the next tile into the free buffer and the registers */
        tile = next;
        if (threadIdx.x == 0) C4_TRACE(0, tile);
        gp_staged_load_issue<T, C4_SCHUNKS, C4_RCHUNKS>(in, tile * C4_TILE + (int64_t)warp * 32 * C4_ITEMS, n,
                                                        (vec & 1) && tile * C4_TILE + C4_TILE <= n, wo, rv);
    }
    /* the last tile was handed in buffer p ^ 1 */
    if (have_prev) {
        c4_bar_sync2<C4_BAR_PREFIX, ALL>((p ^ 1));
        unsigned long long off = prefix_sh[p ^ 1] + prev_off;
        gp_sel_flush<T>(reinterpret_cast<const T *>(stage + (p ^ 1) * C4_BUF_CHUNKS + warp * 32 * C4_SCHUNKS), prev_cum,
                        out, off);
        if (threadIdx.x == 0) C4_TRACE(3, prev_tile);
    }
    /* stop the look-back warp: the hand slot of buffer p was last read before its tile's prefix came back */
    if (threadIdx.x == 0) hand_tile[p] = -1;
    c4_bar_arrive2<C4_BAR_HAND, ALL>(p);
}

static gp_status compact_persistent(const gp_device_info *dev, cudaStream_t s, void *ws, size_t ws_bytes,
                                                gp__select_type type, int pred, uint32_t value_bits, int64_t n,
                                                const void *in, const uint8_t *flags, void *out, int64_t *num_selected)
{
    const int64_t tiles = gp_ceil_div(n, C4_TILE);
    const size_t need = (size_t)(tiles + 1) * sizeof(unsigned long long); /* status words and the tile counter */
    unsigned long long *status = (unsigned long long *)ws;
    /* bit 0: 16-byte loads of in; bit 1: the flags read 4 at a time */
    const int vec = gp_aligned(in, 16) | (flags && gp_aligned(flags, 4) ? 2 : 0);
    if (tiles >= INT_MAX) return GP_ERROR_NOT_SUPPORTED;
    if (need > ws_bytes || !gp_aligned(ws, 8)) return GP_ERROR_WORKSPACE_TOO_SMALL;
    if (cudaMemsetAsync(ws, 0, need, s) != cudaSuccess) return GP_ERROR_CUDA;
#define LAUNCH(T, P)                                                                                          \
    do {                                                                                                      \
        static int per_sm[GP_MAX_DEVICES]; /* this kernel's resident blocks per SM, per device */             \
        const int b = gp_persistent_blocks_per_sm((const void *)persistent_select<T, P>, dev->device, C4_THREADS + 32, \
                                                  C4_SMEM_BYTES, per_sm);                                     \
        if (b < 1) return GP_ERROR_CUDA;                                                                      \
        const int64_t grid = tiles < (int64_t)b * dev->sm_count ? tiles : (int64_t)b * dev->sm_count;         \
        persistent_select<T, P><<<(unsigned)grid, C4_THREADS + 32, C4_SMEM_BYTES, s>>>(                              \
            (const T *)in, flags, gp_bits_to<T>(value_bits), (T *)out, n, tiles, (long long *)num_selected, vec, \
            status);                                                                                          \
    } while (0)
    GP_SELECT_DISPATCH(type, pred, LAUNCH);
#undef LAUNCH
    return gp__launch_status();
}
