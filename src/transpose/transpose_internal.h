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

/* 1 where rung 6, picked automatically, runs its own kernel; a single row or column (a strided copy) it hands
 * to rung 3, whose 32x32 tiles waste less of the block there. H100 (results/h100-2026-11-23g/call1): 1x4194304
 * f32 rung 6 0.953x cublasSgeam, rung 3 2.19-2.24x; 4194304x1 rung 6 1.378x, rung 3 2.52-2.57x. */
static inline int gp__transpose_r06_own(int64_t rows, int64_t cols) { return rows > 1 && cols > 1; }

#ifdef __cplusplus
}
#endif
#endif
