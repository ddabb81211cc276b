/* test_gpu_transpose.c — every transpose rung and auto, f32 and f64, on random data: edge shapes, padded
 * leading dimensions (padding must stay untouched), misaligned bases, more row tiles than gridDim.y, a
 * user stream, argument errors, and more than 2^31 elements where memory allows (GP_TEST_LARGE).
 * GP_TEST_SMALL (compute-sanitizer) drops the big shapes. Exits 77 (skipped) without a CUDA device. */
#include "tcheck.h"
#include "gpu_test.h"
#include "devdata.h"
#include "verify_cases.h"
#include "ref/ref.h"
#include <cuda_runtime.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void arg_checks(gp_handle h)
{
    float *d = NULL, host[64];
    double *dd = NULL;
    cudaMalloc((void **)&d, 4096 * sizeof(float));
    cudaMalloc((void **)&dd, 4096 * sizeof(double));
    CHECK_EQ_INT(gp_transpose_f32(NULL, 4, 4, d, 4, d + 16, 4), GP_ERROR_INVALID_HANDLE);
    CHECK_EQ_INT(gp_transpose_f32(h, 4, 4, host, 4, d, 4), GP_ERROR_HOST_POINTER);
    CHECK_EQ_INT(gp_transpose_f32(h, 4, 4, d, 4, host, 4), GP_ERROR_HOST_POINTER);
    CHECK_EQ_INT(gp_transpose_f32(h, 4, 4, NULL, 4, d, 4), GP_ERROR_NULL_POINTER);
    CHECK_EQ_INT(gp_transpose_f32(h, 4, 4, d, 4, NULL, 4), GP_ERROR_NULL_POINTER);
    CHECK_EQ_INT(gp_transpose_f32(h, -1, 4, d, 4, d + 64, 4), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_transpose_f32(h, 4, -1, d, 4, d + 64, 4), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_transpose_f32(h, 4, 8, d, 7, d + 64, 4), GP_ERROR_INVALID_VALUE);   /* ld_in < cols */
    CHECK_EQ_INT(gp_transpose_f32(h, 8, 4, d, 4, d + 64, 7), GP_ERROR_INVALID_VALUE);   /* ld_out < rows */
    CHECK_EQ_INT(gp_transpose_f32(h, 4, 4, d, 0, d + 64, 4), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_transpose_f32(h, 2, 2, d, INT64_MAX, d + 64, 2), GP_ERROR_INVALID_VALUE); /* extent overflows */
    CHECK_EQ_INT(gp_transpose_f32(h, 1, 4, d, INT64_MAX, d + 64, 1), GP_SUCCESS); /* one row: ld_in never used */
    /* empty matrices are a no-op; pointers are not looked at */
    CHECK_EQ_INT(gp_transpose_f32(h, 0, 5, NULL, 5, NULL, 1), GP_SUCCESS);
    CHECK_EQ_INT(gp_transpose_f32(h, 5, 0, NULL, 1, NULL, 5), GP_SUCCESS);
    CHECK_EQ_INT(gp_transpose_f64(h, 0, 0, NULL, 1, NULL, 1), GP_SUCCESS);
    /* in-place is not implemented; any other overlap is refused */
    CHECK_EQ_INT(gp_transpose_f32(h, 8, 8, d, 8, d, 8), GP_ERROR_NOT_SUPPORTED);
    CHECK_EQ_INT(gp_transpose_f32(h, 1, 1, d, 1, d, 1), GP_ERROR_NOT_SUPPORTED);
    CHECK_EQ_INT(gp_transpose_f64(h, 8, 8, dd, 8, dd, 8), GP_ERROR_NOT_SUPPORTED);
    CHECK_EQ_INT(gp_transpose_f32(h, 8, 8, d, 8, d + 63, 8), GP_ERROR_OVERLAP);        /* in ends at d + 64 */
    CHECK_EQ_INT(gp_transpose_f32(h, 8, 8, d + 63, 8, d, 8), GP_ERROR_OVERLAP);
    CHECK_EQ_INT(gp_transpose_f32(h, 8, 8, d, 8, d + 64, 8), GP_SUCCESS);              /* adjacent: fine */
    CHECK_EQ_INT(gp_transpose_f32(h, 8, 8, d + 64, 8, d, 8), GP_SUCCESS);
    CHECK_EQ_INT(gp_transpose_f64(h, 8, 8, dd, 8, dd + 32, 8), GP_ERROR_OVERLAP);
    /* misaligned element pointers */
    CHECK_EQ_INT(gp_transpose_f32(h, 4, 4, (const float *)((char *)d + 2), 4, d + 64, 4), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_transpose_f64(h, 4, 4, dd, 4, (double *)((char *)dd + 1028), 4), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_set_rung(h, GP_PRIM_TRANSPOSE, gp_rung_count(GP_PRIM_TRANSPOSE) + 1), GP_ERROR_INVALID_RUNG);
    CHECK_EQ_INT(gp_set_rung(h, GP_PRIM_TRANSPOSE, -1), GP_ERROR_INVALID_RUNG);
    CHECK_EQ_INT(cudaDeviceSynchronize(), cudaSuccess);
    cudaFree(d);
    cudaFree(dd);
}

/* The dispatcher's choice: rung 6 (realigned), which runs rung 4 for aligned matrices of whole tiles and rung 3
 * for a single row or column; forced, the 16-byte rungs (vec4, grouped) where every row starts on a 16-byte
 * boundary, a rung below them otherwise. */
static void fallbacks(gp_handle h, uint64_t *seed)
{
    const int vec4 = gp_rung_find(GP_PRIM_TRANSPOSE, "vec4"), grouped = gp_rung_find(GP_PRIM_TRANSPOSE, "grouped");
    const int realigned = gp_rung_find(GP_PRIM_TRANSPOSE, "realigned");
    int aligned;
    CHECK(gpt_verify_transpose_case(h, 0, 4, 256, 256, 256, 256, 0, 0, (*seed)++, 0) == 0);
    aligned = tc_auto_rung(h, GP_PRIM_TRANSPOSE);
    CHECK_EQ_INT(aligned, vec4); /* whole aligned tiles: rung 6 hands them to rung 4 */
    CHECK(gpt_verify_transpose_case(h, 0, 4, 256, 250, 252, 256, 0, 0, (*seed)++, 0) == 0);
    CHECK_EQ_INT(tc_auto_rung(h, GP_PRIM_TRANSPOSE), realigned);
    CHECK(gpt_verify_transpose_case(h, grouped, 4, 256, 256, 256, 256, 4, 0, (*seed)++, 0) == 0); /* off 16 B */
    CHECK_EQ_INT(tc_last_rung(h, GP_PRIM_TRANSPOSE), grouped);
    CHECK(gpt_verify_transpose_case(h, 0, 4, 256, 256, 256, 256, 1, 0, (*seed)++, 0) == 0); /* in not 16-B aligned */
    CHECK_EQ_INT(tc_auto_rung(h, GP_PRIM_TRANSPOSE), realigned);
    CHECK(gpt_verify_transpose_case(h, 0, 4, 1000, 1000, 1001, 1003, 3, 1, (*seed)++, 0) == 0); /* odd lds */
    CHECK_EQ_INT(tc_auto_rung(h, GP_PRIM_TRANSPOSE), realigned);
    CHECK(gpt_verify_transpose_case(h, 0, 4, 1, 5000, 5000, 1, 1, 0, (*seed)++, 0) == 0); /* one row: rung 3 */
    CHECK_EQ_INT(tc_last_rung(h, GP_PRIM_TRANSPOSE), gp_rung_find(GP_PRIM_TRANSPOSE, "padded"));
    CHECK(gpt_verify_transpose_case(h, realigned, 4, 1, 5000, 5000, 1, 1, 0, (*seed)++, 0) == 0); /* forced: 6 */
    CHECK_EQ_INT(tc_last_rung(h, GP_PRIM_TRANSPOSE), realigned);
    CHECK(gpt_verify_transpose_case(h, vec4, 4, 256, 256, 256, 256, 1, 0, (*seed)++, 0) == 0); /* vec4 forced */
    CHECK(tc_last_rung(h, GP_PRIM_TRANSPOSE) >= 1 && tc_last_rung(h, GP_PRIM_TRANSPOSE) < vec4);
    CHECK(gpt_verify_transpose_case(h, vec4, 4, 256, 255, 255, 256, 0, 0, (*seed)++, 0) == 0); /* ld_in not 4k */
    CHECK(tc_last_rung(h, GP_PRIM_TRANSPOSE) >= 1 && tc_last_rung(h, GP_PRIM_TRANSPOSE) < vec4);
    CHECK(gpt_verify_transpose_case(h, vec4, 8, 256, 256, 256, 257, 0, 0, (*seed)++, 0) == 0); /* ld_out odd */
    CHECK(tc_last_rung(h, GP_PRIM_TRANSPOSE) >= 1 && tc_last_rung(h, GP_PRIM_TRANSPOSE) < vec4);
    CHECK(gpt_verify_transpose_case(h, 0, 8, 256, 256, 256, 256, 0, 2, (*seed)++, 0) == 0); /* f64, 16-B aligned */
    CHECK_EQ_INT(tc_auto_rung(h, GP_PRIM_TRANSPOSE), vec4);
    CHECK(gpt_verify_transpose_case(h, grouped, 8, 256, 256, 256, 256, 0, 1, (*seed)++, 0) == 0); /* 8-B aligned */
    CHECK(tc_last_rung(h, GP_PRIM_TRANSPOSE) >= 1 && tc_last_rung(h, GP_PRIM_TRANSPOSE) < vec4);
}

/* More than 2^31 elements: 64-bit indexing in every rung (~17 GB of device memory, ~26 GB of host). */
static void large(gp_handle h, uint64_t seed)
{
    const int64_t rows = 65536, cols = 32769, ld_in = 32772; /* ld_in: rung 4 runs, with an edge strip */
    const int64_t in_n = (rows - 1) * ld_in + cols, out_n = cols * rows;
    size_t freeb = 0, total = 0;
    float *in, *out, *hin, *hout;
    cudaMemGetInfo(&freeb, &total);
    if (freeb < (size_t)(in_n + out_n) * 4 + ((size_t)1 << 30)) {
        printf("large case skipped: %zu MB free\n", freeb >> 20);
        return;
    }
    hin = malloc((size_t)in_n * 4);
    hout = malloc((size_t)out_n * 4);
    if (!hin || !hout) {
        printf("large case skipped: no host memory\n");
        free(hin); free(hout);
        return;
    }
    CHECK_EQ_INT(cudaMalloc((void **)&in, (size_t)in_n * 4), cudaSuccess);
    CHECK_EQ_INT(cudaMalloc((void **)&out, (size_t)out_n * 4), cudaSuccess);
    gpt_fill_f32(in, in_n, -1.f, 1.f, seed, 0);
    cudaMemcpy(hin, in, (size_t)in_n * 4, cudaMemcpyDeviceToHost);
    for (int r = 1; r <= gp_rung_count(GP_PRIM_TRANSPOSE); r++) if (tc_rung_selected(r)) {
        int ran = 0;
        gpt_poison(out, (size_t)out_n * 4, 0);
        gp_set_rung(h, GP_PRIM_TRANSPOSE, r);
        CHECK_EQ_INT(gp_transpose_f32(h, rows, cols, in, ld_in, out, rows), GP_SUCCESS);
        gp_get_last_rung(h, GP_PRIM_TRANSPOSE, &ran);
        CHECK_EQ_INT(ran, r);
        CHECK_EQ_INT(cudaDeviceSynchronize(), cudaSuccess);
        cudaMemcpy(hout, out, (size_t)out_n * 4, cudaMemcpyDeviceToHost);
        CHECK_EQ_INT(gp_ref_transpose_mismatches(4, rows, cols, hin, ld_in, hout, rows, "large"), 0);
        printf("large %lldx%lld (ld_in %lld) rung %d checked\n", (long long)rows, (long long)cols, (long long)ld_in, r);
    }
    gp_set_rung(h, GP_PRIM_TRANSPOSE, 0);
    cudaFree(in); cudaFree(out);
    free(hin); free(hout);
}

int main(int argc, char **argv)
{
    (void)argv;
    /* {rows, cols} */
    static const int64_t shapes[][2] = {
        {1, 1}, {1, 2}, {2, 1}, {1, 100003}, {100003, 1}, {3, 5}, {31, 33}, {32, 32}, {33, 31}, {63, 65}, {64, 64},
        {65, 64}, {64, 65}, {128, 128}, {33, 4097}, {4097, 33}, {1000, 1}, {1, 1000}, {257, 1031}, {2048, 2048},
        {(1 << 22) + 3, 1}, /* 131073 row tiles of 32: more than gridDim.y's 65535, the blocks loop */
        {(1 << 22) + 69, 64}, /* rung 4: 65537 full 64-row tiles (> 65535) and a 5-row edge strip */
        {1, (1 << 22) + 5}, {16384, 16384}, {1000, 1000}, {129, 67}, {4097, 4095},
    };
    const int small = getenv("GP_TEST_SMALL") != NULL;
    const int nshapes = (int)(sizeof shapes / sizeof shapes[0]);
    gp_handle h;
    uint64_t seed = tc_seed("test_gpu_transpose");
    cudaStream_t s;
    gpt_skip_without_device("test_gpu_transpose");
    CHECK_EQ_INT(gp_create(&h), GP_SUCCESS);
    arg_checks(h);
    for (int r = 0; r <= gp_rung_count(GP_PRIM_TRANSPOSE); r++) if (tc_rung_selected(r)) {
        for (int i = 0; i < nshapes; i++) {
            const int64_t rows = shapes[i][0], cols = shapes[i][1];
            if (small && rows * cols > (1 << 20)) continue; /* compute-sanitizer: small shapes only */
            for (int es = 4; es <= 8; es += 4) {
                if (rows * cols >= ((int64_t)1 << 28) && (es == 8 || r == 1 || r == 2)) continue; /* keep it short */
                /* dense, 16-byte aligned */
                CHECK(gpt_verify_transpose_case(h, r, es, rows, cols, cols, rows, 0, 0, seed++, 0) == 0);
                if (rows * cols > ((int64_t)1 << 24)) continue;
                /* padded leading dimensions (ld % 4 == 0: rung 4's vector path with padding) */
                CHECK(gpt_verify_transpose_case(h, r, es, rows, cols, cols + 4, rows + 8, 0, 0, seed++, 0) == 0);
                /* odd padding and misaligned bases (rung 4 -> 3) */
                CHECK(gpt_verify_transpose_case(h, r, es, rows, cols, cols + 3, rows + 1, 1, 3, seed++, 0) == 0);
                /* 16-byte multiples of ld, bases aligned to the element only */
                CHECK(gpt_verify_transpose_case(h, r, es, rows, cols, (cols + 3) / 4 * 4, (rows + 3) / 4 * 4, 2, 0,
                                                seed++, 0) == 0);
            }
        }
        printf("rung %d: shapes done\n", r);
    }
    fallbacks(h, &seed);
    /* on a user stream */
    CHECK_EQ_INT(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), cudaSuccess);
    CHECK_EQ_INT(gp_set_stream(h, s), GP_SUCCESS);
    for (int r = 0; r <= gp_rung_count(GP_PRIM_TRANSPOSE); r++) if (tc_rung_selected(r))
        CHECK(gpt_verify_transpose_case(h, r, 4, 1000, 777, 780, 1000, 0, 0, seed++, 0) == 0);
    CHECK_EQ_INT(gp_set_stream(h, 0), GP_SUCCESS);
    cudaStreamDestroy(s);
    if (argc > 1 || getenv("GP_TEST_LARGE")) large(h, seed);
    CHECK_EQ_INT(gp_destroy(h), GP_SUCCESS);
    return tc_summary("test_gpu_transpose");
}
