/* prim_transpose.c — `gpuprim verify transpose` and `gpuprim bench transpose`. */
#include "gpt.h"
#include "../src/ref/ref.h"
#include <cuda_runtime.h>
#include <stdlib.h>
#include <string.h>

#define TR_GUARD 8 /* poisoned elements after each output buffer */

/* (rows - 1) * ld + cols: elements spanned by a matrix */
static int64_t span(int64_t rows, int64_t cols, int64_t ld) { return rows > 0 && cols > 0 ? (rows - 1) * ld + cols : 0; }

static gp_status call_transpose(gp_handle h, int es, int64_t rows, int64_t cols, const void *in, int64_t ld_in,
                                void *out, int64_t ld_out)
{
    return es == 8 ? gp_transpose_f64(h, rows, cols, (const double *)in, ld_in, (double *)out, ld_out)
                   : gp_transpose_f32(h, rows, cols, (const float *)in, ld_in, (float *)out, ld_out);
}

static int is_poison(const unsigned char *p, int es)
{
    for (int i = 0; i < es; i++)
        if (p[i] != 0xFF) return 0;
    return 1;
}

/* Elements of the output buffer (len elements, matrix at element off) outside the cols x rows matrix that
 * no longer hold the poison: the guard before and after it and the padding columns r in [rows, ld_out). */
static int64_t count_touched(int es, const unsigned char *buf, int64_t len, int64_t off, int64_t rows, int64_t cols,
                             int64_t ld_out)
{
    const int64_t end = off + span(cols, rows, ld_out);
    int64_t touched = 0;
    for (int64_t i = 0; i < off; i++) touched += !is_poison(buf + i * es, es);
    for (int64_t i = end; i < len; i++) touched += !is_poison(buf + i * es, es);
    if (ld_out > rows)
        for (int64_t c = 0; c + 1 < cols; c++) /* the last row's padding lies past `end`, checked above */
            for (int64_t r = rows; r < ld_out; r++) touched += !is_poison(buf + (off + c * ld_out + r) * es, es);
    return touched;
}

static void fill(int es, void *d, int64_t n, uint64_t seed, cudaStream_t s)
{
    if (es == 8) gpt_fill_f64((double *)d, n, -1e6, 1e6, seed, s);
    else gpt_fill_f32((float *)d, n, -1e6f, 1e6f, seed, s);
}

int gpt_verify_transpose_case(gp_handle h, int rung, int es, int64_t rows, int64_t cols, int64_t ld_in,
                              int64_t ld_out, int off_in, int off_out, uint64_t seed, int verbose)
{
    const int64_t in_len = off_in + span(rows, cols, ld_in) + TR_GUARD;
    const int64_t out_len = off_out + span(cols, rows, ld_out) + TR_GUARD;
    void *din = NULL, *dout = NULL;
    unsigned char *hin = NULL, *hout = NULL;
    int fail = 1, ran = 0;
    gp_status st;
    cudaStream_t s;
    char label[64];
    gp_get_stream(h, &s);
    if (cudaMalloc(&din, (size_t)in_len * es) || cudaMalloc(&dout, (size_t)out_len * es)) {
        fprintf(stderr, "transpose %lldx%lld: cudaMalloc failed\n", (long long)rows, (long long)cols);
        goto out;
    }
    hin = (unsigned char *)malloc((size_t)in_len * es);
    hout = (unsigned char *)malloc((size_t)out_len * es);
    if (!hin || !hout) { fprintf(stderr, "transpose: host memory\n"); goto out; }
    fill(es, din, in_len, seed, s);
    gpt_poison(dout, (size_t)out_len * es, s);
    gp_set_rung(h, GP_PRIM_TRANSPOSE, rung);
    st = call_transpose(h, es, rows, cols, (char *)din + (size_t)off_in * es, ld_in,
                        (char *)dout + (size_t)off_out * es, ld_out);
    gp_get_last_rung(h, GP_PRIM_TRANSPOSE, &ran);
    gp_set_rung(h, GP_PRIM_TRANSPOSE, 0);
    gpt_rung_label(GP_PRIM_TRANSPOSE, rung, ran, label, sizeof label);
    if (st != GP_SUCCESS) {
        fprintf(stderr, "transpose %s %lldx%lld: %s\n", label, (long long)rows, (long long)cols, gp_status_string(st));
        goto out;
    }
    if (cudaStreamSynchronize(s) != cudaSuccess || cudaGetLastError() != cudaSuccess) {
        fprintf(stderr, "transpose %s %lldx%lld: kernel failed\n", label, (long long)rows, (long long)cols);
        goto out;
    }
    if (cudaMemcpy(hin, din, (size_t)in_len * es, cudaMemcpyDeviceToHost) ||
        cudaMemcpy(hout, dout, (size_t)out_len * es, cudaMemcpyDeviceToHost))
        goto out;
    {
        int64_t bad = gp_ref_transpose_mismatches(es, rows, cols, hin + (size_t)off_in * es, ld_in,
                                                  hout + (size_t)off_out * es, ld_out, "transpose");
        int64_t touched = count_touched(es, hout, out_len, off_out, rows, cols, ld_out);
        if (touched) fprintf(stderr, "  transpose: %lld elements written outside the output\n", (long long)touched);
        fail = bad != 0 || touched != 0;
        if (verbose || fail)
            printf("transpose %-14s f%d %lldx%lld ld %lld,%lld offsets %d,%d  %s\n", label, es * 8, (long long)rows,
                   (long long)cols, (long long)ld_in, (long long)ld_out, off_in, off_out, fail ? "FAIL" : "ok");
    }
out:
    if (fail && cudaGetLastError() != cudaSuccess) fprintf(stderr, "transpose: CUDA error\n");
    cudaFree(din); cudaFree(dout);
    free(hin); free(hout);
    return fail;
}

int gpt_verify_transpose(gp_handle h, const gpt_opts *o)
{
    static const int64_t shapes[][2] = {{4099, 4097}, {33, 4097}, {4097, 33}, {1, 100003}, {100003, 1}};
    int rungs[32], nr, fails = 0, nshapes = (int)(sizeof shapes / sizeof shapes[0]);
    uint64_t seed = gpt_seed(o);
    nr = gpt_rungs_to_run(GP_PRIM_TRANSPOSE, o, rungs, 32);
    if (o->m >= 0 || o->n >= 0) nshapes = 1;
    for (int i = 0; i < nr; i++) {
        int f = 0;
        char label[64];
        for (int k = 0; k < nshapes; k++) {
            int64_t rows = o->m >= 0 ? o->m : (o->n >= 0 ? o->n : shapes[k][0]);
            int64_t cols = o->n >= 0 ? o->n : (o->m >= 0 ? o->m : shapes[k][1]);
            for (int es = 4; es <= 8; es += 4) {
                f += gpt_verify_transpose_case(h, rungs[i], es, rows, cols, cols, rows, 0, 0, seed, o->verbose);
                f += gpt_verify_transpose_case(h, rungs[i], es, rows, cols, cols + 3, rows + 5, 1, 3, seed, o->verbose);
            }
        }
        gpt_rung_label(GP_PRIM_TRANSPOSE, rungs[i], rungs[i], label, sizeof label);
        printf("verify transpose %-16s seed=%llu: %s\n", label, (unsigned long long)seed, f ? "FAIL" : "PASS");
        fails += f != 0;
    }
    return fails;
}

/* ---- bench ---- */
struct tr_ctx {
    gp_handle h;
    int64_t rows, cols;
    int sets;
    float **in, **out;
    int vendor;
};

static int run_transpose(void *p, int iter)
{
    struct tr_ctx *m = (struct tr_ctx *)p;
    int k = iter % m->sets;
    if (m->vendor) return gpt_vendor_transpose_f32(m->rows, m->cols, m->in[k], m->cols, m->out[k], m->rows);
    return gp_transpose_f32(m->h, m->rows, m->cols, m->in[k], m->cols, m->out[k], m->rows) != GP_SUCCESS;
}

static int bench_shape(gp_handle h, const gpt_opts *o, gpt_report *r, int64_t rows, int64_t cols)
{
    struct tr_ctx m;
    int rungs[32], nr, first = r->count, vendor_row, fails = 0;
    const int64_t n = rows * cols;
    const double bytes = 8.0 * (double)n; /* each element read once and written once */
    float *hin = NULL, *hout = NULL;
    char shape[64];
    size_t bytes_per_set = (size_t)n * 8, l2 = (size_t)(r->l2_mb * 1e6);
    cudaStream_t s;
    memset(&m, 0, sizeof m);
    m.h = h; m.rows = rows; m.cols = cols;
    gp_get_stream(h, &s);
    m.sets = (int)((4 * l2 + bytes_per_set - 1) / bytes_per_set); /* rotate so the data stays out of L2 */
    if (m.sets < 1) m.sets = 1;
    if (m.sets > 64) m.sets = 64;
    m.in = (float **)calloc(m.sets, sizeof(float *));
    m.out = (float **)calloc(m.sets, sizeof(float *));
    hin = (float *)malloc((size_t)n * 4);
    hout = (float *)malloc((size_t)n * 4);
    if (!m.in || !m.out || !hin || !hout) return 1;
    for (int k = 0; k < m.sets; k++) {
        GPT_CUDA(cudaMalloc((void **)&m.in[k], (size_t)n * 4));
        GPT_CUDA(cudaMalloc((void **)&m.out[k], (size_t)n * 4));
        gpt_fill_f32(m.in[k], n, -100.f, 100.f, gpt_seed(o) + k, s);
    }
    GPT_CUDA(cudaMemcpy(hin, m.in[0], (size_t)n * 4, cudaMemcpyDeviceToHost));
    snprintf(shape, sizeof shape, "%lldx%lld f32, %d buffer sets", (long long)rows, (long long)cols, m.sets);

    /* vendor baseline: cublasSgeam (handle made once, outside the timed runs); its output is checked too.
     * The output starts zeroed, not poisoned: with beta = 0 cuBLAS should not read C, but 0 * NaN would
     * hide that in the check. */
    {
        gpt_timing t;
        int ok;
        gpt_progress("transpose %lldx%lld: cublasSgeam", (long long)rows, (long long)cols);
        if (gpt_vendor_transpose_create(s)) { fprintf(stderr, "transpose: cublasCreate failed\n"); return 1; }
        for (int k = 0; k < m.sets; k++) GPT_CUDA(cudaMemsetAsync(m.out[k], 0, (size_t)n * 4, s));
        m.vendor = 1;
        if (gpt_time(s, run_transpose, &m, o, &t)) return 1;
        m.vendor = 0;
        GPT_CUDA(cudaMemcpy(hout, m.out[0], (size_t)n * 4, cudaMemcpyDeviceToHost));
        ok = gp_ref_transpose_mismatches(4, rows, cols, hin, cols, hout, rows, "transpose cublasSgeam") == 0;
        fails += !ok;
        vendor_row = r->count;
        gpt_report_add(r, "transpose", shape, "cublasSgeam (vendor)", -1, &t, bytes / (t.median_ms * 1e6), "GB/s", ok);
    }
    nr = gpt_rungs_to_run(GP_PRIM_TRANSPOSE, o, rungs, 32);
    for (int i = 0; i < nr; i++) {
        gpt_timing t;
        char label[64];
        int ran = 0, ok;
        gpt_rung_label(GP_PRIM_TRANSPOSE, rungs[i], rungs[i], label, sizeof label);
        gpt_progress("transpose %lldx%lld: %s", (long long)rows, (long long)cols, label);
        for (int k = 0; k < m.sets; k++) gpt_poison(m.out[k], (size_t)n * 4, s);
        gp_set_rung(h, GP_PRIM_TRANSPOSE, rungs[i]);
        if (gpt_time(s, run_transpose, &m, o, &t)) return 1;
        gp_get_last_rung(h, GP_PRIM_TRANSPOSE, &ran);
        gp_set_rung(h, GP_PRIM_TRANSPOSE, 0);
        GPT_CUDA(cudaMemcpy(hout, m.out[0], (size_t)n * 4, cudaMemcpyDeviceToHost));
        ok = gp_ref_transpose_mismatches(4, rows, cols, hin, cols, hout, rows, "transpose bench") == 0;
        fails += !ok;
        gpt_rung_label(GP_PRIM_TRANSPOSE, rungs[i], ran, label, sizeof label);
        gpt_report_add(r, "transpose", shape, label, rungs[i], &t, bytes / (t.median_ms * 1e6), "GB/s", ok);
    }
    gpt_report_relate(r, first, vendor_row, r->copy_gbps);
    gpt_report_print_group(r, first, stdout);
    for (int k = 0; k < m.sets; k++) { cudaFree(m.in[k]); cudaFree(m.out[k]); }
    free(m.in); free(m.out); free(hin); free(hout);
    return fails;
}

int gpt_bench_transpose(gp_handle h, const gpt_opts *o, gpt_report *r)
{
    int fails = 0;
    if (o->m >= 0 || o->n >= 0) {
        int64_t rows = o->m >= 0 ? o->m : o->n, cols = o->n >= 0 ? o->n : o->m;
        if (rows < 1 || cols < 1) return 1;
        fails = bench_shape(h, o, r, rows, cols);
    } else if (o->quick) {
        fails = bench_shape(h, o, r, 4096, 4096);
    } else {
        fails = bench_shape(h, o, r, 16384, 16384);
        fails += bench_shape(h, o, r, 16383, 16385); /* not a multiple of any tile: edge tiles, rung 3 for auto */
    }
    gpt_vendor_transpose_destroy();
    return fails;
}
