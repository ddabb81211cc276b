/* ref_reduce.c — CPU reference for reduce: sums in double (f32, f64) or int64 (i32), min/max exact with the
 * library's NaN rule (NaNs ignored, as fmin/fmax). */
#include "ref.h"
#include <math.h>

double gp_ref_reduce_f32(gp_reduce_op op, int64_t n, const float *x, double *abs_sum)
{
    double r = op == GP_REDUCE_SUM ? 0.0 : op == GP_REDUCE_MIN ? INFINITY : -INFINITY, a = 0.0;
    for (int64_t i = 0; i < n; i++) {
        double v = x[i];
        a += fabs(v);
        if (op == GP_REDUCE_SUM) r += v;
        else if (op == GP_REDUCE_MIN) r = fmin(r, v);
        else r = fmax(r, v);
    }
    if (abs_sum) *abs_sum = a;
    return r;
}

double gp_ref_reduce_f64(gp_reduce_op op, int64_t n, const double *x, double *abs_sum)
{
    double r = op == GP_REDUCE_SUM ? 0.0 : op == GP_REDUCE_MIN ? INFINITY : -INFINITY, a = 0.0;
    for (int64_t i = 0; i < n; i++) {
        double v = x[i];
        a += fabs(v);
        if (op == GP_REDUCE_SUM) r += v;
        else if (op == GP_REDUCE_MIN) r = fmin(r, v);
        else r = fmax(r, v);
    }
    if (abs_sum) *abs_sum = a;
    return r;
}

int64_t gp_ref_reduce_i32(gp_reduce_op op, int64_t n, const int32_t *x)
{
    int64_t r = op == GP_REDUCE_SUM ? 0 : op == GP_REDUCE_MIN ? INT32_MAX : INT32_MIN;
    for (int64_t i = 0; i < n; i++) {
        int64_t v = x[i];
        if (op == GP_REDUCE_SUM) r += v;
        else if (op == GP_REDUCE_MIN) r = v < r ? v : r;
        else r = v > r ? v : r;
    }
    return r;
}

int64_t gp_ref_argmax_f32(int64_t n, const float *x)
{
    int64_t best = -1;
    for (int64_t i = 0; i < n; i++)
        if (x[i] == x[i] && (best < 0 || x[i] > x[best])) best = i;
    return best;
}

double gp_ref_reduce_f32_tol(int64_t n)
{
    /* A summation tree of depth d (the longest chain of roundings from an input to the result) has
     * |computed - exact| <= gamma_d * sum|x_i|, gamma_d = d u / (1 - d u), u = 2^-24 (Higham, 4.2).
     * Depth in gpuprim's f32 sums: the sequential run of one thread (at most ceil(n / 2^16) + 16 elements:
     * rungs 01-06 give a block at most ceil(n / (2^16 * 256)) tiles; rungs 07-08 run >= 256 blocks of 256
     * threads once n is large, which holds on any GPU with >= 32 SMs and in deterministic mode) plus the
     * trees (8 levels per block, <= 3 passes of <= 17 levels, fixed-order partial loops): <= 2 log2(n) + 64
     * more. So d = ceil(n / 2^16) + 2 ceil(log2 n) + 80. */
    double d = (double)((n + 65535) / 65536) + 80.0, u = 1.0 / 16777216.0;
    for (int64_t m = 1; m < n; m *= 2) d += 2.0;
    return d * u / (1.0 - d * u);
}
