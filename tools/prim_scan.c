/* prim_scan.c — `gpuprim verify|bench scan` and `gpuprim verify|bench compact`. */
#include "gpt.h"
#include "../src/ref/ref.h"
#include <cuda_runtime.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const scan_type_names[GPT_SCAN_TYPE_COUNT] = {"i32", "u32", "f32", "f32int", "f64", "f64int"};
static const char *const sel_type_names[GPT_SEL_TYPE_COUNT] = {"f32", "i32", "flagged f32", "flagged i32"};
static const char *const pred_names[GP_SELECT_PRED_COUNT] = {"gt", "ge", "lt", "le", "eq", "ne", "nonzero"};

static uint64_t mix64(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

static size_t scan_esz(gpt_scan_type type) { return type == GPT_SCAN_F64 || type == GPT_SCAN_F64_INT ? 8 : 4; }

/* Fills buf[0, len) with the case's random data (on the device) and copies it to host[0, len). */
static int scan_fill(gpt_scan_type type, void *buf, int64_t len, uint64_t seed, void *host, cudaStream_t s)
{
    const size_t esz = scan_esz(type);
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
    const int64_t len = n + 16; /* room for the offsets and a guard after the end */
    const int o_out = in_place ? off_in : off_out;
    void *din = NULL, *dout = NULL;
    unsigned char *hin = NULL, *hout = NULL;
    int fail = 1, ran = 0;
    gp_status st;
    cudaStream_t s;
    char label[192], rl[64];
    gp_get_stream(h, &s);
    if (cudaMalloc(&din, (size_t)len * esz)) goto out;
    if (in_place) dout = din;
    else if (cudaMalloc(&dout, (size_t)len * esz)) goto out;
    hin = (unsigned char *)malloc((size_t)len * esz);
    hout = (unsigned char *)malloc((size_t)len * esz);
    if (!hin || !hout) goto out;
    if (scan_fill(type, din, len, seed, hin, s)) goto out;
    if (!in_place) gpt_poison(dout, (size_t)len * esz, s);
    gp_set_rung(h, GP_PRIM_SCAN, rung);
    st = scan_call(h, type, kind, n, (const char *)din + off_in * esz, (char *)dout + o_out * esz);
    gp_get_last_rung(h, GP_PRIM_SCAN, &ran);
    gp_set_rung(h, GP_PRIM_SCAN, 0);
    gpt_rung_label(GP_PRIM_SCAN, rung, ran, rl, sizeof rl);
    snprintf(label, sizeof label, "%s %s %s n=%lld off=%d,%d", rl, scan_type_names[type],
             kind == GP_SCAN_EXCLUSIVE ? "excl" : "incl", (long long)n, off_in, off_out);
    if (st != GP_SUCCESS) {
        fprintf(stderr, "scan %s: %s\n", label, gp_status_string(st));
        goto out;
    }
    if (cudaStreamSynchronize(s) != cudaSuccess || cudaGetLastError() != cudaSuccess) {
        fprintf(stderr, "scan %s: kernel failed\n", label);
        goto out;
    }
    if (cudaMemcpy(hout, dout, (size_t)len * esz, cudaMemcpyDeviceToHost)) goto out;
    {
        static const unsigned char poison[8] = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
        int64_t bad = scan_check(type, kind, n, hin + off_in * esz, hout + o_out * esz, label), guard = 0;
        for (int64_t i = 0; i < len; i++) /* outside the output: poison, or the untouched input in place */
            if ((i < o_out || i >= o_out + n) && memcmp(hout + i * esz, in_place ? hin + i * esz : poison, esz)) guard++;
        if (guard) fprintf(stderr, "  scan %s: %lld elements written outside the output\n", label, (long long)guard);
        fail = bad != 0 || guard != 0;
        if (verbose || fail) printf("scan %-40s %s\n", label, fail ? "FAIL" : "ok");
    }
out:
    if (fail && cudaGetLastError() != cudaSuccess) fprintf(stderr, "scan: CUDA error\n");
    cudaFree(din);
    if (!in_place) cudaFree(dout);
    free(hin);
    free(hout);
    return fail;
}

static gp_status select_call(gp_handle h, gpt_select_type type, gp_select_pred pred, int32_t value, int64_t n,
                             const void *in, const uint8_t *flags, void *out, int64_t *num)
{
    switch (type) {
    case GPT_SEL_F32: return gp_select_if_f32(h, n, (const float *)in, pred, (float)value, (float *)out, num);
    case GPT_SEL_I32: return gp_select_if_i32(h, n, (const int32_t *)in, pred, value, (int32_t *)out, num);
    case GPT_SEL_FLAGGED_F32: return gp_select_flagged_f32(h, n, (const float *)in, flags, (float *)out, num);
    default: return gp_select_flagged_i32(h, n, (const int32_t *)in, flags, (int32_t *)out, num);
    }
}

int gpt_verify_compact_case(gp_handle h, int rung, gpt_select_type type, gp_select_pred pred, int32_t value,
                            int32_t lo, int32_t hi, int flag_pct, int64_t n, int off_in, int off_out,
                            uint64_t seed, int verbose)
{
    const int64_t len = n + 16;
    const int flagged = type == GPT_SEL_FLAGGED_F32 || type == GPT_SEL_FLAGGED_I32;
    void *din = NULL, *dout = NULL;
    uint8_t *dflags = NULL, *hflags = NULL;
    int64_t *dnum = NULL, num = -1, k = 0;
    uint32_t *hin = NULL, *hout = NULL, *want = NULL;
    int fail = 1, ran = 0;
    gp_status st;
    cudaStream_t s;
    char label[192], rl[64];
    gp_get_stream(h, &s);
    if (cudaMalloc(&din, (size_t)len * 4) || cudaMalloc(&dout, (size_t)len * 4) || cudaMalloc((void **)&dnum, 8) ||
        cudaMalloc((void **)&dflags, (size_t)len))
        goto out;
    hin = (uint32_t *)malloc((size_t)len * 4);
    hout = (uint32_t *)malloc((size_t)len * 4);
    want = (uint32_t *)malloc((size_t)len * 4);
    hflags = (uint8_t *)malloc((size_t)len);
    if (!hin || !hout || !want || !hflags) goto out;
    gpt_fill_i32((int32_t *)din, len, lo, hi, seed, s);
    if (cudaStreamSynchronize(s) || cudaMemcpy(hin, din, (size_t)len * 4, cudaMemcpyDeviceToHost)) goto out;
    if (type == GPT_SEL_F32 || type == GPT_SEL_FLAGGED_F32) {
        for (int64_t i = 0; i < len; i++) {
            float f = (float)(int32_t)hin[i];
            memcpy(&hin[i], &f, 4);
        }
        if (cudaMemcpy(din, hin, (size_t)len * 4, cudaMemcpyHostToDevice)) goto out;
    }
    for (int64_t i = 0; i < len; i++) { /* non-zero flags of any byte value */
        uint64_t r = mix64(seed * 0x9E37u + (uint64_t)i);
        hflags[i] = (int)(r % 100) < flag_pct ? (uint8_t)(1 + (r >> 32) % 255) : 0;
    }
    if (cudaMemcpy(dflags, hflags, (size_t)len, cudaMemcpyHostToDevice)) goto out;
    gpt_poison(dout, (size_t)len * 4, s);
    gpt_poison(dnum, 8, s);
    gp_set_rung(h, GP_PRIM_COMPACT, rung);
    st = select_call(h, type, pred, value, n, (const uint32_t *)din + off_in, dflags + off_in,
                     (uint32_t *)dout + off_out, dnum);
    gp_get_last_rung(h, GP_PRIM_COMPACT, &ran);
    gp_set_rung(h, GP_PRIM_COMPACT, 0);
    gpt_rung_label(GP_PRIM_COMPACT, rung, ran, rl, sizeof rl);
    snprintf(label, sizeof label, "%s %s %s %d n=%lld off=%d,%d", rl, sel_type_names[type],
             flagged ? "flags" : pred_names[pred], flagged ? flag_pct : value, (long long)n, off_in, off_out);
    if (st != GP_SUCCESS) {
        fprintf(stderr, "compact %s: %s\n", label, gp_status_string(st));
        goto out;
    }
    if (cudaStreamSynchronize(s) != cudaSuccess || cudaGetLastError() != cudaSuccess) {
        fprintf(stderr, "compact %s: kernel failed\n", label);
        goto out;
    }
    if (cudaMemcpy(hout, dout, (size_t)len * 4, cudaMemcpyDeviceToHost) || cudaMemcpy(&num, dnum, 8, cudaMemcpyDeviceToHost))
        goto out;
    if (flagged) k = gp_ref_select_flagged_u32(n, hin + off_in, hflags + off_in, want);
    else if (type == GPT_SEL_F32) k = gp_ref_select_f32(n, (const float *)hin + off_in, pred, (float)value, (float *)want);
    else k = gp_ref_select_i32(n, (const int32_t *)hin + off_in, pred, value, (int32_t *)want);
    {
        int64_t bad = 0, guard = 0;
        if (num != k) fprintf(stderr, "  compact %s: num_selected %lld, want %lld\n", label, (long long)num, (long long)k);
        for (int64_t i = 0; i < k; i++)
            if (hout[off_out + i] != want[i] && bad++ < 5)
                fprintf(stderr, "  compact %s: out[%lld] = 0x%08x, want 0x%08x\n", label, (long long)i, hout[off_out + i], want[i]);
        for (int64_t i = 0; i < len; i++)
            if ((i < off_out || i >= off_out + k) && hout[i] != 0xFFFFFFFFu) guard++;
        if (guard) fprintf(stderr, "  compact %s: %lld elements written outside out[0, k)\n", label, (long long)guard);
        fail = num != k || bad != 0 || guard != 0;
        if (verbose || fail) printf("compact %-50s k=%lld %s\n", label, (long long)k, fail ? "FAIL" : "ok");
    }
out:
    if (fail && cudaGetLastError() != cudaSuccess) fprintf(stderr, "compact: CUDA error\n");
    cudaFree(din); cudaFree(dout); cudaFree(dnum); cudaFree(dflags);
    free(hin); free(hout); free(want); free(hflags);
    return fail;
}

int gpt_verify_scan(gp_handle h, const gpt_opts *o)
{
    int rungs[32], nr, fails = 0;
    int64_t n = o->n >= 0 ? o->n : ((int64_t)1 << 24) + 3;
    uint64_t seed = gpt_seed(o);
    nr = gpt_rungs_to_run(GP_PRIM_SCAN, o, rungs, 32);
    for (int i = 0; i < nr; i++) {
        char label[64];
        int f = 0;
        f += gpt_verify_scan_case(h, rungs[i], GPT_SCAN_I32, GP_SCAN_INCLUSIVE, n, 0, 0, seed, o->verbose);
        f += gpt_verify_scan_case(h, rungs[i], GPT_SCAN_U32, GP_SCAN_EXCLUSIVE, n, 1, 3, seed + 1, o->verbose);
        f += gpt_verify_scan_case(h, rungs[i], GPT_SCAN_F32, GP_SCAN_INCLUSIVE, n, 0, -1, seed + 2, o->verbose);
        f += gpt_verify_scan_case(h, rungs[i], GPT_SCAN_F32_INT, GP_SCAN_EXCLUSIVE, n, 2, 2, seed + 3, o->verbose);
        f += gpt_verify_scan_case(h, rungs[i], GPT_SCAN_F64, GP_SCAN_INCLUSIVE, n, 1, 1, seed + 4, o->verbose);
        gpt_rung_label(GP_PRIM_SCAN, rungs[i], rungs[i], label, sizeof label);
        printf("verify scan %-20s n=%lld seed=%llu: %s\n", label, (long long)n, (unsigned long long)seed, f ? "FAIL" : "PASS");
        fails += f != 0;
    }
    return fails;
}

int gpt_verify_compact(gp_handle h, const gpt_opts *o)
{
    int rungs[32], nr, fails = 0;
    int64_t n = o->n >= 0 ? o->n : ((int64_t)1 << 24) + 3;
    uint64_t seed = gpt_seed(o);
    nr = gpt_rungs_to_run(GP_PRIM_COMPACT, o, rungs, 32);
    for (int i = 0; i < nr; i++) {
        char label[64];
        int f = 0;
        f += gpt_verify_compact_case(h, rungs[i], GPT_SEL_F32, GP_SELECT_GT, 0, -100, 100, 0, n, 0, 0, seed, o->verbose);
        f += gpt_verify_compact_case(h, rungs[i], GPT_SEL_I32, GP_SELECT_LE, 10, -100, 100, 0, n, 1, 3, seed + 1, o->verbose);
        f += gpt_verify_compact_case(h, rungs[i], GPT_SEL_FLAGGED_F32, GP_SELECT_GT, 0, -100, 100, 50, n, 0, 0, seed + 2, o->verbose);
        gpt_rung_label(GP_PRIM_COMPACT, rungs[i], rungs[i], label, sizeof label);
        printf("verify compact %-20s n=%lld seed=%llu: %s\n", label, (long long)n, (unsigned long long)seed, f ? "FAIL" : "PASS");
        fails += f != 0;
    }
    return fails;
}

/* ---- bench ---- */
struct scan_ctx {
    gp_handle h;
    int64_t n;
    int f32;      /* 0: i32 inclusive sum, 1: f32 inclusive sum */
    int compact;  /* select-if f32 x > 0.5 */
    void *in, *out;
    int64_t *num;
    int vendor;
    cudaStream_t s;
};

static int run_scan(void *p, int iter)
{
    struct scan_ctx *m = (struct scan_ctx *)p;
    (void)iter;
    if (m->compact) {
        if (m->vendor) return gpt_vendor_select_gt_f32((const float *)m->in, (float *)m->out, m->num, m->n, 0.5f, m->s);
        return gp_select_if_f32(m->h, m->n, (const float *)m->in, GP_SELECT_GT, 0.5f, (float *)m->out, m->num) != GP_SUCCESS;
    }
    if (m->f32) {
        if (m->vendor) return gpt_vendor_inclusive_sum_f32((const float *)m->in, (float *)m->out, m->n, m->s);
        return gp_scan_f32(m->h, GP_SCAN_INCLUSIVE, m->n, (const float *)m->in, (float *)m->out) != GP_SUCCESS;
    }
    if (m->vendor) return gpt_vendor_inclusive_sum_i32((const int32_t *)m->in, (int32_t *)m->out, m->n, m->s);
    return gp_scan_i32(m->h, GP_SCAN_INCLUSIVE, m->n, (const int32_t *)m->in, (int32_t *)m->out) != GP_SUCCESS;
}

/* Checks the output of the last run against the host input hin; 1 if right. */
static int bench_check(struct scan_ctx *m, const uint32_t *hin, uint32_t *hout, const char *label)
{
    if (cudaMemcpy(hout, m->out, (size_t)m->n * 4, cudaMemcpyDeviceToHost)) return 0;
    if (m->compact) {
        int64_t num = -1, k = 0, bad = 0;
        const float *x = (const float *)hin;
        if (cudaMemcpy(&num, m->num, 8, cudaMemcpyDeviceToHost)) return 0;
        for (int64_t i = 0; i < m->n; i++)
            if (x[i] > 0.5f && hout[k++] != hin[i] && bad++ < 5)
                fprintf(stderr, "  compact bench %s: out[%lld] wrong\n", label, (long long)(k - 1));
        if (num != k) fprintf(stderr, "  compact bench %s: num_selected %lld, want %lld\n", label, (long long)num, (long long)k);
        return num == k && bad == 0;
    }
    return scan_check(m->f32 ? GPT_SCAN_F32 : GPT_SCAN_I32, GP_SCAN_INCLUSIVE, m->n, hin, hout, label) == 0;
}

/* One bench group: vendor row, then every rung + auto of primitive p. */
static int bench_group(gp_handle h, const gpt_opts *o, gpt_report *r, struct scan_ctx *m, gp_prim p, const char *shape,
                       const char *vendor_name, double bytes)
{
    int rungs[32], nr, first = r->count, vendor_row, fails = 0;
    const char *pname = gp_prim_name(p);
    uint32_t *hin = (uint32_t *)malloc((size_t)m->n * 4), *hout = (uint32_t *)malloc((size_t)m->n * 4);
    if (!hin || !hout) return 1;
    GPT_CUDA(cudaMemcpy(hin, m->in, (size_t)m->n * 4, cudaMemcpyDeviceToHost));
    {
        gpt_timing t;
        int ok;
        gpt_progress("%s %s: %s", pname, shape, vendor_name);
        gpt_poison(m->out, (size_t)m->n * 4, m->s);
        m->vendor = 1;
        if (gpt_time(m->s, run_scan, m, o, &t)) return 1;
        m->vendor = 0;
        ok = bench_check(m, hin, hout, vendor_name);
        vendor_row = r->count;
        gpt_report_add(r, pname, shape, vendor_name, -1, &t, bytes / (t.median_ms * 1e6), "GB/s", ok);
    }
    nr = gpt_rungs_to_run(p, o, rungs, 32);
    for (int i = 0; i < nr; i++) {
        gpt_timing t;
        char label[64];
        int ran = 0, ok;
        gpt_rung_label(p, rungs[i], rungs[i], label, sizeof label);
        gpt_progress("%s %s: %s", pname, shape, label);
        gpt_poison(m->out, (size_t)m->n * 4, m->s);
        gp_set_rung(h, p, rungs[i]);
        if (gpt_time(m->s, run_scan, m, o, &t)) { gp_set_rung(h, p, 0); return 1; }
        gp_get_last_rung(h, p, &ran);
        gp_set_rung(h, p, 0);
        gpt_rung_label(p, rungs[i], ran, label, sizeof label);
        ok = bench_check(m, hin, hout, label);
        fails += !ok;
        gpt_report_add(r, pname, shape, label, rungs[i], &t, bytes / (t.median_ms * 1e6), "GB/s", ok);
    }
    gpt_report_relate(r, first, vendor_row, r->copy_gbps);
    gpt_report_print_group(r, first, stdout);
    free(hin);
    free(hout);
    return fails;
}

/* 2^28 elements (1 GiB per array, 20x the L2: no rotation needed). */
static int bench_setup(gp_handle h, const gpt_opts *o, struct scan_ctx *m)
{
    memset(m, 0, sizeof *m);
    m->h = h;
    m->n = o->n >= 0 ? o->n : (o->quick ? (int64_t)1 << 24 : (int64_t)1 << 28);
    if (m->n < 1 || m->n > INT32_MAX) return 1;
    gp_get_stream(h, &m->s);
    GPT_CUDA(cudaMalloc(&m->in, (size_t)m->n * 4));
    GPT_CUDA(cudaMalloc(&m->out, (size_t)m->n * 4));
    GPT_CUDA(cudaMalloc((void **)&m->num, 8));
    if (gpt_vendor_scan_init(m->n)) return 1;
    return 0;
}

static void bench_teardown(struct scan_ctx *m)
{
    cudaFree(m->in); cudaFree(m->out); cudaFree(m->num);
    gpt_vendor_scan_free();
}

int gpt_bench_scan(gp_handle h, const gpt_opts *o, gpt_report *r)
{
    struct scan_ctx m;
    char shape[64];
    int fails = 0;
    if (bench_setup(h, o, &m)) return 1;
    /* i32: values in [-1000, 1000]; GB/s counts the read and the write (8n bytes) */
    gpt_fill_i32((int32_t *)m.in, m.n, -1000, 1000, gpt_seed(o), m.s);
    snprintf(shape, sizeof shape, "n=%lld i32 inclusive sum, GB/s=8n/t", (long long)m.n);
    fails += bench_group(h, o, r, &m, GP_PRIM_SCAN, shape, "cub::DeviceScan::InclusiveSum (vendor)", 8.0 * m.n);
    m.f32 = 1;
    gpt_fill_f32((float *)m.in, m.n, -1.f, 1.f, gpt_seed(o) + 1, m.s);
    snprintf(shape, sizeof shape, "n=%lld f32 inclusive sum, GB/s=8n/t", (long long)m.n);
    fails += bench_group(h, o, r, &m, GP_PRIM_SCAN, shape, "cub::DeviceScan::InclusiveSum (vendor)", 8.0 * m.n);
    bench_teardown(&m);
    return fails;
}

int gpt_bench_compact(gp_handle h, const gpt_opts *o, gpt_report *r)
{
    struct scan_ctx m;
    char shape[64];
    int fails;
    if (bench_setup(h, o, &m)) return 1;
    m.compact = 1;
    gpt_fill_f32((float *)m.in, m.n, 0.f, 1.f, gpt_seed(o), m.s);
    snprintf(shape, sizeof shape, "n=%lld f32 x>0.5 (~50%%), GB/s of input=4n/t", (long long)m.n);
    fails = bench_group(h, o, r, &m, GP_PRIM_COMPACT, shape, "cub::DeviceSelect::If (vendor)", 4.0 * m.n);
    bench_teardown(&m);
    return fails;
}
