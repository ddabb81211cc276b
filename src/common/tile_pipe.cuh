/* tile_pipe.cuh — the load side of the persistent, prefetching single-pass kernels (scan rung 06,
 * compaction rung 03): a ring of STAGES shared-memory tile buffers per block, filled with cp.async so
 * the loads of the next tiles stay in flight while the block waits on the look-back of the current one.
 *
 * Stage layout: the tile's 16-byte chunks (4 elements) in order, but inside each group of 8 chunks
 * (128 bytes: all 32 banks) chunk c sits at position (c ^ (c / 8)) % 8. The coalesced cp.async writes
 * (8 consecutive chunks per quarter warp) and the blocked reads (thread t reads chunk t*ITEMS/4 + j, so
 * the 8 threads of a quarter warp are ITEMS/4 chunks apart) then both touch 8 different bank quads:
 * no bank conflicts for ITEMS = 8, 16, 32 (without the swizzle the blocked LDS.128 would be 4- or 8-way
 * conflicted). The elements are 4 bytes. */
#ifndef GP_COMMON_TILE_PIPE_CUH
#define GP_COMMON_TILE_PIPE_CUH

#include <stdint.h>
#include "cp_async.cuh"
#include "tile_io.cuh"

__device__ __forceinline__ int gp_pipe_swz(int chunk) { return chunk ^ ((chunk >> 3) & 7); }

/* Issues the copies of tile elements in[base .. base+TILE) into `stage` (not committed). Full tiles of a
 * 16-byte aligned array move as 16-byte copies, others as 4-byte copies; elements past n read as 0. */
template <typename T, int THREADS, int TILE>
__device__ __forceinline__ void gp_pipe_issue(T *stage, const T *in, int64_t base, int64_t n, int vec)
{
    static_assert(sizeof(T) == 4 && TILE % (4 * THREADS) == 0, "4-byte elements, TILE a multiple of 4*THREADS");
    if (vec && base + TILE <= n) {
#pragma unroll
        for (int c = threadIdx.x; c < TILE / 4; c += THREADS)
            gp_cp_async16_full(stage + 4 * gp_pipe_swz(c), in + base + 4 * c);
    } else {
#pragma unroll 4
        for (int e = threadIdx.x; e < TILE; e += THREADS) {
            const bool ok = base + e < n;
            gp_cp_async4(stage + 4 * gp_pipe_swz(e >> 2) + (e & 3), ok ? in + base + e : in, ok ? 4 : 0);
        }
    }
}

/* This thread's ITEMS consecutive tile elements [threadIdx.x*ITEMS, +ITEMS) (the blocked arrangement). */
template <typename T, int ITEMS>
__device__ __forceinline__ void gp_pipe_read_blocked(const T *stage, T (&x)[ITEMS])
{
    static_assert(ITEMS % 4 == 0, "ITEMS a multiple of 4");
#pragma unroll
    for (int j = 0; j < ITEMS / 4; j++) {
        const uint4 v = *reinterpret_cast<const uint4 *>(stage + 4 * gp_pipe_swz(threadIdx.x * (ITEMS / 4) + j));
        x[4 * j] = gp_from_bits<T>(v.x);
        x[4 * j + 1] = gp_from_bits<T>(v.y);
        x[4 * j + 2] = gp_from_bits<T>(v.z);
        x[4 * j + 3] = gp_from_bits<T>(v.w);
    }
}

#endif
