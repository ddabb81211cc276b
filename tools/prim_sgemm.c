/* prim_sgemm.c — `gpuprim verify sgemm` and `gpuprim bench sgemm`. */
#include "gpt.h"
#include "../src/ref/ref.h"
#include <cuda_runtime.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

double gpt_sgemm_tol(int64_t k)
{
    double t = 16.0 * ldexp(1.0, -24) * sqrt((double)(k > 1 ? k : 1));
    return t > 1e-5 ? t : 1e-5;
}

int gpt_verify_sgemm_case(gp_handle h, const gpt_sgemm_case *c, uint64_t seed, int verbose)
{
    const int64_t ar = c->ta ? c->k : c->m, ac = c->ta ? c->m : c->k;
    const int64_t br = c->tb ? c->n : c->k, bc = c->tb ? c->k : c->n;
    const int64_t lda = (ac > 1 ? ac : 1) + c->pad_a, ldb = (bc > 1 ? bc : 1) + c->pad_b, ldc = (c->n > 1 ? c->n : 1) + c->pad_c;
    const int64_t na = c->off_a + ar * lda + 4, nb = c->off_b + br * ldb + 4, nc = c->off_c + c->m * ldc + 4;
    float *da = NULL, *db = NULL, *dc = NULL, *dv = NULL, *ha = NULL, *hb = NULL, *hc0 = NULL, *hc = NULL, *hv = NULL;
    double *want = NULL, num = 0, den = 0, rel = INFINITY, tol = gpt_sgemm_tol(c->k);
    int fail = 1, ran = 0;
    int64_t outside = 0;
    gp_status st;
    cudaStream_t s;
    char label[64];
    gp_get_stream(h, &s);
    if (cudaMalloc((void **)&da, na * 4) || cudaMalloc((void **)&db, nb * 4) || cudaMalloc((void **)&dc, nc * 4))
        goto out;
    ha = (float *)malloc(na * 4); hb = (float *)malloc(nb * 4);
    hc0 = (float *)malloc(nc * 4); hc = (float *)malloc(nc * 4);
    want = (double *)malloc((size_t)(c->m * c->n > 0 ? c->m * c->n : 1) * sizeof(double));
    if (!ha || !hb || !hc0 || !hc || !want) goto out;
    gpt_fill_f32(da, na, -1.f, 1.f, seed, s);
    gpt_fill_f32(db, nb, -1.f, 1.f, seed + 1, s);
    if (c->beta == 0.f) gpt_poison(dc, nc * 4, s); /* beta == 0 must not read C: NaN would show */
    else gpt_fill_f32(dc, nc, -1.f, 1.f, seed + 2, s);
    if (cudaStreamSynchronize(s) != cudaSuccess || cudaMemcpy(hc0, dc, nc * 4, cudaMemcpyDeviceToHost)) goto out;
    gp_set_rung(h, GP_PRIM_SGEMM, c->rung);
    st = gp_sgemm(h, (gp_trans)c->ta, (gp_trans)c->tb, c->m, c->n, c->k, c->alpha, da + c->off_a, lda, db + c->off_b,
                  ldb, c->beta, dc + c->off_c, ldc);
    gp_get_last_rung(h, GP_PRIM_SGEMM, &ran);
    gp_set_rung(h, GP_PRIM_SGEMM, 0);
    gpt_rung_label(GP_PRIM_SGEMM, c->rung, ran, label, sizeof label);
    if (st != GP_SUCCESS) {
        fprintf(stderr, "sgemm %s: %s\n", label, gp_status_string(st));
        goto out;
    }
    if (cudaStreamSynchronize(s) != cudaSuccess || cudaGetLastError() != cudaSuccess) {
        fprintf(stderr, "sgemm %s: kernel failed\n", label);
        goto out;
    }
    if (cudaMemcpy(hc, dc, nc * 4, cudaMemcpyDeviceToHost)) goto out;
    if (c->use_vendor) {
        hv = (float *)malloc(nc * 4);
        if (!hv || cudaMalloc((void **)&dv, nc * 4) || cudaMemcpy(dv, hc0, nc * 4, cudaMemcpyHostToDevice)) goto out;
        if (gpt_vendor_sgemm(c->ta, c->tb, c->m, c->n, c->k, c->alpha, da + c->off_a, lda, db + c->off_b, ldb, c->beta,
                             dv + c->off_c, ldc, s) ||
            cudaStreamSynchronize(s) != cudaSuccess || cudaMemcpy(hv, dv, nc * 4, cudaMemcpyDeviceToHost))
            goto out;
        for (int64_t i = 0; i < c->m; i++)
            for (int64_t j = 0; j < c->n; j++) want[i * c->n + j] = hv[c->off_c + i * ldc + j];
    } else {
        if (cudaMemcpy(ha, da, na * 4, cudaMemcpyDeviceToHost) || cudaMemcpy(hb, db, nb * 4, cudaMemcpyDeviceToHost))
            goto out;
        gp_ref_sgemm(c->ta, c->tb, c->m, c->n, c->k, c->alpha, ha + c->off_a, lda, hb + c->off_b, ldb, c->beta,
                     hc0 + c->off_c, ldc, want);
    }
    for (int64_t i = 0; i < c->m; i++)
        for (int64_t j = 0; j < c->n; j++) {
            double g = hc[c->off_c + i * ldc + j], w = want[i * c->n + j];
            num += (g - w) * (g - w);
            den += w * w;
        }
    rel = den > 0 ? sqrt(num / den) : sqrt(num);
    if (!(rel == rel)) rel = INFINITY;
    /* every element outside the m x n window (offset, padding columns, guard) must be unchanged, bit for bit */
    for (int64_t x = 0; x < nc; x++) {
        int64_t y = x - c->off_c, i = y >= 0 ? y / ldc : -1, j = y >= 0 ? y % ldc : -1;
        int inside = y >= 0 && i < c->m && j < c->n;
        if (!inside && memcmp(&hc[x], &hc0[x], 4)) outside++;
    }
    fail = !(rel <= tol) || outside != 0;
    if (verbose || fail)
        printf("sgemm %-18s %c%c m=%lld n=%lld k=%lld alpha=%g beta=%g pad=%d,%d,%d off=%d,%d,%d vs %s: rel %.2e "
               "(bound %.1e)%s  %s\n",
               label, c->ta ? 'T' : 'N', c->tb ? 'T' : 'N', (long long)c->m, (long long)c->n, (long long)c->k,
               c->alpha, c->beta, c->pad_a, c->pad_b, c->pad_c, c->off_a, c->off_b, c->off_c,
               c->use_vendor ? "cuBLAS" : "CPU f64", rel, tol, outside ? ", wrote outside C" : "", fail ? "FAIL" : "ok");
out:
    if (fail && cudaGetLastError() != cudaSuccess) fprintf(stderr, "sgemm: CUDA error\n");
    cudaFree(da); cudaFree(db); cudaFree(dc); cudaFree(dv);
    free(ha); free(hb); free(hc0); free(hc); free(hv); free(want);
    return fail;
}

int gpt_verify_sgemm(gp_handle h, const gpt_opts *o)
{
    int rungs[32], nr, fails = 0;
    uint64_t seed = gpt_seed(o);
    const int64_t m = o->m >= 0 ? o->m : 127, n = o->n >= 0 ? o->n : 129, k = o->k >= 0 ? o->k : 131;
    nr = gpt_rungs_to_run(GP_PRIM_SGEMM, o, rungs, 32);
    for (int i = 0; i < nr; i++) {
        int f = 0;
        char label[64];
        for (int t = 0; t < 4; t++) {
            gpt_sgemm_case c = {rungs[i], t & 1, t >> 1, m, n, k, 1.f, 0.f, 0, 0, 0, 0, 0, 0, 0};
            f += gpt_verify_sgemm_case(h, &c, seed + t, o->verbose);
            c.alpha = -0.5f; c.beta = 2.f; c.pad_a = 3; c.pad_b = 1; c.pad_c = 5; c.off_a = 1; c.off_b = 2; c.off_c = 3;
            f += gpt_verify_sgemm_case(h, &c, seed + 10 + t, o->verbose);
        }
        {
            gpt_sgemm_case c = {rungs[i], 0, 0, 1024, 1024, 1024, 1.f, 0.f, 0, 0, 0, 0, 0, 0, 1};
            f += gpt_verify_sgemm_case(h, &c, seed + 20, o->verbose);
        }
        gpt_rung_label(GP_PRIM_SGEMM, rungs[i], rungs[i], label, sizeof label);
        printf("verify sgemm %-16s m=%lld n=%lld k=%lld (4 transposes, alpha/beta/ld/offsets) + 1024^3 vs cuBLAS "
               "seed=%llu: %s\n", label, (long long)m, (long long)n, (long long)k, (unsigned long long)seed,
               f ? "FAIL" : "PASS");
        fails += f != 0;
    }
    return fails;
}

/* ---- bench ---- */
struct sgemm_ctx {
    gp_handle h;
    int64_t m, n, k;
    int sets;
    float **a, **b, **c;
    int vendor;
    cudaStream_t s;
};

static int run_sgemm(void *p, int iter)
{
    struct sgemm_ctx *x = (struct sgemm_ctx *)p;
    int k = iter % x->sets;
    if (x->vendor)
        return gpt_vendor_sgemm(0, 0, x->m, x->n, x->k, 1.f, x->a[k], x->k, x->b[k], x->n, 0.f, x->c[k], x->n, x->s);
    return gp_sgemm(x->h, GP_NO_TRANS, GP_NO_TRANS, x->m, x->n, x->k, 1.f, x->a[k], x->k, x->b[k], x->n, 0.f, x->c[k],
                    x->n) != GP_SUCCESS;
}

static double rel_frob(const float *got, const float *want, int64_t n)
{
    double num = 0, den = 0;
    for (int64_t i = 0; i < n; i++) {
        double d = (double)got[i] - want[i];
        num += d * d;
        den += (double)want[i] * want[i];
    }
    double r = den > 0 ? sqrt(num / den) : sqrt(num);
    return r == r ? r : INFINITY;
}

static int bench_shape(gp_handle h, const gpt_opts *o, gpt_report *r, int64_t m, int64_t n, int64_t k, const char *why)
{
    struct sgemm_ctx x;
    int rungs[32], nr, first = r->count, vendor_row, fails = 0;
    float *want = NULL, *got = NULL;
    char shape[64];
    const double flops = 2.0 * m * n * k, tol = gpt_sgemm_tol(k);
    const size_t bytes_per_set = (size_t)(m * k + k * n + m * n) * 4, l2 = (size_t)(r->l2_mb * 1e6);
    memset(&x, 0, sizeof x);
    x.h = h; x.m = m; x.n = n; x.k = k;
    gp_get_stream(h, &x.s);
    x.sets = (int)((4 * l2 + bytes_per_set - 1) / bytes_per_set); /* rotate so the inputs stay out of L2 */
    if (x.sets < 1) x.sets = 1;
    if (x.sets > 16) x.sets = 16;
    x.a = (float **)calloc(x.sets, sizeof(float *));
    x.b = (float **)calloc(x.sets, sizeof(float *));
    x.c = (float **)calloc(x.sets, sizeof(float *));
    want = (float *)malloc((size_t)m * n * 4);
    got = (float *)malloc((size_t)m * n * 4);
    if (!x.a || !x.b || !x.c || !want || !got) return 1;
    for (int s = 0; s < x.sets; s++) {
        GPT_CUDA(cudaMalloc((void **)&x.a[s], (size_t)m * k * 4));
        GPT_CUDA(cudaMalloc((void **)&x.b[s], (size_t)k * n * 4));
        GPT_CUDA(cudaMalloc((void **)&x.c[s], (size_t)m * n * 4));
        gpt_fill_f32(x.a[s], m * k, -1.f, 1.f, gpt_seed(o) + 2 * s, x.s);
        gpt_fill_f32(x.b[s], k * n, -1.f, 1.f, gpt_seed(o) + 2 * s + 1, x.s);
    }
    snprintf(shape, sizeof shape, "%lldx%lldx%lld NN%s%s", (long long)m, (long long)n, (long long)k, why ? " " : "",
             why ? why : "");
    {
        gpt_timing t;
        gpt_progress("sgemm %s: cublasSgemm", shape);
        x.vendor = 1;
        if (gpt_time(x.s, run_sgemm, &x, o, &t)) return 1;
        x.vendor = 0;
        vendor_row = r->count;
        GPT_CUDA(cudaMemcpy(want, x.c[0], (size_t)m * n * 4, cudaMemcpyDeviceToHost));
        gpt_report_add(r, "sgemm", shape, "cublasSgemm pedantic (vendor)", -1, &t, flops / (t.median_ms * 1e9),
                       "TFLOP/s", -1);
    }
    nr = gpt_rungs_to_run(GP_PRIM_SGEMM, o, rungs, 32);
    gp_rung_info r10;
    if (gp_get_rung_info(GP_PRIM_SGEMM, 10, &r10) != GP_SUCCESS) r10.configs = 0;
    for (int i = 0; i < nr + (o->verbose ? r10.configs : 0); i++) {
        gpt_timing t;
        gpt_opts oo = *o;
        char label[64];
        int ran = 0, ran_cfg = -1, ok, rung = i < nr ? rungs[i] : 10, cfg = i < nr ? -1 : i - nr;
        double rel;
        if (rung >= 1 && rung <= 4 && flops > 5e11) {
            printf("  sgemm %s: rung %02d skipped (seconds per run at this size)\n", shape, rung);
            continue;
        }
        if (rung >= 1 && rung <= 6 && flops > 5e10 && !o->reps) oo.reps = 3;
        gpt_rung_label(GP_PRIM_SGEMM, rung, rung, label, sizeof label);
        if (cfg >= 0) snprintf(label, sizeof label, "10 cfg%d %s", cfg, gp_rung_config_name(GP_PRIM_SGEMM, 10, cfg));
        gpt_progress("sgemm %s: %s", shape, label);
        for (int s = 0; s < x.sets; s++) gpt_poison(x.c[s], (size_t)m * n * 4, x.s);
        gp_set_rung(h, GP_PRIM_SGEMM, rung);
        gp_set_config(h, GP_PRIM_SGEMM, cfg);
        if (gpt_time(x.s, run_sgemm, &x, &oo, &t)) return 1;
        gp_set_config(h, GP_PRIM_SGEMM, -1);
        gp_get_last_rung(h, GP_PRIM_SGEMM, &ran);
        gp_get_last_config(h, GP_PRIM_SGEMM, &ran_cfg);
        gp_set_rung(h, GP_PRIM_SGEMM, 0);
        GPT_CUDA(cudaMemcpy(got, x.c[0], (size_t)m * n * 4, cudaMemcpyDeviceToHost));
        rel = rel_frob(got, want, m * n);
        ok = rel <= tol;
        if (!ok) fprintf(stderr, "sgemm bench %s %s: relative error vs cuBLAS %.3e > %.1e\n", shape, label, rel, tol);
        fails += !ok;
        if (cfg < 0) gpt_rung_label(GP_PRIM_SGEMM, rung, ran, label, sizeof label);
        if (rung == 0 && ran_cfg >= 0) {
            size_t len = strlen(label);
            snprintf(label + len, sizeof label - len, " cfg%d", ran_cfg);
        }
        gpt_report_add(r, "sgemm", shape, label, rung, &t, flops / (t.median_ms * 1e9), "TFLOP/s", ok);
    }
    /* the ceiling is cuBLAS's rate: no FP32 peak is measured */
    gpt_report_relate(r, first, vendor_row, r->rows[vendor_row].rate);
    gpt_report_print_group(r, first, stdout);
    printf("  verification: every row vs cublasSgemm output, relative Frobenius error <= %.1e\n", tol);
    for (int s = 0; s < x.sets; s++) { cudaFree(x.a[s]); cudaFree(x.b[s]); cudaFree(x.c[s]); }
    free(x.a); free(x.b); free(x.c);
    free(want); free(got);
    return fails;
}

int gpt_bench_sgemm(gp_handle h, const gpt_opts *o, gpt_report *r)
{
    int fails = 0;
    if (o->m > 0 || o->n > 0 || o->k > 0) {
        int64_t m = o->m > 0 ? o->m : 4096, n = o->n > 0 ? o->n : 4096, k = o->k > 0 ? o->k : 4096;
        return bench_shape(h, o, r, m, n, k, NULL);
    }
    if (o->quick) return bench_shape(h, o, r, 1024, 1024, 1024, NULL) + bench_shape(h, o, r, 2048, 2048, 2048, NULL);
    fails += bench_shape(h, o, r, 4096, 4096, 4096, NULL);
    fails += bench_shape(h, o, r, 8192, 8192, 8192, NULL);
    fails += bench_shape(h, o, r, 1024, 1024, 1024, NULL);
    /* tall-skinny: many rows through a narrow layer (32768 x 4096 activations times a 4096 x 256 weight);
     * only 2 tile columns, so all parallelism comes from m, and A (512 MB) is streamed once */
    fails += bench_shape(h, o, r, 32768, 256, 4096, "tall-skinny");
    return fails;
}
