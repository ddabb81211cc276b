/* staged_tile.cuh — a warp's part of a tile held in shared memory and registers, laid out in rounds:
 * round r is 32 consecutive 16-byte chunks (128 elements), chunk r*32 + lane belonging to that lane.
 * Rounds 0 .. SCHUNKS-1 are copied into the warp's shared-memory region with cp.async (no registers on
 * the way), rounds SCHUNKS .. SCHUNKS+RCHUNKS-1 are loaded into the lane's registers (rv). Reading a round
 * back costs one conflict-free 16-byte LDS per lane, and each lane's four elements are consecutive in
 * memory, so results go out with one coalesced 16-byte store per lane. Used by scan rungs 06-07 and
 * compaction rungs 03-04, where the tile's data waits in shared memory and registers for the look-back. */
#ifndef GP_COMMON_STAGED_TILE_CUH
#define GP_COMMON_STAGED_TILE_CUH

#include <stdint.h>
#include "cp_async.cuh"
#include "tile_io.cuh"

/* Four elements from g on, element by element, zeros past n. */
template <typename T> __device__ __forceinline__ uint4 gp_chunk_load_slow(const T *in, int64_t g, int64_t n)
{
    uint4 v;
    v.x = g < n ? gp_to_bits(in[g]) : 0u;
    v.y = g + 1 < n ? gp_to_bits(in[g + 1]) : 0u;
    v.z = g + 2 < n ? gp_to_bits(in[g + 2]) : 0u;
    v.w = g + 3 < n ? gp_to_bits(in[g + 3]) : 0u;
    return v;
}

/* Starts loading the warp's 128 * (SCHUNKS + RCHUNKS) elements from in[wbase ...]: ws is the warp's region of
 * 32 * SCHUNKS chunks. full: the whole region lies below n and in is 16-byte aligned: the shared-memory
 * rounds go by cp.async (one commit group) and the register rounds by plain loads, all still in flight on
 * return. Otherwise element by element with zeros past n, complete on return. gp_staged_load_wait ends it. */
template <typename T, int SCHUNKS, int RCHUNKS>
__device__ __forceinline__ void gp_staged_load_issue(const T *in, int64_t wbase, int64_t n, bool full, uint4 *ws,
                                                     uint4 (&rv)[RCHUNKS > 0 ? RCHUNKS : 1])
{
    static_assert(sizeof(T) == 4, "4-byte elements");
    const int lane = threadIdx.x & 31;
    if (full) {
        const uint4 *src = reinterpret_cast<const uint4 *>(in + wbase);
#pragma unroll
        for (int r = 0; r < SCHUNKS; r++) gp_cp_async16_full(ws + r * 32 + lane, src + r * 32 + lane);
        gp_cp_async_commit();
#pragma unroll
        for (int q = 0; q < RCHUNKS; q++) rv[q] = src[(SCHUNKS + q) * 32 + lane];
    } else {
        for (int r = 0; r < SCHUNKS; r++) ws[r * 32 + lane] = gp_chunk_load_slow(in, wbase + 4 * (r * 32 + lane), n);
#pragma unroll
        for (int q = 0; q < RCHUNKS; q++) rv[q] = gp_chunk_load_slow(in, wbase + 4 * ((SCHUNKS + q) * 32 + lane), n);
    }
}

/* Waits for the warp's staged load (its cp.async group; the register loads complete when first used) and
 * syncs the warp, so every lane may read every chunk of ws. */
__device__ __forceinline__ void gp_staged_load_wait()
{
    gp_cp_async_wait<0>();
    __syncwarp();
}

/* Both of the above. */
template <typename T, int SCHUNKS, int RCHUNKS>
__device__ __forceinline__ void gp_staged_load(const T *in, int64_t wbase, int64_t n, bool full, uint4 *ws,
                                               uint4 (&rv)[RCHUNKS > 0 ? RCHUNKS : 1])
{
    gp_staged_load_issue<T, SCHUNKS, RCHUNKS>(in, wbase, n, full, ws, rv);
    gp_staged_load_wait();
}

/* Asks L2 for tile `tile + ahead` of in (TILE elements, fewer at the end; nothing when ahead is 0 or that
 * tile starts past n), holding no room on the SM (gp_prefetch_l2). in + tile * TILE must be 16-byte aligned.
 * Every thread of the block calls it. Scan rung 07 and compaction rung 04. */
template <typename T, int TILE>
__device__ __forceinline__ void gp_prefetch_tile_ahead(const T *in, int64_t tile, int64_t ahead, int64_t n)
{
    const int64_t g = (tile + ahead) * TILE;
    if (ahead <= 0 || g >= n) return;
    gp_prefetch_l2(in + g, (unsigned)(min((int64_t)TILE, n - g) * sizeof(T)) & ~15u, threadIdx.x == 0);
}

#endif
