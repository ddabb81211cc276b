/* transpose_internal.h — the transpose rungs' launchers, called by the dispatcher (transpose.c).
 * Every launcher transposes a rows x cols row-major matrix `in` (leading dimension ld_in) into the
 * cols x rows row-major matrix `out` (leading dimension ld_out), for 4-byte (float) or 8-byte (double)
 * elements; rows, cols >= 1; arguments already checked. */
#ifndef GP_TRANSPOSE_INTERNAL_H
#define GP_TRANSPOSE_INTERNAL_H
#include "../core/internal.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef gp_status (*gp_transpose_launcher)(const gp_device_info *dev, cudaStream_t s, int elem_bytes,
                                           int64_t rows, int64_t cols, const void *in, int64_t ld_in,
                                           void *out, int64_t ld_out);

gp_status gp__transpose_r01_naive(const gp_device_info *, cudaStream_t, int, int64_t, int64_t, const void *, int64_t, void *, int64_t);
gp_status gp__transpose_r02_tile(const gp_device_info *, cudaStream_t, int, int64_t, int64_t, const void *, int64_t, void *, int64_t);
gp_status gp__transpose_r03_padded(const gp_device_info *, cudaStream_t, int, int64_t, int64_t, const void *, int64_t, void *, int64_t);
gp_status gp__transpose_r04_vec4(const gp_device_info *, cudaStream_t, int, int64_t, int64_t, const void *, int64_t, void *, int64_t);
gp_status gp__transpose_r05_grouped(const gp_device_info *, cudaStream_t, int, int64_t, int64_t, const void *, int64_t, void *, int64_t);

/* 1 if rung 4's (and 5's) 16-byte path may run: both bases 16-byte aligned and both leading dimensions whole
 * 16-byte multiples, so that every row of in and out starts on a 16-byte boundary. */
int gp__transpose_vec_ok(int elem_bytes, const void *in, int64_t ld_in, const void *out, int64_t ld_out);

gp_kernel_info gp__transpose_r01_kernel(void);
gp_kernel_info gp__transpose_r02_kernel(void);
gp_kernel_info gp__transpose_r03_kernel(void);
gp_kernel_info gp__transpose_r04_kernel(void);
gp_kernel_info gp__transpose_r05_kernel(void);

#ifdef __cplusplus
}
#endif
#endif
