/* ref_scan.c — CPU references for scan (prefix sums) and stream compaction. */
#include "ref.h"
#include <math.h>

void gp_ref_scan_u32(int exclusive, int64_t n, const uint32_t *in, uint32_t *out)
{
    uint32_t acc = 0; /* unsigned: wraps modulo 2^32, the same bits as two's complement i32 */
    for (int64_t i = 0; i < n; i++) {
        uint32_t x = in[i];
        if (exclusive) { out[i] = acc; acc += x; }
        else { acc += x; out[i] = acc; }
    }
}

void gp_ref_scan_f32(int exclusive, int64_t n, const float *in, double *out, double *abs_prefix)
{
    double acc = 0.0, acc_abs = 0.0;
    for (int64_t i = 0; i < n; i++) {
        double x = in[i];
        if (exclusive) { out[i] = acc; acc += x; }
        else { acc += x; out[i] = acc; }
        acc_abs += fabs(x);
        if (abs_prefix) abs_prefix[i] = acc_abs;
    }
}

int gp_ref_keep_f32(float x, gp_select_pred pred, float v)
{
    switch (pred) {
    case GP_SELECT_GT: return x > v;
    case GP_SELECT_GE: return x >= v;
    case GP_SELECT_LT: return x < v;
    case GP_SELECT_LE: return x <= v;
    case GP_SELECT_EQ: return x == v;
    case GP_SELECT_NE: return x != v;
    default: return x != 0.0f;
    }
}

int gp_ref_keep_i32(int32_t x, gp_select_pred pred, int32_t v)
{
    switch (pred) {
    case GP_SELECT_GT: return x > v;
    case GP_SELECT_GE: return x >= v;
    case GP_SELECT_LT: return x < v;
    case GP_SELECT_LE: return x <= v;
    case GP_SELECT_EQ: return x == v;
    case GP_SELECT_NE: return x != v;
    default: return x != 0;
    }
}

int64_t gp_ref_select_f32(int64_t n, const float *in, gp_select_pred pred, float value, float *out)
{
    int64_t k = 0;
    for (int64_t i = 0; i < n; i++)
        if (gp_ref_keep_f32(in[i], pred, value)) out[k++] = in[i];
    return k;
}

int64_t gp_ref_select_i32(int64_t n, const int32_t *in, gp_select_pred pred, int32_t value, int32_t *out)
{
    int64_t k = 0;
    for (int64_t i = 0; i < n; i++)
        if (gp_ref_keep_i32(in[i], pred, value)) out[k++] = in[i];
    return k;
}

int64_t gp_ref_select_flagged_u32(int64_t n, const uint32_t *in, const uint8_t *flags, uint32_t *out)
{
    int64_t k = 0;
    for (int64_t i = 0; i < n; i++)
        if (flags[i]) out[k++] = in[i];
    return k;
}
