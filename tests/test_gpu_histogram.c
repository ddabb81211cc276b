/* test_gpu_histogram.c — every histogram rung and auto, u8 / f32 / i32 samples, against the CPU reference
 * exactly: edge sizes, bin counts from 1 to 100000 (beyond shared memory: the global fall-back), misaligned
 * samples, random data with out-of-range values, NaN and infinities, skewed data (all samples in one bin, a
 * few hot bins), the float clamp at upper, 64-bit counts, CUB HistogramEven as a second reference, argument
 * errors, a user stream; with GP_TEST_LARGE more than 2^31 u8 samples and 2^32 + 5 samples in one bin.
 * GP_TEST_SMALL (compute-sanitizer): sizes up to 4099, two offsets, 100000 bins only in the skewed cases. Exits 77 (skipped) without a CUDA device. */
#include "tcheck.h"
#include "gpu_test.h"
#include "devdata.h"
#include "vendor.h"
#include "verify_cases.h"
#include "ref/ref.h"
#include <cuda_runtime.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void arg_checks(gp_handle h)
{
    uint32_t *bins = NULL, hb[256];
    float *f = NULL, hostf[8] = {0};
    uint8_t hostu[8] = {0};
    cudaMalloc((void **)&bins, 1024 * sizeof(uint32_t));
    cudaMalloc((void **)&f, 1024 * sizeof(float));
    CHECK_EQ_INT(gp_histogram_u8(NULL, 8, (const uint8_t *)f, bins), GP_ERROR_INVALID_HANDLE);
    CHECK_EQ_INT(gp_histogram_u8(h, 8, hostu, bins), GP_ERROR_HOST_POINTER);
    CHECK_EQ_INT(gp_histogram_u8(h, 8, (const uint8_t *)f, hb), GP_ERROR_HOST_POINTER);
    CHECK_EQ_INT(gp_histogram_u8(h, 8, NULL, bins), GP_ERROR_NULL_POINTER);
    CHECK_EQ_INT(gp_histogram_u8(h, 8, (const uint8_t *)f, NULL), GP_ERROR_NULL_POINTER);
    CHECK_EQ_INT(gp_histogram_u8(h, -1, (const uint8_t *)f, bins), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_histogram_even_f32(h, 8, hostf, 4, 0.f, 1.f, bins), GP_ERROR_HOST_POINTER);
    CHECK_EQ_INT(gp_histogram_even_f32(h, 8, f, 0, 0.f, 1.f, bins), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_histogram_even_f32(h, 8, f, 4, 1.f, 1.f, bins), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_histogram_even_f32(h, 8, f, 4, 2.f, 1.f, bins), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_histogram_even_f32(h, 8, f, 4, NAN, 1.f, bins), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_histogram_even_f32(h, 8, f, 4, 0.f, INFINITY, bins), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_histogram_even_i32(h, 8, (const int32_t *)f, -3, 0, 10, bins), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_histogram_even_i32(h, 8, (const int32_t *)f, 3, 10, 10, bins), GP_ERROR_INVALID_VALUE);
    /* misaligned samples (f32/i32 need 4 bytes) and bins */
    CHECK_EQ_INT(gp_histogram_even_f32(h, 8, (const float *)((char *)f + 2), 4, 0.f, 1.f, bins), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_histogram_even_i32(h, 8, (const int32_t *)((char *)f + 1), 4, 0, 9, bins), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_histogram_u8(h, 8, (const uint8_t *)f, (uint32_t *)((char *)bins + 2)), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_histogram_u8(h, 8, (const uint8_t *)f + 3, bins), GP_SUCCESS); /* u8: any alignment */
    CHECK_EQ_INT(gp_histogram_u8_u64(h, 8, (const uint8_t *)f, (uint64_t *)(bins + 1)), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_histogram_even_f32_u64(h, 8, f, 0, 0.f, 1.f, (uint64_t *)bins), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_histogram_even_i32_u64(h, 8, (const int32_t *)f, 4, 0, 9, (uint64_t *)hb), GP_ERROR_HOST_POINTER);
    /* samples overlapping the bins */
    CHECK_EQ_INT(gp_histogram_u8(h, 64, (const uint8_t *)bins + 1000, bins), GP_ERROR_OVERLAP);
    CHECK_EQ_INT(gp_histogram_even_f32(h, 16, (const float *)bins + 2, 4, 0.f, 1.f, bins), GP_ERROR_OVERLAP);
    CHECK_EQ_INT(gp_histogram_even_f32(h, 16, (const float *)bins + 4, 4, 0.f, 1.f, bins), GP_SUCCESS); /* adjacent */
    /* n = 0: samples may be NULL, the bins are written with zeros */
    cudaMemset(bins, 0xFF, 1024 * sizeof(uint32_t));
    CHECK_EQ_INT(gp_histogram_u8(h, 0, NULL, bins), GP_SUCCESS);
    CHECK_EQ_INT(gp_histogram_even_f32(h, 0, NULL, 300, 0.f, 1.f, bins + 256), GP_SUCCESS);
    CHECK_EQ_INT(gp_histogram_u8(h, 0, NULL, NULL), GP_ERROR_NULL_POINTER);
    CHECK_EQ_INT(cudaDeviceSynchronize(), cudaSuccess);
    {
        uint32_t got[1024];
        int nonzero = 0, untouched = 0;
        cudaMemcpy(got, bins, sizeof got, cudaMemcpyDeviceToHost);
        for (int i = 0; i < 556; i++) nonzero += got[i] != 0;
        for (int i = 556; i < 1024; i++) untouched += got[i] == 0xFFFFFFFFu;
        CHECK_EQ_INT(nonzero, 0);
        CHECK_EQ_INT(untouched, 1024 - 556);
    }
    CHECK_EQ_INT(gp_set_rung(h, GP_PRIM_HISTOGRAM, 5), GP_ERROR_INVALID_RUNG);
    CHECK_EQ_INT(gp_set_rung(h, GP_PRIM_HISTOGRAM, -1), GP_ERROR_INVALID_RUNG);
    CHECK_EQ_INT(gp_rung_count(GP_PRIM_HISTOGRAM), 4);
    CHECK_EQ_INT(cudaDeviceSynchronize(), cudaSuccess);
    cudaFree(bins);
    cudaFree(f);
}

/* The float clamp: samples just below upper whose scaled value rounds up to num_bins go to the last bin
 * (CPU and GPU alike; test_histogram_ref shows this range has such samples), nothing written past it. */
static void clamp_case(gp_handle h)
{
    const float lo = 7.f * 0.37f - 3.f, hi = lo + 0.3f * 7.f / 7.f;
    const int nb = 5, n = 1000;
    float *hx = malloc(n * sizeof(float)), *dx;
    uint32_t want[5 + 4], got[5 + 4], *dbins;
    for (int i = 0; i < n; i++) hx[i] = i % 2 ? nextafterf(hi, -INFINITY) : lo + (hi - lo) * (float)i / (float)n;
    cudaMalloc((void **)&dx, n * sizeof(float));
    cudaMalloc((void **)&dbins, sizeof got);
    cudaMemcpy(dx, hx, n * sizeof(float), cudaMemcpyHostToDevice);
    CHECK_EQ_INT(gp_ref_histogram_even_f32(n, hx, nb, lo, hi, want), 0);
    CHECK(want[nb - 1] >= (uint32_t)n / 2);
    for (int r = 0; r <= gp_rung_count(GP_PRIM_HISTOGRAM); r++) if (tc_rung_selected(r)) {
        gpt_poison(dbins, sizeof got, 0);
        gp_set_rung(h, GP_PRIM_HISTOGRAM, r);
        CHECK_EQ_INT(gp_histogram_even_f32(h, n, dx, nb, lo, hi, dbins), GP_SUCCESS);
        CHECK_EQ_INT(cudaMemcpy(got, dbins, sizeof got, cudaMemcpyDeviceToHost), cudaSuccess);
        CHECK_EQ_INT(memcmp(got, want, nb * sizeof(uint32_t)), 0);
        CHECK(got[nb] == 0xFFFFFFFFu && got[nb + 3] == 0xFFFFFFFFu);
    }
    gp_set_rung(h, GP_PRIM_HISTOGRAM, 0);
    cudaFree(dx); cudaFree(dbins); free(hx);
}

/* CUB HistogramEven as a second reference on a large random f32 input (values around the range, so some
 * are ignored), 1000 bins: gpuprim (auto), CUB and the CPU must agree exactly. */
static void cub_case(gp_handle h, uint64_t seed, int64_t n)
{
    const int nb = 1000;
    const float lo = GPT_HIST_F32_LO, hi = GPT_HIST_F32_HI;
    float *dx, *hx = malloc(n * sizeof(float));
    uint32_t *d1, *d2, want[1000], g1[1000], g2[1000];
    void *temp;
    size_t temp_bytes = 0;
    cudaMalloc((void **)&dx, n * sizeof(float));
    cudaMalloc((void **)&d1, sizeof g1);
    cudaMalloc((void **)&d2, sizeof g2);
    gpt_fill_f32(dx, n, -2.f, 3.f, seed, 0);
    cudaMemcpy(hx, dx, n * sizeof(float), cudaMemcpyDeviceToHost);
    gp_ref_histogram_even_f32(n, hx, nb, lo, hi, want);
    CHECK_EQ_INT(gpb_vendor_histogram_even(GPB_F32, NULL, &temp_bytes, dx, n, nb, lo, hi, d2, 0), 0);
    cudaMalloc(&temp, temp_bytes ? temp_bytes : 1);
    CHECK_EQ_INT(gpb_vendor_histogram_even(GPB_F32, temp, &temp_bytes, dx, n, nb, lo, hi, d2, 0), 0);
    CHECK_EQ_INT(gp_histogram_even_f32(h, n, dx, nb, lo, hi, d1), GP_SUCCESS);
    CHECK_EQ_INT(cudaDeviceSynchronize(), cudaSuccess);
    cudaMemcpy(g1, d1, sizeof g1, cudaMemcpyDeviceToHost);
    cudaMemcpy(g2, d2, sizeof g2, cudaMemcpyDeviceToHost);
    CHECK_EQ_INT(memcmp(g1, want, sizeof want), 0);
    CHECK_EQ_INT(memcmp(g2, want, sizeof want), 0);
    printf("CUB HistogramEven agrees on n=%lld f32, 1000 bins\n", (long long)n);
    cudaFree(dx); cudaFree(d1); cudaFree(d2); cudaFree(temp); free(hx);
}

/* More than 2^31 u8 samples (2 GiB + 4099): 64-bit indexing in every rung. */
static void large(gp_handle h, uint64_t seed)
{
    const int64_t n = ((int64_t)1 << 31) + 4099;
    size_t freeb = 0, total = 0;
    uint8_t *dx, *hx;
    uint32_t *dbins, want[256], got[256];
    cudaMemGetInfo(&freeb, &total);
    if (freeb < (size_t)n + ((size_t)1 << 30)) {
        printf("large case skipped: %zu MB free\n", freeb >> 20);
        return;
    }
    hx = malloc(n);
    if (!hx) { printf("large case skipped: no host memory\n"); return; }
    CHECK_EQ_INT(cudaMalloc((void **)&dx, n), cudaSuccess);
    CHECK_EQ_INT(cudaMalloc((void **)&dbins, sizeof got), cudaSuccess);
    gpt_fill_u8(dx, n, seed, 0);
    cudaMemcpy(hx, dx, n, cudaMemcpyDeviceToHost);
    gp_ref_histogram_u8(n - 1, hx + 1, want); /* from an odd offset: head, vectors and tail */
    for (int r = 0; r <= gp_rung_count(GP_PRIM_HISTOGRAM); r++) if (tc_rung_selected(r)) {
        gpt_poison(dbins, sizeof got, 0);
        gp_set_rung(h, GP_PRIM_HISTOGRAM, r);
        CHECK_EQ_INT(gp_histogram_u8(h, n - 1, dx + 1, dbins), GP_SUCCESS);
        CHECK_EQ_INT(cudaDeviceSynchronize(), cudaSuccess);
        cudaMemcpy(got, dbins, sizeof got, cudaMemcpyDeviceToHost);
        CHECK_EQ_INT(memcmp(got, want, sizeof want), 0);
        printf("large n=2^31+4098 u8 rung %d checked\n", r);
    }
    gp_set_rung(h, GP_PRIM_HISTOGRAM, 0);
    cudaFree(dx); cudaFree(dbins); free(hx);
}

/* 2^32 + 5 equal u8 samples: 64-bit counts hold the count of the one bin, 32-bit counts wrap to 5. */
static void large_one_bin(gp_handle h)
{
    const int64_t n = ((int64_t)1 << 32) + 5;
    size_t freeb = 0, total = 0;
    uint8_t *dx;
    uint64_t *d64, got64[256];
    uint32_t *d32, got32[256];
    cudaMemGetInfo(&freeb, &total);
    if (freeb < (size_t)n + ((size_t)1 << 30)) {
        printf("large one-bin case skipped: %zu MB free\n", freeb >> 20);
        return;
    }
    CHECK_EQ_INT(cudaMalloc((void **)&dx, n), cudaSuccess);
    CHECK_EQ_INT(cudaMalloc((void **)&d64, sizeof got64), cudaSuccess);
    CHECK_EQ_INT(cudaMalloc((void **)&d32, sizeof got32), cudaSuccess);
    cudaMemset(dx, 0x5A, n);
    for (int r = 0; r <= 1; r++) { /* auto (shared memory) and global atomics */
        int others = 0;
        gp_set_rung(h, GP_PRIM_HISTOGRAM, r);
        CHECK_EQ_INT(gp_histogram_u8_u64(h, n, dx, d64), GP_SUCCESS);
        CHECK_EQ_INT(cudaMemcpy(got64, d64, sizeof got64, cudaMemcpyDeviceToHost), cudaSuccess);
        CHECK(got64[0x5A] == (uint64_t)n);
        for (int b = 0; b < 256; b++) others += b != 0x5A && got64[b] != 0;
        CHECK_EQ_INT(others, 0);
        printf("large one-bin n=2^32+5 u64 rung %d checked\n", r);
    }
    gp_set_rung(h, GP_PRIM_HISTOGRAM, 0);
    CHECK_EQ_INT(gp_histogram_u8(h, n, dx, d32), GP_SUCCESS);
    CHECK_EQ_INT(cudaMemcpy(got32, d32, sizeof got32, cudaMemcpyDeviceToHost), cudaSuccess);
    CHECK_EQ_INT(got32[0x5A], 5); /* documented: 32-bit counts wrap modulo 2^32 */
    cudaFree(dx); cudaFree(d64); cudaFree(d32);
}

int main(int argc, char **argv)
{
    (void)argv;
    static const int64_t sizes[] = {0, 1, 255, 256, 257, 4099, (1 << 20) + 7, 3 * (1 << 22) + 1};
    static const int bin_counts[] = {1, 7, 256, 1000, 100000};
    static const int offs_u8[] = {0, 1, 7}, offs_32[] = {0, 1, 3};
    const int small = getenv("GP_TEST_SMALL") != NULL;
    const size_t nsizes = sizeof sizes / sizeof sizes[0] - (small ? 2 : 0);
    gp_handle h;
    uint64_t seed = tc_seed("test_gpu_histogram");
    cudaStream_t s;
    gpt_skip_without_device("test_gpu_histogram");
    CHECK_EQ_INT(gp_create(&h), GP_SUCCESS);
    arg_checks(h);
    /* random data (with out-of-range, NaN, infinities, exact bounds): every rung, type, size, bin count */
    for (int r = 0; r <= gp_rung_count(GP_PRIM_HISTOGRAM); r++) if (tc_rung_selected(r))
        for (int k = 0; k < 3; k++)
            for (size_t i = 0; i < nsizes; i++)
                for (size_t b = 0; b < sizeof bin_counts / sizeof bin_counts[0] - (small ? 1 : 0); b++) {
                    if (k == GPT_HIST_U8 && bin_counts[b] != 256) continue;
                    for (int j = 0; j < (small ? 2 : 3); j++)
                        CHECK(gpt_verify_histogram_case(h, r, (gpt_hist_kind)k, sizes[i], bin_counts[b],
                                                        k == GPT_HIST_U8 ? offs_u8[j] : offs_32[j], GPT_HIST_RANDOM,
                                                        0, seed++, 0) == 0);
                }
    /* skewed data: all samples in one bin, a few hot bins */
    for (int r = 0; r <= gp_rung_count(GP_PRIM_HISTOGRAM); r++) if (tc_rung_selected(r))
        for (int k = 0; k < 3; k++)
            for (int d = GPT_HIST_ONE; d <= GPT_HIST_HOT; d++) {
                CHECK(gpt_verify_histogram_case(h, r, (gpt_hist_kind)k, 4099, 7, 1, (gpt_hist_data)d, 0, seed++, 0) == 0);
                CHECK(gpt_verify_histogram_case(h, r, (gpt_hist_kind)k, small ? 65537 : (1 << 20) + 7, 256, 0,
                                                (gpt_hist_data)d, 0, seed++, 0) == 0);
                CHECK(gpt_verify_histogram_case(h, r, (gpt_hist_kind)k, 100003, 100000, 3, (gpt_hist_data)d, 0, seed++, 0) == 0);
            }
    /* the rung that ran: 100000 bins do not fit a block's shared memory (400 KB), so every forced
     * shared-memory rung runs a rung below it (global atomics) */
    {
        CHECK(gpt_verify_histogram_case(h, 0, GPT_HIST_F32, 5000, 1000, 0, GPT_HIST_RANDOM, 0, seed++, 0) == 0);
        CHECK(tc_auto_rung(h, GP_PRIM_HISTOGRAM) > 0);
        for (int r = gp_rung_find(GP_PRIM_HISTOGRAM, "shared"); r >= 2 && r <= gp_rung_count(GP_PRIM_HISTOGRAM); r++) {
            CHECK(gpt_verify_histogram_case(h, r, GPT_HIST_I32, 5000, 100000, 0, GPT_HIST_RANDOM, 0, seed++, 0) == 0);
            CHECK(tc_last_rung(h, GP_PRIM_HISTOGRAM) == gp_rung_find(GP_PRIM_HISTOGRAM, "global"));
        }
        /* 160 KB: one copy per block, above the 48 KB default (opt-in): the forced rung runs */
        CHECK(gpt_verify_histogram_case(h, gp_rung_find(GP_PRIM_HISTOGRAM, "shared"), GPT_HIST_I32, 5000, 40000, 0,
                                        GPT_HIST_RANDOM, 0, seed++, 0) == 0);
        CHECK_EQ_INT(tc_last_rung(h, GP_PRIM_HISTOGRAM), gp_rung_find(GP_PRIM_HISTOGRAM, "shared"));
    }
    /* 64-bit counts: every rung, each type, shared-memory and global paths, skewed */
    for (int r = 0; r <= gp_rung_count(GP_PRIM_HISTOGRAM); r++) if (tc_rung_selected(r))
        for (int k = 0; k < 3; k++) {
            CHECK(gpt_verify_histogram_case(h, r, (gpt_hist_kind)k, 100003, 1000, 1, GPT_HIST_RANDOM, 1, seed++, 0) == 0);
            CHECK(gpt_verify_histogram_case(h, r, (gpt_hist_kind)k, 4099, 100000, 0, GPT_HIST_RANDOM, 1, seed++, 0) == 0);
            CHECK(gpt_verify_histogram_case(h, r, (gpt_hist_kind)k, 65537, 256, 3, GPT_HIST_ONE, 1, seed++, 0) == 0);
        }
    clamp_case(h);
    cub_case(h, seed++, small ? 100003 : (1 << 24) + 3);
    /* on a user stream */
    CHECK_EQ_INT(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), cudaSuccess);
    CHECK_EQ_INT(gp_set_stream(h, s), GP_SUCCESS);
    CHECK(gpt_verify_histogram_case(h, 0, GPT_HIST_U8, 1 << 20, 256, 0, GPT_HIST_RANDOM, 0, seed++, 0) == 0);
    CHECK(gpt_verify_histogram_case(h, 0, GPT_HIST_F32, 1 << 20, 1000, 1, GPT_HIST_RANDOM, 0, seed++, 0) == 0);
    CHECK_EQ_INT(gp_set_stream(h, 0), GP_SUCCESS);
    cudaStreamDestroy(s);
    if (argc > 1 || getenv("GP_TEST_LARGE")) {
        large(h, seed);
        large_one_bin(h);
    }
    CHECK_EQ_INT(gp_destroy(h), GP_SUCCESS);
    return tc_summary("test_gpu_histogram");
}
