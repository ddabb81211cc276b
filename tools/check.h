/* check.h — comparing GPU output with the CPU reference, element by element, and counting what a call
 * wrote where it must not have. */
#ifndef GPT_CHECK_H
#define GPT_CHECK_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Number of elements where got != want bitwise-equal as floats (NaN in got always counts); reports the
 * first few to stderr with `what`. */
int64_t gpt_compare_f32_exact(const char *what, const float *got, const float *want, int64_t n);
/* Elements of elem_bytes each in buf[first, last) that no longer hold the poison (all bytes 0xFF). */
int64_t gpt_count_unpoisoned(const void *buf, int64_t first, int64_t last, size_t elem_bytes);
/* A convolution's output against the double reference (src/ref/ref_conv.c): buf is the host copy of the whole
 * output allocation, which holds the rows x cols matrix (leading dimension ld) at element `off` and was poisoned
 * before the call. Counts the elements outside gp_ref_conv_close's bound for `taps` and the elements outside the
 * matrix (before it, in its padding columns) that lost the poison; want and abs_sum are dense rows x cols.
 * Reports the first few to stderr with `what`. */
int64_t gpt_check_conv(const char *what, const float *buf, int64_t off, int64_t rows, int64_t cols, int64_t ld,
                       const double *want, const double *abs_sum, int64_t taps);

#ifdef __cplusplus
}
#endif
#endif
