/* transpose_internal.h — the transpose rungs' argument struct, shared by the dispatcher (transpose.c) and
 * the rungs. Every rung transposes a rows x cols row-major matrix `in` (leading dimension ld_in) into the
 * cols x rows row-major matrix `out` (leading dimension ld_out), for 4-byte (float) or 8-byte (double)
 * elements; rows, cols >= 1; arguments already checked. */
#ifndef GP_TRANSPOSE_INTERNAL_H
#define GP_TRANSPOSE_INTERNAL_H
#include "../core/internal.h"
#ifdef __cplusplus
extern "C" {
#endif

/* One call, checked by the dispatcher. */
typedef struct gp_transpose_args {
    int elem_bytes; /* 4 or 8 */
    int64_t rows, cols;
    const void *in;
    int64_t ld_in;
    void *out;
    int64_t ld_out;
} gp_transpose_args;

/* Rung 03's kernel on raw arguments: also the edges of rungs 04 and 05. */
gp_status gp__transpose_r03_padded(const gp_device_info *dev, cudaStream_t s, int elem_bytes, int64_t rows,
                                   int64_t cols, const void *in, int64_t ld_in, void *out, int64_t ld_out);

/* 1 if rung 4's (and 5's) 16-byte path may run: both bases 16-byte aligned and both leading dimensions whole
 * 16-byte multiples, so that every row of in and out starts on a 16-byte boundary. */
int gp__transpose_vec_ok(int elem_bytes, const void *in, int64_t ld_in, const void *out, int64_t ld_out);

#ifdef __cplusplus
}
#endif
#endif
