/* test_conv_ref.c — the convolution and Jacobi CPU references on hand-worked cases (identity and box filters,
 * border cells, correlation without flip, VALID sizes, separable = outer product, conv1d = 1-row conv2d,
 * the tolerance, Jacobi's fixed boundary and one hand-computed step), and what needs no device: the
 * argument checks that fail before any pointer is looked at and the rung tables (the picking rules: test_pick.c). */
#include "tcheck.h"
#include "ref/ref.h"
#include "gpuprim.h"
#include <math.h>
#include <stdint.h>
#include <string.h>

static int rung(gp_prim p, const char *name)
{
    int r = gp_rung_find(p, name);
    if (!r) fprintf(stderr, "no rung '%s' in %s\n", name, gp_prim_name(p));
    return r;
}

static void conv2d_cases(void)
{
    /* 3 x 4 image, ld 5 (padding column -1) */
    const float img[3 * 5] = {1, 2, 3, 4, -1, 5, 6, 7, 8, -1, 9, 10, 11, 12, -1};
    const float ident[9] = {0, 0, 0, 0, 1, 0, 0, 0, 0};
    const float box[9] = {1, 1, 1, 1, 1, 1, 1, 1, 1};
    double out[16], abs_out[16];
    int64_t orows, ocols;

    gp_ref_conv2d_f32(3, 4, img, 5, ident, 3, 3, GP_CONV_SAME, out, abs_out);
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 4; c++) CHECK(out[r * 4 + c] == img[r * 5 + c] && abs_out[r * 4 + c] == fabs(img[r * 5 + c]));

    /* box: corners sum 4 cells, edges 6, inner 9 (zero padding, the padding column never read) */
    gp_ref_conv2d_f32(3, 4, img, 5, box, 3, 3, GP_CONV_SAME, out, NULL);
    CHECK(out[0] == 1 + 2 + 5 + 6);
    CHECK(out[3] == 3 + 4 + 7 + 8);
    CHECK(out[1] == 1 + 2 + 3 + 5 + 6 + 7);
    CHECK(out[5] == 1 + 2 + 3 + 5 + 6 + 7 + 9 + 10 + 11);
    CHECK(out[4] == 1 + 2 + 5 + 6 + 9 + 10);
    CHECK(out[11] == 7 + 8 + 11 + 12);
    gp_ref_conv2d_f32(3, 4, img, 5, box, 3, 3, GP_CONV_VALID, out, NULL); /* 1 x 2 */
    CHECK(out[0] == 1 + 2 + 3 + 5 + 6 + 7 + 9 + 10 + 11 && out[1] == 2 + 3 + 4 + 6 + 7 + 8 + 10 + 11 + 12);

    /* correlation, not convolution: taps are not flipped */
    {
        const float a[3] = {1, 10, 100}, f[3] = {1, 2, 3};
        double o[3];
        gp_ref_conv2d_f32(1, 3, a, 3, f, 1, 3, GP_CONV_SAME, o, NULL);
        CHECK(o[0] == 2 * 1 + 3 * 10 && o[1] == 1 + 2 * 10 + 3 * 100 && o[2] == 10 + 2 * 100);
        gp_ref_conv1d_f32(3, a, f, 3, GP_CONV_SAME, o, NULL);
        CHECK(o[0] == 32 && o[1] == 321 && o[2] == 210);
        gp_ref_conv1d_f32(3, a, f, 3, GP_CONV_VALID, o, NULL);
        CHECK(o[0] == 321);
        /* a 3 x 1 column filter on a 3 x 1 image */
        gp_ref_conv2d_f32(3, 1, a, 1, f, 3, 1, GP_CONV_SAME, o, NULL);
        CHECK(o[0] == 32 && o[1] == 321 && o[2] == 210);
        /* a filter larger than the image (SAME): only the taps over the image count */
        {
            const float f5[5] = {1, 2, 3, 4, 5};
            gp_ref_conv1d_f32(3, a, f5, 5, GP_CONV_SAME, o, NULL); /* out[i] = sum_j f[j] a[i + j - 2] */
            CHECK(o[0] == 3 * 1 + 4 * 10 + 5 * 100 && o[1] == 2 + 3 * 10 + 4 * 100 && o[2] == 1 + 2 * 10 + 3 * 100);
        }
    }
    /* abs_out is the sum of |products| */
    {
        const float a[2] = {1, -2}, f[1] = {-3};
        double o[2], ab[2];
        gp_ref_conv2d_f32(1, 2, a, 2, f, 1, 1, GP_CONV_SAME, o, ab);
        CHECK(o[0] == -3 && o[1] == 6 && ab[0] == 3 && ab[1] == 6);
    }
    /* VALID sizes */
    gp_ref_conv_out_size(5, 6, 3, 5, GP_CONV_VALID, &orows, &ocols);
    CHECK(orows == 3 && ocols == 2);
    gp_ref_conv_out_size(5, 6, 7, 1, GP_CONV_VALID, &orows, &ocols);
    CHECK(orows == 0 && ocols == 0);
    gp_ref_conv_out_size(5, 6, 1, 7, GP_CONV_VALID, &orows, &ocols);
    CHECK(orows == 0 && ocols == 0);
    gp_ref_conv_out_size(5, 6, 31, 31, GP_CONV_SAME, &orows, &ocols);
    CHECK(orows == 5 && ocols == 6);
    gp_ref_conv_out_size(1, 1, 1, 1, GP_CONV_VALID, &orows, &ocols);
    CHECK(orows == 1 && ocols == 1);
    /* the row range form computes only its rows */
    {
        double o[12];
        for (int i = 0; i < 12; i++) o[i] = -7;
        gp_ref_conv2d_rows(3, 4, img, 5, box, 3, 3, GP_CONV_SAME, 1, 2, o, NULL);
        CHECK(o[0] == -7 && o[8] == -7 && o[5] == 1 + 2 + 3 + 5 + 6 + 7 + 9 + 10 + 11);
    }
}

static void separable_cases(void)
{
    enum { R = 9, C = 11, LD = 13 };
    float img[R * LD], rf[5] = {0.5f, -1.f, 2.f, 0.25f, 3.f}, cf[3] = {-2.f, 1.5f, 0.75f}, f2[15];
    double a[R * C], b[R * C], aa[R * C], ba[R * C];
    uint32_t x = 12345;
    for (int i = 0; i < R * LD; i++) {
        x = x * 1664525u + 1013904223u;
        img[i] = (float)((int)(x >> 8) % 2001 - 1000) / 256.f; /* exact in float, products exact in double */
    }
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 5; j++) f2[i * 5 + j] = cf[i] * rf[j];
    for (int m = 0; m < 2; m++) {
        const gp_conv_mode mode = m ? GP_CONV_VALID : GP_CONV_SAME;
        int64_t orows, ocols, bad = 0;
        gp_ref_conv_out_size(R, C, 3, 5, mode, &orows, &ocols);
        gp_ref_separable_f32(R, C, img, LD, rf, 5, cf, 3, mode, a, aa);
        gp_ref_conv2d_f32(R, C, img, LD, f2, 3, 5, mode, b, ba);
        for (int64_t i = 0; i < orows * ocols; i++) bad += a[i] != b[i] || aa[i] != ba[i];
        CHECK_EQ_INT(bad, 0);
    }
    /* no column filter: the row pass alone, = conv1d per row */
    {
        double o[C];
        gp_ref_separable_f32(1, C, img, LD, rf, 5, NULL, 1, GP_CONV_SAME, a, NULL);
        gp_ref_conv1d_f32(C, img, rf, 5, GP_CONV_SAME, o, NULL);
        CHECK(memcmp(a, o, sizeof o) == 0);
    }
}

static void tolerance_cases(void)
{
    CHECK(gp_ref_conv_tol(9) == 11.0 / 16777216.0);
    CHECK(gp_ref_conv_close(1.0, 1.0, 1.0, 1));
    CHECK(gp_ref_conv_close(1.0 + 2.0 / 16777216.0, 1.0, 1.0, 1));
    CHECK(!gp_ref_conv_close(1.0 + 4.0 / 16777216.0, 1.0, 1.0, 1));
    CHECK(gp_ref_conv_close(NAN, NAN, 1.0, 1) && !gp_ref_conv_close(NAN, 1.0, 1.0, 1) && !gp_ref_conv_close(1.0, NAN, 1.0, 1));
    /* an f32 FMA chain of random terms stays inside the bound */
    {
        uint32_t x = 99;
        float acc = 0.f;
        double exact = 0, abs_sum = 0;
        for (int k = 0; k < 961; k++) {
            float f, v;
            x = x * 1664525u + 1013904223u;
            f = (float)(x >> 8) / 16777216.f - 0.5f;
            x = x * 1664525u + 1013904223u;
            v = (float)(x >> 8) / 16777216.f - 0.5f;
            acc = fmaf(f, v, acc);
            exact += (double)f * v;
            abs_sum += fabs((double)f * v);
        }
        CHECK(gp_ref_conv_close(acc, exact, abs_sum, 961));
    }
}

static void jacobi_cases(void)
{
    /* 4 x 4 grid, ld 5: the 4 interior cells change, the boundary stays, the padding is never written */
    float u0[4 * 5], u1[4 * 5], keep[4 * 5];
    for (int i = 0; i < 20; i++) u0[i] = (float)i, u1[i] = -99.f;
    for (int r = 0; r < 4; r++) u0[r * 5 + 4] = 1000.f + r;
    memcpy(keep, u0, sizeof keep);
    gp_ref_jacobi5_f32(4, 4, u0, u1, 5, 1);
    CHECK(memcmp(u0, keep, sizeof keep) == 0); /* one step: u0 untouched, result in u1 */
    CHECK(u1[1 * 5 + 1] == 0.25f * (((1.f + 11.f) + 5.f) + 7.f));
    CHECK(u1[1 * 5 + 2] == 0.25f * (((2.f + 12.f) + 6.f) + 8.f));
    CHECK(u1[2 * 5 + 1] == 0.25f * (((6.f + 16.f) + 10.f) + 12.f));
    CHECK(u1[2 * 5 + 2] == 0.25f * (((7.f + 17.f) + 11.f) + 13.f));
    for (int c = 0; c < 4; c++) CHECK(u1[c] == u0[c] && u1[15 + c] == u0[15 + c]);
    for (int r = 0; r < 4; r++) CHECK(u1[r * 5] == u0[r * 5] && u1[r * 5 + 3] == u0[r * 5 + 3]);
    for (int r = 0; r < 4; r++) CHECK(u1[r * 5 + 4] == -99.f);
    /* two steps: result back in u0, computed from u1 */
    {
        float v0[20], v1[20];
        memcpy(v0, keep, sizeof v0);
        gp_ref_jacobi5_f32(4, 4, v0, v1, 5, 2);
        CHECK(v0[6] == 0.25f * (((u1[1] + u1[11]) + u1[5]) + u1[7]));
        CHECK(v0[12] == 0.25f * (((u1[7] + u1[17]) + u1[11]) + u1[13]));
        CHECK(v0[0] == keep[0] && v0[19] == keep[19]);
    }
    /* a constant grid is a fixed point; grids of 1 or 2 rows / columns have no interior */
    {
        float a[9], b[9];
        for (int i = 0; i < 9; i++) a[i] = 3.5f;
        gp_ref_jacobi5_f32(3, 3, a, b, 3, 3);
        for (int i = 0; i < 9; i++) CHECK(b[i] == 3.5f);
        for (int i = 0; i < 9; i++) a[i] = (float)i;
        gp_ref_jacobi5_f32(2, 3, a, b, 3, 1);
        for (int i = 0; i < 6; i++) CHECK(b[i] == a[i]);
        gp_ref_jacobi5_f32(1, 1, a, b, 1, 1);
        CHECK(b[0] == a[0]);
    }
}

static void api_cases(void)
{
    float x = 0;
    CHECK_EQ_INT(gp_conv2d_f32(NULL, 1, 1, &x, 1, &x, 1, 1, GP_CONV_SAME, &x, 1), GP_ERROR_INVALID_HANDLE);
    CHECK_EQ_INT(gp_conv2d_separable_f32(NULL, 1, 1, &x, 1, &x, 1, &x, 1, GP_CONV_SAME, &x, 1), GP_ERROR_INVALID_HANDLE);
    CHECK_EQ_INT(gp_conv1d_f32(NULL, 1, &x, &x, 1, GP_CONV_SAME, &x), GP_ERROR_INVALID_HANDLE);
    CHECK_EQ_INT(gp_jacobi5_f32(NULL, 1, 1, &x, &x, 1, 1), GP_ERROR_INVALID_HANDLE);
    CHECK(strcmp(gp_prim_name(GP_PRIM_CONV2D), "conv2d") == 0);
    CHECK(strcmp(gp_prim_name(GP_PRIM_SEPARABLE), "separable") == 0);
    CHECK(strcmp(gp_prim_name(GP_PRIM_JACOBI), "jacobi") == 0);
    CHECK_EQ_INT(gp_rung_count(GP_PRIM_CONV2D), 4);
    CHECK_EQ_INT(gp_rung_count(GP_PRIM_SEPARABLE), 2);
    CHECK_EQ_INT(gp_rung_count(GP_PRIM_JACOBI), 4);
    CHECK(gp_rung_config_name(GP_PRIM_JACOBI, rung(GP_PRIM_JACOBI, "temporal"), 1) != NULL &&
          strcmp(gp_rung_config_name(GP_PRIM_JACOBI, rung(GP_PRIM_JACOBI, "temporal"), 1), "T=8") == 0);
}

int main(void)
{
    conv2d_cases();
    separable_cases();
    tolerance_cases();
    jacobi_cases();
    api_cases();
    return tc_summary("test_conv_ref");
}
