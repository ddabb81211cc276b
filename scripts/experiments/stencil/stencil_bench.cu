// stencil_bench.cu — standalone GPU harness for issue 18 phase 1 (conv2d, separable, conv1d, jacobi).
// Verifies every rung (forced with gp_set_rung, and the automatic choice) against the CPU references in
// src/ref/ref_conv.c on random data, odd sizes, every odd square filter 1..31 and rectangular ones, SAME and
// VALID, odd leading dimensions and unaligned pointers (outputs poisoned with a NaN pattern first; padding
// columns checked untouched; allocations exactly the span of each matrix), and calls on several streams from
// several host threads (the constant-memory filter ring); the bad-input statuses are in tests/test_gpu_*.c. Then
// (unless --small) it times the cases of the issue against the D2D copy ceiling and cuDNN (bench/vendor_conv.cu:
// f32, CUDNN_FMA_MATH: no TF32, best algorithm of cudnnFindConvolutionForwardAlgorithmEx, workspace allocated
// outside the timing), and checks every element of every timed output.
// Build and run: scripts/experiments/stencil/run.sh OUTDIR (SMALL=1: the small verification only).
// Usage: stencil_bench [--small] [--summary FILE]      (exit status 1 if any check failed)
#include <cuda_runtime.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "gpuprim.h"
#include "ref/ref.h"
#include "vendor.h" /* cuDNN: bench/vendor_conv.cu, the gpuprim bench's baseline */

#include "../exp_ck.h"

static long g_checks, g_fails;
static FILE *g_sum; /* the compact summary (also echoed to stdout) */

static void summary(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void summary(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    if (g_sum) {
        va_start(ap, fmt);
        vfprintf(g_sum, fmt, ap);
        va_end(ap);
        fflush(g_sum);
    }
    fflush(stdout);
}

#define EXPECT(cond, ...)                                                                               \
    do {                                                                                                \
        g_checks++;                                                                                     \
        if (!(cond)) {                                                                                  \
            g_fails++;                                                                                  \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                                                 \
            printf(__VA_ARGS__);                                                                        \
            printf("\n");                                                                               \
        }                                                                                               \
    } while (0)

/* ---- random data, poison ------------------------------------------------------------------------------ */
static uint64_t g_rng = 88172645463325252ull;
static inline uint64_t rnd64(void)
{
    g_rng ^= g_rng << 13;
    g_rng ^= g_rng >> 7;
    g_rng ^= g_rng << 17;
    return g_rng;
}
static inline float rndf(void) { return (float)((rnd64() >> 40) * (1.0 / 16777216.0)) * 2.f - 1.f; } /* [-1, 1) */
static void fill_random(float *p, size_t n)
{
    for (size_t i = 0; i < n; i++) p[i] = rndf();
}

#define POISON 0x7fc0deadu
static inline int is_poison(float x)
{
    uint32_t u;
    memcpy(&u, &x, 4);
    return u == POISON;
}

__global__ void fill_u32(uint32_t *p, size_t n, uint32_t v)
{
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) p[i] = v;
}
static void dpoison(float *p, size_t n)
{
    if (n) fill_u32<<<1024, 256>>>((uint32_t *)p, n, POISON);
    CK(cudaGetLastError());
}

/* A device matrix of exactly (rows-1)*ld + cols elements placed `off` floats into its allocation (so that the
 * allocation ends at the last element: memcheck sees any read past it). */
typedef struct dmat {
    float *base, *p;
    size_t span;
} dmat;
static size_t span_of(int64_t rows, int64_t cols, int64_t ld) { return rows > 0 && cols > 0 ? (size_t)((rows - 1) * ld + cols) : 0; }
static dmat dmat_alloc(size_t span, int off)
{
    dmat m;
    CK(cudaMalloc(&m.base, (span + off) * sizeof(float) + (span + off == 0 ? 4 : 0)));
    m.p = m.base + off;
    m.span = span;
    return m;
}
static void dmat_free(dmat *m)
{
    if (m->base) CK(cudaFree(m->base));
    m->base = m->p = NULL;
}

/* Leading dimension that is not a multiple of 4 (rows start at every alignment). */
static int64_t odd_ld(int64_t c) { return c + 1 + ((c + 1) % 4 == 0); }
static int64_t round4(int64_t c) { return (c + 3) / 4 * 4; }

/* layouts: 0 dense (ld = cols, 16-byte aligned bases), 1 odd ld + unaligned bases + padding,
 * 2 ld a multiple of 4 with padding, aligned bases (the vector paths with padding columns) */
#define NLAYOUT 3
static const char *layout_name[NLAYOUT] = {"dense", "odd-ld/unaligned", "ld%4=0+pad"};
static void layout_dims(int layout, int64_t cols, int64_t ocols, int64_t *ld_in, int64_t *ld_out, int *in_off,
                        int *out_off, int *f_off)
{
    *ld_in = layout == 0 ? cols : layout == 1 ? odd_ld(cols) : round4(cols) + 4;
    *ld_out = layout == 0 ? ocols : layout == 1 ? odd_ld(ocols) + 2 : round4(ocols) + 8;
    *in_off = layout == 1 ? 1 : 0;
    *out_off = layout == 1 ? 3 : 0;
    *f_off = layout == 1 ? 1 : 0;
}

/* ---- checking outputs ----------------------------------------------------------------------------------- */
/* got: the host copy of an output matrix span (ld_out); ref/abs: dense orows x ocols. Returns mismatches. */
static long check_close(const float *got, int64_t orows, int64_t ocols, int64_t ld_out, const double *ref,
                        const double *abs_sum, int64_t taps, const char *what)
{
    long bad = 0, pad_bad = 0;
    for (int64_t r = 0; r < orows; r++) {
        for (int64_t c = 0; c < ocols; c++) {
            const float g = got[r * ld_out + c];
            const double w = ref[r * ocols + c];
            if (!gp_ref_conv_close(g, w, abs_sum[r * ocols + c], taps) || is_poison(g)) {
                if (bad < 4)
                    printf("  %s: out[%lld][%lld] = %.9g, want %.9g (bound %.3g)\n", what, (long long)r, (long long)c,
                           g, w, gp_ref_conv_tol(taps) * abs_sum[r * ocols + c]);
                bad++;
            }
        }
        if (r + 1 < orows)
            for (int64_t c = ocols; c < ld_out; c++) pad_bad += !is_poison(got[r * ld_out + c]);
    }
    if (pad_bad) printf("  %s: %ld padding elements written\n", what, pad_bad);
    return bad + pad_bad;
}

static float *dl(const dmat *m)
{
    float *h = (float *)malloc(m->span * sizeof(float) + 4);
    if (m->span) CK(cudaMemcpy(h, m->p, m->span * sizeof(float), cudaMemcpyDeviceToHost));
    return h;
}
static void ul(dmat *m, const float *h)
{
    if (m->span) CK(cudaMemcpy(m->p, h, m->span * sizeof(float), cudaMemcpyHostToDevice));
}

/* ---- conv2d verification --------------------------------------------------------------------------------- */
static int conv2d_rungs[8], n_conv2d_rungs, sep_rungs[8], n_sep_rungs, jac_rungs[8], n_jac_rungs;

static void rung_list(gp_prim p, int *out, int *n)
{
    *n = 0;
    for (int r = 1; r <= gp_rung_count(p); r++) out[(*n)++] = r;
    out[(*n)++] = 0; /* automatic */
}

static void conv2d_case(gp_handle h, int64_t rows, int64_t cols, int fr, int fc, gp_conv_mode mode, int layout)
{
    int64_t orows, ocols, ld_in, ld_out;
    int in_off, out_off, f_off;
    char what[160];
    gp_ref_conv_out_size(rows, cols, fr, fc, mode, &orows, &ocols);
    layout_dims(layout, cols, orows ? ocols : cols, &ld_in, &ld_out, &in_off, &out_off, &f_off);
    const size_t in_span = span_of(rows, cols, ld_in);
    /* an empty output (VALID, filter larger than the image): give out some elements to check untouched */
    const int empty = orows == 0 || ocols == 0;
    const size_t out_span = empty ? 64 : span_of(orows, ocols, ld_out);
    dmat din = dmat_alloc(in_span, in_off), dout = dmat_alloc(out_span, out_off), df = dmat_alloc((size_t)fr * fc, f_off);
    float *hin = (float *)malloc(in_span * 4 + 4), *hf = (float *)malloc((size_t)fr * fc * 4);
    double *ref = (double *)malloc((size_t)(orows * ocols + 1) * 8), *ab = (double *)malloc((size_t)(orows * ocols + 1) * 8);
    fill_random(hin, in_span);
    fill_random(hf, (size_t)fr * fc);
    ul(&din, hin);
    ul(&df, hf);
    gp_ref_conv2d_f32(rows, cols, hin, ld_in, hf, fr, fc, mode, ref, ab);
    for (int k = 0; k < n_conv2d_rungs; k++) {
        const int rung = conv2d_rungs[k];
        int ran = -1;
        dpoison(dout.p, out_span);
        CK(cudaDeviceSynchronize());
        gp_set_rung(h, GP_PRIM_CONV2D, rung);
        gp_status st = gp_conv2d_f32(h, rows, cols, din.p, ld_in, df.p, fr, fc, mode, dout.p, ld_out);
        gp_get_last_rung(h, GP_PRIM_CONV2D, &ran);
        CK(cudaDeviceSynchronize());
        snprintf(what, sizeof what, "conv2d rung %d (ran %d) %lldx%lld f%dx%d %s %s", rung, ran, (long long)rows,
                 (long long)cols, fr, fc, mode == GP_CONV_SAME ? "SAME" : "VALID", layout_name[layout]);
        EXPECT(st == GP_SUCCESS, "%s: status %s", what, gp_status_string(st));
        float *got = dl(&dout);
        if (empty) {
            long touched = 0;
            for (size_t i = 0; i < out_span; i++) touched += !is_poison(got[i]);
            EXPECT(touched == 0, "%s: empty output but %ld elements written", what, touched);
        } else {
            const long bad = check_close(got, orows, ocols, ld_out, ref, ab, (int64_t)fr * fc, what);
            EXPECT(bad == 0, "%s: %ld mismatches", what, bad);
            /* rungs 02-04 take filters up to 31 x 31; larger ones fall back to rung 01 */
            if (rung > 1 && (fr > 31 || fc > 31)) EXPECT(ran == 1, "%s: expected the fall-back to rung 1", what);
            if (rung > 0 && fr <= 31 && fc <= 31) EXPECT(ran == rung, "%s: ran rung %d", what, ran);
        }
        free(got);
    }
    gp_set_rung(h, GP_PRIM_CONV2D, 0);
    dmat_free(&din);
    dmat_free(&dout);
    dmat_free(&df);
    free(hin);
    free(hf);
    free(ref);
    free(ab);
}

/* ---- separable / conv1d verification ---------------------------------------------------------------------- */
/* ws_rows > 0: rung 01 gets a workspace of ws_rows rows of tmp (strips of ws_rows - fr + 1 output rows). */
static void separable_case(gp_handle h, int64_t rows, int64_t cols, int fr, int fc, gp_conv_mode mode, int layout,
                           int ws_rows)
{
    int64_t orows, ocols, ld_in, ld_out;
    int in_off, out_off, f_off;
    char what[160];
    gp_ref_conv_out_size(rows, cols, fr, fc, mode, &orows, &ocols);
    layout_dims(layout, cols, orows ? ocols : cols, &ld_in, &ld_out, &in_off, &out_off, &f_off);
    const size_t in_span = span_of(rows, cols, ld_in);
    const int empty = orows == 0 || ocols == 0;
    const size_t out_span = empty ? 64 : span_of(orows, ocols, ld_out);
    dmat din = dmat_alloc(in_span, in_off), dout = dmat_alloc(out_span, out_off);
    dmat drf = dmat_alloc((size_t)fc, f_off), dcf = dmat_alloc((size_t)fr, f_off);
    float *hin = (float *)malloc(in_span * 4 + 4), *hrf = (float *)malloc((size_t)fc * 4), *hcf = (float *)malloc((size_t)fr * 4);
    double *ref = (double *)malloc((size_t)(orows * ocols + 1) * 8), *ab = (double *)malloc((size_t)(orows * ocols + 1) * 8);
    void *ws = NULL;
    fill_random(hin, in_span);
    fill_random(hrf, (size_t)fc);
    fill_random(hcf, (size_t)fr);
    ul(&din, hin);
    ul(&drf, hrf);
    ul(&dcf, hcf);
    gp_ref_separable_f32(rows, cols, hin, ld_in, hrf, fc, hcf, fr, mode, ref, ab);
    if (ws_rows > 0 && !empty) {
        CK(cudaMalloc(&ws, (size_t)ws_rows * ocols * 4));
        const gp_status wst = gp_set_workspace(h, ws, (size_t)ws_rows * ocols * 4);
        EXPECT(wst == GP_SUCCESS, "gp_set_workspace: %s", gp_status_string(wst));
    }
    for (int k = 0; k < n_sep_rungs; k++) {
        const int rung = sep_rungs[k];
        int ran = -1;
        dpoison(dout.p, out_span);
        CK(cudaDeviceSynchronize());
        gp_set_rung(h, GP_PRIM_SEPARABLE, rung);
        gp_status st = gp_conv2d_separable_f32(h, rows, cols, din.p, ld_in, drf.p, fc, dcf.p, fr, mode, dout.p, ld_out);
        gp_get_last_rung(h, GP_PRIM_SEPARABLE, &ran);
        CK(cudaDeviceSynchronize());
        snprintf(what, sizeof what, "separable rung %d (ran %d) %lldx%lld rf%d cf%d %s %s ws%d", rung, ran,
                 (long long)rows, (long long)cols, fc, fr, mode == GP_CONV_SAME ? "SAME" : "VALID", layout_name[layout],
                 ws_rows);
        EXPECT(st == GP_SUCCESS, "%s: status %s", what, gp_status_string(st));
        float *got = dl(&dout);
        if (empty) {
            long touched = 0;
            for (size_t i = 0; i < out_span; i++) touched += !is_poison(got[i]);
            EXPECT(touched == 0, "%s: empty output but %ld elements written", what, touched);
        } else {
            const long bad = check_close(got, orows, ocols, ld_out, ref, ab, (int64_t)fr + fc, what);
            EXPECT(bad == 0, "%s: %ld mismatches", what, bad);
            if (rung > 0 && fr <= 31 && fc <= 31) EXPECT(ran == rung, "%s: ran rung %d", what, ran);
        }
        free(got);
    }
    if (ws_rows > 0 && !empty) {
        /* one row less than the filter needs: rung 01 refuses, the automatic choice (fused) does not need it */
        if (ws_rows == fr + 2) {
            EXPECT(gp_set_workspace(h, ws, (size_t)(fr - 1) * ocols * 4 + 4) == GP_SUCCESS, "gp_set_workspace (small)");
            gp_set_rung(h, GP_PRIM_SEPARABLE, 1);
            gp_status st = gp_conv2d_separable_f32(h, rows, cols, din.p, ld_in, drf.p, fc, dcf.p, fr, mode, dout.p, ld_out);
            EXPECT(st == GP_ERROR_WORKSPACE_TOO_SMALL, "separable rung 1 with %d rows of workspace: %s", fr - 1,
                   gp_status_string(st));
        }
        CK(cudaDeviceSynchronize());
        gp_set_workspace(h, NULL, 0);
        CK(cudaFree(ws));
    }
    gp_set_rung(h, GP_PRIM_SEPARABLE, 0);
    dmat_free(&din);
    dmat_free(&dout);
    dmat_free(&drf);
    dmat_free(&dcf);
    free(hin);
    free(hrf);
    free(hcf);
    free(ref);
    free(ab);
}

static void conv1d_case(gp_handle h, int64_t n, int k, gp_conv_mode mode, int off)
{
    const int64_t on = mode == GP_CONV_SAME ? n : n - k + 1;
    char what[128];
    dmat din = dmat_alloc((size_t)n, off), df = dmat_alloc((size_t)k, off);
    dmat dout = dmat_alloc(on > 0 ? (size_t)on : 16, off ? 2 : 0);
    float *hin = (float *)malloc((size_t)n * 4 + 4), *hf = (float *)malloc((size_t)k * 4);
    double *ref = (double *)malloc((size_t)(on > 0 ? on : 1) * 8), *ab = (double *)malloc((size_t)(on > 0 ? on : 1) * 8);
    fill_random(hin, (size_t)n);
    fill_random(hf, (size_t)k);
    ul(&din, hin);
    ul(&df, hf);
    if (on > 0) gp_ref_conv1d_f32(n, hin, hf, k, mode, ref, ab);
    dpoison(dout.p, dout.span);
    CK(cudaDeviceSynchronize());
    gp_status st = gp_conv1d_f32(h, n, din.p, df.p, k, mode, dout.p);
    int ran = -1;
    gp_get_last_rung(h, GP_PRIM_SEPARABLE, &ran);
    CK(cudaDeviceSynchronize());
    snprintf(what, sizeof what, "conv1d n=%lld k=%d %s off=%d (ran %d)", (long long)n, k,
             mode == GP_CONV_SAME ? "SAME" : "VALID", off, ran);
    EXPECT(st == GP_SUCCESS, "%s: status %s", what, gp_status_string(st));
    float *got = dl(&dout);
    if (on > 0) {
        const long bad = check_close(got, 1, on, on, ref, ab, k, what);
        EXPECT(bad == 0, "%s: %ld mismatches", what, bad);
    } else {
        long touched = 0;
        for (size_t i = 0; i < dout.span; i++) touched += !is_poison(got[i]);
        EXPECT(touched == 0, "%s: empty output but %ld written", what, touched);
    }
    free(got);
    dmat_free(&din);
    dmat_free(&df);
    dmat_free(&dout);
    free(hin);
    free(hf);
    free(ref);
    free(ab);
}

/* ---- jacobi verification ---------------------------------------------------------------------------------- */
static void jacobi_case(gp_handle h, int64_t rows, int64_t cols, int steps, int layout)
{
    const int64_t ld = layout == 0 ? cols : layout == 1 ? odd_ld(cols) : round4(cols) + 4;
    const int off0 = layout == 1 ? 1 : 0, off1 = layout == 1 ? 2 : 0;
    const size_t span = span_of(rows, cols, ld);
    char what[160];
    dmat d0 = dmat_alloc(span, off0), d1 = dmat_alloc(span, off1);
    float *init = (float *)malloc(span * 4 + 4), *r0 = (float *)malloc(span * 4 + 4), *r1 = (float *)malloc(span * 4 + 4);
    /* padding columns of both buffers hold the poison pattern and must keep it */
    for (size_t i = 0; i < span; i++) {
        uint32_t u = POISON;
        memcpy(&init[i], &u, 4);
    }
    for (int64_t r = 0; r < rows; r++)
        for (int64_t c = 0; c < cols; c++) init[r * ld + c] = rndf();
    memcpy(r0, init, span * 4);
    for (size_t i = 0; i < span; i++) {
        uint32_t u = POISON;
        memcpy(&r1[i], &u, 4);
    }
    gp_ref_jacobi5_f32(rows, cols, r0, r1, ld, steps);
    const float *want = (steps & 1) ? r1 : r0;
    /* rung 04 with each of its configurations (T = 4, 8, 12, 16), then the others */
    gp_rung_info ri;
    const int temporal = gp_rung_find(GP_PRIM_JACOBI, "temporal");
    const int ncfg = gp_get_rung_info(GP_PRIM_JACOBI, temporal, &ri) == GP_SUCCESS ? ri.configs : 0;
    for (int k = 0; k < n_jac_rungs + ncfg; k++) {
        const int rung = k < n_jac_rungs ? jac_rungs[k] : temporal, cfg = k < n_jac_rungs ? -1 : k - n_jac_rungs;
        int ran = -1, ran_cfg = -1;
        ul(&d0, init);
        dpoison(d1.p, span);
        CK(cudaDeviceSynchronize());
        gp_set_rung(h, GP_PRIM_JACOBI, rung);
        gp_set_config(h, GP_PRIM_JACOBI, cfg);
        gp_status st = gp_jacobi5_f32(h, rows, cols, d0.p, d1.p, ld, steps);
        gp_get_last_rung(h, GP_PRIM_JACOBI, &ran);
        gp_get_last_config(h, GP_PRIM_JACOBI, &ran_cfg);
        CK(cudaDeviceSynchronize());
        snprintf(what, sizeof what, "jacobi rung %d cfg %d (ran %d cfg %d) %lldx%lld steps %d %s", rung, cfg, ran, ran_cfg,
                 (long long)rows, (long long)cols, steps, layout_name[layout]);
        EXPECT(st == GP_SUCCESS, "%s: status %s", what, gp_status_string(st));
        float *g0 = dl(&d0), *g1 = dl(&d1);
        const float *got = (steps & 1) ? g1 : g0; /* the other buffer holds a rung-dependent intermediate state */
        long bad = 0, pad = 0, bnd = 0;
        for (int64_t r = 0; r < rows; r++) {
            for (int64_t c = 0; c < cols; c++) {
                const size_t i = (size_t)(r * ld + c);
                if (memcmp(&got[i], &want[i], 4)) {
                    if (bad < 4) printf("  %s: [%lld][%lld] = %.9g, want %.9g\n", what, (long long)r, (long long)c, got[i], want[i]);
                    bad++;
                }
                /* u1 (written by every call with steps >= 1) has the initial boundary */
                if ((r == 0 || r == rows - 1 || c == 0 || c == cols - 1) && memcmp(&g1[i], &init[i], 4)) bnd++;
            }
            if (r + 1 < rows)
                for (int64_t c = cols; c < ld; c++) pad += !is_poison(g0[r * ld + c]) + !is_poison(g1[r * ld + c]);
        }
        EXPECT(bad == 0, "%s: %ld cells differ (bit-exact expected)", what, bad);
        EXPECT(bnd == 0, "%s: %ld boundary cells of u1 differ from u0's", what, bnd);
        EXPECT(pad == 0, "%s: %ld padding elements written", what, pad);
        if (rung > 0 && !(rung == temporal && steps < 2)) EXPECT(ran == rung, "%s: ran rung %d", what, ran);
        if (rung == temporal && steps < 2) EXPECT(ran == temporal - 1, "%s: one step should run rung %d", what, temporal - 1);
        free(g0);
        free(g1);
    }
    gp_set_rung(h, GP_PRIM_JACOBI, 0);
    gp_set_config(h, GP_PRIM_JACOBI, -1);
    dmat_free(&d0);
    dmat_free(&d1);
    free(init);
    free(r0);
    free(r1);
}

/* ---- several streams and host threads sharing the constant-memory filter slots ------------------------------ */
static void stream_ring_case(void)
{
    enum { NS = 4, PER = 10, R = 384, C = 448, FR = 15, FC = 15 };
    gp_handle hs[NS];
    cudaStream_t ss[NS];
    dmat din = dmat_alloc((size_t)R * C, 0), df[NS * PER], dout[NS * PER];
    float *hin = (float *)malloc((size_t)R * C * 4), *hf = (float *)malloc((size_t)FR * FC * 4 * NS * PER);
    fill_random(hin, (size_t)R * C);
    ul(&din, hin);
    for (int i = 0; i < NS * PER; i++) {
        df[i] = dmat_alloc((size_t)FR * FC, 0);
        dout[i] = dmat_alloc((size_t)R * C, 0);
        fill_random(hf + (size_t)i * FR * FC, (size_t)FR * FC);
        ul(&df[i], hf + (size_t)i * FR * FC);
        dpoison(dout[i].p, dout[i].span);
    }
    CK(cudaDeviceSynchronize());
    for (int s = 0; s < NS; s++) {
        CK(cudaStreamCreateWithFlags(&ss[s], cudaStreamNonBlocking));
        if (gp_create(&hs[s]) != GP_SUCCESS) exit(2);
        gp_set_stream(hs[s], ss[s]);
    }
    /* every primitive with a constant-memory rung, from NS host threads at once (rung forced per round) */
    long status_bad = 0;
#pragma omp parallel for num_threads(NS) reduction(+ : status_bad)
    for (int s = 0; s < NS; s++)
        for (int k = 0; k < PER; k++) {
            const int i = s * PER + k;
            gp_set_rung(hs[s], GP_PRIM_CONV2D, 2 + k % 3);
            status_bad += gp_conv2d_f32(hs[s], R, C, din.p, C, df[i].p, FR, FC, GP_CONV_SAME, dout[i].p, C) != GP_SUCCESS;
        }
    CK(cudaDeviceSynchronize());
    EXPECT(status_bad == 0, "stream ring: %ld calls failed", status_bad);
    double *ref = (double *)malloc((size_t)R * C * 8), *ab = (double *)malloc((size_t)R * C * 8);
    long bad_calls = 0;
    for (int i = 0; i < NS * PER; i++) {
        gp_ref_conv2d_f32(R, C, hin, C, hf + (size_t)i * FR * FC, FR, FC, GP_CONV_SAME, ref, ab);
        float *got = dl(&dout[i]);
        bad_calls += check_close(got, R, C, C, ref, ab, FR * FC, "stream ring") != 0;
        free(got);
    }
    EXPECT(bad_calls == 0, "stream ring: %ld of %d calls on %d streams/threads gave a wrong result", bad_calls, NS * PER, NS);
    /* separable rung 02 the same way */
    {
        float *hrf = hf, *hcf = hf + 64;
        status_bad = 0;
#pragma omp parallel for num_threads(NS) reduction(+ : status_bad)
        for (int s = 0; s < NS; s++)
            for (int k = 0; k < PER; k++) {
                const int i = s * PER + k;
                gp_set_rung(hs[s], GP_PRIM_SEPARABLE, 2);
                status_bad += gp_conv2d_separable_f32(hs[s], R, C, din.p, C, df[i].p, FC, df[i].p + 64, FR, GP_CONV_SAME,
                                                      dout[i].p, C) != GP_SUCCESS;
            }
        CK(cudaDeviceSynchronize());
        EXPECT(status_bad == 0, "stream ring (separable): %ld calls failed", status_bad);
        bad_calls = 0;
        for (int i = 0; i < NS * PER; i++) {
            hrf = hf + (size_t)i * FR * FC;
            hcf = hrf + 64;
            gp_ref_separable_f32(R, C, hin, C, hrf, FC, hcf, FR, GP_CONV_SAME, ref, ab);
            float *got = dl(&dout[i]);
            bad_calls += check_close(got, R, C, C, ref, ab, FR + FC, "stream ring separable") != 0;
            free(got);
        }
        EXPECT(bad_calls == 0, "stream ring (separable): %ld of %d calls wrong", bad_calls, NS * PER);
    }
    for (int s = 0; s < NS; s++) {
        gp_destroy(hs[s]);
        CK(cudaStreamDestroy(ss[s]));
    }
    for (int i = 0; i < NS * PER; i++) {
        dmat_free(&df[i]);
        dmat_free(&dout[i]);
    }
    dmat_free(&din);
    free(hin);
    free(hf);
    free(ref);
    free(ab);
}

/* ---- the verification plan ---------------------------------------------------------------------------------- */
static void verify_all(gp_handle h, int small)
{
    static const int sq[] = {1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31};
    static const int rect[][2] = {{1, 7}, {7, 1}, {9, 3}, {3, 9}, {1, 31}, {31, 1}, {5, 17}};
    /* sizes: 1x1, 1xN, Nx1, tiles +-1 (conv2d 03: 32x32; 04: 128x32 or 256x32; separable 02: 128x32),
     * not multiples of any tile */
    static const int64_t sizes[][2] = {{1, 1}, {1, 257}, {257, 1}, {2, 3}, {31, 127}, {32, 128}, {33, 129},
                                       {63, 255}, {64, 256}, {65, 257}, {45, 140}, {100, 300}};
    const int nsizes = (int)(sizeof sizes / sizeof sizes[0]);
    long before;

    rung_list(GP_PRIM_CONV2D, conv2d_rungs, &n_conv2d_rungs);
    rung_list(GP_PRIM_SEPARABLE, sep_rungs, &n_sep_rungs);
    rung_list(GP_PRIM_JACOBI, jac_rungs, &n_jac_rungs);

    before = g_fails;
    for (int m = 0; m < 2; m++) {
        const gp_conv_mode mode = m ? GP_CONV_VALID : GP_CONV_SAME;
        for (int l = 0; l < NLAYOUT; l++) {
            for (int i = 0; i < 16; i++) {
                conv2d_case(h, 45, 140, sq[i], sq[i], mode, l);
                if (!small) conv2d_case(h, 70, 300, sq[i], sq[i], mode, l);
            }
            for (size_t i = 0; i < sizeof rect / sizeof rect[0]; i++) conv2d_case(h, 37, 263, rect[i][0], rect[i][1], mode, l);
            for (int s = 0; s < nsizes; s++) {
                static const int fsz[][2] = {{1, 1}, {3, 3}, {5, 5}, {9, 3}, {15, 15}, {1, 7}, {31, 31}};
                for (size_t f = 0; f < sizeof fsz / sizeof fsz[0]; f++) {
                    if (small && f > 4) break;
                    conv2d_case(h, sizes[s][0], sizes[s][1], fsz[f][0], fsz[f][1], mode, l);
                }
            }
            /* filters larger than the image (SAME: border taps only; VALID: an empty output) and larger than
             * the constant slots (rung 01 only; forced rungs fall back) */
            conv2d_case(h, 5, 7, 15, 15, mode, l);
            conv2d_case(h, 1, 1, 31, 31, mode, l);
            conv2d_case(h, 40, 50, 33, 33, mode, l);
            conv2d_case(h, 40, 50, 1, 35, mode, l);
            conv2d_case(h, 60, 20, 41, 3, mode, l);
        }
    }
    summary("verify conv2d (rungs 1-%d + auto; 16 square + 7 rectangular filters, 12 sizes, SAME/VALID, 3 layouts): %s\n",
            gp_rung_count(GP_PRIM_CONV2D), g_fails == before ? "ok" : "FAILED");

    before = g_fails;
    for (int m = 0; m < 2; m++) {
        const gp_conv_mode mode = m ? GP_CONV_VALID : GP_CONV_SAME;
        for (int l = 0; l < NLAYOUT; l++) {
            for (int i = 0; i < 16; i++) separable_case(h, 45, 140, sq[i], sq[i], mode, l, 0);
            for (size_t i = 0; i < sizeof rect / sizeof rect[0]; i++)
                separable_case(h, 37, 263, rect[i][0], rect[i][1], mode, l, 0);
            for (int s = 0; s < nsizes; s++) {
                separable_case(h, sizes[s][0], sizes[s][1], 3, 3, mode, l, 0);
                separable_case(h, sizes[s][0], sizes[s][1], 15, 15, mode, l, 0);
                if (!small) separable_case(h, sizes[s][0], sizes[s][1], 7, 31, mode, l, 0);
            }
            /* rung 01 in strips: workspace for fr + 2 rows of tmp (3 output rows per strip), then one too few */
            separable_case(h, 50, 77, 5, 3, mode, l, 5 + 2);
            separable_case(h, 41, 300, 15, 9, mode, l, 15 + 2);
            separable_case(h, 41, 300, 15, 9, mode, l, 15 + 9);
            separable_case(h, 5, 7, 15, 15, mode, l, 0);
            separable_case(h, 40, 50, 33, 3, mode, l, 0);
            separable_case(h, 40, 1200, 3, 1201, mode, l, 0); /* > 1024 taps: row-pass chunks */
        }
    }
    summary("verify separable (rungs 1-%d + auto; square, rectangular, strips, too-small workspace): %s\n",
            gp_rung_count(GP_PRIM_SEPARABLE), g_fails == before ? "ok" : "FAILED");

    before = g_fails;
    {
        static const int64_t ns[] = {1, 2, 5, 31, 1023, 1024, 1025, 4097, 100003};
        static const int ks[] = {1, 3, 15, 31, 33, 1025, 2049};
        for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++)
            for (size_t k = 0; k < sizeof ks / sizeof ks[0]; k++)
                for (int m = 0; m < 2; m++)
                    for (int off = 0; off < 2; off++) conv1d_case(h, ns[i], ks[k], m ? GP_CONV_VALID : GP_CONV_SAME, off);
        if (!small) conv1d_case(h, 3000017, 15, GP_CONV_SAME, 1);
    }
    summary("verify conv1d (n 1..100003, k 1..2049, SAME/VALID, unaligned): %s\n", g_fails == before ? "ok" : "FAILED");

    before = g_fails;
    {
        /* conv2d rung 04 (T = 8) tiles are 112 x 64, rung 03's warps 128 columns, rung 02's tiles 32 x 32 */
        static const int64_t js[][2] = {{1, 1}, {1, 300}, {300, 1}, {2, 2}, {3, 3}, {3, 130}, {37, 130}, {63, 111},
                                        {64, 112}, {65, 113}, {129, 225}, {33, 127}, {31, 129}, {200, 97}};
        static const int steps[] = {1, 2, 3, 7, 16, 17};
        for (size_t i = 0; i < sizeof js / sizeof js[0]; i++)
            for (size_t s = 0; s < sizeof steps / sizeof steps[0]; s++)
                for (int l = 0; l < NLAYOUT; l++) {
                    if (small && l == 2 && s > 2) continue;
                    jacobi_case(h, js[i][0], js[i][1], steps[s], l);
                }
        if (!small) jacobi_case(h, 1030, 1500, 33, 1);
    }
    summary("verify jacobi (rungs 1-%d + auto + rung 4 per T; bit-exact; u1 boundary; padding): %s\n",
            gp_rung_count(GP_PRIM_JACOBI), g_fails == before ? "ok" : "FAILED");

    before = g_fails;
    stream_ring_case();
    summary("verify constant-memory ring (4 streams x 4 host threads x 10 calls, conv2d 02-04 and separable 02): %s\n",
            g_fails == before ? "ok" : "FAILED");
}

/* ---- timing ------------------------------------------------------------------------------------------------ */
typedef int (*op_fn)(void *ctx); /* enqueues one run on the handle's stream; returns 0 on success */

static int cmp_f(const void *a, const void *b)
{
    const float x = *(const float *)a, y = *(const float *)b;
    return x < y ? -1 : x > y;
}

/* median ms of `reps` runs (2 warm-ups), each between its own pair of events */
static float time_op(op_fn fn, void *ctx, cudaStream_t s, int reps)
{
    cudaEvent_t e0, e1;
    float t[64];
    if (reps > 64) reps = 64;
    CK(cudaEventCreate(&e0));
    CK(cudaEventCreate(&e1));
    for (int i = 0; i < 2; i++)
        if (fn(ctx)) return -1.f;
    for (int i = 0; i < reps; i++) {
        CK(cudaEventRecord(e0, s));
        if (fn(ctx)) return -1.f;
        CK(cudaEventRecord(e1, s));
        CK(cudaEventSynchronize(e1));
        CK(cudaEventElapsedTime(&t[i], e0, e1));
    }
    CK(cudaEventDestroy(e0));
    CK(cudaEventDestroy(e1));
    qsort(t, (size_t)reps, sizeof(float), cmp_f);
    return t[reps / 2];
}

typedef struct conv_ctx {
    gp_handle h;
    int64_t rows, cols;
    const float *in, *filter, *filter2;
    int fr, fc;
    float *out;
} conv_ctx;
static int op_conv2d(void *c)
{
    conv_ctx *x = (conv_ctx *)c;
    return gp_conv2d_f32(x->h, x->rows, x->cols, x->in, x->cols, x->filter, x->fr, x->fc, GP_CONV_SAME, x->out, x->cols) != GP_SUCCESS;
}
static int op_separable(void *c)
{
    conv_ctx *x = (conv_ctx *)c;
    return gp_conv2d_separable_f32(x->h, x->rows, x->cols, x->in, x->cols, x->filter, x->fc, x->filter2, x->fr,
                                   GP_CONV_SAME, x->out, x->cols) != GP_SUCCESS;
}
static int op_conv1d(void *c)
{
    conv_ctx *x = (conv_ctx *)c;
    return gp_conv1d_f32(x->h, x->cols, x->in, x->filter, x->fc, GP_CONV_SAME, x->out) != GP_SUCCESS;
}
typedef struct copy_ctx {
    void *dst;
    const void *src;
    size_t bytes;
    cudaStream_t s;
} copy_ctx;
static int op_copy(void *c)
{
    copy_ctx *x = (copy_ctx *)c;
    return cudaMemcpyAsync(x->dst, x->src, x->bytes, cudaMemcpyDeviceToDevice, x->s) != cudaSuccess;
}
typedef struct jac_ctx {
    gp_handle h;
    int64_t n;
    float *u0, *u1;
    int steps;
} jac_ctx;
static int op_jacobi(void *c)
{
    jac_ctx *x = (jac_ctx *)c;
    return gp_jacobi5_f32(x->h, x->n, x->n, x->u0, x->u1, x->n, x->steps) != GP_SUCCESS;
}

/* reference of a large conv in parallel (row bands) */
static void ref_conv2d_par(int64_t rows, int64_t cols, const float *in, const float *f, int fr, int fc, double *ref, double *ab)
{
#pragma omp parallel for schedule(dynamic, 1)
    for (int64_t r = 0; r < rows; r += 64)
        gp_ref_conv2d_rows(rows, cols, in, cols, f, fr, fc, GP_CONV_SAME, r, r + 64, ref, ab);
}
static void ref_sep_par(int64_t rows, int64_t cols, const float *in, const float *rf, int fc, const float *cf, int fr,
                        double *ref, double *ab)
{
#pragma omp parallel for schedule(dynamic, 1)
    for (int64_t r = 0; r < rows; r += 64)
        gp_ref_separable_rows(rows, cols, in, cols, rf, fc, cf, fr, GP_CONV_SAME, r, r + 64, ref, ab);
}

/* Checks a dense device output against the reference; a baseline (strict = 0: cuDNN may pick an FFT or
 * Winograd algorithm whose error is not bounded per element like an FMA chain) is only reported. */
static long check_dev_s(const float *dout, int64_t rows, int64_t cols, const double *ref, const double *ab, int64_t taps,
                        const char *what, int strict)
{
    float *got = (float *)malloc((size_t)rows * cols * 4);
    double worst = 0;
    CK(cudaMemcpy(got, dout, (size_t)rows * cols * 4, cudaMemcpyDeviceToHost));
    if (strict) {
        const long bad = check_close(got, rows, cols, cols, ref, ab, taps, what);
        EXPECT(bad == 0, "%s: %ld mismatches", what, bad);
        free(got);
        return bad;
    }
    long bad = 0;
    for (int64_t i = 0; i < rows * cols; i++) {
        const double e = fabs(got[i] - ref[i]) / (ab[i] > 0 ? ab[i] : 1.0);
        if (e > worst || e != e) worst = e != e ? INFINITY : e;
        bad += !gp_ref_conv_close(got[i], ref[i], ab[i], taps);
    }
    printf("  %s: %ld of %lld outside the f32 FMA bound, worst |error| / sum|f x| = %.3g\n", what, bad,
           (long long)(rows * cols), worst);
    free(got);
    return bad;
}
static long check_dev(const float *dout, int64_t rows, int64_t cols, const double *ref, const double *ab, int64_t taps,
                      const char *what)
{
    return check_dev_s(dout, rows, cols, ref, ab, taps, what, 1);
}

/* cuDNN's f32 correlation (FMA math: no TF32), SAME, the fastest algorithm cudnnFindConvolutionForwardAlgorithmEx
 * finds, workspace allocated before the timing: bench/vendor_conv.cu, as `gpuprim bench conv2d` times it. Returns
 * the median ms, -1 if there is no cuDNN (the reason in desc), and the algorithm in desc. */
typedef struct cudnn_ctx {
    const float *in, *filter;
    float *out;
    cudaStream_t s;
} cudnn_ctx;
static int op_cudnn(void *c)
{
    cudnn_ctx *x = (cudnn_ctx *)c;
    return gpb_vendor_conv(x->in, x->filter, x->out, x->s);
}
static float time_cudnn(cudaStream_t s, int64_t rows, int64_t cols, const float *in, const float *filter, int fr, int fc,
                        float *out, int reps, char *desc, size_t desc_len)
{
    cudnn_ctx c = {in, filter, out, s};
    float t;
    if (gpb_vendor_conv_plan(rows, cols, fr, fc, 0, in, filter, out, s, desc, desc_len)) return -1.f;
    t = time_op(op_cudnn, &c, s, reps);
    CK(cudaStreamSynchronize(s));
    gpb_vendor_conv_destroy();
    return t;
}

static void print_kernels(void)
{
    static const gp_prim ps[3] = {GP_PRIM_CONV2D, GP_PRIM_SEPARABLE, GP_PRIM_JACOBI};
    for (int i = 0; i < 3; i++)
        for (int r = 1; r <= gp_rung_count(ps[i]); r++) {
            gp_rung_info ri;
            struct cudaFuncAttributes fa;
            if (gp_get_rung_info(ps[i], r, &ri) != GP_SUCCESS || !ri.kernel) continue;
            if (cudaFuncGetAttributes(&fa, ri.kernel) != cudaSuccess) continue;
            printf("kernel %-9s %02d %-14s %3d regs, %5zu B local (spills), %6zu B static smem, %6zu B dyn smem\n",
                   gp_prim_name(ps[i]), r, ri.name, fa.numRegs, fa.localSizeBytes, fa.sharedSizeBytes, ri.dyn_smem);
        }
}

static void bench_all(gp_handle h, cudaStream_t s)
{
    const int REPS = 15;
    const int64_t N = 8192, M = 3072;
    const size_t nn = (size_t)N * N;
    char label[128];
    float *in, *out, *f, *f2, *u0, *u1, *init;
    CK(cudaMalloc(&in, nn * 4));
    CK(cudaMalloc(&out, nn * 4));
    CK(cudaMalloc(&f, 31 * 31 * 4));
    CK(cudaMalloc(&f2, 31 * 31 * 4));
    float *hin = (float *)malloc(nn * 4), hf[31 * 31], hf2[31 * 31];
    double *ref = (double *)malloc(nn * 8), *ab = (double *)malloc(nn * 8);
    fill_random(hin, nn);
    CK(cudaMemcpy(in, hin, nn * 4, cudaMemcpyHostToDevice));

    /* the copy ceiling: cudaMemcpy D2D of one 8192^2 f32 image (read + write) */
    copy_ctx cc = {out, in, nn * 4, s};
    const float tcopy = time_op(op_copy, &cc, s, REPS);
    const double copy_gbs = 2.0 * nn * 4 / (tcopy * 1e6);
    summary("copy ceiling (cudaMemcpyAsync D2D, 2 x %zu MB): %.3f ms, %.0f GB/s\n", nn * 4 >> 20, tcopy, copy_gbs);

    conv_ctx x;
    memset(&x, 0, sizeof x);
    x.h = h;
    x.in = in;
    x.out = out;
    x.filter = f;
    x.filter2 = f2;

    /* conv2d 3x3 and 5x5 on 8192^2: GB/s at 8 bytes per output pixel */
    for (int fs = 3; fs <= 5; fs += 2) {
        fill_random(hf, (size_t)fs * fs);
        CK(cudaMemcpy(f, hf, (size_t)fs * fs * 4, cudaMemcpyHostToDevice));
        ref_conv2d_par(N, N, hin, hf, fs, fs, ref, ab);
        x.rows = x.cols = N;
        x.fr = x.fc = fs;
        for (int k = 0; k <= gp_rung_count(GP_PRIM_CONV2D); k++) {
            const int rung = k < gp_rung_count(GP_PRIM_CONV2D) ? k + 1 : 0;
            int ran = 0;
            gp_set_rung(h, GP_PRIM_CONV2D, rung);
            CK(cudaMemset(out, 0xff, nn * 4));
            const float t = time_op(op_conv2d, &x, s, REPS);
            gp_get_last_rung(h, GP_PRIM_CONV2D, &ran);
            snprintf(label, sizeof label, "conv2d %dx%d %lld^2 rung %d", fs, fs, (long long)N, rung);
            check_dev(out, N, N, ref, ab, fs * fs, label);
            const double gbs = 8.0 * nn / (t * 1e6);
            summary("conv2d %dx%d %lld^2 %-6s %02d %-14s %8.3f ms %7.0f GB/s %6.1f%% of copy%s\n", fs, fs, (long long)N,
                    rung ? "rung" : "auto", ran, gp_rung_name(GP_PRIM_CONV2D, ran), t, gbs, 100.0 * gbs / copy_gbs,
                    rung == 0 ? (gbs >= 0.9 * copy_gbs ? "  [target >= 90%: met]" : "  [target >= 90%: NOT met]") : "");
        }
    }

    /* conv2d 15x15 on 3072^2 against cuDNN */
    {
        const int fs = 15;
        const double flop = 2.0 * M * M * fs * fs;
        float tbest = -1.f;
        fill_random(hf, (size_t)fs * fs);
        CK(cudaMemcpy(f, hf, (size_t)fs * fs * 4, cudaMemcpyHostToDevice));
        float *hm = (float *)malloc((size_t)M * M * 4);
        fill_random(hm, (size_t)M * M);
        CK(cudaMemcpy(in, hm, (size_t)M * M * 4, cudaMemcpyHostToDevice));
        ref_conv2d_par(M, M, hm, hf, fs, fs, ref, ab);
        x.rows = x.cols = M;
        x.fr = x.fc = fs;
        for (int k = 0; k <= gp_rung_count(GP_PRIM_CONV2D); k++) {
            const int rung = k < gp_rung_count(GP_PRIM_CONV2D) ? k + 1 : 0;
            int ran = 0;
            gp_set_rung(h, GP_PRIM_CONV2D, rung);
            CK(cudaMemset(out, 0xff, (size_t)M * M * 4));
            const float t = time_op(op_conv2d, &x, s, rung == 1 || rung == 2 ? 5 : REPS);
            gp_get_last_rung(h, GP_PRIM_CONV2D, &ran);
            snprintf(label, sizeof label, "conv2d 15x15 3072^2 rung %d", rung);
            check_dev(out, M, M, ref, ab, fs * fs, label);
            summary("conv2d 15x15 %lld^2 %-6s %02d %-14s %8.3f ms %6.2f TFLOP/s\n", (long long)M, rung ? "rung" : "auto", ran,
                    gp_rung_name(GP_PRIM_CONV2D, ran), t, flop / (t * 1e9));
            if (rung == 0) tbest = t;
        }
        {
            char desc[128] = "";
            CK(cudaMemset(out, 0xff, (size_t)M * M * 4));
            const float t = time_cudnn(s, M, M, in, f, fs, fs, out, REPS, desc, sizeof desc);
            if (t > 0) {
                check_dev_s(out, M, M, ref, ab, fs * fs, "cuDNN 15x15 3072^2", 0);
                summary("conv2d 15x15 %lld^2 cuDNN (%s, f32 FMA math) %8.3f ms %6.2f TFLOP/s; auto / cuDNN: %.3fx  "
                        "[target >= 1.0x: %s; goal 1.5x: %s]\n",
                        (long long)M, desc, t, flop / (t * 1e9), t / tbest, t / tbest >= 1.0 ? "met" : "NOT met",
                        t / tbest >= 1.5 ? "met" : "not met");
            } else {
                summary("conv2d 15x15 %lld^2: %s; run.sh times PyTorch's F.conv2d instead (ours: %.3f ms)\n",
                        (long long)M, desc, tbest);
            }
        }
        free(hm);
        CK(cudaMemcpy(in, hin, nn * 4, cudaMemcpyHostToDevice));
    }

    /* separable 15-tap on 8192^2 (and cuDNN with the full 15x15 outer-product filter) */
    {
        const int fs = 15;
        fill_random(hf, fs);
        fill_random(hf2, fs);
        CK(cudaMemcpy(f, hf, fs * 4, cudaMemcpyHostToDevice));
        CK(cudaMemcpy(f2, hf2, fs * 4, cudaMemcpyHostToDevice));
        ref_sep_par(N, N, hin, hf, fs, hf2, fs, ref, ab);
        x.rows = x.cols = N;
        x.fr = x.fc = fs;
        float tauto = -1.f;
        for (int k = 0; k <= gp_rung_count(GP_PRIM_SEPARABLE); k++) {
            const int rung = k < gp_rung_count(GP_PRIM_SEPARABLE) ? k + 1 : 0;
            int ran = 0;
            gp_set_rung(h, GP_PRIM_SEPARABLE, rung);
            CK(cudaMemset(out, 0xff, nn * 4));
            const float t = time_op(op_separable, &x, s, REPS);
            gp_get_last_rung(h, GP_PRIM_SEPARABLE, &ran);
            snprintf(label, sizeof label, "separable 15 8192^2 rung %d", rung);
            check_dev(out, N, N, ref, ab, 2 * fs, label);
            const double gbs = 8.0 * nn / (t * 1e6);
            summary("separable 15+15 %lld^2 %-6s %02d %-10s %8.3f ms %7.0f GB/s %6.1f%% of copy\n", (long long)N,
                    rung ? "rung" : "auto", ran, gp_rung_name(GP_PRIM_SEPARABLE, ran), t, gbs, 100.0 * gbs / copy_gbs);
            if (!rung) tauto = t;
        }
        {
            char desc[128] = "";
            float full[15 * 15];
            for (int i = 0; i < fs; i++)
                for (int j = 0; j < fs; j++) full[i * fs + j] = hf2[i] * hf[j];
            CK(cudaMemcpy(f, full, sizeof full, cudaMemcpyHostToDevice));
            CK(cudaMemset(out, 0xff, nn * 4));
            const float t = time_cudnn(s, N, N, in, f, fs, fs, out, 5, desc, sizeof desc);
            if (t > 0) {
                check_dev_s(out, N, N, ref, ab, fs * fs + 2 * fs, "cuDNN 15x15 outer product 8192^2", 0);
                summary("separable 15+15 %lld^2 vs cuDNN full 15x15 (%s): %8.3f ms; separable auto / cuDNN: %.2fx\n",
                        (long long)N, desc, t, t / tauto);
            }
        }
    }

    /* conv1d: 2^26 samples, 15 taps: gp_conv1d_f32 (separable rung 01's row pass) and the same as a 1 x n conv2d */
    {
        const int64_t n = (int64_t)1 << 26;
        const int k = 15;
        fill_random(hf, k);
        CK(cudaMemcpy(f, hf, k * 4, cudaMemcpyHostToDevice));
        double *r1 = ref, *a1 = ab;
#pragma omp parallel for schedule(static)
        for (int64_t b = 0; b < n; b += 1 << 20) {
            /* bands of 2^20 outputs, each computed on its samples plus k/2 either side (so whole windows) */
            const int64_t lo = b - k / 2 < 0 ? 0 : b - k / 2, hi = b + (1 << 20) + k / 2 > n ? n : b + (1 << 20) + k / 2;
            double *tr = (double *)malloc((size_t)(hi - lo) * 8), *ta = (double *)malloc((size_t)(hi - lo) * 8);
            gp_ref_conv1d_f32(hi - lo, hin + lo, hf, k, GP_CONV_SAME, tr, ta);
            for (int64_t i = b; i < b + (1 << 20) && i < n; i++) {
                r1[i] = tr[i - lo];
                a1[i] = ta[i - lo];
            }
            free(tr);
            free(ta);
        }
        x.rows = 1;
        x.cols = n;
        x.fr = 1;
        x.fc = k;
        CK(cudaMemset(out, 0xff, (size_t)n * 4));
        float t = time_op(op_conv1d, &x, s, REPS);
        int ran = 0;
        gp_get_last_rung(h, GP_PRIM_SEPARABLE, &ran);
        check_dev(out, 1, n, r1, a1, k, "conv1d 2^26 k=15");
        double gbs = 8.0 * n / (t * 1e6);
        summary("conv1d 2^26 k=15 gp_conv1d_f32 (separable %02d %s) %8.3f ms %7.0f GB/s %6.1f%% of copy\n", ran,
                gp_rung_name(GP_PRIM_SEPARABLE, ran), t, gbs, 100.0 * gbs / copy_gbs);
        for (int rung = 1; rung <= gp_rung_count(GP_PRIM_CONV2D); rung++) {
            gp_set_rung(h, GP_PRIM_CONV2D, rung);
            CK(cudaMemset(out, 0xff, (size_t)n * 4));
            t = time_op(op_conv2d, &x, s, 5);
            snprintf(label, sizeof label, "conv1d 2^26 as 1 x n conv2d rung %d", rung);
            check_dev(out, 1, n, r1, a1, k, label);
            gbs = 8.0 * n / (t * 1e6);
            summary("conv1d 2^26 k=15 as a 1 x n conv2d, rung %02d %-14s %8.3f ms %7.0f GB/s %6.1f%% of copy\n", rung,
                    gp_rung_name(GP_PRIM_CONV2D, rung), t, gbs, 100.0 * gbs / copy_gbs);
        }
        gp_set_rung(h, GP_PRIM_CONV2D, 0);
    }

    /* jacobi on 8192^2: one step (GB/s at 8 bytes per cell), and 16 steps */
    {
        CK(cudaMalloc(&u0, nn * 4));
        CK(cudaMalloc(&u1, nn * 4));
        init = hin; /* random initial grid */
        float *h0 = (float *)malloc(nn * 4), *h1 = (float *)malloc(nn * 4), *want1 = (float *)malloc(nn * 4), *want16;
        /* references: 1 step (in h1) and 16 steps (in h0), rows in parallel per step */
        memcpy(h0, init, nn * 4);
        for (int st = 0; st < 16; st++) {
            const float *src = (st & 1) ? h1 : h0;
            float *dst = (st & 1) ? h0 : h1;
#pragma omp parallel for schedule(dynamic, 1)
            for (int64_t r = 0; r < N; r += 64) gp_ref_jacobi5_step_rows(N, N, src, dst, N, r, r + 64);
            if (st == 0) memcpy(want1, h1, nn * 4);
        }
        want16 = h0;
        jac_ctx j = {h, N, u0, u1, 1};
        float t1best = -1.f, t16best = -1.f, t16temporal = -1.f;
        int best1 = 0, best16 = 0;
        float *g = h1;
        for (int k = 0; k <= 3; k++) { /* rungs 1-3 forced, then auto */
            const int rung = k < 3 ? k + 1 : 0;
            int ran = 0;
            gp_set_rung(h, GP_PRIM_JACOBI, rung);
            CK(cudaMemcpy(u0, init, nn * 4, cudaMemcpyHostToDevice));
            j.steps = 1;
            const float t = time_op(op_jacobi, &j, s, REPS);
            gp_get_last_rung(h, GP_PRIM_JACOBI, &ran);
            /* verify: a fresh single step */
            CK(cudaMemcpy(u0, init, nn * 4, cudaMemcpyHostToDevice));
            CK(cudaMemset(u1, 0xff, nn * 4));
            gp_jacobi5_f32(h, N, N, u0, u1, N, 1);
            CK(cudaMemcpy(g, u1, nn * 4, cudaMemcpyDeviceToHost));
            EXPECT(memcmp(g, want1, nn * 4) == 0, "jacobi 8192^2 1 step rung %d: not bit-exact", rung);
            const double gbs = 8.0 * nn / (t * 1e6);
            summary("jacobi 1 step %lld^2 %-6s %02d %-10s %8.3f ms %7.0f GB/s %6.1f%% of copy%s\n", (long long)N,
                    rung ? "rung" : "auto", ran, gp_rung_name(GP_PRIM_JACOBI, ran), t, gbs, 100.0 * gbs / copy_gbs,
                    rung == 0 ? (gbs >= 0.95 * copy_gbs ? "  [target >= 95%: met]" : "  [target >= 95%: NOT met]") : "");
            if (rung && (t1best < 0 || t < t1best)) t1best = t, best1 = rung;
        }
        gp_rung_info ri;
        const int temporal = gp_rung_find(GP_PRIM_JACOBI, "temporal");
        const int ncfg = gp_get_rung_info(GP_PRIM_JACOBI, temporal, &ri) == GP_SUCCESS ? ri.configs : 0;
        for (int k = 0; k < 3 + ncfg + 1; k++) { /* 16 steps: rungs 1-3 (16 launches), rung 4 per T, auto */
            const int rung = k < 3 ? k + 1 : k < 3 + ncfg ? temporal : 0, cfg = k >= 3 && k < 3 + ncfg ? k - 3 : -1;
            int ran = 0, ran_cfg = -1;
            gp_set_rung(h, GP_PRIM_JACOBI, rung);
            gp_set_config(h, GP_PRIM_JACOBI, cfg);
            CK(cudaMemcpy(u0, init, nn * 4, cudaMemcpyHostToDevice));
            j.steps = 16;
            const float t = time_op(op_jacobi, &j, s, rung == 1 || rung == 2 ? 7 : REPS);
            gp_get_last_rung(h, GP_PRIM_JACOBI, &ran);
            gp_get_last_config(h, GP_PRIM_JACOBI, &ran_cfg);
            CK(cudaMemcpy(u0, init, nn * 4, cudaMemcpyHostToDevice));
            CK(cudaMemset(u1, 0xff, nn * 4));
            gp_jacobi5_f32(h, N, N, u0, u1, N, 16);
            CK(cudaMemcpy(g, u0, nn * 4, cudaMemcpyDeviceToHost));
            EXPECT(memcmp(g, want16, nn * 4) == 0, "jacobi 8192^2 16 steps rung %d cfg %d: not bit-exact", rung, cfg);
            /* effective bandwidth: 16 steps x 8 bytes per cell */
            const double gbs = 16.0 * 8.0 * nn / (t * 1e6);
            if (ran_cfg >= 0)
                snprintf(label, sizeof label, "%02d %s %s", ran, gp_rung_name(GP_PRIM_JACOBI, ran),
                         gp_rung_config_name(GP_PRIM_JACOBI, ran, ran_cfg));
            else
                snprintf(label, sizeof label, "%02d %s", ran, gp_rung_name(GP_PRIM_JACOBI, ran));
            summary("jacobi 16 steps %lld^2 %-6s %-22s %8.3f ms effective %7.0f GB/s (%5.2fx copy)\n", (long long)N,
                    rung ? "rung" : "auto", label, t, gbs, gbs / copy_gbs);
            if (rung && rung < temporal && (t16best < 0 || t < t16best)) t16best = t, best16 = rung;
            if (rung == 0) t16temporal = t;
        }
        gp_set_config(h, GP_PRIM_JACOBI, -1);
        gp_set_rung(h, GP_PRIM_JACOBI, 0);
        summary("jacobi: best single-step rung (1 step) %02d; 16 steps: best single-step rung %02d x 16 = %.3f ms, "
                "auto (temporal) %.3f ms: %.2fx  [target >= 2x: %s]\n",
                best1, best16, t16best, t16temporal, t16best / t16temporal, t16best / t16temporal >= 2.0 ? "met" : "NOT met");
        free(want1);
        free(h0);
        free(h1);
        CK(cudaFree(u0));
        CK(cudaFree(u1));
    }
    CK(cudaFree(in));
    CK(cudaFree(out));
    CK(cudaFree(f));
    CK(cudaFree(f2));
    free(hin);
    free(ref);
    free(ab);
}

int main(int argc, char **argv)
{
    int small = 0;
    const char *sum_path = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--small")) small = 1;
        else if (!strcmp(argv[i], "--summary") && i + 1 < argc) sum_path = argv[++i];
        else {
            fprintf(stderr, "usage: %s [--small] [--summary FILE]\n", argv[0]);
            return 2;
        }
    }
    if (sum_path && !(g_sum = fopen(sum_path, "w"))) {
        perror(sum_path);
        return 2;
    }
    const char *seed_env = getenv("GP_TEST_SEED");
    const uint64_t seed = seed_env && *seed_env ? strtoull(seed_env, NULL, 0) : (uint64_t)time(NULL);
    g_rng ^= seed * 0x9E3779B97F4A7C15ull;
    if (!g_rng) g_rng = 1;
    struct cudaDeviceProp prop;
    int dev = 0;
    CK(cudaGetDevice(&dev));
    CK(cudaGetDeviceProperties(&prop, dev));
    summary("device: %s (sm_%d%d, %d SMs, %.0f MB L2); seed %llu (re-run with GP_TEST_SEED=%llu)\n", prop.name, prop.major,
            prop.minor, prop.multiProcessorCount, prop.l2CacheSize / 1048576.0, (unsigned long long)seed,
            (unsigned long long)seed);
    gp_handle h;
    if (gp_create(&h) != GP_SUCCESS) {
        fprintf(stderr, "gp_create failed\n");
        return 2;
    }
    cudaStream_t s;
    CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    gp_set_stream(h, s);
    print_kernels();
    verify_all(h, small);
    CK(cudaDeviceSynchronize());
    summary("verification: %ld checks, %ld failed\n", g_checks, g_fails);
    if (!small) {
        const long before = g_fails;
        bench_all(h, s);
        summary("timed outputs: %s\n", g_fails == before ? "all elements verified" : "MISMATCHES (see log)");
    }
    CK(cudaDeviceSynchronize());
    gp_destroy(h);
    summary("result: %s (%ld checks, %ld failed)\n", g_fails ? "FAILED" : "PASSED", g_checks, g_fails);
    if (g_sum) fclose(g_sum);
    return g_fails ? 1 : 0;
}
