/* prim_reduce.c — `gpuprim verify reduce` and `gpuprim bench reduce`. */
#include "gpt.h"
#include "../src/ref/ref.h"
#include <cuda_runtime.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const type_names[] = {"f32", "f64", "i32"};
static const char *const op_names[] = {"sum", "min", "max"};
static const size_t in_size[] = {4, 8, 4};
static const size_t out_size[] = {4, 8, 8};

static int parse_op(const char *s, gp_reduce_op *op)
{
    if (!s) { *op = GP_REDUCE_SUM; return 0; }
    for (int i = 0; i < 3; i++)
        if (!strcmp(s, op_names[i])) { *op = (gp_reduce_op)i; return 0; }
    fprintf(stderr, "gpuprim: reduce --op takes sum, min or max, not '%s'\n", s);
    return 1;
}

static gp_status call_reduce(gp_handle h, gpt_reduce_type t, gp_reduce_op op, int64_t n, const void *in, void *out)
{
    if (t == GPT_REDUCE_F32) return gp_reduce_f32(h, op, n, (const float *)in, (float *)out);
    if (t == GPT_REDUCE_F64) return gp_reduce_f64(h, op, n, (const double *)in, (double *)out);
    return gp_reduce_i32(h, op, n, (const int32_t *)in, (int64_t *)out);
}

static uint64_t mix64(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
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
        void *hbuf = malloc((size_t)(len < chunk ? len : chunk) * in_size[t]);
        int bad = hbuf == NULL;
        for (int64_t b = 0; !bad && b < len; b += chunk) {
            int64_t m = len - b < chunk ? len - b : chunk;
            for (int64_t i = 0; i < m; i++) {
                int v = (int)(mix64(seed ^ (uint64_t)(b + i) * 0xD1B54A32D192ED03ull) % 33) - 16;
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
    const int64_t len = n + off + 4;
    const size_t es = in_size[t], os = out_size[t];
    char *din = NULL, *dout = NULL, *hx = NULL;
    unsigned char hout[32];
    int fail = 1, ran = 0;
    gp_status st;
    cudaStream_t s;
    char label[64];
    gp_get_stream(h, &s);
    if (cudaMalloc((void **)&din, (size_t)len * es) != cudaSuccess || cudaMalloc((void **)&dout, 4 * os) != cudaSuccess)
        goto out;
    hx = (char *)malloc((size_t)len * es);
    if (!hx) goto out;
    if (gpt_reduce_fill(t, din, len, dist, seed, s)) goto out;
    gpt_poison(dout, 4 * os, s);
    gp_set_rung(h, GP_PRIM_REDUCE, rung);
    st = call_reduce(h, t, op, n, din + (size_t)off * es, dout + os); /* out = element 1 of 4: guards around */
    gp_get_last_rung(h, GP_PRIM_REDUCE, &ran);
    gp_set_rung(h, GP_PRIM_REDUCE, 0);
    gpt_rung_label(GP_PRIM_REDUCE, rung, ran, label, sizeof label);
    if (st != GP_SUCCESS) {
        fprintf(stderr, "reduce %s n=%lld: %s\n", label, (long long)n, gp_status_string(st));
        goto out;
    }
    if (cudaStreamSynchronize(s) != cudaSuccess || cudaGetLastError() != cudaSuccess) {
        fprintf(stderr, "reduce %s n=%lld: kernel failed\n", label, (long long)n);
        goto out;
    }
    if (cudaMemcpy(hx, din, (size_t)len * es, cudaMemcpyDeviceToHost) != cudaSuccess ||
        cudaMemcpy(hout, dout, 4 * os, cudaMemcpyDeviceToHost) != cudaSuccess)
        goto out;
    {
        int guard = 0;
        for (size_t b = 0; b < 4 * os; b++)
            if ((b < os || b >= 2 * os) && hout[b] != 0xFF) guard++;
        if (guard) fprintf(stderr, "  reduce %s: %d bytes written outside the output\n", label, guard);
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
    const int64_t len = n + off + 4;
    float *din = NULL, *hx = NULL;
    int64_t *dout = NULL, hout[3], want;
    int fail = 1, ran = 0;
    gp_status st;
    cudaStream_t s;
    char label[64];
    gp_get_stream(h, &s);
    if (cudaMalloc((void **)&din, (size_t)len * 4) != cudaSuccess || cudaMalloc((void **)&dout, 3 * 8) != cudaSuccess)
        goto out;
    hx = (float *)malloc((size_t)len * 4);
    if (!hx || gpt_reduce_fill(GPT_REDUCE_F32, din, len, dist, seed, s)) goto out;
    if (cudaMemcpy(hx, din, (size_t)len * 4, cudaMemcpyDeviceToHost) != cudaSuccess) goto out;
    if (nans) { /* NaN at the front, at every 5th element, and (nans == 2) everywhere */
        for (int64_t i = 0; i < n; i++)
            if (nans == 2 || i == 0 || i % 5 == 3) hx[off + i] = NAN;
        if (cudaMemcpy(din, hx, (size_t)len * 4, cudaMemcpyHostToDevice) != cudaSuccess ||
            cudaDeviceSynchronize() != cudaSuccess)
            goto out;
    }
    gpt_poison(dout, 3 * 8, s);
    gp_set_rung(h, GP_PRIM_REDUCE, rung);
    st = gp_argmax_f32(h, n, din + off, dout + 1);
    gp_get_last_rung(h, GP_PRIM_REDUCE, &ran);
    gp_set_rung(h, GP_PRIM_REDUCE, 0);
    gpt_rung_label(GP_PRIM_REDUCE, rung, ran, label, sizeof label);
    if (st != GP_SUCCESS) {
        fprintf(stderr, "argmax %s n=%lld: %s\n", label, (long long)n, gp_status_string(st));
        goto out;
    }
    if (cudaStreamSynchronize(s) != cudaSuccess || cudaMemcpy(hout, dout, 3 * 8, cudaMemcpyDeviceToHost) != cudaSuccess)
        goto out;
    want = gp_ref_argmax_f32(n, hx + off);
    fail = hout[1] != want || hout[0] != -1 || hout[2] != -1; /* guards keep the 0xFF poison (-1) */
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
    GPT_CUDA(cudaMalloc((void **)&din, (size_t)n * 4));
    GPT_CUDA(cudaMalloc((void **)&dout, 4));
    gpt_fill_f32(din, n, -1.f, 1.f, seed, s);
    gp_set_deterministic(h, 1);
    for (int r = 0; r < runs; r++) {
        gpt_poison(dout, 4, s);
        if (gp_reduce_f32(h, GP_REDUCE_SUM, n, din, dout) != GP_SUCCESS) differ++;
        GPT_CUDA(cudaStreamSynchronize(s));
        GPT_CUDA(cudaMemcpy(&cur, dout, 4, cudaMemcpyDeviceToHost));
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

int gpt_verify_reduce(gp_handle h, const gpt_opts *o)
{
    gp_reduce_op op;
    int rungs[32], nr, fails = 0;
    int64_t n = o->n >= 0 ? o->n : ((int64_t)1 << 24) + 3;
    uint64_t seed = gpt_seed(o);
    if (parse_op(o->op, &op)) return 1;
    nr = gpt_rungs_to_run(GP_PRIM_REDUCE, o, rungs, 32);
    for (int i = 0; i < nr; i++) {
        char label[64];
        int f = 0;
        for (int t = 0; t < 3; t++) {
            f += gpt_verify_reduce_case(h, rungs[i], (gpt_reduce_type)t, op, n, 0, GPT_DIST_UNIFORM, seed, 0);
            f += gpt_verify_reduce_case(h, rungs[i], (gpt_reduce_type)t, op, n, 1, GPT_DIST_SMALL_INT, seed, 0);
        }
        f += gpt_verify_argmax_case(h, rungs[i], n, 2, GPT_DIST_SMALL_INT, 1, seed, 0);
        gpt_rung_label(GP_PRIM_REDUCE, rungs[i], rungs[i], label, sizeof label);
        printf("verify reduce %-16s %s n=%lld seed=%llu: %s\n", label, op_names[op], (long long)n,
               (unsigned long long)seed, f ? "FAIL" : "PASS");
        fails += f != 0;
    }
    return fails;
}

/* ---- bench ---- */
struct red_ctx {
    gp_handle h;
    gpt_reduce_type type;
    gp_reduce_op op;
    int64_t n;
    int sets;
    void **in;
    void *out;
    int vendor;
    int argmax;     /* gp_argmax_f32 / cub ArgMax; out holds the index, out + 8 the vendor's value */
    void *temp;
    size_t temp_bytes;
    cudaStream_t s;
};

static int run_reduce(void *p, int iter)
{
    struct red_ctx *m = (struct red_ctx *)p;
    int k = iter % m->sets;
    if (m->argmax && m->vendor)
        return gpt_vendor_argmax_f32(m->n, (const float *)m->in[k], (float *)((char *)m->out + 8), (int64_t *)m->out,
                                     m->temp, &m->temp_bytes, m->s);
    if (m->argmax) return gp_argmax_f32(m->h, m->n, (const float *)m->in[k], (int64_t *)m->out) != GP_SUCCESS;
    if (m->vendor) return gpt_vendor_reduce(m->type, m->op, m->n, m->in[k], m->out, m->temp, &m->temp_bytes, m->s);
    return call_reduce(m->h, m->type, m->op, m->n, m->in[k], m->out) != GP_SUCCESS;
}

/* The result of a bench run against the reference; argmax: checks the index against the reference (the first index of the max). */
static int check_bench(const struct red_ctx *m, const void *hx, const unsigned char *got, const char *label)
{
    if (m->argmax) {
        int64_t g, want = gp_ref_argmax_f32(m->n, (const float *)hx);
        memcpy(&g, got, 8);
        if (g != want) fprintf(stderr, "  argmax %s n=%lld: got %lld want %lld\n", label, (long long)m->n, (long long)g, (long long)want);
        return g != want;
    }
    return check_result(m->type, m->op, m->n, hx, got, GPT_DIST_UNIFORM, label);
}

/* One bench group: vendor row, then the rungs in rungs[0..nr) (0 = auto). Returns failures. */
static int bench_case(gp_handle h, const gpt_opts *o, gpt_report *r, gpt_reduce_type t, gp_reduce_op op, int argmax,
                      int64_t n, const int *rungs, int nr)
{
    struct red_ctx m;
    const size_t es = in_size[t];
    size_t l2 = (size_t)(r->l2_mb * 1e6), bytes = (size_t)n * es;
    int first = r->count, vendor_row, fails = 0;
    char shape[64], vname[64];
    void *hx = NULL;
    unsigned char got[8];
    memset(&m, 0, sizeof m);
    m.h = h; m.type = t; m.op = op; m.n = n; m.argmax = argmax;
    gp_get_stream(h, &m.s);
    m.sets = (int)((4 * l2 + bytes - 1) / bytes); /* rotate so the input is not served from L2 */
    if (m.sets < 1) m.sets = 1;
    if (m.sets > 64) m.sets = 64;
    m.in = (void **)calloc(m.sets, sizeof(void *));
    for (int k = 0; k < m.sets; k++) {
        GPT_CUDA(cudaMalloc(&m.in[k], bytes));
        if (gpt_reduce_fill(t, m.in[k], n, GPT_DIST_UNIFORM, gpt_seed(o) + k, m.s)) return 1;
    }
    GPT_CUDA(cudaMalloc(&m.out, 16));
    hx = malloc(bytes);
    if (!hx) return 1;
    GPT_CUDA(cudaMemcpy(hx, m.in[0], bytes, cudaMemcpyDeviceToHost));
    snprintf(shape, sizeof shape, "n=%lld %s %s, %d buffer sets", (long long)n, type_names[t],
             argmax ? "argmax" : op_names[op], m.sets);

    /* vendor baseline: cub::DeviceReduce, temp storage allocated once outside the timed region */
    {
        gpt_timing tm;
        int ok;
        m.vendor = 1;
        m.temp = NULL;
        if (run_reduce(&m, 0)) return 1; /* temp == NULL: the size query */
        GPT_CUDA(cudaMalloc(&m.temp, m.temp_bytes ? m.temp_bytes : 1));
        snprintf(vname, sizeof vname, "cub::DeviceReduce::%s (vendor)",
                 argmax ? "ArgMax" : op == GP_REDUCE_SUM ? "Sum" : op == GP_REDUCE_MIN ? "Min" : "Max");
        gpt_progress("reduce %s: %s", shape, vname);
        m.vendor = 1;
        if (gpt_time(m.s, run_reduce, &m, o, &tm)) return 1;
        gpt_poison(m.out, 16, m.s);
        if (run_reduce(&m, 0)) return 1; /* iteration 0: set 0 */
        GPT_CUDA(cudaStreamSynchronize(m.s));
        GPT_CUDA(cudaMemcpy(got, m.out, 8, cudaMemcpyDeviceToHost));
        ok = check_bench(&m, hx, got, "cub") == 0;
        m.vendor = 0;
        vendor_row = r->count;
        gpt_report_add(r, "reduce", shape, vname, -1, &tm, (double)bytes / (tm.median_ms * 1e6), "GB/s", ok);
    }
    for (int i = 0; i < nr; i++) {
        gpt_timing tm;
        char label[64];
        int ran = 0, ok;
        gpt_rung_label(GP_PRIM_REDUCE, rungs[i], rungs[i], label, sizeof label);
        gpt_progress("reduce %s: %s", shape, label);
        gpt_poison(m.out, 16, m.s);
        gp_set_rung(h, GP_PRIM_REDUCE, rungs[i]);
        if (gpt_time(m.s, run_reduce, &m, o, &tm)) return 1;
        /* verify: one more run on set 0, output poisoned first */
        gpt_poison(m.out, 16, m.s);
        ok = run_reduce(&m, 0) == 0; /* iteration 0: set 0 */
        gp_get_last_rung(h, GP_PRIM_REDUCE, &ran);
        gp_set_rung(h, GP_PRIM_REDUCE, 0);
        GPT_CUDA(cudaStreamSynchronize(m.s));
        GPT_CUDA(cudaMemcpy(got, m.out, 8, cudaMemcpyDeviceToHost));
        gpt_rung_label(GP_PRIM_REDUCE, rungs[i], ran, label, sizeof label);
        ok = ok && check_bench(&m, hx, got, label) == 0;
        fails += !ok;
        gpt_report_add(r, "reduce", shape, label, rungs[i], &tm, (double)bytes / (tm.median_ms * 1e6), "GB/s", ok);
    }
    gpt_report_relate(r, first, vendor_row, r->copy_gbps);
    gpt_report_print_group(r, first, stdout);
    for (int k = 0; k < m.sets; k++) cudaFree(m.in[k]);
    free(m.in);
    cudaFree(m.out); cudaFree(m.temp);
    free(hx);
    return fails;
}

int gpt_bench_reduce(gp_handle h, const gpt_opts *o, gpt_report *r)
{
    gp_reduce_op op;
    int rungs[32], nr, fails = 0;
    int64_t n = o->n >= 0 ? o->n : (o->quick ? (int64_t)1 << 24 : (int64_t)1 << 28);
    if (parse_op(o->op, &op) || n < 1) return 1;
    nr = gpt_rungs_to_run(GP_PRIM_REDUCE, o, rungs, 32);
    fails += bench_case(h, o, r, GPT_REDUCE_F32, op, 0, n, rungs, nr);
    if (!o->op && !o->quick) {
        /* the other ops and types: the fast rungs and auto against their CUB counterparts */
        static const int fast[] = {7, 8, 0};
        const int *rs = o->rung == -1 ? fast : rungs;
        int nrs = o->rung == -1 ? 3 : nr;
        fails += bench_case(h, o, r, GPT_REDUCE_F32, GP_REDUCE_MIN, 0, n, rs, nrs);
        fails += bench_case(h, o, r, GPT_REDUCE_F32, GP_REDUCE_MAX, 0, n, rs, nrs);
        fails += bench_case(h, o, r, GPT_REDUCE_F64, GP_REDUCE_SUM, 0, n, rs, nrs);
        fails += bench_case(h, o, r, GPT_REDUCE_I32, GP_REDUCE_SUM, 0, n, rs, nrs);
        fails += bench_case(h, o, r, GPT_REDUCE_F32, GP_REDUCE_MAX, 1, n, rs, nrs);
    }
    return fails;
}
