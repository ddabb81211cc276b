// hopper_gemm.cu — verification and timing harness for the Hopper gemm rungs 04-07 (src/gemm/0[4-7]_*.cu),
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
#include "gemm/gemm_internal.h"

#define CK(x)                                                                                                   \
    do {                                                                                                        \
        cudaError_t e_ = (x);                                                                                   \
        if (e_ != cudaSuccess) {                                                                                \
            fprintf(stderr, "CUDA error %s at %s:%d: %s\n", cudaGetErrorName(e_), __FILE__, __LINE__,            \
                    cudaGetErrorString(e_));                                                                    \
            exit(2);                                                                                            \
        }                                                                                                       \
    } while (0)
#define CKB(x)                                                                                                  \
    do {                                                                                                        \
        cublasStatus_t s_ = (x);                                                                                \
        if (s_ != CUBLAS_STATUS_SUCCESS) {                                                                      \
            fprintf(stderr, "cuBLAS error %d at %s:%d\n", (int)s_, __FILE__, __LINE__);                         \
            exit(2);                                                                                            \
        }                                                                                                       \
    } while (0)

typedef struct rung_t {
    int num;
    const char *name;
    gp_gemm_launcher fn;
} rung_t;
static const rung_t RUNGS[] = {
    {4, "04_tma_wgmma", gp__gemm_r04_tma_wgmma},
    {5, "05_warpspec", gp__gemm_r05_warpspec},
    {6, "06_persistent", gp__gemm_r06_persistent},
    {7, "07_cluster", gp__gemm_r07_cluster},
};
#define NRUNGS ((int)(sizeof RUNGS / sizeof RUNGS[0]))

typedef enum { K_BF16 = 0, K_F16, K_TF32 } kind_t;
static const char *KNAME[] = {"bf16", "f16", "tf32"};
static gp_dtype kind_dtype(kind_t k) { return k == K_BF16 ? GP_DTYPE_BF16 : k == K_F16 ? GP_DTYPE_F16 : GP_DTYPE_F32; }
static size_t kind_esz(kind_t k) { return k == K_TF32 ? 4 : 2; }

static gp_device_info g_dev;
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
    size_t esz;
    float *h;                     /* host values (span, as rounded to the storage type) */
    void *d;                      /* device copy, exactly span elements */
} mat_t;

static int64_t round_up(int64_t a, int64_t b) { return (a + b - 1) / b * b; }

static void mat_alloc(mat_t *m, int64_t rows, int64_t cols, int64_t ld, size_t esz)
{
    m->rows = rows;
    m->cols = cols;
    m->ld = ld;
    m->esz = esz;
    m->span = (rows - 1) * ld + cols;
    m->h = (float *)calloc((size_t)m->span, sizeof(float));
    CK(cudaMalloc(&m->d, (size_t)m->span * esz));
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
        CK(cudaMemcpy(m->d, m->h, (size_t)m->span * 4, cudaMemcpyHostToDevice));
        return;
    }
    uint16_t *t = (uint16_t *)malloc((size_t)m->span * 2);
    for (int64_t i = 0; i < m->span; ++i) t[i] = to16(m->h[i], k);
    CK(cudaMemcpy(m->d, t, (size_t)m->span * 2, cudaMemcpyHostToDevice));
    free(t);
}
static void mat_download(const mat_t *m, kind_t k, int as_f32, float *out)
{
    if (as_f32 || k == K_TF32) {
        CK(cudaMemcpy(out, m->d, (size_t)m->span * 4, cudaMemcpyDeviceToHost));
        return;
    }
    uint16_t *t = (uint16_t *)malloc((size_t)m->span * 2);
    CK(cudaMemcpy(t, m->d, (size_t)m->span * 2, cudaMemcpyDeviceToHost));
    for (int64_t i = 0; i < m->span; ++i) out[i] = from16(t[i], k);
    free(t);
}
/* random operand values, rounded to the storage type (tf32: f32 as stored) */
static void mat_fill_random(mat_t *m, kind_t k)
{
    for (int64_t i = 0; i < m->span; ++i) m->h[i] = round_in(rnd(), k);
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
    mat_alloc(&p->A, ar, ac, lda_pad < 0 ? ac + 1 : round_up(ac, al) + lda_pad, es); /* lda_pad < 0: unaligned */
    mat_alloc(&p->B, br, bc, lda_pad < 0 ? bc + 1 : round_up(bc, al) + lda_pad, es);
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
    mat_alloc(&C, m, n, ldc_pad < 0 ? n + 1 : round_up(n + 1, cal) + ldc_pad, ces);
    /* window: NaN (beta == 0) or random values; between rows: sentinel */
    for (int64_t i = 0; i < m; ++i)
        for (int64_t j = 0; j < C.ld && i * C.ld + j < C.span; ++j)
            C.h[i * C.ld + j] = j >= n ? SENTINEL : beta == 0.0f ? NAN : rnd();
    if (!c_f32) /* what the 16-bit C holds */
        for (int64_t i = 0; i < C.span; ++i) C.h[i] = isnan(C.h[i]) ? C.h[i] : round_in(C.h[i], kind);
    mat_upload(&C, kind, c_f32);
    gp_gemm_args a = make_args(p, &C, kind, c_f32, alpha, beta);
    const int want = expect_supported(r->num, &a);
    gp_status st = r->fn(&g_dev, 0, &a);
    cudaError_t ce = cudaDeviceSynchronize();
    float *out = (float *)malloc(sizeof(float) * (size_t)C.span);
    char tag[256];
    snprintf(tag, sizeof tag, "r%02d %-4s C=%-4s ta=%d tb=%d %5lldx%5lldx%5lld lda=%lld ldb=%lld ldc=%lld beta=%.2f", r->num,
             KNAME[kind], c_f32 ? "f32" : KNAME[kind], p->ta, p->tb, (long long)m, (long long)n, (long long)k,
             (long long)p->A.ld, (long long)p->B.ld, (long long)C.ld, beta);
    int ok = 1;
    if (ce != cudaSuccess) {
        printf("FAIL %s: CUDA error %s\n", tag, cudaGetErrorString(ce));
        exit(3); /* a sticky error: nothing after it can run */
    }
    mat_download(&C, kind, c_f32, out);
    if (!want) {
        int untouched = 1;
        for (int64_t i = 0; i < C.span; ++i)
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
    for (int64_t i = 0; i < C.span; ++i)
        if ((i % C.ld) >= n && memcmp(&out[i], &C.h[i], 4) != 0) ++outside;
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

static void verify(int small)
{
    static const shape_t shapes[] = {
        {128, 256, 64, 0, 1},    /* one 128x256 tile, one k-block */
        {127, 129, 136, 8, 1},   /* odd m, n; k-block tail; padded aligned lds */
        {257, 384, 40, 0, 1},    /* k below one k-block; m tail of one row */
        {64, 72, 8, 0, 1},       /* tiny k (tf32: 8 = 1/4 k-block) */
        {33, 65, 200, -1, 1},    /* unaligned lds: every rung must refuse */
        {1000, 1000, 1000, 0, 0},
        {2304, 2304, 128, 0, 0}, /* 162 tiles of 128x256: rung 06 loops over tiles */
    };
    const int nshapes = (int)(sizeof shapes / sizeof shapes[0]);
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
                for (int ri = 0; ri < NRUNGS; ++ri)
                    for (int cf = 1; cf >= (kind == K_TF32 ? 1 : 0); --cf)
                        for (int b = 0; b < 2; ++b) {
                            if (!dense && b) continue;
                            check_case(&RUNGS[ri], &p, cf, b ? -1.25f : 1.0f, b ? 0.75f : 0.0f, P, S, P2, S2, 0, 0);
                        }
                free(P);
                free(S);
                free(P2);
                free(S2);
                prob_free(&p);
            }
        }
    }
    /* rung 06 with an unaligned C (ldc = n + 1) must refuse; rungs 04/05 must take it */
    {
        prob_t p;
        prob_make(&p, K_BF16, 96, 80, 64, 0, 0, 0, 1);
        double *P = (double *)malloc(sizeof(double) * 96 * 80), *S = (double *)malloc(sizeof(double) * 96 * 80);
        reference(&p, P, S, 0);
        for (int ri = 0; ri < NRUNGS; ++ri)
            for (int cf = 1; cf >= 0; --cf) check_case(&RUNGS[ri], &p, cf, 1.0f, 0.5f, P, S, NULL, NULL, 0, -1);
        free(P);
        free(S);
        /* k == 0 (alpha == 0 is passed as k == 0): C = beta * C, A and B not read */
        prob_t z = p;
        z.k = 0;
        double *Z = (double *)calloc(96 * 80, sizeof(double));
        for (int ri = 0; ri < NRUNGS; ++ri)
            for (int cf = 1; cf >= 0; --cf) {
                check_case(&RUNGS[ri], &z, cf, 1.0f, 0.0f, Z, Z, NULL, NULL, 0, 0);
                check_case(&RUNGS[ri], &z, cf, 1.0f, -2.0f, Z, Z, NULL, NULL, 0, 0);
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
            for (int ri = 0; ri < NRUNGS; ++ri)
                for (int cf = 1; cf >= (kind == K_TF32 ? 1 : 0); --cf)
                    check_case(&RUNGS[ri], &p, cf, 1.0f, 0.0f, NULL, NULL, NULL, NULL, 4096, 0);
            prob_free(&p);
        }
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

#define WARM 5
#define REPS 20
/* median ms of REPS runs of rung r (r == NULL: cuBLAS algorithm `algo`) */
static float time_one(const rung_t *r, const gp_gemm_args *a, lt_t *lt, lt_plan_t *pl, int algo)
{
    cudaEvent_t ev[REPS + 1];
    for (int i = 0; i <= REPS; ++i) CK(cudaEventCreate(&ev[i]));
    for (int i = 0; i < WARM; ++i) {
        if (r) {
            gp_status st = r->fn(&g_dev, 0, a);
            if (st != GP_SUCCESS) {
                printf("  %s: %s\n", r->name, gp_status_string(st));
                return -1.0f;
            }
        } else lt_run(lt, a, pl, algo, 0);
    }
    CK(cudaEventRecord(ev[0], 0));
    for (int i = 0; i < REPS; ++i) {
        if (r) r->fn(&g_dev, 0, a);
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

/* Times one problem (random operands, ld = the row length rounded up to 16 bytes, beta = 0): cuBLASLt's best
 * algorithm and every rung. ms[r] < 0: rung r refused. Checks each rung's output against cuBLAS's (relative
 * Frobenius distance, counted as a failure above 1e-2). Returns cuBLAS's ms. */
static float time_shape(lt_t *lt, kind_t kind, int64_t m, int64_t n, int64_t k, int ta, int tb, float *ms, double *fr,
                        int *nalgo)
{
    const size_t es = kind_esz(kind), ces = kind == K_TF32 ? 4 : es;
    const int64_t al = 16 / (int64_t)es, cal = 16 / (int64_t)ces;
    const int64_t ar = ta ? k : m, ac = ta ? m : k, br = tb ? n : k, bc = tb ? k : n;
    const int64_t lda = round_up(ac, al), ldb = round_up(bc, al), ldc = round_up(n, cal);
    const int64_t sa = (ar - 1) * lda + ac, sb = (br - 1) * ldb + bc, sc = (m - 1) * ldc + n;
    void *A, *B, *C, *Cref;
    CK(cudaMalloc(&A, (size_t)sa * es));
    CK(cudaMalloc(&B, (size_t)sb * es));
    CK(cudaMalloc(&C, (size_t)sc * ces));
    CK(cudaMalloc(&Cref, (size_t)sc * ces));
    fill_kernel<<<1024, 256>>>(A, sa, kind, 1);
    fill_kernel<<<1024, 256>>>(B, sb, kind, 2);
    CK(cudaMemset(Cref, 0, (size_t)sc * ces));
    CK(cudaDeviceSynchronize());
    gp_gemm_args a;
    memset(&a, 0, sizeof a);
    a.m = m;
    a.n = n;
    a.k = k;
    a.A = A;
    a.B = B;
    a.C = Cref;
    a.lda = lda;
    a.ldb = ldb;
    a.ldc = ldc;
    a.alpha = 1.0f;
    a.beta = 0.0f;
    a.ta = ta;
    a.tb = tb;
    a.ab_type = kind_dtype(kind);
    a.c_type = kind == K_TF32 ? GP_DTYPE_F32 : kind_dtype(kind);
    a.compute = kind == K_TF32 ? GP_COMPUTE_TF32 : GP_COMPUTE_F32;
    a.vec_a = a.vec_b = a.vec_c = 1;
    lt_plan_t pl;
    lt_plan(lt, &a, &pl);
    float best = 1e30f;
    int bi = -1;
    for (int i = 0; i < pl.nres; ++i) {
        float t = time_one(NULL, &a, lt, &pl, i);
        if (t > 0 && t < best) {
            best = t;
            bi = i;
        }
    }
    *nalgo = pl.nres;
    if (bi >= 0) lt_run(lt, &a, &pl, bi, 0); /* reference output */
    CK(cudaDeviceSynchronize());
    for (int r = 0; r < NRUNGS; ++r) {
        a.C = C;
        CK(cudaMemset(C, 0, (size_t)sc * ces));
        ms[r] = time_one(&RUNGS[r], &a, NULL, NULL, 0);
        fr[r] = 0;
        if (ms[r] <= 0) continue;
        /* rows are ldc apart in both: compare the spans (the padding is zero in both) */
        fr[r] = rel_frob(C, Cref, sc, &a);
        if (fr[r] >= 1e-2) ++g_fail;
    }
    lt_plan_free(&pl);
    CK(cudaFree(A));
    CK(cudaFree(B));
    CK(cudaFree(C));
    CK(cudaFree(Cref));
    return bi >= 0 ? best : -1.0f;
}

static void timing(void)
{
    lt_t lt;
    CKB(cublasLtCreate(&lt.h));
    lt.ws_bytes = 32u << 20;
    CK(cudaMalloc(&lt.ws, lt.ws_bytes));
    struct { kind_t kind; int64_t n; } runs[] = {{K_BF16, 4096}, {K_BF16, 8192}, {K_F16, 4096}, {K_F16, 8192},
                                                 {K_TF32, 4096}, {K_TF32, 8192}};
    printf("\n%-6s %-6s %-16s %10s %10s %8s  %s\n", "type", "size", "kernel", "ms", "TFLOP/s", "x cuBLAS", "check");
    for (unsigned ri = 0; ri < sizeof runs / sizeof runs[0]; ++ri) {
        const kind_t kind = runs[ri].kind;
        const int64_t N = runs[ri].n;
        const int tb = kind == K_TF32 ? 1 : 0; /* tf32: B stored n x k (both K-major); 16-bit: A, B as stored */
        float ms[NRUNGS];
        double fr[NRUNGS];
        int nalgo = 0;
        const float best = time_shape(&lt, kind, N, N, N, 0, tb, ms, fr, &nalgo);
        const double flop = 2.0 * (double)N * N * N;
        printf("%-6s %-6lld %-16s %10.4f %10.1f %8s  best of %d algos, layout N%s (row-major A, B)\n", KNAME[kind],
               (long long)N, "cublasLt", best, flop / best / 1e9, "1.000", nalgo, tb ? "T" : "N");
        for (int r = 0; r < NRUNGS; ++r) {
            if (ms[r] <= 0) continue;
            printf("%-6s %-6lld %-16s %10.4f %10.1f %8.3f  rel. Frobenius vs cuBLAS %.2e%s\n", KNAME[kind], (long long)N,
                   RUNGS[r].name, ms[r], flop / ms[r] / 1e9, best / ms[r], fr[r], fr[r] < 1e-2 ? "" : "  <-- MISMATCH");
        }
    }

    /* shape sweep, bf16 (C bf16): the dispatcher's choice among these rungs = the highest that accepts */
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
    printf("\nsweep bf16 (C bf16): TFLOP/s; auto = cuBLAS time / time of the highest rung that takes the shape\n");
    printf("%-6s %-6s %-6s %-3s %-18s %9s", "m", "n", "k", "op", "what", "cuBLAS");
    for (int r = 0; r < NRUNGS; ++r) printf("       r%02d", RUNGS[r].num);
    printf(" %8s\n", "auto");
    double lg = 0.0, worst = 1e30;
    int cnt = 0, worst_i = -1;
    for (int i = 0; i < nsw; ++i) {
        float ms[NRUNGS];
        double fr[NRUNGS];
        int nalgo = 0;
        const float best = time_shape(&lt, K_BF16, sw[i].m, sw[i].n, sw[i].k, sw[i].ta, sw[i].tb, ms, fr, &nalgo);
        const double flop = 2.0 * (double)sw[i].m * sw[i].n * sw[i].k;
        printf("%-6lld %-6lld %-6lld %s%s  %-18s %9.1f", (long long)sw[i].m, (long long)sw[i].n, (long long)sw[i].k,
               sw[i].ta ? "T" : "N", sw[i].tb ? "T" : "N", sw[i].what, flop / best / 1e9);
        double autor = -1;
        for (int r = 0; r < NRUNGS; ++r) {
            if (ms[r] > 0) printf(" %9.1f", flop / ms[r] / 1e9);
            else printf(" %9s", "-");
            if (ms[r] > 0) autor = best / ms[r]; /* the highest rung that took it */
        }
        int mism = 0;
        for (int r = 0; r < NRUNGS; ++r) mism |= fr[r] >= 1e-2;
        printf(" %7.3fx%s\n", autor, mism ? " MISMATCH" : "");
        if (autor > 0) {
            lg += log(autor);
            ++cnt;
            if (autor < worst) {
                worst = autor;
                worst_i = i;
            }
        }
    }
    if (cnt)
        printf("sweep: %d shapes, geometric mean %.3fx cuBLAS, worst %.3fx (%lldx%lldx%lld)\n", cnt, exp(lg / cnt), worst,
               (long long)sw[worst_i].m, (long long)sw[worst_i].n, (long long)sw[worst_i].k);
    CK(cudaFree(lt.ws));
    cublasLtDestroy(lt.h);
}

/* --profile R|cublas TYPE N: 10 runs of one kernel (for ncu) */
static void profile(const char *who, const char *type, int64_t N)
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
    if (!strcmp(who, "cublas")) {
        lt_t lt;
        CKB(cublasLtCreate(&lt.h));
        lt.ws_bytes = 32u << 20;
        CK(cudaMalloc(&lt.ws, lt.ws_bytes));
        lt_plan_t pl;
        lt_plan(&lt, &a, &pl);
        for (int i = 0; i < 10; ++i) lt_run(&lt, &a, &pl, 0, 0);
    } else {
        const int rn = atoi(who);
        for (int r = 0; r < NRUNGS; ++r)
            if (RUNGS[r].num == rn)
                for (int i = 0; i < 10; ++i) RUNGS[r].fn(&g_dev, 0, &a);
    }
    CK(cudaDeviceSynchronize());
    printf("profiled %s %s %lld^3\n", who, type, (long long)N);
}

int main(int argc, char **argv)
{
    int small = 0, do_verify = 1, do_time = 1;
    for (int i = 1; i < argc; ++i) {
        if (!strcmp(argv[i], "--small")) small = 1;
        else if (!strcmp(argv[i], "--verify-only")) do_time = 0;
        else if (!strcmp(argv[i], "--time-only")) do_verify = 0;
        else if (!strcmp(argv[i], "--profile") && i + 3 < argc) {
            do_verify = do_time = 0;
            CK(cudaSetDevice(0));
            cudaDeviceProp pr;
            CK(cudaGetDeviceProperties(&pr, 0));
            memset(&g_dev, 0, sizeof g_dev);
            g_dev.cc_major = pr.major;
            g_dev.cc_minor = pr.minor;
            g_dev.sm_count = pr.multiProcessorCount;
            profile(argv[i + 1], argv[i + 2], atoll(argv[i + 3]));
            return 0;
        }
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
    printf("device: %s, cc %d.%d, %d SMs, smem/block opt-in %zu\n", pr.name, pr.major, pr.minor, pr.multiProcessorCount,
           (size_t)pr.sharedMemPerBlockOptin);
    if (pr.major < 9) {
        printf("needs a Hopper GPU (cc 9.0)\n");
        return 1;
    }
    if (do_verify) verify(small);
    printf("\nverification: %d passed, %d failed (%d refusals checked)\n", g_pass, g_fail, g_skip);
    if (do_time) timing();
    printf("\n%d passed, %d failed\n", g_pass, g_fail);
    return g_fail ? 1 : 0;
}
