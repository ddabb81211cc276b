/* test_transpose_ref.c — the CPU transpose reference and its checker on hand-worked cases, and the
 * transpose argument checks that need no device (rows/cols/ld domain, no-op sizes, rung registry). */
#include "tcheck.h"
#include "ref/ref.h"
#include <stdint.h>
#include <string.h>

int main(void)
{
    /* 2 x 3, ld_in 4 (one padding column), into 3 x 2 with ld_out 3 (one padding column) */
    const float in[2 * 4] = {1, 2, 3, -1, 4, 5, 6, -1};
    float out[3 * 3];
    const float want[3 * 3] = {1, 4, 99, 2, 5, 99, 3, 6, 99};
    for (int i = 0; i < 9; i++) out[i] = 99;
    gp_ref_transpose(4, 2, 3, in, 4, out, 3);
    CHECK(memcmp(out, want, sizeof want) == 0);
    CHECK_EQ_INT(gp_ref_transpose_mismatches(4, 2, 3, in, 4, out, 3, NULL), 0);
    out[3] = 7; /* out[1][0] should be in[0][1] = 2 */
    CHECK_EQ_INT(gp_ref_transpose_mismatches(4, 2, 3, in, 4, out, 3, NULL), 1);
    out[8] = -5; /* padding is not compared */
    CHECK_EQ_INT(gp_ref_transpose_mismatches(4, 2, 3, in, 4, out, 3, NULL), 1);

    /* 64-bit elements, bit-exact: -0.0 and a NaN payload survive */
    {
        double a[3] = {-0.0, 1.5, 0}, b[3];
        uint64_t nanbits = 0x7ff8000000001234ull;
        memcpy(&a[2], &nanbits, 8);
        gp_ref_transpose(8, 1, 3, a, 3, b, 1); /* 1 x 3 -> 3 x 1 */
        CHECK(memcmp(a, b, sizeof a) == 0);
        CHECK_EQ_INT(gp_ref_transpose_mismatches(8, 1, 3, a, 3, b, 1, NULL), 0);
        gp_ref_transpose(8, 3, 1, a, 1, b, 3); /* 3 x 1 -> 1 x 3 */
        CHECK(memcmp(a, b, sizeof a) == 0);
    }
    /* larger than one 64 x 64 reference block, not a multiple of it: transposing twice gives back the input */
    {
        enum { R = 70, C = 131 };
        static float m[R * C], t[C * R], back[R * C];
        for (int i = 0; i < R * C; i++) m[i] = (float)i;
        gp_ref_transpose(4, R, C, m, C, t, R);
        CHECK(t[5 * R + 69] == m[69 * C + 5]);
        CHECK(t[130 * R + 0] == m[130]);
        gp_ref_transpose(4, C, R, t, R, back, C);
        CHECK(memcmp(m, back, sizeof m) == 0);
        CHECK_EQ_INT(gp_ref_transpose_mismatches(4, R, C, m, C, t, R, NULL), 0);
    }

    /* the library's transpose rung registry and the checks that fail before any pointer is looked at */
    CHECK_EQ_INT(gp_rung_count(GP_PRIM_TRANSPOSE), 6);
    CHECK(gp_rung_name(GP_PRIM_TRANSPOSE, 3) && !strcmp(gp_rung_name(GP_PRIM_TRANSPOSE, 3), "padded"));
    CHECK(gp_rung_name(GP_PRIM_TRANSPOSE, 6) && !strcmp(gp_rung_name(GP_PRIM_TRANSPOSE, 6), "realigned"));
    CHECK(gp_rung_name(GP_PRIM_TRANSPOSE, 7) == NULL);
    CHECK_EQ_INT(gp_transpose_f32(NULL, 2, 2, NULL, 2, NULL, 2), GP_ERROR_INVALID_HANDLE);
    return tc_summary("test_transpose_ref");
}
