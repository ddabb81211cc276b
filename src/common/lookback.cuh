/* lookback.cuh — decoupled look-back (Merrill & Garland 2016, "Single-pass Parallel Prefix Scan with
 * Decoupled Look-back") shared by the single-pass scan (scan rung 05) and the single-pass compaction
 * (compact rung 02).
 *
 * Each tile owns one 64-bit status word holding a flag and a value together, so that one relaxed atomic
 * load reads both consistently and no fence is needed between value and flag:
 *   EMPTY (0): nothing published yet; AGGREGATE (1): the tile's own total; PREFIX (2): the inclusive prefix
 *   up to and including the tile.
 * A tile publishes its aggregate at once, then one warp looks back over a window of 32*V predecessors
 * (lane 0 = the nearest V), waits until none of those nearer than the nearest PREFIX is EMPTY, adds values
 * up to the nearest PREFIX, and slides the window back if there is none. A tile must never wait on a
 * predecessor that has not started: rungs 05 (scan) and 02 (compaction) take tile ids from an atomic
 * counter in the order blocks start; scan 06-07 and compaction 03-04 use blockIdx.x, relying, as CUB does, on
 * blocks starting in blockIdx order, which saves the counter's round trip to L2 before a tile's loads
 * (H100: +1% scan, +2% compaction; results/scan-experiments-2026-11-23b). The status words of the tiles
 * of a call must be zero (EMPTY) before the call (cudaMemsetAsync). */
#ifndef GP_COMMON_LOOKBACK_CUH
#define GP_COMMON_LOOKBACK_CUH

#include <stdint.h>
#include "warp_scan.cuh"

enum { GP_LB_EMPTY = 0, GP_LB_AGGREGATE = 1, GP_LB_PREFIX = 2 };

/* Packing of (flag, value) into 64 bits per value type. */
template <typename T> struct gp_lb_pack;
template <> struct gp_lb_pack<unsigned> {
    static __device__ __forceinline__ unsigned long long pack(unsigned flag, unsigned v) { return ((unsigned long long)flag << 32) | v; }
    static __device__ __forceinline__ unsigned flag(unsigned long long w) { return (unsigned)(w >> 32); }
    static __device__ __forceinline__ unsigned value(unsigned long long w) { return (unsigned)w; }
};
template <> struct gp_lb_pack<float> {
    static __device__ __forceinline__ unsigned long long pack(unsigned flag, float v) { return ((unsigned long long)flag << 32) | __float_as_uint(v); }
    static __device__ __forceinline__ unsigned flag(unsigned long long w) { return (unsigned)(w >> 32); }
    static __device__ __forceinline__ float value(unsigned long long w) { return __uint_as_float((unsigned)w); }
};
/* counts (compaction): the flag in the top 2 bits, the count (< 2^62) below */
template <> struct gp_lb_pack<unsigned long long> {
    static __device__ __forceinline__ unsigned long long pack(unsigned flag, unsigned long long v) { return ((unsigned long long)flag << 62) | v; }
    static __device__ __forceinline__ unsigned flag(unsigned long long w) { return (unsigned)(w >> 62); }
    static __device__ __forceinline__ unsigned long long value(unsigned long long w) { return w & ((1ull << 62) - 1); }
};

__device__ __forceinline__ unsigned long long gp_lb_load(const unsigned long long *p)
{
    unsigned long long v;
    asm volatile("ld.relaxed.gpu.global.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
    return v;
}
__device__ __forceinline__ void gp_lb_store(unsigned long long *p, unsigned long long v)
{
    asm volatile("st.relaxed.gpu.global.u64 [%0], %1;" ::"l"(p), "l"(v) : "memory");
}

/* Publishes what a tile knows as soon as it has its total: the inclusive prefix for tile 0, its aggregate
 * otherwise. One thread calls it; gp_lookback_exclusive does it itself unless told the caller did. */
template <typename T>
__device__ __forceinline__ void gp_lookback_publish_aggregate(unsigned long long *status, int64_t tile, T aggregate)
{
    gp_lb_store(status + tile, gp_lb_pack<T>::pack(tile == 0 ? GP_LB_PREFIX : GP_LB_AGGREGATE, aggregate));
}

#ifndef GP_LB_PER_LANE
#define GP_LB_PER_LANE 1 /* status words each lane reads per look-back step (window = 32x this) */
#endif

/* Called by all 32 lanes of one warp of the tile. Publishes the tile's aggregate (unless the caller did,
 * with gp_lookback_publish_aggregate: publish_aggregate false), looks back, publishes the inclusive prefix and returns the tile's exclusive
 * prefix (identity for tile 0) on every lane.
 *
 * The window: lane L reads the status words of predecessors L*V .. L*V+V-1 (counted from the nearest), so
 * one step (one round trip to L2; a lane's V loads are independent) covers 32*V tiles, and the step waits
 * only for the predecessors nearer than the nearest PREFIX. V = 1 (CUB's width) measured best on the H100
 * (scan rung 05, 2^28 i32: V = 1 2410 GB/s, 2 2276, 4 1990, 8 1433; results/scan-experiments-2026-11-22):
 * prefixes do not propagate too slowly through 32-tile windows; wider windows only add polling loads. */
template <typename T, typename Op, int V = GP_LB_PER_LANE>
__device__ T gp_lookback_exclusive(unsigned long long *status, int64_t tile, T aggregate, bool publish_aggregate = true)
{
    typedef gp_lb_pack<T> P;
    const int lane = threadIdx.x & 31;
    if (lane == 0 && publish_aggregate) gp_lookback_publish_aggregate<T>(status, tile, aggregate);
    if (tile == 0) return Op::identity();
    T exclusive = Op::identity();
    int64_t nearest_pred = tile - 1; /* the window's nearest predecessor */
    for (;;) {
        unsigned long long w[V];
        int first_prefix, near_lane; /* this lane's first PREFIX (V: none); the nearest lane with one (32: none) */
        for (;;) {
#pragma unroll
            for (int v = 0; v < V; v++) {
                const int64_t pred = nearest_pred - (lane * V + v);
                w[v] = pred >= 0 ? gp_lb_load(status + pred) : P::pack(GP_LB_PREFIX, Op::identity());
            }
            bool empty_before = false; /* an EMPTY nearer than this lane's first PREFIX */
            first_prefix = V;
#pragma unroll
            for (int v = V - 1; v >= 0; v--) { /* farthest first, so the nearest PREFIX wins */
                const unsigned f = P::flag(w[v]);
                if (f == GP_LB_PREFIX) { first_prefix = v; empty_before = false; }
                else if (f == GP_LB_EMPTY) empty_before = true;
            }
            const unsigned prefix_lanes = __ballot_sync(GP_FULL_MASK, first_prefix < V);
            near_lane = prefix_lanes ? __ffs(prefix_lanes) - 1 : 32;
            /* needed: every word up to the nearest PREFIX (or the whole window when there is none) */
            if (!__any_sync(GP_FULL_MASK, lane <= near_lane && empty_before)) break;
        }
        T v_sum = Op::identity();
#pragma unroll
        for (int v = 0; v < V; v++)
            if (lane < near_lane || (lane == near_lane && v <= first_prefix)) v_sum = Op::apply(v_sum, P::value(w[v]));
        /* the window's total (the words beyond the nearest PREFIX count as identity) */
        const T window = __shfl_sync(GP_FULL_MASK, gp_warp_inclusive_scan<T, Op>(v_sum), 31);
        exclusive = Op::apply(window, exclusive);
        if (near_lane < 32) break;
        nearest_pred -= 32 * V;
    }
    if (lane == 0) gp_lb_store(status + tile, P::pack(GP_LB_PREFIX, Op::apply(exclusive, aggregate)));
    return exclusive;
}

#endif
