// gemm_tc.cu — GPU harness of the tensor-core gemm rungs (src/gemm/01-03), built without the library by
// scripts/experiments/gemm_tc/run.sh (the rung files are compiled separately and linked here; this file
// provides the one library function they call, gp__launch_status).
//
// 1. Verification: every rung (and each of rung 03's configurations, forced) x {bf16, f16} x {C f32, C in the
//    input type} and tf32 (C f32) x 4 transpose combinations x {beta = 0 with C poisoned with NaN, beta != 0}
//    on odd and aligned shapes, with tight leading dimensions (odd ones take the element-wise fall-back) and
//    padded ones (16-byte rows, the cp.async path), plus a base pointer offset by one element. Each matrix is
//    allocated with exactly the span it occupies ((rows-1)*ld + cols elements), so compute-sanitizer memcheck
//    sees any read past its real extent. Reference: double on the CPU from the same inputs (tf32: rounded to
//    nearest, ties away, as cvt.rna.tf32.f32). Two input sets:
//      frac: values v/256 (|v| <= 256; exact in bf16, f16, tf32); tf32 gets random bits below its precision
//            that the kernel must round away. Bound per element: (k+2) 2^-23 |alpha| sum|a||b| (f32
//            accumulation, truncating adders allowed) + 2^-22 (|alpha acc| + |beta c|) (the epilogue) +
//            the rounding of C to bf16 (2^-8 |C|) or f16 (2^-11 |C|);
//      int:  small integers (|v| <= 3), alpha 2, beta -0.5: the f32 sums are exact, so the bound is
//            2^-22 (|alpha| sum|a||b| + |beta c|) + C's rounding: far below one missing or extra product
//            at any k, where the frac bound is not.
//    Elements of C outside the m x n window (the padding columns of each row) must keep their bits.
//    Also k = 0 (A and B NULL: C = beta C), as the dispatcher passes for alpha == 0.
// 2. Timing (skipped with --small): every rung and configuration next to cublasLtMatmul (its heuristic's
//    first algorithm, 64 MB workspace) on the same types and layouts (row-major C = op(A) op(B) is called as
//    the column-major C^T = op(B)^T op(A)^T), CUDA events between runs queued back to back, 2 warm-ups, the
//    median of >= 10 runs, random inputs, input/output sets rotated so that they span >= 4x the L2. Each timed rung's result
//    is compared with cuBLAS's (relative Frobenius difference).
// Usage: gemm_tc [--small] [--no-verify] [--no-time]   (run.sh OUTDIR does the build and keeps the logs)
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cmath>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cublasLt.h>
#include "gemm/gemm_internal.h"

/* the library's gp__launch_status (src/core/checks.c), the only library function the rung files call */
extern "C" gp_status gp__launch_status(void)
{
    cudaError_t e = cudaGetLastError();
    if (e == cudaSuccess) return GP_SUCCESS;
    return (e == cudaErrorInvalidConfiguration || e == cudaErrorLaunchOutOfResources ||
            e == cudaErrorInvalidDeviceFunction || e == cudaErrorNoKernelImageForDevice)
               ? GP_ERROR_LAUNCH_FAILED
               : GP_ERROR_CUDA;
}

#include "../exp_ck.h"

static gp_device_info g_dev;
static cudaDeviceProp g_prop;
static FILE *g_log = stdout; /* full log; stdout gets the summary */

/* ---- the rungs ---- */
struct rung_t {
    const char *name;
    int rung, cfg; /* cfg: rung 03's forced configuration, -1 = its rule */
};
static const rung_t RUNGS[] = {{"01 wmma", 1, -1},          {"02 mma", 2, -1},           {"03 multistage", 3, -1},
                               {"03 cfg0", 3, 0},           {"03 cfg1", 3, 1},           {"03 cfg2", 3, 2},
                               {"03 cfg3", 3, 3},           {"03 cfg4", 3, 4}};
static const int NRUNGS = (int)(sizeof RUNGS / sizeof RUNGS[0]);

static gp_status launch(const rung_t &r, const gp_gemm_args *a, int *ran_cfg)
{
    *ran_cfg = -1;
    switch (r.rung) {
    case 1: return gp__gemm_r01_wmma(&g_dev, 0, a);
    case 2: return gp__gemm_r02_mma(&g_dev, 0, a);
    default: return gp__gemm_r03_launch_cfg(&g_dev, 0, a, r.cfg, ran_cfg);
    }
}

/* ---- types ---- */
struct combo_t {
    const char *name;
    gp_dtype ab, c;
    gp_compute compute;
};
static const combo_t COMBOS[] = {{"bf16->f32", GP_DTYPE_BF16, GP_DTYPE_F32, GP_COMPUTE_F32},
                                 {"bf16->bf16", GP_DTYPE_BF16, GP_DTYPE_BF16, GP_COMPUTE_F32},
                                 {"f16->f32", GP_DTYPE_F16, GP_DTYPE_F32, GP_COMPUTE_F32},
                                 {"f16->f16", GP_DTYPE_F16, GP_DTYPE_F16, GP_COMPUTE_F32},
                                 {"tf32->f32", GP_DTYPE_F32, GP_DTYPE_F32, GP_COMPUTE_TF32}};
static const int NCOMBOS = 5;

static uint32_t f2u(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static float u2f(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static uint32_t rna_tf32(uint32_t u) { return ((u & 0x7f800000u) == 0x7f800000u) ? u : (u + 0x1000u) & 0xffffe000u; }
static uint16_t to_bits16(float v, gp_dtype t)
{
    if (t == GP_DTYPE_BF16) return __bfloat16_as_ushort(__float2bfloat16_rn(v));
    return __half_as_ushort(__float2half_rn(v));
}
static float from_bits16(uint16_t b, gp_dtype t)
{
    if (t == GP_DTYPE_BF16) return u2f((uint32_t)b << 16);
    return __half2float(__ushort_as_half(b));
}

static uint64_t g_rng = 0x9E3779B97F4A7C15ull;
static uint32_t rnd32()
{
    g_rng ^= g_rng << 13;
    g_rng ^= g_rng >> 7;
    g_rng ^= g_rng << 17;
    return (uint32_t)(g_rng >> 11);
}

/* ---- verification ---- */
struct shape_t {
    int64_t m, n, k;
    bool small; /* kept with --small (compute-sanitizer) */
};

/* Logical inputs opA (m x k) and opB (k x n) as the values the kernel multiplies (tf32: after rounding) and
 * as the f32 values to store (tf32: with the low bits the kernel must round away). */
struct inputs_t {
    std::vector<float> a_store, b_store, a_val, b_val;
};
static void make_inputs(inputs_t &in, int64_t m, int64_t n, int64_t k, bool int_mode, bool tf32)
{
    auto gen = [&](std::vector<float> &st, std::vector<float> &val, size_t cnt) {
        st.resize(cnt);
        val.resize(cnt);
        for (size_t q = 0; q < cnt; q++) {
            float v = int_mode ? (float)((int)(rnd32() % 7) - 3) : (float)((int)(rnd32() % 513) - 256) / 256.f;
            uint32_t u = f2u(v);
            if (tf32 && !int_mode && v != 0.f) { /* bits below tf32's 10-bit mantissa, ties included */
                const uint32_t low = rnd32() % 4 == 0 ? 0x1000u : (rnd32() & 0x1fffu);
                u = (u & 0xffffe000u) | low;
            }
            st[q] = u2f(u);
            val[q] = tf32 ? u2f(rna_tf32(u)) : v;
        }
    };
    gen(in.a_store, in.a_val, (size_t)(m * k));
    gen(in.b_store, in.b_val, (size_t)(k * n));
}

/* ref = opA opB and mag = |opA| |opB| in double (OpenMP over rows) */
static void reference(const inputs_t &in, int64_t m, int64_t n, int64_t k, std::vector<double> &ref, std::vector<double> &mag)
{
    ref.assign((size_t)(m * n), 0.0);
    mag.assign((size_t)(m * n), 0.0);
    std::vector<float> bt((size_t)(n * k)); /* opB transposed, for contiguous inner loops */
    for (int64_t kk = 0; kk < k; kk++)
        for (int64_t j = 0; j < n; j++) bt[(size_t)(j * k + kk)] = in.b_val[(size_t)(kk * n + j)];
#pragma omp parallel for schedule(dynamic, 4)
    for (int64_t i = 0; i < m; i++) {
        const float *ar = &in.a_val[(size_t)(i * k)];
        for (int64_t j = 0; j < n; j++) {
            const float *br = &bt[(size_t)(j * k)];
            double s = 0, sa = 0;
            for (int64_t kk = 0; kk < k; kk++) {
                const double p = (double)ar[kk] * br[kk];
                s += p;
                sa += std::fabs(p);
            }
            ref[(size_t)(i * n + j)] = s;
            mag[(size_t)(i * n + j)] = sa;
        }
    }
}

/* One stored matrix on the device: exactly its span (plus `off` elements in front). */
struct dmat {
    void *alloc = nullptr, *ptr = nullptr;
    int64_t rows = 0, cols = 0, ld = 0;
    size_t esz = 0, span = 0;
};
static size_t span_of(int64_t rows, int64_t cols, int64_t ld) { return rows && cols ? (size_t)((rows - 1) * ld + cols) : 0; }

/* stores logical X (R x Cc, row-major) into a rows x cols matrix with ld: transposed if `trans` */
static dmat upload(const std::vector<float> &X, int64_t R, int64_t Cc, bool trans, int64_t ld, int off, gp_dtype t)
{
    dmat d;
    d.rows = trans ? Cc : R;
    d.cols = trans ? R : Cc;
    d.ld = ld;
    d.esz = gp__gemm_elem_size(t);
    d.span = span_of(d.rows, d.cols, ld);
    std::vector<unsigned char> h((d.span + off) * d.esz, 0xEE);
    for (int64_t r = 0; r < d.rows; r++)
        for (int64_t c = 0; c < d.cols; c++) {
            const float v = trans ? X[(size_t)(c * Cc + r)] : X[(size_t)(r * Cc + c)];
            unsigned char *q = &h[((size_t)off + (size_t)(r * ld + c)) * d.esz];
            if (d.esz == 4) memcpy(q, &v, 4);
            else { const uint16_t b = to_bits16(v, t); memcpy(q, &b, 2); }
        }
    CK(cudaMalloc(&d.alloc, h.size()));
    CK(cudaMemcpy(d.alloc, h.data(), h.size(), cudaMemcpyHostToDevice));
    d.ptr = (char *)d.alloc + (size_t)off * d.esz;
    return d;
}
static void release(dmat &d)
{
    if (d.alloc) CK(cudaFree(d.alloc));
    d.alloc = d.ptr = nullptr;
}

struct stat_t {
    long cases = 0, failed = 0;
    double worst = 0; /* max error / bound over passing elements of frac inputs */
};
static stat_t g_stat[NRUNGS][NCOMBOS];
static long g_fail_total = 0;

/* Runs every rung on one (shape, transposes, layout, combo, inputs) and checks C. */
static void verify_case(const shape_t &sh, int ta, int tb, int layout, const combo_t &cb, bool int_mode,
                        const inputs_t &in, const std::vector<double> &ref, const std::vector<double> &mag)
{
    const int64_t m = sh.m, n = sh.n, k = sh.k;
    const size_t esz = gp__gemm_elem_size(cb.ab), csz = gp__gemm_elem_size(cb.c);
    const int64_t vec_e = 16 / (int64_t)esz;
    /* layout 0: tight ld (= the row length: odd shapes take the fall-back); 1: ld padded to 16-byte rows plus
     * one more 16 bytes (the cp.async path, with padding columns in C); 2: padded ld but every base pointer
     * one element off 16 bytes (fall-back) */
    auto ldof = [&](int64_t cols, int64_t e) { return layout == 0 ? std::max<int64_t>(cols, 1) : ((cols + e - 1) / e) * e + e; };
    const int off = layout == 2 ? 1 : 0;
    const int64_t lda = ldof(ta ? m : k, vec_e), ldb = ldof(tb ? k : n, vec_e), ldc = ldof(n, 16 / (int64_t)csz);
    dmat A, B;
    if (k > 0) {
        A = upload(in.a_store, m, k, ta, lda, off, cb.ab);
        B = upload(in.b_store, k, n, tb, ldb, off, cb.ab);
    }
    const size_t cspan = span_of(m, n, ldc);
    const float alpha = int_mode ? 2.f : 0.75f;
    for (int bi = 0; bi < 2; bi++) {
        const float beta = bi == 0 ? 0.f : (int_mode ? -0.5f : -1.25f);
        /* initial C: NaN (beta 0) or values of the input set, in C's type; the padding keeps them */
        std::vector<unsigned char> c0(cspan * csz);
        std::vector<float> c0v(cspan);
        for (size_t q = 0; q < cspan; q++) {
            const float v = bi == 0 ? NAN : int_mode ? (float)((int)(rnd32() % 7) - 3) : (float)((int)(rnd32() % 513) - 256) / 256.f;
            if (csz == 4) { memcpy(&c0[q * 4], &v, 4); c0v[q] = v; }
            else { const uint16_t b = to_bits16(v, cb.c); memcpy(&c0[q * 2], &b, 2); c0v[q] = from_bits16(b, cb.c); }
        }
        void *Cal = nullptr;
        CK(cudaMalloc(&Cal, cspan * csz + (off ? csz : 0)));
        void *C = (char *)Cal + (off ? csz : 0);
        std::vector<unsigned char> got(cspan * csz);
        for (int r = 0; r < NRUNGS; r++) {
            CK(cudaMemcpy(C, c0.data(), cspan * csz, cudaMemcpyHostToDevice));
            gp_gemm_args p;
            memset(&p, 0, sizeof p);
            p.m = m; p.n = n; p.k = k;
            p.A = k ? A.ptr : nullptr; p.B = k ? B.ptr : nullptr; p.C = C;
            p.lda = lda; p.ldb = ldb; p.ldc = ldc;
            p.alpha = alpha; p.beta = beta;
            p.ta = ta; p.tb = tb;
            p.ab_type = cb.ab; p.c_type = cb.c; p.compute = cb.compute;
            p.vec_a = k ? gp__gemm_vec_ok(p.A, lda, esz) : 0;
            p.vec_b = k ? gp__gemm_vec_ok(p.B, ldb, esz) : 0;
            p.vec_c = gp__gemm_vec_ok(C, ldc, csz);
            int ran = -1;
            const gp_status st = launch(RUNGS[r], &p, &ran);
            const cudaError_t e = cudaDeviceSynchronize();
            stat_t &S = g_stat[r][&cb - COMBOS];
            if (st == GP_ERROR_NOT_SUPPORTED && e == cudaSuccess) continue; /* a configuration this device cannot run */
            S.cases++;
            if (st != GP_SUCCESS || e != cudaSuccess) {
                fprintf(g_log, "FAIL %-13s %-10s m=%lld n=%lld k=%lld ta=%d tb=%d layout=%d: status %d, %s\n", RUNGS[r].name,
                        cb.name, (long long)m, (long long)n, (long long)k, ta, tb, layout, (int)st, cudaGetErrorString(e));
                printf("FAIL %s %s m=%lld n=%lld k=%lld ta=%d tb=%d layout=%d: status %d, %s\n", RUNGS[r].name, cb.name,
                       (long long)m, (long long)n, (long long)k, ta, tb, layout, (int)st, cudaGetErrorString(e));
                S.failed++;
                g_fail_total++;
                if (e != cudaSuccess) exit(3); /* a sticky error: nothing after it can be trusted */
                continue;
            }
            CK(cudaMemcpy(got.data(), C, cspan * csz, cudaMemcpyDeviceToHost));
            const double u_out = cb.c == GP_DTYPE_BF16 ? std::ldexp(1.0, -8) : cb.c == GP_DTYPE_F16 ? std::ldexp(1.0, -11) : 0.0;
            long bad = 0, outside = 0;
            double worst = 0;
            int64_t bi0 = -1, bj0 = -1;
            double bgot = 0, bwant = 0;
#pragma omp parallel for reduction(+ : bad, outside) reduction(max : worst) schedule(static)
            for (int64_t i = 0; i < m; i++) {
                for (int64_t j = 0; j < ldc && (i < m - 1 || j < n); j++) {
                    const size_t q = (size_t)(i * ldc + j);
                    if (j >= n) {
                        if (memcmp(&got[q * csz], &c0[q * csz], csz)) outside++;
                        continue;
                    }
                    float g;
                    if (csz == 4) memcpy(&g, &got[q * 4], 4);
                    else { uint16_t b; memcpy(&b, &got[q * 2], 2); g = from_bits16(b, cb.c); }
                    const double rf = ref[(size_t)(i * n + j)], mg = mag[(size_t)(i * n + j)];
                    const double cb0 = bi == 0 ? 0.0 : (double)beta * c0v[q];
                    const double want = (double)alpha * rf + cb0;
                    double bound = int_mode ? std::ldexp(std::fabs(alpha) * mg + std::fabs(cb0), -22)
                                            : (double)(k + 2) * std::ldexp(std::fabs(alpha) * mg, -23) +
                                                  std::ldexp(std::fabs(alpha * rf) + std::fabs(cb0), -22);
                    bound += u_out * std::fabs(want) + 1e-30;
                    const double err = std::fabs((double)g - want);
                    if (!(err <= bound)) {
                        bad++;
#pragma omp critical
                        if (bi0 < 0) { bi0 = i; bj0 = j; bgot = g; bwant = want; }
                    } else if (!int_mode) {
                        worst = std::max(worst, err / bound);
                    }
                }
            }
            S.worst = std::max(S.worst, worst);
            const bool ok = bad == 0 && outside == 0;
            if (!ok) { S.failed++; g_fail_total++; }
            fprintf(g_log, "%s %-13s %-10s m=%lld n=%lld k=%lld ta=%d tb=%d lda=%lld ldb=%lld ldc=%lld off=%d vec=%d%d%d %s beta=%g cfg=%d: "
                           "bad %ld, outside written %ld, max err/bound %.3g",
                    ok ? "ok  " : "FAIL", RUNGS[r].name, cb.name, (long long)m, (long long)n, (long long)k, ta, tb,
                    (long long)lda, (long long)ldb, (long long)ldc, off, p.vec_a, p.vec_b, p.vec_c, int_mode ? "int " : "frac",
                    beta, ran, bad, outside, worst);
            if (bad) fprintf(g_log, " (first C[%lld][%lld] = %.9g, want %.9g)", (long long)bi0, (long long)bj0, bgot, bwant);
            fprintf(g_log, "\n");
        }
        CK(cudaFree(Cal));
    }
    release(A);
    release(B);
}

static void verify(bool small)
{
    const shape_t shapes[] = {
        {1, 1, 1, true},        {127, 129, 131, true},  {1000, 1, 1000, true},  {64, 72, 37, true},
        {33, 65, 7, true},      {65, 70, 0, true},      {256, 256, 256, true},  {200, 264, 520, true},
        {4097, 4095, 33, false}, {384, 512, 320, false}, {300, 700, 1500, false}, {1024, 1024, 1024, false},
    };
    for (const shape_t &sh : shapes) {
        if (small && !sh.small) continue;
        const bool big = sh.m * sh.n > 4000000;
        for (int tf = 0; tf < 2; tf++) { /* 16-bit inputs, then tf32 */
            for (int mode = 0; mode < 2; mode++) { /* frac, int */
                if ((big || small) && mode == 1 && tf == 1) continue;
                inputs_t in;
                std::vector<double> ref, mag;
                make_inputs(in, sh.m, sh.n, sh.k, mode == 1, tf == 1);
                reference(in, sh.m, sh.n, sh.k, ref, mag);
                for (int c = 0; c < NCOMBOS; c++) {
                    if ((COMBOS[c].compute == GP_COMPUTE_TF32) != (tf == 1)) continue;
                    for (int tr = 0; tr < 4; tr++) {
                        const int ta = tr & 1, tb = tr >> 1;
                        for (int layout = 0; layout < 3; layout++) {
                            /* the big shape: one input set and one layout per transpose combination */
                            if (big && (mode != tr % 2 || layout != (tr + mode) % 3)) continue;
                            /* --small (compute-sanitizer): the int inputs only where no tf32 ones ran */
                            if (small && mode == 1 && layout == 2) continue;
                            if (!big && layout == 2 && (tr + mode) % 2) continue;
                            verify_case(sh, ta, tb, layout, COMBOS[c], mode == 1, in, ref, mag);
                        }
                    }
                }
            }
        }
        printf("verified m=%lld n=%lld k=%lld: %ld failures so far\n", (long long)sh.m, (long long)sh.n, (long long)sh.k, g_fail_total);
        fflush(stdout);
    }
    printf("\n== verification: %s (%ld failed runs)\n", g_fail_total ? "FAILED" : "passed", g_fail_total);
    printf("%-14s", "rung");
    for (int c = 0; c < NCOMBOS; c++) printf(" %22s", COMBOS[c].name);
    printf("\n");
    for (int r = 0; r < NRUNGS; r++) {
        printf("%-14s", RUNGS[r].name);
        for (int c = 0; c < NCOMBOS; c++) {
            char b[64];
            snprintf(b, sizeof b, "%ld/%ld ok, err/bnd %.2g", g_stat[r][c].cases - g_stat[r][c].failed, g_stat[r][c].cases,
                     g_stat[r][c].worst);
            printf(" %22s", b);
        }
        printf("\n");
    }
    printf("(err/bnd: the largest error over its bound among the frac-input elements; a few runs of each shape in the log)\n");
}

/* ---- timing ---- */
__global__ void fill_random(void *p, size_t cnt, int esz, gp_dtype t, uint64_t seed)
{
    for (size_t q = blockIdx.x * (size_t)blockDim.x + threadIdx.x; q < cnt; q += (size_t)gridDim.x * blockDim.x) {
        uint64_t x = (q + 1) * 0x9E3779B97F4A7C15ull ^ seed;
        x ^= x >> 31; x *= 0xBF58476D1CE4E5B9ull; x ^= x >> 29;
        const float v = (float)((x >> 40) & 0xffffff) / 8388608.f - 1.f; /* [-1, 1) */
        if (esz == 4) ((float *)p)[q] = v;
        else if (t == GP_DTYPE_BF16) ((__nv_bfloat16 *)p)[q] = __float2bfloat16_rn(v);
        else ((__half *)p)[q] = __float2half_rn(v);
    }
}
/* sums of (x - y)^2 and y^2 over n elements of type t */
__global__ void diff_norms(const void *x, const void *y, size_t cnt, int esz, gp_dtype t, double *out)
{
    double d = 0, r = 0;
    for (size_t q = blockIdx.x * (size_t)blockDim.x + threadIdx.x; q < cnt; q += (size_t)gridDim.x * blockDim.x) {
        float a, b;
        if (esz == 4) { a = ((const float *)x)[q]; b = ((const float *)y)[q]; }
        else if (t == GP_DTYPE_BF16) { a = __bfloat162float(((const __nv_bfloat16 *)x)[q]); b = __bfloat162float(((const __nv_bfloat16 *)y)[q]); }
        else { a = __half2float(((const __half *)x)[q]); b = __half2float(((const __half *)y)[q]); }
        d += ((double)a - b) * ((double)a - b);
        r += (double)b * b;
    }
    for (int o = 16; o; o >>= 1) { d += __shfl_xor_sync(~0u, d, o); r += __shfl_xor_sync(~0u, r, o); }
    if ((threadIdx.x & 31) == 0) { atomicAdd(&out[0], d); atomicAdd(&out[1], r); }
}

static cublasLtHandle_t g_lt;
static void *g_ws;
static const size_t WS_BYTES = (size_t)64 << 20;
static cudaDataType_t cuda_type(gp_dtype t) { return t == GP_DTYPE_F32 ? CUDA_R_32F : t == GP_DTYPE_F16 ? CUDA_R_16F : CUDA_R_16BF; }

/* cuBLASLt for row-major C (m x n) = alpha op(A) op(B) + beta C: column-major C^T = op(B)^T op(A)^T. */
struct lt_plan {
    cublasLtMatmulDesc_t op = nullptr;
    cublasLtMatrixLayout_t la = nullptr, lb = nullptr, lc = nullptr;
    cublasLtMatmulAlgo_t algo;
    bool ok = false;
};
#define LTCK(x) do { cublasStatus_t s_ = (x); if (s_ != CUBLAS_STATUS_SUCCESS) { fprintf(g_log, "cublasLt: %s = %d\n", #x, (int)s_); return pl; } } while (0)
static lt_plan lt_make(int ta, int tb, int64_t m, int64_t n, int64_t k, int64_t lda, int64_t ldb, int64_t ldc, const combo_t &cb)
{
    lt_plan pl;
    const cublasComputeType_t ct = cb.compute == GP_COMPUTE_TF32 ? CUBLAS_COMPUTE_32F_FAST_TF32 : CUBLAS_COMPUTE_32F;
    LTCK(cublasLtMatmulDescCreate(&pl.op, ct, CUDA_R_32F));
    const cublasOperation_t opa = tb ? CUBLAS_OP_T : CUBLAS_OP_N, opb = ta ? CUBLAS_OP_T : CUBLAS_OP_N;
    LTCK(cublasLtMatmulDescSetAttribute(pl.op, CUBLASLT_MATMUL_DESC_TRANSA, &opa, sizeof opa));
    LTCK(cublasLtMatmulDescSetAttribute(pl.op, CUBLASLT_MATMUL_DESC_TRANSB, &opb, sizeof opb));
    /* cuBLAS's A is our B: column-major n x k (as stored, tb = 0) or k x n (tb = 1), ld = ldb */
    LTCK(cublasLtMatrixLayoutCreate(&pl.la, cuda_type(cb.ab), tb ? k : n, tb ? n : k, ldb));
    /* cuBLAS's B is our A: column-major k x m (ta = 0) or m x k (ta = 1), ld = lda */
    LTCK(cublasLtMatrixLayoutCreate(&pl.lb, cuda_type(cb.ab), ta ? m : k, ta ? k : m, lda));
    LTCK(cublasLtMatrixLayoutCreate(&pl.lc, cuda_type(cb.c), n, m, ldc));
    cublasLtMatmulPreference_t pref;
    LTCK(cublasLtMatmulPreferenceCreate(&pref));
    LTCK(cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &WS_BYTES, sizeof WS_BYTES));
    cublasLtMatmulHeuristicResult_t res;
    int cnt = 0;
    LTCK(cublasLtMatmulAlgoGetHeuristic(g_lt, pl.op, pl.la, pl.lb, pl.lc, pl.lc, pref, 1, &res, &cnt));
    cublasLtMatmulPreferenceDestroy(pref);
    if (cnt < 1) { fprintf(g_log, "cublasLt: no algorithm\n"); return pl; }
    pl.algo = res.algo;
    pl.ok = true;
    return pl;
}
static bool lt_run(const lt_plan &pl, const void *A, const void *B, void *C, float alpha, float beta)
{
    return cublasLtMatmul(g_lt, pl.op, &alpha, B, pl.la, A, pl.lb, &beta, C, pl.lc, C, pl.lc, &pl.algo, g_ws, WS_BYTES, 0) ==
           CUBLAS_STATUS_SUCCESS;
}
static void lt_free(lt_plan &pl)
{
    if (pl.la) cublasLtMatrixLayoutDestroy(pl.la);
    if (pl.lb) cublasLtMatrixLayoutDestroy(pl.lb);
    if (pl.lc) cublasLtMatrixLayoutDestroy(pl.lc);
    if (pl.op) cublasLtMatmulDescDestroy(pl.op);
}

/* median time (ms) of reps runs of f(set) over rotating sets, after 2 warm-ups. The runs are queued back to
 * back with an event between consecutive ones (one synchronisation at the end), so the host's launch latency
 * is hidden as it is in an application's stream. */
template <class F>
static double time_ms(F f, int nsets, int reps)
{
    std::vector<cudaEvent_t> ev(reps + 1);
    for (auto &e : ev) CK(cudaEventCreate(&e));
    for (int w = 0; w < 2; w++) f(w % nsets);
    CK(cudaEventRecord(ev[0]));
    for (int r = 0; r < reps; r++) {
        f(r % nsets);
        CK(cudaEventRecord(ev[r + 1]));
    }
    CK(cudaEventSynchronize(ev[reps]));
    CK(cudaGetLastError());
    std::vector<float> t(reps);
    for (int r = 0; r < reps; r++) CK(cudaEventElapsedTime(&t[r], ev[r], ev[r + 1]));
    for (auto &e : ev) cudaEventDestroy(e);
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

struct timing_row {
    char what[96];
    double tflops, ratio;
};
static std::vector<timing_row> g_rows;

static void time_case(int64_t m, int64_t n, int64_t k, int ta, int tb, const combo_t &cb, bool all_rungs, bool skip_r01)
{
    const size_t esz = gp__gemm_elem_size(cb.ab), csz = gp__gemm_elem_size(cb.c);
    const int64_t lda = ta ? m : k, ldb = tb ? k : n, ldc = n;
    const size_t abytes = (size_t)(m * k) * esz, bbytes = (size_t)(k * n) * esz, cbytes = (size_t)(m * n) * csz;
    const size_t set = abytes + bbytes + cbytes;
    size_t freeb, totalb;
    CK(cudaMemGetInfo(&freeb, &totalb));
    int nsets = (int)std::min<size_t>(32, (4 * (size_t)g_prop.l2CacheSize + set - 1) / set);
    const size_t room = freeb > ((size_t)2 << 30) ? freeb - ((size_t)2 << 30) : 0;
    nsets = std::max(1, std::min(nsets, (int)(room / (set + cbytes))));
    std::vector<void *> A(nsets), B(nsets), C(nsets);
    for (int s = 0; s < nsets; s++) {
        CK(cudaMalloc(&A[s], abytes));
        CK(cudaMalloc(&B[s], bbytes));
        CK(cudaMalloc(&C[s], cbytes));
        fill_random<<<1024, 256>>>(A[s], (size_t)(m * k), (int)esz, cb.ab, 1000 + s);
        fill_random<<<1024, 256>>>(B[s], (size_t)(k * n), (int)esz, cb.ab, 2000 + s);
        CK(cudaMemset(C[s], 0, cbytes));
    }
    void *Cref;
    double *norms;
    CK(cudaMalloc(&Cref, cbytes));
    CK(cudaMalloc(&norms, 2 * sizeof(double)));
    const double flop = 2.0 * m * n * k;
    const int reps = flop > 5e11 ? 10 : flop > 5e10 ? 20 : 50;
    char lay[8];
    snprintf(lay, sizeof lay, "%c%c", ta ? 'T' : 'N', tb ? 'T' : 'N');

    lt_plan pl = lt_make(ta, tb, m, n, k, lda, ldb, ldc, cb);
    double t_lt = NAN;
    if (pl.ok && lt_run(pl, A[0], B[0], Cref, 1.f, 0.f)) /* Cref: cuBLAS's result on set 0 */
        t_lt = time_ms([&](int s) { lt_run(pl, A[s], B[s], C[s], 1.f, 0.f); }, nsets, reps);
    CK(cudaDeviceSynchronize());
    fprintf(g_log, "time %lldx%lldx%lld %s %s: %d sets, %d reps, cublasLt %.4f ms = %.1f TFLOP/s\n", (long long)m, (long long)n,
            (long long)k, lay, cb.name, nsets, reps, t_lt, flop / t_lt * 1e-9);
    timing_row row;
    snprintf(row.what, sizeof row.what, "%lldx%lldx%lld %s %-10s cublasLt", (long long)m, (long long)n, (long long)k, lay, cb.name);
    row.tflops = flop / t_lt * 1e-9;
    row.ratio = 1.0;
    g_rows.push_back(row);
    for (int r = 0; r < NRUNGS; r++) {
        if (!all_rungs && !(RUNGS[r].rung == 3 && RUNGS[r].cfg < 0)) continue;
        if (skip_r01 && RUNGS[r].rung == 1) continue;
        gp_gemm_args p;
        memset(&p, 0, sizeof p);
        p.m = m; p.n = n; p.k = k; p.lda = lda; p.ldb = ldb; p.ldc = ldc; p.alpha = 1.f; p.beta = 0.f;
        p.ta = ta; p.tb = tb; p.ab_type = cb.ab; p.c_type = cb.c; p.compute = cb.compute;
        p.vec_a = p.vec_b = p.vec_c = 1; /* cudaMalloc'd, ld a multiple of 8 */
        int ran = -1;
        p.A = A[0]; p.B = B[0]; p.C = C[0];
        if (launch(RUNGS[r], &p, &ran) == GP_ERROR_NOT_SUPPORTED) continue;
        auto run = [&](int s) {
            p.A = A[s]; p.B = B[s]; p.C = C[s];
            gp_status st = launch(RUNGS[r], &p, &ran);
            if (st != GP_SUCCESS) { fprintf(stderr, "%s: status %d\n", RUNGS[r].name, (int)st); exit(3); }
        };
        const double t = time_ms(run, nsets, reps);
        run(0);
        CK(cudaMemset(norms, 0, 2 * sizeof(double)));
        diff_norms<<<1024, 256>>>(C[0], Cref, (size_t)(m * n), (int)csz, cb.c, norms);
        double hn[2];
        CK(cudaMemcpy(hn, norms, sizeof hn, cudaMemcpyDeviceToHost));
        const double rel = std::sqrt(hn[0] / std::max(hn[1], 1e-300));
        const double lim = cb.c == GP_DTYPE_F32 ? (cb.compute == GP_COMPUTE_TF32 ? 2e-3 : 1e-5) : 1e-2;
        const bool ok = rel <= lim;
        if (!ok) g_fail_total++;
        snprintf(row.what, sizeof row.what, "%lldx%lldx%lld %s %-10s %s%s", (long long)m, (long long)n, (long long)k, lay, cb.name,
                 RUNGS[r].name, RUNGS[r].cfg < 0 && RUNGS[r].rung == 3 ? (ran == 0 ? " (cfg0)" : ran == 1 ? " (cfg1)" : ran == 2 ? " (cfg2)" : " (cfg3)") : "");
        row.tflops = flop / t * 1e-9;
        row.ratio = t_lt / t;
        g_rows.push_back(row);
        fprintf(g_log, "time %s: %.4f ms = %.1f TFLOP/s = %.3fx cublasLt; vs cublasLt rel. Frobenius %.2e %s\n", row.what, t,
                row.tflops, row.ratio, rel, ok ? "ok" : "MISMATCH");
        fflush(g_log);
    }
    lt_free(pl);
    for (int s = 0; s < nsets; s++) { cudaFree(A[s]); cudaFree(B[s]); cudaFree(C[s]); }
    cudaFree(Cref);
    cudaFree(norms);
}

static void timing()
{
    CK(cudaMalloc(&g_ws, WS_BYTES));
    if (cublasLtCreate(&g_lt) != CUBLAS_STATUS_SUCCESS) { fprintf(stderr, "cublasLtCreate failed\n"); exit(2); }
    const int64_t sizes[] = {1024, 4096, 8192};
    for (int c : {1, 3}) /* bf16 -> bf16, f16 -> f16 */
        for (int64_t s : sizes) time_case(s, s, s, 0, 0, COMBOS[c], true, false);
    time_case(4096, 4096, 4096, 0, 0, COMBOS[0], false, false); /* bf16 -> f32 */
    time_case(4096, 4096, 4096, 0, 0, COMBOS[4], true, false);  /* tf32 */
    for (int tr = 1; tr < 4; tr++) time_case(4096, 4096, 4096, tr & 1, tr >> 1, COMBOS[1], false, false);
    printf("\n== timing (%s, %d SMs; median of >= 10 runs; ratio = cublasLt time / rung time)\n", g_prop.name, g_prop.multiProcessorCount);
    for (const timing_row &r : g_rows) printf("%-58s %7.1f TFLOP/s  %6.3fx\n", r.what, r.tflops, r.ratio);
    cublasLtDestroy(g_lt);
    cudaFree(g_ws);
}

int main(int argc, char **argv)
{
    bool small = false, ver = true, tim = true;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--small")) small = true;
        else if (!strcmp(argv[i], "--no-verify")) ver = false;
        else if (!strcmp(argv[i], "--no-time")) tim = false;
        else if (!strcmp(argv[i], "--log") && i + 1 < argc) {
            g_log = fopen(argv[++i], "w");
            if (!g_log) { perror(argv[i]); return 2; }
        } else {
            fprintf(stderr, "usage: %s [--small] [--no-verify] [--no-time] [--log FILE]\n", argv[0]);
            return 2;
        }
    }
    int dev = 0;
    if (cudaGetDevice(&dev) != cudaSuccess || cudaGetDeviceProperties(&g_prop, dev) != cudaSuccess) {
        fprintf(stderr, "no CUDA device\n");
        return 77;
    }
    g_dev.device = dev;
    g_dev.cc_major = g_prop.major;
    g_dev.cc_minor = g_prop.minor;
    g_dev.sm_count = g_prop.multiProcessorCount;
    g_dev.max_threads_per_sm = g_prop.maxThreadsPerMultiProcessor;
    g_dev.max_blocks_per_sm = g_prop.maxBlocksPerMultiProcessor;
    g_dev.l2_bytes = (size_t)g_prop.l2CacheSize;
    g_dev.smem_per_block_optin = g_prop.sharedMemPerBlockOptin;
    g_dev.smem_per_sm = g_prop.sharedMemPerMultiprocessor;
    printf("device: %s (sm_%d%d, %d SMs, %.0f MB L2)%s\n", g_prop.name, g_prop.major, g_prop.minor, g_prop.multiProcessorCount,
           g_prop.l2CacheSize / 1048576.0, small ? ", small shapes only" : "");
    if (ver) verify(small);
    if (tim && !small) timing();
    if (g_log != stdout) fclose(g_log);
    printf("\n%s\n", g_fail_total ? "RESULT: FAILED" : "RESULT: passed");
    return g_fail_total ? 1 : 0;
}
