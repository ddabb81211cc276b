/* conv2d.c — the 2D correlation primitive: argument checks; the rung is chosen by the common picker. */
#include "conv2d_internal.h"
#include <stdint.h>

#define CONV2D_RUNGS(X) X(gp__conv2d_r01) X(gp__conv2d_r02) X(gp__conv2d_r03) X(gp__conv2d_r04)
GP_PRIM_TABLE(gp__conv2d_prim, "conv2d", CONV2D_RUNGS);

int gp__conv2d_small_filter(const gp_device_info *dev, const void *args)
{
    const gp_conv2d_args *a = (const gp_conv2d_args *)args;
    (void)dev;
    return a->fr <= GP_CONV_MAX_TAPS && a->fc <= GP_CONV_MAX_TAPS;
}

/* Elements spanned by a rows x cols matrix with leading dimension ld (rows, cols >= 1), or -1 if its byte
 * size does not fit in int64_t. */
static int64_t extent(int64_t rows, int64_t cols, int64_t ld)
{
    const int64_t lim = INT64_MAX / 4;
    if (cols > lim) return -1;
    if (rows - 1 > 0 && ld > (lim - cols) / (rows - 1)) return -1;
    return (rows - 1) * ld + cols;
}

gp_status gp_conv2d_f32(gp_handle h, int64_t rows, int64_t cols, const float *in, int64_t ld_in, const float *filter,
                        int fr, int fc, gp_conv_mode mode, float *out, int64_t ld_out)
{
    gp_conv2d_args a;
    int64_t orows, ocols, in_n, out_n;
    GP_TRY(gp__check_handle(h));
    GP_TRY(gp__check_matrix(rows, cols, ld_in));
    if ((int)mode < 0 || mode >= GP_CONV_MODE_COUNT) return GP_ERROR_INVALID_VALUE;
    if (fr <= 0 || fc <= 0 || fr % 2 == 0 || fc % 2 == 0) return GP_ERROR_INVALID_VALUE;
    orows = mode == GP_CONV_SAME ? rows : rows - fr + 1;
    ocols = mode == GP_CONV_SAME ? cols : cols - fc + 1;
    if (orows < 0) orows = 0;
    if (ocols < 0) ocols = 0;
    GP_TRY(gp__check_matrix(orows, ocols, ld_out));
    if (orows == 0 || ocols == 0) return GP_SUCCESS; /* empty image, or VALID with a filter larger than it */
    GP_TRY(gp__check_dev_ptr(in));
    GP_TRY(gp__check_dev_ptr(filter));
    GP_TRY(gp__check_dev_ptr(out));
    if (((uintptr_t)in | (uintptr_t)filter | (uintptr_t)out) % sizeof(float)) return GP_ERROR_INVALID_VALUE;
    in_n = extent(rows, cols, ld_in);
    out_n = extent(orows, ocols, ld_out);
    if (in_n < 0 || out_n < 0) return GP_ERROR_INVALID_VALUE;
    if (gp__ranges_overlap(in, (size_t)in_n * 4, out, (size_t)out_n * 4) ||
        gp__ranges_overlap(filter, (size_t)fr * (size_t)fc * 4, out, (size_t)out_n * 4))
        return GP_ERROR_OVERLAP;
    a.rows = rows;
    a.cols = cols;
    a.in = in;
    a.ld_in = ld_in;
    a.filter = filter;
    a.fr = fr;
    a.fc = fc;
    a.mode = mode;
    a.dr = mode == GP_CONV_SAME ? 0 : fr / 2;
    a.dc = mode == GP_CONV_SAME ? 0 : fc / 2;
    a.out_rows = orows;
    a.out_cols = ocols;
    a.out = out;
    a.ld_out = ld_out;
    return gp__dispatch(h, GP_PRIM_CONV2D, &a);
}
