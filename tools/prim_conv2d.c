/* prim_conv2d.c — 2D correlation (gp_conv2d_f32) in the gpuprim command: its verify cases, and its bench cases
 * (3x3 and 5x5 against the copy ceiling with cuDNN in its own row; 15x15 in TFLOP/s against cuDNN) for the generic
 * driver. Both run through conv_kit.c, which the separable filter shares. --m/--n: the image; --k: a k x k filter. */
#include "conv_kit.h"
#include "verify_cases.h"
#include <string.h>

/* {rows, cols, fr, fc, 0}: every kind of filter up to the constant rungs' 31 x 31 and past it (rung 01 only),
 * tiles +-1 (rung 03: 32x32 outputs; rung 04: 128x32 or 256x32), one-row and one-column images, filters larger
 * than the image (SAME: only border taps meet it; VALID: an empty output that must stay untouched) */
static const int verify_shapes[][5] = {
    {45, 140, 1, 1, 0},  {45, 140, 3, 3, 0},  {45, 140, 5, 5, 0},  {45, 140, 15, 15, 0}, {45, 140, 31, 31, 0},
    {37, 263, 1, 7, 0},  {37, 263, 9, 3, 0},  {37, 263, 31, 1, 0}, {1, 257, 3, 3, 0},    {257, 1, 3, 3, 0},
    {33, 129, 5, 5, 0},  {31, 255, 7, 7, 0},  {65, 257, 3, 3, 0},  {5, 7, 15, 15, 0},    {1, 1, 31, 31, 0},
    {40, 50, 33, 33, 0}, {60, 20, 41, 3, 0},
};

static int conv2d_verify(gp_handle h, const gpt_opts *o, int rung, char *detail, size_t len)
{
    uint64_t seed = (uint64_t)o->seed;
    int calls = 0, f = gpt_conv_verify_shapes(h, 0, o, rung, verify_shapes,
                                              (int)(sizeof verify_shapes / sizeof verify_shapes[0]), &seed, &calls);
    /* the constant-memory rungs' filter ring, from 4 host threads on 4 streams (auto: rungs 02-04 in turn) */
    if (rung != 1) f += gpt_verify_conv_ring(0, rung, 4, 10, 256, 320, 15, seed++, o->verbose);
    snprintf(detail, len, "%d calls: filters 1x1-41x3%s, SAME/VALID, 3 layouts%s", calls,
             o->m >= 0 || o->n >= 0 || o->k >= 0 ? " (sizes as given)" : ", 1x1-257x1 images",
             rung != 1 ? "; the constant ring from 4 threads" : "");
    return f;
}

static int conv2d_bench(gpt_bench *b)
{
    const gpt_opts *o = b->o;
    const int k = gpt_conv_filter_arg(o, 3);
    const int64_t big = o->quick ? 2048 : 8192, mid = o->quick ? 1024 : 3072;
    /* the cases: 3x3 and 5x5 bound by memory (8 bytes per pixel, against the copy), 15x15 by FMAs */
    gpt_conv_bench cases[3], given;
    int fails = 0;
    memset(cases, 0, sizeof cases);
    memset(&given, 0, sizeof given);
    cases[0].rows = cases[0].cols = cases[1].rows = cases[1].cols = big;
    cases[0].fr = cases[0].fc = 3;
    cases[1].fr = cases[1].fc = 5;
    cases[2].rows = cases[2].cols = mid;
    cases[2].fr = cases[2].fc = 15;
    cases[2].flops = 1;
    if (o->m > 0 || o->n > 0 || o->k > 0) {
        given.rows = o->m > 0 ? o->m : (o->n > 0 ? o->n : big);
        given.cols = o->n > 0 ? o->n : given.rows;
        given.fr = given.fc = k;
        return gpt_bench_case(b, &gpt_conv_bench_hooks, &given);
    }
    for (int i = 0; i < 3; i++) fails += gpt_bench_case(b, &gpt_conv_bench_hooks, &cases[i]);
    return fails;
}

static int conv2d_check_args(const gpt_opts *o, char *why, size_t len)
{
    return gpt_conv_check_k(o, "conv2d", why, len);
}

const gpt_prim_cli gpt_conv2d_cli = {"conv2d", GP_PRIM_CONV2D, NULL, NULL, 0, conv2d_verify, conv2d_bench,
                                    conv2d_check_args};
