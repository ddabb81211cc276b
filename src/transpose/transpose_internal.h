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

/* Elements spanned by a rows x cols matrix with leading dimension ld (rows, cols >= 1): (rows-1)*ld + cols,
 * or -1 if that (in bytes) does not fit in int64_t. */
static inline int64_t gp__transpose_extent(int64_t rows, int64_t cols, int64_t ld, int elem_bytes)
{
    const int64_t lim = INT64_MAX / elem_bytes;
    if (cols > lim) return -1;
    if (rows - 1 > 0 && ld > (lim - cols) / (rows - 1)) return -1;
    return (rows - 1) * ld + cols;
}

/* Rung 03's kernel on raw arguments: also the edges of rungs 04 and 05. */
gp_status gp__transpose_r03_padded(const gp_device_info *dev, cudaStream_t s, int elem_bytes, int64_t rows,
                                   int64_t cols, const void *in, int64_t ld_in, void *out, int64_t ld_out);

/* 1 if rung 4's (and 5's) 16-byte path may run: both bases 16-byte aligned and both leading dimensions whole
 * 16-byte multiples, so that every row of in and out starts on a 16-byte boundary. */
int gp__transpose_vec_ok(int elem_bytes, const void *in, int64_t ld_in, const void *out, int64_t ld_out);

/* The rung that runs when rung 6 is picked automatically: 6 (its own kernel), or
 *  - 3 for a single row or column (a strided copy), where rung 3's 32x32 tiles waste less of the block. H100
 *    (results/h100-2026-11-23g/call1): 1x4194304 f32 rung 6 0.953x cublasSgeam, rung 3 2.19-2.24x; 4194304x1
 *    rung 6 1.378x, rung 3 2.52-2.57x;
 *  - 4 where rung 4's kernel alone covers the matrix (every row 16-byte aligned: vec_ok; rows and cols whole
 *    tiles of `tile`): the same tile code without rung 6's edge paths, so a smaller kernel; rung 6 measured
 *    equal at 16384^2 (1.018-1.020x) and 0.7 us slower at 256^2 (7.0 us against rung 4's 6.3, cuBLAS 6.0-6.9;
 *    call1-4 sweeps). */
static inline int gp__transpose_r06_runs(int64_t rows, int64_t cols, int tile, int vec_ok)
{
    if (rows <= 1 || cols <= 1) return 3;
    if (vec_ok && rows % tile == 0 && cols % tile == 0) return 4;
    return 6;
}

/* Rung 6 picked automatically, on raw arguments (checked as the dispatcher does): runs rung 3, 4 or 6 as
 * gp__transpose_r06_runs says and writes which to *ran (may be NULL). Also gemm's packing of tf32 operands. */
gp_status gp__transpose_r06_auto(const gp_device_info *dev, cudaStream_t s, int elem_bytes, int64_t rows, int64_t cols,
                                 const void *in, int64_t ld_in, void *out, int64_t ld_out, int *ran);

/* Rung 4's launcher on raw arguments (rung 6 hands it whole-tile aligned matrices). */
gp_status gp__transpose_r04_vec4(const gp_device_info *dev, cudaStream_t s, int elem_bytes, int64_t rows,
                                 int64_t cols, const void *in, int64_t ld_in, void *out, int64_t ld_out);

#ifdef __cplusplus
}
#endif
#endif
