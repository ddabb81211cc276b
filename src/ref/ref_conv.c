/* ref_conv.c — CPU references for conv2d, the separable filter, conv1d (double accumulation) and the
 * 5-point Jacobi stencil (float, in the library's exact order of operations). */
#include "ref.h"
#include <float.h>

void gp_ref_conv_out_size(int64_t rows, int64_t cols, int fr, int fc, gp_conv_mode mode, int64_t *out_rows,
                          int64_t *out_cols)
{
    int64_t r = mode == GP_CONV_SAME ? rows : rows - fr + 1, c = mode == GP_CONV_SAME ? cols : cols - fc + 1;
    if (r < 0 || c <= 0) r = 0;
    if (c < 0 || r <= 0) c = 0;
    *out_rows = r;
    *out_cols = c;
}

void gp_ref_conv2d_rows(int64_t rows, int64_t cols, const float *in, int64_t ld_in, const float *filter, int fr,
                        int fc, gp_conv_mode mode, int64_t r_begin, int64_t r_end, double *out, double *abs_out)
{
    int64_t orows, ocols;
    const int64_t off_r = mode == GP_CONV_SAME ? -(fr / 2) : 0, off_c = mode == GP_CONV_SAME ? -(fc / 2) : 0;
    gp_ref_conv_out_size(rows, cols, fr, fc, mode, &orows, &ocols);
    if (r_end > orows) r_end = orows;
    for (int64_t r = r_begin; r < r_end; r++)
        for (int64_t c = 0; c < ocols; c++) {
            double s = 0, a = 0;
            for (int i = 0; i < fr; i++) {
                const int64_t gr = r + off_r + i;
                if (gr < 0 || gr >= rows) continue; /* zero padding: f * 0 adds nothing (finite f) */
                for (int j = 0; j < fc; j++) {
                    const int64_t gc = c + off_c + j;
                    double p;
                    if (gc < 0 || gc >= cols) continue;
                    p = (double)filter[(int64_t)i * fc + j] * (double)in[gr * ld_in + gc];
                    s += p;
                    a += p < 0 ? -p : p;
                }
            }
            out[r * ocols + c] = s;
            if (abs_out) abs_out[r * ocols + c] = a;
        }
}

void gp_ref_conv2d_f32(int64_t rows, int64_t cols, const float *in, int64_t ld_in, const float *filter, int fr, int fc,
                       gp_conv_mode mode, double *out, double *abs_out)
{
    gp_ref_conv2d_rows(rows, cols, in, ld_in, filter, fr, fc, mode, 0, INT64_MAX, out, abs_out);
}

void gp_ref_separable_rows(int64_t rows, int64_t cols, const float *in, int64_t ld_in, const float *row_filter, int fc,
                           const float *col_filter, int fr, gp_conv_mode mode, int64_t r_begin, int64_t r_end,
                           double *out, double *abs_out)
{
    int64_t orows, ocols;
    const int64_t off_r = mode == GP_CONV_SAME ? -(fr / 2) : 0, off_c = mode == GP_CONV_SAME ? -(fc / 2) : 0;
    gp_ref_conv_out_size(rows, cols, fr, fc, mode, &orows, &ocols);
    if (r_end > orows) r_end = orows;
    for (int64_t r = r_begin; r < r_end; r++)
        for (int64_t c = 0; c < ocols; c++) {
            double s = 0, a = 0;
            for (int i = 0; i < fr; i++) {
                const int64_t gr = r + off_r + i;
                const double cf = col_filter ? (double)col_filter[i] : 1.0;
                double rs = 0, ra = 0;
                if (gr < 0 || gr >= rows) continue;
                for (int j = 0; j < fc; j++) {
                    const int64_t gc = c + off_c + j;
                    double p;
                    if (gc < 0 || gc >= cols) continue;
                    p = (double)row_filter[j] * (double)in[gr * ld_in + gc];
                    rs += p;
                    ra += p < 0 ? -p : p;
                }
                s += cf * rs;
                a += (cf < 0 ? -cf : cf) * ra;
            }
            out[r * ocols + c] = s;
            if (abs_out) abs_out[r * ocols + c] = a;
        }
}

void gp_ref_separable_f32(int64_t rows, int64_t cols, const float *in, int64_t ld_in, const float *row_filter, int fc,
                          const float *col_filter, int fr, gp_conv_mode mode, double *out, double *abs_out)
{
    gp_ref_separable_rows(rows, cols, in, ld_in, row_filter, fc, col_filter, fr, mode, 0, INT64_MAX, out, abs_out);
}

void gp_ref_conv1d_f32(int64_t n, const float *in, const float *filter, int k, gp_conv_mode mode, double *out,
                       double *abs_out)
{
    gp_ref_conv2d_rows(1, n, in, n > 0 ? n : 1, filter, 1, k, mode, 0, 1, out, abs_out);
}

double gp_ref_conv_tol(int64_t taps)
{
    return (double)(taps + 2) * (1.0 / 16777216.0); /* (taps + 2) * 2^-24 */
}

int gp_ref_conv_close(double got, double want, double abs_sum, int64_t taps)
{
    const double err = got - want, bound = gp_ref_conv_tol(taps) * abs_sum + (double)(taps + 2) * FLT_MIN;
    if (got != got || want != want) return got != got && want != want;
    return (err < 0 ? -err : err) <= bound;
}

void gp_ref_jacobi5_step_rows(int64_t rows, int64_t cols, const float *src, float *dst, int64_t ld, int64_t r_begin,
                              int64_t r_end)
{
    if (r_end > rows) r_end = rows;
    for (int64_t r = r_begin; r < r_end; r++)
        for (int64_t c = 0; c < cols; c++) {
            const float *p = src + r * ld + c;
            float v;
            if (r == 0 || r == rows - 1 || c == 0 || c == cols - 1) v = *p;
            else v = 0.25f * (((p[-ld] + p[ld]) + p[-1]) + p[1]);
            dst[r * ld + c] = v;
        }
}

void gp_ref_jacobi5_f32(int64_t rows, int64_t cols, float *u0, float *u1, int64_t ld, int steps)
{
    for (int s = 0; s < steps; s++)
        gp_ref_jacobi5_step_rows(rows, cols, (s & 1) ? u1 : u0, (s & 1) ? u0 : u1, ld, 0, rows);
}
