// hopper_gemm.cu — verification and timing harness for the Hopper gemm rungs 04-07 (src/gemm/hopper/0[4-7]_*.cu),
// linked directly against the rung files (no library build; see run.sh).
//
//   hopper_gemm [--small] [--verify-only] [--time-only] [--profile R|cublas bf16|f16|tf32 N]
//
// Verification: every rung x {bf16, f16, tf32} x {C f32, C in the input type} x the 4 transpose combinations
// x beta in {0 (C poisoned with NaN), 0.75} on small/odd/aligned shapes, each element against a CPU double
// reference on the same (rounded) inputs with the bound
//     |C - ref| <= k * 2^-23 * |alpha| * sum_p |a_ip||b_pj|  (+ rounding of a 16-bit C)
// (2^-23, not 2^-24: the tensor cores' f32 accumulation truncates instead of rounding to nearest); 4096^3 is
// spot-checked at 4096 sampled elements with the same bound. Every matrix is allocated exactly its span
// ((rows - 1) * ld + cols elements), C with ld > n and a sentinel between the rows that must survive; the
// cases a rung must refuse (unaligned ld, tf32 with an MN-major operand, rungs 06/07 with an unaligned C) must
// return GP_ERROR_NOT_SUPPORTED without touching C. tf32: two references, on the inputs truncated to tf32 and
// rounded to nearest (ties away); a case passes if every element is within the bound of one of them, and the
// log says which (the tensor core is expected to read the top 19 bits of each f32: truncation).
// Timing: bf16 and f16 (C in the input type, A and B as stored) at 4096^3 and 8192^3, tf32 (C f32, A stored
// m x k, B stored n x k) at 4096^3 and 8192^3; cublasLtMatmul with the same types, the best of up to 8
// heuristic algorithms (32 MiB workspace); CUDA events around each run, 5 warm-up runs, median of 20; each
// rung's output compared with cuBLAS's (relative Frobenius). Then a sweep of 20 bf16 shapes (small, odd,
// tall-skinny, deep-k, non-square, all four layouts): every rung, the automatic choice's ratio, geometric mean
// and worst case.
#include <cuda_runtime.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cublasLt.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gemm/hopper/hopper_internal.h"

#include "../exp_ck.h"
#define CKB(x)                                                                                                  \
    do {                                                                                                        \
        cublasStatus_t s_ = (x);                                                                                \
        if (s_ != CUBLAS_STATUS_SUCCESS) {                                                                      \
            fprintf(stderr, "cuBLAS error %d at %s:%d\n", (int)s_, __FILE__, __LINE__);                         \
            exit(2);                                                                                            \
        }                                                                                                       \
    } while (0)

/* A rung, or a configuration of one run through the experiment knobs (gp__gemm_h_knobs, set around the call),
 * or the automatic plan. `as` is the rung whose argument rule decides whether the case must be refused. */
typedef struct rung_t {
    int num;
    const char *name;  /* timing tables */
    const char *label; /* verification lines */
    gp_gemm_launcher fn;
    gp_gemm_h_knobs kn;
    int as;
} rung_t;
#define KN_NONE GP_GEMM_H_KNOBS_NONE
static const rung_t RUNGS[] = {
    {4, "04_tma_wgmma", "r04", gp__gemm_r04_tma_wgmma, KN_NONE, 4},
    {5, "05_warpspec", "r05", gp__gemm_r05_warpspec, KN_NONE, 5},
    {6, "06_persistent", "r06", gp__gemm_r06_persistent, KN_NONE, 6},
    {7, "07_cluster", "r07", gp__gemm_r07_cluster, KN_NONE, 7},
};
#define NRUNGS ((int)(sizeof RUNGS / sizeof RUNGS[0]))
static const rung_t AUTO = {0, "auto", "auto", gp__gemm_h_auto, KN_NONE, 4};
/* configurations verified besides each rung's own (every layout, type, C type, beta) */
static const rung_t VRUNGS[] = {
    {6, "06 k-split 3", "r06/sk3", gp__gemm_r06_persistent, {0, 0, -1, 3, 0, -1, 0}, 6},
    {6, "06 chunked s4 wait1", "r06/chunk", gp__gemm_r06_persistent, {0, 4, 0, 0, 0, -1, 2}, 6},
    {6, "06 whole s3", "r06/whole", gp__gemm_r06_persistent, {0, 3, 1, 0, 0, -1, 0}, 6},
    {7, "07 chunked s4", "r07/chunk", gp__gemm_r07_cluster, {0, 4, 0, 0, 0, -1, 0}, 7},
    {7, "07 no multicast", "r07/nomc", gp__gemm_r07_cluster, {0, 0, -1, 0, 0, 0, 0}, 7},
};
#define NVRUNGS ((int)(sizeof VRUNGS / sizeof VRUNGS[0]))

static gp_device_info g_dev;
static void *g_ws;          /* the workspace every call gets (the library's default size) */
static size_t g_ws_bytes = (size_t)32 << 20;

/* Runs r on a (its knobs set around the call). */
static gp_status run_rung(const rung_t *r, const gp_gemm_args *a)
{
    const gp_gemm_h_knobs none = KN_NONE;
    gp__gemm_h_knobs = r->kn;
    const gp_status st = r->fn(&g_dev, 0, a);
    gp__gemm_h_knobs = none;
    return st;
}

typedef enum { K_BF16 = 0, K_F16, K_TF32 } kind_t;
static const char *KNAME[] = {"bf16", "f16", "tf32"};
static gp_dtype kind_dtype(kind_t k) { return k == K_BF16 ? GP_DTYPE_BF16 : k == K_F16 ? GP_DTYPE_F16 : GP_DTYPE_F32; }
static size_t kind_esz(kind_t k) { return k == K_TF32 ? 4 : 2; }

static int g_fail = 0, g_pass = 0, g_skip = 0;

/* ---------------- host numerics ---------------- */
static uint64_t g_rng = 0x9e3779b97f4a7c15ull;
static uint64_t rng_next(void)
{
    g_rng ^= g_rng << 13;
    g_rng ^= g_rng >> 7;
    g_rng ^= g_rng << 17;
    return g_rng;
}
/* uniform in [-1, 1], never zero */
static float rnd(void)
{
    float v = (float)((double)(rng_next() >> 11) / 9007199254740992.0 * 2.0 - 1.0);
    return v == 0.0f ? 0.5f : v;
}
static float f_bits(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}
static uint32_t bits_f(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}
static float tf32_trunc(float x) { return f_bits(bits_f(x) & 0xFFFFE000u); }
static float tf32_rna(float x) { return f_bits((bits_f(x) + 0x1000u) & 0xFFFFE000u); }
static uint16_t to16(float x, kind_t k)
{
    if (k == K_BF16) {
        __nv_bfloat16 h = __float2bfloat16_rn(x);
        uint16_t u;
        memcpy(&u, (const void *)&h, 2);
        return u;
    }
    __half h = __float2half_rn(x);
    uint16_t u;
    memcpy(&u, (const void *)&h, 2);
    return u;
}
static float from16(uint16_t u, kind_t k)
{
    if (k == K_BF16) {
        __nv_bfloat16 h;
        memcpy((void *)&h, &u, 2);
        return __bfloat162float(h);
    }
    __half h;
    memcpy((void *)&h, &u, 2);
    return __half2float(h);
}
/* x as the input type stores it (f16/bf16 round to nearest even; tf32 inputs are f32 as stored) */
static float round_in(float x, kind_t k) { return k == K_TF32 ? x : from16(to16(x, k), k); }

/* ---------------- matrices ---------------- */
typedef struct mat_t {
    int64_t rows, cols, ld, span; /* span = (rows - 1) * ld + cols elements */
    int64_t alloc;                /* elements allocated: span + a guard (C only) that must stay untouched */
    size_t esz;
    float *h;                     /* host values (span, as rounded to the storage type) */
    void *d;                      /* device copy, exactly span elements */
} mat_t;

static int64_t round_up(int64_t a, int64_t b) { return (a + b - 1) / b * b; }

static void mat_alloc(mat_t *m, int64_t rows, int64_t cols, int64_t ld, size_t esz, int64_t guard)
{
    m->rows = rows;
    m->cols = cols;
    m->ld = ld;
    m->esz = esz;
    m->span = (rows - 1) * ld + cols;
    m->alloc = m->span + guard;
    m->h = (float *)calloc((size_t)m->alloc, sizeof(float));
    CK(cudaMalloc(&m->d, (size_t)m->alloc * esz));
}
static void mat_free(mat_t *m)
{
    free(m->h);
    CK(cudaFree(m->d));
    memset(m, 0, sizeof *m);
}
/* host values -> device in type k (f32 for tf32 / f32 C) */
static void mat_upload(mat_t *m, kind_t k, int as_f32)
{
    if (as_f32 || k == K_TF32) {
        CK(cudaMemcpy(m->d, m->h, (size_t)m->alloc * 4, cudaMemcpyHostToDevice));
        return;
    }
    uint16_t *t = (uint16_t *)malloc((size_t)m->alloc * 2);
    for (int64_t i = 0; i < m->alloc; ++i) t[i] = to16(m->h[i], k);
    CK(cudaMemcpy(m->d, t, (size_t)m->alloc * 2, cudaMemcpyHostToDevice));
    free(t);
}
static void mat_download(const mat_t *m, kind_t k, int as_f32, float *out)
{
    if (as_f32 || k == K_TF32) {
        CK(cudaMemcpy(out, m->d, (size_t)m->alloc * 4, cudaMemcpyDeviceToHost));
        return;
    }
    uint16_t *t = (uint16_t *)malloc((size_t)m->alloc * 2);
    CK(cudaMemcpy(t, m->d, (size_t)m->alloc * 2, cudaMemcpyDeviceToHost));
    for (int64_t i = 0; i < m->alloc; ++i) out[i] = from16(t[i], k);
    free(t);
}
/* random operand values, rounded to the storage type (tf32: f32 as stored) */
static void mat_fill_random(mat_t *m, kind_t k)
{
    for (int64_t i = 0; i < m->alloc; ++i) m->h[i] = round_in(rnd(), k);
}

/* ---------------- one problem ---------------- */
typedef struct prob_t {
    kind_t kind;
    int64_t m, n, k;
    int ta, tb;
    mat_t A, B;
    /* dense op(A) (m x k) and op(B) (k x n) as the tensor core sees them (tf32: truncated), double */
    double *opA, *opB;
    double *opA2, *opB2; /* tf32 only: the inputs rounded to nearest (cvt.rna) */
} prob_t;

static void prob_make(prob_t *p, kind_t kind, int64_t m, int64_t n, int64_t k, int ta, int tb, int64_t lda_pad,
                      int dense)
{
    memset(p, 0, sizeof *p);
    p->kind = kind;
    p->m = m;
    p->n = n;
    p->k = k;
    p->ta = ta;
    p->tb = tb;
    const size_t es = kind_esz(kind);
    const int64_t al = 16 / (int64_t)es;
    const int64_t ar = ta ? k : m, ac = ta ? m : k, br = tb ? n : k, bc = tb ? k : n;
    mat_alloc(&p->A, ar, ac, lda_pad < 0 ? ac + 1 : round_up(ac, al) + lda_pad, es, 0); /* lda_pad < 0: unaligned */
    mat_alloc(&p->B, br, bc, lda_pad < 0 ? bc + 1 : round_up(bc, al) + lda_pad, es, 0);
    mat_fill_random(&p->A, kind);
    mat_fill_random(&p->B, kind);
    mat_upload(&p->A, kind, 0);
    mat_upload(&p->B, kind, 0);
    if (!dense) return;
    p->opA = (double *)malloc(sizeof(double) * (size_t)(m * k));
    p->opB = (double *)malloc(sizeof(double) * (size_t)(k * n));
    for (int64_t i = 0; i < m; ++i)
        for (int64_t q = 0; q < k; ++q) {
            float v = ta ? p->A.h[q * p->A.ld + i] : p->A.h[i * p->A.ld + q];
            p->opA[i * k + q] = kind == K_TF32 ? tf32_trunc(v) : v;
        }
    for (int64_t q = 0; q < k; ++q)
        for (int64_t j = 0; j < n; ++j) {
            float v = tb ? p->B.h[j * p->B.ld + q] : p->B.h[q * p->B.ld + j];
            p->opB[q * n + j] = kind == K_TF32 ? tf32_trunc(v) : v;
        }
    if (kind != K_TF32) return;
    p->opA2 = (double *)malloc(sizeof(double) * (size_t)(m * k));
    p->opB2 = (double *)malloc(sizeof(double) * (size_t)(k * n));
    for (int64_t i = 0; i < m; ++i)
        for (int64_t q = 0; q < k; ++q) p->opA2[i * k + q] = tf32_rna(ta ? p->A.h[q * p->A.ld + i] : p->A.h[i * p->A.ld + q]);
    for (int64_t q = 0; q < k; ++q)
        for (int64_t j = 0; j < n; ++j) p->opB2[q * n + j] = tf32_rna(tb ? p->B.h[j * p->B.ld + q] : p->B.h[q * p->B.ld + j]);
}
static void prob_free(prob_t *p)
{
    mat_free(&p->A);
    mat_free(&p->B);
    free(p->opA);
    free(p->opB);
    free(p->opA2);
    free(p->opB2);
}
static float opA_raw(const prob_t *p, int64_t i, int64_t q) { return p->ta ? p->A.h[q * p->A.ld + i] : p->A.h[i * p->A.ld + q]; }
static float opB_raw(const prob_t *p, int64_t q, int64_t j) { return p->tb ? p->B.h[j * p->B.ld + q] : p->B.h[q * p->B.ld + j]; }

/* Full reference: P = op(A) op(B) and S = |op(A)| |op(B)| (double, OpenMP over rows). */
static void reference(const prob_t *p, double *P, double *S, int rna)
{
    const int64_t m = p->m, n = p->n, k = p->k;
    const double *opA = rna ? p->opA2 : p->opA, *opB = rna ? p->opB2 : p->opB;
#pragma omp parallel for schedule(dynamic, 4)
    for (int64_t i = 0; i < m; ++i) {
        double *pr = P + i * n, *sr = S + i * n;
        for (int64_t j = 0; j < n; ++j) pr[j] = sr[j] = 0.0;
        for (int64_t q = 0; q < k; ++q) {
            const double a = opA[i * k + q], aa = fabs(a);
            const double *br = opB + q * n;
            for (int64_t j = 0; j < n; ++j) {
                pr[j] += a * br[j];
                sr[j] += aa * fabs(br[j]);
            }
        }
    }
}
/* One element (sampled checks); tf32: inputs truncated (rna == 0) or rounded to nearest (rna == 1) */
static void ref_one(const prob_t *p, int64_t i, int64_t j, double *P, double *S, int rna)
{
    double s = 0, a = 0;
    for (int64_t q = 0; q < p->k; ++q) {
        double x = opA_raw(p, i, q), y = opB_raw(p, q, j);
        if (p->kind == K_TF32) {
            x = rna ? tf32_rna((float)x) : tf32_trunc((float)x);
            y = rna ? tf32_rna((float)y) : tf32_trunc((float)y);
        }
        s += x * y;
        a += fabs(x * y);
    }
    *P = s;
    *S = a;
}

static gp_gemm_args make_args(const prob_t *p, const mat_t *C, kind_t kind, int c_f32, float alpha, float beta)
{
    gp_gemm_args a;
    memset(&a, 0, sizeof a);
    a.m = p->m;
    a.n = p->n;
    a.k = p->k;
    a.A = p->A.d;
    a.B = p->B.d;
    a.C = C->d;
    a.lda = p->A.ld;
    a.ldb = p->B.ld;
    a.ldc = C->ld;
    a.alpha = alpha;
    a.beta = beta;
    a.ta = p->ta;
    a.tb = p->tb;
    a.ab_type = kind_dtype(kind);
    a.c_type = c_f32 ? GP_DTYPE_F32 : kind_dtype(kind);
    a.compute = kind == K_TF32 ? GP_COMPUTE_TF32 : GP_COMPUTE_F32;
    const size_t es = kind_esz(kind), ces = c_f32 ? 4 : 2;
    a.vec_a = gp__gemm_vec_ok(a.A, a.lda, es);
    a.vec_b = gp__gemm_vec_ok(a.B, a.ldb, es);
    a.vec_c = gp__gemm_vec_ok(a.C, a.ldc, ces);
    a.ws = g_ws;
    a.ws_bytes = g_ws_bytes;
    return a;
}

/* Would this rung take the problem? (what the harness expects: the same rule as gemm_internal.h) */
static int expect_supported(int rung, const gp_gemm_args *a)
{
    if (a->k == 0) return 1;
    if (!a->vec_a || !a->vec_b) return 0;
    if (a->compute == GP_COMPUTE_TF32 && (a->ta != 0 || a->tb != 1)) return 0;
    if (rung >= 6 && !a->vec_c) return 0;
    return 1;
}

#define SENTINEL 1234.5f
#define C_GUARD 64 /* elements after C's last one that must stay untouched */

/* A forced split-k configuration whose partials do not fit in the workspace is not run (the rule never picks
 * one; forced, the rung returns GP_ERROR_WORKSPACE_TOO_SMALL). */
static int skip_case(const rung_t *r, const gp_gemm_args *a)
{
    if (r->kn.splits <= 0 || a->k == 0) return 0;
    const int64_t tiles = (a->m + 127) / 128 * ((a->n + 255) / 256);
    return (size_t)(tiles * r->kn.splits) * 128 * 256 * 4 > a->ws_bytes;
}

/* Runs one rung on one problem with one C type and beta; checks every element (P, S given) or `nsamp`
 * sampled elements (P == NULL). Returns 1 on pass. */
static int check_case(const rung_t *r, const prob_t *p, int c_f32, float alpha, float beta, const double *P,
                      const double *S, const double *P2, const double *S2, int nsamp, int ldc_pad)
{
    const kind_t kind = p->kind;
    const int64_t m = p->m, n = p->n, k = p->k;
    const size_t ces = c_f32 ? 4 : 2;
    const int64_t cal = 16 / (int64_t)ces;
    mat_t C;
    mat_alloc(&C, m, n, ldc_pad < 0 ? n + 1 : round_up(n + 1, cal) + ldc_pad, ces, C_GUARD);
    /* window: NaN (beta == 0) or random values; between rows and in the guard after the last: sentinel */
    for (int64_t i = 0; i < C.alloc; ++i) {
        const int64_t j = i % C.ld;
        C.h[i] = i >= C.span || j >= n ? SENTINEL : beta == 0.0f ? NAN : rnd();
    }
    if (!c_f32) /* what the 16-bit C holds */
        for (int64_t i = 0; i < C.alloc; ++i) C.h[i] = isnan(C.h[i]) ? C.h[i] : round_in(C.h[i], kind);
    mat_upload(&C, kind, c_f32);
    gp_gemm_args a = make_args(p, &C, kind, c_f32, alpha, beta);
    if (skip_case(r, &a)) {
        mat_free(&C);
        return 1;
    }
    const int want = expect_supported(r->as, &a);
    gp_status st = run_rung(r, &a);
    cudaError_t ce = cudaDeviceSynchronize();
    float *out = (float *)malloc(sizeof(float) * (size_t)C.alloc);
    char tag[256];
    char plan[64] = "";
    if (r->fn == gp__gemm_h_auto) {
        const gp_gemm_h_plan pl = gp__gemm_h_pick(&g_dev, &a);
        gp__gemm_h_plan_name(&pl, plan + 2, sizeof plan - 2);
        plan[0] = ' ';
        plan[1] = '[';
        strcat(plan, "]");
    }
    snprintf(tag, sizeof tag, "%-9s %-4s C=%-4s ta=%d tb=%d %5lldx%5lldx%5lld lda=%lld ldb=%lld ldc=%lld beta=%.2f%s",
             r->label, KNAME[kind], c_f32 ? "f32" : KNAME[kind], p->ta, p->tb, (long long)m, (long long)n,
             (long long)k, (long long)p->A.ld, (long long)p->B.ld, (long long)C.ld, beta, plan);
    int ok = 1;
    if (ce != cudaSuccess) {
        printf("FAIL %s: CUDA error %s\n", tag, cudaGetErrorString(ce));
        exit(3); /* a sticky error: nothing after it can run */
    }
    mat_download(&C, kind, c_f32, out);
    if (!want) {
        int untouched = 1;
        for (int64_t i = 0; i < C.alloc; ++i)
            if (memcmp(&out[i], &C.h[i], 4) != 0 && !(isnan(out[i]) && isnan(C.h[i]))) untouched = 0;
        ok = st == GP_ERROR_NOT_SUPPORTED && untouched;
        printf("%s %s: expected NOT_SUPPORTED, got %s%s\n", ok ? "pass" : "FAIL", tag, gp_status_string(st),
               untouched ? "" : " and C was written");
        ++g_skip;
        if (!ok) ++g_fail;
        free(out);
        mat_free(&C);
        return ok;
    }
    if (st != GP_SUCCESS) {
        printf("FAIL %s: status %s\n", tag, gp_status_string(st));
        ++g_fail;
        free(out);
        mat_free(&C);
        return 0;
    }
    const double c16_rel = c_f32 ? 0.0 : (kind == K_F16 ? ldexp(1.0, -11) : ldexp(1.0, -8));
    /* reference 0: inputs as the tensor core reads them (tf32: truncated); reference 1 (tf32 only): rounded */
    const int nref = kind == K_TF32 ? 2 : 1;
    double worst[2] = {0, 0}, worst_err[2] = {0, 0};
    int64_t bad[2] = {0, 0}, wi[2] = {0, 0}, wj[2] = {0, 0}, outside = 0;
    const int64_t count = P ? m * n : nsamp;
    for (int64_t t = 0; t < count; ++t) {
        int64_t i, j;
        if (P) {
            i = t / n;
            j = t % n;
        } else if (t < 4) {
            i = (t & 1) ? m - 1 : 0;
            j = (t & 2) ? n - 1 : 0;
        } else {
            i = (int64_t)(rng_next() % (uint64_t)m);
            j = (int64_t)(rng_next() % (uint64_t)n);
        }
        const double got = out[i * C.ld + j];
        const double c0 = beta != 0.0f ? C.h[i * C.ld + j] : 0.0;
        for (int rf = 0; rf < nref; ++rf) {
            double pv, sv;
            if (P) {
                pv = (rf ? P2 : P)[t];
                sv = (rf ? S2 : S)[t];
            } else ref_one(p, i, j, &pv, &sv, rf);
            const double want_v = (double)alpha * pv + (double)beta * c0;
            const double bound = (double)k * ldexp(1.0, -23) * fabs(alpha) * sv + ldexp(1.0, -22) * fabs(want_v) +
                                 c16_rel * fabs(want_v) + 1e-30;
            const double err = fabs(got - want_v);
            const double ratio = isnan(err) ? INFINITY : err / bound;
            if (!(ratio <= 1.0)) ++bad[rf];
            if (!(ratio <= worst[rf])) {
                worst[rf] = ratio;
                worst_err[rf] = err;
                wi[rf] = i;
                wj[rf] = j;
            }
        }
    }
    for (int64_t i = 0; i < C.alloc; ++i)
        if ((i >= C.span || (i % C.ld) >= n) && memcmp(&out[i], &C.h[i], 4) != 0) ++outside;
    const int rf = nref == 2 && bad[1] < bad[0] ? 1 : 0; /* the reference that fits */
    ok = bad[rf] == 0 && outside == 0;
    printf("%s %s: %s max err/bound %.3g (err %.3g at %lld,%lld)%s", ok ? "pass" : "FAIL", tag,
           P ? "all" : "sampled", worst[rf], worst_err[rf], (long long)wi[rf], (long long)wj[rf],
           outside ? " WROTE OUTSIDE C" : "");
    if (bad[rf]) printf(" %lld bad", (long long)bad[rf]);
    if (nref == 2)
        printf(" [tf32 inputs %s; vs truncated: max %.3g, %lld bad; vs rounded: max %.3g, %lld bad]",
               rf ? "ROUNDED" : "truncated", worst[0], (long long)bad[0], worst[1], (long long)bad[1]);
    printf("\n");
    if (ok) ++g_pass;
    else ++g_fail;
    free(out);
    mat_free(&C);
    return ok;
}

typedef struct shape_t {
    int64_t m, n, k;
    int ld_pad; /* extra elements per row beyond the 16-byte-aligned minimum; -1: ld = cols + 1 (unaligned) */
    int small;  /* part of the SMALL (sanitizer) set */
} shape_t;

/* Every case verified: the four rungs, the knob configurations of VRUNGS (the small set, run under the
 * sanitizers: only rung 06's split-k, chunked and whole-tile epilogues, the paths the rungs' defaults do not
 * take), and the
 * automatic plan. */
static int verify_list(const rung_t **out, int small)
{
    int c = 0;
    for (int i = 0; i < NRUNGS; ++i) out[c++] = &RUNGS[i];
    for (int i = 0; i < (small ? 3 : NVRUNGS); ++i) out[c++] = &VRUNGS[i];
    out[c++] = &AUTO;
    return c;
}

static void verify(int small)
{
    static const shape_t shapes[] = {
        {128, 256, 64, 0, 1},    /* one 128x256 tile, one k-block */
        {127, 129, 136, 8, 1},   /* odd m, n (n * elem not a multiple of 16: C's last columns stored directly);
                                    k-block tail; padded aligned lds */
        {257, 384, 40, 0, 1},    /* k below one k-block; m tail of one row */
        {64, 72, 8, 0, 1},       /* tiny k (tf32: 8 = 1/4 k-block) */
        {200, 6, 72, 8, 1},      /* n = 6: 16-bit C has no whole 16 bytes in a row (no TMA store at all) */
        {256, 259, 1000, 8, 1},  /* the rule splits k (4 tiles: split-k 4, tf32 8) + ragged n */
        {33, 65, 200, -1, 1},    /* unaligned lds: every rung must refuse */
        {1000, 1000, 1000, 0, 0},
        {2304, 2304, 128, 0, 0}, /* 162 tiles of 128x256: rung 06 loops over tiles */
    };
    const int nshapes = (int)(sizeof shapes / sizeof shapes[0]);
    const rung_t *all[NRUNGS + NVRUNGS + 1];
    const int nall = verify_list(all, small);
    for (int kd = 0; kd < 3; ++kd) {
        const kind_t kind = (kind_t)kd;
        for (int si = 0; si < nshapes; ++si) {
            const shape_t *sh = &shapes[si];
            if (small && !sh->small) continue;
            for (int t = 0; t < 4; ++t) {
                const int ta = t >> 1, tb = t & 1;
                const int supported_layout = kind != K_TF32 || (ta == 0 && tb == 1);
                const int dense = supported_layout && sh->ld_pad >= 0;
                prob_t p;
                prob_make(&p, kind, sh->m, sh->n, sh->k, ta, tb, sh->ld_pad, dense);
                double *P = NULL, *S = NULL, *P2 = NULL, *S2 = NULL;
                if (dense) {
                    P = (double *)malloc(sizeof(double) * (size_t)(p.m * p.n));
                    S = (double *)malloc(sizeof(double) * (size_t)(p.m * p.n));
                    reference(&p, P, S, 0);
                    if (kind == K_TF32) {
                        P2 = (double *)malloc(sizeof(double) * (size_t)(p.m * p.n));
                        S2 = (double *)malloc(sizeof(double) * (size_t)(p.m * p.n));
                        reference(&p, P2, S2, 1);
                    }
                }
                for (int ri = 0; ri < nall; ++ri)
                    for (int cf = 1; cf >= (kind == K_TF32 ? 1 : 0); --cf)
                        for (int b = 0; b < 2; ++b) {
                            if (!dense && b) continue;
                            check_case(all[ri], &p, cf, b ? -1.25f : 1.0f, b ? 0.75f : 0.0f, P, S, P2, S2, 0, 0);
                        }
                free(P);
                free(S);
                free(P2);
                free(S2);
                prob_free(&p);
            }
        }
    }
    /* rungs 06/07 with an unaligned C (ldc = n + 1) must refuse; rungs 04/05 and the automatic plan take it */
    {
        prob_t p;
        prob_make(&p, K_BF16, 96, 80, 64, 0, 0, 0, 1);
        double *P = (double *)malloc(sizeof(double) * 96 * 80), *S = (double *)malloc(sizeof(double) * 96 * 80);
        reference(&p, P, S, 0);
        for (int ri = 0; ri < nall; ++ri)
            for (int cf = 1; cf >= 0; --cf) check_case(all[ri], &p, cf, 1.0f, 0.5f, P, S, NULL, NULL, 0, -1);
        free(P);
        free(S);
        /* k == 0 (alpha == 0 is passed as k == 0): C = beta * C, A and B not read */
        prob_t z = p;
        z.k = 0;
        double *Z = (double *)calloc(96 * 80, sizeof(double));
        for (int ri = 0; ri < nall; ++ri)
            for (int cf = 1; cf >= 0; --cf) {
                check_case(all[ri], &z, cf, 1.0f, 0.0f, Z, Z, NULL, NULL, 0, 0);
                check_case(all[ri], &z, cf, 1.0f, -2.0f, Z, Z, NULL, NULL, 0, 0);
            }
        free(Z);
        prob_free(&p);
    }
    if (small) return;
    /* 4096^3, sampled */
    for (int kd = 0; kd < 3; ++kd) {
        const kind_t kind = (kind_t)kd;
        for (int t = 0; t < 4; ++t) {
            const int ta = t >> 1, tb = t & 1;
            if (kind == K_TF32 && !(ta == 0 && tb == 1)) continue;
            prob_t p;
            prob_make(&p, kind, 4096, 4096, 4096, ta, tb, 0, 0);
            for (int ri = 0; ri < nall; ++ri)
                for (int cf = 1; cf >= (kind == K_TF32 ? 1 : 0); --cf)
                    check_case(all[ri], &p, cf, 1.0f, 0.0f, NULL, NULL, NULL, NULL, 4096, 0);
            prob_free(&p);
        }
    }
    /* the rule's data-parallel + split-k tail (144 tiles: 132 whole, 12 split in 2) and a ragged n, sampled */
    for (int kd = 0; kd < 3; kd += 2) {
        const kind_t kind = (kind_t)kd;
        prob_t p;
        prob_make(&p, kind, 1536, 3000, 512, 0, 1, 0, 0);
        for (int ri = 0; ri < nall; ++ri) check_case(all[ri], &p, 1, 1.0f, 0.0f, NULL, NULL, NULL, NULL, 4096, 0);
        if (kind != K_TF32) check_case(&AUTO, &p, 0, -1.0f, 0.0f, NULL, NULL, NULL, NULL, 4096, 0);
        prob_free(&p);
    }
}

/* ---------------- timing ---------------- */
typedef struct lt_t {
    cublasLtHandle_t h;
    void *ws;
    size_t ws_bytes;
} lt_t;

static cudaDataType_t cuda_type(gp_dtype t)
{
    return t == GP_DTYPE_F32 ? CUDA_R_32F : t == GP_DTYPE_F16 ? CUDA_R_16F : CUDA_R_16BF;
}

/* cublasLt plan for the row-major problem in `a`, seen column-major as C^T = op(B)^T op(A)^T. */
typedef struct lt_plan_t {
    cublasLtMatmulDesc_t op;
    cublasLtMatrixLayout_t la, lb, lc;
    cublasLtMatmulHeuristicResult_t res[8];
    int nres;
} lt_plan_t;

static void lt_plan(lt_t *lt, const gp_gemm_args *a, lt_plan_t *pl)
{
    const cublasComputeType_t ct = a->compute == GP_COMPUTE_TF32 ? CUBLAS_COMPUTE_32F_FAST_TF32 : CUBLAS_COMPUTE_32F;
    CKB(cublasLtMatmulDescCreate(&pl->op, ct, CUDA_R_32F));
    const cublasOperation_t opB = a->tb ? CUBLAS_OP_T : CUBLAS_OP_N, opA = a->ta ? CUBLAS_OP_T : CUBLAS_OP_N;
    /* cuBLAS's first operand is our B, its second our A */
    CKB(cublasLtMatmulDescSetAttribute(pl->op, CUBLASLT_MATMUL_DESC_TRANSA, &opB, sizeof opB));
    CKB(cublasLtMatmulDescSetAttribute(pl->op, CUBLASLT_MATMUL_DESC_TRANSB, &opA, sizeof opA));
    const cudaDataType_t ab = cuda_type(a->ab_type), cc = cuda_type(a->c_type);
    /* column-major views: B stored (tb ? n x k : k x n) row-major = (tb ? k x n : n x k) column-major */
    CKB(cublasLtMatrixLayoutCreate(&pl->la, ab, a->tb ? a->k : a->n, a->tb ? a->n : a->k, a->ldb));
    CKB(cublasLtMatrixLayoutCreate(&pl->lb, ab, a->ta ? a->m : a->k, a->ta ? a->k : a->m, a->lda));
    CKB(cublasLtMatrixLayoutCreate(&pl->lc, cc, a->n, a->m, a->ldc));
    cublasLtMatmulPreference_t pref;
    CKB(cublasLtMatmulPreferenceCreate(&pref));
    CKB(cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &lt->ws_bytes,
                                             sizeof lt->ws_bytes));
    pl->nres = 0;
    CKB(cublasLtMatmulAlgoGetHeuristic(lt->h, pl->op, pl->la, pl->lb, pl->lc, pl->lc, pref, 8, pl->res, &pl->nres));
    cublasLtMatmulPreferenceDestroy(pref);
}
static void lt_run(lt_t *lt, const gp_gemm_args *a, lt_plan_t *pl, int algo, cudaStream_t s)
{
    CKB(cublasLtMatmul(lt->h, pl->op, &a->alpha, a->B, pl->la, a->A, pl->lb, &a->beta, a->C, pl->lc, a->C, pl->lc,
                       &pl->res[algo].algo, lt->ws, lt->ws_bytes, s));
}
static void lt_plan_free(lt_plan_t *pl)
{
    cublasLtMatrixLayoutDestroy(pl->la);
    cublasLtMatrixLayoutDestroy(pl->lb);
    cublasLtMatrixLayoutDestroy(pl->lc);
    cublasLtMatmulDescDestroy(pl->op);
}

static int cmp_f(const void *x, const void *y)
{
    float a = *(const float *)x, b = *(const float *)y;
    return a < b ? -1 : a > b;
}

/* cuBLASLt's algorithm configuration enums (cublasLt.h), for the algorithm line of the timing table. Its C is
 * our C transposed: its tile "RxC" is R of our n by C of our m. */
static const char *const LT_TILE[] = {"-", "8x8", "8x16", "16x8", "8x32", "16x16", "32x8", "8x64", "16x32", "32x16", "64x8", "32x32", "32x64", "64x32", "32x128", "64x64", "128x32", "64x128", "128x64", "64x256", "128x128", "256x64", "64x512", "128x256", "256x128", "512x64", "64x96", "96x64", "96x128", "128x160", "160x128", "192x128", "128x192", "128x96", "32x256", "256x32", "8x128", "8x192", "8x256", "8x320", "8x384"};
static const char *const LT_STAGES[] = {"-", "16x1", "16x2", "16x3", "16x4", "16x5", "16x6", "32x1", "32x2", "32x3", "32x4", "32x5", "32x6", "64x1", "64x2", "64x3", "64x4", "64x5", "64x6", "128x1", "128x2", "128x3", "128x4", "128x5", "128x6", "32x10", "8x4", "16x10", "8x5", "?", "?", "8x3", "8xAUTO", "16xAUTO", "32xAUTO", "64xAUTO", "128xAUTO", "256xAUTO", "768xAUTO"};
static const char *const LT_CLUSTER[] = {"AUTO", "?", "1x1x1", "2x1x1", "4x1x1", "1x2x1", "2x2x1", "4x2x1", "1x4x1", "2x4x1", "4x4x1", "8x1x1", "1x8x1", "8x2x1", "2x8x1", "16x1x1", "1x16x1", "3x1x1", "5x1x1", "6x1x1", "7x1x1", "9x1x1", "10x1x1", "11x1x1", "12x1x1", "13x1x1", "14x1x1", "15x1x1", "3x2x1", "5x2x1", "6x2x1", "7x2x1", "1x3x1", "2x3x1", "3x3x1", "4x3x1", "5x3x1", "3x4x1", "1x5x1", "2x5x1", "3x5x1", "1x6x1", "2x6x1", "1x7x1", "2x7x1", "1x9x1", "1x10x1", "1x11x1", "1x12x1", "1x13x1", "1x14x1", "1x15x1"};
#define LT_NAME(T, i) ((i) >= 0 && (size_t)(i) < sizeof T / sizeof T[0] ? T[i] : "?")
static void lt_algo_desc(const lt_plan_t *pl, int i, char *buf, size_t len)
{
    int id = -1, tile = -1, stages = -1, splitk = -1, swz = -1, cluster = -1;
    size_t w = 0;
    const cublasLtMatmulAlgo_t *al = &pl->res[i].algo;
    cublasLtMatmulAlgoConfigGetAttribute(al, CUBLASLT_ALGO_CONFIG_ID, &id, sizeof id, &w);
    cublasLtMatmulAlgoConfigGetAttribute(al, CUBLASLT_ALGO_CONFIG_TILE_ID, &tile, sizeof tile, &w);
    cublasLtMatmulAlgoConfigGetAttribute(al, CUBLASLT_ALGO_CONFIG_STAGES_ID, &stages, sizeof stages, &w);
    cublasLtMatmulAlgoConfigGetAttribute(al, CUBLASLT_ALGO_CONFIG_SPLITK_NUM, &splitk, sizeof splitk, &w);
    cublasLtMatmulAlgoConfigGetAttribute(al, CUBLASLT_ALGO_CONFIG_CTA_SWIZZLING, &swz, sizeof swz, &w);
    cublasLtMatmulAlgoConfigGetAttribute(al, CUBLASLT_ALGO_CONFIG_CLUSTER_SHAPE_ID, &cluster, sizeof cluster, &w);
    snprintf(buf, len, "algo %d tile %s stages %s cluster %s splitk %d swizzle %d wave %.2f", id, LT_NAME(LT_TILE, tile),
             LT_NAME(LT_STAGES, stages), LT_NAME(LT_CLUSTER, cluster), splitk, swz, pl->res[i].wavesCount);
}

#define WARM 5
#define REPS 20
/* median ms of REPS runs of rung r (r == NULL: cuBLAS algorithm `algo`); -1 if r refuses */
static float time_one(const rung_t *r, const gp_gemm_args *a, lt_t *lt, lt_plan_t *pl, int algo)
{
    cudaEvent_t ev[REPS + 1];
    for (int i = 0; i < WARM; ++i) {
        if (r) {
            gp_status st = run_rung(r, a);
            if (st != GP_SUCCESS) {
                printf("  %s: %s\n", r->name, gp_status_string(st));
                return -1.0f;
            }
        } else lt_run(lt, a, pl, algo, 0);
    }
    for (int i = 0; i <= REPS; ++i) CK(cudaEventCreate(&ev[i]));
    CK(cudaEventRecord(ev[0], 0));
    for (int i = 0; i < REPS; ++i) {
        if (r) run_rung(r, a);
        else lt_run(lt, a, pl, algo, 0);
        CK(cudaEventRecord(ev[i + 1], 0));
    }
    CK(cudaEventSynchronize(ev[REPS]));
    CK(cudaGetLastError());
    float t[REPS];
    for (int i = 0; i < REPS; ++i) CK(cudaEventElapsedTime(&t[i], ev[i], ev[i + 1]));
    for (int i = 0; i <= REPS; ++i) cudaEventDestroy(ev[i]);
    qsort(t, REPS, sizeof(float), cmp_f);
    return 0.5f * (t[REPS / 2 - 1] + t[REPS / 2]);
}

/* relative Frobenius distance between two device matrices of the same type (small kernel) */
__global__ void frob_kernel(const void *x, const void *y, int64_t total, int c_f32, int bf, double *acc)
{
    double d = 0, s = 0;
    for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < total; i += (int64_t)gridDim.x * blockDim.x) {
        float a, b;
        if (c_f32) {
            a = ((const float *)x)[i];
            b = ((const float *)y)[i];
        } else if (bf) {
            a = __bfloat162float(((const __nv_bfloat16 *)x)[i]);
            b = __bfloat162float(((const __nv_bfloat16 *)y)[i]);
        } else {
            a = __half2float(((const __half *)x)[i]);
            b = __half2float(((const __half *)y)[i]);
        }
        d += (double)(a - b) * (a - b);
        s += (double)b * b;
    }
    atomicAdd(&acc[0], d);
    atomicAdd(&acc[1], s);
}
static double rel_frob(const void *x, const void *y, int64_t total, const gp_gemm_args *a)
{
    double *acc, h[2];
    CK(cudaMalloc(&acc, 2 * sizeof(double)));
    CK(cudaMemset(acc, 0, 2 * sizeof(double)));
    frob_kernel<<<264, 256>>>(x, y, total, a->c_type == GP_DTYPE_F32, a->c_type == GP_DTYPE_BF16, acc);
    CK(cudaMemcpy(h, acc, sizeof h, cudaMemcpyDeviceToHost));
    CK(cudaFree(acc));
    return sqrt(h[0] / (h[1] > 0 ? h[1] : 1));
}

__global__ void fill_kernel(void *p, int64_t n, int kind, uint64_t seed)
{
    for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x) {
        uint64_t z = (uint64_t)i * 0x9E3779B97F4A7C15ull + seed;
        z ^= z >> 31;
        z *= 0xBF58476D1CE4E5B9ull;
        z ^= z >> 29;
        float v = (float)((double)(z >> 11) / 9007199254740992.0 * 2.0 - 1.0);
        if (v == 0.0f) v = 0.5f;
        if (kind == K_BF16) ((__nv_bfloat16 *)p)[i] = __float2bfloat16_rn(v);
        else if (kind == K_F16) ((__half *)p)[i] = __float2half_rn(v);
        else ((float *)p)[i] = v;
    }
}

/* One timing problem: random operands, ld = the row length rounded up to 16 bytes, beta = 0; C in the input
 * type (tf32: f32). cuBLASLt's best algorithm's output is the reference every rung is compared with (relative
 * Frobenius distance, counted as a failure above 1e-2). */
typedef struct tprob_t {
    kind_t kind;
    gp_gemm_args a;
    void *A, *B, *C, *Cref;
    int64_t sc;    /* C span (elements) */
    size_t ces;
    lt_plan_t pl;
    int best_algo; /* -1: cuBLAS has none */
    float best_ms;
    char algo[160];
} tprob_t;

static void tprob_make(tprob_t *t, lt_t *lt, kind_t kind, int64_t m, int64_t n, int64_t k, int ta, int tb)
{
    memset(t, 0, sizeof *t);
    t->kind = kind;
    const size_t es = kind_esz(kind), ces = kind == K_TF32 ? 4 : es;
    const int64_t al = 16 / (int64_t)es, cal = 16 / (int64_t)ces;
    const int64_t ar = ta ? k : m, ac = ta ? m : k, br = tb ? n : k, bc = tb ? k : n;
    const int64_t lda = round_up(ac, al), ldb = round_up(bc, al), ldc = round_up(n, cal);
    const int64_t sa = (ar - 1) * lda + ac, sb = (br - 1) * ldb + bc;
    t->sc = (m - 1) * ldc + n;
    t->ces = ces;
    CK(cudaMalloc(&t->A, (size_t)sa * es));
    CK(cudaMalloc(&t->B, (size_t)sb * es));
    CK(cudaMalloc(&t->C, (size_t)t->sc * ces));
    CK(cudaMalloc(&t->Cref, (size_t)t->sc * ces));
    fill_kernel<<<1024, 256>>>(t->A, sa, kind, 1);
    fill_kernel<<<1024, 256>>>(t->B, sb, kind, 2);
    CK(cudaMemset(t->Cref, 0, (size_t)t->sc * ces));
    CK(cudaDeviceSynchronize());
    gp_gemm_args *a = &t->a;
    a->m = m;
    a->n = n;
    a->k = k;
    a->A = t->A;
    a->B = t->B;
    a->C = t->Cref;
    a->lda = lda;
    a->ldb = ldb;
    a->ldc = ldc;
    a->alpha = 1.0f;
    a->beta = 0.0f;
    a->ta = ta;
    a->tb = tb;
    a->ab_type = kind_dtype(kind);
    a->c_type = kind == K_TF32 ? GP_DTYPE_F32 : kind_dtype(kind);
    a->compute = kind == K_TF32 ? GP_COMPUTE_TF32 : GP_COMPUTE_F32;
    a->vec_a = a->vec_b = a->vec_c = 1;
    a->ws = g_ws;
    a->ws_bytes = g_ws_bytes;
    lt_plan(lt, a, &t->pl);
    t->best_ms = 1e30f;
    t->best_algo = -1;
    for (int i = 0; i < t->pl.nres; ++i) {
        float ms = time_one(NULL, a, lt, &t->pl, i);
        if (ms > 0 && ms < t->best_ms) {
            t->best_ms = ms;
            t->best_algo = i;
        }
    }
    if (t->best_algo >= 0) {
        lt_run(lt, a, &t->pl, t->best_algo, 0); /* reference output */
        lt_algo_desc(&t->pl, t->best_algo, t->algo, sizeof t->algo);
    } else t->best_ms = -1.0f;
    CK(cudaDeviceSynchronize());
    a->C = t->C;
}
/* cuBLAS's best algorithm again (drift check) */
static float tprob_cublas_again(tprob_t *t, lt_t *lt)
{
    if (t->best_algo < 0) return -1.0f;
    gp_gemm_args a = t->a;
    a.C = t->Cref;
    return time_one(NULL, &a, lt, &t->pl, t->best_algo);
}
/* ms of r (-1: refused); *fr: relative Frobenius distance of its output from cuBLAS's */
static float tprob_time(tprob_t *t, const rung_t *r, double *fr)
{
    CK(cudaMemset(t->C, 0, (size_t)t->sc * t->ces));
    const float ms = time_one(r, &t->a, NULL, NULL, 0);
    *fr = 0;
    if (ms <= 0) return ms;
    *fr = rel_frob(t->C, t->Cref, t->sc, &t->a); /* rows ldc apart in both; the padding is zero in both */
    if (*fr >= 1e-2) ++g_fail;
    return ms;
}
static void tprob_free(tprob_t *t)
{
    lt_plan_free(&t->pl);
    CK(cudaFree(t->A));
    CK(cudaFree(t->B));
    CK(cudaFree(t->C));
    CK(cudaFree(t->Cref));
}

static void timing(lt_t *lt)
{
    struct { kind_t kind; int64_t n; } runs[] = {{K_BF16, 4096}, {K_BF16, 8192}, {K_F16, 4096}, {K_F16, 8192},
                                                 {K_TF32, 4096}, {K_TF32, 8192}};
    printf("\n%-6s %-6s %-16s %10s %10s %8s  %s\n", "type", "size", "kernel", "ms", "TFLOP/s", "x cuBLAS", "check");
    for (unsigned ri = 0; ri < sizeof runs / sizeof runs[0]; ++ri) {
        const kind_t kind = runs[ri].kind;
        const int64_t N = runs[ri].n;
        const int tb = kind == K_TF32 ? 1 : 0; /* tf32: B stored n x k (both K-major); 16-bit: A, B as stored */
        tprob_t t;
        tprob_make(&t, lt, kind, N, N, N, 0, tb);
        const double flop = 2.0 * (double)N * N * N;
        printf("%-6s %-6lld %-16s %10.4f %10.1f %8s  best of %d algos, layout N%s (row-major A, B); %s\n", KNAME[kind],
               (long long)N, "cublasLt", t.best_ms, flop / t.best_ms / 1e9, "1.000", t.pl.nres, tb ? "T" : "N", t.algo);
        for (int r = 0; r <= NRUNGS; ++r) {
            const rung_t *rr = r < NRUNGS ? &RUNGS[r] : &AUTO;
            double fr;
            const float ms = tprob_time(&t, rr, &fr);
            if (ms <= 0) continue;
            char plan[64] = "";
            if (rr == &AUTO) {
                const gp_gemm_h_plan pl = gp__gemm_h_pick(&g_dev, &t.a);
                gp__gemm_h_plan_name(&pl, plan, sizeof plan);
            }
            printf("%-6s %-6lld %-16s %10.4f %10.1f %8.3f  rel. Frobenius vs cuBLAS %.2e%s %s\n", KNAME[kind], (long long)N,
                   rr->name, ms, flop / ms / 1e9, t.best_ms / ms, fr, fr < 1e-2 ? "" : "  <-- MISMATCH", plan);
        }
        tprob_free(&t);
    }
}

/* shape sweep, bf16 (C bf16): every rung and the automatic plan (gp__gemm_h_auto: exactly the rule's choice) */
static void sweep(lt_t *lt)
{
    static const struct { int64_t m, n, k; int ta, tb; const char *what; } sw[] = {
        {256, 256, 256, 0, 0, "small"},          {512, 512, 512, 0, 1, "small"},
        {1024, 1024, 1024, 1, 0, "small"},       {128, 128, 4096, 1, 1, "small m,n deep k"},
        {1000, 1000, 1000, 0, 0, "odd"},         {4095, 4097, 4093, 0, 1, "odd"},
        {2047, 3001, 1537, 1, 1, "odd"},         {16384, 256, 4096, 0, 0, "tall-skinny"},
        {256, 16384, 4096, 1, 0, "short-wide"},  {8192, 128, 8192, 0, 1, "tall-skinny"},
        {1024, 1024, 16384, 0, 1, "deep-k"},     {512, 512, 32768, 1, 0, "deep-k"},
        {2048, 8192, 1024, 1, 1, "non-square"},  {8192, 2048, 4096, 0, 1, "non-square"},
        {6144, 6144, 6144, 0, 0, "square"},      {4096, 4096, 4096, 1, 1, "square TT"},
        {4096, 4096, 4096, 0, 1, "square NT"},   {4096, 4096, 4096, 1, 0, "square TN"},
        {2048, 2048, 2048, 0, 0, "square"},      {3072, 3072, 3072, 1, 0, "square"},
    };
    const int nsw = (int)(sizeof sw / sizeof sw[0]);
    printf("\nsweep bf16 (C bf16): TFLOP/s; auto = cuBLAS time / time of the rule's plan (gp__gemm_h_pick)\n");
    printf("%-6s %-6s %-6s %-3s %-18s %9s", "m", "n", "k", "op", "what", "cuBLAS");
    for (int r = 0; r < NRUNGS; ++r) printf("       r%02d", RUNGS[r].num);
    printf(" %9s %8s  %s\n", "auto", "auto", "plan; cuBLAS algorithm");
    double lg = 0.0, worst = 1e30;
    int cnt = 0, worst_i = -1;
    for (int i = 0; i < nsw; ++i) {
        tprob_t t;
        tprob_make(&t, lt, K_BF16, sw[i].m, sw[i].n, sw[i].k, sw[i].ta, sw[i].tb);
        const double flop = 2.0 * (double)sw[i].m * sw[i].n * sw[i].k;
        printf("%-6lld %-6lld %-6lld %s%s  %-18s %9.1f", (long long)sw[i].m, (long long)sw[i].n, (long long)sw[i].k,
               sw[i].ta ? "T" : "N", sw[i].tb ? "T" : "N", sw[i].what, flop / t.best_ms / 1e9);
        int mism = 0;
        for (int r = 0; r <= NRUNGS; ++r) {
            double fr;
            const float ms = tprob_time(&t, r < NRUNGS ? &RUNGS[r] : &AUTO, &fr);
            mism |= fr >= 1e-2;
            if (ms > 0) printf(" %9.1f", flop / ms / 1e9);
            else printf(" %9s", "-");
            if (r == NRUNGS) {
                const double autor = ms > 0 ? t.best_ms / ms : -1;
                printf(" %7.3fx", autor);
                if (autor > 0) {
                    lg += log(autor);
                    ++cnt;
                    if (autor < worst) {
                        worst = autor;
                        worst_i = i;
                    }
                }
            }
        }
        const gp_gemm_h_plan pl = gp__gemm_h_pick(&g_dev, &t.a);
        char plan[64];
        printf("  %s; %s%s\n", gp__gemm_h_plan_name(&pl, plan, sizeof plan), t.algo, mism ? " MISMATCH" : "");
        tprob_free(&t);
    }
    if (cnt)
        printf("sweep: %d shapes, geometric mean %.3fx cuBLAS, worst %.3fx (%lldx%lldx%lld)\n", cnt, exp(lg / cnt), worst,
               (long long)sw[worst_i].m, (long long)sw[worst_i].n, (long long)sw[worst_i].k);
}

/* Variant sweep: one build, several configurations of rungs 06/07 through the experiment knobs, one line each,
 * on the shapes of the targets (and the deep-k shapes whose split count the rule guesses). */
typedef struct var_t {
    const char *label;
    gp_gemm_launcher fn;
    gp_gemm_h_knobs kn; /* {group, stages, epi, splits, clusters, mcast, wait} */
} var_t;
static void variants(lt_t *lt)
{
    const int half = g_dev.sm_count / 2;
    const var_t v16[] = {
        /* knobs: {group, stages, epi (0 chunk, 1 whole, 2 half), splits, clusters, mcast, wait (1: wait 0, 2: wait 1)} */
        {"r06 default", gp__gemm_r06_persistent, KN_NONE},
        {"r06 whole s3 g16", gp__gemm_r06_persistent, {16, 3, 1, 0, 0, -1, 0}},
        {"r06 half s3 g16", gp__gemm_r06_persistent, {16, 3, 2, 0, 0, -1, 0}},
        {"r06 half s4 g8", gp__gemm_r06_persistent, {8, 4, 2, 0, 0, -1, 0}},
        {"r06 half s4 g32", gp__gemm_r06_persistent, {32, 4, 2, 0, 0, -1, 0}},
        {"r06 half s4 g4", gp__gemm_r06_persistent, {4, 4, 2, 0, 0, -1, 0}},
        {"r06 chunk s4 g16", gp__gemm_r06_persistent, {16, 4, 0, 0, 0, -1, 0}},
        {"r06 half s4 g16 wait1", gp__gemm_r06_persistent, {16, 4, 2, 0, 0, -1, 2}},
        {"r06 whole s3 g16 wait1", gp__gemm_r06_persistent, {16, 3, 1, 0, 0, -1, 2}},
        {"r06 chunk s4 g8 wait1 (run 1)", gp__gemm_r06_persistent, {8, 4, 0, 0, 0, -1, 2}},
        {"r07 default", gp__gemm_r07_cluster, KN_NONE},
        {"r07 whole s3", gp__gemm_r07_cluster, {0, 3, 1, 0, 0, -1, 0}},
        {"r07 half s4 wait1", gp__gemm_r07_cluster, {0, 4, 2, 0, 0, -1, 2}},
        {"r07 g8", gp__gemm_r07_cluster, {8, 0, -1, 0, 0, -1, 0}},
        {"r07 g32", gp__gemm_r07_cluster, {32, 0, -1, 0, 0, -1, 0}},
        {"r07 chunk s4", gp__gemm_r07_cluster, {0, 4, 0, 0, 0, -1, 0}},
        {"r07 no multicast", gp__gemm_r07_cluster, {0, 0, -1, 0, 0, 0, 0}},
        {"r07 clusters=SMs/2", gp__gemm_r07_cluster, {0, 0, -1, 0, half, -1, 0}},
        {"r07 clusters=64", gp__gemm_r07_cluster, {0, 0, -1, 0, 64, -1, 0}},
        {"auto", gp__gemm_h_auto, KN_NONE},
    };
    const var_t v32[] = {
        {"r06 default", gp__gemm_r06_persistent, KN_NONE},
        {"r06 chunk s3 g16", gp__gemm_r06_persistent, {16, 3, 0, 0, 0, -1, 0}},
        {"r06 chunk s4 g16 wait1", gp__gemm_r06_persistent, {16, 4, 0, 0, 0, -1, 2}},
        {"r06 chunk s4 g8 wait1 (run 1)", gp__gemm_r06_persistent, {8, 4, 0, 0, 0, -1, 2}},
        {"r06 chunk s4 g32", gp__gemm_r06_persistent, {32, 4, 0, 0, 0, -1, 0}},
        {"r06 chunk s4 g8", gp__gemm_r06_persistent, {8, 4, 0, 0, 0, -1, 0}},
        {"r07 default", gp__gemm_r07_cluster, KN_NONE},
        {"r07 no multicast", gp__gemm_r07_cluster, {0, 0, -1, 0, 0, 0, 0}},
        {"auto", gp__gemm_h_auto, KN_NONE},
    };
    const var_t vsk[] = {
        {"r04", gp__gemm_r04_tma_wgmma, KN_NONE},
        {"r06 whole tiles", gp__gemm_r06_persistent, KN_NONE},
        {"r06 k-split 2", gp__gemm_r06_persistent, {0, 0, -1, 2, 0, -1, 0}},
        {"r06 k-split 4", gp__gemm_r06_persistent, {0, 0, -1, 4, 0, -1, 0}},
        {"r06 k-split 8", gp__gemm_r06_persistent, {0, 0, -1, 8, 0, -1, 0}},
        {"r06 k-split 16", gp__gemm_r06_persistent, {0, 0, -1, 16, 0, -1, 0}},
        {"auto", gp__gemm_h_auto, KN_NONE},
    };
    static const struct { kind_t kind; int64_t m, n, k; int ta, tb; int set; } sh[] = {
        {K_BF16, 4096, 4096, 4096, 0, 0, 0}, {K_BF16, 8192, 8192, 8192, 0, 0, 0}, {K_F16, 8192, 8192, 8192, 0, 0, 0},
        {K_F16, 4096, 4096, 4096, 0, 0, 0},  {K_TF32, 4096, 4096, 4096, 0, 1, 1}, {K_TF32, 8192, 8192, 8192, 0, 1, 1},
        {K_BF16, 1024, 1024, 16384, 0, 1, 2}, {K_BF16, 512, 512, 32768, 1, 0, 2}, {K_BF16, 1024, 1024, 1024, 1, 0, 2},
        {K_BF16, 512, 512, 512, 0, 1, 2},     {K_BF16, 8192, 128, 8192, 0, 1, 2}, {K_BF16, 3072, 3072, 3072, 1, 0, 2},
    };
    printf("\nvariants (one build; knobs = tile-row group g, stages s, epilogue chunk|half|whole, a wgmma group kept in "
           "flight (wait1), k-splits, r07 clusters and multicast; defaults: see the auto plan). r07 launches %d clusters "
           "by default on this device\n",
           gp__gemm_r07_clusters(&g_dev));
    printf("%-5s %-20s %-2s  %-30s %10s %9s %8s\n", "type", "m x n x k", "op", "variant", "ms", "TFLOP/s", "x cuBLAS");
    for (unsigned si = 0; si < sizeof sh / sizeof sh[0]; ++si) {
        tprob_t t;
        tprob_make(&t, lt, sh[si].kind, sh[si].m, sh[si].n, sh[si].k, sh[si].ta, sh[si].tb);
        const double flop = 2.0 * (double)sh[si].m * sh[si].n * sh[si].k;
        char dims[48];
        snprintf(dims, sizeof dims, "%lldx%lldx%lld", (long long)sh[si].m, (long long)sh[si].n, (long long)sh[si].k);
        const char *op = sh[si].ta ? (sh[si].tb ? "TT" : "TN") : (sh[si].tb ? "NT" : "NN");
        printf("%-5s %-20s %-2s  %-30s %10.4f %9.1f %8s  %s\n", KNAME[t.kind], dims, op, "cublasLt", t.best_ms,
               flop / t.best_ms / 1e9, "1.000", t.algo);
        const var_t *vl = sh[si].set == 0 ? v16 : sh[si].set == 1 ? v32 : vsk;
        const int nv = sh[si].set == 0 ? (int)(sizeof v16 / sizeof v16[0])
                       : sh[si].set == 1 ? (int)(sizeof v32 / sizeof v32[0]) : (int)(sizeof vsk / sizeof vsk[0]);
        for (int vi = 0; vi < nv; ++vi) {
            rung_t r = {0, vl[vi].label, vl[vi].label, vl[vi].fn, vl[vi].kn, 4};
            if (skip_case(&r, &t.a)) continue;
            double fr;
            const float ms = tprob_time(&t, &r, &fr);
            char extra[80] = "";
            if (vl[vi].fn == gp__gemm_h_auto) {
                const gp_gemm_h_plan pl = gp__gemm_h_pick(&g_dev, &t.a);
                gp__gemm_h_plan_name(&pl, extra, sizeof extra);
            }
            if (ms > 0)
                printf("%-5s %-20s %-2s  %-30s %10.4f %9.1f %8.3f  %s%s\n", KNAME[t.kind], dims, op, vl[vi].label, ms,
                       flop / ms / 1e9, t.best_ms / ms, extra, fr < 1e-2 ? "" : " MISMATCH");
        }
        const float again = tprob_cublas_again(&t, lt);
        printf("%-5s %-20s %-2s  %-30s %10.4f %9.1f %8.3f  (drift check: same algorithm after the variants)\n",
               KNAME[t.kind], dims, op, "cublasLt again", again, flop / again / 1e9, t.best_ms / again);
        tprob_free(&t);
    }
}

/* --profile R|auto|cublas TYPE N: 10 runs of one kernel (for ncu / nsys) */
static void profile(lt_t *lt, const char *who, const char *type, int64_t N)
{
    kind_t kind = !strcmp(type, "f16") ? K_F16 : !strcmp(type, "tf32") ? K_TF32 : K_BF16;
    const size_t es = kind_esz(kind), ces = kind == K_TF32 ? 4 : es;
    void *A, *B, *C;
    CK(cudaMalloc(&A, (size_t)(N * N) * es));
    CK(cudaMalloc(&B, (size_t)(N * N) * es));
    CK(cudaMalloc(&C, (size_t)(N * N) * ces));
    fill_kernel<<<1024, 256>>>(A, N * N, kind, 1);
    fill_kernel<<<1024, 256>>>(B, N * N, kind, 2);
    gp_gemm_args a;
    memset(&a, 0, sizeof a);
    a.m = a.n = a.k = N;
    a.A = A;
    a.B = B;
    a.C = C;
    a.lda = a.ldb = a.ldc = N;
    a.alpha = 1.0f;
    a.tb = kind == K_TF32 ? 1 : 0;
    a.ab_type = kind_dtype(kind);
    a.c_type = kind == K_TF32 ? GP_DTYPE_F32 : kind_dtype(kind);
    a.compute = kind == K_TF32 ? GP_COMPUTE_TF32 : GP_COMPUTE_F32;
    a.vec_a = a.vec_b = a.vec_c = 1;
    a.ws = g_ws;
    a.ws_bytes = g_ws_bytes;
    if (!strcmp(who, "cublas")) {
        lt_plan_t pl;
        lt_plan(lt, &a, &pl);
        for (int i = 0; i < 10; ++i) lt_run(lt, &a, &pl, 0, 0);
    } else if (!strcmp(who, "auto")) {
        for (int i = 0; i < 10; ++i) run_rung(&AUTO, &a);
    } else {
        const int rn = atoi(who);
        for (int r = 0; r < NRUNGS; ++r)
            if (RUNGS[r].num == rn)
                for (int i = 0; i < 10; ++i) run_rung(&RUNGS[r], &a);
    }
    CK(cudaDeviceSynchronize());
    printf("profiled %s %s %lld^3\n", who, type, (long long)N);
}

int main(int argc, char **argv)
{
    int small = 0, do_verify = 1, do_time = 1, do_var = 1, prof = 0;
    for (int i = 1; i < argc; ++i) {
        if (!strcmp(argv[i], "--small")) small = 1;
        else if (!strcmp(argv[i], "--verify-only")) do_time = do_var = 0;
        else if (!strcmp(argv[i], "--time-only")) do_verify = 0, do_var = 0;
        else if (!strcmp(argv[i], "--variants-only")) do_verify = do_time = 0;
        else if (!strcmp(argv[i], "--no-variants")) do_var = 0;
        else if (!strcmp(argv[i], "--profile") && i + 3 < argc) prof = i;
    }
    int dev = 0;
    CK(cudaSetDevice(dev));
    cudaDeviceProp pr;
    CK(cudaGetDeviceProperties(&pr, dev));
    memset(&g_dev, 0, sizeof g_dev);
    g_dev.device = dev;
    g_dev.cc_major = pr.major;
    g_dev.cc_minor = pr.minor;
    g_dev.sm_count = pr.multiProcessorCount;
    g_dev.max_threads_per_sm = pr.maxThreadsPerMultiProcessor;
    g_dev.max_blocks_per_sm = pr.maxBlocksPerMultiProcessor;
    g_dev.l2_bytes = (size_t)pr.l2CacheSize;
    g_dev.smem_per_block_optin = pr.sharedMemPerBlockOptin;
    g_dev.smem_per_sm = pr.sharedMemPerMultiprocessor;
    CK(cudaMalloc(&g_ws, g_ws_bytes));
    lt_t lt;
    memset(&lt, 0, sizeof lt);
    if (prof || do_time || do_var) {
        CKB(cublasLtCreate(&lt.h));
        lt.ws_bytes = 32u << 20;
        CK(cudaMalloc(&lt.ws, lt.ws_bytes));
    }
    if (prof) {
        profile(&lt, argv[prof + 1], argv[prof + 2], atoll(argv[prof + 3]));
        return 0;
    }
    printf("device: %s, cc %d.%d, %d SMs, smem/block opt-in %zu, L2 %zu MB; rung 07 clusters: %d\n", pr.name, pr.major,
           pr.minor, pr.multiProcessorCount, (size_t)pr.sharedMemPerBlockOptin, (size_t)pr.l2CacheSize >> 20,
           pr.major >= 9 ? gp__gemm_r07_clusters(&g_dev) : 0);
    if (pr.major < 9) {
        printf("needs a Hopper GPU (cc 9.0)\n");
        return 1;
    }
    if (do_verify) verify(small);
    printf("\nverification: %d passed, %d failed (%d refusals checked)\n", g_pass, g_fail, g_skip);
    if (do_time) {
        timing(&lt);
        sweep(&lt);
    }
    if (do_var) variants(&lt);
    if (lt.h) {
        CK(cudaFree(lt.ws));
        cublasLtDestroy(lt.h);
    }
    CK(cudaFree(g_ws));
    printf("\n%d passed, %d failed\n", g_pass, g_fail);
    return g_fail ? 1 : 0;
}
