/* ref_map.c — CPU reference for map. */
#include "ref.h"
#include <math.h>

void gp_ref_map_f32(gp_binop op, int64_t n, const float *a, const float *b, float *c)
{
    for (int64_t i = 0; i < n; i++) {
        float x = a[i], y = b[i];
        switch (op) {
        case GP_BINOP_ADD: c[i] = x + y; break;
        case GP_BINOP_SUB: c[i] = x - y; break;
        case GP_BINOP_MUL: c[i] = x * y; break;
        case GP_BINOP_MIN: c[i] = fminf(x, y); break;
        default: c[i] = fmaxf(x, y); break;
        }
    }
}
