/* test_histogram_ref.c — the histogram bin formulas and CPU references on hand-worked cases: bounds, NaN,
 * infinities, the clamp of a float product that rounds up to num_bins, the full i32 range, 32/64-bit paths. */
#include "tcheck.h"
#include "ref/ref.h"
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static void f32_cases(void)
{
    /* [0, 1) in 4 bins: scale 4 exactly */
    CHECK_EQ_INT(gp_ref_histogram_bin_f32(0.f, 4, 0.f, 1.f), 0);
    CHECK_EQ_INT(gp_ref_histogram_bin_f32(-0.f, 4, 0.f, 1.f), 0);     /* -0 >= 0 */
    CHECK_EQ_INT(gp_ref_histogram_bin_f32(0.2499999f, 4, 0.f, 1.f), 0);
    CHECK_EQ_INT(gp_ref_histogram_bin_f32(0.25f, 4, 0.f, 1.f), 1);
    CHECK_EQ_INT(gp_ref_histogram_bin_f32(0.75f, 4, 0.f, 1.f), 3);
    CHECK_EQ_INT(gp_ref_histogram_bin_f32(nextafterf(1.f, 0.f), 4, 0.f, 1.f), 3);
    CHECK_EQ_INT(gp_ref_histogram_bin_f32(1.f, 4, 0.f, 1.f), -1);     /* upper is excluded */
    CHECK_EQ_INT(gp_ref_histogram_bin_f32(-1e-45f, 4, 0.f, 1.f), -1); /* below lower */
    CHECK_EQ_INT(gp_ref_histogram_bin_f32(NAN, 4, 0.f, 1.f), -1);
    CHECK_EQ_INT(gp_ref_histogram_bin_f32(INFINITY, 4, 0.f, 1.f), -1);
    CHECK_EQ_INT(gp_ref_histogram_bin_f32(-INFINITY, 4, 0.f, 1.f), -1);
    /* [-1.5, 2.5) in 8 bins: scale 2 */
    CHECK_EQ_INT(gp_ref_histogram_bin_f32(-1.5f, 8, -1.5f, 2.5f), 0);
    CHECK_EQ_INT(gp_ref_histogram_bin_f32(0.f, 8, -1.5f, 2.5f), 3);
    CHECK_EQ_INT(gp_ref_histogram_bin_f32(2.4f, 8, -1.5f, 2.5f), 7);
    CHECK_EQ_INT(gp_ref_histogram_bin_f32(1 / 0.f, 8, -1.5f, 2.5f), -1);
    /* one bin: everything in range lands in bin 0 */
    CHECK_EQ_INT(gp_ref_histogram_bin_f32(1e20f, 1, -1e30f, 1e30f), 0);
    /* invalid bins: num_bins < 1, empty or reversed range, NaN or infinite bounds, overflowing width */
    CHECK_EQ_INT(gp_ref_histogram_bin_f32(0.f, 0, 0.f, 1.f), -2);
    CHECK_EQ_INT(gp_ref_histogram_bin_f32(0.f, 4, 1.f, 1.f), -2);
    CHECK_EQ_INT(gp_ref_histogram_bin_f32(0.f, 4, 1.f, 0.f), -2);
    CHECK_EQ_INT(gp_ref_histogram_bin_f32(0.f, 4, NAN, 1.f), -2);
    CHECK_EQ_INT(gp_ref_histogram_bin_f32(0.f, 4, 0.f, INFINITY), -2);
    CHECK_EQ_INT(gp_ref_histogram_bin_f32(0.f, 4, -3e38f, 3e38f), -2);
    /* the clamp: where (x - lower) * scale rounds up to num_bins for x just below upper, the sample goes to
     * the last bin; find such cases and check them (and that every sample below upper stays in range) */
    {
        int found = 0, bad = 0;
        for (int k = 1; k < 50; k++)
            for (int nb = 1; nb <= 300; nb++) {
                float lo = (float)k * 0.37f - 3.f, hi = lo + 0.3f * (float)k / 7.f;
                float x = nextafterf(hi, -INFINITY), scale = (float)nb / (hi - lo);
                float t = (x - lo) * scale;
                int b = gp_ref_histogram_bin_f32(x, nb, lo, hi);
                if (t >= (float)nb) { found++; bad += b != nb - 1; }
                bad += b < 0 || b >= nb;
            }
        CHECK(found > 0);
        CHECK_EQ_INT(bad, 0);
    }
}

static void i32_cases(void)
{
    /* [0, 10) in 3 bins: floor(x * 3 / 10) */
    static const int want[10] = {0, 0, 0, 0, 1, 1, 1, 2, 2, 2};
    for (int x = 0; x < 10; x++) CHECK_EQ_INT(gp_ref_histogram_bin_i32(x, 3, 0, 10), want[x]);
    CHECK_EQ_INT(gp_ref_histogram_bin_i32(10, 3, 0, 10), -1);
    CHECK_EQ_INT(gp_ref_histogram_bin_i32(-1, 3, 0, 10), -1);
    /* the full range in 2 bins: exact (64-bit) arithmetic, no overflow of x - lower */
    CHECK_EQ_INT(gp_ref_histogram_bin_i32(INT_MIN, 2, INT_MIN, INT_MAX), 0);
    CHECK_EQ_INT(gp_ref_histogram_bin_i32(-1, 2, INT_MIN, INT_MAX), 0);
    CHECK_EQ_INT(gp_ref_histogram_bin_i32(0, 2, INT_MIN, INT_MAX), 1);
    CHECK_EQ_INT(gp_ref_histogram_bin_i32(INT_MAX - 1, 2, INT_MIN, INT_MAX), 1);
    CHECK_EQ_INT(gp_ref_histogram_bin_i32(INT_MAX, 2, INT_MIN, INT_MAX), -1);
    /* more bins than values: bin = (x - lower) * num_bins / range */
    CHECK_EQ_INT(gp_ref_histogram_bin_i32(5, 1000, 0, 10), 500);
    /* invalid */
    CHECK_EQ_INT(gp_ref_histogram_bin_i32(0, 0, 0, 10), -2);
    CHECK_EQ_INT(gp_ref_histogram_bin_i32(0, 3, 10, 10), -2);
    CHECK_EQ_INT(gp_ref_histogram_bin_i32(0, 3, 10, -10), -2);
    /* the 32-bit path (range * bins <= 2^32) and the 64-bit path against a plain 64-bit formula */
    {
        static const int bins[] = {65535, 65536, 7, 100000, 1};
        static const int32_t los[] = {-32768, -32768, -1000000, INT_MIN, 5};
        static const int64_t ranges[] = {65536, 65536, 2000001, 4294967295LL, 1};
        int bad = 0;
        uint64_t st = 12345;
        for (int c = 0; c < 5; c++)
            for (int i = 0; i < 20000; i++) {
                st = st * 6364136223846793005ull + 1442695040888963407ull;
                int64_t d = (int64_t)((st >> 11) % (uint64_t)ranges[c]);
                int32_t x = (int32_t)(los[c] + d), hi = (int32_t)(los[c] + ranges[c]);
                int64_t w = d * bins[c] / ranges[c];
                if (c == 3) hi = INT_MAX; /* range 2^32 - 1 */
                bad += gp_ref_histogram_bin_i32(x, bins[c], los[c], hi) != (x == hi ? -1 : (int)w);
            }
        CHECK_EQ_INT(bad, 0);
    }
}

static void arrays(void)
{
    uint8_t u[300];
    uint32_t b[256];
    float f[8] = {0.f, 0.1f, 0.5f, 0.99f, 1.f, -0.5f, NAN, 0.5f};
    int32_t x[6] = {0, 9, 10, -1, 5, 5};
    uint32_t fb[4], ib[3];
    for (int i = 0; i < 300; i++) u[i] = (uint8_t)(i % 256);
    memset(b, 0xFF, sizeof b);
    gp_ref_histogram_u8(300, u, b);
    CHECK(b[0] == 2 && b[43] == 2 && b[44] == 1 && b[255] == 1);
    gp_ref_histogram_u8(0, u, b); /* n = 0: all zero */
    CHECK(b[0] == 0 && b[255] == 0);
    CHECK_EQ_INT(gp_ref_histogram_even_f32(8, f, 4, 0.f, 1.f, fb), 0);
    CHECK(fb[0] == 2 && fb[1] == 0 && fb[2] == 2 && fb[3] == 1);
    CHECK_EQ_INT(gp_ref_histogram_even_i32(6, x, 3, 0, 10, ib), 0);
    CHECK(ib[0] == 1 && ib[1] == 2 && ib[2] == 1);
    CHECK(gp_ref_histogram_even_i32(6, x, 3, 10, 0, ib) != 0);
}

int main(void)
{
    f32_cases();
    i32_cases();
    arrays();
    return tc_summary("test_histogram_ref");
}
