/* conv_kit.h — what the conv2d and separable CLI modules (prim_conv2d.c, prim_separable.c) share (conv_kit.c): one
 * verify routine (gpt_verify_conv2d_case / gpt_verify_separable_case in verify_cases.h) and one bench case for both
 * kinds of filter, against the device-to-device copy and cuDNN. */
#ifndef GPT_CONV_KIT_H
#define GPT_CONV_KIT_H

#include "driver.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A bench case: a dense rows x cols image, SAME. GB/s counts 8 bytes per output pixel against the copy of the
 * image (the vendor), with cuDNN's time in a second row (separable: on the dense fr x fc outer product);
 * flops = 1 (conv2d only): TFLOP/s = 2 rows cols fr fc / t against cuDNN as the vendor, or, without cuDNN, GB/s
 * against the copy. Every rung's output is checked against the double reference; cuDNN's (whose algorithm may be
 * an FFT or Winograd, not bounded per element like an FMA chain) within a relative Frobenius error of 1e-4. */
typedef struct gpt_conv_bench {
    int sep;             /* 0: gp_conv2d_f32; 1: gp_conv2d_separable_f32 (fc row taps, fr column taps) */
    int64_t rows, cols;
    int fr, fc;
    int flops;
    /* filled by the hooks */
    float *hin, *got;
    double *want, *abs_sum;
    int cudnn_vendor;    /* cuDNN is the vendor row */
} gpt_conv_bench;

extern const gpt_case_hooks gpt_conv_bench_hooks;

/* The verify cases of one rung: each {rows, cols, fr, fc, ws_rows} shape (--m, --n and --k replace its size and
 * filter; ws_rows > 0: separable strips, ws_rows - fr rows each) in both modes and every layout, on gp_conv2d_f32
 * (sep = 0) or gp_conv2d_separable_f32. Returns failures; adds the calls made to *calls. */
int gpt_conv_verify_shapes(gp_handle h, int sep, const gpt_opts *o, int rung, const int (*shapes)[5], int nshapes,
                           uint64_t *seed, int *calls);
/* The filter edge --k asks for, `dflt` without --k. */
int gpt_conv_filter_arg(const gpt_opts *o, int dflt);
/* The modules' check_args: --k must be an odd filter edge; 0, or 1 with the reason in why. */
int gpt_conv_check_k(const gpt_opts *o, const char *prim, char *why, size_t len);

#ifdef __cplusplus
}
#endif
#endif
