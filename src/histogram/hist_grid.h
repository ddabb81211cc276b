/* hist_grid.h — the grid size of histogram rung 04 as a pure function, in C, so that the CPU tests can check
 * it (tests/test_hist_grid.c) without a GPU.
 *
 * Rung 04 grid-strides over tiles of blockDim x HIST_UNROLL uint4 (256 x 2 x 16 B = 8 KiB of samples); each
 * block pays a fixed cost whatever it reads: it zeroes 32 KiB of shared sub-histograms, sums them, and adds
 * 256 counts into the same 256 global bins (8 warp REDs on the same 8 lines of 128 B as every other block).
 *   mid_per_sm = 0 (the rule through session 9): one block per tile, at most `waves` waves; between
 *     2^22 and 2^26 u8 samples that is n / 8192 blocks of one tile each, so the per-block cost, not the read,
 *     sets the time (issue 20; scripts/experiments/histogram/NOTES.md): 0.47-0.94x CUB.
 *   mid_per_sm > 0 (GP_HIST_MID in 04_vector.cu, 2 since session 10: >= 1.145x CUB at every size from 2^10
 *     to 2^30 u8 on the H100, results/h100-2026-11-23g/call1): at least min_tiles tiles per block, but never fewer
 *     than mid_per_sm blocks per SM (bytes in flight for the DRAM rate) nor more blocks than tiles, nor more
 *     than `waves` waves: like cub::DeviceHistogram (at most one wave of blocks, each reading many tiles)
 *     in the middle sizes, unchanged at the largest (where tiles / min_tiles passes `waves` waves).
 * tiles: tiles of work (>= 0); sms: SMs; wave: resident blocks on the whole device (sms x blocks per SM). */
#ifndef GP_HIST_GRID_H
#define GP_HIST_GRID_H
#include <stdint.h>

#ifdef __CUDACC__
#define GP_HIST_GRID_HD __host__ __device__ __forceinline__
#else
#define GP_HIST_GRID_HD static inline
#endif

GP_HIST_GRID_HD int64_t gp_hist_r04_blocks(int64_t tiles, int sms, int64_t wave, int waves, int mid_per_sm,
                                           int min_tiles)
{
    const int64_t full = wave * (waves > 0 ? waves : 1);
    int64_t b = tiles;
    if (mid_per_sm > 0) {
        int64_t lo = (int64_t)sms * mid_per_sm;
        if (lo > wave) lo = wave;
        b = min_tiles > 1 ? (tiles + min_tiles - 1) / min_tiles : tiles;
        if (b < lo) b = lo;
        if (b > tiles) b = tiles;
    }
    if (b > full) b = full;
    return b > 0 ? b : 1;
}

#endif
