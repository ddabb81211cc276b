/* sgemm_internal.h — the sgemm rungs' launchers and the argument block they share (sgemm.c -> rung files). */
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

typedef gp_status (*gp_sgemm_launcher)(const gp_device_info *dev, cudaStream_t s, const gp_sgemm_args *p);

gp_status gp__sgemm_r01_naive(const gp_device_info *, cudaStream_t, const gp_sgemm_args *);
gp_status gp__sgemm_r02_coalesced(const gp_device_info *, cudaStream_t, const gp_sgemm_args *);
gp_status gp__sgemm_r03_smem(const gp_device_info *, cudaStream_t, const gp_sgemm_args *);
gp_status gp__sgemm_r04_padded(const gp_device_info *, cudaStream_t, const gp_sgemm_args *);
gp_status gp__sgemm_r05_float4(const gp_device_info *, cudaStream_t, const gp_sgemm_args *);
gp_status gp__sgemm_r06_regblock1d(const gp_device_info *, cudaStream_t, const gp_sgemm_args *);
gp_status gp__sgemm_r07_regblock2d(const gp_device_info *, cudaStream_t, const gp_sgemm_args *);
gp_status gp__sgemm_r08_warptile(const gp_device_info *, cudaStream_t, const gp_sgemm_args *);
gp_status gp__sgemm_r09_cpasync(const gp_device_info *, cudaStream_t, const gp_sgemm_args *);
gp_status gp__sgemm_r10_tuned(const gp_device_info *, cudaStream_t, const gp_sgemm_args *);

gp_kernel_info gp__sgemm_r01_kernel(void);
gp_kernel_info gp__sgemm_r02_kernel(void);
gp_kernel_info gp__sgemm_r03_kernel(void);
gp_kernel_info gp__sgemm_r04_kernel(void);
gp_kernel_info gp__sgemm_r05_kernel(void);
gp_kernel_info gp__sgemm_r06_kernel(void);
gp_kernel_info gp__sgemm_r07_kernel(void);
gp_kernel_info gp__sgemm_r08_kernel(void);
gp_kernel_info gp__sgemm_r09_kernel(void);
gp_kernel_info gp__sgemm_r10_kernel(void);

/* Rung 10's tile configurations. gp__sgemm_r10_pick is the per-shape rule; gp__sgemm_r10_force makes
 * rung 10 use configuration `cfg` (-1 = the rule), for the tuning sweep of `gpuprim bench sgemm -v`. */
#define GP_SGEMM_R10_CONFIGS 6
int gp__sgemm_r10_pick(const gp_device_info *dev, int64_t m, int64_t n, int64_t k);
const char *gp__sgemm_r10_config_name(int cfg);
void gp__sgemm_r10_force(int cfg);

#ifdef __cplusplus
}
#endif
#endif
