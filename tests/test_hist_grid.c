/* test_hist_grid.c — histogram rung 04's grid size rule (src/histogram/hist_grid.h) on the CPU: the library's
 * (GP_HIST_MID = 2 blocks per SM at least, >= 16 tiles a block), the rule through session 9 (mid 0: one block
 * per tile, at most 8 waves) and the other floors swept (issue 20): bounds, monotone in the work, and the block
 * counts of the H100 sweep (132 SMs, 6 blocks of 32 KiB per SM). */
#include "tcheck.h"
#include "histogram/hist_grid.h"
#include <stdint.h>

#define SMS 132
#define WAVE (SMS * 6)
#define WAVES 8

static int64_t blocks_u8(int log2n, int mid, int min_tiles)
{
    const int64_t tiles = (((int64_t)1 << log2n) / 16 + 511) / 512;
    return gp_hist_r04_blocks(tiles, SMS, WAVE, WAVES, mid, min_tiles);
}

int main(void)
{
    /* default (mid 0): min(tiles, 8 waves), at least 1 */
    CHECK_EQ_INT(gp_hist_r04_blocks(0, SMS, WAVE, WAVES, 0, 16), 1);
    for (int p = 10; p <= 30; p++) {
        const int64_t tiles = (((int64_t)1 << p) / 16 + 511) / 512;
        const int64_t want = tiles < 1 ? 1 : tiles < WAVE * WAVES ? tiles : WAVE * WAVES;
        CHECK_EQ_INT(blocks_u8(p, 0, 16), want);
    }
    CHECK_EQ_INT(blocks_u8(24, 0, 16), 2048); /* the middle: one 8 KiB tile per block */
    CHECK_EQ_INT(blocks_u8(26, 0, 16), 6336);

    /* the library's rule (2 blocks per SM, 16 tiles per block) at the H100 sweep's sizes */
    CHECK_EQ_INT(blocks_u8(20, 2, 16), 128); /* fewer tiles than the floor: one per block */
    CHECK_EQ_INT(blocks_u8(22, 2, 16), 264);
    CHECK_EQ_INT(blocks_u8(25, 2, 16), 264);
    CHECK_EQ_INT(blocks_u8(26, 2, 16), 512);
    CHECK_EQ_INT(blocks_u8(28, 2, 16), 2048);
    CHECK_EQ_INT(blocks_u8(30, 2, 16), 6336); /* the largest: as with one block per tile */

    /* 3 blocks per SM, 16 tiles per block */
    CHECK_EQ_INT(blocks_u8(20, 3, 16), 128);  /* fewer tiles than the floor: one per block, as before */
    CHECK_EQ_INT(blocks_u8(21, 3, 16), 256);
    CHECK_EQ_INT(blocks_u8(22, 3, 16), 396);
    CHECK_EQ_INT(blocks_u8(24, 3, 16), 396);
    CHECK_EQ_INT(blocks_u8(25, 3, 16), 396);
    CHECK_EQ_INT(blocks_u8(26, 3, 16), 512);
    CHECK_EQ_INT(blocks_u8(27, 3, 16), 1024);
    CHECK_EQ_INT(blocks_u8(29, 3, 16), 4096);
    CHECK_EQ_INT(blocks_u8(30, 3, 16), 6336); /* the largest: unchanged */
    CHECK_EQ_INT(blocks_u8(24, 2, 16), 264);
    CHECK_EQ_INT(blocks_u8(24, 9, 16), WAVE); /* a floor above one wave is cut to one wave */

    /* properties over work, floors and tiles per block */
    for (int mid = 0; mid <= 8; mid++) {
        for (int mt = 1; mt <= 64; mt *= 2) {
            int64_t prev = 0;
            for (int64_t tiles = 0; tiles <= 200000; tiles += tiles < 2000 ? 1 : 997) {
                const int64_t b = gp_hist_r04_blocks(tiles, SMS, WAVE, WAVES, mid, mt);
                int ok = b >= 1 && b <= WAVE * WAVES && (tiles < 1 || b <= tiles) && b >= prev;
                if (mid > 0) {
                    const int64_t lo = (int64_t)SMS * mid < WAVE ? (int64_t)SMS * mid : WAVE;
                    /* at least the floor where there is work for it; past the floor, >= mt tiles a block
                     * until the grid is full */
                    ok = ok && b >= (tiles < lo ? (tiles > 0 ? tiles : 1) : lo);
                    if (b > lo && b < WAVE * WAVES) ok = ok && (b - 1) * mt < tiles;
                    if (b > lo && b < WAVE * WAVES) ok = ok && b == (tiles + mt - 1) / mt;
                    ok = ok && b <= gp_hist_r04_blocks(tiles, SMS, WAVE, WAVES, 0, mt); /* never more blocks */
                }
                CHECK(ok);
                if (!ok) fprintf(stderr, "  mid %d min_tiles %d tiles %lld: %lld blocks\n", mid, mt,
                                 (long long)tiles, (long long)b);
                prev = b;
            }
        }
    }
    return tc_summary("test_hist_grid");
}
