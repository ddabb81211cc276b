/* conv_kit.c — conv2d and the separable filter in the gpuprim command and the tests: one verify routine for both
 * kinds of filter (and conv1d), and one bench case (vendor: the device-to-device copy and cuDNN). */
#include "conv_kit.h"
#include "check.h"
#include "devdata.h"
#include "vendor.h"
#include "verify_cases.h"
#include "ref/ref.h"
#include <cuda_runtime.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_CONST_TAPS 31 /* the constant-memory rungs' largest filter edge; larger filters run rung 01 */

/* (rows - 1) * ld + cols: the elements a rows x cols matrix with leading dimension ld spans */
static int64_t span(int64_t rows, int64_t cols, int64_t ld) { return rows > 0 && cols > 0 ? (rows - 1) * ld + cols : 0; }
static int64_t at_least_1(int64_t x) { return x > 1 ? x : 1; }
/* p + off, or NULL for an empty allocation (the call then must not look at the pointer) */
static float *at(float *p, int64_t off) { return p ? p + off : NULL; }
static const char *mode_name(int mode) { return mode == GP_CONV_VALID ? "VALID" : "SAME"; }
/* uniform in [-1, 1) from (seed, i) */
static float unit(uint64_t seed, int64_t i) { return (float)((gpt_mix64(seed + (uint64_t)i) >> 40) * (1.0 / 8388608.0)) - 1.f; }

/* The output columns ld_out must cover: out_cols even where the output has no rows (the API checks ld_out >= them) */
static int64_t ld_cols(int64_t cols, int fc, int mode)
{
    const int64_t c = mode == GP_CONV_VALID ? cols - fc + 1 : cols;
    return c > 1 ? c : 1;
}

/* Extra columns that give cols a leading dimension that is not a multiple of 4 (layout 1) or a multiple of 4
 * with 4 to 7 padding columns (layout 2). */
static int pad_for(int64_t cols, int layout)
{
    const int64_t c = at_least_1(cols);
    if (layout == 1) return (c + 1) % 4 == 0 ? 2 : 1;
    if (layout == 2) return (int)((c + 3) / 4 * 4 + 4 - c);
    return 0;
}

gpt_conv_case gpt_conv_case_of(int rung, int64_t rows, int64_t cols, int fr, int fc, int mode, int layout)
{
    gpt_conv_case c;
    memset(&c, 0, sizeof c);
    c.rung = rung; c.rows = rows; c.cols = cols; c.fr = fr; c.fc = fc; c.mode = mode;
    c.pad_in = pad_for(cols, layout);
    c.pad_out = layout ? pad_for(ld_cols(cols, fc, mode), layout) + 4 : 0;
    c.off_in = layout == 1 ? 1 : 0;
    c.off_out = layout == 1 ? 3 : 0;
    c.off_f = layout == 1 ? 1 : 0;
    return c;
}

/* One checked call of gp_conv2d_f32 (sep = 0) or gp_conv2d_separable_f32 (sep = 1): verify_cases.h. */
static int verify_conv(gp_handle h, int sep, const gpt_conv_case *c, uint64_t seed, int verbose)
{
    const gp_prim p = sep ? GP_PRIM_SEPARABLE : GP_PRIM_CONV2D;
    const char *name = sep ? "separable" : "conv2d";
    int64_t orows, ocols;
    gp_ref_conv_out_size(c->rows, c->cols, c->fr, c->fc, (gp_conv_mode)c->mode, &orows, &ocols);
    const int empty = orows == 0 || ocols == 0;
    const int64_t ld_in = at_least_1(c->cols) + c->pad_in, ld_out = ld_cols(c->cols, c->fc, c->mode) + c->pad_out;
    /* exactly the spans the call may read and write, from each buffer's aligned base */
    const int64_t in_n = c->rows && c->cols ? c->off_in + span(c->rows, c->cols, ld_in) : 0;
    const int64_t out_n = empty ? 64 : c->off_out + span(orows, ocols, ld_out);
    const int64_t f1_n = c->off_f + (sep ? c->fc : (int64_t)c->fr * c->fc), f2_n = sep ? c->off_f + c->fr : 0;
    const int64_t taps = sep ? (int64_t)c->fr + c->fc : (int64_t)c->fr * c->fc;
    float *din = NULL, *dout = NULL, *df1 = NULL, *df2 = NULL, *hin = NULL, *hf1 = NULL, *hf2 = NULL, *hout = NULL;
    double *want = NULL, *abs_sum = NULL;
    void *ws = NULL;
    int fail = 1, ran = 0, ran_ok = 1;
    int64_t bad = 0;
    gp_status st;
    cudaStream_t s;
    char label[64], what[160];
    gp_get_stream(h, &s);
    snprintf(what, sizeof what, "%s %lldx%lld %dx%d %s", name, (long long)c->rows, (long long)c->cols, c->fr, c->fc,
             mode_name(c->mode));
    if (gpt_dev_alloc((void **)&din, (size_t)in_n * 4) || gpt_dev_alloc((void **)&dout, (size_t)out_n * 4) ||
        gpt_dev_alloc((void **)&df1, (size_t)f1_n * 4) || gpt_dev_alloc((void **)&df2, (size_t)f2_n * 4)) {
        fprintf(stderr, "%s: cudaMalloc failed\n", what);
        goto out;
    }
    if (in_n) gpt_fill_f32(din, in_n, -1.f, 1.f, seed, s);
    gpt_fill_f32(df1, f1_n, -1.f, 1.f, seed + 1, s);
    if (sep) gpt_fill_f32(df2, f2_n, -1.f, 1.f, seed + 2, s);
    gpt_poison(dout, (size_t)out_n * 4, s);
    if (sep && c->ws_rows > 0 && !empty) {
        const size_t bytes = (size_t)(c->ws_rows * ocols) * 4;
        if (gpt_dev_alloc(&ws, bytes) || gp_set_workspace(h, ws, bytes) != GP_SUCCESS) {
            fprintf(stderr, "%s: workspace of %zu bytes failed\n", what, bytes);
            goto out;
        }
    }
    gp_set_rung(h, p, c->rung);
    st = sep ? gp_conv2d_separable_f32(h, c->rows, c->cols, at(din, c->off_in), ld_in, df1 + c->off_f, c->fc,
                                       df2 + c->off_f, c->fr, (gp_conv_mode)c->mode, dout + c->off_out, ld_out)
             : gp_conv2d_f32(h, c->rows, c->cols, at(din, c->off_in), ld_in, df1 + c->off_f, c->fr, c->fc,
                             (gp_conv_mode)c->mode, dout + c->off_out, ld_out);
    if (gpt_call_done(h, p, c->rung, st, what, label, sizeof label)) goto out;
    gp_get_last_rung(h, p, &ran);
    snprintf(what, sizeof what, "%s %s %lldx%lld %dx%d %s", name, label, (long long)c->rows, (long long)c->cols, c->fr,
             c->fc, mode_name(c->mode));
    if (!(hout = (float *)gpt_host_copy(dout, (size_t)out_n * 4))) goto out;
    if (empty) {
        bad = gpt_count_unpoisoned(hout, 0, out_n, 4);
        if (bad) fprintf(stderr, "  %s: empty output, but %lld elements written\n", what, (long long)bad);
    } else {
        want = (double *)malloc((size_t)(orows * ocols) * sizeof(double));
        abs_sum = (double *)malloc((size_t)(orows * ocols) * sizeof(double));
        if (!want || !abs_sum || !(hin = (float *)gpt_host_copy(din, (size_t)in_n * 4)) ||
            !(hf1 = (float *)gpt_host_copy(df1, (size_t)f1_n * 4)) || (sep && !(hf2 = (float *)gpt_host_copy(df2, (size_t)f2_n * 4))))
            goto out;
        if (sep)
            gp_ref_separable_f32(c->rows, c->cols, hin + c->off_in, ld_in, hf1 + c->off_f, c->fc, hf2 + c->off_f, c->fr,
                                 (gp_conv_mode)c->mode, want, abs_sum);
        else
            gp_ref_conv2d_f32(c->rows, c->cols, hin + c->off_in, ld_in, hf1 + c->off_f, c->fr, c->fc,
                              (gp_conv_mode)c->mode, want, abs_sum);
        bad = gpt_check_conv(what, hout, c->off_out, orows, ocols, ld_out, want, abs_sum, taps);
        /* a forced rung runs, unless the filter is larger than it takes: then rung 01 */
        if (c->rung > 0)
            ran_ok = ran == c->rung || (ran == 1 && (c->fr > MAX_CONST_TAPS || c->fc > MAX_CONST_TAPS));
        if (!ran_ok) fprintf(stderr, "  %s: rung %d was forced, rung %d ran\n", what, c->rung, ran);
    }
    fail = bad != 0 || !ran_ok;
    if (verbose || fail)
        printf("%s ld %lld,%lld offsets %d,%d,%d%s  %s\n", what, (long long)ld_in, (long long)ld_out, c->off_in,
               c->off_out, c->off_f, ws ? " (strips)" : "", fail ? "FAIL" : "ok");
out:
    if (fail && cudaGetLastError() != cudaSuccess) fprintf(stderr, "%s: CUDA error\n", what);
    if (ws) gp_set_workspace(h, NULL, 0);
    cudaFree(ws);
    cudaFree(din); cudaFree(dout); cudaFree(df1); cudaFree(df2);
    free(hin); free(hf1); free(hf2); free(hout); free(want); free(abs_sum);
    return fail;
}

int gpt_verify_conv2d_case(gp_handle h, const gpt_conv_case *c, uint64_t seed, int verbose)
{
    return verify_conv(h, 0, c, seed, verbose);
}

int gpt_verify_separable_case(gp_handle h, const gpt_conv_case *c, uint64_t seed, int verbose)
{
    return verify_conv(h, 1, c, seed, verbose);
}

int gpt_verify_conv1d_case(gp_handle h, int64_t n, int k, int mode, int off, uint64_t seed, int verbose)
{
    const int64_t on = mode == GP_CONV_SAME ? n : n - k + 1, out_n = on > 0 ? off + on : 64;
    const int64_t in_n = n > 0 ? off + n : 0;
    float *din = NULL, *df = NULL, *dout = NULL, *hin = NULL, *hf = NULL, *hout = NULL;
    double *want = NULL, *abs_sum = NULL;
    int fail = 1;
    int64_t bad;
    cudaStream_t s;
    char label[64], what[96];
    gp_get_stream(h, &s);
    snprintf(what, sizeof what, "conv1d n=%lld k=%d %s offset %d", (long long)n, k, mode_name(mode), off);
    if (gpt_dev_alloc((void **)&din, (size_t)in_n * 4) || gpt_dev_alloc((void **)&df, (size_t)(off + k) * 4) ||
        gpt_dev_alloc((void **)&dout, (size_t)out_n * 4)) {
        fprintf(stderr, "%s: cudaMalloc failed\n", what);
        goto out;
    }
    if (in_n) gpt_fill_f32(din, in_n, -1.f, 1.f, seed, s);
    gpt_fill_f32(df, off + k, -1.f, 1.f, seed + 1, s);
    gpt_poison(dout, (size_t)out_n * 4, s);
    if (gpt_call_done(h, GP_PRIM_SEPARABLE, 0,
                      gp_conv1d_f32(h, n, at(din, off), df + off, k, (gp_conv_mode)mode, dout + (on > 0 ? off : 0)),
                      what, label, sizeof label) ||
        !(hout = (float *)gpt_host_copy(dout, (size_t)out_n * 4)))
        goto out;
    if (on <= 0) {
        bad = gpt_count_unpoisoned(hout, 0, out_n, 4);
        if (bad) fprintf(stderr, "  %s: empty output, but %lld elements written\n", what, (long long)bad);
    } else {
        want = (double *)malloc((size_t)on * sizeof(double));
        abs_sum = (double *)malloc((size_t)on * sizeof(double));
        if (!want || !abs_sum || !(hin = (float *)gpt_host_copy(din, (size_t)in_n * 4)) ||
            !(hf = (float *)gpt_host_copy(df, (size_t)(off + k) * 4)))
            goto out;
        gp_ref_conv1d_f32(n, hin + off, hf + off, k, (gp_conv_mode)mode, want, abs_sum);
        bad = gpt_check_conv(what, hout, off, 1, on, on, want, abs_sum, k);
    }
    fail = bad != 0;
    if (verbose || fail) printf("%s (%s)  %s\n", what, label, fail ? "FAIL" : "ok");
out:
    if (fail && cudaGetLastError() != cudaSuccess) fprintf(stderr, "%s: CUDA error\n", what);
    cudaFree(din); cudaFree(df); cudaFree(dout);
    free(hin); free(hf); free(hout); free(want); free(abs_sum);
    return fail;
}

int gpt_conv_verify_shapes(gp_handle h, int sep, const gpt_opts *o, int rung, const int (*shapes)[5], int nshapes,
                           uint64_t *seed, int *calls)
{
    const int k = gpt_conv_filter_arg(o, 0);
    int f = 0;
    for (int i = 0; i < nshapes; i++) {
        const int64_t rows = o->m >= 0 ? o->m : shapes[i][0], cols = o->n >= 0 ? o->n : shapes[i][1];
        const int fr = k ? k : shapes[i][2], fc = k ? k : shapes[i][3];
        for (int mode = 0; mode < GP_CONV_MODE_COUNT; mode++)
            for (int layout = 0; layout < GPT_CONV_LAYOUTS; layout++, (*calls)++) {
                gpt_conv_case c = gpt_conv_case_of(rung, rows, cols, fr, fc, mode, layout);
                c.ws_rows = shapes[i][4] ? shapes[i][4] - shapes[i][2] + fr : 0; /* the same strip height */
                f += verify_conv(h, sep, &c, (*seed)++, o->verbose);
            }
    }
    return f;
}

#define MAX_K_ARG (1 << 20)
int gpt_conv_filter_arg(const gpt_opts *o, int dflt) { return o->k < 0 ? dflt : (int)o->k; }

int gpt_conv_check_k(const gpt_opts *o, const char *prim, char *why, size_t len)
{
    if (o->k < 0 || (o->k % 2 == 1 && o->k < MAX_K_ARG)) return 0;
    snprintf(why, len, "--k for %s takes a filter's edge: an odd number below %d, not '%lld'", prim, MAX_K_ARG,
             (long long)o->k);
    return 1;
}

/* ---- bench: a dense rows x cols image, SAME; buffers of each set ---- */
enum { CB_IN, CB_OUT, CB_FILTER, CB_DENSE /* separable: the fr x fc outer product, for cuDNN */ };
#define CUDNN_REL_TOL 1e-4
static int conv_cudnn(gpt_case *c, int set);

/* The bench's reference in bands of rows, one host thread each (the 8192^2 separable reference is 15 G
 * multiply-adds in double). */
#define REF_MAX_THREADS 32
struct ref_band {
    const gpt_conv_bench *x;
    const float *hf;
    int64_t r0, r1;
};

static void *ref_rows(void *p)
{
    const struct ref_band *w = (const struct ref_band *)p;
    const gpt_conv_bench *x = w->x;
    if (x->sep)
        gp_ref_separable_rows(x->rows, x->cols, x->hin, x->cols, w->hf, x->fc, w->hf + x->fc, x->fr, GP_CONV_SAME, w->r0,
                              w->r1, x->want, x->abs_sum);
    else
        gp_ref_conv2d_rows(x->rows, x->cols, x->hin, x->cols, w->hf, x->fr, x->fc, GP_CONV_SAME, w->r0, w->r1, x->want,
                           x->abs_sum);
    return NULL;
}

static void reference_in_bands(const gpt_conv_bench *x, const float *hf)
{
    const long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    const int n = cpus < 1 ? 1 : cpus > REF_MAX_THREADS ? REF_MAX_THREADS : (int)cpus;
    struct ref_band band[REF_MAX_THREADS];
    pthread_t tid[REF_MAX_THREADS];
    int started[REF_MAX_THREADS];
    for (int i = 0; i < n; i++) {
        band[i].x = x;
        band[i].hf = hf;
        band[i].r0 = x->rows * i / n;
        band[i].r1 = x->rows * (i + 1) / n;
        started[i] = pthread_create(&tid[i], NULL, ref_rows, &band[i]) == 0;
        if (!started[i]) ref_rows(&band[i]); /* no thread: this one does the band */
    }
    for (int i = 0; i < n; i++)
        if (started[i]) pthread_join(tid[i], NULL);
}

static int conv_setup(gpt_bench *b, gpt_case *c)
{
    gpt_conv_bench *x = (gpt_conv_bench *)c->state;
    const int64_t n = x->rows * x->cols, taps = x->sep ? (int64_t)x->fr + x->fc : (int64_t)x->fr * x->fc;
    const uint64_t seed = (uint64_t)b->o->seed;
    float *hf = (float *)malloc((size_t)taps * 4), *dense = (float *)malloc((size_t)x->fr * x->fc * 4);
    char algo[64];
    int have_cudnn, fail = !hf || !dense;
    gpt_case_buffer(c, (size_t)n * 4, GPT_INPUT);
    gpt_case_buffer(c, (size_t)n * 4, GPT_OUTPUT);
    gpt_case_buffer(c, (size_t)taps * 4, GPT_INPUT);
    if (x->sep) gpt_case_buffer(c, (size_t)x->fr * x->fc * 4, GPT_INPUT);
    c->set_bytes = (size_t)n * 8;
    if (fail || gpt_case_alloc(b, c)) goto out;
    /* one filter for every set (sep: the row filter, then the column filter); each set its own image */
    for (int64_t i = 0; i < taps; i++) hf[i] = unit(seed ^ 0xF11Eu, i);
    for (int i = 0; i < x->fr && x->sep; i++)
        for (int j = 0; j < x->fc; j++) dense[i * x->fc + j] = hf[x->fc + i] * hf[j];
    for (int k = 0; k < c->sets; k++) {
        gpt_fill_f32((float *)c->buf[k][CB_IN], n, -1.f, 1.f, seed + (uint64_t)k, b->stream);
        fail |= cudaMemcpy(c->buf[k][CB_FILTER], hf, (size_t)taps * 4, cudaMemcpyHostToDevice) != cudaSuccess;
        if (x->sep)
            fail |= cudaMemcpy(c->buf[k][CB_DENSE], dense, (size_t)x->fr * x->fc * 4, cudaMemcpyHostToDevice) != cudaSuccess;
    }
    fail |= cudaStreamSynchronize(b->stream) != cudaSuccess;
    x->hin = (float *)gpt_host_copy(c->buf[0][CB_IN], (size_t)n * 4);
    x->got = (float *)malloc((size_t)n * 4);
    x->want = (double *)malloc((size_t)n * sizeof(double));
    x->abs_sum = (double *)malloc((size_t)n * sizeof(double));
    if (fail || !x->hin || !x->got || !x->want || !x->abs_sum) {
        fail = 1;
        goto out;
    }
    gpb_progress("%s: CPU reference of %lldx%lld", b->cli->name, (long long)x->rows, (long long)x->cols);
    reference_in_bands(x, hf);
    /* cuDNN's algorithm for the shape, found on set 0 (outside the timed runs) */
    have_cudnn = !gpb_vendor_conv_plan(x->rows, x->cols, x->fr, x->fc, 0, (const float *)c->buf[0][CB_IN],
                                       (const float *)c->buf[0][x->sep ? CB_DENSE : CB_FILTER],
                                       (float *)c->buf[0][CB_OUT], b->stream, algo, sizeof algo);
    x->cudnn_vendor = x->flops && have_cudnn;
    if (x->sep)
        snprintf(c->shape, sizeof c->shape, "%lldx%lld %d+%d taps f32", (long long)x->rows, (long long)x->cols, x->fc, x->fr);
    else
        snprintf(c->shape, sizeof c->shape, "%lldx%lld %dx%d f32", (long long)x->rows, (long long)x->cols, x->fr, x->fc);
    gpt_case_shape_sets(c);
    c->flops = x->cudnn_vendor;
    c->work = c->flops ? 2.0 * (double)n * x->fr * x->fc : 8.0 * (double)n;
    if (x->cudnn_vendor) {
        snprintf(c->vendor, sizeof c->vendor, "cuDNN (vendor)");
    } else {
        snprintf(c->vendor, sizeof c->vendor, "cudaMemcpy D2D (vendor)");
        c->vendor_work = 8.0 * (double)n; /* the image read and written once */
    }
    if (have_cudnn && !x->cudnn_vendor) {
        c->baseline = conv_cudnn;
        if (x->sep) snprintf(c->baseline_name, sizeof c->baseline_name, "cuDNN, dense %dx%d filter", x->fr, x->fc);
        else snprintf(c->baseline_name, sizeof c->baseline_name, "cuDNN");
    }
    if (have_cudnn)
        snprintf(c->note, sizeof c->note, "  cuDNN: %s; FMA math, no TF32; checked to %.0e (rel. Frobenius)", algo,
                 CUDNN_REL_TOL);
    else if (x->flops)
        snprintf(c->note, sizeof c->note, "  %s: GB/s of 8 B per pixel; TFLOP/s = GB/s x %g", algo,
                 x->fr * x->fc / 4000.0);
    else
        snprintf(c->note, sizeof c->note, "  %s", algo);
out:
    free(hf);
    free(dense);
    return fail;
}

static int conv_run(gpt_case *c, int set)
{
    const gpt_conv_bench *x = (const gpt_conv_bench *)c->state;
    const float *in = (const float *)c->buf[set][CB_IN], *f = (const float *)c->buf[set][CB_FILTER];
    float *out = (float *)c->buf[set][CB_OUT];
    if (x->sep)
        return gp_conv2d_separable_f32(c->bench->h, x->rows, x->cols, in, x->cols, f, x->fc, f + x->fc, x->fr,
                                       GP_CONV_SAME, out, x->cols) != GP_SUCCESS;
    return gp_conv2d_f32(c->bench->h, x->rows, x->cols, in, x->cols, f, x->fr, x->fc, GP_CONV_SAME, out, x->cols) !=
           GP_SUCCESS;
}

static int conv_cudnn(gpt_case *c, int set)
{
    const gpt_conv_bench *x = (const gpt_conv_bench *)c->state;
    return gpb_vendor_conv((const float *)c->buf[set][CB_IN], (const float *)c->buf[set][x->sep ? CB_DENSE : CB_FILTER],
                           (float *)c->buf[set][CB_OUT], c->bench->stream);
}

static int conv_vendor(gpt_case *c, int set)
{
    const gpt_conv_bench *x = (const gpt_conv_bench *)c->state;
    if (x->cudnn_vendor) return conv_cudnn(c, set);
    return cudaMemcpyAsync(c->buf[set][CB_OUT], c->buf[set][CB_IN], (size_t)(x->rows * x->cols) * 4,
                           cudaMemcpyDeviceToDevice, c->bench->stream) != cudaSuccess;
}

static int conv_check(gpt_case *c, int vendor, const char *label)
{
    gpt_conv_bench *x = (gpt_conv_bench *)c->state;
    const int64_t n = x->rows * x->cols;
    char what[96];
    if (vendor == 1 && !x->cudnn_vendor) return -1; /* the copy */
    if (cudaMemcpy(x->got, c->buf[0][CB_OUT], (size_t)n * 4, cudaMemcpyDeviceToHost) != cudaSuccess) return 0;
    snprintf(what, sizeof what, "%s bench %s %s", c->bench->cli->name, c->shape, label);
    if (vendor) { /* cuDNN */
        double num = 0, den = 0, rel;
        for (int64_t i = 0; i < n; i++) {
            const double d = (double)x->got[i] - x->want[i];
            num += d * d;
            den += x->want[i] * x->want[i];
        }
        rel = sqrt(num / (den > 0 ? den : 1));
        if (!(rel <= CUDNN_REL_TOL)) fprintf(stderr, "%s: relative error %.3e > %.0e\n", what, rel, CUDNN_REL_TOL);
        return rel <= CUDNN_REL_TOL;
    }
    return gpt_check_conv(what, x->got, 0, x->rows, x->cols, x->cols, x->want, x->abs_sum,
                          x->sep ? (int64_t)x->fr + x->fc : (int64_t)x->fr * x->fc) == 0;
}

static void conv_teardown(gpt_case *c)
{
    gpt_conv_bench *x = (gpt_conv_bench *)c->state;
    free(x->hin); free(x->got); free(x->want); free(x->abs_sum);
    x->hin = x->got = NULL;
    x->want = x->abs_sum = NULL;
    gpb_vendor_conv_destroy();
}

const gpt_case_hooks gpt_conv_bench_hooks = {conv_setup, conv_run, conv_vendor, conv_check, conv_teardown, NULL};

/* ---- the constant-memory ring from several host threads and streams ---- */
#define RING_MAX_THREADS 16
struct ring_thread {
    gp_handle h;
    int sep, rung, calls, first, taps, failed;
    int64_t rows, cols;
    const float *in, *filters;
    float *outs;
};

static void *ring_calls(void *p)
{
    struct ring_thread *t = (struct ring_thread *)p;
    const gp_prim prim = t->sep ? GP_PRIM_SEPARABLE : GP_PRIM_CONV2D;
    const int last = gp_rung_count(prim), ftaps = t->sep ? 2 * t->taps : t->taps * t->taps;
    for (int k = 0; k < t->calls; k++) {
        const int i = t->first + k;
        const float *f = t->filters + (int64_t)i * ftaps;
        float *out = t->outs + (int64_t)i * t->rows * t->cols;
        gp_status st;
        gp_set_rung(t->h, prim, t->rung > 0 ? t->rung : 2 + k % (last > 1 ? last - 1 : 1));
        st = t->sep ? gp_conv2d_separable_f32(t->h, t->rows, t->cols, t->in, t->cols, f, t->taps, f + t->taps, t->taps,
                                              GP_CONV_SAME, out, t->cols)
                    : gp_conv2d_f32(t->h, t->rows, t->cols, t->in, t->cols, f, t->taps, t->taps, GP_CONV_SAME, out,
                                    t->cols);
        t->failed += st != GP_SUCCESS;
    }
    gp_set_rung(t->h, prim, 0);
    return NULL;
}

int gpt_verify_conv_ring(int sep, int rung, int threads, int calls, int64_t rows, int64_t cols, int taps, uint64_t seed,
                         int verbose)
{
    const int64_t n = rows * cols, nf = (int64_t)threads * calls, ftaps = sep ? 2 * taps : taps * taps;
    struct ring_thread t[RING_MAX_THREADS];
    pthread_t tid[RING_MAX_THREADS];
    cudaStream_t s[RING_MAX_THREADS];
    float *din = NULL, *df = NULL, *dout = NULL, *hin = NULL, *hf = NULL, *hout = NULL;
    double *want = (double *)malloc((size_t)n * sizeof(double)), *abs_sum = (double *)malloc((size_t)n * sizeof(double));
    int started = 0, made = 0, failed = 0, bad_calls = 0, fail = 1;
    if (threads < 1 || threads > RING_MAX_THREADS || calls < 1 || !want || !abs_sum ||
        gpt_dev_alloc((void **)&din, (size_t)n * 4) || gpt_dev_alloc((void **)&df, (size_t)(nf * ftaps) * 4) ||
        gpt_dev_alloc((void **)&dout, (size_t)(nf * n) * 4)) {
        fprintf(stderr, "conv ring: bad arguments or allocation failed\n");
        goto out;
    }
    gpt_fill_f32(din, n, -1.f, 1.f, seed, 0);
    gpt_fill_f32(df, nf * ftaps, -1.f, 1.f, seed + 1, 0);
    gpt_poison(dout, (size_t)(nf * n) * 4, 0);
    if (cudaDeviceSynchronize() != cudaSuccess) goto out;
    for (; made < threads; made++) {
        memset(&t[made], 0, sizeof t[made]);
        if (cudaStreamCreateWithFlags(&s[made], cudaStreamNonBlocking) != cudaSuccess) goto out;
        if (gp_create(&t[made].h) != GP_SUCCESS) {
            cudaStreamDestroy(s[made]);
            goto out;
        }
        gp_set_stream(t[made].h, s[made]);
        t[made].sep = sep; t[made].rung = rung; t[made].calls = calls; t[made].first = made * calls;
        t[made].taps = taps; t[made].rows = rows; t[made].cols = cols;
        t[made].in = din; t[made].filters = df; t[made].outs = dout;
    }
    for (; started < threads; started++)
        if (pthread_create(&tid[started], NULL, ring_calls, &t[started])) break;
    for (int i = 0; i < started; i++) {
        pthread_join(tid[i], NULL);
        failed += t[i].failed;
    }
    if (started < threads || failed || cudaDeviceSynchronize() != cudaSuccess) {
        fprintf(stderr, "conv ring: %d of %d threads started, %d calls failed\n", started, threads, failed);
        goto out;
    }
    if (!(hin = (float *)gpt_host_copy(din, (size_t)n * 4)) || !(hf = (float *)gpt_host_copy(df, (size_t)(nf * ftaps) * 4)) ||
        !(hout = (float *)gpt_host_copy(dout, (size_t)(nf * n) * 4)))
        goto out;
    for (int64_t i = 0; i < nf; i++) {
        const float *f = hf + i * ftaps;
        char what[64];
        snprintf(what, sizeof what, "%s ring, call %lld", sep ? "separable" : "conv2d", (long long)i);
        if (sep) gp_ref_separable_f32(rows, cols, hin, cols, f, taps, f + taps, taps, GP_CONV_SAME, want, abs_sum);
        else gp_ref_conv2d_f32(rows, cols, hin, cols, f, taps, taps, GP_CONV_SAME, want, abs_sum);
        bad_calls += gpt_check_conv(what, hout + i * n, 0, rows, cols, cols, want, abs_sum,
                                    sep ? 2 * (int64_t)taps : (int64_t)taps * taps) != 0;
    }
    fail = bad_calls != 0;
    if (verbose || fail)
        printf("%s constant ring: %d threads x %d calls (%s) on %lldx%lld, %dx%d filters: %d wrong  %s\n",
               sep ? "separable" : "conv2d", threads, calls, rung > 0 ? "one rung" : "rungs 02.. in turn",
               (long long)rows, (long long)cols, taps, taps, bad_calls, fail ? "FAIL" : "ok");
out:
    for (int i = 0; i < made; i++) {
        gp_destroy(t[i].h);
        cudaStreamDestroy(s[i]);
    }
    cudaFree(din); cudaFree(df); cudaFree(dout);
    free(hin); free(hf); free(hout); free(want); free(abs_sum);
    return fail;
}
