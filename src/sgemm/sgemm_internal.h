/* sgemm_internal.h — the argument block the sgemm rungs share (sgemm.c -> rung files). */
#ifndef GP_SGEMM_INTERNAL_H
#define GP_SGEMM_INTERNAL_H
#include "../core/internal.h"
#ifdef __cplusplus
extern "C" {
#endif

/* One call, checked by the dispatcher: C (m x n, ldc) = alpha * op(A) * op(B) + beta * C, row-major.
 * ta/tb: 0 = as stored, 1 = transposed. k == 0 means "do not read A or B" (also used for alpha == 0). */
typedef struct gp_sgemm_args {
    int64_t m, n, k;
    const float *A;
    const float *B;
    float *C;
    int64_t lda, ldb, ldc;
    float alpha, beta;
    int ta, tb;
    int vec_a, vec_b, vec_c; /* 1 if the matrix is 16-byte aligned and its ld is a multiple of 4 */
} gp_sgemm_args;

/* Rung 10's tile configurations. gp__sgemm_r10_pick is the per-shape rule (dev NULL: an H100);
 * gp_set_config(h, GP_PRIM_SGEMM, cfg) makes rung 10 use configuration cfg instead (the tuning sweep of
 * `gpuprim bench sgemm -v`). Configuration 5 is for comparison only: the rule never picks it. */
#define GP_SGEMM_R10_CONFIGS 6
int gp__sgemm_r10_pick(const gp_device_info *dev, int64_t m, int64_t n, int64_t k);
const char *gp__sgemm_r10_config_name(int cfg);

#ifdef __cplusplus
}
#endif
#endif
