/* separable_internal.h — the separable-filter rungs' argument struct, shared by the dispatcher (separable.c,
 * which also holds gp_conv1d_f32) and the rungs. */
#ifndef GP_SEPARABLE_INTERNAL_H
#define GP_SEPARABLE_INTERNAL_H
#include "../core/internal.h"
#ifdef __cplusplus
extern "C" {
#endif

/* One call, checked by the dispatcher: the correlation of gp_conv2d_f32 with f[i][j] = col_filter[i] *
 * row_filter[j], as a row pass (fc taps, rounded to f32) then a column pass (fr taps). col_filter == NULL
 * means fr == 1 and no column pass at all (gp_conv1d_f32: a 1 x n image). rows, cols, out_rows, out_cols
 * >= 1; output (r, c) is centred on input (r + dr, c + dc) as in gp_conv2d_args. */
typedef struct gp_separable_args {
    int64_t rows, cols;
    const float *in;
    int64_t ld_in;
    const float *row_filter;
    int fc;
    const float *col_filter;
    int fr;
    gp_conv_mode mode;
    int dr, dc;
    int64_t out_rows, out_cols;
    float *out;
    int64_t ld_out;
} gp_separable_args;

#ifdef __cplusplus
}
#endif
#endif
