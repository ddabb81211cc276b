/* test_gpu_reduce.c — every reduce rung and auto, every type and op, on random data against the CPU
 * reference (and argmax: ties, NaNs): edge sizes, misaligned inputs, argument errors, n = 0 identities, a user stream, the
 * deterministic mode (bitwise repeatability), a too-small workspace, and more than 2^31 elements where
 * memory allows (GP_TEST_LARGE). Exits 77 (skipped) without a CUDA device.
 * Error bounds: i32 results, min/max and sums of small integers (exact in f32 partial sums) must be exact;
 * f32/f64 sums of uniform [-1, 1) data must satisfy |got - ref| <= tol(n) * sum |x_i| with ref in double,
 * tol(n) = gamma_d, d = ceil(n / 2^16) + 2 ceil(log2 n) + 80 (derivation in src/ref/ref_reduce.c). */
#include "tcheck.h"
#include "gpu_test.h"
#include "devdata.h"
#include "verify_cases.h"
#include "ref/ref.h"
#include <cuda_runtime.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void arg_checks(gp_handle h)
{
    float *d = NULL, host[8] = {0};
    int64_t *d64 = NULL, host64 = 0;
    int on = -1;
    cudaMalloc((void **)&d, 256 * sizeof(float));
    cudaMalloc((void **)&d64, 4 * sizeof(int64_t));
    CHECK_EQ_INT(gp_reduce_f32(NULL, GP_REDUCE_SUM, 8, d, d + 64), GP_ERROR_INVALID_HANDLE);
    CHECK_EQ_INT(gp_reduce_f32(h, GP_REDUCE_SUM, 8, NULL, d + 64), GP_ERROR_NULL_POINTER);
    CHECK_EQ_INT(gp_reduce_f32(h, GP_REDUCE_SUM, 8, d, NULL), GP_ERROR_NULL_POINTER);
    CHECK_EQ_INT(gp_reduce_f32(h, GP_REDUCE_SUM, 8, host, d + 64), GP_ERROR_HOST_POINTER);
    CHECK_EQ_INT(gp_reduce_f32(h, GP_REDUCE_SUM, 8, d, host), GP_ERROR_HOST_POINTER);
    CHECK_EQ_INT(gp_reduce_i32(h, GP_REDUCE_SUM, 8, (const int32_t *)d, &host64), GP_ERROR_HOST_POINTER);
    CHECK_EQ_INT(gp_reduce_f32(h, GP_REDUCE_SUM, -1, d, d + 64), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_reduce_f32(h, (gp_reduce_op)99, 8, d, d + 64), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_reduce_f32(h, (gp_reduce_op)-1, 8, d, d + 64), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_reduce_f32(h, GP_REDUCE_SUM, 8, (const float *)((char *)d + 2), d + 64), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_reduce_f32(h, GP_REDUCE_SUM, 8, d, (float *)((char *)d + 258)), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_reduce_f64(h, GP_REDUCE_SUM, 8, (const double *)(d + 1), (double *)(d + 64)), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_reduce_i32(h, GP_REDUCE_SUM, 8, (const int32_t *)d, (int64_t *)(d + 65)), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_argmax_f32(h, 8, d, (int64_t *)(d + 65)), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_argmax_f32(h, 8, d, &host64), GP_ERROR_HOST_POINTER);
    CHECK_EQ_INT(gp_argmax_f32(h, -3, d, (int64_t *)(d + 64)), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_argmax_f32(h, 8, NULL, (int64_t *)(d + 64)), GP_ERROR_NULL_POINTER);
    CHECK_EQ_INT(gp_set_rung(h, GP_PRIM_REDUCE, 9), GP_ERROR_INVALID_RUNG);
    CHECK_EQ_INT(gp_set_rung(h, GP_PRIM_REDUCE, -1), GP_ERROR_INVALID_RUNG);
    CHECK_EQ_INT(gp_rung_count(GP_PRIM_REDUCE), 8);
    CHECK_EQ_INT(gp_set_deterministic(NULL, 1), GP_ERROR_INVALID_HANDLE);
    CHECK_EQ_INT(gp_get_deterministic(h, NULL), GP_ERROR_NULL_POINTER);
    CHECK_EQ_INT(gp_get_deterministic(h, &on), GP_SUCCESS);
    CHECK_EQ_INT(on, 0); /* off by default */

    /* n = 0 writes the identity (in may be NULL), for every type, op and rung */
    for (int r = 0; r <= 8; r++) {
        float fo[3];
        double dd[3];
        int64_t io[3];
        gp_set_rung(h, GP_PRIM_REDUCE, r);
        for (int op = 0; op < 3; op++) {
            cudaMemset(d, 0x7F, 64);
            CHECK_EQ_INT(gp_reduce_f32(h, (gp_reduce_op)op, 0, NULL, d), GP_SUCCESS);
            CHECK_EQ_INT(gp_reduce_f64(h, (gp_reduce_op)op, 0, NULL, (double *)(d + 2)), GP_SUCCESS);
            CHECK_EQ_INT(gp_reduce_i32(h, (gp_reduce_op)op, 0, NULL, (int64_t *)(d + 6)), GP_SUCCESS);
            CHECK_EQ_INT(gp_argmax_f32(h, 0, NULL, (int64_t *)(d + 8)), GP_SUCCESS);
            CHECK_EQ_INT(cudaDeviceSynchronize(), cudaSuccess);
            cudaMemcpy(fo, d, sizeof fo, cudaMemcpyDeviceToHost);
            cudaMemcpy(dd, d + 2, sizeof(double), cudaMemcpyDeviceToHost);
            cudaMemcpy(io, d + 6, sizeof(int64_t), cudaMemcpyDeviceToHost);
            cudaMemcpy(io + 1, d + 8, sizeof(int64_t), cudaMemcpyDeviceToHost);
            CHECK_EQ_INT(io[1], -1); /* argmax of nothing */
            if (op == GP_REDUCE_SUM) {
                CHECK(fo[0] == 0.f && dd[0] == 0.0 && io[0] == 0);
            } else if (op == GP_REDUCE_MIN) {
                CHECK(isinf(fo[0]) && fo[0] > 0 && isinf(dd[0]) && dd[0] > 0 && io[0] == INT32_MAX);
            } else {
                CHECK(isinf(fo[0]) && fo[0] < 0 && isinf(dd[0]) && dd[0] < 0 && io[0] == INT32_MIN);
            }
        }
    }
    gp_set_rung(h, GP_PRIM_REDUCE, 0);

    /* a workspace too small for the partials is refused, not overrun */
    {
        void *ws = NULL;
        size_t wsb = 0;
        float *big = NULL;
        const int64_t n = 1 << 22;
        cudaMalloc((void **)&big, n * sizeof(float));
        gpt_fill_f32(big, n, -1.f, 1.f, 7, 0);
        gp_get_workspace(h, &ws, &wsb);
        CHECK_EQ_INT(gp_set_workspace(h, d64, 32), GP_SUCCESS);
        for (int r = 0; r <= 8; r++) {
            gp_set_rung(h, GP_PRIM_REDUCE, r);
            CHECK_EQ_INT(gp_reduce_f32(h, GP_REDUCE_SUM, n, big, d), GP_ERROR_WORKSPACE_TOO_SMALL);
        }
        gp_set_rung(h, GP_PRIM_REDUCE, 0);
        CHECK_EQ_INT(gp_set_workspace(h, NULL, 0), GP_SUCCESS);
        cudaFree(big);
    }
    CHECK_EQ_INT(cudaDeviceSynchronize(), cudaSuccess);
    cudaFree(d);
    cudaFree(d64);
}

/* The default path is documented bit-identical from run to run: check it too, on the same input. */
static int default_repeatable(gp_handle h, int64_t n, int runs, uint64_t seed)
{
    float *din, *dout, first = 0.f, cur;
    int differ = 0;
    if (cudaMalloc((void **)&din, n * 4) || cudaMalloc((void **)&dout, 4)) return 1;
    gpt_fill_f32(din, n, -1.f, 1.f, seed, 0);
    for (int r = 0; r < runs; r++) {
        gpt_poison(dout, 4, 0);
        if (gp_reduce_f32(h, GP_REDUCE_SUM, n, din, dout) != GP_SUCCESS) differ++;
        cudaMemcpy(&cur, dout, 4, cudaMemcpyDeviceToHost);
        if (r == 0) first = cur;
        else differ += memcmp(&cur, &first, 4) != 0;
    }
    cudaFree(din);
    cudaFree(dout);
    return differ;
}

/* More than 2^31 elements: 64-bit indexing in every rung. Small integers, so the f32 sum must be exact. */
static void large(gp_handle h, uint64_t seed)
{
    const int64_t n = ((int64_t)1 << 31) + 7;
    size_t freeb = 0, total = 0;
    cudaMemGetInfo(&freeb, &total);
    if (freeb < (size_t)n * 4 + ((size_t)1 << 30)) {
        printf("large case skipped: %zu MB free\n", freeb >> 20);
        return;
    }
    for (int t = 0; t < 3; t += 2) { /* f32 then i32, one buffer at a time */
        void *d = NULL, *dout = NULL, *hx = malloc((size_t)n * 4);
        unsigned char got[8];
        if (!hx) { CHECK(!"host memory for the large case"); return; }
        CHECK_EQ_INT(cudaMalloc(&d, (size_t)n * 4), cudaSuccess);
        CHECK_EQ_INT(cudaMalloc(&dout, 8), cudaSuccess);
        CHECK_EQ_INT(gpt_reduce_fill((gpt_reduce_type)t, d, n, GPT_DIST_SMALL_INT, seed + t, 0), 0);
        cudaMemcpy(hx, d, (size_t)n * 4, cudaMemcpyDeviceToHost);
        for (int op = 0; op < 3; op++) {
            double want = t == 0 ? gp_ref_reduce_f32((gp_reduce_op)op, n, (const float *)hx, NULL)
                                 : (double)gp_ref_reduce_i32((gp_reduce_op)op, n, (const int32_t *)hx);
            for (int r = 0; r <= gp_rung_count(GP_PRIM_REDUCE); r++) if (tc_rung_selected(r)) {
                double g;
                if (op != GP_REDUCE_SUM && r != 0 && r < 7) continue; /* min/max: the fast rungs only */
                gpt_poison(dout, 8, 0);
                gp_set_rung(h, GP_PRIM_REDUCE, r);
                if (t == 0) CHECK_EQ_INT(gp_reduce_f32(h, (gp_reduce_op)op, n, (const float *)d, (float *)dout), GP_SUCCESS);
                else CHECK_EQ_INT(gp_reduce_i32(h, (gp_reduce_op)op, n, (const int32_t *)d, (int64_t *)dout), GP_SUCCESS);
                CHECK_EQ_INT(cudaDeviceSynchronize(), cudaSuccess);
                cudaMemcpy(got, dout, 8, cudaMemcpyDeviceToHost);
                if (t == 0) { float f; memcpy(&f, got, 4); g = f; }
                else { int64_t v; memcpy(&v, got, 8); g = (double)v; }
                CHECK(g == want);
                printf("large n=2^31+7 %s op %d rung %d: got %.17g want %.17g\n", t == 0 ? "f32" : "i32", op, r, g, want);
            }
        }
        if (t == 0) { /* argmax: a unique maximum past index 2^31 */
            const float big = 100.f;
            cudaMemcpy((float *)d + (n - 3), &big, 4, cudaMemcpyHostToDevice);
            cudaDeviceSynchronize();
            for (int r = 0; r <= gp_rung_count(GP_PRIM_REDUCE); r++) if (tc_rung_selected(r)) {
                int64_t idx = 0;
                gp_set_rung(h, GP_PRIM_REDUCE, r);
                CHECK_EQ_INT(gp_argmax_f32(h, n, (const float *)d, (int64_t *)dout), GP_SUCCESS);
                cudaMemcpy(&idx, dout, 8, cudaMemcpyDeviceToHost);
                CHECK_EQ_INT(idx, n - 3);
            }
        }
        gp_set_rung(h, GP_PRIM_REDUCE, 0);
        cudaFree(d);
        cudaFree(dout);
        free(hx);
    }
}

int main(int argc, char **argv)
{
    (void)argv;
    static const int64_t sizes[] = {0, 1, 2, 3, 4, 5, 31, 33, 255, 256, 257, 511, 512, 513, 1023, 1025, 4097,
                                    65537, (1 << 20) + 7, 3 * (1 << 22) + 1};
    static const int offs[] = {0, 3, 1};
    gp_handle h;
    uint64_t seed = tc_seed("test_gpu_reduce");
    cudaStream_t s;
    gpt_skip_without_device("test_gpu_reduce");
    CHECK_EQ_INT(gp_create(&h), GP_SUCCESS);
    arg_checks(h);
    /* under compute-sanitizer (GP_TEST_SMALL): fewer sizes, none above 65537, and two offsets */
    static const int64_t small_sizes[] = {0, 1, 33, 257, 1025, 4097, 65537};
    const int small = getenv("GP_TEST_SMALL") != NULL;
    const int64_t *sz = small ? small_sizes : sizes;
    size_t nsizes = small ? sizeof small_sizes / sizeof small_sizes[0] : sizeof sizes / sizeof sizes[0];
    size_t noffs = small ? 2 : sizeof offs / sizeof offs[0];
    for (int r = 0; r <= gp_rung_count(GP_PRIM_REDUCE); r++) if (tc_rung_selected(r)) {
        int before = tc_fail;
        for (int t = 0; t < 3; t++)
            for (size_t i = 0; i < nsizes; i++)
                for (size_t j = 0; j < noffs; j++) {
                    int off = t == GPT_REDUCE_F64 ? offs[j] % 2 : offs[j]; /* f64: 0 or 8 bytes off 16 */
                    for (int op = 0; op < 3; op++)
                        CHECK(gpt_verify_reduce_case(h, r, (gpt_reduce_type)t, (gp_reduce_op)op, sz[i], off,
                                                     GPT_DIST_UNIFORM, seed++, 0) == 0);
                    CHECK(gpt_verify_reduce_case(h, r, (gpt_reduce_type)t, GP_REDUCE_SUM, sz[i], off,
                                                 GPT_DIST_SMALL_INT, seed++, 0) == 0);
                }
        /* argmax: small integers give many ties (the first index must win); uniform data; NaNs */
        for (size_t i = 0; i < nsizes; i++)
            for (size_t j = 0; j < noffs; j++) {
                CHECK(gpt_verify_argmax_case(h, r, sz[i], offs[j], GPT_DIST_SMALL_INT, 0, seed++, 0) == 0);
                CHECK(gpt_verify_argmax_case(h, r, sz[i], offs[j], GPT_DIST_UNIFORM, 0, seed++, 0) == 0);
                CHECK(gpt_verify_argmax_case(h, r, sz[i], offs[j], GPT_DIST_SMALL_INT, 1, seed++, 0) == 0);
            }
        CHECK(gpt_verify_argmax_case(h, r, 1000, 1, GPT_DIST_UNIFORM, 2, seed++, 0) == 0); /* all NaN: -1 */
        printf("rung %d: %s\n", r, tc_fail == before ? "ok" : "FAIL");
    }
    /* min/max at the extremes of the range: values near INT32 limits and large floats */
    for (int r = 0; r <= gp_rung_count(GP_PRIM_REDUCE); r++) if (tc_rung_selected(r)) {
        int32_t *di;
        int64_t got, want;
        const int64_t n = 100003;
        int32_t *hx = malloc(n * 4);
        cudaMalloc((void **)&di, n * 4);
        int64_t *dout;
        cudaMalloc((void **)&dout, 8);
        gpt_fill_i32(di, n, INT32_MIN, INT32_MAX, seed++, 0);
        cudaMemcpy(hx, di, n * 4, cudaMemcpyDeviceToHost);
        gp_set_rung(h, GP_PRIM_REDUCE, r);
        for (int op = 0; op < 3; op++) {
            CHECK_EQ_INT(gp_reduce_i32(h, (gp_reduce_op)op, n, di, dout), GP_SUCCESS);
            cudaMemcpy(&got, dout, 8, cudaMemcpyDeviceToHost);
            want = gp_ref_reduce_i32((gp_reduce_op)op, n, hx);
            CHECK_EQ_INT(got, want); /* full-range i32 sum: needs the 64-bit accumulator */
        }
        gp_set_rung(h, GP_PRIM_REDUCE, 0);
        cudaFree(di); cudaFree(dout); free(hx);
    }
    /* deterministic mode: rung 8 whatever is forced, bitwise identical over 5 runs, still correct */
    {
        int ran = 0;
        const int64_t n = getenv("GP_TEST_SMALL") ? 65537 : ((int64_t)1 << 24) + 3;
        CHECK_EQ_INT(gpt_reduce_repeatability(h, n, 5, seed++), 0);
        CHECK_EQ_INT(default_repeatable(h, n, 5, seed++), 0);
        CHECK_EQ_INT(gp_set_deterministic(h, 1), GP_SUCCESS);
        CHECK(gpt_verify_reduce_case(h, 3, GPT_REDUCE_F32, GP_REDUCE_SUM, n, 1, GPT_DIST_UNIFORM, seed++, 0) == 0);
        gp_get_last_rung(h, GP_PRIM_REDUCE, &ran);
        CHECK(ran != 3 && tc_auto_rung(h, GP_PRIM_REDUCE) == ran); /* a forced rung gives way to the fixed-grid one */
        CHECK(gpt_verify_reduce_case(h, 0, GPT_REDUCE_F64, GP_REDUCE_SUM, n, 1, GPT_DIST_SMALL_INT, seed++, 0) == 0);
        CHECK(gpt_verify_reduce_case(h, 0, GPT_REDUCE_I32, GP_REDUCE_MAX, n, 3, GPT_DIST_UNIFORM, seed++, 0) == 0);
        CHECK_EQ_INT(gp_set_deterministic(h, 0), GP_SUCCESS);
    }
    /* on a user stream */
    CHECK_EQ_INT(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), cudaSuccess);
    CHECK_EQ_INT(gp_set_stream(h, s), GP_SUCCESS);
    for (int r = 0; r <= gp_rung_count(GP_PRIM_REDUCE); r++) if (tc_rung_selected(r))
        CHECK(gpt_verify_reduce_case(h, r, GPT_REDUCE_F32, GP_REDUCE_SUM, 1 << 20, 2, GPT_DIST_SMALL_INT, seed++, 0) == 0);
    CHECK_EQ_INT(gp_set_stream(h, 0), GP_SUCCESS);
    cudaStreamDestroy(s);
    if (argc > 1 || getenv("GP_TEST_LARGE")) large(h, seed);
    CHECK_EQ_INT(gp_destroy(h), GP_SUCCESS);
    return tc_summary("test_gpu_reduce");
}
