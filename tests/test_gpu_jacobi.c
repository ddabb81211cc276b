/* test_gpu_jacobi.c — every jacobi rung forced + auto, bit-exact against the CPU reference: 14 grid shapes (thin
 * grids without interior, the tiles of rungs 02-04 +-1) x steps {0, 1, 2, 3, 7, 16, 17} x three layouts (dense; odd
 * ld with misaligned bases; ld % 4 == 0 with padding), every configuration of the configurable rungs (temporal's T)
 * forced with gp_set_config, u1's boundary equal to u0's, padding untouched; one step against many (temporal takes
 * two or more); every bad argument's status; a user stream. GP_TEST_SMALL (compute-sanitizer) trims the shapes and
 * steps. Exits 77 (skipped) without a CUDA device. */
#include "tcheck.h"
#include "gpu_test.h"
#include "devdata.h"
#include "verify_cases.h"
#include <cuda_runtime.h>
#include <stdint.h>
#include <stdlib.h>

static void arg_checks(gp_handle h)
{
    float *A = NULL, *B = NULL, host[64];
    cudaMalloc((void **)&A, 4096 * sizeof(float));
    cudaMalloc((void **)&B, 4096 * sizeof(float));
    float *Bc = (float *)((char *)B + 2);
    CHECK_EQ_INT(gp_jacobi5_f32(NULL, 8, 8, A, B, 8, 1), GP_ERROR_INVALID_HANDLE);
    CHECK_EQ_INT(gp_jacobi5_f32(h, -8, 8, A, B, 8, 1), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_jacobi5_f32(h, 8, -8, A, B, 8, 1), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_jacobi5_f32(h, 8, 8, A, B, 7, 1), GP_ERROR_INVALID_VALUE);  /* ld < cols */
    CHECK_EQ_INT(gp_jacobi5_f32(h, 8, 8, A, B, 8, -1), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_jacobi5_f32(h, 2, 2, A, B, INT64_MAX, 1), GP_ERROR_INVALID_VALUE); /* extent overflows */
    CHECK_EQ_INT(gp_jacobi5_f32(h, 8, 8, NULL, B, 8, 1), GP_ERROR_NULL_POINTER);
    CHECK_EQ_INT(gp_jacobi5_f32(h, 8, 8, A, NULL, 8, 1), GP_ERROR_NULL_POINTER);
    CHECK_EQ_INT(gp_jacobi5_f32(h, 8, 8, host, B, 8, 1), GP_ERROR_HOST_POINTER);
    CHECK_EQ_INT(gp_jacobi5_f32(h, 8, 8, A, host, 8, 1), GP_ERROR_HOST_POINTER);
    CHECK_EQ_INT(gp_jacobi5_f32(h, 8, 8, A, Bc, 8, 1), GP_ERROR_INVALID_VALUE);  /* misaligned */
    CHECK_EQ_INT(gp_jacobi5_f32(h, 8, 8, A, A, 8, 1), GP_ERROR_OVERLAP);
    CHECK_EQ_INT(gp_jacobi5_f32(h, 8, 8, A, A + 63, 8, 1), GP_ERROR_OVERLAP);
    CHECK_EQ_INT(gp_jacobi5_f32(h, 8, 8, A + 63, A, 8, 1), GP_ERROR_OVERLAP);
    CHECK_EQ_INT(gp_jacobi5_f32(h, 8, 8, A, A + 64, 8, 1), GP_SUCCESS);  /* adjacent: fine */
    /* no steps, or an empty grid: a no-op; pointers are not looked at */
    CHECK_EQ_INT(gp_jacobi5_f32(h, 8, 8, A, B, 8, 0), GP_SUCCESS);
    CHECK_EQ_INT(gp_jacobi5_f32(h, 8, 8, NULL, NULL, 8, 0), GP_SUCCESS);
    CHECK_EQ_INT(gp_jacobi5_f32(h, 0, 8, NULL, NULL, 8, 3), GP_SUCCESS);
    CHECK_EQ_INT(gp_jacobi5_f32(h, 8, 0, NULL, NULL, 1, 3), GP_SUCCESS);
    CHECK_EQ_INT(gp_set_rung(h, GP_PRIM_JACOBI, gp_rung_count(GP_PRIM_JACOBI) + 1), GP_ERROR_INVALID_RUNG);
    CHECK_EQ_INT(gp_set_config(h, GP_PRIM_JACOBI, 1 << 20), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(cudaDeviceSynchronize(), cudaSuccess);
    cudaFree(A); cudaFree(B);
}

static int one(gp_handle h, int rung, int cfg, int64_t rows, int64_t cols, int steps, int layout, uint64_t *seed)
{
    gpt_jacobi_case c = gpt_jacobi_case_of(rung, rows, cols, steps, layout);
    c.config = cfg;
    return gpt_verify_jacobi_case(h, &c, (*seed)++, 0);
}

int main(void)
{
    /* rung 04 (T = 8) tiles are 112 x 64, rung 03's warps 128 columns wide, rung 02's tiles 32 x 32 */
    static const int64_t shapes[][2] = {{1, 1},    {1, 300},  {300, 1},  {2, 2},    {3, 3},     {3, 130},  {37, 130},
                                        {63, 111}, {64, 112}, {65, 113}, {129, 225}, {33, 127}, {31, 129}, {200, 97}};
    static const int steps[] = {0, 1, 2, 3, 7, 16, 17};
    const int small = getenv("GP_TEST_SMALL") != NULL;
    const int nshapes = (int)(sizeof shapes / sizeof shapes[0]), nsteps = small ? 5 : 7;
    const int temporal = gp_rung_find(GP_PRIM_JACOBI, "temporal");
    uint64_t seed = tc_seed("test_gpu_jacobi");
    gp_handle h;
    cudaStream_t s;
    gpt_skip_without_device("test_gpu_jacobi");
    CHECK_EQ_INT(gp_create(&h), GP_SUCCESS);
    arg_checks(h);
    for (int r = 0; r <= gp_rung_count(GP_PRIM_JACOBI); r++) if (tc_rung_selected(r)) {
        const int before = tc_fail;
        for (int i = 0; i < nshapes; i++)
            for (int k = 0; k < nsteps; k++)
                for (int l = 0; l < GPT_CONV_LAYOUTS; l++) {
                    if (small && l == 2 && k > 3) continue;
                    CHECK(one(h, r, -1, shapes[i][0], shapes[i][1], steps[k], l, &seed) == 0);
                }
        if (!small) CHECK(one(h, r, -1, 1030, 1500, 33, 1, &seed) == 0);
        printf("rung %d: %s\n", r, tc_fail == before ? "ok" : "FAILED");
    }
    /* every configuration of each configurable rung, forced */
    for (int r = 1; r <= gp_rung_count(GP_PRIM_JACOBI); r++) if (tc_rung_selected(r)) {
        gp_rung_info ri;
        if (gp_get_rung_info(GP_PRIM_JACOBI, r, &ri) != GP_SUCCESS) continue;
        for (int cfg = 0; cfg < ri.configs; cfg++) {
            const int before = tc_fail;
            for (int i = 0; i < nshapes; i++)
                for (int k = 0; k < nsteps; k++)
                    for (int l = 0; l < GPT_CONV_LAYOUTS; l++) {
                        if (small && l == 2) continue;
                        CHECK(one(h, r, cfg, shapes[i][0], shapes[i][1], steps[k], l, &seed) == 0);
                    }
            if (!small) CHECK(one(h, r, cfg, 1030, 1500, 33, 0, &seed) == 0);
            printf("rung %d configuration %d (%s): %s\n", r, cfg, gp_rung_config_name(GP_PRIM_JACOBI, r, cfg),
                   tc_fail == before ? "ok" : "FAILED");
        }
    }
    /* one step against many: temporal blocking needs two steps or more; the automatic choice of each is a rung it
     * may pick (which one: test_pick.c) */
    CHECK(one(h, temporal, -1, 300, 400, 1, 0, &seed) == 0);
    CHECK(tc_last_rung(h, GP_PRIM_JACOBI) != temporal && tc_last_rung(h, GP_PRIM_JACOBI) > 0);
    CHECK(one(h, 0, -1, 300, 400, 1, 0, &seed) == 0);
    CHECK(tc_auto_rung(h, GP_PRIM_JACOBI) > 0 && tc_auto_rung(h, GP_PRIM_JACOBI) != temporal);
    CHECK(one(h, 0, -1, 300, 400, 16, 0, &seed) == 0);
    CHECK(tc_auto_rung(h, GP_PRIM_JACOBI) > 0);
    /* on a user stream */
    CHECK_EQ_INT(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), cudaSuccess);
    CHECK_EQ_INT(gp_set_stream(h, s), GP_SUCCESS);
    for (int r = 0; r <= gp_rung_count(GP_PRIM_JACOBI); r++) if (tc_rung_selected(r))
        for (int l = 0; l < GPT_CONV_LAYOUTS; l++) CHECK(one(h, r, -1, 333, 250, 9, l, &seed) == 0);
    CHECK_EQ_INT(gp_set_stream(h, 0), GP_SUCCESS);
    cudaStreamDestroy(s);
    CHECK_EQ_INT(gp_destroy(h), GP_SUCCESS);
    return tc_summary("test_gpu_jacobi");
}
