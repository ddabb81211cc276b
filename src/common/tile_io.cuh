/* tile_io.cuh — loading and storing a tile of THREADS*ITEMS 4-byte elements in the *blocked* arrangement
 * (thread t holds tile elements [t*ITEMS, t*ITEMS + ITEMS)) while keeping global memory accesses
 * coalesced: each warp reads its 32*ITEMS elements warp-striped (16-byte vector loads where `vec` says
 * the pointer is 16-byte aligned and the tile is full, else 4-byte loads; plain loads, not the read-only
 * path, because in-place calls write the same array), and transposes them through
 * its own region of shared memory. The region is padded by one word per 32 so that both the striped
 * and the blocked accesses are free of bank conflicts (for ITEMS = 16, see the rung headers).
 * Elements past n read as `fill`. Only warp-level synchronisation (__syncwarp) is used. */
#ifndef GP_COMMON_TILE_IO_CUH
#define GP_COMMON_TILE_IO_CUH

#include <stdint.h>
#include <cuda_runtime.h>

/* Shared-memory words a block needs: per warp 32*ITEMS elements plus one pad word per 32. */
#define GP_TILE_WARP_WORDS(ITEMS) (32 * (ITEMS) + (ITEMS))
#define GP_TILE_SMEM_WORDS(THREADS, ITEMS) (((THREADS) / 32) * GP_TILE_WARP_WORDS(ITEMS))

__device__ __forceinline__ int gp_tile_pad(int e) { return e + (e >> 5); }

/* Bit casts between 4-byte element types and the words of a uint4. */
template <typename T> __device__ __forceinline__ T gp_from_bits(unsigned u);
template <> __device__ __forceinline__ unsigned gp_from_bits<unsigned>(unsigned u) { return u; }
template <> __device__ __forceinline__ int gp_from_bits<int>(unsigned u) { return (int)u; }
template <> __device__ __forceinline__ float gp_from_bits<float>(unsigned u) { return __uint_as_float(u); }
__device__ __forceinline__ unsigned gp_to_bits(unsigned v) { return v; }
__device__ __forceinline__ unsigned gp_to_bits(int v) { return (unsigned)v; }
__device__ __forceinline__ unsigned gp_to_bits(float v) { return __float_as_uint(v); }

/* in: the tile's first element (global index `base`); n: elements in the whole array. */
template <typename T, int THREADS, int ITEMS>
__device__ __forceinline__ void gp_tile_load(const T *in, int64_t base, int64_t n, int vec,
                                             T fill, T (&x)[ITEMS], T *smem)
{
    static_assert(sizeof(T) == 4 && ITEMS % 4 == 0, "4-byte elements, ITEMS a multiple of 4");
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    T *ws = smem + warp * GP_TILE_WARP_WORDS(ITEMS);
    const int64_t wbase = base + (int64_t)warp * 32 * ITEMS;
    __syncwarp();
    if (vec && base + (int64_t)THREADS * ITEMS <= n) {
        const uint4 *v = reinterpret_cast<const uint4 *>(in + wbase);
        uint4 r[ITEMS / 4];
#pragma unroll
        for (int j = 0; j < ITEMS / 4; j++) r[j] = v[j * 32 + lane];
#pragma unroll
        for (int j = 0; j < ITEMS / 4; j++) {
            int e = 4 * (j * 32 + lane);
            ws[gp_tile_pad(e + 0)] = gp_from_bits<T>(r[j].x);
            ws[gp_tile_pad(e + 1)] = gp_from_bits<T>(r[j].y);
            ws[gp_tile_pad(e + 2)] = gp_from_bits<T>(r[j].z);
            ws[gp_tile_pad(e + 3)] = gp_from_bits<T>(r[j].w);
        }
    } else {
#pragma unroll
        for (int k = 0; k < ITEMS; k++) {
            int e = k * 32 + lane;
            int64_t g = wbase + e;
            ws[gp_tile_pad(e)] = g < n ? in[g] : fill;
        }
    }
    __syncwarp();
#pragma unroll
    for (int k = 0; k < ITEMS; k++) x[k] = ws[gp_tile_pad(lane * ITEMS + k)];
}

/* Stores x (blocked) to out[base ...], elements past n are not written. */
template <typename T, int THREADS, int ITEMS>
__device__ __forceinline__ void gp_tile_store(T *out, int64_t base, int64_t n, int vec, const T (&x)[ITEMS],
                                              T *smem)
{
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    T *ws = smem + warp * GP_TILE_WARP_WORDS(ITEMS);
    const int64_t wbase = base + (int64_t)warp * 32 * ITEMS;
    __syncwarp();
#pragma unroll
    for (int k = 0; k < ITEMS; k++) ws[gp_tile_pad(lane * ITEMS + k)] = x[k];
    __syncwarp();
    if (vec && base + (int64_t)THREADS * ITEMS <= n) {
        uint4 *v = reinterpret_cast<uint4 *>(out + wbase);
#pragma unroll
        for (int j = 0; j < ITEMS / 4; j++) {
            int e = 4 * (j * 32 + lane);
            uint4 r;
            r.x = gp_to_bits(ws[gp_tile_pad(e + 0)]);
            r.y = gp_to_bits(ws[gp_tile_pad(e + 1)]);
            r.z = gp_to_bits(ws[gp_tile_pad(e + 2)]);
            r.w = gp_to_bits(ws[gp_tile_pad(e + 3)]);
            v[j * 32 + lane] = r;
        }
    } else {
#pragma unroll
        for (int k = 0; k < ITEMS; k++) {
            int e = k * 32 + lane;
            int64_t g = wbase + e;
            if (g < n) out[g] = ws[gp_tile_pad(e)];
        }
    }
}

#endif
