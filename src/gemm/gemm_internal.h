/* gemm_internal.h — the argument block the tensor-core gemm rungs share (the dispatcher
 * gemm.c -> the rung files src/gemm/NN_*.cu). Private to the library (C, also included from the .cu files). */
#ifndef GP_GEMM_INTERNAL_H
#define GP_GEMM_INTERNAL_H
#include "../core/internal.h"
#ifdef __cplusplus
extern "C" {
#endif

/* One call, checked by the dispatcher: C (m x n, ldc) = alpha * op(A) * op(B) + beta * C, all row-major.
 * A is stored m x k (lda >= k) if ta == 0, k x m (lda >= m) if ta == 1; B is stored k x n (ldb >= n) if
 * tb == 0, n x k (ldb >= k) if tb == 1. Supported type combinations (the launchers do not check them again):
 *   compute F32:  ab_type F16 or BF16, c_type F32 or == ab_type;
 *   compute TF32: ab_type F32, c_type F32.
 * m, n >= 1. k == 0 means "do not read A or B" (the dispatcher also passes 0 for alpha == 0): C = beta * C.
 * beta == 0: C is not read. Only C's m x n window is written. */
typedef struct gp_gemm_args {
    int64_t m, n, k;
    const void *A, *B;
    void *C;
    int64_t lda, ldb, ldc;
    float alpha, beta;
    int ta, tb;               /* 0 as stored, 1 transposed */
    gp_dtype ab_type, c_type;
    gp_compute compute;
    int vec_a, vec_b, vec_c;  /* 1 if the matrix base is 16-byte aligned and ld*elem_size is a multiple of 16 */
    void *ws;                 /* device scratch (the handle's workspace; 16-byte aligned), NULL if none: split-k */
    size_t ws_bytes;          /* partials of the Hopper plans; a plan that needs more than ws_bytes is not chosen */
} gp_gemm_args;

/* Element size in bytes of a gp_dtype (0 for an unknown one). */
static inline size_t gp__gemm_elem_size(gp_dtype t)
{
    return t == GP_DTYPE_F32 ? 4 : (t == GP_DTYPE_F16 || t == GP_DTYPE_BF16) ? 2 : 0;
}
/* The vec_* flag of a matrix: base 16-byte aligned and each row starts 16-byte aligned. */
static inline int gp__gemm_vec_ok(const void *p, int64_t ld, size_t elem_size)
{
    return ((uintptr_t)p % 16) == 0 && ((uint64_t)ld * elem_size) % 16 == 0;
}

/* Rung 03's tile configurations. gp__gemm_r03_pick is the per-shape rule (pure, no CUDA: unit-testable on
 * the CPU; dev may be NULL = an H100 with 132 SMs); gp__gemm_r03_launch_cfg runs configuration `cfg`
 * (-1: the rule) and writes the one it ran to *ran (may be NULL); a configuration whose shared memory the
 * device cannot give a block (dev->smem_per_block_optin) returns GP_ERROR_NOT_SUPPORTED. */
#define GP_GEMM_R03_CONFIGS 5
int gp__gemm_r03_pick(const gp_device_info *dev, int64_t m, int64_t n, int64_t k, gp_compute compute);
const char *gp__gemm_r03_config_name(int cfg);
gp_status gp__gemm_r03_launch_cfg(const gp_device_info *dev, cudaStream_t s, const gp_gemm_args *a, int cfg, int *ran);

/* Rung 03's hand-off (src/gemm/hopper/hopper_pack.c): picked automatically (c->forced == 0) for a call the
 * Hopper rungs cannot describe, with GP_GEMM_PACK=1 builds, it copies the operands into the workspace and runs
 * the Hopper plan on the copies (*handled = 1, c->ran_rung = the plan's rung); else *handled = 0 and nothing was
 * queued. */
gp_status gp__gemm_pack_handoff(gp_ctx *c, const gp_gemm_args *a, int *handled);

#ifdef __cplusplus
}
#endif
#endif
