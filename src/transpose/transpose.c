/* transpose.c — the transpose primitive: argument checks; the rung is chosen by the common picker. */
#include "transpose_internal.h"
#include <stdint.h>

#define TRANSPOSE_RUNGS(X) X(gp__transpose_r01) X(gp__transpose_r02) X(gp__transpose_r03) X(gp__transpose_r04) \
    X(gp__transpose_r05) X(gp__transpose_r06)
GP_PRIM_TABLE(gp__transpose_prim, "transpose", TRANSPOSE_RUNGS);

static gp_status transpose(gp_handle h, int elem_bytes, int64_t rows, int64_t cols, const void *in, int64_t ld_in,
                           void *out, int64_t ld_out)
{
    int64_t in_n, out_n;
    gp_transpose_args a;
    GP_TRY(gp__check_handle(h));
    GP_TRY(gp__check_matrix(rows, cols, ld_in));
    GP_TRY(gp__check_matrix(cols, rows, ld_out));
    if (rows == 0 || cols == 0) return GP_SUCCESS;
    GP_TRY(gp__check_dev_ptr(in));
    GP_TRY(gp__check_dev_ptr(out));
    if (((uintptr_t)in | (uintptr_t)out) % (uintptr_t)elem_bytes) return GP_ERROR_INVALID_VALUE;
    in_n = gp__transpose_extent(rows, cols, ld_in, elem_bytes);
    out_n = gp__transpose_extent(cols, rows, ld_out, elem_bytes);
    if (in_n < 0 || out_n < 0) return GP_ERROR_INVALID_VALUE;
    if ((const void *)in == (const void *)out) return GP_ERROR_NOT_SUPPORTED; /* in-place not implemented */
    if (gp__ranges_overlap(in, (size_t)in_n * elem_bytes, out, (size_t)out_n * elem_bytes)) return GP_ERROR_OVERLAP;

    /* The automatic choice is rung 6 (any alignment and shape in one launch). Forced, rungs 4 and 5 need every
     * row of in and out to start on a 16-byte boundary; otherwise the call runs rung 3. Rung 5 is forced only:
     * measured slower than 4 on the H100 at 16384^2 (2882 vs 2894 GB/s, results/h100-2026-11-22). */
    a.elem_bytes = elem_bytes;
    a.rows = rows;
    a.cols = cols;
    a.in = in;
    a.ld_in = ld_in;
    a.out = out;
    a.ld_out = ld_out;
    return gp__dispatch(h, GP_PRIM_TRANSPOSE, &a);
}

gp_status gp_transpose_f32(gp_handle h, int64_t rows, int64_t cols, const float *in, int64_t ld_in, float *out,
                           int64_t ld_out)
{
    return transpose(h, 4, rows, cols, in, ld_in, out, ld_out);
}

gp_status gp_transpose_f64(gp_handle h, int64_t rows, int64_t cols, const double *in, int64_t ld_in, double *out,
                           int64_t ld_out)
{
    return transpose(h, 8, rows, cols, in, ld_in, out, ld_out);
}
