/* check.c — comparing GPU output with the CPU reference, element by element. */
#include "check.h"
#include "ref/ref.h"
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

int64_t gpt_check_conv(const char *what, const float *buf, int64_t off, int64_t rows, int64_t cols, int64_t ld,
                       const double *want, const double *abs_sum, int64_t taps)
{
    int64_t bad = 0, touched = gpt_count_unpoisoned(buf, 0, off, sizeof(float));
    for (int64_t r = 0; r < rows; r++) {
        const float *got = buf + off + r * ld;
        for (int64_t c = 0; c < cols; c++) {
            const int64_t i = r * cols + c;
            if (!gp_ref_conv_close(got[c], want[i], abs_sum[i], taps)) {
                if (bad < 4)
                    fprintf(stderr, "  %s: out[%lld][%lld] = %.9g, want %.9g (bound %.3g)\n", what, (long long)r,
                            (long long)c, got[c], want[i], gp_ref_conv_tol(taps) * abs_sum[i]);
                bad++;
            }
        }
        if (r + 1 < rows) touched += gpt_count_unpoisoned(buf, off + r * ld + cols, off + (r + 1) * ld, sizeof(float));
    }
    if (touched) fprintf(stderr, "  %s: %lld elements outside the output written\n", what, (long long)touched);
    return bad + touched;
}
