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

/* out (cols x rows, ld_out) = in^T (rows x cols, ld_in), elements of elem_bytes bytes copied bit for bit;
 * the padding of out is not touched. */
void gp_ref_transpose(int elem_bytes, int64_t rows, int64_t cols, const void *in, int64_t ld_in, void *out,
                      int64_t ld_out);
/* Number of elements of out that differ (bitwise) from in^T; the first few are reported to stderr with
 * `what` (NULL: silent). */
int64_t gp_ref_transpose_mismatches(int elem_bytes, int64_t rows, int64_t cols, const void *in, int64_t ld_in,
                                    const void *out, int64_t ld_out, const char *what);

#ifdef __cplusplus
}
#endif
#endif
