/* gemm.c — matrix multiply on the tensor cores (bf16, fp16 -> f32 accumulation; tf32): argument checks, the
 * per-call alignment flags; the rung is chosen by the common picker (rungs 04-08, src/gemm/hopper/, need sm_90a;
 * automatically chosen, rung 06 (05) runs the Hopper plan of hopper_pick.c). */
#include "gemm_internal.h"
#include <stdint.h>

#define GEMM_RUNGS(X) X(gp__gemm_r01) X(gp__gemm_r02) X(gp__gemm_r03) X(gp__gemm_r04) X(gp__gemm_r05) X(gp__gemm_r06) \
    X(gp__gemm_r07) X(gp__gemm_r08)
GP_PRIM_TABLE(gp__gemm_prim, "gemm", GEMM_RUNGS);

/* Bytes from the first to one past the last element of a rows x cols matrix with leading dimension ld. */
static size_t span_bytes(int64_t rows, int64_t cols, int64_t ld, size_t elem)
{
    if (rows == 0 || cols == 0) return 0;
    return (size_t)((rows - 1) * ld + cols) * elem;
}

static int types_ok(gp_dtype a, gp_dtype b, gp_dtype c, gp_compute compute)
{
    if (a != b) return 0;
    if (compute == GP_COMPUTE_F32) return (a == GP_DTYPE_F16 || a == GP_DTYPE_BF16) && (c == GP_DTYPE_F32 || c == a);
    if (compute == GP_COMPUTE_TF32) return a == GP_DTYPE_F32 && c == GP_DTYPE_F32;
    return 0;
}

gp_status gp_gemm(gp_handle h, gp_trans ta, gp_trans tb, int64_t m, int64_t n, int64_t k, float alpha, const void *A,
                  gp_dtype a_type, int64_t lda, const void *B, gp_dtype b_type, int64_t ldb, float beta, void *C,
                  gp_dtype c_type, int64_t ldc, gp_compute compute)
{
    gp_gemm_args p;
    const int64_t ar = ta ? k : m, ac = ta ? m : k, br = tb ? n : k, bc = tb ? k : n;
    size_t es, cs;
    GP_TRY(gp__check_handle(h));
    if ((ta != GP_NO_TRANS && ta != GP_TRANS) || (tb != GP_NO_TRANS && tb != GP_TRANS)) return GP_ERROR_INVALID_VALUE;
    if ((int)a_type < 0 || a_type >= GP_DTYPE_COUNT || (int)b_type < 0 || b_type >= GP_DTYPE_COUNT ||
        (int)c_type < 0 || c_type >= GP_DTYPE_COUNT || (int)compute < 0 || compute >= GP_COMPUTE_COUNT ||
        !types_ok(a_type, b_type, c_type, compute))
        return GP_ERROR_INVALID_VALUE;
    GP_TRY(gp__check_size(m));
    GP_TRY(gp__check_size(n));
    GP_TRY(gp__check_size(k));
    GP_TRY(gp__check_matrix(ar, ac, lda));
    GP_TRY(gp__check_matrix(br, bc, ldb));
    GP_TRY(gp__check_matrix(m, n, ldc));
    if (m == 0 || n == 0) return GP_SUCCESS;
    es = gp__gemm_elem_size(a_type);
    cs = gp__gemm_elem_size(c_type);
    GP_TRY(gp__check_dev_ptr(C));
    if ((uintptr_t)C % cs) return GP_ERROR_INVALID_VALUE;
    p.m = m; p.n = n; p.k = (alpha == 0.f) ? 0 : k; /* alpha == 0: A and B are not read */
    p.A = A; p.B = B; p.C = C;
    p.lda = lda; p.ldb = ldb; p.ldc = ldc;
    p.alpha = alpha; p.beta = beta;
    p.ta = ta == GP_TRANS; p.tb = tb == GP_TRANS;
    p.ab_type = a_type; p.c_type = c_type; p.compute = compute;
    p.ws = NULL; /* rungs 01-03 need no scratch; 04-07 take the handle's workspace (split-k) in their launcher */
    p.ws_bytes = 0;
    if (p.k > 0) {
        GP_TRY(gp__check_dev_ptr(A));
        GP_TRY(gp__check_dev_ptr(B));
        if (((uintptr_t)A | (uintptr_t)B) % es) return GP_ERROR_INVALID_VALUE;
        if (gp__ranges_overlap(C, span_bytes(m, n, ldc, cs), A, span_bytes(ar, ac, lda, es)) ||
            gp__ranges_overlap(C, span_bytes(m, n, ldc, cs), B, span_bytes(br, bc, ldb, es)))
            return GP_ERROR_OVERLAP;
    }
    p.vec_a = gp__gemm_vec_ok(A, lda, es);
    p.vec_b = gp__gemm_vec_ok(B, ldb, es);
    p.vec_c = gp__gemm_vec_ok(C, ldc, cs);
    return gp__dispatch(h, GP_PRIM_GEMM, &p);
}
