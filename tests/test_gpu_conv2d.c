/* test_gpu_conv2d.c — every conv2d rung forced + auto on random data: every odd square filter 1..31 and 7
 * rectangular ones, 12 image sizes (1x1, one row, one column, the tiles of rungs 03/04 +-1, odd sizes) with 7
 * filters, filters larger than the image (SAME: only border taps; VALID: an empty output that must stay untouched)
 * and larger than 31 (rung 01; forced rungs fall back to it), SAME and VALID, three layouts (dense; odd leading
 * dimensions with misaligned bases; ld % 4 == 0 with padding); every bad argument's status; a user stream; the
 * constant-memory filter ring from 4 host threads on 4 streams (rungs 02-04 in turn, and each forced). Every buffer
 * is exactly its span (memcheck sees any over-read), outputs poisoned, padding checked untouched. GP_TEST_SMALL
 * (compute-sanitizer) trims the filters and sizes. Exits 77 (skipped) without a CUDA device. */
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
    cudaMalloc((void **)&A, 4096 * sizeof(float));
    cudaMalloc((void **)&B, 4096 * sizeof(float));
    cudaMalloc((void **)&F, 41 * 41 * sizeof(float));
    float *Bc = (float *)((char *)B + 2); /* not 4-byte aligned */
    const gp_conv_mode S = GP_CONV_SAME, V = GP_CONV_VALID;
    CHECK_EQ_INT(gp_conv2d_f32(NULL, 8, 8, A, 8, F, 3, 3, S, B, 8), GP_ERROR_INVALID_HANDLE);
    CHECK_EQ_INT(gp_conv2d_f32(h, -1, 8, A, 8, F, 3, 3, S, B, 8), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_conv2d_f32(h, 8, -1, A, 8, F, 3, 3, S, B, 8), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_conv2d_f32(h, 8, 8, A, 7, F, 3, 3, S, B, 8), GP_ERROR_INVALID_VALUE);   /* ld_in < cols */
    CHECK_EQ_INT(gp_conv2d_f32(h, 8, 8, A, 8, F, 3, 3, S, B, 7), GP_ERROR_INVALID_VALUE);   /* ld_out < cols */
    CHECK_EQ_INT(gp_conv2d_f32(h, 8, 8, A, 8, F, 3, 3, V, B, 5), GP_ERROR_INVALID_VALUE);   /* < 6 VALID columns */
    CHECK_EQ_INT(gp_conv2d_f32(h, 8, 8, A, 8, F, 3, 3, V, B, 6), GP_SUCCESS);
    CHECK_EQ_INT(gp_conv2d_f32(h, 2, 2, A, INT64_MAX, F, 3, 3, S, B, 2), GP_ERROR_INVALID_VALUE); /* extent overflows */
    CHECK_EQ_INT(gp_conv2d_f32(h, 8, 8, A, 8, F, 0, 3, S, B, 8), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_conv2d_f32(h, 8, 8, A, 8, F, 3, 0, S, B, 8), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_conv2d_f32(h, 8, 8, A, 8, F, 2, 3, S, B, 8), GP_ERROR_INVALID_VALUE);   /* even */
    CHECK_EQ_INT(gp_conv2d_f32(h, 8, 8, A, 8, F, 3, 4, S, B, 8), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_conv2d_f32(h, 8, 8, A, 8, F, -3, 3, S, B, 8), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_conv2d_f32(h, 8, 8, A, 8, F, 3, 3, (gp_conv_mode)7, B, 8), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_conv2d_f32(h, 8, 8, NULL, 8, F, 3, 3, S, B, 8), GP_ERROR_NULL_POINTER);
    CHECK_EQ_INT(gp_conv2d_f32(h, 8, 8, A, 8, NULL, 3, 3, S, B, 8), GP_ERROR_NULL_POINTER);
    CHECK_EQ_INT(gp_conv2d_f32(h, 8, 8, A, 8, F, 3, 3, S, NULL, 8), GP_ERROR_NULL_POINTER);
    CHECK_EQ_INT(gp_conv2d_f32(h, 8, 8, host, 8, F, 3, 3, S, B, 8), GP_ERROR_HOST_POINTER);
    CHECK_EQ_INT(gp_conv2d_f32(h, 2, 2, A, 2, host, 3, 3, S, B, 2), GP_ERROR_HOST_POINTER);
    CHECK_EQ_INT(gp_conv2d_f32(h, 8, 8, A, 8, F, 3, 3, S, host, 8), GP_ERROR_HOST_POINTER);
    CHECK_EQ_INT(gp_conv2d_f32(h, 8, 8, A, 8, F, 3, 3, S, Bc, 8), GP_ERROR_INVALID_VALUE);  /* misaligned */
    CHECK_EQ_INT(gp_conv2d_f32(h, 8, 8, (const float *)((char *)A + 1), 8, F, 3, 3, S, B, 8), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_conv2d_f32(h, 8, 8, A, 8, (const float *)((char *)F + 3), 3, 3, S, B, 8), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_conv2d_f32(h, 8, 8, A, 8, F, 3, 3, S, A, 8), GP_ERROR_OVERLAP);         /* in place */
    CHECK_EQ_INT(gp_conv2d_f32(h, 8, 8, A, 8, F, 3, 3, S, A + 63, 8), GP_ERROR_OVERLAP);    /* last in = first out */
    CHECK_EQ_INT(gp_conv2d_f32(h, 8, 8, A, 8, F, 3, 3, S, A + 64, 8), GP_SUCCESS);          /* adjacent: fine */
    CHECK_EQ_INT(gp_conv2d_f32(h, 8, 8, A, 8, B + 10, 3, 3, S, B, 8), GP_ERROR_OVERLAP);    /* filter inside out */
    /* empty images and VALID outputs are a no-op; pointers are not looked at */
    CHECK_EQ_INT(gp_conv2d_f32(h, 0, 8, NULL, 8, NULL, 3, 3, S, NULL, 8), GP_SUCCESS);
    CHECK_EQ_INT(gp_conv2d_f32(h, 8, 0, NULL, 1, NULL, 3, 3, S, NULL, 1), GP_SUCCESS);
    CHECK_EQ_INT(gp_conv2d_f32(h, 2, 8, NULL, 8, NULL, 3, 3, V, NULL, 8), GP_SUCCESS);     /* fr > rows */
    CHECK_EQ_INT(gp_conv2d_f32(h, 8, 2, NULL, 8, NULL, 3, 3, V, NULL, 1), GP_SUCCESS);     /* fc > cols */
    /* a filter larger than the constant slots: rung 01, forced or not */
    CHECK_EQ_INT(gp_set_rung(h, GP_PRIM_CONV2D, gp_rung_find(GP_PRIM_CONV2D, "register_tile")), GP_SUCCESS);
    CHECK_EQ_INT(gp_conv2d_f32(h, 8, 8, A, 8, F, 33, 41, S, B, 8), GP_SUCCESS);
    CHECK_EQ_INT(tc_last_rung(h, GP_PRIM_CONV2D), gp_rung_find(GP_PRIM_CONV2D, "naive"));
    CHECK_EQ_INT(gp_set_rung(h, GP_PRIM_CONV2D, 0), GP_SUCCESS);
    CHECK_EQ_INT(gp_set_rung(h, GP_PRIM_CONV2D, gp_rung_count(GP_PRIM_CONV2D) + 1), GP_ERROR_INVALID_RUNG);
    CHECK_EQ_INT(gp_set_rung(h, GP_PRIM_CONV2D, -1), GP_ERROR_INVALID_RUNG);
    CHECK_EQ_INT(cudaDeviceSynchronize(), cudaSuccess);
    cudaFree(A); cudaFree(B); cudaFree(F);
}

static int one(gp_handle h, int rung, int64_t rows, int64_t cols, int fr, int fc, int mode, int layout, uint64_t *seed)
{
    gpt_conv_case c = gpt_conv_case_of(rung, rows, cols, fr, fc, mode, layout);
    return gpt_verify_conv2d_case(h, &c, (*seed)++, 0);
}

int main(void)
{
    static const int squares[] = {1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31}, small_squares[] = {1, 3, 5, 15, 31};
    static const int rect[][2] = {{1, 7}, {7, 1}, {9, 3}, {3, 9}, {1, 31}, {31, 1}, {5, 17}, {3, 5}};
    /* 1x1, one row, one column, rung 03's 32x32 tiles +-1, rung 04's 128x32 and 256x32 tiles +-1, odd sizes */
    static const int64_t sizes[][2] = {{1, 1},    {1, 257},  {257, 1},  {2, 3},   {31, 127}, {32, 128},
                                       {33, 129}, {63, 255}, {64, 256}, {65, 257}, {45, 140}, {100, 300}};
    static const int size_filters[][2] = {{1, 1}, {3, 3}, {5, 5}, {9, 3}, {15, 15}, {1, 7}, {31, 31}};
    /* larger than the image (SAME: border taps only, VALID: empty), larger than the constant slots (rung 01) */
    static const int big[][4] = {{5, 7, 15, 15}, {1, 1, 31, 31}, {40, 50, 33, 33}, {40, 50, 1, 35}, {60, 20, 41, 3}};
    const int small = getenv("GP_TEST_SMALL") != NULL;
    const int nsq = small ? 5 : 16, nsizes = small ? 6 : 12, nsf = small ? 3 : 7;
    const int *sq = small ? small_squares : squares;
    uint64_t seed = tc_seed("test_gpu_conv2d");
    gp_handle h;
    cudaStream_t s;
    gpt_skip_without_device("test_gpu_conv2d");
    CHECK_EQ_INT(gp_create(&h), GP_SUCCESS);
    arg_checks(h);
    for (int r = 0; r <= gp_rung_count(GP_PRIM_CONV2D); r++) if (tc_rung_selected(r)) {
        const int before = tc_fail;
        for (int mode = 0; mode < GP_CONV_MODE_COUNT; mode++)
            for (int l = 0; l < GPT_CONV_LAYOUTS; l++) {
                for (int i = 0; i < nsq; i++) {
                    CHECK(one(h, r, 45, 140, sq[i], sq[i], mode, l, &seed) == 0);
                    if (!small) CHECK(one(h, r, 70, 300, sq[i], sq[i], mode, l, &seed) == 0);
                }
                for (size_t i = 0; i < sizeof rect / sizeof rect[0]; i++)
                    CHECK(one(h, r, 37, 263, rect[i][0], rect[i][1], mode, l, &seed) == 0);
                for (int i = 0; i < nsizes; i++)
                    for (int f = 0; f < nsf; f++)
                        CHECK(one(h, r, sizes[i][0], sizes[i][1], size_filters[f][0], size_filters[f][1], mode, l, &seed) == 0);
                for (size_t i = 0; i < sizeof big / sizeof big[0]; i++)
                    CHECK(one(h, r, big[i][0], big[i][1], big[i][2], big[i][3], mode, l, &seed) == 0);
            }
        printf("rung %d: %s\n", r, tc_fail == before ? "ok" : "FAILED");
    }
    /* the automatic choice: a rung it may pick; past 31 taps only rung 01 takes the filter */
    CHECK(one(h, 0, 100, 300, 5, 5, GP_CONV_SAME, 0, &seed) == 0);
    CHECK(tc_auto_rung(h, GP_PRIM_CONV2D) > 0);
    CHECK(one(h, 0, 100, 300, 33, 3, GP_CONV_SAME, 0, &seed) == 0);
    CHECK_EQ_INT(tc_last_rung(h, GP_PRIM_CONV2D), gp_rung_find(GP_PRIM_CONV2D, "naive"));
    /* on a user stream */
    CHECK_EQ_INT(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), cudaSuccess);
    CHECK_EQ_INT(gp_set_stream(h, s), GP_SUCCESS);
    for (int r = 0; r <= gp_rung_count(GP_PRIM_CONV2D); r++) if (tc_rung_selected(r))
        for (int l = 0; l < GPT_CONV_LAYOUTS; l++) CHECK(one(h, r, 200, 333, 7, 7, GP_CONV_SAME, l, &seed) == 0);
    CHECK_EQ_INT(gp_set_stream(h, 0), GP_SUCCESS);
    cudaStreamDestroy(s);
    /* the constant-memory ring: 4 host threads x 10 calls on 4 streams, rungs 02-04 in turn, then each forced */
    CHECK(gpt_verify_conv_ring(0, 0, 4, 10, small ? 96 : 384, small ? 160 : 448, 15, seed++, 1) == 0);
    for (int r = 2; r <= gp_rung_count(GP_PRIM_CONV2D) && !small; r++)
        CHECK(gpt_verify_conv_ring(0, r, 4, 10, 200, 300, 9, seed++, 1) == 0);
    CHECK_EQ_INT(gp_destroy(h), GP_SUCCESS);
    return tc_summary("test_gpu_conv2d");
}
