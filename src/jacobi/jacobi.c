/* jacobi.c — the 5-point Jacobi stencil: argument checks; the rung is chosen by the common picker. */
#include "jacobi_internal.h"
#include <stdint.h>

#define JACOBI_RUNGS(X) X(gp__jacobi_r01) X(gp__jacobi_r02) X(gp__jacobi_r03) X(gp__jacobi_r04)
GP_PRIM_TABLE(gp__jacobi_prim, "jacobi", JACOBI_RUNGS);

gp_status gp_jacobi5_f32(gp_handle h, int64_t rows, int64_t cols, float *u0, float *u1, int64_t ld, int steps)
{
    gp_jacobi_args a;
    int64_t n;
    const int64_t lim = INT64_MAX / 4;
    GP_TRY(gp__check_handle(h));
    GP_TRY(gp__check_matrix(rows, cols, ld));
    if (steps < 0) return GP_ERROR_INVALID_VALUE;
    if (rows == 0 || cols == 0 || steps == 0) return GP_SUCCESS;
    GP_TRY(gp__check_dev_ptr(u0));
    GP_TRY(gp__check_dev_ptr(u1));
    if (((uintptr_t)u0 | (uintptr_t)u1) % sizeof(float)) return GP_ERROR_INVALID_VALUE;
    if (cols > lim || (rows > 1 && ld > (lim - cols) / (rows - 1))) return GP_ERROR_INVALID_VALUE;
    n = (rows - 1) * ld + cols;
    if (gp__ranges_overlap(u0, (size_t)n * 4, u1, (size_t)n * 4)) return GP_ERROR_OVERLAP;
    a.rows = rows;
    a.cols = cols;
    a.u0 = u0;
    a.u1 = u1;
    a.ld = ld;
    a.steps = steps;
    return gp__dispatch(h, GP_PRIM_JACOBI, &a);
}
