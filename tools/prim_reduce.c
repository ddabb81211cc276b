/* prim_reduce.c — reduce (sum, min, max, argmax; f32, f64, i32) in the gpuprim command: its verify cases,
 * and its bench cases (vendor: cub::DeviceReduce) for the generic driver. */
#include "driver.h"
#include "check.h"
#include "devdata.h"
#include "vendor.h"
#include "verify_cases.h"
#include "ref/ref.h"
#include <cuda_runtime.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const type_names[] = {"f32", "f64", "i32"};
static const char *const op_names[] = {"sum", "min", "max", NULL};
static const gpb_type vendor_type[] = {GPB_F32, GPB_F64, GPB_I32};
static const size_t in_size[] = {4, 8, 4};
static const size_t out_size[] = {4, 8, 8};

static gp_status call_reduce(gp_handle h, gpt_reduce_type t, gp_reduce_op op, int64_t n, const void *in, void *out)
{
    if (t == GPT_REDUCE_F32) return gp_reduce_f32(h, op, n, (const float *)in, (float *)out);
    if (t == GPT_REDUCE_F64) return gp_reduce_f64(h, op, n, (const double *)in, (double *)out);
    return gp_reduce_i32(h, op, n, (const int32_t *)in, (int64_t *)out);
}

int gpt_reduce_fill(gpt_reduce_type t, void *d, int64_t len, int dist, uint64_t seed, cudaStream_t s)
{
    if (dist == GPT_DIST_UNIFORM || t == GPT_REDUCE_I32) {
        if (t == GPT_REDUCE_F32) gpt_fill_f32((float *)d, len, -1.f, 1.f, seed, s);
        else if (t == GPT_REDUCE_F64) gpt_fill_f64((double *)d, len, -1.0, 1.0, seed, s);
        else if (dist == GPT_DIST_UNIFORM) gpt_fill_i32((int32_t *)d, len, -(1 << 20), 1 << 20, seed, s);
        else gpt_fill_i32((int32_t *)d, len, -16, 16, seed, s);
        return cudaStreamSynchronize(s) != cudaSuccess;
    }
    {
        const int64_t chunk = (int64_t)1 << 24;
        const size_t cap = (size_t)(len < chunk ? len : chunk);
        void *hbuf = malloc((cap ? cap : 1) * in_size[t]); /* len may be 0: an empty input at offset 0 */
        int bad = hbuf == NULL;
        for (int64_t b = 0; !bad && b < len; b += chunk) {
            int64_t m = len - b < chunk ? len - b : chunk;
            for (int64_t i = 0; i < m; i++) {
                int v = (int)(gpt_mix64(seed ^ (uint64_t)(b + i) * 0xD1B54A32D192ED03ull) % 33) - 16;
                if (t == GPT_REDUCE_F32) ((float *)hbuf)[i] = (float)v;
                else ((double *)hbuf)[i] = (double)v;
            }
            bad = cudaMemcpy((char *)d + (size_t)b * in_size[t], hbuf, (size_t)m * in_size[t],
                             cudaMemcpyHostToDevice) != cudaSuccess;
        }
        free(hbuf);
        /* a pageable cudaMemcpy may return before its DMA lands: finish it before work on another stream */
        return bad || cudaDeviceSynchronize() != cudaSuccess;
    }
}

/* Checks the result `got` (host copy of the output) against the reference over host input x. */
static int check_result(gpt_reduce_type t, gp_reduce_op op, int64_t n, const void *x, const void *got, int dist,
                        const char *label)
{
    char msg[160];
    int ok;
    if (t == GPT_REDUCE_I32) {
        int64_t want = gp_ref_reduce_i32(op, n, (const int32_t *)x), g;
        memcpy(&g, got, 8);
        ok = g == want;
        snprintf(msg, sizeof msg, "got %lld want %lld", (long long)g, (long long)want);
    } else {
        double abs_sum, want, g, tol;
        if (t == GPT_REDUCE_F32) {
            float f;
            want = gp_ref_reduce_f32(op, n, (const float *)x, &abs_sum);
            memcpy(&f, got, 4);
            g = f;
            tol = gp_ref_reduce_f32_tol(n);
        } else {
            want = gp_ref_reduce_f64(op, n, (const double *)x, &abs_sum);
            memcpy(&g, got, 8);
            tol = gp_ref_reduce_f32_tol(n) / 536870912.0; /* the same depth with u = 2^-53 */
        }
        if (op != GP_REDUCE_SUM || dist == GPT_DIST_SMALL_INT || n == 0)
            ok = g == want; /* min/max, integer-valued sums and the empty sum are exact */
        else
            ok = fabs(g - want) <= tol * abs_sum;
        snprintf(msg, sizeof msg, "got %.17g want %.17g (err %.3g, bound %.3g)", g, want, fabs(g - want),
                 op == GP_REDUCE_SUM && dist == GPT_DIST_UNIFORM ? tol * abs_sum : 0.0);
    }
    if (!ok) fprintf(stderr, "  reduce %s %s %s n=%lld: %s\n", label, type_names[t], op_names[op], (long long)n, msg);
    return !ok;
}


int gpt_verify_reduce_case(gp_handle h, int rung, gpt_reduce_type t, gp_reduce_op op, int64_t n, int off, int dist,
                           uint64_t seed, int verbose)
{
    const int64_t len = off + n; /* exactly what the call may read */
    const size_t es = in_size[t], os = out_size[t];
    char *din = NULL, *dout = NULL, *hx = NULL;
    unsigned char hout[16];
    int fail = 1;
    cudaStream_t s;
    char label[64], what[64];
    gp_get_stream(h, &s);
    /* the output element follows one poisoned guard element, and ends the allocation */
    if (gpt_dev_alloc((void **)&din, (size_t)len * es) || gpt_dev_alloc((void **)&dout, 2 * os)) goto out;
    if (gpt_reduce_fill(t, din, len, dist, seed, s)) goto out;
    gpt_poison(dout, 2 * os, s);
    gp_set_rung(h, GP_PRIM_REDUCE, rung);
    snprintf(what, sizeof what, "reduce n=%lld", (long long)n);
    if (gpt_call_done(h, GP_PRIM_REDUCE, rung, call_reduce(h, t, op, n, din + (size_t)off * es, dout + os), what,
                      label, sizeof label))
        goto out;
    hx = (char *)gpt_host_copy(din, (size_t)len * es);
    if (!hx || cudaMemcpy(hout, dout, 2 * os, cudaMemcpyDeviceToHost) != cudaSuccess) goto out;
    {
        int64_t guard = gpt_count_unpoisoned(hout, 0, 1, os);
        if (guard) fprintf(stderr, "  reduce %s: written before the output\n", label);
        fail = check_result(t, op, n, hx + (size_t)off * es, hout + os, dist, label) || guard;
        if (verbose || fail)
            printf("reduce %-16s %s %s n=%-10lld off=%d dist=%d  %s\n", label, type_names[t], op_names[op],
                   (long long)n, off, dist, fail ? "FAIL" : "ok");
    }
out:
    if (fail && cudaGetLastError() != cudaSuccess) fprintf(stderr, "reduce: CUDA error\n");
    cudaFree(din); cudaFree(dout);
    free(hx);
    return fail;
}

int gpt_verify_argmax_case(gp_handle h, int rung, int64_t n, int off, int dist, int nans, uint64_t seed,
                           int verbose)
{
    const int64_t len = off + n; /* exactly what the call may read */
    float *din = NULL, *hx = NULL;
    int64_t *dout = NULL, hout[2], want;
    int fail = 1;
    cudaStream_t s;
    char label[64], what[64];
    gp_get_stream(h, &s);
    /* the index follows one poisoned guard element, and ends the allocation */
    if (gpt_dev_alloc((void **)&din, (size_t)len * 4) || gpt_dev_alloc((void **)&dout, 2 * 8)) goto out;
    if (gpt_reduce_fill(GPT_REDUCE_F32, din, len, dist, seed, s) || !(hx = (float *)gpt_host_copy(din, (size_t)len * 4)))
        goto out;
    if (nans) { /* NaN at the front, at every 5th element, and (nans == 2) everywhere */
        for (int64_t i = 0; i < n; i++)
            if (nans == 2 || i == 0 || i % 5 == 3) hx[off + i] = NAN;
        if (cudaMemcpy(din, hx, (size_t)len * 4, cudaMemcpyHostToDevice) != cudaSuccess ||
            cudaDeviceSynchronize() != cudaSuccess)
            goto out;
    }
    gpt_poison(dout, 2 * 8, s);
    gp_set_rung(h, GP_PRIM_REDUCE, rung);
    snprintf(what, sizeof what, "argmax n=%lld", (long long)n);
    if (gpt_call_done(h, GP_PRIM_REDUCE, rung, gp_argmax_f32(h, n, din + off, dout + 1), what, label, sizeof label) ||
        cudaMemcpy(hout, dout, 2 * 8, cudaMemcpyDeviceToHost) != cudaSuccess)
        goto out;
    want = gp_ref_argmax_f32(n, hx + off);
    fail = hout[1] != want || hout[0] != -1; /* the guard keeps the 0xFF poison (-1) */
    if (verbose || fail)
        printf("argmax %-16s n=%-10lld off=%d dist=%d nans=%d: got %lld want %lld  %s\n", label, (long long)n, off, dist,
               nans, (long long)hout[1], (long long)want, fail ? "FAIL" : "ok");
out:
    if (fail && cudaGetLastError() != cudaSuccess) fprintf(stderr, "argmax: CUDA error\n");
    cudaFree(din); cudaFree(dout);
    free(hx);
    return fail;
}

int gpt_reduce_repeatability(gp_handle h, int64_t n, int runs, uint64_t seed)
{
    float *din = NULL, *dout = NULL, first = 0.f, cur;
    int prev_det = 0, differ = 0;
    cudaStream_t s;
    gp_get_stream(h, &s);
    gp_get_deterministic(h, &prev_det);
    GPB_CUDA(cudaMalloc((void **)&din, (size_t)n * 4));
    GPB_CUDA(cudaMalloc((void **)&dout, 4));
    gpt_fill_f32(din, n, -1.f, 1.f, seed, s);
    gp_set_deterministic(h, 1);
    for (int r = 0; r < runs; r++) {
        gpt_poison(dout, 4, s);
        if (gp_reduce_f32(h, GP_REDUCE_SUM, n, din, dout) != GP_SUCCESS) differ++;
        GPB_CUDA(cudaStreamSynchronize(s));
        GPB_CUDA(cudaMemcpy(&cur, dout, 4, cudaMemcpyDeviceToHost));
        if (r == 0) first = cur;
        else if (memcmp(&cur, &first, 4)) {
            fprintf(stderr, "  deterministic sum differs: run 0 %.9g, run %d %.9g\n", first, r, cur);
            differ++;
        }
    }
    gp_set_deterministic(h, prev_det);
    cudaFree(din); cudaFree(dout);
    return differ;
}

static gp_reduce_op reduce_op(const gpt_opts *o)
{
    int i = gpt_op_index(op_names, o);
    return i < 0 ? GP_REDUCE_SUM : (gp_reduce_op)i;
}

static int reduce_verify(gp_handle h, const gpt_opts *o, int rung, char *detail, size_t len)
{
    const gp_reduce_op op = reduce_op(o);
    const int64_t n = o->n >= 0 ? o->n : ((int64_t)1 << 24) + 3;
    int f = 0;
    for (int t = 0; t < 3; t++) {
        f += gpt_verify_reduce_case(h, rung, (gpt_reduce_type)t, op, n, 0, GPT_DIST_UNIFORM, o->seed, o->verbose);
        f += gpt_verify_reduce_case(h, rung, (gpt_reduce_type)t, op, n, 1, GPT_DIST_SMALL_INT, o->seed, o->verbose);
    }
    f += gpt_verify_argmax_case(h, rung, n, 2, GPT_DIST_SMALL_INT, 1, o->seed, o->verbose);
    snprintf(detail, len, "%s f32,f64,i32 + argmax n=%lld", op_names[op], (long long)n);
    return f;
}

/* ---- bench: n elements read once (GB/s = input bytes / time) ---- */
enum { RED_IN, RED_OUT };
struct reduce_bench {
    gpt_reduce_type type;
    gp_reduce_op op;
    int argmax;          /* gp_argmax_f32 / cub ArgMax; out holds the index, out + 8 the vendor's value */
    int64_t n;
    const int *rungs;    /* with --rung all: these rungs only; NULL: every rung */
    int nrungs;
    void *temp;          /* the vendor's temporary storage, allocated outside the timed runs */
    size_t temp_bytes;
    void *hx;            /* set 0's input on the host */
};

static int reduce_vendor(gpt_case *c, int set)
{
    struct reduce_bench *m = (struct reduce_bench *)c->state;
    char *out = (char *)c->buf[set][RED_OUT];
    if (m->argmax)
        return gpb_vendor_argmax_f32(m->n, (const float *)c->buf[set][RED_IN], (float *)(out + 8), (int64_t *)out,
                                     m->temp, &m->temp_bytes, c->bench->stream);
    return gpb_vendor_reduce(vendor_type[m->type], m->op, m->n, c->buf[set][RED_IN], out, m->temp, &m->temp_bytes,
                             c->bench->stream);
}

static int reduce_setup(gpt_bench *b, gpt_case *c)
{
    struct reduce_bench *m = (struct reduce_bench *)c->state;
    const size_t bytes = (size_t)m->n * in_size[m->type];
    gpt_case_buffer(c, bytes, GPT_INPUT);
    gpt_case_buffer(c, 16, GPT_OUTPUT);
    c->set_bytes = bytes;
    c->rungs = m->rungs;
    c->nrungs = m->nrungs;
    if (gpt_case_alloc(b, c)) return 1;
    for (int k = 0; k < c->sets; k++)
        if (gpt_reduce_fill(m->type, c->buf[k][RED_IN], m->n, GPT_DIST_UNIFORM, b->o->seed + k, b->stream)) return 1;
    if (!(m->hx = gpt_host_copy(c->buf[0][RED_IN], bytes))) return 1;
    m->temp = NULL; /* NULL temp: the size query */
    if (reduce_vendor(c, 0) || gpt_dev_alloc(&m->temp, m->temp_bytes ? m->temp_bytes : 1)) return 1;
    snprintf(c->shape, sizeof c->shape, "n=%lld %s %s, %d buffer sets", (long long)m->n, type_names[m->type],
             m->argmax ? "argmax" : op_names[m->op], c->sets);
    c->paired = 4; /* each row timed in blocks alternating with the vendor's (driver.h: why) */
    snprintf(c->vendor, sizeof c->vendor, "cub::DeviceReduce::%s (vendor)",
             m->argmax ? "ArgMax" : m->op == GP_REDUCE_SUM ? "Sum" : m->op == GP_REDUCE_MIN ? "Min" : "Max");
    c->work = (double)bytes;
    return 0;
}

static int reduce_run(gpt_case *c, int set)
{
    const struct reduce_bench *m = (const struct reduce_bench *)c->state;
    const void *in = c->buf[set][RED_IN];
    if (m->argmax) return gp_argmax_f32(c->bench->h, m->n, (const float *)in, (int64_t *)c->buf[set][RED_OUT]) != GP_SUCCESS;
    return call_reduce(c->bench->h, m->type, m->op, m->n, in, c->buf[set][RED_OUT]) != GP_SUCCESS;
}

/* Set 0's result against the reference; argmax: the index (the first index of the max). */
static int reduce_check(gpt_case *c, int vendor, const char *label)
{
    const struct reduce_bench *m = (const struct reduce_bench *)c->state;
    unsigned char got[8];
    (void)vendor;
    if (cudaMemcpy(got, c->buf[0][RED_OUT], 8, cudaMemcpyDeviceToHost) != cudaSuccess) return 0;
    if (m->argmax) {
        int64_t g, want = gp_ref_argmax_f32(m->n, (const float *)m->hx);
        memcpy(&g, got, 8);
        if (g != want) fprintf(stderr, "  argmax %s n=%lld: got %lld want %lld\n", label, (long long)m->n, (long long)g, (long long)want);
        return g == want;
    }
    return check_result(m->type, m->op, m->n, m->hx, got, GPT_DIST_UNIFORM, label) == 0;
}

static void reduce_teardown(gpt_case *c)
{
    struct reduce_bench *m = (struct reduce_bench *)c->state;
    cudaFree(m->temp);
    free(m->hx);
}

static int reduce_bench(gpt_bench *b)
{
    static const gpt_case_hooks hooks = {reduce_setup, reduce_run, reduce_vendor, reduce_check, reduce_teardown, NULL};
    static const int fast[] = {7, 8, 0}; /* the other ops and types: the fast rungs and auto */
    const gpt_opts *o = b->o;
    const int64_t n = o->n > 0 ? o->n : (o->quick ? (int64_t)1 << 24 : (int64_t)1 << 28);
    struct reduce_bench cases[] = {
        {GPT_REDUCE_F32, reduce_op(o), 0, n, NULL, 0, NULL, 0, NULL},
        {GPT_REDUCE_F32, GP_REDUCE_MIN, 0, n, fast, 3, NULL, 0, NULL},
        {GPT_REDUCE_F32, GP_REDUCE_MAX, 0, n, fast, 3, NULL, 0, NULL},
        {GPT_REDUCE_F64, GP_REDUCE_SUM, 0, n, fast, 3, NULL, 0, NULL},
        {GPT_REDUCE_I32, GP_REDUCE_SUM, 0, n, fast, 3, NULL, 0, NULL},
        {GPT_REDUCE_F32, GP_REDUCE_MAX, 1, n, fast, 3, NULL, 0, NULL},
    };
    const int ncases = o->op || o->quick ? 1 : (int)(sizeof cases / sizeof cases[0]);
    int fails = 0;
    if (o->sweep) /* f32 sum (or --op) at every size */
        for (int p = GPT_SWEEP_LOG2_MIN; p <= GPT_SWEEP_LOG2_MAX; p++) {
            struct reduce_bench one = cases[0];
            one.n = (int64_t)1 << p;
            fails += gpt_bench_case(b, &hooks, &one);
        }
    else
        for (int i = 0; i < ncases; i++) fails += gpt_bench_case(b, &hooks, &cases[i]);
    return fails;
}

const gpt_prim_cli gpt_reduce_cli = {"reduce", GP_PRIM_REDUCE, op_names, "sum", 0, reduce_verify, reduce_bench, NULL};
