/* sgemm_streamk.h — how rung 12 (stream-k) shares a product's k-steps among its blocks: pure integer functions
 * that the kernel runs on the GPU and tests/test_sgemm_ref.c runs on the CPU.
 *
 * The product is `tiles` tiles of C, each `iters` k-steps long. The first dp_tiles tiles are done whole, tile
 * g + u * ctas by block g (data-parallel waves, dp_tiles a multiple of ctas); the k-steps of the other tiles,
 * W = (tiles - dp_tiles) * iters of them numbered tile by tile, are cut into ctas ranges whose lengths differ by at
 * most one: block g takes [gp_sk_start(g), gp_sk_start(g + 1)). It walks its range from the end: its first
 * segment in time is the head of its last tile (a partial product it leaves in its workspace slot, then flags),
 * its last one the tail of its first tile, which it finishes: it waits for the flags of the blocks below it that
 * hold the rest of that tile and adds their partials in a fixed order. A block waits only on blocks numbered below
 * it, which produce before they wait, so the blocks need not all be resident at once. */
#ifndef GP_SGEMM_STREAMK_H
#define GP_SGEMM_STREAMK_H
#include <stdint.h>

#ifdef __CUDACC__
#define GP_SK_HD static __host__ __device__ __forceinline__
#else
#define GP_SK_HD static inline
#endif

/* First k-step of block g's range: W k-steps over `ctas` blocks, the first W % ctas blocks one longer. */
GP_SK_HD int64_t gp_sk_start(int64_t g, int64_t W, int64_t ctas)
{
    const int64_t q = W / ctas, r = W % ctas;
    return g * q + (g < r ? g : r);
}

/* The block whose range holds k-step x (0 <= x < W; needs W >= ctas). */
GP_SK_HD int64_t gp_sk_owner(int64_t x, int64_t W, int64_t ctas)
{
    const int64_t q = W / ctas, r = W % ctas;
    return x < r * (q + 1) ? x / (q + 1) : r + (x - r * (q + 1)) / q;
}

/* One segment of block g's range, walked from the end: *pos is the k-step after the segment (start with
 * gp_sk_start(g + 1)); returns 0 when the range is done, else sets the tile (counted from the first stream-k
 * tile), the k-steps [kb, ke) of it, and moves *pos to the segment's start. */
GP_SK_HD int gp_sk_next(int64_t *pos, int64_t begin, int64_t iters, int64_t *tile, int64_t *kb, int64_t *ke)
{
    int64_t t, first;
    if (*pos <= begin) return 0;
    t = (*pos - 1) / iters;
    first = t * iters;
    *tile = t;
    *kb = (begin > first ? begin : first) - first;
    *ke = *pos - first;
    *pos = first + *kb;
    return 1;
}

#endif
