/* test_gpu_scan.c — every scan rung + auto on random data: inclusive/exclusive, i32 (full range, wraps),
 * u32, f32 / f64 (rounding bound) and integer-valued f32 / f64 (exact; f64 runs on rungs 1-3); edge sizes around the block and tile sizes;
 * in place; misaligned offsets; a user stream; argument errors; the workspace check; 20 repeated runs of
 * the look-back rung (races show as moving errors); more than 2^31 elements where memory allows
 * (GP_TEST_LARGE). GP_TEST_SMALL trims the sizes for compute-sanitizer. Exits 77 without a device. */
#include "tcheck.h"
#include "gpu_test.h"
#include "devdata.h"
#include "verify_cases.h"
#include "ref/ref.h"
#include <cuda_runtime.h>
#include <stdlib.h>
#include <time.h>

static void arg_checks(gp_handle h)
{
    int32_t *d = NULL, host[8];
    void *ws = NULL;
    cudaMalloc((void **)&d, 64 * sizeof(int32_t));
    cudaMemset(d, 0, 64 * sizeof(int32_t)); /* defined data for the calls that run */
    CHECK_EQ_INT(gp_scan_i32(h, GP_SCAN_INCLUSIVE, 8, host, d), GP_ERROR_HOST_POINTER);
    CHECK_EQ_INT(gp_scan_i32(h, GP_SCAN_INCLUSIVE, 8, d, host), GP_ERROR_HOST_POINTER);
    CHECK_EQ_INT(gp_scan_i32(h, GP_SCAN_INCLUSIVE, 8, NULL, d), GP_ERROR_NULL_POINTER);
    CHECK_EQ_INT(gp_scan_f32(h, GP_SCAN_EXCLUSIVE, 8, (const float *)d, NULL), GP_ERROR_NULL_POINTER);
    CHECK_EQ_INT(gp_scan_i32(h, GP_SCAN_INCLUSIVE, -1, d, d), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_scan_i32(h, (gp_scan_kind)7, 8, d, d), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_scan_i32(NULL, GP_SCAN_INCLUSIVE, 8, d, d), GP_ERROR_INVALID_HANDLE);
    CHECK_EQ_INT(gp_scan_u32(h, GP_SCAN_INCLUSIVE, 0, NULL, NULL), GP_SUCCESS); /* n = 0: no-op */
    CHECK_EQ_INT(gp_scan_i32(h, GP_SCAN_INCLUSIVE, 8, d, d + 1), GP_ERROR_OVERLAP);
    CHECK_EQ_INT(gp_scan_i32(h, GP_SCAN_INCLUSIVE, 8, d + 4, d), GP_ERROR_OVERLAP);
    CHECK_EQ_INT(gp_scan_i32(h, GP_SCAN_INCLUSIVE, 8, d, d + 8), GP_SUCCESS); /* adjacent: fine */
    CHECK_EQ_INT(gp_scan_i32(h, GP_SCAN_INCLUSIVE, 8, d, d), GP_SUCCESS);     /* in place */
    CHECK_EQ_INT(gp_scan_i32(h, GP_SCAN_INCLUSIVE, 8, (const int32_t *)((char *)d + 2), d + 16), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_scan_f64(h, GP_SCAN_INCLUSIVE, 4, (const double *)(d + 1), (double *)(d + 16)), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_scan_f64(h, GP_SCAN_INCLUSIVE, 4, (const double *)d, (double *)(d + 6)), GP_ERROR_OVERLAP);
    CHECK_EQ_INT(gp_set_rung(h, GP_PRIM_SCAN, gp_rung_count(GP_PRIM_SCAN) + 1), GP_ERROR_INVALID_RUNG);
    /* a workspace too small for the call: every rung refuses before launching anything */
    {
        const int64_t n = (int64_t)1 << 22;
        int32_t *big = NULL;
        CHECK_EQ_INT(cudaMalloc((void **)&big, n * 4), cudaSuccess);
        CHECK_EQ_INT(cudaMalloc(&ws, 64), cudaSuccess);
        CHECK_EQ_INT(gp_set_workspace(h, ws, 64), GP_SUCCESS);
        for (int r = 0; r <= gp_rung_count(GP_PRIM_SCAN); r++) if (tc_rung_selected(r)) {
            gp_set_rung(h, GP_PRIM_SCAN, r);
            CHECK_EQ_INT(gp_scan_i32(h, GP_SCAN_INCLUSIVE, n, big, big), GP_ERROR_WORKSPACE_TOO_SMALL);
        }
        gp_set_rung(h, GP_PRIM_SCAN, 0);
        CHECK_EQ_INT(gp_set_workspace(h, NULL, 0), GP_SUCCESS);
        cudaFree(ws);
        cudaFree(big);
    }
    CHECK_EQ_INT(cudaDeviceSynchronize(), cudaSuccess);
    cudaFree(d);
}

/* More than 2^31 elements (64-bit indexing, tile ids and look-back across > 2^19 tiles): i32 in place
 * on every rung (~9 GB of device memory and 17 GB of host memory). */
static void large(gp_handle h, uint64_t seed)
{
    const int64_t n = ((int64_t)1 << 31) + 77;
    size_t freeb = 0, total = 0;
    int32_t *d;
    uint32_t *hin, *hout, *want;
    cudaMemGetInfo(&freeb, &total);
    if (freeb < (size_t)n * 4 + ((size_t)1 << 30)) {
        printf("large case skipped: %zu MB free\n", freeb >> 20);
        return;
    }
    hin = malloc(n * 4); hout = malloc(n * 4); want = malloc(n * 4);
    if (!hin || !hout || !want) { printf("large case skipped: host memory\n"); free(hin); free(hout); free(want); return; }
    CHECK_EQ_INT(cudaMalloc((void **)&d, n * 4), cudaSuccess);
    gpt_fill_i32(d, n, -1000, 1000, seed, 0);
    cudaMemcpy(hin, d, n * 4, cudaMemcpyDeviceToHost);
    gp_ref_scan_u32(0, n, hin, want);
    for (int r = 0; r <= gp_rung_count(GP_PRIM_SCAN); r++) if (tc_rung_selected(r)) {
        int64_t bad = 0;
        cudaMemcpy(d, hin, n * 4, cudaMemcpyHostToDevice);
        gp_set_rung(h, GP_PRIM_SCAN, r);
        CHECK_EQ_INT(gp_scan_i32(h, GP_SCAN_INCLUSIVE, n, d, d), GP_SUCCESS);
        CHECK_EQ_INT(cudaDeviceSynchronize(), cudaSuccess);
        cudaMemcpy(hout, d, n * 4, cudaMemcpyDeviceToHost);
        for (int64_t i = 0; i < n; i++) bad += hout[i] != want[i];
        CHECK_EQ_INT(bad, 0);
        printf("large n=2^31+77 rung %d in place checked (%lld wrong)\n", r, (long long)bad);
    }
    gp_set_rung(h, GP_PRIM_SCAN, 0);
    cudaFree(d);
    free(hin); free(hout); free(want);
}

int main(int argc, char **argv)
{
    (void)argv;
    /* block sizes: 512 (rung 1), 1024 (rungs 2, 3), tile 4096 (rungs 4, 5), tile 9216 (rungs 6, 7); the totals
     * of 2^20+7 and 2^24+3 need a second (rung 1: third) recursion level in rungs 1-4 */
    static const int64_t sizes[] = {1, 2, 5, 31, 33, 255, 256, 257, 511, 512, 513, 1023, 1024, 1025, 4095, 4096,
                                    4097, 8191, 8192, 8193, 9215, 9216, 9217, 12289, 16383, 18433, 100003, 524289,
                                    (1 << 20) + 7, (1 << 24) + 3};
    static const int offs[][2] = {{0, 0}, {1, 3}, {3, 1}, {0, -1}, {2, -1}}; /* -1: in place */
    gp_handle h;
    uint64_t seed = tc_seed("test_gpu_scan");
    cudaStream_t s;
    const int small = getenv("GP_TEST_SMALL") != NULL;
    size_t nsizes = sizeof sizes / sizeof sizes[0] - (small ? 2 : 0);
    gpt_skip_without_device("test_gpu_scan");
    CHECK_EQ_INT(gp_create(&h), GP_SUCCESS);
    arg_checks(h);
    for (int r = 0; r <= gp_rung_count(GP_PRIM_SCAN); r++) if (tc_rung_selected(r))
        for (size_t i = 0; i < nsizes; i++)
            for (int t = 0; t < GPT_SCAN_TYPE_COUNT; t++)
                for (int k = 0; k < 2; k++) {
                    size_t j = (i + t + k) % (sizeof offs / sizeof offs[0]); /* every offset pair, rotated */
                    CHECK(gpt_verify_scan_case(h, r, (gpt_scan_type)t, (gp_scan_kind)k, sizes[i], offs[j][0],
                                               offs[j][1], seed++, 0) == 0);
                }
    /* every offset pair on one mid size, all rungs */
    for (int r = 0; r <= gp_rung_count(GP_PRIM_SCAN); r++) if (tc_rung_selected(r))
        for (size_t j = 0; j < sizeof offs / sizeof offs[0]; j++)
            CHECK(gpt_verify_scan_case(h, r, GPT_SCAN_I32, GP_SCAN_EXCLUSIVE, 300001, offs[j][0], offs[j][1], seed++, 0) == 0);
    /* the look-back rungs, 20 times on the same size: races show as errors that move */
    for (int r = 5; r <= gp_rung_count(GP_PRIM_SCAN); r++) if (tc_rung_selected(r)) {
        int64_t n = small ? 100003 : ((int64_t)1 << 24) + 3;
        int fails = 0;
        for (int rep = 0; rep < 20; rep++) {
            fails += gpt_verify_scan_case(h, r, GPT_SCAN_I32, GP_SCAN_INCLUSIVE, n, 0, rep & 1 ? -1 : 0, seed++, 0);
            fails += gpt_verify_scan_case(h, r, GPT_SCAN_F32_INT, GP_SCAN_EXCLUSIVE, n, 1, 1, seed++, 0);
        }
        CHECK_EQ_INT(fails, 0);
        printf("look-back rung %d repeated 20x at n=%lld: %d failures\n", r, (long long)n, fails);
    }
    /* on a user stream */
    CHECK_EQ_INT(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), cudaSuccess);
    CHECK_EQ_INT(gp_set_stream(h, s), GP_SUCCESS);
    for (int r = 0; r <= gp_rung_count(GP_PRIM_SCAN); r++) if (tc_rung_selected(r))
        CHECK(gpt_verify_scan_case(h, r, GPT_SCAN_F32, GP_SCAN_INCLUSIVE, (1 << 20) + 7, 0, 0, seed++, 0) == 0);
    CHECK_EQ_INT(gp_set_stream(h, 0), GP_SUCCESS);
    cudaStreamDestroy(s);
    /* the automatic choice, and f64 under a forced look-back rung: a rung below it that takes 8-byte elements */
    {
        const int lookback = gp_rung_find(GP_PRIM_SCAN, "lookback");
        CHECK(gpt_verify_scan_case(h, 0, GPT_SCAN_U32, GP_SCAN_INCLUSIVE, 1000, 0, 0, seed++, 0) == 0);
        CHECK(tc_auto_rung(h, GP_PRIM_SCAN) > 0);
        CHECK(gpt_verify_scan_case(h, lookback, GPT_SCAN_F64_INT, GP_SCAN_INCLUSIVE, 5000, 0, 0, seed++, 0) == 0);
        CHECK(tc_last_rung(h, GP_PRIM_SCAN) >= 1 && tc_last_rung(h, GP_PRIM_SCAN) < lookback);
    }
    if (argc > 1 || getenv("GP_TEST_LARGE")) large(h, seed);
    CHECK_EQ_INT(gp_destroy(h), GP_SUCCESS);
    return tc_summary("test_gpu_scan");
}
