/* test_scan_ref.c — the scan and compaction CPU references against hand-worked cases. */
#include "tcheck.h"
#include "ref/ref.h"
#include <math.h>
#include <stdint.h>

int main(void)
{
    uint32_t u[5] = {1, 2, 3, 4, 5}, uo[5];
    gp_ref_scan_u32(0, 5, u, uo);
    CHECK(uo[0] == 1 && uo[1] == 3 && uo[2] == 6 && uo[3] == 10 && uo[4] == 15);
    gp_ref_scan_u32(1, 5, u, uo);
    CHECK(uo[0] == 0 && uo[1] == 1 && uo[2] == 3 && uo[3] == 6 && uo[4] == 10);
    /* i32 wraps: INT32_MAX + 1 -> INT32_MIN (as bits) */
    int32_t s[3] = {INT32_MAX, 1, -1};
    uint32_t so[3];
    gp_ref_scan_u32(0, 3, (const uint32_t *)s, so);
    CHECK((int32_t)so[0] == INT32_MAX && (int32_t)so[1] == INT32_MIN && (int32_t)so[2] == INT32_MAX);
    /* u32 wraps */
    uint32_t w[2] = {0xFFFFFFFFu, 2}, wo[2];
    gp_ref_scan_u32(0, 2, w, wo);
    CHECK(wo[0] == 0xFFFFFFFFu && wo[1] == 1u);
    /* in place */
    gp_ref_scan_u32(1, 5, u, u);
    CHECK(u[0] == 0 && u[4] == 10);
    float f[4] = {1.5f, -2.f, 0.25f, 1e8f};
    double fo[4], ab[4];
    gp_ref_scan_f32(0, 4, f, fo, ab);
    CHECK(fo[0] == 1.5 && fo[1] == -0.5 && fo[2] == -0.25 && fo[3] == 1e8 - 0.25);
    CHECK(ab[0] == 1.5 && ab[1] == 3.5 && ab[2] == 3.75 && ab[3] == 1e8 + 3.75);
    gp_ref_scan_f32(1, 4, f, fo, NULL);
    CHECK(fo[0] == 0.0 && fo[1] == 1.5 && fo[3] == -0.25);
    gp_ref_scan_u32(0, 0, u, uo); /* n = 0: nothing */
    CHECK(1);

    /* compaction: stable order, every predicate */
    float x[6] = {0.5f, -1.f, 2.f, 0.f, NAN, 2.f}, xo[6];
    CHECK_EQ_INT(gp_ref_select_f32(6, x, GP_SELECT_GT, 0.5f, xo), 2);
    CHECK(xo[0] == 2.f && xo[1] == 2.f);
    CHECK_EQ_INT(gp_ref_select_f32(6, x, GP_SELECT_GE, 0.5f, xo), 3);
    CHECK(xo[0] == 0.5f && xo[1] == 2.f);
    CHECK_EQ_INT(gp_ref_select_f32(6, x, GP_SELECT_LT, 0.5f, xo), 2);
    CHECK(xo[0] == -1.f && xo[1] == 0.f);
    CHECK_EQ_INT(gp_ref_select_f32(6, x, GP_SELECT_LE, 0.5f, xo), 3);
    CHECK_EQ_INT(gp_ref_select_f32(6, x, GP_SELECT_EQ, 2.f, xo), 2);
    CHECK_EQ_INT(gp_ref_select_f32(6, x, GP_SELECT_NE, 2.f, xo), 4); /* NaN != 2 */
    CHECK(xo[0] == 0.5f && xo[1] == -1.f && xo[2] == 0.f && isnan(xo[3]));
    CHECK_EQ_INT(gp_ref_select_f32(6, x, GP_SELECT_NONZERO, 123.f, xo), 5);
    CHECK_EQ_INT(gp_ref_select_f32(0, x, GP_SELECT_NONZERO, 0.f, xo), 0);
    int32_t y[5] = {3, -7, 0, 3, INT32_MIN}, yo[5];
    CHECK_EQ_INT(gp_ref_select_i32(5, y, GP_SELECT_LT, 0, yo), 2);
    CHECK(yo[0] == -7 && yo[1] == INT32_MIN);
    CHECK_EQ_INT(gp_ref_select_i32(5, y, GP_SELECT_EQ, 3, yo), 2);
    CHECK_EQ_INT(gp_ref_select_i32(5, y, GP_SELECT_NONZERO, 0, yo), 4);
    CHECK(yo[0] == 3 && yo[1] == -7 && yo[2] == 3 && yo[3] == INT32_MIN);
    uint32_t z[4] = {10, 20, 30, 40}, zo[4];
    uint8_t fl[4] = {0, 7, 0, 1};
    CHECK_EQ_INT(gp_ref_select_flagged_u32(4, z, fl, zo), 2);
    CHECK(zo[0] == 20 && zo[1] == 40);
    return tc_summary("test_scan_ref");
}
