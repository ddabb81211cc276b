/* sgemm.c — the f32 matrix multiply: argument checks, the per-call alignment flags; the rung is
 * chosen by the common picker. */
#include "sgemm_internal.h"
#include <stdint.h>

#define SGEMM_RUNGS(X) X(gp__sgemm_r01) X(gp__sgemm_r02) X(gp__sgemm_r03) X(gp__sgemm_r04) X(gp__sgemm_r05) \
    X(gp__sgemm_r06) X(gp__sgemm_r07) X(gp__sgemm_r08) X(gp__sgemm_r09) X(gp__sgemm_r10) \
    X(gp__sgemm_r11) X(gp__sgemm_r12) X(gp__sgemm_r13)
GP_PRIM_TABLE(gp__sgemm_prim, "sgemm", SGEMM_RUNGS);

/* Bytes from the first to one past the last element of a rows x cols matrix with leading dimension ld. */
static size_t span_bytes(int64_t rows, int64_t cols, int64_t ld)
{
    if (rows == 0 || cols == 0) return 0;
    return (size_t)((rows - 1) * ld + cols) * sizeof(float);
}

static int vec_ok(const void *p, int64_t ld) { return ((uintptr_t)p % 16) == 0 && ld % 4 == 0; }

/* Bytes spanned by `batch` matrices `stride` elements apart, each `span` bytes (0 if empty); -1 on overflow. */
static int64_t batch_span(int64_t batch, int64_t stride, size_t span)
{
    if (batch == 0 || span == 0) return 0;
    if (batch > 1 && stride > (INT64_MAX / 4 - (int64_t)span) / (batch - 1)) return -1;
    return (batch - 1) * stride * (int64_t)sizeof(float) + (int64_t)span;
}

static gp_status sgemm(gp_handle h, gp_trans ta, gp_trans tb, int64_t m, int64_t n, int64_t k, float alpha,
                       const float *A, int64_t lda, int64_t stride_a, const float *B, int64_t ldb, int64_t stride_b,
                       float beta, float *C, int64_t ldc, int64_t stride_c, int64_t batch)
{
    gp_sgemm_args p;
    const int64_t ar = ta ? k : m, ac = ta ? m : k, br = tb ? n : k, bc = tb ? k : n;
    int64_t span_a, span_b, span_c;
    GP_TRY(gp__check_handle(h));
    if ((ta != GP_NO_TRANS && ta != GP_TRANS) || (tb != GP_NO_TRANS && tb != GP_TRANS)) return GP_ERROR_INVALID_VALUE;
    GP_TRY(gp__check_size(m));
    GP_TRY(gp__check_size(n));
    GP_TRY(gp__check_size(k));
    GP_TRY(gp__check_size(batch));
    if (stride_a < 0 || stride_b < 0 || stride_c < 0) return GP_ERROR_INVALID_VALUE;
    GP_TRY(gp__check_matrix(ar, ac, lda));
    GP_TRY(gp__check_matrix(br, bc, ldb));
    GP_TRY(gp__check_matrix(m, n, ldc));
    if (m == 0 || n == 0 || batch == 0) return GP_SUCCESS;
    /* the matrices of C must not overlap one another (each is written) */
    if (batch > 1 && stride_c < (int64_t)(span_bytes(m, n, ldc) / sizeof(float))) return GP_ERROR_OVERLAP;
    span_a = batch_span(batch, stride_a, span_bytes(ar, ac, lda));
    span_b = batch_span(batch, stride_b, span_bytes(br, bc, ldb));
    span_c = batch_span(batch, stride_c, span_bytes(m, n, ldc));
    if (span_a < 0 || span_b < 0 || span_c < 0) return GP_ERROR_INVALID_VALUE;
    GP_TRY(gp__check_dev_ptr(C));
    if ((uintptr_t)C % sizeof(float)) return GP_ERROR_INVALID_VALUE;
    p.m = m; p.n = n; p.k = (alpha == 0.f) ? 0 : k; /* alpha == 0: A and B are not read */
    p.A = A; p.B = B; p.C = C;
    p.lda = lda; p.ldb = ldb; p.ldc = ldc;
    p.alpha = alpha; p.beta = beta;
    p.ta = ta == GP_TRANS; p.tb = tb == GP_TRANS;
    p.batch = batch;
    p.stride_a = stride_a; p.stride_b = stride_b; p.stride_c = stride_c;
    p.kslice = 0;
    if (p.k > 0) {
        GP_TRY(gp__check_dev_ptr(A));
        GP_TRY(gp__check_dev_ptr(B));
        if (((uintptr_t)A | (uintptr_t)B) % sizeof(float)) return GP_ERROR_INVALID_VALUE;
        if (gp__ranges_overlap(C, (size_t)span_c, A, (size_t)span_a) || gp__ranges_overlap(C, (size_t)span_c, B, (size_t)span_b))
            return GP_ERROR_OVERLAP;
    }
    /* 16-byte paths: every matrix of the batch 16-byte aligned */
    p.vec_a = vec_ok(A, lda) && stride_a % 4 == 0;
    p.vec_b = vec_ok(B, ldb) && stride_b % 4 == 0;
    p.vec_c = vec_ok(C, ldc) && stride_c % 4 == 0;
    return gp__dispatch(h, GP_PRIM_SGEMM, &p);
}

gp_status gp_sgemm(gp_handle h, gp_trans ta, gp_trans tb, int64_t m, int64_t n, int64_t k, float alpha,
                   const float *A, int64_t lda, const float *B, int64_t ldb, float beta, float *C, int64_t ldc)
{
    return sgemm(h, ta, tb, m, n, k, alpha, A, lda, 0, B, ldb, 0, beta, C, ldc, 0, 1);
}

gp_status gp_sgemm_strided_batched(gp_handle h, gp_trans ta, gp_trans tb, int64_t m, int64_t n, int64_t k,
                                   float alpha, const float *A, int64_t lda, int64_t stride_a, const float *B,
                                   int64_t ldb, int64_t stride_b, float beta, float *C, int64_t ldc,
                                   int64_t stride_c, int64_t batch_count)
{
    return sgemm(h, ta, tb, m, n, k, alpha, A, lda, stride_a, B, ldb, stride_b, beta, C, ldc, stride_c, batch_count);
}
