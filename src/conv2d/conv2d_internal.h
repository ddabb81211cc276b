/* conv2d_internal.h — the conv2d rungs' argument struct, shared by the dispatcher (conv2d.c) and the rungs.
 * Every rung computes the correlation described in gpuprim.h (gp_conv2d_f32) for one checked call. */
#ifndef GP_CONV2D_INTERNAL_H
#define GP_CONV2D_INTERNAL_H
#include "../core/internal.h"
#ifdef __cplusplus
extern "C" {
#endif

/* Largest filter edge the constant-memory rungs (02-04) take. */
#define GP_CONV_MAX_TAPS 31

/* One call, checked by the dispatcher: rows, cols >= 1; fr, fc odd >= 1; out_rows, out_cols >= 1.
 * Output (r, c) is centred on input (r + dr, c + dc): dr = dc = 0 for SAME, fr/2 and fc/2 for VALID. Its
 * window is rows r + dr - fr/2 .. r + dr + fr/2 and the same for columns; input outside the image is 0. */
typedef struct gp_conv2d_args {
    int64_t rows, cols;
    const float *in;
    int64_t ld_in;
    const float *filter;
    int fr, fc;
    gp_conv_mode mode;
    int dr, dc;
    int64_t out_rows, out_cols;
    float *out;
    int64_t ld_out;
} gp_conv2d_args;

/* Rungs 02-04: both filter edges <= GP_CONV_MAX_TAPS (a larger filter runs rung 01). */
int gp__conv2d_small_filter(const gp_device_info *dev, const void *args);

#ifdef __cplusplus
}
#endif
#endif
