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

#ifdef __cplusplus
}
#endif
#endif
