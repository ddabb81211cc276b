/* prim_gemm.c — gemm (tensor cores: bf16 / fp16 with f32 accumulation, tf32) in the gpuprim command: its
 * verify cases against a double CPU reference, and its bench cases (vendor: cublasLtMatmul, the fastest of its
 * heuristic's algorithms) for the generic driver. */
#include "driver.h"
#include "devdata.h"
#include "vendor.h"
#include "verify_cases.h"
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static size_t esize(int t) { return t == GP_DTYPE_F32 ? 4 : 2; }

/* IEEE half and bfloat16 bits to float (exact). */
static float half_to_f32(uint16_t h)
{
    const int sign = h >> 15, e = (h >> 10) & 31, f = h & 1023;
    float v;
    if (e == 0) v = ldexpf((float)f, -24);
    else if (e == 31) v = f ? NAN : INFINITY;
    else v = ldexpf((float)(f | 1024), e - 25);
    return sign ? -v : v;
}
static float bf16_to_f32(uint16_t b)
{
    uint32_t u = (uint32_t)b << 16;
    float v;
    memcpy(&v, &u, 4);
    return v;
}
/* Element i of a host copy of type t, as a double. */
static double elem(const void *p, int t, int64_t i)
{
    if (t == GP_DTYPE_F32) return ((const float *)p)[i];
    if (t == GP_DTYPE_F16) return half_to_f32(((const uint16_t *)p)[i]);
    return bf16_to_f32(((const uint16_t *)p)[i]);
}

static int64_t span(int64_t rows, int64_t cols, int64_t ld) { return rows > 0 && cols > 0 ? (rows - 1) * ld + cols : 0; }

static const char *type_name(int t) { return t == GP_DTYPE_F32 ? "f32" : t == GP_DTYPE_F16 ? "f16" : "bf16"; }

/* Case c's gp_gemm call on the buffers' aligned bases da, db, dc (each case's offsets applied here). */
static gp_status gemm_call(gp_handle h, const gpt_gemm_case *c, const char *da, const char *db, char *dc, int64_t lda,
                           int64_t ldb, int64_t ldc)
{
    const size_t es = esize(c->ab), cs = esize(c->c);
    return gp_gemm(h, (gp_trans)c->ta, (gp_trans)c->tb, c->m, c->n, c->k, c->alpha, da + c->off_a * es,
                   (gp_dtype)c->ab, lda, db + c->off_b * es, (gp_dtype)c->ab, ldb, c->beta, dc + c->off_c * cs,
                   (gp_dtype)c->c, ldc, (gp_compute)c->compute);
}

int gpt_verify_gemm_case(gp_handle h, const gpt_gemm_case *c, uint64_t seed, int verbose)
{
    const int ab = c->ab, ct = c->c;
    const size_t es = esize(ab), cs = esize(ct);
    const int64_t ar = c->ta ? c->k : c->m, ac = c->ta ? c->m : c->k;
    const int64_t br = c->tb ? c->n : c->k, bc = c->tb ? c->k : c->n;
    const int64_t lda = (ac > 1 ? ac : 1) + c->pad_a, ldb = (bc > 1 ? bc : 1) + c->pad_b, ldc = (c->n > 1 ? c->n : 1) + c->pad_c;
    /* exactly the spans the call may read and write, from each buffer's aligned base */
    const int64_t na = c->off_a + span(ar, ac, lda), nb = c->off_b + span(br, bc, ldb), nc = c->off_c + span(c->m, c->n, ldc);
    /* f32 accumulation: (k + 2) rounding steps of 2^-23 each at most (the tensor cores may truncate); tf32
     * inputs with bits below its precision: each product off by up to 2 x 2^-10 (rounded or truncated);
     * the output's own rounding: 2^-8 (bf16) or 2^-11 (f16) of the result */
    const double u_acc = ldexp((double)c->k + 2, -23), u_in = c->low_bits ? ldexp(1.0, -9) : 0.0;
    const double u_out = ct == GP_DTYPE_BF16 ? ldexp(1.0, -8) : ct == GP_DTYPE_F16 ? ldexp(1.0, -11) : ldexp(1.0, -23);
    char *da = NULL, *db = NULL, *dc = NULL, *ha = NULL, *hb = NULL, *hc0 = NULL, *hc = NULL, *hc1 = NULL;
    double *xa = NULL, *xb = NULL;
    int fail = 1;
    int64_t bad = 0, outside = 0;
    int repeat = 0;
    double worst = 0;
    cudaStream_t s;
    char label[64];
    gp_get_stream(h, &s);
    if (gpt_dev_alloc((void **)&da, na * es) || gpt_dev_alloc((void **)&db, nb * es) || gpt_dev_alloc((void **)&dc, nc * cs))
        goto out;
    gpt_fill_frac(da, ab, na, 256, c->low_bits, seed, s);
    gpt_fill_frac(db, ab, nb, 256, c->low_bits, seed + 1, s);
    if (c->beta == 0.f) gpt_poison(dc, nc * cs, s); /* beta == 0 must not read C: NaN would show */
    else gpt_fill_frac(dc, ct, nc, 256, 0, seed + 2, s);
    if (cudaStreamSynchronize(s) != cudaSuccess || !(hc0 = (char *)gpt_host_copy(dc, nc * cs)) ||
        !(ha = (char *)gpt_host_copy(da, na * es)) || !(hb = (char *)gpt_host_copy(db, nb * es)))
        goto out;
    gp_set_rung(h, GP_PRIM_GEMM, c->rung);
    if (gpt_call_done(h, GP_PRIM_GEMM, c->rung, gemm_call(h, c, da, db, dc, lda, ldb, ldc), "gemm", label, sizeof label) ||
        !(hc = (char *)gpt_host_copy(dc, nc * cs)))
        goto out;
    /* the same call again on the same C, with the same rung (gpt_call_done left the handle on the automatic choice):
     * the result must repeat bit for bit (split-k sums in a fixed order) */
    {
        int ran1 = -1, ran2 = -2;
        gp_get_last_rung(h, GP_PRIM_GEMM, &ran1);
        if (cudaMemcpyAsync(dc, hc0, (size_t)nc * cs, cudaMemcpyHostToDevice, s) != cudaSuccess) goto out;
        gp_set_rung(h, GP_PRIM_GEMM, c->rung);
        const gp_status st2 = gemm_call(h, c, da, db, dc, lda, ldb, ldc);
        gp_get_last_rung(h, GP_PRIM_GEMM, &ran2);
        gp_set_rung(h, GP_PRIM_GEMM, 0);
        if (st2 != GP_SUCCESS || cudaStreamSynchronize(s) != cudaSuccess || !(hc1 = (char *)gpt_host_copy(dc, nc * cs)))
            goto out;
        repeat = memcmp(hc, hc1, (size_t)nc * cs) != 0 || ran1 != ran2;
    }
    /* A and B as doubles once (not one conversion per product: the reference dominates the test's time) */
    if (!(xa = (double *)malloc((size_t)(na ? na : 1) * sizeof(double))) ||
        !(xb = (double *)malloc((size_t)(nb ? nb : 1) * sizeof(double))))
        goto out;
    for (int64_t x = 0; x < na; x++) xa[x] = elem(ha, ab, x);
    for (int64_t x = 0; x < nb; x++) xb[x] = elem(hb, ab, x);
    for (int64_t i = 0; i < c->m; i++)
        for (int64_t j = 0; j < c->n; j++) {
            double sum = 0, mag = 0, want, got, bound, c0 = 0;
            for (int64_t kk = 0; kk < c->k && c->alpha != 0.f; kk++) {
                const double a = xa[c->off_a + (c->ta ? kk * lda + i : i * lda + kk)];
                const double b = xb[c->off_b + (c->tb ? j * ldb + kk : kk * ldb + j)];
                sum += a * b;
                mag += fabs(a * b);
            }
            if (c->beta != 0.f) c0 = elem(hc0, ct, c->off_c + i * ldc + j);
            want = (double)c->alpha * sum + (double)c->beta * c0;
            got = elem(hc, ct, c->off_c + i * ldc + j);
            bound = (u_acc + u_in) * fabs((double)c->alpha) * mag + ldexp(fabs((double)c->beta * c0), -23) +
                    u_out * fabs(want) + 1e-30;
            if (!(fabs(got - want) <= bound)) {
                if (bad++ < 3)
                    fprintf(stderr, "  gemm %s: C[%lld][%lld] = %.9g, want %.9g (bound %.3g)\n", label, (long long)i,
                            (long long)j, got, want, bound);
            } else if (fabs(got - want) / bound > worst) {
                worst = fabs(got - want) / bound;
            }
        }
    /* every element outside the m x n window (the offset, the padding columns) must be unchanged, bit for bit */
    for (int64_t x = 0; x < nc; x++) {
        int64_t y = x - c->off_c, i = y >= 0 ? y / ldc : -1, j = y >= 0 ? y % ldc : -1;
        int inside = y >= 0 && i < c->m && j < c->n;
        if (!inside && memcmp(hc + x * cs, hc0 + x * cs, cs)) outside++;
    }
    fail = bad != 0 || outside != 0 || repeat;
    if (verbose || fail)
        printf("gemm %-18s %s->%s%s %c%c m=%lld n=%lld k=%lld alpha=%g beta=%g pad=%d,%d,%d off=%d,%d,%d: %lld wrong, "
               "max err/bound %.3f%s%s  %s\n",
               label, c->compute == GP_COMPUTE_TF32 ? "tf32" : type_name(ab), type_name(ct),
               c->low_bits ? " (low bits)" : "", c->ta ? 'T' : 'N', c->tb ? 'T' : 'N', (long long)c->m,
               (long long)c->n, (long long)c->k, c->alpha, c->beta, c->pad_a, c->pad_b, c->pad_c, c->off_a, c->off_b,
               c->off_c, (long long)bad, worst, outside ? ", wrote outside C" : "",
               repeat ? ", a second call differs" : "", fail ? "FAIL" : "ok");
out:
    if (fail && cudaGetLastError() != cudaSuccess) fprintf(stderr, "gemm: CUDA error\n");
    cudaFree(da); cudaFree(db); cudaFree(dc);
    free(ha); free(hb); free(hc0); free(hc); free(hc1);
    free(xa); free(xb);
    return fail;
}

/* The type combinations the API takes: {a/b type, c type, compute}. */
static const int combos[][3] = {{GP_DTYPE_BF16, GP_DTYPE_BF16, GP_COMPUTE_F32}, {GP_DTYPE_BF16, GP_DTYPE_F32, GP_COMPUTE_F32},
                                {GP_DTYPE_F16, GP_DTYPE_F16, GP_COMPUTE_F32},   {GP_DTYPE_F16, GP_DTYPE_F32, GP_COMPUTE_F32},
                                {GP_DTYPE_F32, GP_DTYPE_F32, GP_COMPUTE_TF32}};
#define GEMM_COMBOS ((int)(sizeof combos / sizeof combos[0]))

int gpt_gemm_combo_count(void) { return GEMM_COMBOS; }

gpt_gemm_case gpt_gemm_case_of(int rung, int combo, int ta, int tb, int64_t m, int64_t n, int64_t k)
{
    gpt_gemm_case c;
    memset(&c, 0, sizeof c);
    c.rung = rung; c.ta = ta; c.tb = tb; c.m = m; c.n = n; c.k = k;
    c.alpha = 1.f;
    c.ab = combos[combo][0]; c.c = combos[combo][1]; c.compute = combos[combo][2];
    return c;
}

static int gemm_verify(gp_handle h, const gpt_opts *o, int rung, char *detail, size_t len)
{
    const int64_t m = o->m >= 0 ? o->m : 127, n = o->n >= 0 ? o->n : 129, k = o->k >= 0 ? o->k : 131;
    int f = 0;
    uint64_t seed = o->seed;
    for (int cb = 0; cb < GEMM_COMBOS; cb++)
        for (int t = 0; t < 4; t++) {
            gpt_gemm_case c = gpt_gemm_case_of(rung, cb, t & 1, t >> 1, m, n, k);
            f += gpt_verify_gemm_case(h, &c, seed++, o->verbose);
            /* alpha/beta, padded and odd leading dimensions, misaligned bases: the element-wise copies */
            c.alpha = -0.5f; c.beta = 2.f; c.pad_a = 3; c.pad_b = 1; c.pad_c = 5; c.off_a = 1; c.off_b = 2; c.off_c = 3;
            f += gpt_verify_gemm_case(h, &c, seed++, o->verbose);
        }
    {
        gpt_gemm_case c = gpt_gemm_case_of(rung, 4, 0, 1, m, n, k); /* tf32 inputs with bits to round away */
        c.low_bits = 1;
        f += gpt_verify_gemm_case(h, &c, seed++, o->verbose);
    }
    snprintf(detail, len, "m=%lld n=%lld k=%lld: bf16/f16 -> 16-bit/f32 and tf32, 4 transposes, alpha/beta/ld/offsets",
             (long long)m, (long long)n, (long long)k);
    return f;
}

/* ---- bench: C = op(A) op(B), 2mnk FLOPs; every row checked against cuBLAS's output ---- */
enum { GM_A, GM_B, GM_C };
struct gemm_bench {
    int64_t m, n, k;
    int combo;
    int ta, tb;         /* op(A) = A^T: A stored k x m (lda = m); op(B) = B^T: B stored n x k (ldb = k) */
    const char *why;    /* the sweep's label of the shape, or NULL */
    void *want, *got;   /* cuBLAS's C of set 0, and a rung's */
};

static int gemm_setup(gpt_bench *b, gpt_case *c)
{
    struct gemm_bench *x = (struct gemm_bench *)c->state;
    const int ab = combos[x->combo][0], ct = combos[x->combo][1], tf32 = combos[x->combo][2] == GP_COMPUTE_TF32;
    const int64_t m = x->m, n = x->n, k = x->k;
    gpt_case_buffer(c, (size_t)(m * k) * esize(ab), GPT_INPUT);
    gpt_case_buffer(c, (size_t)(k * n) * esize(ab), GPT_INPUT);
    gpt_case_buffer(c, (size_t)(m * n) * esize(ct), GPT_OUTPUT);
    c->set_bytes = (size_t)(m * k + k * n) * esize(ab) + (size_t)(m * n) * esize(ct);
    c->max_sets = 16;
    if (gpt_case_alloc(b, c)) return 1;
    for (int s = 0; s < c->sets; s++) {
        gpt_fill_frac(c->buf[s][GM_A], ab, m * k, 256, tf32, b->o->seed + 2 * s, b->stream);
        gpt_fill_frac(c->buf[s][GM_B], ab, k * n, 256, tf32, b->o->seed + 2 * s + 1, b->stream);
    }
    x->want = malloc((size_t)(m * n) * esize(ct));
    x->got = malloc((size_t)(m * n) * esize(ct));
    snprintf(c->shape, sizeof c->shape, "%lldx%lldx%lld %c%c %s->%s%s%s", (long long)m, (long long)n, (long long)k,
             x->ta ? 'T' : 'N', x->tb ? 'T' : 'N', tf32 ? "tf32" : type_name(ab), type_name(ct), x->why ? " " : "",
             x->why ? x->why : "");
    snprintf(c->vendor, sizeof c->vendor, "cublasLtMatmul best algo (vendor)");
    snprintf(c->note, sizeof c->note, "  verification: every row vs cublasLt's output, relative Frobenius error <= %.0e",
             ct == GP_DTYPE_BF16 ? 1e-2 : tf32 ? 5e-3 : ct == GP_DTYPE_F16 ? 5e-3 : 1e-4);
    c->work = 2.0 * m * n * k;
    c->flops = 1;
    c->paired = 4; /* tensor-core gemm is power-bound: a vendor timed once ran up to 10% faster than the same
                      kernel later in the run (results/h100-2026-11-23e/hopper-run2/variants.txt, drift check) */
    return !x->want || !x->got;
}

static int gemm_run(gpt_case *c, int set)
{
    const struct gemm_bench *x = (const struct gemm_bench *)c->state;
    const int ab = combos[x->combo][0], ct = combos[x->combo][1], cm = combos[x->combo][2];
    return gp_gemm(c->bench->h, x->ta ? GP_TRANS : GP_NO_TRANS, x->tb ? GP_TRANS : GP_NO_TRANS, x->m, x->n, x->k, 1.f,
                   c->buf[set][GM_A], (gp_dtype)ab, x->ta ? x->m : x->k, c->buf[set][GM_B], (gp_dtype)ab,
                   x->tb ? x->k : x->n, 0.f, c->buf[set][GM_C], (gp_dtype)ct, x->n, (gp_compute)cm) != GP_SUCCESS;
}

static int gemm_vendor(gpt_case *c, int set)
{
    const struct gemm_bench *x = (const struct gemm_bench *)c->state;
    return gpb_vendor_gemm(x->ta, x->tb, x->m, x->n, x->k, 1.f, c->buf[set][GM_A], x->ta ? x->m : x->k,
                           c->buf[set][GM_B], x->tb ? x->k : x->n, 0.f, c->buf[set][GM_C], x->n, (gp_dtype)combos[x->combo][0], (gp_dtype)combos[x->combo][1],
                           (gp_compute)combos[x->combo][2], c->bench->stream);
}

/* The vendor's output becomes the reference (unchecked); each rung's is compared with it. */
static int gemm_check(gpt_case *c, int vendor, const char *label)
{
    struct gemm_bench *x = (struct gemm_bench *)c->state;
    const int ct = combos[x->combo][1], tf32 = combos[x->combo][2] == GP_COMPUTE_TF32;
    const double tol = ct == GP_DTYPE_BF16 ? 1e-2 : tf32 ? 5e-3 : ct == GP_DTYPE_F16 ? 5e-3 : 1e-4;
    const int64_t total = x->m * x->n;
    double num = 0, den = 0, rel;
    if (cudaMemcpy(vendor ? x->want : x->got, c->buf[0][GM_C], (size_t)total * esize(ct), cudaMemcpyDeviceToHost))
        return 0;
    if (vendor) return -1;
    for (int64_t i = 0; i < total; i++) {
        const double g = elem(x->got, ct, i), w = elem(x->want, ct, i);
        num += (g - w) * (g - w);
        den += w * w;
    }
    rel = den > 0 ? sqrt(num / den) : sqrt(num);
    if (!(rel <= tol)) fprintf(stderr, "gemm bench %s %s: relative error vs cuBLAS %.3e > %.0e\n", c->shape, label, rel, tol);
    return rel <= tol;
}

static void gemm_teardown(gpt_case *c)
{
    struct gemm_bench *x = (struct gemm_bench *)c->state;
    free(x->want);
    free(x->got);
}

static int gemm_bench(gpt_bench *b)
{
    static const gpt_case_hooks hooks = {gemm_setup, gemm_run, gemm_vendor, gemm_check, gemm_teardown, NULL};
    const gpt_opts *o = b->o;
    const int op = gpt_op_index(b->cli->ops, o), combo = op >= 0 ? op : 0;
#define GB(M, N, K, COMBO, TA, TB, WHY) {.m = M, .n = N, .k = K, .combo = COMBO, .ta = TA, .tb = TB, .why = WHY, .want = NULL, .got = NULL}
    /* the headline sizes in bf16 -> bf16; then fp16, f32 output and tf32 at 4096^3 (tf32 also with B
     * transposed: both operands K-major, what the Hopper rungs' tf32 needs) */
    struct gemm_bench full[] = {GB(1024, 1024, 1024, 0, 0, 0, NULL), GB(4096, 4096, 4096, 0, 0, 0, NULL),
                                GB(8192, 8192, 8192, 0, 0, 0, NULL), GB(4096, 4096, 4096, 2, 0, 0, NULL),
                                GB(8192, 8192, 8192, 2, 0, 0, NULL), GB(4096, 4096, 4096, 1, 0, 0, NULL),
                                GB(4096, 4096, 4096, 4, 0, 0, NULL), GB(8192, 8192, 8192, 4, 0, 0, NULL),
                                GB(4096, 4096, 4096, 4, 0, 1, NULL), GB(8192, 8192, 8192, 4, 0, 1, NULL)};
    struct gemm_bench quick[] = {GB(1024, 1024, 1024, 0, 0, 0, NULL), GB(2048, 2048, 2048, 0, 0, 0, NULL)};
    /* the sweep (issue 16): small, odd, tall-skinny, short-wide, deep k, non-square, large squares, every
     * transpose combination; the type of --op (default bf16) */
    struct gemm_bench sweep[] = {
        GB(256, 256, 256, combo, 0, 0, "small"),           GB(512, 512, 512, combo, 0, 1, "small"),
        GB(1024, 1024, 1024, combo, 1, 0, "small"),        GB(128, 128, 4096, combo, 1, 1, "small m,n deep k"),
        GB(1000, 1000, 1000, combo, 0, 0, "odd"),          GB(4095, 4097, 4093, combo, 0, 1, "odd"),
        GB(2047, 3001, 1537, combo, 1, 1, "odd"),          GB(16384, 256, 4096, combo, 0, 0, "tall-skinny"),
        GB(256, 16384, 4096, combo, 1, 0, "short-wide"),   GB(8192, 128, 8192, combo, 0, 1, "tall-skinny"),
        GB(1024, 1024, 16384, combo, 0, 1, "deep-k"),      GB(512, 512, 32768, combo, 1, 0, "deep-k"),
        GB(2048, 8192, 1024, combo, 1, 1, "non-square"),   GB(8192, 2048, 4096, combo, 0, 1, "non-square"),
        GB(2048, 2048, 2048, combo, 0, 0, "square"),       GB(3072, 3072, 3072, combo, 1, 0, "square"),
        GB(4096, 4096, 4096, combo, 0, 0, "square"),       GB(4096, 4096, 4096, combo, 0, 1, "square"),
        GB(4096, 4096, 4096, combo, 1, 0, "square"),       GB(4096, 4096, 4096, combo, 1, 1, "square"),
        GB(6144, 6144, 6144, combo, 0, 0, "square"),       GB(8192, 8192, 8192, combo, 0, 0, "square")};
    const int ta = o->trans && o->trans[0] == 'T', tb = o->trans && o->trans[1] == 'T'; /* checked: gemm_check_args */
    struct gemm_bench given = GB(o->m > 0 ? o->m : 4096, o->n > 0 ? o->n : 4096, o->k > 0 ? o->k : 4096, combo, ta, tb, NULL);
#undef GB
    struct gemm_bench *cases = full;
    int ncases = (int)(sizeof full / sizeof full[0]), fails = 0;
    if (o->sweep) {
        cases = sweep, ncases = (int)(sizeof sweep / sizeof sweep[0]);
    } else if (o->m > 0 || o->n > 0 || o->k > 0 || op >= 0 || o->trans) {
        cases = &given, ncases = 1;
    } else if (o->quick) {
        cases = quick, ncases = 2;
    }
    for (int i = 0; i < ncases; i++) fails += gpt_bench_case(b, &hooks, &cases[i]);
    return fails;
}

/* --op: the type combination (bench: the one timed at --m/--n/--k or 4096^3) */
static const char *const gemm_ops[] = {"bf16", "bf16-f32", "f16", "f16-f32", "tf32", NULL};

static int gemm_check_args(const gpt_opts *o, char *why, size_t len)
{
    const char *t = o->trans;
    if (!t || ((t[0] == 'N' || t[0] == 'T') && (t[1] == 'N' || t[1] == 'T') && t[2] == '\0')) return 0;
    snprintf(why, len, "--trans takes NN, NT, TN or TT (op(A) then op(B); T: stored transposed), not '%s'", t);
    return 1;
}

const gpt_prim_cli gpt_gemm_cli = {"gemm", GP_PRIM_GEMM, gemm_ops, "bf16", 0, gemm_verify, gemm_bench, gemm_check_args};
