/* ref_sgemm.c — CPU reference for sgemm: products and sums in double. */
#include "ref.h"

void gp_ref_sgemm(int ta, int tb, int64_t m, int64_t n, int64_t k, double alpha, const float *A, int64_t lda,
                  const float *B, int64_t ldb, double beta, const float *C, int64_t ldc, double *out)
{
    for (int64_t i = 0; i < m; i++)
        for (int64_t j = 0; j < n; j++) {
            double s = 0.0;
            for (int64_t l = 0; l < k; l++) {
                double a = ta ? A[l * lda + i] : A[i * lda + l];
                double b = tb ? B[j * ldb + l] : B[l * ldb + j];
                s += a * b;
            }
            out[i * n + j] = alpha * s + (beta != 0.0 ? beta * (double)C[i * ldc + j] : 0.0);
        }
}
