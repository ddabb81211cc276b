/* test_gpu_map.c — every map rung on random data: edge sizes, every operator, aligned, equally and unequally
 * misaligned pointers, a user stream, argument errors, and more than 2^31 elements where memory allows.
 * Exits 77 (skipped) without a CUDA device. */
#include "tcheck.h"
#include "gpu_test.h"
#include "check.h"
#include "devdata.h"
#include "verify_cases.h"
#include "ref/ref.h"
#include <cuda_runtime.h>
#include <stdlib.h>
#include <time.h>

static void arg_checks(gp_handle h)
{
    float *d = NULL, host[8];
    cudaMalloc((void **)&d, 64 * sizeof(float));
    CHECK_EQ_INT(gp_vector_add_f32(h, 8, host, d, d), GP_ERROR_HOST_POINTER);
    CHECK_EQ_INT(gp_vector_add_f32(h, 8, d, host, d), GP_ERROR_HOST_POINTER);
    CHECK_EQ_INT(gp_vector_add_f32(h, 8, d, d, host), GP_ERROR_HOST_POINTER);
    CHECK_EQ_INT(gp_vector_add_f32(h, 8, NULL, d, d), GP_ERROR_NULL_POINTER);
    CHECK_EQ_INT(gp_vector_add_f32(h, -1, d, d, d), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_vector_add_f32(h, 0, NULL, NULL, NULL), GP_SUCCESS); /* n = 0 is a no-op */
    CHECK_EQ_INT(gp_map_f32(h, (gp_binop)99, 8, d, d, d), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_vector_add_f32(h, 8, d, d, d + 1), GP_ERROR_OVERLAP);     /* partial overlap */
    CHECK_EQ_INT(gp_vector_add_f32(h, 8, d, d + 8, d), GP_SUCCESS);          /* exact alias: in place */
    CHECK_EQ_INT(gp_vector_add_f32(h, 8, (const float *)((char *)d + 2), d + 16, d + 32), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_set_rung(h, GP_PRIM_MAP, 5), GP_ERROR_INVALID_RUNG);
    CHECK_EQ_INT(gp_set_rung(h, GP_PRIM_MAP, -1), GP_ERROR_INVALID_RUNG);
    CHECK_EQ_INT(gp_set_rung(h, GP_PRIM_COUNT, 1), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(cudaDeviceSynchronize(), cudaSuccess);
    cudaFree(d);
}

/* More than 2^31 elements: 64-bit indexing in every rung (needs ~26 GB of device memory). */
static void large(gp_handle h, uint64_t seed)
{
    const int64_t n = ((int64_t)1 << 31) + 5;
    size_t freeb = 0, total = 0;
    float *a, *b, *c, *ha, *hb, *hc, *want;
    cudaMemGetInfo(&freeb, &total);
    if (freeb < (size_t)n * 12 + ((size_t)1 << 30)) {
        printf("large case skipped: %zu MB free\n", freeb >> 20);
        return;
    }
    CHECK_EQ_INT(cudaMalloc((void **)&a, n * 4), cudaSuccess);
    CHECK_EQ_INT(cudaMalloc((void **)&b, n * 4), cudaSuccess);
    CHECK_EQ_INT(cudaMalloc((void **)&c, n * 4), cudaSuccess);
    ha = malloc(n * 4); hb = malloc(n * 4); hc = malloc(n * 4); want = malloc(n * 4);
    if (!ha || !hb || !hc || !want) { CHECK(!"host memory for the large case"); return; }
    gpt_fill_f32(a, n, -1.f, 1.f, seed, 0);
    gpt_fill_f32(b, n, -1.f, 1.f, seed + 9, 0);
    cudaMemcpy(ha, a, n * 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(hb, b, n * 4, cudaMemcpyDeviceToHost);
    gp_ref_map_f32(GP_BINOP_ADD, n, ha, hb, want);
    for (int r = 1; r <= gp_rung_count(GP_PRIM_MAP); r++) if (tc_rung_selected(r)) {
        gpt_poison(c, n * 4, 0);
        gp_set_rung(h, GP_PRIM_MAP, r);
        CHECK_EQ_INT(gp_vector_add_f32(h, n, a, b, c), GP_SUCCESS);
        CHECK_EQ_INT(cudaDeviceSynchronize(), cudaSuccess);
        cudaMemcpy(hc, c, n * 4, cudaMemcpyDeviceToHost);
        CHECK_EQ_INT(gpt_compare_f32_exact("large", hc, want, n), 0);
        printf("large n=2^31+5 rung %d checked\n", r);
    }
    gp_set_rung(h, GP_PRIM_MAP, 0);
    cudaFree(a); cudaFree(b); cudaFree(c);
    free(ha); free(hb); free(hc); free(want);
}

int main(int argc, char **argv)
{
    (void)argv;
    static const int64_t sizes[] = {1, 2, 3, 4, 5, 7, 8, 31, 33, 255, 256, 257, 1023, 1025, 4099, 65537, (1 << 20) + 5, 3 << 22};
    static const int offs[][3] = {{0, 0, 0}, {1, 1, 1}, {3, 3, 3}, {2, 2, 2}, {0, 1, 2}, {3, 0, 0}};
    gp_handle h;
    uint64_t seed = tc_seed("test_gpu_map");
    cudaStream_t s;
    gpt_skip_without_device("test_gpu_map");
    CHECK_EQ_INT(gp_create(&h), GP_SUCCESS);
    arg_checks(h);
    /* under compute-sanitizer (GP_TEST_SMALL) the sizes stop at 65537 */
    size_t nsizes = sizeof sizes / sizeof sizes[0] - (getenv("GP_TEST_SMALL") ? 2 : 0);
    for (int r = 0; r <= gp_rung_count(GP_PRIM_MAP); r++) if (tc_rung_selected(r))
        for (size_t i = 0; i < nsizes; i++)
            for (size_t j = 0; j < sizeof offs / sizeof offs[0]; j++)
                CHECK(gpt_verify_map_case(h, r, GP_BINOP_ADD, sizes[i], offs[j][0], offs[j][1], offs[j][2], seed++, 0) == 0);
    for (int r = 0; r <= gp_rung_count(GP_PRIM_MAP); r++) if (tc_rung_selected(r))
        for (int op = 0; op < GP_BINOP_COUNT; op++)
            CHECK(gpt_verify_map_case(h, r, (gp_binop)op, 100003, 1, 1, 1, seed++, 0) == 0);
    /* on a user stream */
    CHECK_EQ_INT(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), cudaSuccess);
    CHECK_EQ_INT(gp_set_stream(h, s), GP_SUCCESS);
    CHECK(gpt_verify_map_case(h, 0, GP_BINOP_MUL, 1 << 20, 0, 0, 0, seed++, 0) == 0);
    CHECK_EQ_INT(gp_set_stream(h, 0), GP_SUCCESS);
    cudaStreamDestroy(s);
    /* the dispatcher falls back to a scalar rung below the vector one for unequally aligned pointers */
    {
        int aligned;
        CHECK(gpt_verify_map_case(h, 0, GP_BINOP_ADD, 1000, 0, 0, 0, seed++, 0) == 0);
        aligned = tc_auto_rung(h, GP_PRIM_MAP);
        CHECK(aligned > 0);
        CHECK(gpt_verify_map_case(h, 0, GP_BINOP_ADD, 1000, 0, 1, 0, seed++, 0) == 0);
        CHECK(tc_auto_rung(h, GP_PRIM_MAP) > 0 && tc_auto_rung(h, GP_PRIM_MAP) < aligned);
    }
    if (argc > 1 || getenv("GP_TEST_LARGE")) large(h, seed);
    CHECK_EQ_INT(gp_destroy(h), GP_SUCCESS);
    return tc_summary("test_gpu_map");
}
