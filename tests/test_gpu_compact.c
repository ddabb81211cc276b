/* test_gpu_compact.c — every compaction rung + auto: select-if f32 and i32 with every predicate, the
 * flagged forms, selection ratios 0%, ~50% and 100%, edge sizes around the 4096-element tile, misaligned
 * offsets, a user stream, argument errors, 20 repeated look-back runs, a chunked rung-1 run (small
 * workspace), and more than 2^31 elements where memory allows (GP_TEST_LARGE). GP_TEST_SMALL trims the
 * sizes for compute-sanitizer. Exits 77 without a device. */
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
    float *d = NULL, host[8];
    int64_t *num = NULL, hnum = 5;
    uint8_t *fl = NULL;
    cudaMalloc((void **)&d, 64 * sizeof(float));
    cudaMemset(d, 0, 64 * sizeof(float)); /* defined data for the calls that run */
    cudaMalloc((void **)&num, 8);
    cudaMalloc((void **)&fl, 64);
    CHECK_EQ_INT(gp_select_if_f32(h, 8, host, GP_SELECT_GT, 0.f, d + 16, num), GP_ERROR_HOST_POINTER);
    CHECK_EQ_INT(gp_select_if_f32(h, 8, d, GP_SELECT_GT, 0.f, host, num), GP_ERROR_HOST_POINTER);
    CHECK_EQ_INT(gp_select_if_f32(h, 8, d, GP_SELECT_GT, 0.f, d + 16, &hnum), GP_ERROR_HOST_POINTER);
    CHECK_EQ_INT(gp_select_if_f32(h, 8, d, GP_SELECT_GT, 0.f, d + 16, NULL), GP_ERROR_NULL_POINTER);
    CHECK_EQ_INT(gp_select_if_f32(h, 8, NULL, GP_SELECT_GT, 0.f, d + 16, num), GP_ERROR_NULL_POINTER);
    CHECK_EQ_INT(gp_select_flagged_f32(h, 8, d, NULL, d + 16, num), GP_ERROR_NULL_POINTER);
    CHECK_EQ_INT(gp_select_if_f32(h, -1, d, GP_SELECT_GT, 0.f, d + 16, num), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_select_if_f32(h, 8, d, (gp_select_pred)99, 0.f, d + 16, num), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_select_if_i32(h, 8, (const int32_t *)d, GP_SELECT_PRED_COUNT, 0, (int32_t *)d + 16, num), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_select_if_f32(h, 8, d, GP_SELECT_GT, 0.f, d, num), GP_ERROR_OVERLAP);     /* out == in */
    CHECK_EQ_INT(gp_select_if_f32(h, 8, d, GP_SELECT_GT, 0.f, d + 4, num), GP_ERROR_OVERLAP);
    CHECK_EQ_INT(gp_select_if_f32(h, 8, d, GP_SELECT_GT, 0.f, d + 16, (int64_t *)(d + 40)), GP_SUCCESS); /* apart */
    CHECK_EQ_INT(gp_select_if_f32(h, 8, d, GP_SELECT_GT, 0.f, d + 16, (int64_t *)(d + 18)), GP_ERROR_OVERLAP);
    CHECK_EQ_INT(gp_select_if_f32(h, 8, (const float *)((char *)d + 2), GP_SELECT_GT, 0.f, d + 16, num), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_select_if_f32(NULL, 8, d, GP_SELECT_GT, 0.f, d + 16, num), GP_ERROR_INVALID_HANDLE);
    CHECK_EQ_INT(gp_set_rung(h, GP_PRIM_COMPACT, gp_rung_count(GP_PRIM_COMPACT) + 1), GP_ERROR_INVALID_RUNG);
    /* n = 0 writes 0 to num_selected */
    cudaMemset(num, 0xFF, 8);
    CHECK_EQ_INT(gp_select_if_f32(h, 0, NULL, GP_SELECT_GT, 0.f, NULL, num), GP_SUCCESS);
    CHECK_EQ_INT(cudaDeviceSynchronize(), cudaSuccess);
    cudaMemcpy(&hnum, num, 8, cudaMemcpyDeviceToHost);
    CHECK_EQ_INT(hnum, 0);
    /* a workspace too small (4 bytes: less than one tile's status word) */
    {
        void *ws = NULL;
        CHECK_EQ_INT(cudaMalloc(&ws, 64), cudaSuccess);
        CHECK_EQ_INT(gp_set_workspace(h, ws, 4), GP_SUCCESS);
        for (int r = 0; r <= gp_rung_count(GP_PRIM_COMPACT); r++) if (tc_rung_selected(r)) {
            gp_set_rung(h, GP_PRIM_COMPACT, r);
            CHECK_EQ_INT(gp_select_if_f32(h, 8, d, GP_SELECT_GT, 0.f, d + 16, num), GP_ERROR_WORKSPACE_TOO_SMALL);
        }
        gp_set_rung(h, GP_PRIM_COMPACT, 0);
        CHECK_EQ_INT(gp_set_workspace(h, NULL, 0), GP_SUCCESS);
        cudaFree(ws);
    }
    CHECK_EQ_INT(cudaDeviceSynchronize(), cudaSuccess);
    cudaFree(d); cudaFree(num); cudaFree(fl);
}

/* More than 2^31 elements, ~50% kept (64-bit offsets and counts): every rung, i32 (~17 GB of device
 * memory, 17 GB of host memory). */
static void large(gp_handle h, uint64_t seed)
{
    const int64_t n = ((int64_t)1 << 31) + 99;
    size_t freeb = 0, total = 0;
    int32_t *in, *out, *hin, *hout, *want;
    int64_t *num, hnum = -1, k;
    cudaMemGetInfo(&freeb, &total);
    if (freeb < (size_t)n * 8 + ((size_t)1 << 30)) {
        printf("large case skipped: %zu MB free\n", freeb >> 20);
        return;
    }
    hin = malloc(n * 4); hout = malloc(n * 4); want = malloc(n * 4);
    if (!hin || !hout || !want) { printf("large case skipped: host memory\n"); free(hin); free(hout); free(want); return; }
    CHECK_EQ_INT(cudaMalloc((void **)&in, n * 4), cudaSuccess);
    CHECK_EQ_INT(cudaMalloc((void **)&out, n * 4), cudaSuccess);
    CHECK_EQ_INT(cudaMalloc((void **)&num, 8), cudaSuccess);
    gpt_fill_i32(in, n, -1000, 1000, seed, 0);
    cudaMemcpy(hin, in, n * 4, cudaMemcpyDeviceToHost);
    k = gp_ref_select_i32(n, hin, GP_SELECT_GE, 0, want);
    for (int r = 0; r <= gp_rung_count(GP_PRIM_COMPACT); r++) if (tc_rung_selected(r)) {
        int64_t bad = 0;
        gpt_poison(out, n * 4, 0);
        gp_set_rung(h, GP_PRIM_COMPACT, r);
        CHECK_EQ_INT(gp_select_if_i32(h, n, in, GP_SELECT_GE, 0, out, num), GP_SUCCESS);
        CHECK_EQ_INT(cudaDeviceSynchronize(), cudaSuccess);
        cudaMemcpy(&hnum, num, 8, cudaMemcpyDeviceToHost);
        cudaMemcpy(hout, out, k * 4, cudaMemcpyDeviceToHost);
        CHECK_EQ_INT(hnum, k);
        for (int64_t i = 0; i < k; i++) bad += hout[i] != want[i];
        CHECK_EQ_INT(bad, 0);
        printf("large n=2^31+99 rung %d: k=%lld checked (%lld wrong)\n", r, (long long)k, (long long)bad);
    }
    gp_set_rung(h, GP_PRIM_COMPACT, 0);
    cudaFree(in); cudaFree(out); cudaFree(num);
    free(hin); free(hout); free(want);
}

int main(int argc, char **argv)
{
    (void)argv;
    /* tiles: 8192 (rung 2), 9216 (rungs 3, 4) */
    static const int64_t sizes[] = {1, 2, 5, 255, 256, 257, 511, 512, 513, 4095, 4096, 4097, 8191, 8192, 8193, 9215, 9216,
                                    9217, 16385, 18433, 100003, (1 << 20) + 7, (1 << 24) + 3};
    static const int offs[][2] = {{0, 0}, {1, 3}, {3, 1}, {2, 2}};
    gp_handle h;
    uint64_t seed = tc_seed("test_gpu_compact");
    cudaStream_t s;
    const int small = getenv("GP_TEST_SMALL") != NULL;
    size_t nsizes = sizeof sizes / sizeof sizes[0] - (small ? 2 : 0);
    gpt_skip_without_device("test_gpu_compact");
    CHECK_EQ_INT(gp_create(&h), GP_SUCCESS);
    arg_checks(h);
    for (int r = 0; r <= gp_rung_count(GP_PRIM_COMPACT); r++) if (tc_rung_selected(r)) {
        for (size_t i = 0; i < nsizes; i++) {
            size_t j = i % (sizeof offs / sizeof offs[0]);
            /* data in [-100, 100]: GT 0 keeps ~50%, GT 100 none, GE -100 all */
            CHECK(gpt_verify_compact_case(h, r, GPT_SEL_F32, GP_SELECT_GT, 0, -100, 100, 0, sizes[i], offs[j][0], offs[j][1], seed++, 0) == 0);
            CHECK(gpt_verify_compact_case(h, r, GPT_SEL_F32, GP_SELECT_GT, 100, -100, 100, 0, sizes[i], offs[j][1], offs[j][0], seed++, 0) == 0);
            CHECK(gpt_verify_compact_case(h, r, GPT_SEL_I32, GP_SELECT_GE, -100, -100, 100, 0, sizes[i], offs[j][0], offs[j][1], seed++, 0) == 0);
            CHECK(gpt_verify_compact_case(h, r, GPT_SEL_I32, GP_SELECT_LT, 7, -100, 100, 0, sizes[i], 0, 0, seed++, 0) == 0);
            CHECK(gpt_verify_compact_case(h, r, GPT_SEL_FLAGGED_F32, GP_SELECT_GT, 0, -100, 100, 50, sizes[i], offs[j][0], offs[j][1], seed++, 0) == 0);
            CHECK(gpt_verify_compact_case(h, r, GPT_SEL_FLAGGED_I32, GP_SELECT_GT, 0, -100, 100, 100, sizes[i], 0, 0, seed++, 0) == 0);
            CHECK(gpt_verify_compact_case(h, r, GPT_SEL_FLAGGED_I32, GP_SELECT_GT, 0, -100, 100, 0, sizes[i], 1, 1, seed++, 0) == 0);
        }
        /* every predicate, both types, on small integers (EQ and NONZERO keep a fair share) */
        for (int p = 0; p < GP_SELECT_PRED_COUNT; p++)
            for (size_t j = 0; j < sizeof offs / sizeof offs[0]; j++) {
                CHECK(gpt_verify_compact_case(h, r, GPT_SEL_F32, (gp_select_pred)p, 1, -3, 3, 0, 300007, offs[j][0], offs[j][1], seed++, 0) == 0);
                CHECK(gpt_verify_compact_case(h, r, GPT_SEL_I32, (gp_select_pred)p, -2, -3, 3, 0, 300007, offs[j][0], offs[j][1], seed++, 0) == 0);
            }
    }
    /* the look-back rungs, 20 times: races show as errors that move */
    for (int r = 2; r <= gp_rung_count(GP_PRIM_COMPACT); r++) if (tc_rung_selected(r)) {
        int64_t n = small ? 100003 : ((int64_t)1 << 24) + 3;
        int fails = 0;
        for (int rep = 0; rep < 20; rep++) {
            fails += gpt_verify_compact_case(h, r, GPT_SEL_F32, GP_SELECT_GT, 0, -100, 100, 0, n, rep & 3, 0, seed++, 0);
            if (rep % 5 == 0)
                fails += gpt_verify_compact_case(h, r, GPT_SEL_FLAGGED_I32, GP_SELECT_GT, 0, -100, 100, 50, n, 0, 0, seed++, 0);
            /* 67% kept: about a third of the warps keep more than their shared-memory rounds hold (rungs
             * 03-04 finish those tiles another way), so fast and slow tiles mix in one run */
            if (rep % 5 == 1)
                fails += gpt_verify_compact_case(h, r, GPT_SEL_FLAGGED_F32, GP_SELECT_GT, 0, -100, 100, 67, n, 1, 2, seed++, 0);
        }
        CHECK_EQ_INT(fails, 0);
        printf("look-back compaction rung %d repeated 20x at n=%lld: %d failures\n", r, (long long)n, fails);
    }
    /* rung 1 in several chunks: a 1 MiB workspace holds ~256k flags */
    {
        void *ws = NULL;
        CHECK_EQ_INT(cudaMalloc(&ws, (size_t)1 << 20), cudaSuccess);
        CHECK_EQ_INT(gp_set_workspace(h, ws, (size_t)1 << 20), GP_SUCCESS);
        CHECK(gpt_verify_compact_case(h, 1, GPT_SEL_F32, GP_SELECT_GT, 0, -100, 100, 0, 1000003, 1, 2, seed++, 0) == 0);
        CHECK(gpt_verify_compact_case(h, 1, GPT_SEL_FLAGGED_I32, GP_SELECT_GT, 0, -100, 100, 30, 1000003, 0, 0, seed++, 0) == 0);
        CHECK(gpt_verify_compact_case(h, 2, GPT_SEL_I32, GP_SELECT_NE, 0, -2, 2, 0, 1000003, 0, 0, seed++, 0) == 0);
        CHECK_EQ_INT(gp_set_workspace(h, NULL, 0), GP_SUCCESS);
        cudaFree(ws);
    }
    /* on a user stream */
    CHECK_EQ_INT(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), cudaSuccess);
    CHECK_EQ_INT(gp_set_stream(h, s), GP_SUCCESS);
    for (int r = 0; r <= gp_rung_count(GP_PRIM_COMPACT); r++) if (tc_rung_selected(r))
        CHECK(gpt_verify_compact_case(h, r, GPT_SEL_F32, GP_SELECT_GT, 0, -100, 100, 0, (1 << 20) + 7, 0, 0, seed++, 0) == 0);
    CHECK_EQ_INT(gp_set_stream(h, 0), GP_SUCCESS);
    cudaStreamDestroy(s);
    CHECK(gpt_verify_compact_case(h, 0, GPT_SEL_I32, GP_SELECT_GT, 0, -9, 9, 0, 1000, 0, 0, seed++, 0) == 0);
    CHECK(tc_auto_rung(h, GP_PRIM_COMPACT) > 0);
    /* the automatic choice by size: rung 04 hands 2^16 < n <= 2^20 to rung 02 (on devices that run rung 04) */
    if (gp_rung_find(GP_PRIM_COMPACT, "l2_prefetch") == tc_auto_rung(h, GP_PRIM_COMPACT)) {
        CHECK(gpt_verify_compact_case(h, 0, GPT_SEL_F32, GP_SELECT_GT, 0, -100, 100, 0, 300001, 0, 0, seed++, 0) == 0);
        CHECK_EQ_INT(tc_last_rung(h, GP_PRIM_COMPACT), gp_rung_find(GP_PRIM_COMPACT, "lookback"));
        CHECK(gpt_verify_compact_case(h, 0, GPT_SEL_F32, GP_SELECT_GT, 0, -100, 100, 0, (1 << 20) + 1, 0, 0, seed++, 0) == 0);
        CHECK_EQ_INT(tc_last_rung(h, GP_PRIM_COMPACT), gp_rung_find(GP_PRIM_COMPACT, "l2_prefetch"));
    }
    if (argc > 1 || getenv("GP_TEST_LARGE")) large(h, seed);
    CHECK_EQ_INT(gp_destroy(h), GP_SUCCESS);
    return tc_summary("test_gpu_compact");
}
