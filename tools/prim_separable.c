/* prim_separable.c — the separable filter (gp_conv2d_separable_f32) and conv1d (gp_conv1d_f32, its row pass) in the
 * gpuprim command: verify cases, and the bench case (15 + 15 taps against the copy ceiling, cuDNN on the dense
 * outer product in its own row) for the generic driver, through conv_kit.c. --m/--n: the image; --k: k taps each. */
#include "conv_kit.h"
#include "verify_cases.h"
#include <string.h>

/* {rows, cols, fr (column taps), fc (row taps), ws_rows}: filters up to 31 taps (rung 02) and past (rung 01 only),
 * rung 02's 128x32 tiles +-1, rung 01 in strips (a workspace of fr + 2 and fr + 9 rows of the row pass), a row
 * filter of 1201 taps (the row pass stages 1024 taps at a time), filters larger than the image */
static const int verify_shapes[][5] = {
    {45, 140, 1, 1, 0},   {45, 140, 3, 3, 0},   {45, 140, 15, 15, 0},  {45, 140, 31, 31, 0}, {37, 263, 1, 7, 0},
    {37, 263, 7, 1, 0},   {37, 263, 9, 3, 0},   {37, 263, 5, 17, 0},   {1, 257, 3, 3, 0},    {257, 1, 3, 3, 0},
    {33, 129, 15, 15, 0}, {31, 127, 7, 31, 0},  {50, 77, 5, 3, 7},     {41, 300, 15, 9, 17}, {41, 300, 15, 9, 24},
    {5, 7, 15, 15, 0},    {40, 50, 33, 3, 0},   {40, 1200, 3, 1201, 0},
};
/* conv1d: lengths around the row pass's 1024-output blocks, taps past its 1024 staged at a time */
static const int64_t conv1d_n[] = {1, 2, 31, 1024, 1025, 100003};
static const int conv1d_k[] = {1, 3, 15, 33, 1025};

static int separable_verify(gp_handle h, const gpt_opts *o, int rung, char *detail, size_t len)
{
    const int k = gpt_conv_filter_arg(o, 0);
    uint64_t seed = (uint64_t)o->seed;
    int calls = 0, conv1d = 0, f = gpt_conv_verify_shapes(h, 1, o, rung, verify_shapes,
                                                          (int)(sizeof verify_shapes / sizeof verify_shapes[0]), &seed,
                                                          &calls);
    /* conv1d always runs the row pass of rung 01: checked with auto and with rung 01 (0 calls for rung 02) */
    if (rung <= 1)
        for (size_t i = 0; i < sizeof conv1d_n / sizeof conv1d_n[0]; i++)
            for (size_t j = 0; j < sizeof conv1d_k / sizeof conv1d_k[0]; j++)
                for (int mode = 0; mode < GP_CONV_MODE_COUNT; mode++)
                    for (int off = 0; off < 2; off++, conv1d++)
                        f += gpt_verify_conv1d_case(h, o->n >= 0 ? o->n : conv1d_n[i], k ? k : conv1d_k[j], mode, off,
                                                    seed++, o->verbose);
    if (rung != 1) f += gpt_verify_conv_ring(1, rung, 4, 10, 256, 320, 15, seed++, o->verbose);
    snprintf(detail, len, "%d calls: taps 1-1201, strips, SAME/VALID, 3 layouts%s; %d conv1d calls%s", calls,
             o->m >= 0 || o->n >= 0 || k ? " (sizes as given)" : "", conv1d,
             rung != 1 ? "; the constant ring from 4 threads" : "");
    return f;
}

static int separable_bench(gpt_bench *b)
{
    const gpt_opts *o = b->o;
    const int k = gpt_conv_filter_arg(o, 15);
    gpt_conv_bench x;
    memset(&x, 0, sizeof x);
    x.sep = 1;
    x.rows = o->m > 0 ? o->m : (o->n > 0 ? o->n : (o->quick ? 2048 : 8192));
    x.cols = o->n > 0 ? o->n : x.rows;
    x.fr = x.fc = k;
    return gpt_bench_case(b, &gpt_conv_bench_hooks, &x);
}

static int separable_check_args(const gpt_opts *o, char *why, size_t len)
{
    return gpt_conv_check_k(o, "separable", why, len);
}

const gpt_prim_cli gpt_separable_cli = {"separable", GP_PRIM_SEPARABLE, NULL, NULL, 0, separable_verify, separable_bench,
                                       separable_check_args};
