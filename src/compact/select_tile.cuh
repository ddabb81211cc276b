/* select_tile.cuh — the per-round pieces of the staged compaction rungs (03, 04): a tile held in rounds of
 * 128 elements per warp (src/common/staged_tile.cuh), a 4-bit keep mask per lane per round, ballot ranks,
 * and the warp's kept elements gathered contiguously in shared memory, then written out coalesced. */
#ifndef GP_COMPACT_SELECT_TILE_CUH
#define GP_COMPACT_SELECT_TILE_CUH

#include "select_ops.cuh"
#include "../common/util.cuh"
#include "../common/warp_scan.cuh"

/* The keep mask (bit q: element g + q) of one chunk. full: the chunk lies below n; fast_flags: that and
 * the flags are 4-byte aligned (the flagged form reads its four flags as one word). */
template <typename T, int PRED>
__device__ __forceinline__ unsigned gp_sel_mask4(uint4 v, T value, const uint8_t *flags, int64_t g, int64_t n, bool full,
                                                 bool fast_flags)
{
    unsigned m = 0;
    if (PRED == GP_SEL_FLAGGED && fast_flags) {
        const unsigned f = *reinterpret_cast<const unsigned *>(flags + g);
        m = ((f & 0xffu) != 0) | (((f >> 8) & 0xffu) != 0) << 1 | (((f >> 16) & 0xffu) != 0) << 2 | ((f >> 24) != 0) << 3;
    } else {
        const unsigned w[4] = {v.x, v.y, v.z, v.w};
#pragma unroll
        for (int q = 0; q < 4; q++)
            m |= ((full || g + q < n) && gp_sel_keep<T, PRED>(gp_from_bits<T>(w[q]), value, flags, g + q)) << q;
    }
    return m;
}

/* One round: the lane's kept elements of chunk v (mask m) go to dst[*cum + their rank in the round],
 * ranked by four ballots (elements in order: lane-major, four per lane); *cum (warp-uniform) advances by
 * the round's count. sync: dst overlaps the round's own chunk, so every lane must have read it before
 * anyone writes. */
template <typename T>
__device__ __forceinline__ void gp_sel_gather_round(uint4 v, unsigned m, T *dst, unsigned &cum, bool sync)
{
    const unsigned lt = (1u << (threadIdx.x & 31)) - 1u;
    const unsigned b0 = __ballot_sync(GP_FULL_MASK, m & 1u), b1 = __ballot_sync(GP_FULL_MASK, m & 2u),
                   b2 = __ballot_sync(GP_FULL_MASK, m & 4u), b3 = __ballot_sync(GP_FULL_MASK, m & 8u);
    unsigned pos = cum + __popc(b0 & lt) + __popc(b1 & lt) + __popc(b2 & lt) + __popc(b3 & lt);
    if (sync) __syncwarp();
    const unsigned w[4] = {v.x, v.y, v.z, v.w};
#pragma unroll
    for (int q = 0; q < 4; q++)
        if ((m >> q) & 1u) dst[pos++] = gp_from_bits<T>(w[q]);
    cum += __popc(b0) + __popc(b1) + __popc(b2) + __popc(b3);
}

/* Writes the warp's cum gathered elements to out[off ...], consecutive lanes on consecutive addresses. */
template <typename T>
__device__ __forceinline__ void gp_sel_flush(const T *src, unsigned cum, T *out, unsigned long long &off)
{
    __syncwarp();
    for (unsigned j = threadIdx.x & 31; j < cum; j += 32) out[off + j] = src[j];
    off += cum;
    __syncwarp();
}

#endif
