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

#ifdef __cplusplus
}
#endif
#endif
