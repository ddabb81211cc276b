/* sgemm.c — the f32 matrix multiply: argument checks, the per-call alignment flags; the rung is
 * chosen by the common picker. */
#include "sgemm_internal.h"
#include <stdint.h>

#define SGEMM_RUNGS(X) X(gp__sgemm_r01) X(gp__sgemm_r02) X(gp__sgemm_r03) X(gp__sgemm_r04) X(gp__sgemm_r05) \
    X(gp__sgemm_r06) X(gp__sgemm_r07) X(gp__sgemm_r08) X(gp__sgemm_r09) X(gp__sgemm_r10)
GP_PRIM_TABLE(gp__sgemm_prim, "sgemm", SGEMM_RUNGS);

/* Bytes from the first to one past the last element of a rows x cols matrix with leading dimension ld. */
static size_t span_bytes(int64_t rows, int64_t cols, int64_t ld)
{
    if (rows == 0 || cols == 0) return 0;
    return (size_t)((rows - 1) * ld + cols) * sizeof(float);
}

static int vec_ok(const void *p, int64_t ld) { return ((uintptr_t)p % 16) == 0 && ld % 4 == 0; }

gp_status gp_sgemm(gp_handle h, gp_trans ta, gp_trans tb, int64_t m, int64_t n, int64_t k, float alpha,
                   const float *A, int64_t lda, const float *B, int64_t ldb, float beta, float *C, int64_t ldc)
{
    gp_sgemm_args p;
    const int64_t ar = ta ? k : m, ac = ta ? m : k, br = tb ? n : k, bc = tb ? k : n;
    GP_TRY(gp__check_handle(h));
    if ((ta != GP_NO_TRANS && ta != GP_TRANS) || (tb != GP_NO_TRANS && tb != GP_TRANS)) return GP_ERROR_INVALID_VALUE;
    GP_TRY(gp__check_size(m));
    GP_TRY(gp__check_size(n));
    GP_TRY(gp__check_size(k));
    GP_TRY(gp__check_matrix(ar, ac, lda));
    GP_TRY(gp__check_matrix(br, bc, ldb));
    GP_TRY(gp__check_matrix(m, n, ldc));
    if (m == 0 || n == 0) return GP_SUCCESS;
    GP_TRY(gp__check_dev_ptr(C));
    if ((uintptr_t)C % sizeof(float)) return GP_ERROR_INVALID_VALUE;
    p.m = m; p.n = n; p.k = (alpha == 0.f) ? 0 : k; /* alpha == 0: A and B are not read */
    p.A = A; p.B = B; p.C = C;
    p.lda = lda; p.ldb = ldb; p.ldc = ldc;
    p.alpha = alpha; p.beta = beta;
    p.ta = ta == GP_TRANS; p.tb = tb == GP_TRANS;
    if (p.k > 0) {
        GP_TRY(gp__check_dev_ptr(A));
        GP_TRY(gp__check_dev_ptr(B));
        if (((uintptr_t)A | (uintptr_t)B) % sizeof(float)) return GP_ERROR_INVALID_VALUE;
        if (gp__ranges_overlap(C, span_bytes(m, n, ldc), A, span_bytes(ar, ac, lda)) ||
            gp__ranges_overlap(C, span_bytes(m, n, ldc), B, span_bytes(br, bc, ldb)))
            return GP_ERROR_OVERLAP;
    }
    p.vec_a = vec_ok(A, lda);
    p.vec_b = vec_ok(B, ldb);
    p.vec_c = vec_ok(C, ldc);
    /* the automatic choice is the top rung, 10 (it also has no grid-size limit) */
    return gp__dispatch(h, GP_PRIM_SGEMM, &p);
}
