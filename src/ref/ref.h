/* ref.h — CPU references for every primitive (C; sums accumulate in double). Used by the tests and by
 * `gpuprim verify` / `gpuprim bench` to check every element the GPU wrote. */
#ifndef GP_REF_H
#define GP_REF_H
#include <stdint.h>
#include "gpuprim.h"
#ifdef __cplusplus
extern "C" {
#endif

/* c[i] = a[i] op b[i] in float arithmetic, as the GPU does it: the result must match bit for bit. */
void gp_ref_map_f32(gp_binop op, int64_t n, const float *a, const float *b, float *c);

/* sgemm: out (m x n, dense, ld n) = alpha * op(A) * op(B) + beta * C in double, row-major, ta/tb = 1 for
 * transposed; C is not read when beta == 0 (C may then be NULL). */
void gp_ref_sgemm(int ta, int tb, int64_t m, int64_t n, int64_t k, double alpha, const float *A, int64_t lda,
                  const float *B, int64_t ldb, double beta, const float *C, int64_t ldc, double *out);

#ifdef __cplusplus
}
#endif
#endif
