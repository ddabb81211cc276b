/* separable.c — the separable-filter primitive and gp_conv1d_f32 (its row pass on a 1 x n image): argument
 * checks; the rung is chosen by the common picker. */
#include "separable_internal.h"
#include <stdint.h>

#define SEPARABLE_RUNGS(X) X(gp__separable_r01) X(gp__separable_r02)
GP_PRIM_TABLE(gp__separable_prim, "separable", SEPARABLE_RUNGS);

static int64_t extent(int64_t rows, int64_t cols, int64_t ld)
{
    const int64_t lim = INT64_MAX / 4;
    if (cols > lim) return -1;
    if (rows - 1 > 0 && ld > (lim - cols) / (rows - 1)) return -1;
    return (rows - 1) * ld + cols;
}

static int bad_taps(int k) { return k <= 0 || k % 2 == 0; }

gp_status gp_conv2d_separable_f32(gp_handle h, int64_t rows, int64_t cols, const float *in, int64_t ld_in,
                                  const float *row_filter, int fc, const float *col_filter, int fr,
                                  gp_conv_mode mode, float *out, int64_t ld_out)
{
    gp_separable_args a;
    int64_t orows, ocols, in_n, out_n;
    GP_TRY(gp__check_handle(h));
    GP_TRY(gp__check_matrix(rows, cols, ld_in));
    if ((int)mode < 0 || mode >= GP_CONV_MODE_COUNT) return GP_ERROR_INVALID_VALUE;
    if (bad_taps(fr) || bad_taps(fc)) return GP_ERROR_INVALID_VALUE;
    orows = mode == GP_CONV_SAME ? rows : rows - fr + 1;
    ocols = mode == GP_CONV_SAME ? cols : cols - fc + 1;
    if (orows < 0) orows = 0;
    if (ocols < 0) ocols = 0;
    GP_TRY(gp__check_matrix(orows, ocols, ld_out));
    if (orows == 0 || ocols == 0) return GP_SUCCESS;
    GP_TRY(gp__check_dev_ptr(in));
    GP_TRY(gp__check_dev_ptr(row_filter));
    GP_TRY(gp__check_dev_ptr(col_filter));
    GP_TRY(gp__check_dev_ptr(out));
    if (((uintptr_t)in | (uintptr_t)row_filter | (uintptr_t)col_filter | (uintptr_t)out) % sizeof(float))
        return GP_ERROR_INVALID_VALUE;
    in_n = extent(rows, cols, ld_in);
    out_n = extent(orows, ocols, ld_out);
    if (in_n < 0 || out_n < 0) return GP_ERROR_INVALID_VALUE;
    if (gp__ranges_overlap(in, (size_t)in_n * 4, out, (size_t)out_n * 4) ||
        gp__ranges_overlap(row_filter, (size_t)fc * 4, out, (size_t)out_n * 4) ||
        gp__ranges_overlap(col_filter, (size_t)fr * 4, out, (size_t)out_n * 4))
        return GP_ERROR_OVERLAP;
    a.rows = rows;
    a.cols = cols;
    a.in = in;
    a.ld_in = ld_in;
    a.row_filter = row_filter;
    a.fc = fc;
    a.col_filter = col_filter;
    a.fr = fr;
    a.mode = mode;
    a.dr = mode == GP_CONV_SAME ? 0 : fr / 2;
    a.dc = mode == GP_CONV_SAME ? 0 : fc / 2;
    a.out_rows = orows;
    a.out_cols = ocols;
    a.out = out;
    a.ld_out = ld_out;
    return gp__dispatch(h, GP_PRIM_SEPARABLE, &a);
}

gp_status gp_conv1d_f32(gp_handle h, int64_t n, const float *in, const float *filter, int k, gp_conv_mode mode,
                        float *out)
{
    gp_separable_args a;
    int64_t on;
    GP_TRY(gp__check_handle(h));
    GP_TRY(gp__check_size(n));
    if ((int)mode < 0 || mode >= GP_CONV_MODE_COUNT) return GP_ERROR_INVALID_VALUE;
    if (bad_taps(k)) return GP_ERROR_INVALID_VALUE;
    on = mode == GP_CONV_SAME ? n : n - k + 1;
    if (on <= 0) return GP_SUCCESS;
    GP_TRY(gp__check_dev_ptr(in));
    GP_TRY(gp__check_dev_ptr(filter));
    GP_TRY(gp__check_dev_ptr(out));
    if (((uintptr_t)in | (uintptr_t)filter | (uintptr_t)out) % sizeof(float)) return GP_ERROR_INVALID_VALUE;
    if (n > INT64_MAX / 4) return GP_ERROR_INVALID_VALUE;
    if (gp__ranges_overlap(in, (size_t)n * 4, out, (size_t)on * 4) ||
        gp__ranges_overlap(filter, (size_t)k * 4, out, (size_t)on * 4))
        return GP_ERROR_OVERLAP;
    a.rows = 1;
    a.cols = n;
    a.in = in;
    a.ld_in = n;
    a.row_filter = filter;
    a.fc = k;
    a.col_filter = NULL;
    a.fr = 1;
    a.mode = mode;
    a.dr = 0;
    a.dc = mode == GP_CONV_SAME ? 0 : k / 2;
    a.out_rows = 1;
    a.out_cols = on;
    a.out = out;
    a.ld_out = on;
    return gp__dispatch(h, GP_PRIM_SEPARABLE, &a);
}
