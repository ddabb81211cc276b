/* prim_transpose.c — transpose (f32, f64; any rows x cols, leading dimensions) in the gpuprim command: its
 * verify cases, and its bench cases (vendor: cublasSgeam) for the generic driver. */
#include "driver.h"
#include "check.h"
#include "devdata.h"
#include "vendor.h"
#include "verify_cases.h"
#include "ref/ref.h"
#include <cuda_runtime.h>
#include <stdlib.h>

/* (rows - 1) * ld + cols: the elements a rows x cols matrix with leading dimension ld spans */
static int64_t span(int64_t rows, int64_t cols, int64_t ld) { return rows > 0 && cols > 0 ? (rows - 1) * ld + cols : 0; }

static gp_status call_transpose(gp_handle h, int es, int64_t rows, int64_t cols, const void *in, int64_t ld_in,
                                void *out, int64_t ld_out)
{
    return es == 8 ? gp_transpose_f64(h, rows, cols, (const double *)in, ld_in, (double *)out, ld_out)
                   : gp_transpose_f32(h, rows, cols, (const float *)in, ld_in, (float *)out, ld_out);
}

/* Elements of the output buffer outside the cols x rows matrix at element `off` that no longer hold the
 * poison: those before it, and the padding columns r in [rows, ld_out) of each row but the last (the
 * buffer ends at the matrix's last element). */
static int64_t count_touched(int es, const unsigned char *buf, int64_t off, int64_t rows, int64_t cols, int64_t ld_out)
{
    int64_t touched = gpt_count_unpoisoned(buf, 0, off, (size_t)es);
    if (ld_out > rows)
        for (int64_t c = 0; c + 1 < cols; c++)
            touched += gpt_count_unpoisoned(buf, off + c * ld_out + rows, off + c * ld_out + ld_out, (size_t)es);
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
    /* exactly the spans the call reads and writes, from each buffer's aligned base */
    const int64_t in_len = off_in + span(rows, cols, ld_in);
    const int64_t out_len = off_out + span(cols, rows, ld_out);
    void *din = NULL, *dout = NULL;
    unsigned char *hin = NULL, *hout = NULL;
    int fail = 1;
    cudaStream_t s;
    char label[64], what[64];
    gp_get_stream(h, &s);
    if (gpt_dev_alloc(&din, (size_t)in_len * es) || gpt_dev_alloc(&dout, (size_t)out_len * es)) {
        fprintf(stderr, "transpose %lldx%lld: cudaMalloc failed\n", (long long)rows, (long long)cols);
        goto out;
    }
    fill(es, din, in_len, seed, s);
    gpt_poison(dout, (size_t)out_len * es, s);
    gp_set_rung(h, GP_PRIM_TRANSPOSE, rung);
    snprintf(what, sizeof what, "transpose %lldx%lld", (long long)rows, (long long)cols);
    if (gpt_call_done(h, GP_PRIM_TRANSPOSE, rung,
                      call_transpose(h, es, rows, cols, (char *)din + (size_t)off_in * es, ld_in,
                                     (char *)dout + (size_t)off_out * es, ld_out),
                      what, label, sizeof label))
        goto out;
    hin = (unsigned char *)gpt_host_copy(din, (size_t)in_len * es);
    hout = (unsigned char *)gpt_host_copy(dout, (size_t)out_len * es);
    if (!hin || !hout) goto out;
    {
        int64_t bad = gp_ref_transpose_mismatches(es, rows, cols, hin + (size_t)off_in * es, ld_in,
                                                  hout + (size_t)off_out * es, ld_out, "transpose");
        int64_t touched = count_touched(es, hout, off_out, rows, cols, ld_out);
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

static int transpose_verify(gp_handle h, const gpt_opts *o, int rung, char *detail, size_t len)
{
    static const int64_t shapes[][2] = {{4099, 4097}, {33, 4097}, {4097, 33}, {1, 100003}, {100003, 1}};
    const int given = o->m >= 0 || o->n >= 0;
    const int nshapes = given ? 1 : (int)(sizeof shapes / sizeof shapes[0]);
    int f = 0;
    for (int k = 0; k < nshapes; k++) {
        int64_t rows = o->m >= 0 ? o->m : (o->n >= 0 ? o->n : shapes[k][0]);
        int64_t cols = o->n >= 0 ? o->n : (o->m >= 0 ? o->m : shapes[k][1]);
        for (int es = 4; es <= 8; es += 4) {
            f += gpt_verify_transpose_case(h, rung, es, rows, cols, cols, rows, 0, 0, o->seed, o->verbose);
            f += gpt_verify_transpose_case(h, rung, es, rows, cols, cols + 3, rows + 5, 1, 3, o->seed, o->verbose);
        }
        if (given) snprintf(detail, len, "%lldx%lld f32,f64, ld and offsets", (long long)rows, (long long)cols);
    }
    if (!given) snprintf(detail, len, "%d shapes f32,f64, ld and offsets", nshapes);
    return f;
}

/* ---- bench: rows x cols f32, each element read and written once (GB/s = 8 rows cols / time) ---- */
enum { TR_IN, TR_OUT };
struct transpose_bench {
    int64_t rows, cols;
    float *hin, *hout;
};

static int transpose_setup(gpt_bench *b, gpt_case *c)
{
    struct transpose_bench *m = (struct transpose_bench *)c->state;
    const int64_t n = m->rows * m->cols;
    gpt_case_buffer(c, (size_t)n * 4, GPT_INPUT);
    gpt_case_buffer(c, (size_t)n * 4, GPT_OUTPUT);
    c->set_bytes = (size_t)n * 8;
    if (gpt_case_alloc(b, c)) return 1;
    for (int k = 0; k < c->sets; k++) gpt_fill_f32((float *)c->buf[k][TR_IN], n, -100.f, 100.f, b->o->seed + k, b->stream);
    m->hin = (float *)gpt_host_copy(c->buf[0][TR_IN], (size_t)n * 4);
    m->hout = (float *)malloc((size_t)n * 4);
    snprintf(c->shape, sizeof c->shape, "%lldx%lld f32, %d buffer sets", (long long)m->rows, (long long)m->cols, c->sets);
    snprintf(c->vendor, sizeof c->vendor, "cublasSgeam (vendor)");
    c->work = 8.0 * (double)n;
    /* each row timed in blocks alternating with cublasSgeam (as sgemm): the 6-12 us shapes (256^2, 1024^2) swung
     * 0.71-1.29x between sweeps timed vendor first, rung after (results/h100-2026-11-24d/README.md) */
    c->paired = 4;
    /* cuBLAS's output starts zeroed, not poisoned: with beta = 0 it should not read C, but 0 * NaN would hide
     * that in the check */
    c->vendor_zeroed = 1;
    if (gpb_vendor_transpose_create(b->stream)) {
        fprintf(stderr, "transpose: cublasCreate failed\n");
        return 1;
    }
    return !m->hin || !m->hout;
}

static int transpose_run(gpt_case *c, int set)
{
    const struct transpose_bench *m = (const struct transpose_bench *)c->state;
    return gp_transpose_f32(c->bench->h, m->rows, m->cols, (const float *)c->buf[set][TR_IN], m->cols,
                            (float *)c->buf[set][TR_OUT], m->rows) != GP_SUCCESS;
}

static int transpose_vendor(gpt_case *c, int set)
{
    const struct transpose_bench *m = (const struct transpose_bench *)c->state;
    return gpb_vendor_transpose_f32(m->rows, m->cols, (const float *)c->buf[set][TR_IN], m->cols,
                                    (float *)c->buf[set][TR_OUT], m->rows);
}

static int transpose_check(gpt_case *c, int vendor, const char *label)
{
    const struct transpose_bench *m = (const struct transpose_bench *)c->state;
    (void)label;
    if (cudaMemcpy(m->hout, c->buf[0][TR_OUT], (size_t)(m->rows * m->cols) * 4, cudaMemcpyDeviceToHost)) return 0;
    return gp_ref_transpose_mismatches(4, m->rows, m->cols, m->hin, m->cols, m->hout, m->rows,
                                       vendor ? "transpose cublasSgeam" : "transpose bench") == 0;
}

static void transpose_teardown(gpt_case *c)
{
    struct transpose_bench *m = (struct transpose_bench *)c->state;
    free(m->hin);
    free(m->hout);
    gpb_vendor_transpose_destroy();
}

static int transpose_bench(gpt_bench *b)
{
    static const gpt_case_hooks hooks = {transpose_setup, transpose_run, transpose_vendor, transpose_check,
                                         transpose_teardown, NULL};
    const gpt_opts *o = b->o;
    struct transpose_bench given = {o->m > 0 ? o->m : o->n, o->n > 0 ? o->n : o->m, NULL, NULL};
    struct transpose_bench quick = {4096, 4096, NULL, NULL}, square = {16384, 16384, NULL, NULL};
    struct transpose_bench odd = {16383, 16385, NULL, NULL}; /* no multiple of any tile: edge tiles, rung 3 for auto */
    if (o->sweep) {
        /* squares, odd (rows not 16-byte aligned), skinny and wide shapes */
        static const int64_t shapes[][2] = {{16384, 16384}, {16383, 16385}, {8192, 8192}, {4097, 4095}, {4096, 4096},
                                            {1024, 1024}, {1000, 1000}, {256, 256}, {8192, 2048}, {2048, 8192},
                                            {65536, 64}, {64, 65536}, {1 << 20, 32}, {32, 1 << 20}, {1, 1 << 22},
                                            {1 << 22, 1}};
        int fails = 0;
        for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
            struct transpose_bench t = {shapes[i][0], shapes[i][1], NULL, NULL};
            fails += gpt_bench_case(b, &hooks, &t);
        }
        return fails;
    }
    if (o->m > 0 || o->n > 0) return gpt_bench_case(b, &hooks, &given);
    if (o->quick) return gpt_bench_case(b, &hooks, &quick);
    return gpt_bench_case(b, &hooks, &square) + gpt_bench_case(b, &hooks, &odd);
}

const gpt_prim_cli gpt_transpose_cli = {"transpose", GP_PRIM_TRANSPOSE, NULL, NULL, 0, transpose_verify,
                                        transpose_bench, NULL};
