/* test_gpu_separable.c — every separable rung forced + auto on random data: square and rectangular filters up to
 * 31 taps and past (rung 01 only), 12 image sizes with 3 filters, rung 01 in strips (a workspace of a few rows of
 * the row pass) and with one row too few (GP_ERROR_WORKSPACE_TOO_SMALL), a 1201-tap row filter, filters larger than
 * the image, SAME and VALID, three layouts; conv1d (its row pass) over lengths and taps around its 1024-wide
 * blocks; every bad argument's status; a user stream; the constant-memory ring from 4 host threads on 4 streams.
 * Exact-span allocations, poisoned outputs, padding checked untouched. GP_TEST_SMALL (compute-sanitizer) trims the
 * sizes. Exits 77 (skipped) without a CUDA device. */
#include "tcheck.h"
#include "gpu_test.h"
#include "devdata.h"
#include "verify_cases.h"
#include <cuda_runtime.h>
#include <stdint.h>
#include <stdlib.h>

static void arg_checks(gp_handle h)
{
    float *A = NULL, *B = NULL, *F = NULL, host[64];
    void *ws = NULL;
    cudaMalloc((void **)&A, 4096 * sizeof(float));
    cudaMalloc((void **)&B, 4096 * sizeof(float));
    cudaMalloc((void **)&F, 64 * sizeof(float));
    cudaMalloc(&ws, 4096);
    float *Bc = (float *)((char *)B + 2);
    const gp_conv_mode S = GP_CONV_SAME, V = GP_CONV_VALID;
    CHECK_EQ_INT(gp_conv2d_separable_f32(NULL, 8, 8, A, 8, F, 3, F, 3, S, B, 8), GP_ERROR_INVALID_HANDLE);
    CHECK_EQ_INT(gp_conv2d_separable_f32(h, -2, 8, A, 8, F, 3, F, 3, S, B, 8), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_conv2d_separable_f32(h, 8, 8, A, 8, F, 4, F, 3, S, B, 8), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_conv2d_separable_f32(h, 8, 8, A, 8, F, 3, F, 0, S, B, 8), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_conv2d_separable_f32(h, 8, 8, A, 8, F, -1, F, 3, S, B, 8), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_conv2d_separable_f32(h, 8, 8, A, 8, F, 3, F, 3, (gp_conv_mode)-1, B, 8), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_conv2d_separable_f32(h, 8, 8, A, 4, F, 3, F, 3, S, B, 8), GP_ERROR_INVALID_VALUE); /* ld_in */
    CHECK_EQ_INT(gp_conv2d_separable_f32(h, 8, 8, A, 8, F, 3, F, 3, V, B, 5), GP_ERROR_INVALID_VALUE); /* ld_out */
    CHECK_EQ_INT(gp_conv2d_separable_f32(h, 2, 2, A, INT64_MAX, F, 3, F, 3, S, B, 2), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_conv2d_separable_f32(h, 8, 8, NULL, 8, F, 3, F, 3, S, B, 8), GP_ERROR_NULL_POINTER);
    CHECK_EQ_INT(gp_conv2d_separable_f32(h, 8, 8, A, 8, NULL, 3, F, 3, S, B, 8), GP_ERROR_NULL_POINTER);
    CHECK_EQ_INT(gp_conv2d_separable_f32(h, 8, 8, A, 8, F, 3, NULL, 3, S, B, 8), GP_ERROR_NULL_POINTER);
    CHECK_EQ_INT(gp_conv2d_separable_f32(h, 8, 8, A, 8, F, 3, F, 3, S, NULL, 8), GP_ERROR_NULL_POINTER);
    CHECK_EQ_INT(gp_conv2d_separable_f32(h, 8, 8, A, 8, F, 3, host, 3, S, B, 8), GP_ERROR_HOST_POINTER);
    CHECK_EQ_INT(gp_conv2d_separable_f32(h, 8, 8, A, 8, host, 3, F, 3, S, B, 8), GP_ERROR_HOST_POINTER);
    CHECK_EQ_INT(gp_conv2d_separable_f32(h, 8, 8, A, 8, F, 3, F, 3, S, A + 8, 8), GP_ERROR_OVERLAP);
    CHECK_EQ_INT(gp_conv2d_separable_f32(h, 8, 8, A, 8, F, 3, B + 3, 3, S, B, 8), GP_ERROR_OVERLAP); /* col filter */
    CHECK_EQ_INT(gp_conv2d_separable_f32(h, 8, 8, A, 8, B + 60, 3, F, 3, S, B, 8), GP_ERROR_OVERLAP); /* row filter */
    CHECK_EQ_INT(gp_conv2d_separable_f32(h, 8, 8, A, 8, F, 3, F, 3, S, Bc, 8), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_conv2d_separable_f32(h, 8, 8, A, 8, (const float *)((char *)F + 2), 3, F, 3, S, B, 8),
                 GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_conv2d_separable_f32(h, 8, 0, NULL, 1, NULL, 3, NULL, 3, S, NULL, 1), GP_SUCCESS);
    CHECK_EQ_INT(gp_conv2d_separable_f32(h, 8, 2, NULL, 2, NULL, 5, NULL, 3, V, NULL, 1), GP_SUCCESS);
    /* rung 01 needs fr rows of the row pass in the workspace: 4096 bytes hold 3 rows of 300 columns, not 5 */
    CHECK_EQ_INT(gp_set_workspace(h, ws, 4096), GP_SUCCESS);
    CHECK_EQ_INT(gp_set_rung(h, GP_PRIM_SEPARABLE, gp_rung_find(GP_PRIM_SEPARABLE, "two_pass")), GP_SUCCESS);
    CHECK_EQ_INT(gp_conv2d_separable_f32(h, 10, 300, A, 300, F, 3, F, 5, S, B + 1024, 300), GP_ERROR_WORKSPACE_TOO_SMALL);
    CHECK_EQ_INT(gp_conv2d_separable_f32(h, 10, 300, A, 300, F, 3, F, 3, S, B + 1024, 300), GP_SUCCESS); /* 3 rows fit */
    CHECK_EQ_INT(gp_set_rung(h, GP_PRIM_SEPARABLE, 0), GP_SUCCESS);
    /* the automatic choice (fused, for filters up to 31 taps) needs no workspace */
    CHECK_EQ_INT(gp_conv2d_separable_f32(h, 10, 300, A, 300, F, 3, F, 5, S, B + 1024, 300), GP_SUCCESS);
    CHECK(tc_auto_rung(h, GP_PRIM_SEPARABLE) > 0);
    CHECK_EQ_INT(cudaDeviceSynchronize(), cudaSuccess);
    CHECK_EQ_INT(gp_set_workspace(h, NULL, 0), GP_SUCCESS);
    /* conv1d */
    CHECK_EQ_INT(gp_conv1d_f32(NULL, 8, A, F, 3, S, B), GP_ERROR_INVALID_HANDLE);
    CHECK_EQ_INT(gp_conv1d_f32(h, -8, A, F, 3, S, B), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_conv1d_f32(h, 8, A, F, 2, S, B), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_conv1d_f32(h, 8, A, F, 0, S, B), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_conv1d_f32(h, 8, A, F, 3, (gp_conv_mode)2, B), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_conv1d_f32(h, 8, NULL, F, 3, S, B), GP_ERROR_NULL_POINTER);
    CHECK_EQ_INT(gp_conv1d_f32(h, 8, A, NULL, 3, S, B), GP_ERROR_NULL_POINTER);
    CHECK_EQ_INT(gp_conv1d_f32(h, 8, A, F, 3, S, NULL), GP_ERROR_NULL_POINTER);
    CHECK_EQ_INT(gp_conv1d_f32(h, 8, A, host, 3, S, B), GP_ERROR_HOST_POINTER);
    CHECK_EQ_INT(gp_conv1d_f32(h, 8, A, F, 3, S, A + 4), GP_ERROR_OVERLAP);
    CHECK_EQ_INT(gp_conv1d_f32(h, 8, A, F, 3, S, A + 8), GP_SUCCESS);
    CHECK_EQ_INT(gp_conv1d_f32(h, 8, A, F, 3, S, Bc), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_conv1d_f32(h, 0, NULL, NULL, 3, S, NULL), GP_SUCCESS);
    CHECK_EQ_INT(gp_conv1d_f32(h, 2, NULL, NULL, 3, V, NULL), GP_SUCCESS); /* k > n: empty */
    CHECK_EQ_INT(gp_set_rung(h, GP_PRIM_SEPARABLE, gp_rung_count(GP_PRIM_SEPARABLE) + 1), GP_ERROR_INVALID_RUNG);
    CHECK_EQ_INT(cudaDeviceSynchronize(), cudaSuccess);
    cudaFree(A); cudaFree(B); cudaFree(F); cudaFree(ws);
}

static int one(gp_handle h, int rung, int64_t rows, int64_t cols, int fr, int fc, int mode, int layout, int64_t ws_rows,
               uint64_t *seed)
{
    gpt_conv_case c = gpt_conv_case_of(rung, rows, cols, fr, fc, mode, layout);
    c.ws_rows = ws_rows;
    return gpt_verify_separable_case(h, &c, (*seed)++, 0);
}

int main(void)
{
    static const int squares[] = {1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31};
    static const int rect[][2] = {{1, 7}, {7, 1}, {9, 3}, {3, 9}, {1, 31}, {31, 1}, {5, 17}};
    static const int64_t sizes[][2] = {{1, 1},    {1, 257},  {257, 1},  {2, 3},    {31, 127}, {32, 128},
                                       {33, 129}, {63, 255}, {64, 256}, {65, 257}, {45, 140}, {100, 300}};
    static const int size_filters[][2] = {{3, 3}, {15, 15}, {7, 31}};
    static const int64_t conv1d_n[] = {1, 2, 5, 31, 1023, 1024, 1025, 4097, 100003};
    static const int conv1d_k[] = {1, 3, 15, 31, 33, 1025, 2049};
    const int small = getenv("GP_TEST_SMALL") != NULL;
    const int nsq = small ? 4 : 16, nsizes = small ? 6 : 12, nsf = small ? 2 : 3, n1d = small ? 7 : 9, k1d = small ? 5 : 7;
    uint64_t seed = tc_seed("test_gpu_separable");
    gp_handle h;
    cudaStream_t s;
    gpt_skip_without_device("test_gpu_separable");
    CHECK_EQ_INT(gp_create(&h), GP_SUCCESS);
    arg_checks(h);
    for (int r = 0; r <= gp_rung_count(GP_PRIM_SEPARABLE); r++) if (tc_rung_selected(r)) {
        const int before = tc_fail;
        for (int mode = 0; mode < GP_CONV_MODE_COUNT; mode++)
            for (int l = 0; l < GPT_CONV_LAYOUTS; l++) {
                for (int i = 0; i < nsq; i++) CHECK(one(h, r, 45, 140, squares[i], squares[i], mode, l, 0, &seed) == 0);
                for (size_t i = 0; i < sizeof rect / sizeof rect[0]; i++)
                    CHECK(one(h, r, 37, 263, rect[i][0], rect[i][1], mode, l, 0, &seed) == 0);
                for (int i = 0; i < nsizes; i++)
                    for (int f = 0; f < nsf; f++)
                        CHECK(one(h, r, sizes[i][0], sizes[i][1], size_filters[f][0], size_filters[f][1], mode, l, 0,
                                  &seed) == 0);
                /* rung 01 in strips: fr + 2 rows of workspace (3 output rows per strip), fr + 9 */
                CHECK(one(h, r, 50, 77, 5, 3, mode, l, 5 + 2, &seed) == 0);
                CHECK(one(h, r, 41, 300, 15, 9, mode, l, 15 + 2, &seed) == 0);
                CHECK(one(h, r, 41, 300, 15, 9, mode, l, 15 + 9, &seed) == 0);
                /* larger than the image; past 31 taps (rung 01); a row filter longer than the 1024 staged taps */
                CHECK(one(h, r, 5, 7, 15, 15, mode, l, 0, &seed) == 0);
                CHECK(one(h, r, 40, 50, 33, 3, mode, l, 0, &seed) == 0);
                CHECK(one(h, r, 40, 50, 3, 35, mode, l, 0, &seed) == 0);
                if (!small) CHECK(one(h, r, 40, 1200, 3, 1201, mode, l, 0, &seed) == 0);
            }
        printf("rung %d: %s\n", r, tc_fail == before ? "ok" : "FAILED");
    }
    {
        const int before = tc_fail;
        for (int i = 0; i < n1d; i++)
            for (int k = 0; k < k1d; k++)
                for (int mode = 0; mode < GP_CONV_MODE_COUNT; mode++)
                    for (int off = 0; off < 2; off++)
                        CHECK(gpt_verify_conv1d_case(h, conv1d_n[i], conv1d_k[k], mode, off, seed++, 0) == 0);
        if (!small) CHECK(gpt_verify_conv1d_case(h, 3000017, 15, GP_CONV_SAME, 1, seed++, 0) == 0);
        printf("conv1d: %s\n", tc_fail == before ? "ok" : "FAILED");
    }
    /* on a user stream */
    CHECK_EQ_INT(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), cudaSuccess);
    CHECK_EQ_INT(gp_set_stream(h, s), GP_SUCCESS);
    for (int r = 0; r <= gp_rung_count(GP_PRIM_SEPARABLE); r++) if (tc_rung_selected(r))
        for (int l = 0; l < GPT_CONV_LAYOUTS; l++) CHECK(one(h, r, 200, 333, 9, 7, GP_CONV_SAME, l, 0, &seed) == 0);
    CHECK(gpt_verify_conv1d_case(h, 10007, 15, GP_CONV_SAME, 1, seed++, 0) == 0);
    CHECK_EQ_INT(gp_set_stream(h, 0), GP_SUCCESS);
    cudaStreamDestroy(s);
    /* the constant-memory ring (rung 02): 4 host threads x 10 calls on 4 streams */
    CHECK(gpt_verify_conv_ring(1, 0, 4, 10, small ? 96 : 384, small ? 160 : 448, 15, seed++, 1) == 0);
    CHECK_EQ_INT(gp_destroy(h), GP_SUCCESS);
    return tc_summary("test_gpu_separable");
}
