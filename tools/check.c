/* check.c — comparing GPU output with the CPU reference, element by element. */
#include "gpt.h"
#include <math.h>
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

double gpt_rel_l2_f32(const float *got, const double *want, int64_t n)
{
    double num = 0, den = 0;
    for (int64_t i = 0; i < n; i++) {
        double d = (double)got[i] - want[i];
        if (isnan(got[i])) return INFINITY;
        num += d * d;
        den += want[i] * want[i];
    }
    if (den == 0) return num == 0 ? 0 : INFINITY;
    return sqrt(num / den);
}
