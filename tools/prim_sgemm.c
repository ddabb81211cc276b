/* prim_sgemm.c — sgemm (f32 C = alpha op(A) op(B) + beta C on CUDA cores) in the gpuprim command: its verify
 * cases, and its bench cases (vendor: cublasSgemm, pedantic fp32) for the generic driver. */
#include "driver.h"
#include "devdata.h"
#include "vendor.h"
#include "verify_cases.h"
#include "ref/ref.h"
#include <cuda_runtime.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

double gpt_sgemm_tol(int64_t k)
{
    double t = 16.0 * ldexp(1.0, -24) * sqrt((double)(k > 1 ? k : 1));
    return t > 1e-5 ? t : 1e-5;
}

/* (rows - 1) * ld + cols: the elements a rows x cols matrix with leading dimension ld spans */
static int64_t span(int64_t rows, int64_t cols, int64_t ld) { return rows > 0 && cols > 0 ? (rows - 1) * ld + cols : 0; }

/* Frobenius norm of a rows x cols matrix with leading dimension ld. */
static double frob(const float *p, int64_t rows, int64_t cols, int64_t ld)
{
    double s = 0;
    for (int64_t i = 0; i < rows; i++)
        for (int64_t j = 0; j < cols; j++) s += (double)p[i * ld + j] * p[i * ld + j];
    return sqrt(s);
}

/* Frobenius error of got (leading dimension ldg) against want (m x n, double or float), relative to the larger of
 * |want| and `floor`; +inf on NaN. The floor is the size the product's terms have (|alpha| |A| |B| / sqrt(k), what
 * |want| is for random inputs without cancellation): a 1 x 1 output is one dot product, whose sum can come out near
 * 0 while its rounding error does not, so relative to |want| alone the check failed by luck (1x1x4099 TT, rel 8.1e-5
 * against 6.1e-5, one seed in results/h100-2026-11-24b/call8). */
static double rel_frob(const float *got, int64_t ldg, const void *want, int want_double, int64_t m, int64_t n,
                       double floor)
{
    double num = 0, den = 0, r;
    for (int64_t i = 0; i < m; i++)
        for (int64_t j = 0; j < n; j++) {
            double w = want_double ? ((const double *)want)[i * n + j] : ((const float *)want)[i * n + j];
            double d = (double)got[i * ldg + j] - w;
            num += d * d;
            den += w * w;
        }
    if (den < floor * floor) den = floor * floor;
    r = den > 0 ? sqrt(num / den) : sqrt(num);
    return r == r ? r : INFINITY;
}

int gpt_verify_sgemm_case(gp_handle h, const gpt_sgemm_case *c, uint64_t seed, int verbose)
{
    const int64_t ar = c->ta ? c->k : c->m, ac = c->ta ? c->m : c->k;
    const int64_t br = c->tb ? c->n : c->k, bc = c->tb ? c->k : c->n;
    const int64_t lda = (ac > 1 ? ac : 1) + c->pad_a, ldb = (bc > 1 ? bc : 1) + c->pad_b, ldc = (c->n > 1 ? c->n : 1) + c->pad_c;
    /* exactly the spans the call may read and write, from each buffer's aligned base */
    const int64_t na = c->off_a + span(ar, ac, lda), nb = c->off_b + span(br, bc, ldb), nc = c->off_c + span(c->m, c->n, ldc);
    float *da = NULL, *db = NULL, *dc = NULL, *dv = NULL, *ha = NULL, *hb = NULL, *hc0 = NULL, *hc = NULL, *hv = NULL;
    double *want = NULL, rel = INFINITY, tol = gpt_sgemm_tol(c->k);
    int fail = 1;
    int64_t outside = 0;
    cudaStream_t s;
    char label[64];
    gp_get_stream(h, &s);
    if (gpt_dev_alloc((void **)&da, na * 4) || gpt_dev_alloc((void **)&db, nb * 4) || gpt_dev_alloc((void **)&dc, nc * 4))
        goto out;
    want = (double *)malloc((size_t)(c->m * c->n > 0 ? c->m * c->n : 1) * sizeof(double));
    if (!want) goto out;
    gpt_fill_f32(da, na, -1.f, 1.f, seed, s);
    gpt_fill_f32(db, nb, -1.f, 1.f, seed + 1, s);
    if (c->beta == 0.f) gpt_poison(dc, nc * 4, s); /* beta == 0 must not read C: NaN would show */
    else gpt_fill_f32(dc, nc, -1.f, 1.f, seed + 2, s);
    if (cudaStreamSynchronize(s) != cudaSuccess || !(hc0 = (float *)gpt_host_copy(dc, nc * 4))) goto out;
    gp_set_rung(h, GP_PRIM_SGEMM, c->rung);
    if (gpt_call_done(h, GP_PRIM_SGEMM, c->rung,
                      gp_sgemm(h, (gp_trans)c->ta, (gp_trans)c->tb, c->m, c->n, c->k, c->alpha, da + c->off_a, lda,
                               db + c->off_b, ldb, c->beta, dc + c->off_c, ldc),
                      "sgemm", label, sizeof label) ||
        !(hc = (float *)gpt_host_copy(dc, nc * 4)))
        goto out;
    if (!(ha = (float *)gpt_host_copy(da, na * 4)) || !(hb = (float *)gpt_host_copy(db, nb * 4))) goto out;
    if (c->use_vendor) {
        if (gpt_dev_alloc((void **)&dv, nc * 4) || (nc && cudaMemcpy(dv, hc0, nc * 4, cudaMemcpyHostToDevice)) ||
            gpb_vendor_sgemm(c->ta, c->tb, c->m, c->n, c->k, c->alpha, da + c->off_a, lda, db + c->off_b, ldb, c->beta,
                             dv + c->off_c, ldc, s) ||
            cudaStreamSynchronize(s) != cudaSuccess || !(hv = (float *)gpt_host_copy(dv, nc * 4)))
            goto out;
        for (int64_t i = 0; i < c->m; i++)
            for (int64_t j = 0; j < c->n; j++) want[i * c->n + j] = hv[c->off_c + i * ldc + j];
    } else {
        gp_ref_sgemm(c->ta, c->tb, c->m, c->n, c->k, c->alpha, ha + c->off_a, lda, hb + c->off_b, ldb, c->beta,
                     hc0 + c->off_c, ldc, want);
    }
    rel = rel_frob(hc + c->off_c, ldc, want, 1, c->m, c->n,
                   fabs((double)c->alpha) * frob(ha + c->off_a, ar, ac, lda) * frob(hb + c->off_b, br, bc, ldb) /
                       sqrt((double)(c->k > 1 ? c->k : 1)));
    /* every element outside the m x n window (the offset, the padding columns) must be unchanged, bit for bit */
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

static int sgemm_verify(gp_handle h, const gpt_opts *o, int rung, char *detail, size_t len)
{
    const int64_t m = o->m >= 0 ? o->m : 127, n = o->n >= 0 ? o->n : 129, k = o->k >= 0 ? o->k : 131;
    gpt_sgemm_case big = {rung, 0, 0, 1024, 1024, 1024, 1.f, 0.f, 0, 0, 0, 0, 0, 0, 1};
    int f = 0;
    for (int t = 0; t < 4; t++) {
        gpt_sgemm_case c = {rung, t & 1, t >> 1, m, n, k, 1.f, 0.f, 0, 0, 0, 0, 0, 0, 0};
        f += gpt_verify_sgemm_case(h, &c, o->seed + t, o->verbose);
        c.alpha = -0.5f; c.beta = 2.f; c.pad_a = 3; c.pad_b = 1; c.pad_c = 5; c.off_a = 1; c.off_b = 2; c.off_c = 3;
        f += gpt_verify_sgemm_case(h, &c, o->seed + 10 + t, o->verbose);
    }
    f += gpt_verify_sgemm_case(h, &big, o->seed + 20, o->verbose);
    snprintf(detail, len, "m=%lld n=%lld k=%lld (4 transposes, alpha/beta/ld/offsets) + 1024^3 vs cuBLAS",
             (long long)m, (long long)n, (long long)k);
    return f;
}

/* ---- bench: C = op(A) op(B), 2mnk FLOPs per product; every row checked against cuBLAS's output ---- */
enum { SG_A, SG_B, SG_C };
struct sgemm_bench {
    int64_t m, n, k;
    const char *why;       /* a word after the shape, or NULL */
    float *want, *got;     /* cuBLAS's C of set 0, and a rung's */
    int ta, tb;            /* transposes (the headline cases: NN) */
    int pad;               /* extra elements of every leading dimension (odd: no 16-byte rows) */
    int64_t batch;         /* > 1: a strided batch of products (gp_sgemm_strided_batched) */
};
/* Leading dimensions and strides of a case: A, B, C packed one after another in a batch. */
static int64_t sg_lda(const struct sgemm_bench *x) { return (x->ta ? x->m : x->k) + x->pad; }
static int64_t sg_ldb(const struct sgemm_bench *x) { return (x->tb ? x->k : x->n) + x->pad; }
static int64_t sg_ldc(const struct sgemm_bench *x) { return x->n + x->pad; }
static int64_t sg_span_a(const struct sgemm_bench *x) { return (x->ta ? x->k : x->m) * sg_lda(x); }
static int64_t sg_span_b(const struct sgemm_bench *x) { return (x->tb ? x->n : x->k) * sg_ldb(x); }
static int64_t sg_span_c(const struct sgemm_bench *x) { return x->m * sg_ldc(x); }

static int sgemm_setup(gpt_bench *b, gpt_case *c)
{
    struct sgemm_bench *x = (struct sgemm_bench *)c->state;
    const int64_t m = x->m, n = x->n, k = x->k, nb = x->batch > 1 ? x->batch : 1;
    const int64_t na = nb * sg_span_a(x), nbb = nb * sg_span_b(x), nc = nb * sg_span_c(x);
    size_t used;
    gpt_case_buffer(c, (size_t)na * 4, GPT_INPUT);
    gpt_case_buffer(c, (size_t)nbb * 4, GPT_INPUT);
    gpt_case_buffer(c, (size_t)nc * 4, GPT_OUTPUT);
    c->set_bytes = (size_t)(na + nbb + nc) * 4;
    c->max_sets = 16;
    if (gpt_case_alloc(b, c)) return 1;
    for (int s = 0; s < c->sets; s++) {
        gpt_fill_f32((float *)c->buf[s][SG_A], na, -1.f, 1.f, b->o->seed + 2 * s, b->stream);
        gpt_fill_f32((float *)c->buf[s][SG_B], nbb, -1.f, 1.f, b->o->seed + 2 * s + 1, b->stream);
    }
    x->want = (float *)malloc((size_t)nc * 4);
    x->got = (float *)malloc((size_t)nc * 4);
    snprintf(c->shape, sizeof c->shape, "%lldx%lldx%lld %c%c", (long long)m, (long long)n, (long long)k,
             x->ta ? 'T' : 'N', x->tb ? 'T' : 'N');
    used = strlen(c->shape);
    if (x->batch > 1) snprintf(c->shape + used, sizeof c->shape - used, " x%lld", (long long)x->batch);
    used = strlen(c->shape);
    if (x->pad) snprintf(c->shape + used, sizeof c->shape - used, " ld+%d", x->pad);
    used = strlen(c->shape);
    if (x->why) snprintf(c->shape + used, sizeof c->shape - used, " %s", x->why);
    snprintf(c->vendor, sizeof c->vendor, "cublasSgemm pedantic (vendor)");
    snprintf(c->note, sizeof c->note, "  verification: every row vs cublasSgemm output, relative Frobenius error <= %.1e",
             gpt_sgemm_tol(k));
    c->work = 2.0 * m * n * k * nb;
    c->flops = 1;
    c->paired = 4; /* as gemm: each row timed in blocks alternating with cuBLAS (clocks drift under load; session 9
                      saw 4096^3 at 0.949-0.957x where session 1 measured 0.974x with the vendor timed once) */
    return !x->want || !x->got;
}

static int sgemm_run(gpt_case *c, int set)
{
    const struct sgemm_bench *x = (const struct sgemm_bench *)c->state;
    const float *A = (const float *)c->buf[set][SG_A], *B = (const float *)c->buf[set][SG_B];
    float *C = (float *)c->buf[set][SG_C];
    if (x->batch > 1)
        return gp_sgemm_strided_batched(c->bench->h, (gp_trans)x->ta, (gp_trans)x->tb, x->m, x->n, x->k, 1.f, A,
                                        sg_lda(x), sg_span_a(x), B, sg_ldb(x), sg_span_b(x), 0.f, C, sg_ldc(x),
                                        sg_span_c(x), x->batch) != GP_SUCCESS;
    return gp_sgemm(c->bench->h, (gp_trans)x->ta, (gp_trans)x->tb, x->m, x->n, x->k, 1.f, A, sg_lda(x), B, sg_ldb(x),
                    0.f, C, sg_ldc(x)) != GP_SUCCESS;
}

static int sgemm_vendor(gpt_case *c, int set)
{
    const struct sgemm_bench *x = (const struct sgemm_bench *)c->state;
    const float *A = (const float *)c->buf[set][SG_A], *B = (const float *)c->buf[set][SG_B];
    float *C = (float *)c->buf[set][SG_C];
    if (x->batch > 1)
        return gpb_vendor_sgemm_strided_batched(x->ta, x->tb, x->m, x->n, x->k, 1.f, A, sg_lda(x), sg_span_a(x), B,
                                                sg_ldb(x), sg_span_b(x), 0.f, C, sg_ldc(x), sg_span_c(x), x->batch,
                                                c->bench->stream);
    return gpb_vendor_sgemm(x->ta, x->tb, x->m, x->n, x->k, 1.f, A, sg_lda(x), B, sg_ldb(x), 0.f, C, sg_ldc(x),
                            c->bench->stream);
}

/* The vendor's output becomes the reference (unchecked); each rung's is compared with it. */
static int sgemm_check(gpt_case *c, int vendor, const char *label)
{
    struct sgemm_bench *x = (struct sgemm_bench *)c->state;
    const double tol = gpt_sgemm_tol(x->k);
    const int64_t ldc = sg_ldc(x), rows = x->m * (x->batch > 1 ? x->batch : 1); /* a batch: its Cs, row after row */
    double num = 0, den = 0, rel;
    if (cudaMemcpy(vendor ? x->want : x->got, c->buf[0][SG_C], (size_t)(rows * ldc) * 4, cudaMemcpyDeviceToHost))
        return 0;
    if (vendor) return -1;
    for (int64_t i = 0; i < rows; i++)
        for (int64_t j = 0; j < x->n; j++) {
            const double g = x->got[i * ldc + j], w = x->want[i * ldc + j];
            num += (g - w) * (g - w);
            den += w * w;
        }
    rel = den > 0 ? sqrt(num / den) : sqrt(num);
    if (!(rel <= tol))
        fprintf(stderr, "sgemm bench %s %s: relative error vs cuBLAS %.3e > %.1e\n", c->shape, label, rel, tol);
    return rel <= tol;
}

static void sgemm_teardown(gpt_case *c)
{
    struct sgemm_bench *x = (struct sgemm_bench *)c->state;
    free(x->want);
    free(x->got);
}

/* Rungs 01-04 take seconds per run above 5e11 FLOPs: skipped; 01-06 get 3 timed runs above 5e10. */
static int sgemm_reps(const gpt_case *c, int rung, int reps)
{
    if (rung >= 1 && rung <= 4 && c->work > 5e11) return -1;
    if (rung >= 1 && rung <= 6 && c->work > 5e10 && !reps) return 3;
    return reps;
}

static int sgemm_bench(gpt_bench *b)
{
    static const gpt_case_hooks hooks = {sgemm_setup, sgemm_run, sgemm_vendor, sgemm_check, sgemm_teardown, sgemm_reps};
    const gpt_opts *o = b->o;
    /* tall-skinny: many rows through a narrow layer (32768 x 4096 activations times a 4096 x 256 weight); only
     * 2 tile columns, so all parallelism comes from m, and A (512 MB) is streamed once */
    /* a case: m, n, k, a word for the shape, transposes, extra ld elements, products in the batch */
#define SG(M, N, K, WHY, TA, TB, PAD, BATCH) \
    {.m = M, .n = N, .k = K, .why = WHY, .want = NULL, .got = NULL, .ta = TA, .tb = TB, .pad = PAD, .batch = BATCH}
    struct sgemm_bench full[] = {SG(4096, 4096, 4096, NULL, 0, 0, 0, 1), SG(8192, 8192, 8192, NULL, 0, 0, 0, 1),
                                 SG(1024, 1024, 1024, NULL, 0, 0, 0, 1),
                                 SG(32768, 256, 4096, "tall-skinny", 0, 0, 0, 1)};
    struct sgemm_bench quick[] = {SG(1024, 1024, 1024, NULL, 0, 0, 0, 1), SG(2048, 2048, 2048, NULL, 0, 0, 0, 1)};
    /* the sweep (issue 20): tiny to large squares, just above powers of two, odd leading dimensions, tall and
     * wide, deep k, every transpose, batches of small products */
    struct sgemm_bench sweep[] = {
        SG(64, 64, 64, "tiny", 0, 0, 0, 1),           SG(128, 128, 128, "tiny", 0, 0, 0, 1),
        SG(256, 256, 256, "small", 0, 0, 0, 1),       SG(512, 512, 512, "small", 0, 0, 0, 1),
        SG(768, 768, 768, "mid", 0, 0, 0, 1),         SG(1024, 1024, 1024, "mid", 0, 0, 0, 1),
        SG(1536, 1536, 1536, "mid", 0, 0, 0, 1),      SG(2048, 2048, 2048, "mid", 0, 0, 0, 1),
        SG(3000, 3000, 3000, "mid", 0, 0, 0, 1),      SG(4096, 4096, 4096, "large", 0, 0, 0, 1),
        SG(8192, 8192, 8192, "large", 0, 0, 0, 1),    SG(1025, 1025, 1025, "pow2+1", 0, 0, 0, 1),
        SG(2049, 2047, 2051, "pow2+-1", 0, 0, 0, 1),  SG(4097, 4097, 4097, "pow2+1", 0, 0, 0, 1),
        SG(1000, 1000, 1000, "odd ld", 0, 0, 1, 1),   SG(2048, 2048, 2048, "odd ld", 0, 0, 3, 1),
        SG(32768, 256, 4096, "tall-skinny", 0, 0, 0, 1), SG(8192, 128, 8192, "tall-skinny", 0, 0, 0, 1),
        SG(256, 32768, 4096, "short-wide", 0, 0, 0, 1),  SG(128, 8192, 8192, "short-wide", 0, 0, 0, 1),
        SG(64, 64, 65536, "deep-k", 0, 0, 0, 1),      SG(256, 256, 65536, "deep-k", 0, 0, 0, 1),
        SG(1024, 1024, 16384, "deep-k", 0, 0, 0, 1),  SG(2048, 2048, 2048, NULL, 0, 1, 0, 1),
        SG(2048, 2048, 2048, NULL, 1, 0, 0, 1),       SG(2048, 2048, 2048, NULL, 1, 1, 0, 1),
        SG(1000, 1000, 1000, NULL, 1, 1, 0, 1),       SG(256, 256, 256, "batched", 0, 0, 0, 32),
        SG(64, 64, 64, "batched", 0, 0, 0, 1024),     SG(128, 128, 128, "batched", 1, 0, 0, 256)};
    const int op = gpt_op_index(b->cli->ops, o); /* --op: the transposes of the case at --m/--n/--k (default NN) */
    struct sgemm_bench given = SG(o->m > 0 ? o->m : 4096, o->n > 0 ? o->n : 4096, o->k > 0 ? o->k : 4096, NULL,
                                  op > 0 ? op >> 1 : 0, op > 0 ? op & 1 : 0, (int)o->ld_pad, o->batch > 1 ? o->batch : 1);
    struct sgemm_bench *cases = full;
    int ncases = 4, fails = 0;
    if (o->sweep) cases = sweep, ncases = (int)(sizeof sweep / sizeof sweep[0]);
    else if (o->m > 0 || o->n > 0 || o->k > 0 || op >= 0 || o->batch > 0 || o->ld_pad > 0) cases = &given, ncases = 1;
    else if (o->quick) cases = quick, ncases = 2;
    for (int i = 0; i < ncases; i++) fails += gpt_bench_case(b, &hooks, &cases[i]);
    return fails;
#undef SG
}

/* --op: the transposes of op(A) op(B) (bench: the case at --m/--n/--k or 4096^3) */
static const char *const sgemm_ops[] = {"NN", "NT", "TN", "TT", NULL};
const gpt_prim_cli gpt_sgemm_cli = {"sgemm", GP_PRIM_SGEMM, sgemm_ops, "NN", 0, sgemm_verify, sgemm_bench, NULL};
