/* prim_map.c — `gpuprim verify map` and `gpuprim bench map`. */
#include "gpt.h"
#include "../src/ref/ref.h"
#include <cuda_runtime.h>
#include <stdlib.h>
#include <string.h>

static int parse_binop(const char *s, gp_binop *op)
{
    static const char *names[GP_BINOP_COUNT] = {"add", "sub", "mul", "min", "max"};
    if (!s) { *op = GP_BINOP_ADD; return 0; }
    for (int i = 0; i < GP_BINOP_COUNT; i++)
        if (!strcmp(s, names[i])) { *op = (gp_binop)i; return 0; }
    fprintf(stderr, "gpuprim: map --op takes add, sub, mul, min or max, not '%s'\n", s);
    return 1;
}

int gpt_verify_map_case(gp_handle h, int rung, gp_binop op, int64_t n, int off_a, int off_b, int off_c,
                        uint64_t seed, int verbose)
{
    const int64_t len = n + 8; /* room for the offsets and a guard after the end */
    float *da = NULL, *db = NULL, *dc = NULL, *ha = NULL, *hb = NULL, *hc = NULL, *want = NULL;
    int fail = 1, ran = 0;
    gp_status st;
    cudaStream_t s;
    char label[64];
    gp_get_stream(h, &s);
    if (cudaMalloc((void **)&da, len * 4) || cudaMalloc((void **)&db, len * 4) || cudaMalloc((void **)&dc, len * 4))
        goto out;
    ha = (float *)malloc(len * 4); hb = (float *)malloc(len * 4); hc = (float *)malloc(len * 4);
    want = (float *)malloc(len * 4);
    if (!ha || !hb || !hc || !want) goto out;
    gpt_fill_f32(da, len, -100.f, 100.f, seed, s);
    gpt_fill_f32(db, len, -100.f, 100.f, seed + 1, s);
    gpt_poison(dc, len * 4, s);
    gp_set_rung(h, GP_PRIM_MAP, rung);
    st = gp_map_f32(h, op, n, da + off_a, db + off_b, dc + off_c);
    gp_get_last_rung(h, GP_PRIM_MAP, &ran);
    gp_set_rung(h, GP_PRIM_MAP, 0);
    gpt_rung_label(GP_PRIM_MAP, rung, ran, label, sizeof label);
    if (st != GP_SUCCESS) {
        fprintf(stderr, "map %s n=%lld: %s\n", label, (long long)n, gp_status_string(st));
        goto out;
    }
    if (cudaStreamSynchronize(s) != cudaSuccess || cudaGetLastError() != cudaSuccess) {
        fprintf(stderr, "map %s n=%lld: kernel failed: %s\n", label, (long long)n, cudaGetErrorString(cudaGetLastError()));
        goto out;
    }
    if (cudaMemcpy(ha, da, len * 4, cudaMemcpyDeviceToHost) || cudaMemcpy(hb, db, len * 4, cudaMemcpyDeviceToHost) ||
        cudaMemcpy(hc, dc, len * 4, cudaMemcpyDeviceToHost))
        goto out;
    gp_ref_map_f32(op, n, ha + off_a, hb + off_b, want);
    {
        int64_t bad = gpt_compare_f32_exact("map", hc + off_c, want, n);
        int64_t guard = 0;
        for (int64_t i = 0; i < len; i++) /* everything outside [off_c, off_c + n) must still be poison */
            if ((i < off_c || i >= off_c + n) && !(hc[i] != hc[i])) guard++;
        if (guard) fprintf(stderr, "  map: %lld elements written outside the output\n", (long long)guard);
        fail = bad != 0 || guard != 0;
        if (verbose || fail)
            printf("map %-14s op=%d n=%-10lld offsets=%d,%d,%d  %s\n", label, (int)op, (long long)n, off_a, off_b,
                   off_c, fail ? "FAIL" : "ok");
    }
out:
    if (fail && cudaGetLastError() != cudaSuccess) fprintf(stderr, "map: CUDA error\n");
    cudaFree(da); cudaFree(db); cudaFree(dc);
    free(ha); free(hb); free(hc); free(want);
    return fail;
}

int gpt_verify_map(gp_handle h, const gpt_opts *o)
{
    gp_binop op;
    int rungs[32], nr, fails = 0;
    int64_t n = o->n >= 0 ? o->n : ((int64_t)1 << 24) + 3;
    uint64_t seed = gpt_seed(o);
    if (parse_binop(o->op, &op)) return 1;
    nr = gpt_rungs_to_run(GP_PRIM_MAP, o, rungs, 32);
    for (int i = 0; i < nr; i++) {
        int f = gpt_verify_map_case(h, rungs[i], op, n, 0, 0, 0, seed, 0);
        f += gpt_verify_map_case(h, rungs[i], op, n, 1, 1, 1, seed, 0);   /* equally misaligned: peeled */
        f += gpt_verify_map_case(h, rungs[i], op, n, 1, 2, 3, seed, 0);   /* unequal: scalar fall-back */
        char label[64];
        gpt_rung_label(GP_PRIM_MAP, rungs[i], rungs[i], label, sizeof label);
        printf("verify map %-16s n=%lld seed=%llu: %s\n", label, (long long)n, (unsigned long long)seed,
               f ? "FAIL" : "PASS");
        fails += f != 0;
    }
    return fails;
}

/* ---- bench ---- */
struct map_ctx {
    gp_handle h;
    gp_binop op;
    int64_t n;
    int sets;
    float **a, **b, **c;
    int vendor;
    cudaStream_t s;
};

static int run_map(void *p, int iter)
{
    struct map_ctx *m = (struct map_ctx *)p;
    int k = iter % m->sets;
    if (m->vendor)
        return cudaMemcpyAsync(m->c[k], m->a[k], (size_t)m->n * 4, cudaMemcpyDeviceToDevice, m->s) != cudaSuccess;
    return gp_map_f32(m->h, m->op, m->n, m->a[k], m->b[k], m->c[k]) != GP_SUCCESS;
}

int gpt_bench_map(gp_handle h, const gpt_opts *o, gpt_report *r)
{
    struct map_ctx m;
    int rungs[32], nr, first = r->count, vendor_row, fails = 0;
    float *ha = NULL, *hb = NULL, *hc = NULL, *want = NULL;
    char shape[64];
    size_t bytes_per_set;
    size_t l2 = (size_t)(r->l2_mb * 1e6);
    memset(&m, 0, sizeof m);
    m.h = h;
    m.n = o->n >= 0 ? o->n : (o->quick ? (int64_t)1 << 24 : (int64_t)1 << 28);
    if (parse_binop(o->op, &m.op) || m.n < 1) return 1;
    gp_get_stream(h, &m.s);
    bytes_per_set = (size_t)m.n * 12;
    m.sets = (int)((4 * l2 + bytes_per_set - 1) / bytes_per_set); /* rotate so the inputs stay out of L2 */
    if (m.sets < 1) m.sets = 1;
    if (m.sets > 64) m.sets = 64;
    m.a = (float **)calloc(m.sets, sizeof(float *));
    m.b = (float **)calloc(m.sets, sizeof(float *));
    m.c = (float **)calloc(m.sets, sizeof(float *));
    for (int k = 0; k < m.sets; k++) {
        GPT_CUDA(cudaMalloc((void **)&m.a[k], m.n * 4));
        GPT_CUDA(cudaMalloc((void **)&m.b[k], m.n * 4));
        GPT_CUDA(cudaMalloc((void **)&m.c[k], m.n * 4));
        gpt_fill_f32(m.a[k], m.n, -100.f, 100.f, gpt_seed(o) + 2 * k, m.s);
        gpt_fill_f32(m.b[k], m.n, -100.f, 100.f, gpt_seed(o) + 2 * k + 1, m.s);
    }
    ha = (float *)malloc(m.n * 4); hb = (float *)malloc(m.n * 4); hc = (float *)malloc(m.n * 4);
    want = (float *)malloc(m.n * 4);
    if (!ha || !hb || !hc || !want) return 1;
    GPT_CUDA(cudaMemcpy(ha, m.a[0], m.n * 4, cudaMemcpyDeviceToHost));
    GPT_CUDA(cudaMemcpy(hb, m.b[0], m.n * 4, cudaMemcpyDeviceToHost));
    gp_ref_map_f32(m.op, m.n, ha, hb, want);
    snprintf(shape, sizeof shape, "n=%lld f32, %d buffer sets", (long long)m.n, m.sets);

    /* vendor baseline and ceiling: a device-to-device copy of one array (bytes read + written) */
    {
        gpt_timing t;
        gpt_progress("map n=%lld: cudaMemcpy D2D", (long long)m.n);
        m.vendor = 1;
        if (gpt_time(m.s, run_map, &m, o, &t)) return 1;
        m.vendor = 0;
        vendor_row = r->count;
        gpt_report_add(r, "map", shape, "cudaMemcpy D2D (vendor)", -1, &t, 8.0 * m.n / (t.median_ms * 1e6), "GB/s", -1);
    }
    nr = gpt_rungs_to_run(GP_PRIM_MAP, o, rungs, 32);
    for (int i = 0; i < nr; i++) {
        gpt_timing t;
        char label[64];
        int ran = 0, ok;
        gpt_rung_label(GP_PRIM_MAP, rungs[i], rungs[i], label, sizeof label);
        gpt_progress("map n=%lld: %s", (long long)m.n, label);
        for (int k = 0; k < m.sets; k++) gpt_poison(m.c[k], m.n * 4, m.s);
        gp_set_rung(h, GP_PRIM_MAP, rungs[i]);
        if (gpt_time(m.s, run_map, &m, o, &t)) return 1;
        gp_get_last_rung(h, GP_PRIM_MAP, &ran);
        gp_set_rung(h, GP_PRIM_MAP, 0);
        GPT_CUDA(cudaMemcpy(hc, m.c[0], m.n * 4, cudaMemcpyDeviceToHost));
        ok = gpt_compare_f32_exact("map bench", hc, want, m.n) == 0;
        fails += !ok;
        gpt_rung_label(GP_PRIM_MAP, rungs[i], ran, label, sizeof label);
        gpt_report_add(r, "map", shape, label, rungs[i], &t, 12.0 * m.n / (t.median_ms * 1e6), "GB/s", ok);
    }
    gpt_report_relate(r, first, vendor_row, r->copy_gbps);
    gpt_report_print_group(r, first, stdout);
    for (int k = 0; k < m.sets; k++) { cudaFree(m.a[k]); cudaFree(m.b[k]); cudaFree(m.c[k]); }
    free(m.a); free(m.b); free(m.c);
    free(ha); free(hb); free(hc); free(want);
    return fails;
}
