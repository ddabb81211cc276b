/* test_reduce_ref.c — the reduce CPU reference against hand-worked cases, and the f32 error bound. */
#include "tcheck.h"
#include "ref/ref.h"
#include <math.h>

int main(void)
{
    const float f[5] = {1.5f, -2.f, 4.f, -0.25f, 3.f};
    const double d[4] = {1e300, -1e300, 1.0, -7.5};
    const int32_t i[4] = {INT32_MAX, INT32_MAX, INT32_MIN, 5};
    double abs_sum = -1;
    CHECK(gp_ref_reduce_f32(GP_REDUCE_SUM, 5, f, &abs_sum) == 6.25);
    CHECK(abs_sum == 10.75);
    CHECK(gp_ref_reduce_f32(GP_REDUCE_MIN, 5, f, NULL) == -2.0);
    CHECK(gp_ref_reduce_f32(GP_REDUCE_MAX, 5, f, NULL) == 4.0);
    /* n = 0: the identities */
    CHECK(gp_ref_reduce_f32(GP_REDUCE_SUM, 0, f, &abs_sum) == 0.0 && abs_sum == 0.0);
    CHECK(isinf(gp_ref_reduce_f32(GP_REDUCE_MIN, 0, f, NULL)) && gp_ref_reduce_f32(GP_REDUCE_MIN, 0, f, NULL) > 0);
    CHECK(isinf(gp_ref_reduce_f64(GP_REDUCE_MAX, 0, d, NULL)) && gp_ref_reduce_f64(GP_REDUCE_MAX, 0, d, NULL) < 0);
    CHECK_EQ_INT(gp_ref_reduce_i32(GP_REDUCE_MIN, 0, i), INT32_MAX);
    CHECK_EQ_INT(gp_ref_reduce_i32(GP_REDUCE_MAX, 0, i), INT32_MIN);
    /* f64: sequential double sum (1e300 - 1e300 cancels first) */
    CHECK(gp_ref_reduce_f64(GP_REDUCE_SUM, 4, d, NULL) == -6.5);
    CHECK(gp_ref_reduce_f64(GP_REDUCE_MIN, 4, d, NULL) == -1e300);
    /* i32 sums in int64: no overflow */
    CHECK_EQ_INT(gp_ref_reduce_i32(GP_REDUCE_SUM, 4, i), (int64_t)INT32_MAX * 2 + INT32_MIN + 5);
    CHECK_EQ_INT(gp_ref_reduce_i32(GP_REDUCE_MIN, 4, i), INT32_MIN);
    CHECK_EQ_INT(gp_ref_reduce_i32(GP_REDUCE_MAX, 4, i), INT32_MAX);
    /* NaNs are ignored by min/max, propagate through sums */
    {
        const float g[3] = {NAN, 2.f, -1.f};
        CHECK(gp_ref_reduce_f32(GP_REDUCE_MIN, 3, g, NULL) == -1.0);
        CHECK(gp_ref_reduce_f32(GP_REDUCE_MAX, 3, g, NULL) == 2.0);
        CHECK(isnan(gp_ref_reduce_f32(GP_REDUCE_SUM, 3, g, NULL)));
    }
    /* argmax: first index of the max, NaNs ignored, -1 for none */
    {
        const float g[6] = {NAN, 2.f, -1.f, 2.f, NAN, -INFINITY};
        const float m[2] = {-INFINITY, -INFINITY};
        const float z[2] = {NAN, NAN};
        CHECK_EQ_INT(gp_ref_argmax_f32(6, g), 1);
        CHECK_EQ_INT(gp_ref_argmax_f32(1, g), -1);
        CHECK_EQ_INT(gp_ref_argmax_f32(0, g), -1);
        CHECK_EQ_INT(gp_ref_argmax_f32(2, m), 0);
        CHECK_EQ_INT(gp_ref_argmax_f32(2, z), -1);
        CHECK_EQ_INT(gp_ref_argmax_f32(3, f), 2);
    }
    /* the bound: d = ceil(n / 2^16) + 2 ceil(log2 n) + 80 levels of rounding at u = 2^-24 */
    CHECK(fabs(gp_ref_reduce_f32_tol(1) * 16777216.0 - 81.0) < 1e-3); /* gamma_d ~ d u */
    CHECK(fabs(gp_ref_reduce_f32_tol(1 << 20) * 16777216.0 - (16.0 + 40.0 + 80.0)) < 1e-2);
    CHECK(gp_ref_reduce_f32_tol((int64_t)1 << 28) < 3e-4); /* 4096 + 56 + 80 levels */
    CHECK(gp_ref_reduce_f32_tol(1000) < gp_ref_reduce_f32_tol(100000));
    return tc_summary("test_reduce_ref");
}
