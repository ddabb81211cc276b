/* check.c — comparing GPU output with the CPU reference, element by element. */
#include "check.h"
#include <stdio.h>
#include <string.h>

int64_t gpt_compare_f32_exact(const char *what, const float *got, const float *want, int64_t n)
{
    int64_t bad = 0;
    for (int64_t i = 0; i < n; i++) {
        if (memcmp(&got[i], &want[i], sizeof(float)) != 0 && !(got[i] == want[i])) {
            if (bad < 5) fprintf(stderr, "  %s: element %lld: got %.9g, want %.9g\n", what, (long long)i, got[i], want[i]);
            bad++;
        }
    }
    return bad;
}

int64_t gpt_count_unpoisoned(const void *buf, int64_t first, int64_t last, size_t elem_bytes)
{
    const unsigned char *p = (const unsigned char *)buf;
    int64_t touched = 0;
    for (int64_t i = first; i < last; i++)
        for (size_t b = 0; b < elem_bytes; b++)
            if (p[(size_t)i * elem_bytes + b] != 0xFF) {
                touched++;
                break;
            }
    return touched;
}
