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

/* reduce: the result of op over x[0, n) (identity for n == 0: 0, +inf / -inf, INT32_MAX / INT32_MIN);
 * sums accumulate in double (f32, f64) or int64 (i32); min/max ignore NaNs like fmin/fmax. abs_sum (may be
 * NULL) receives sum |x_i|, the scale of the rounding error bound. */
double gp_ref_reduce_f32(gp_reduce_op op, int64_t n, const float *x, double *abs_sum);
double gp_ref_reduce_f64(gp_reduce_op op, int64_t n, const double *x, double *abs_sum);
int64_t gp_ref_reduce_i32(gp_reduce_op op, int64_t n, const int32_t *x);
/* The first index of the largest non-NaN value; -1 if there is none (n == 0 or all NaN). */
int64_t gp_ref_argmax_f32(int64_t n, const float *x);
/* Relative bound tol for a gpuprim f32 sum of n values: |got - exact| <= tol * sum |x_i| (derivation in
 * ref_reduce.c). */
double gp_ref_reduce_f32_tol(int64_t n);
/* scan (ref_scan.c). Integer prefix sums wrap modulo 2^32 (i32 passes its bits as u32). The f32 reference
 * accumulates in double; abs_prefix (may be NULL) gets the running sum of |x|, the scale of the rounding
 * error a float scan may make. */
void gp_ref_scan_u32(int exclusive, int64_t n, const uint32_t *in, uint32_t *out);
void gp_ref_scan_f32(int exclusive, int64_t n, const float *in, double *out, double *abs_prefix);
/* compaction: 1 if x is kept; the select functions write the kept elements in order and return their count */
int gp_ref_keep_f32(float x, gp_select_pred pred, float v);
int gp_ref_keep_i32(int32_t x, gp_select_pred pred, int32_t v);
int64_t gp_ref_select_f32(int64_t n, const float *in, gp_select_pred pred, float value, float *out);
int64_t gp_ref_select_i32(int64_t n, const int32_t *in, gp_select_pred pred, int32_t value, int32_t *out);
int64_t gp_ref_select_flagged_u32(int64_t n, const uint32_t *in, const uint8_t *flags, uint32_t *out);
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
/* out (cols x rows, ld_out) = in^T (rows x cols, ld_in), elements of elem_bytes bytes copied bit for bit;
 * the padding of out is not touched. */
void gp_ref_transpose(int elem_bytes, int64_t rows, int64_t cols, const void *in, int64_t ld_in, void *out,
                      int64_t ld_out);
/* Number of elements of out that differ (bitwise) from in^T; the first few are reported to stderr with
 * `what` (NULL: silent). */
int64_t gp_ref_transpose_mismatches(int elem_bytes, int64_t rows, int64_t cols, const void *in, int64_t ld_in,
                                    const void *out, int64_t ld_out, const char *what);
/* sgemm: out (m x n, dense, ld n) = alpha * op(A) * op(B) + beta * C in double, row-major, ta/tb = 1 for
 * transposed; C is not read when beta == 0 (C may then be NULL). */
void gp_ref_sgemm(int ta, int tb, int64_t m, int64_t n, int64_t k, double alpha, const float *A, int64_t lda,
                  const float *B, int64_t ldb, double beta, const float *C, int64_t ldc, double *out);
/* sort (ref_sort.c), written from gpuprim.h's contract, independently of the kernels' sort_keys.cuh. The order
 * value of a key's raw bits (the low 32 bits for 4-byte types): u32 / u64 as they are, i32 / i64 with the sign
 * flipped, f32 numeric with -0.0 below +0.0 and every NaN above +inf and equal to the others; descending: its
 * complement within the key's width. */
uint64_t gp_ref_sort_order(uint64_t bits, gp_sort_key key, int descending);
/* idx[j] = the input index of the element that belongs at j in the stable sort of keys[0, n) (raw bits) by
 * the bits [begin_bit, end_bit) of their order values (a merge sort). 0, or 1 if memory ran out. */
int gp_ref_sort(int64_t n, const uint64_t *keys, gp_sort_key key, int descending, int begin_bit, int end_bit,
                int64_t *idx);

/* Convolutions (ref_conv.c), semantics in gpuprim.h. Outputs are dense out_rows x out_cols in double (sums
 * in double; products of two floats are exact); abs_out (may be NULL) gets sum |f * x| per output, the
 * scale of the f32 rounding error. The _rows forms compute output rows [r_begin, r_end) only (for
 * parallel callers); the others all of them. gp_ref_conv_out_size gives 0 x 0 for an empty output. */
void gp_ref_conv_out_size(int64_t rows, int64_t cols, int fr, int fc, gp_conv_mode mode, int64_t *out_rows,
                          int64_t *out_cols);
void gp_ref_conv2d_rows(int64_t rows, int64_t cols, const float *in, int64_t ld_in, const float *filter, int fr,
                        int fc, gp_conv_mode mode, int64_t r_begin, int64_t r_end, double *out, double *abs_out);
void gp_ref_conv2d_f32(int64_t rows, int64_t cols, const float *in, int64_t ld_in, const float *filter, int fr, int fc,
                       gp_conv_mode mode, double *out, double *abs_out);
/* Separable: the exact outer-product filter f[i][j] = col_filter[i] * row_filter[j] (col_filter NULL: fr = 1,
 * the identity); abs_out = sum_i |cf_i| sum_j |rf_j x|, the scale of the two-pass rounding error. */
void gp_ref_separable_rows(int64_t rows, int64_t cols, const float *in, int64_t ld_in, const float *row_filter, int fc,
                           const float *col_filter, int fr, gp_conv_mode mode, int64_t r_begin, int64_t r_end,
                           double *out, double *abs_out);
void gp_ref_separable_f32(int64_t rows, int64_t cols, const float *in, int64_t ld_in, const float *row_filter, int fc,
                          const float *col_filter, int fr, gp_conv_mode mode, double *out, double *abs_out);
void gp_ref_conv1d_f32(int64_t n, const float *in, const float *filter, int k, gp_conv_mode mode, double *out,
                       double *abs_out);
/* Relative bound of an f32 FMA chain of `taps` terms (fr * fc for conv2d, fr + fc for the separable filter):
 * |got - exact| <= gp_ref_conv_tol(taps) * abs_sum; gp_ref_conv_close applies it (plus taps * FLT_MIN for
 * underflow; NaN only matches NaN). */
double gp_ref_conv_tol(int64_t taps);
int gp_ref_conv_close(double got, double want, double abs_sum, int64_t taps);
/* Jacobi (float, the library's order: 0.25f * (((up + down) + left) + right)), bit-exact with every rung:
 * one step of rows [r_begin, r_end) from src into dst (boundary cells copied), or `steps` steps
 * alternating u0 -> u1 -> u0 ... (the result in u0 if steps is even, else u1). */
void gp_ref_jacobi5_step_rows(int64_t rows, int64_t cols, const float *src, float *dst, int64_t ld, int64_t r_begin,
                              int64_t r_end);
void gp_ref_jacobi5_f32(int64_t rows, int64_t cols, float *u0, float *u1, int64_t ld, int steps);

#ifdef __cplusplus
}
#endif
#endif
