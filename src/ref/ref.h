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

/* Histograms (semantics in gpuprim.h): the bins are overwritten. The even variants return non-zero (and
 * write nothing) where gpuprim returns GP_ERROR_INVALID_VALUE for the bin arguments. */
void gp_ref_histogram_u8(int64_t n, const uint8_t *samples, uint32_t *bins);
int gp_ref_histogram_even_f32(int64_t n, const float *samples, int num_bins, float lower, float upper,
                              uint32_t *bins);
int gp_ref_histogram_even_i32(int64_t n, const int32_t *samples, int num_bins, int32_t lower, int32_t upper,
                              uint32_t *bins);
/* The bin of one sample: -1 if it is not counted, -2 if the bin arguments are invalid. */
int gp_ref_histogram_bin_f32(float x, int num_bins, float lower, float upper);
int gp_ref_histogram_bin_i32(int32_t x, int num_bins, int32_t lower, int32_t upper);

#ifdef __cplusplus
}
#endif
#endif
