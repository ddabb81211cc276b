/* prim_scan.c — scan (inclusive/exclusive prefix sums) in the gpuprim command: its verify cases, and its
 * bench cases (vendor: cub::DeviceScan::InclusiveSum) for the generic driver. */
#include "driver.h"
#include "check.h"
#include "devdata.h"
#include "vendor.h"
#include "verify_cases.h"
#include <cuda_runtime.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const scan_type_names[GPT_SCAN_TYPE_COUNT] = {"i32", "u32", "f32", "f32int", "f64", "f64int"};

static size_t scan_esz(gpt_scan_type type) { return type == GPT_SCAN_F64 || type == GPT_SCAN_F64_INT ? 8 : 4; }

/* Fills buf[0, len) with the case's random data (on the device) and copies it to host[0, len). */
static int scan_fill(gpt_scan_type type, void *buf, int64_t len, uint64_t seed, void *host, cudaStream_t s)
{
    const size_t esz = scan_esz(type);
    if (len <= 0) return 0;
    if (type == GPT_SCAN_F32) gpt_fill_f32((float *)buf, len, -1.f, 1.f, seed, s);
    else if (type == GPT_SCAN_F32_INT) gpt_fill_i32((int32_t *)buf, len, -8, 8, seed, s);
    else if (type == GPT_SCAN_F64 || type == GPT_SCAN_F64_INT) gpt_fill_f64((double *)buf, len, -8.0, 8.0, seed, s);
    else gpt_fill_i32((int32_t *)buf, len, INT32_MIN, INT32_MAX, seed, s); /* full range: sums wrap */
    if (cudaStreamSynchronize(s) != cudaSuccess) return 1;
    if (cudaMemcpy(host, buf, (size_t)len * esz, cudaMemcpyDeviceToHost) != cudaSuccess) return 1;
    if (type == GPT_SCAN_F32_INT) { /* small integers as floats: every partial sum is exact */
        uint32_t *hu = (uint32_t *)host;
        for (int64_t i = 0; i < len; i++) {
            float f = (float)(int32_t)hu[i];
            memcpy(&hu[i], &f, 4);
        }
    } else if (type == GPT_SCAN_F64_INT) {
        double *hd = (double *)host;
        for (int64_t i = 0; i < len; i++) hd[i] = floor(hd[i]);
    } else if (type == GPT_SCAN_F64) {
        double *hd = (double *)host;
        for (int64_t i = 0; i < len; i++) hd[i] /= 8.0;
    }
    if ((type == GPT_SCAN_F32_INT || type == GPT_SCAN_F64_INT || type == GPT_SCAN_F64) &&
        cudaMemcpy(buf, host, (size_t)len * esz, cudaMemcpyHostToDevice) != cudaSuccess)
        return 1;
    return 0;
}

static gp_status scan_call(gp_handle h, gpt_scan_type type, gp_scan_kind kind, int64_t n, const void *in, void *out)
{
    if (type == GPT_SCAN_I32) return gp_scan_i32(h, kind, n, (const int32_t *)in, (int32_t *)out);
    if (type == GPT_SCAN_U32) return gp_scan_u32(h, kind, n, (const uint32_t *)in, (uint32_t *)out);
    if (type == GPT_SCAN_F64 || type == GPT_SCAN_F64_INT) return gp_scan_f64(h, kind, n, (const double *)in, (double *)out);
    return gp_scan_f32(h, kind, n, (const float *)in, (float *)out);
}

/* Elements of got[0, n) that differ from the reference of in[0, n). f32: |got - ref| <= 1e-4 * sum|x|
 * (+1e-6), a bound for float partial sums over a few thousand chained tiles (f64: 1e-12, reference in
 * long double); integer types and integer-valued floats exactly. */
static int64_t scan_check(gpt_scan_type type, gp_scan_kind kind, int64_t n, const void *vin, const void *vgot,
                          const char *label)
{
    int64_t bad = 0;
    const int exc = kind == GP_SCAN_EXCLUSIVE;
    if (type == GPT_SCAN_I32 || type == GPT_SCAN_U32) {
        const uint32_t *in = (const uint32_t *)vin, *got = (const uint32_t *)vgot;
        uint32_t acc = 0;
        for (int64_t i = 0; i < n; i++) {
            uint32_t want = exc ? acc : acc + in[i];
            acc += in[i];
            if (got[i] != want && bad++ < 5)
                fprintf(stderr, "  scan %s: [%lld] = %u, want %u\n", label, (long long)i, got[i], want);
        }
    } else if (type == GPT_SCAN_F64 || type == GPT_SCAN_F64_INT) {
        const double *in = (const double *)vin, *got = (const double *)vgot;
        long double acc = 0.0L, acc_abs = 0.0L;
        for (int64_t i = 0; i < n; i++) {
            long double want = exc ? acc : acc + in[i];
            long double bound = exc ? acc_abs : acc_abs + fabs(in[i]);
            acc += in[i];
            acc_abs += fabs(in[i]);
            int ok = type == GPT_SCAN_F64_INT ? (long double)got[i] == want
                                              : fabsl((long double)got[i] - want) <= 1e-12L * bound + 1e-300L;
            if (!ok && bad++ < 5)
                fprintf(stderr, "  scan %s: [%lld] = %.17g, want %.17Lg\n", label, (long long)i, got[i], want);
        }
    } else {
        const uint32_t *in = (const uint32_t *)vin, *got = (const uint32_t *)vgot;
        double acc = 0.0, acc_abs = 0.0;
        for (int64_t i = 0; i < n; i++) {
            float x, g;
            memcpy(&x, &in[i], 4);
            memcpy(&g, &got[i], 4);
            double want = exc ? acc : acc + x;
            double bound = exc ? acc_abs : acc_abs + fabs(x);
            acc += x;
            acc_abs += fabs(x);
            int ok = type == GPT_SCAN_F32_INT ? (double)g == want : fabs((double)g - want) <= 1e-4 * bound + 1e-6;
            if (!ok && bad++ < 5)
                fprintf(stderr, "  scan %s: [%lld] = %.9g, want %.9g\n", label, (long long)i, (double)g, want);
        }
    }
    return bad;
}

int gpt_verify_scan_case(gp_handle h, int rung, gpt_scan_type type, gp_scan_kind kind, int64_t n, int off_in,
                         int off_out, uint64_t seed, int verbose)
{
    const int in_place = off_out < 0;
    const size_t esz = scan_esz(type);
    const int o_out = in_place ? off_in : off_out;
    const int64_t len_in = off_in + n, len_out = o_out + n; /* exactly what the call reads and writes */
    void *din = NULL, *dout = NULL;
    unsigned char *hin = NULL, *hout = NULL;
    int fail = 1;
    cudaStream_t s;
    char label[64], what[160];
    gp_get_stream(h, &s);
    if (gpt_dev_alloc(&din, (size_t)len_in * esz)) goto out;
    if (in_place) dout = din;
    else if (gpt_dev_alloc(&dout, (size_t)len_out * esz)) goto out;
    hin = (unsigned char *)malloc((size_t)(len_in ? len_in : 1) * esz);
    if (!hin || scan_fill(type, din, len_in, seed, hin, s)) goto out;
    if (!in_place) gpt_poison(dout, (size_t)len_out * esz, s);
    gp_set_rung(h, GP_PRIM_SCAN, rung);
    snprintf(what, sizeof what, "scan %s %s n=%lld off=%d,%d", scan_type_names[type],
             kind == GP_SCAN_EXCLUSIVE ? "excl" : "incl", (long long)n, off_in, off_out);
    if (gpt_call_done(h, GP_PRIM_SCAN, rung,
                      scan_call(h, type, kind, n, (const char *)din + off_in * esz, (char *)dout + o_out * esz), what,
                      label, sizeof label) ||
        !(hout = (unsigned char *)gpt_host_copy(dout, (size_t)len_out * esz)))
        goto out;
    {
        int64_t bad = scan_check(type, kind, n, hin + off_in * esz, hout + o_out * esz, label), guard = 0;
        /* before the output: the poison, or in place the untouched input */
        if (in_place) {
            for (int64_t i = 0; i < o_out; i++) guard += memcmp(hout + i * esz, hin + i * esz, esz) != 0;
        } else {
            guard = gpt_count_unpoisoned(hout, 0, o_out, esz);
        }
        if (guard) fprintf(stderr, "  %s %s: %lld elements written outside the output\n", what, label, (long long)guard);
        fail = bad != 0 || guard != 0;
        if (verbose || fail) printf("%s %-16s %s\n", what, label, fail ? "FAIL" : "ok");
    }
out:
    if (fail && cudaGetLastError() != cudaSuccess) fprintf(stderr, "scan: CUDA error\n");
    cudaFree(din);
    if (!in_place) cudaFree(dout);
    free(hin);
    free(hout);
    return fail;
}

static int scan_verify(gp_handle h, const gpt_opts *o, int rung, char *detail, size_t len)
{
    const int64_t n = o->n >= 0 ? o->n : ((int64_t)1 << 24) + 3;
    const uint64_t seed = o->seed;
    int f = 0;
    f += gpt_verify_scan_case(h, rung, GPT_SCAN_I32, GP_SCAN_INCLUSIVE, n, 0, 0, seed, o->verbose);
    f += gpt_verify_scan_case(h, rung, GPT_SCAN_U32, GP_SCAN_EXCLUSIVE, n, 1, 3, seed + 1, o->verbose);
    f += gpt_verify_scan_case(h, rung, GPT_SCAN_F32, GP_SCAN_INCLUSIVE, n, 0, -1, seed + 2, o->verbose);
    f += gpt_verify_scan_case(h, rung, GPT_SCAN_F32_INT, GP_SCAN_EXCLUSIVE, n, 2, 2, seed + 3, o->verbose);
    f += gpt_verify_scan_case(h, rung, GPT_SCAN_F64, GP_SCAN_INCLUSIVE, n, 1, 1, seed + 4, o->verbose);
    snprintf(detail, len, "i32,u32,f32,f64 incl/excl, in place n=%lld", (long long)n);
    return f;
}

/* ---- bench: inclusive sums of n i32 or f32; GB/s counts the read and the write (8n bytes) ---- */
enum { SCAN_IN, SCAN_OUT };
struct scan_bench {
    int f32;           /* 0: i32 values in [-1000, 1000]; 1: f32 in [-1, 1) */
    int64_t n;
    uint32_t *hin, *hout;
};

static int scan_setup(gpt_bench *b, gpt_case *c)
{
    struct scan_bench *m = (struct scan_bench *)c->state;
    const size_t bytes = (size_t)m->n * 4;
    gpt_case_buffer(c, bytes, GPT_INPUT);
    gpt_case_buffer(c, bytes, GPT_OUTPUT);
    c->set_bytes = 2 * bytes;
    if (gpt_case_alloc(b, c) || gpb_vendor_scan_init(m->n)) return 1;
    for (int k = 0; k < c->sets; k++) {
        const uint64_t seed = b->o->seed + m->f32 + 2 * k;
        if (m->f32) gpt_fill_f32((float *)c->buf[k][SCAN_IN], m->n, -1.f, 1.f, seed, b->stream);
        else gpt_fill_i32((int32_t *)c->buf[k][SCAN_IN], m->n, -1000, 1000, seed, b->stream);
    }
    m->hin = (uint32_t *)gpt_host_copy(c->buf[0][SCAN_IN], bytes);
    m->hout = (uint32_t *)malloc(bytes);
    snprintf(c->shape, sizeof c->shape, "n=%lld %s inclusive sum, GB/s=8n/t", (long long)m->n, m->f32 ? "f32" : "i32");
    gpt_case_shape_sets(c);
    c->paired = 4; /* each row timed in blocks alternating with the vendor's (driver.h: why) */
    snprintf(c->vendor, sizeof c->vendor, "cub::DeviceScan::InclusiveSum (vendor)");
    c->work = 8.0 * m->n;
    return !m->hin || !m->hout;
}

static int scan_run(gpt_case *c, int set)
{
    const struct scan_bench *m = (const struct scan_bench *)c->state;
    const void *in = c->buf[set][SCAN_IN];
    void *out = c->buf[set][SCAN_OUT];
    if (m->f32) return gp_scan_f32(c->bench->h, GP_SCAN_INCLUSIVE, m->n, (const float *)in, (float *)out) != GP_SUCCESS;
    return gp_scan_i32(c->bench->h, GP_SCAN_INCLUSIVE, m->n, (const int32_t *)in, (int32_t *)out) != GP_SUCCESS;
}

static int scan_vendor(gpt_case *c, int set)
{
    const struct scan_bench *m = (const struct scan_bench *)c->state;
    const void *in = c->buf[set][SCAN_IN];
    void *out = c->buf[set][SCAN_OUT];
    if (m->f32) return gpb_vendor_inclusive_sum_f32((const float *)in, (float *)out, m->n, c->bench->stream);
    return gpb_vendor_inclusive_sum_i32((const int32_t *)in, (int32_t *)out, m->n, c->bench->stream);
}

static int scan_bench_check(gpt_case *c, int vendor, const char *label)
{
    const struct scan_bench *m = (const struct scan_bench *)c->state;
    (void)vendor;
    if (cudaMemcpy(m->hout, c->buf[0][SCAN_OUT], (size_t)m->n * 4, cudaMemcpyDeviceToHost) != cudaSuccess) return 0;
    return scan_check(m->f32 ? GPT_SCAN_F32 : GPT_SCAN_I32, GP_SCAN_INCLUSIVE, m->n, m->hin, m->hout, label) == 0;
}

static void scan_teardown(gpt_case *c)
{
    struct scan_bench *m = (struct scan_bench *)c->state;
    free(m->hin);
    free(m->hout);
    gpb_vendor_scan_free();
}

/* 2^28 elements by default (1 GiB per array, 20x the L2). */
static int scan_bench(gpt_bench *b)
{
    static const gpt_case_hooks hooks = {scan_setup, scan_run, scan_vendor, scan_bench_check, scan_teardown, NULL};
    const int64_t n = b->o->n > 0 ? b->o->n : (b->o->quick ? (int64_t)1 << 24 : (int64_t)1 << 28);
    struct scan_bench i32 = {0, n, NULL, NULL}, f32 = {1, n, NULL, NULL};
    int fails = 0;
    if (!b->o->sweep) return gpt_bench_case(b, &hooks, &i32) + gpt_bench_case(b, &hooks, &f32);
    for (int p = GPT_SWEEP_LOG2_MIN; p <= GPT_SWEEP_LOG2_MAX; p++) { /* i32 inclusive sums */
        i32.n = (int64_t)1 << p;
        fails += gpt_bench_case(b, &hooks, &i32);
    }
    return fails;
}

/* CUB's scan takes int sizes. */
const gpt_prim_cli gpt_scan_cli = {"scan", GP_PRIM_SCAN, NULL, NULL, INT32_MAX, scan_verify, scan_bench, NULL};
