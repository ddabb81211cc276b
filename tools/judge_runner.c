/* judge_runner.c — the child process of `gpuprim judge` (gpuprim-judge-runner): loads the user's shared
 * object, and for one problem runs its functional cases (exact-span device buffers, inputs made on the host,
 * outputs poisoned or set as LeetGPU's contract says, solve called, the device synchronised, every element
 * compared with the CPU reference) or its benchmark (the project's harness: CUDA events, warm-up, median,
 * buffer sets rotated over more than 4x the L2). It reports on fd 3, one record a line (judge.h); the user's
 * own output goes to stdout/stderr, which the judge keeps apart. A crash, a sticky CUDA error or a hang ends
 * only this process: the judge reads what was reported and says what happened.
 *
 * Launches are seen by interposing the runtime's launch entry points (the user's code is built with
 * -cudart shared and this program exports its own definitions): the kernel, grid, block and dynamic shared
 * memory of each distinct launch inside solve, for the registers and occupancy the judge reports.
 *
 * usage: gpuprim-judge-runner PROBLEM SO test SEED
 *        gpuprim-judge-runner PROBLEM SO bench SEED D0 D1 D2 D3 REPS
 *        gpuprim-judge-runner PROBLEM SO launches   (calls solve once with null pointers at size 1: the test of
 *                                                   the launch capture, which needs no GPU) */
#define _GNU_SOURCE /* RTLD_NEXT */
#include "judge.h"
#include "devdata.h"
#include "ref/ref.h"
#include <cuda_runtime.h>
#include <dlfcn.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static FILE *proto; /* fd 3 */

static void report(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(proto, fmt, ap);
    va_end(ap);
    fputc('\n', proto);
    fflush(proto);
}

/* ---- launch capture ---- */
#define MAX_LAUNCHES 16
typedef struct launch_rec {
    const void *func; /* a host stub or a cudaKernel_t: the runtime's Func* calls take either */
    dim3 grid, block;
    size_t smem;
    int count;
} launch_rec;
static launch_rec launches[MAX_LAUNCHES];
static int nlaunches, capturing, solves; /* solves: calls of solve while capturing */

static void record(const void *func, dim3 grid, dim3 block, size_t smem)
{
    if (!capturing) return;
    for (int i = 0; i < nlaunches; i++)
        if (launches[i].func == func && launches[i].block.x == block.x && launches[i].block.y == block.y &&
            launches[i].block.z == block.z && launches[i].smem == smem) {
            launches[i].count++;
            return;
        }
    if (nlaunches < MAX_LAUNCHES) {
        launch_rec r = {func, grid, block, smem, 1};
        launches[nlaunches++] = r;
    }
}

typedef cudaError_t (*launch_fn)(const void *, dim3, dim3, void **, size_t, cudaStream_t);

/* The runtime's own entry point `symbol` (index `which` of the four below), looked up once. */
static cudaError_t forward(int which, const char *symbol, const void *f, dim3 g, dim3 b, void **args, size_t smem,
                           cudaStream_t s)
{
    static launch_fn real[4];
    if (!real[which]) *(void **)&real[which] = dlsym(RTLD_NEXT, symbol);
    if (!real[which]) return cudaErrorUnknown;
    return real[which](f, g, b, args, smem, s);
}

/* CUDA 13's <<<>>> (crt/host_runtime.h: __cudaLaunchKernel_helper), then the public entry points. */
cudaError_t __cudaLaunchKernel(const void *k, dim3 g, dim3 b, void **args, size_t smem, cudaStream_t s);
cudaError_t __cudaLaunchKernel_ptsz(const void *k, dim3 g, dim3 b, void **args, size_t smem, cudaStream_t s);
cudaError_t cudaLaunchKernel_ptsz(const void *k, dim3 g, dim3 b, void **args, size_t smem, cudaStream_t s);

cudaError_t __cudaLaunchKernel(const void *k, dim3 g, dim3 b, void **args, size_t smem, cudaStream_t s)
{
    record(k, g, b, smem);
    return forward(0, "__cudaLaunchKernel", k, g, b, args, smem, s);
}
cudaError_t __cudaLaunchKernel_ptsz(const void *k, dim3 g, dim3 b, void **args, size_t smem, cudaStream_t s)
{
    record(k, g, b, smem);
    return forward(1, "__cudaLaunchKernel_ptsz", k, g, b, args, smem, s);
}
cudaError_t cudaLaunchKernel(const void *k, dim3 g, dim3 b, void **args, size_t smem, cudaStream_t s)
{
    record(k, g, b, smem);
    return forward(2, "cudaLaunchKernel", k, g, b, args, smem, s);
}
cudaError_t cudaLaunchKernel_ptsz(const void *k, dim3 g, dim3 b, void **args, size_t smem, cudaStream_t s)
{
    record(k, g, b, smem);
    return forward(3, "cudaLaunchKernel_ptsz", k, g, b, args, smem, s);
}

/* One record per distinct launch: what the runtime says of the kernel. */
static void report_launches(int with_attributes)
{
    for (int i = 0; i < nlaunches; i++) {
        const launch_rec *l = &launches[i];
        struct cudaFuncAttributes fa;
        const char *name = NULL;
        int rt_blocks = -1; /* the runtime's occupancy, next to the model's */
        memset(&fa, 0, sizeof fa);
        if (with_attributes) {
            if (cudaFuncGetName(&name, l->func) != cudaSuccess) name = NULL;
            if (cudaFuncGetAttributes(&fa, l->func) != cudaSuccess) memset(&fa, 0, sizeof fa);
            if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&rt_blocks, l->func, (int)(l->block.x * l->block.y * l->block.z),
                                                              l->smem) != cudaSuccess)
                rt_blocks = -1;
            (void)cudaGetLastError();
        }
        report("launch kernel=%s grid=%u,%u,%u block=%u,%u,%u dyn_smem=%zu regs=%d local=%zu static_smem=%zu "
               "max_threads=%d rt_blocks=%d calls=%d per_solve=%.2f",
               name ? name : "?", l->grid.x, l->grid.y, l->grid.z, l->block.x, l->block.y, l->block.z, l->smem,
               fa.numRegs, fa.localSizeBytes, fa.sharedSizeBytes, fa.maxThreadsPerBlock, rt_blocks, l->count,
               solves ? (double)l->count / solves : 0.0);
    }
}

/* ---- host data ---- */

static float uniform(uint64_t seed, int64_t i, float lo, float hi)
{
    const double u = (double)(gpt_mix64(seed ^ ((uint64_t)i * 0xD1B54A32D192ED03ull)) >> 40) * (1.0 / 16777216.0);
    float v = (float)(lo + (hi - lo) * u);
    return v < hi ? v : lo; /* [lo, hi) after rounding */
}

static int32_t uniform_int(uint64_t seed, int64_t i, int32_t lo, int32_t hi) /* [lo, hi] */
{
    return lo + (int32_t)(gpt_mix64(seed ^ ((uint64_t)i * 0x9E3779B97F4A7C15ull)) % (uint64_t)((int64_t)hi - lo + 1));
}

/* float -> IEEE half, round to nearest even (finite inputs well inside the half range here). */
static uint16_t float_to_half(float f)
{
    uint32_t x;
    memcpy(&x, &f, 4);
    const uint32_t sign = (x >> 16) & 0x8000u;
    int exp = (int)((x >> 23) & 0xFF) - 127 + 15;
    uint32_t man = x & 0x7FFFFFu;
    if (exp >= 31) return (uint16_t)(sign | 0x7C00u);
    if (exp <= 0) { /* subnormal half */
        if (exp < -10) return (uint16_t)sign;
        man |= 0x800000u;
        const int shift = 14 - exp;
        uint32_t h = man >> shift, rem = man & ((1u << shift) - 1), half = 1u << (shift - 1);
        if (rem > half || (rem == half && (h & 1))) h++;
        return (uint16_t)(sign | h);
    }
    uint32_t h = ((uint32_t)exp << 10) | (man >> 13), rem = man & 0x1FFFu;
    if (rem > 0x1000u || (rem == 0x1000u && (h & 1))) h++;
    return (uint16_t)(sign | h);
}

static int cmp_float_up(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

/* n floats of the case's data pattern for input `which` of problem p. */
static void make_floats(const gpj_problem *p, gpj_data data, int64_t n, uint64_t seed, int which, float *x)
{
    float lo = -1.f, hi = 1.f;
    seed = gpt_mix64(seed + 0x1000u * (uint64_t)which);
    switch (p->kind) {
    case GPJ_VECTOR_ADD: case GPJ_SORT: lo = -1000.f, hi = 1000.f; break;
    case GPJ_REDUCTION: lo = 0.f, hi = 1000.f; break;
    case GPJ_PREFIX_SUM: lo = data == GPJ_DATA_POSITIVE ? 0.f : -10.f, hi = data == GPJ_DATA_POSITIVE ? 1.f : 10.f; break;
    case GPJ_COMPACTION: lo = data == GPJ_DATA_NONE_KEPT ? -2.f : data == GPJ_DATA_ALL_KEPT ? 0.5f : -2.f;
        hi = data == GPJ_DATA_NONE_KEPT ? 0.f : 2.f; break;
    case GPJ_TRANSPOSE: lo = -10.f, hi = 10.f; break;
    default: break;
    }
    for (int64_t i = 0; i < n; i++) {
        switch (data) {
        case GPJ_DATA_SMALL_INT: x[i] = (float)uniform_int(seed, i, -16, 16); break;
        case GPJ_DATA_EQUAL: x[i] = 3.5f; break;
        case GPJ_DATA_SIGNS: {
            static const float special[] = {0.f, -0.f, FLT_MIN, -FLT_MIN, 1.f, -1.f, 1000.f, -1000.f};
            const uint64_t r = gpt_mix64(seed ^ (uint64_t)i);
            x[i] = r % 3 ? special[(r >> 8) % 8] : uniform(seed, i, -2.f, 2.f);
            break;
        }
        default: x[i] = uniform(seed, i, lo, hi); break;
        }
    }
    if (data == GPJ_DATA_SORTED || data == GPJ_DATA_REVERSED) {
        qsort(x, (size_t)n, sizeof(float), cmp_float_up);
        if (data == GPJ_DATA_REVERSED)
            for (int64_t i = 0; i < n / 2; i++) {
                float t = x[i];
                x[i] = x[n - 1 - i];
                x[n - 1 - i] = t;
            }
    }
}

/* ---- one call: buffers, inputs, solve, reference ---- */
enum { IN = 0, OUT_POISON, OUT_ZERO, INOUT };
#define MAX_BUF 4

typedef struct judge_call {
    const gpj_problem *p;
    int64_t d[4];
    float alpha, beta;
    int nbuf;
    size_t bytes[MAX_BUF];
    int role[MAX_BUF];
    void *host[MAX_BUF];   /* the inputs as made (INOUT: before the call) */
    int out;               /* the buffer that is checked */
    int64_t out_cols;      /* for the index text of 2-D outputs (0: 1-D) */
} judge_call;

static int add_buf(judge_call *c, size_t elems, size_t elem_bytes, int role)
{
    c->bytes[c->nbuf] = elems * elem_bytes;
    c->role[c->nbuf] = role;
    return c->nbuf++;
}

/* The buffers of problem p at sizes d (no allocation yet). */
static void plan(judge_call *c)
{
    const int64_t *d = c->d;
    c->nbuf = 0;
    c->out_cols = 0;
    switch (c->p->kind) {
    case GPJ_VECTOR_ADD: add_buf(c, d[0], 4, IN); add_buf(c, d[0], 4, IN); c->out = add_buf(c, d[0], 4, OUT_POISON); break;
    case GPJ_REDUCTION: add_buf(c, d[0], 4, IN); c->out = add_buf(c, 1, 4, OUT_POISON); break;
    case GPJ_PREFIX_SUM: add_buf(c, d[0], 4, IN); c->out = add_buf(c, d[0], 4, OUT_POISON); break;
    case GPJ_HISTOGRAM: add_buf(c, d[0], 4, IN); c->out = add_buf(c, d[1], 4, OUT_ZERO); break;
    case GPJ_TRANSPOSE: add_buf(c, d[0] * d[1], 4, IN); c->out = add_buf(c, d[0] * d[1], 4, OUT_POISON); c->out_cols = d[0]; break;
    case GPJ_MATMUL:
        add_buf(c, d[0] * d[1], 4, IN); add_buf(c, d[1] * d[2], 4, IN);
        c->out = add_buf(c, d[0] * d[2], 4, OUT_POISON); c->out_cols = d[2]; break;
    case GPJ_COMPACTION: add_buf(c, d[0], 4, IN); c->out = add_buf(c, d[0], 4, OUT_ZERO); break;
    case GPJ_SORT: c->out = add_buf(c, d[0], 4, INOUT); break;
    case GPJ_CONV2D:
        add_buf(c, d[0] * d[1], 4, IN); add_buf(c, d[2] * d[3], 4, IN);
        c->out = add_buf(c, (d[0] - d[2] + 1) * (d[1] - d[3] + 1), 4, OUT_POISON); c->out_cols = d[1] - d[3] + 1; break;
    case GPJ_GEMM_F16:
        add_buf(c, d[0] * d[2], 2, IN); add_buf(c, d[2] * d[1], 2, IN);
        c->out = add_buf(c, d[0] * d[1], 2, INOUT); c->out_cols = d[1]; break;
    default: break;
    }
}

/* The host inputs of every IN / INOUT buffer. 0 on success. */
static int make_inputs(judge_call *c, gpj_data data, uint64_t seed)
{
    for (int i = 0; i < c->nbuf; i++) {
        c->host[i] = NULL;
        if (c->role[i] != IN && c->role[i] != INOUT) continue;
        if (!(c->host[i] = malloc(c->bytes[i] ? c->bytes[i] : 1))) return 1;
        const int64_t n = (int64_t)(c->bytes[i] / (c->p->kind == GPJ_GEMM_F16 ? 2 : 4));
        if (c->p->kind == GPJ_HISTOGRAM) {
            const int32_t bins = (int32_t)c->d[1];
            int32_t *x = (int32_t *)c->host[i];
            for (int64_t k = 0; k < n; k++) x[k] = data == GPJ_DATA_EQUAL ? (bins - 1) / 2 : uniform_int(seed, k, 0, bins - 1);
        } else if (c->p->kind == GPJ_GEMM_F16) {
            uint16_t *x = (uint16_t *)c->host[i];
            const uint64_t s = gpt_mix64(seed + (uint64_t)i);
            for (int64_t k = 0; k < n; k++) x[k] = float_to_half((float)uniform_int(s, k, -256, 256) / 256.f);
        } else {
            make_floats(c->p, data, n, seed, i, (float *)c->host[i]);
        }
    }
    return 0;
}

typedef void (*fn_vector_add)(const float *, const float *, float *, int);
typedef void (*fn_in_out)(const float *, float *, int);
typedef void (*fn_histogram)(const int *, int *, int, int);
typedef void (*fn_transpose)(const float *, float *, int, int);
typedef void (*fn_matmul)(const float *, const float *, float *, int, int, int);
typedef void (*fn_compaction)(const float *, int, float *);
typedef void (*fn_sort)(float *, int);
typedef void (*fn_conv2d)(const float *, const float *, float *, int, int, int, int);
typedef void (*fn_gemm)(const void *, const void *, void *, int, int, int, float, float);

/* solve on buffers b[] (a null b is passed as is: the launch-capture test). */
static void call_solve(void *sym, const judge_call *c, void *const *b)
{
    const int64_t *d = c->d;
    solves += capturing;
    switch (c->p->kind) {
    case GPJ_VECTOR_ADD: (*(fn_vector_add *)&sym)(b[0], b[1], b[2], (int)d[0]); break;
    case GPJ_REDUCTION: case GPJ_PREFIX_SUM: (*(fn_in_out *)&sym)(b[0], b[1], (int)d[0]); break;
    case GPJ_HISTOGRAM: (*(fn_histogram *)&sym)(b[0], b[1], (int)d[0], (int)d[1]); break;
    case GPJ_TRANSPOSE: (*(fn_transpose *)&sym)(b[0], b[1], (int)d[0], (int)d[1]); break;
    case GPJ_MATMUL: (*(fn_matmul *)&sym)(b[0], b[1], b[2], (int)d[0], (int)d[1], (int)d[2]); break;
    case GPJ_COMPACTION: (*(fn_compaction *)&sym)(b[0], (int)d[0], b[1]); break;
    case GPJ_SORT: (*(fn_sort *)&sym)(b[0], (int)d[0]); break;
    case GPJ_CONV2D: (*(fn_conv2d *)&sym)(b[0], b[1], b[2], (int)d[0], (int)d[1], (int)d[2], (int)d[3]); break;
    case GPJ_GEMM_F16: (*(fn_gemm *)&sym)(b[0], b[1], b[2], (int)d[0], (int)d[1], (int)d[2], c->alpha, c->beta); break;
    default: break;
    }
}

/* Inputs copied, outputs poisoned or zeroed, on the legacy default stream the user's launches use. */
static int prepare(const judge_call *c, void *const *b)
{
    for (int i = 0; i < c->nbuf; i++) {
        if (!c->bytes[i]) continue;
        if (c->role[i] == IN || c->role[i] == INOUT) {
            if (cudaMemcpy(b[i], c->host[i], c->bytes[i], cudaMemcpyHostToDevice) != cudaSuccess) return 1;
        } else if (cudaMemset(b[i], c->role[i] == OUT_ZERO ? 0 : 0xFF, c->bytes[i]) != cudaSuccess) {
            return 1;
        }
    }
    return cudaDeviceSynchronize() != cudaSuccess;
}

/* The reference of the checked output, as doubles in want (integers in want_i for the histogram); slack, where
 * not NULL, gets each element's allowance beyond atol + rtol |want| (the f32 accumulation bound of a sum of
 * products; left as the caller set it elsewhere). */
static int reference(const judge_call *c, double *want, int32_t *want_i, double *slack)
{
    const int64_t *d = c->d;
    const float *x0 = (const float *)c->host[0], *x1 = (const float *)c->host[1];
    switch (c->p->kind) {
    case GPJ_VECTOR_ADD: {
        float *t = (float *)malloc((size_t)d[0] * 4);
        if (!t) return 1;
        gp_ref_map_f32(GP_BINOP_ADD, d[0], x0, x1, t);
        for (int64_t i = 0; i < d[0]; i++) want[i] = t[i];
        free(t);
        return 0;
    }
    case GPJ_REDUCTION: want[0] = gp_ref_reduce_f32(GP_REDUCE_SUM, d[0], x0, NULL); return 0;
    case GPJ_PREFIX_SUM: gp_ref_scan_f32(0, d[0], x0, want, NULL); return 0;
    case GPJ_HISTOGRAM: {
        uint32_t *bins = (uint32_t *)calloc((size_t)d[1], 4);
        if (!bins || gp_ref_histogram_even_i32(d[0], (const int32_t *)c->host[0], (int)d[1], 0, (int32_t)d[1], bins)) {
            free(bins);
            return 1;
        }
        for (int64_t i = 0; i < d[1]; i++) want_i[i] = (int32_t)bins[i];
        free(bins);
        return 0;
    }
    case GPJ_TRANSPOSE: {
        float *t = (float *)malloc((size_t)(d[0] * d[1]) * 4);
        if (!t) return 1;
        gp_ref_transpose(4, d[0], d[1], x0, d[1], t, d[0]);
        for (int64_t i = 0; i < d[0] * d[1]; i++) want[i] = t[i];
        free(t);
        return 0;
    }
    case GPJ_MATMUL: /* LeetGPU's A is M x N, B is N x K: sgemm's m = M, n = K, k = N */
        gp_ref_sgemm(0, 0, d[0], d[2], d[1], 1.0, x0, d[1], x1, d[2], 0.0, NULL, d[2], want);
        return 0;
    case GPJ_COMPACTION: {
        float *t = (float *)malloc((size_t)d[0] * 4);
        int64_t k;
        if (!t) return 1;
        k = gp_ref_select_f32(d[0], x0, GP_SELECT_GT, 0.f, t);
        for (int64_t i = 0; i < d[0]; i++) want[i] = i < k ? t[i] : 0.0;
        free(t);
        return 0;
    }
    case GPJ_SORT: {
        float *t = (float *)malloc((size_t)d[0] * 4);
        if (!t) return 1;
        memcpy(t, x0, (size_t)d[0] * 4);
        gpj_ref_sort_f32(d[0], t);
        for (int64_t i = 0; i < d[0]; i++) want[i] = t[i];
        free(t);
        return 0;
    }
    case GPJ_CONV2D: { /* F.conv2d without padding = the library's VALID cross-correlation; slack gets sum |x w| */
        const int64_t n = (d[0] - d[2] + 1) * (d[1] - d[3] + 1);
        gp_ref_conv2d_f32(d[0], d[1], x0, d[1], x1, (int)d[2], (int)d[3], GP_CONV_VALID, want, slack);
        for (int64_t i = 0; slack && i < n; i++) slack[i] = gpj_f32_sum_slack(d[2] * d[3], slack[i]);
        return 0;
    }
    case GPJ_GEMM_F16: {
        const int64_t M = d[0], N = d[1], K = d[2];
        const uint16_t *A = (const uint16_t *)c->host[0], *B = (const uint16_t *)c->host[1], *C = (const uint16_t *)c->host[2];
        double *at = (double *)malloc((size_t)(M * K) * sizeof(double)), *bt = (double *)malloc((size_t)(K * N) * sizeof(double));
        if (!at || !bt) {
            free(at);
            free(bt);
            return 1;
        }
        for (int64_t i = 0; i < M * K; i++) at[i] = gpj_half_to_float(A[i]);
        for (int64_t i = 0; i < K * N; i++) bt[i] = gpj_half_to_float(B[i]);
        for (int64_t i = 0; i < M; i++)
            for (int64_t j = 0; j < N; j++) {
                double s = 0;
                for (int64_t k = 0; k < K; k++) s += at[i * K + k] * bt[k * N + j];
                want[i * N + j] = c->alpha * s + c->beta * (double)gpj_half_to_float(C[i * N + j]);
            }
        free(at);
        free(bt);
        return 0;
    }
    default: return 1;
    }
}

/* A value for a record: "nan" for every NaN (printf may write "-nan" for the poison), else %.9g. */
static const char *num_text(double v, char *buf, size_t len)
{
    if (isnan(v)) snprintf(buf, len, "nan");
    else snprintf(buf, len, "%.9g", v);
    return buf;
}

/* One element of the reference of a product (matmul, gemm, conv2d): the benchmark's check of outputs too
 * large to compute whole on the CPU samples them. */
static double reference_one(const judge_call *c, int64_t idx, double *slack)
{
    const int64_t *d = c->d;
    double s = 0, a = 0;
    *slack = 0;
    if (c->p->kind == GPJ_MATMUL) { /* C (M x K) = A (M x N) B (N x K) */
        const float *A = (const float *)c->host[0], *B = (const float *)c->host[1];
        const int64_t i = idx / d[2], j = idx % d[2];
        for (int64_t k = 0; k < d[1]; k++) s += (double)A[i * d[1] + k] * B[k * d[2] + j];
        return s;
    }
    if (c->p->kind == GPJ_GEMM_F16) {
        const uint16_t *A = (const uint16_t *)c->host[0], *B = (const uint16_t *)c->host[1], *C = (const uint16_t *)c->host[2];
        const int64_t i = idx / d[1], j = idx % d[1];
        for (int64_t k = 0; k < d[2]; k++) s += (double)gpj_half_to_float(A[i * d[2] + k]) * gpj_half_to_float(B[k * d[1] + j]);
        return c->alpha * s + c->beta * (double)gpj_half_to_float(C[i * d[1] + j]);
    }
    { /* conv2d */
        const float *in = (const float *)c->host[0], *k = (const float *)c->host[1];
        const int64_t oc = d[1] - d[3] + 1, i = idx / oc, j = idx % oc;
        for (int64_t m = 0; m < d[2]; m++)
            for (int64_t q = 0; q < d[3]; q++) {
                const double p = (double)in[(i + m) * d[1] + j + q] * k[m * d[3] + q];
                s += p;
                a += fabs(p);
            }
        *slack = gpj_f32_sum_slack(d[2] * d[3], a);
        return s;
    }
}

#define SAMPLES 4099
/* The sampled check: SAMPLES indices spread over the output (the first and the last among them). */
static int check_sampled(const judge_call *c, void *const *b, const char *tag, const char *what)
{
    const size_t es = c->p->kind == GPJ_GEMM_F16 ? 2 : 4, bytes = c->bytes[c->out];
    const int64_t n = (int64_t)(bytes / es);
    unsigned char *got = (unsigned char *)malloc(bytes ? bytes : 1);
    int64_t bad = 0, first = -1, s;
    double first_got = 0, first_want = 0;
    char where[64];
    if (!got || cudaMemcpy(got, b[c->out], bytes, cudaMemcpyDeviceToHost) != cudaSuccess) {
        report("%s %s status=error msg=cannot read the output", tag, what);
        free(got);
        return 0;
    }
    for (s = 0; s < SAMPLES && n > 0; s++) {
        const int64_t idx = s == SAMPLES - 1 ? n - 1 : (int64_t)((double)s * (double)n / SAMPLES);
        const double g = es == 2 ? gpj_half_to_float(((const uint16_t *)got)[idx]) : ((const float *)got)[idx];
        double slack;
        const double w = reference_one(c, idx, &slack);
        if (gpj_first_mismatch_f64_slack(&g, &w, &slack, 1, c->p->atol, c->p->rtol, NULL) == 0) {
            if (first < 0) first = idx, first_got = g, first_want = w;
            bad++;
        }
    }
    gpj_index_text(first, c->out_cols, where, sizeof where);
    if (first >= 0) {
        char g[40], w[40];
        report("%s %s status=fail at=%lld where=%s got=%s expected=%s wrong=%lld of=%d(sampled)", tag, what,
               (long long)first, where, num_text(first_got, g, sizeof g), num_text(first_want, w, sizeof w),
               (long long)bad, SAMPLES);
    } else {
        report("%s %s status=pass sampled=%d", tag, what, SAMPLES);
    }
    free(got);
    return first < 0;
}

/* Compares the checked output of buffers b with the reference; reports a pass or the first wrong index. */
static int check(const judge_call *c, void *const *b, const char *tag, const char *what)
{
    const size_t bytes = c->bytes[c->out];
    const int64_t n = (int64_t)(bytes / (c->p->kind == GPJ_GEMM_F16 ? 2 : 4));
    void *got = malloc(bytes ? bytes : 1);
    double *want = (double *)malloc((size_t)(n ? n : 1) * sizeof(double)), *gotd = NULL;
    double *slack = (double *)calloc((size_t)(n ? n : 1), sizeof(double));
    int32_t *want_i = (int32_t *)malloc((size_t)(n ? n : 1) * 4);
    int64_t first, bad = 0;
    char where[64];
    int ok = 0;
    if (!got || !want || !want_i || !slack || cudaMemcpy(got, b[c->out], bytes, cudaMemcpyDeviceToHost) != cudaSuccess ||
        reference(c, want, want_i, slack)) {
        report("%s %s status=error msg=cannot read the output or make the reference", tag, what);
        goto out;
    }
    if (c->p->kind == GPJ_HISTOGRAM) {
        first = gpj_first_mismatch_i32((const int32_t *)got, want_i, n, &bad);
        gpj_index_text(first, 0, where, sizeof where);
        if (first >= 0)
            report("%s %s status=fail at=%lld where=%s got=%d expected=%d wrong=%lld of=%lld", tag, what,
                   (long long)first, where, ((const int32_t *)got)[first], want_i[first], (long long)bad, (long long)n);
        ok = first < 0;
    } else {
        if (!(gotd = (double *)malloc((size_t)(n ? n : 1) * sizeof(double)))) goto out;
        for (int64_t i = 0; i < n; i++)
            gotd[i] = c->p->kind == GPJ_GEMM_F16 ? gpj_half_to_float(((const uint16_t *)got)[i]) : ((const float *)got)[i];
        first = gpj_first_mismatch_f64_slack(gotd, want, slack, n, c->p->atol, c->p->rtol, &bad);
        gpj_index_text(first, c->out_cols, where, sizeof where);
        if (first >= 0) {
            char g[40], w[40];
            report("%s %s status=fail at=%lld where=%s got=%s expected=%s wrong=%lld of=%lld", tag, what,
                   (long long)first, where, num_text(gotd[first], g, sizeof g), num_text(want[first], w, sizeof w),
                   (long long)bad, (long long)n);
        }
        ok = first < 0;
    }
    if (ok) report("%s %s status=pass", tag, what);
out:
    free(got); free(want); free(want_i); free(gotd); free(slack);
    return ok;
}

static void free_call(judge_call *c)
{
    for (int i = 0; i < c->nbuf; i++) free(c->host[i]), c->host[i] = NULL;
}

/* After solve: a launch error (the call did nothing) or a kernel error (sticky: this process must end). */
static int after_solve(const char *tag, const char *what)
{
    cudaError_t e = cudaDeviceSynchronize(), launch = cudaGetLastError();
    if (e == cudaSuccess) e = launch;
    if (e == cudaSuccess) return 0;
    report("%s %s status=cuda-error error=%s msg=%s", tag, what, cudaGetErrorName(e), cudaGetErrorString(e));
    /* a sticky error (an illegal address, a trap) leaves the context unusable: it is returned again */
    if (cudaDeviceSynchronize() != cudaSuccess) exit(4);
    return 1;
}

/* ---- the functional cases ---- */
static int run_tests(const gpj_problem *p, void *sym, uint64_t seed)
{
    gpj_case cases[GPJ_MAX_CASES];
    const int n = gpj_cases(p, cases, GPJ_MAX_CASES);
    int passed = 0, failed = 0;
    for (int i = 0; i < n; i++) {
        judge_call c;
        void *b[MAX_BUF] = {NULL, NULL, NULL, NULL};
        char what[96], size[96];
        memset(&c, 0, sizeof c);
        c.p = p;
        memcpy(c.d, cases[i].d, sizeof c.d);
        c.alpha = cases[i].alpha;
        c.beta = cases[i].beta;
        plan(&c);
        gpj_size_text(p, c.d, size, sizeof size);
        snprintf(what, sizeof what, "index=%d", i);
        report("case %s status=start name=%s size=%s", what, cases[i].name, size);
        for (int k = 0; k < c.nbuf; k++)
            if (gpt_dev_alloc(&b[k], c.bytes[k])) {
                report("case %s status=error msg=cudaMalloc of %zu bytes failed", what, c.bytes[k]);
                return 5;
            }
        if (make_inputs(&c, cases[i].data, seed + (uint64_t)i) || prepare(&c, b)) {
            report("case %s status=error msg=cannot make the inputs", what);
            return 5;
        }
        capturing = 1;
        call_solve(sym, &c, b);
        capturing = 0;
        if (after_solve("case", what)) failed++;
        else if (check(&c, b, "case", what)) passed++;
        else failed++;
        for (int k = 0; k < c.nbuf; k++) cudaFree(b[k]);
        free_call(&c);
    }
    report_launches(1);
    report("done passed=%d failed=%d", passed, failed);
    return 0;
}

/* ---- the benchmark ---- */
#define MAX_SETS 64
struct timed {
    void *sym;
    judge_call *c;
    void *set[MAX_SETS][MAX_BUF];
    int sets;
};
static int timed_call(void *ctx, int iter)
{
    struct timed *t = (struct timed *)ctx;
    call_solve(t->sym, t->c, t->set[iter % t->sets]);
    return cudaPeekAtLastError() != cudaSuccess;
}

static int run_bench(const gpj_problem *p, void *sym, uint64_t seed, const int64_t *d, int reps)
{
    static struct timed t;
    judge_call c;
    struct cudaDeviceProp prop;
    size_t per_set = 0;
    gpb_timing tm;
    char size[96];
    int rc = 0;
    memset(&c, 0, sizeof c);
    memset(&t, 0, sizeof t);
    c.p = p;
    memcpy(c.d, d, sizeof c.d);
    c.alpha = c.beta = 1.f;
    plan(&c);
    gpj_size_text(p, c.d, size, sizeof size);
    if (cudaGetDeviceProperties(&prop, 0) != cudaSuccess) {
        report("error msg=cannot read the device's properties");
        return 5;
    }
    for (int k = 0; k < c.nbuf; k++) per_set += c.bytes[k];
    /* rotate over enough sets that one pass over them is more than 4x the L2 (at most 64) */
    t.sets = (int)((4 * (size_t)prop.l2CacheSize + per_set - 1) / (per_set ? per_set : 1));
    t.sets = t.sets < 1 ? 1 : t.sets > MAX_SETS ? MAX_SETS : t.sets;
    if (p->kind == GPJ_SORT) t.sets = 1; /* in place: every timed run is given the unsorted input again */
    if (make_inputs(&c, GPJ_DATA_RANDOM, seed)) {
        report("error msg=cannot make the inputs");
        return 5;
    }
    for (int s = 0; s < t.sets; s++)
        for (int k = 0; k < c.nbuf; k++)
            if (gpt_dev_alloc(&t.set[s][k], c.bytes[k])) {
                report("error msg=cudaMalloc of %zu bytes failed (buffer set %d of %d)", c.bytes[k], s + 1, t.sets);
                return 5;
            }
    for (int s = 0; s < t.sets; s++)
        if (prepare(&c, t.set[s])) {
            report("error msg=cannot copy the inputs");
            return 5;
        }
    t.sym = sym;
    t.c = &c;
    report("bench status=start size=%s sets=%d", size, t.sets);
    capturing = 1;
    if (p->kind == GPJ_SORT) {
        /* events around each call alone; the unsorted input is copied back before each, outside them */
        void *pristine = NULL;
        cudaEvent_t e0, e1;
        double *ms = (double *)malloc(sizeof(double) * (size_t)(reps > 0 ? reps + 2 : 102));
        const int n = reps > 0 ? reps : 100;
        if (!ms || gpt_dev_alloc(&pristine, c.bytes[0]) ||
            cudaMemcpy(pristine, c.host[0], c.bytes[0], cudaMemcpyHostToDevice) != cudaSuccess ||
            cudaEventCreate(&e0) != cudaSuccess || cudaEventCreate(&e1) != cudaSuccess) {
            report("error msg=cannot set up the timing");
            return 5;
        }
        for (int i = 0; i < n + 2; i++) { /* two warm-up runs */
            float f = 0;
            cudaMemcpyAsync(t.set[0][0], pristine, c.bytes[0], cudaMemcpyDeviceToDevice, 0);
            cudaEventRecord(e0, 0);
            call_solve(sym, &c, t.set[0]);
            cudaEventRecord(e1, 0);
            if (after_solve("bench", "phase=timing")) return 4;
            cudaEventElapsedTime(&f, e0, e1);
            if (i >= 2) ms[i - 2] = f;
        }
        {
            /* the median: insertion sort of the times */
            for (int i = 1; i < n; i++)
                for (int j = i; j > 0 && ms[j - 1] > ms[j]; j--) {
                    double x = ms[j];
                    ms[j] = ms[j - 1];
                    ms[j - 1] = x;
                }
            tm.reps = n;
            tm.min_ms = ms[0];
            tm.max_ms = ms[n - 1];
            tm.median_ms = n % 2 ? ms[n / 2] : 0.5 * (ms[n / 2 - 1] + ms[n / 2]);
        }
        free(ms);
        cudaFree(pristine);
    } else if (gpb_time(0, timed_call, &t, reps, &tm)) {
        capturing = 0;
        if (after_solve("bench", "phase=timing")) return 4;
        report("error msg=the timing failed");
        return 5;
    }
    capturing = 0;
    if (after_solve("bench", "phase=timing")) return 4;
    report("time median_ms=%.6f min_ms=%.6f max_ms=%.6f reps=%d sets=%d", tm.median_ms, tm.min_ms, tm.max_ms, tm.reps,
           t.sets);
    /* the result of one more call on freshly prepared set 0, checked: timed code is checked code */
    if (prepare(&c, t.set[0])) return 5;
    call_solve(sym, &c, t.set[0]);
    if (after_solve("benchcheck", "phase=check")) return 4;
    if (p->kind == GPJ_MATMUL || p->kind == GPJ_GEMM_F16 || p->kind == GPJ_CONV2D) /* too large for a whole CPU product */
        check_sampled(&c, t.set[0], "benchcheck", "phase=check");
    else
        check(&c, t.set[0], "benchcheck", "phase=check");
    report_launches(1);
    report("done");
    for (int s = 0; s < t.sets; s++)
        for (int k = 0; k < c.nbuf; k++) cudaFree(t.set[s][k]);
    free_call(&c);
    return rc;
}

int main(int argc, char **argv)
{
    const gpj_problem *p;
    void *so, *sym;
    /* the records go to fd 3 (the judge's pipe); GPUPRIM_JUDGE_PROTOCOL_STDOUT=1 sends them to stdout (tests) */
    if (getenv("GPUPRIM_JUDGE_PROTOCOL_STDOUT") || !(proto = fdopen(GPJ_PROTOCOL_FD, "w"))) proto = stdout;
    if (argc < 4 || !(p = gpj_find_problem(argv[1]))) {
        fprintf(stderr, "usage: gpuprim-judge-runner PROBLEM SO test|bench|launches [SEED [D0 D1 D2 D3 REPS]]\n"
                        "(the child process of 'gpuprim judge'; run that instead)\n");
        return 2;
    }
    if (!(so = dlopen(argv[2], RTLD_NOW | RTLD_LOCAL))) {
        report("error kind=load msg=cannot load the compiled file: %s", dlerror());
        return 5;
    }
    if (!(sym = dlsym(so, "solve"))) {
        report("error kind=nosolve msg=no function solve with C linkage in the file: define %s", p->prototype);
        return 5;
    }
    if (!strcmp(argv[3], "launches")) { /* no GPU needed: the launches fail, and are seen first */
        judge_call c;
        void *b[MAX_BUF] = {NULL, NULL, NULL, NULL};
        memset(&c, 0, sizeof c);
        c.p = p;
        for (int i = 0; i < 4; i++) c.d[i] = p->kind == GPJ_GEMM_F16 ? 16 : 1;
        capturing = 1;
        call_solve(sym, &c, b);
        capturing = 0;
        report_launches(0);
        report("done");
        return 0;
    }
    {
        const uint64_t seed = argc > 4 ? strtoull(argv[4], NULL, 10) : 1;
        if (!strcmp(argv[3], "test")) return run_tests(p, sym, seed);
        if (!strcmp(argv[3], "bench") && argc > 9) {
            int64_t d[4];
            for (int i = 0; i < 4; i++) d[i] = strtoll(argv[5 + i], NULL, 10);
            return run_bench(p, sym, seed, d, atoi(argv[9]));
        }
    }
    fprintf(stderr, "gpuprim-judge-runner: unknown mode '%s'\n", argv[3]);
    return 2;
}
