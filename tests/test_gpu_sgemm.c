/* test_gpu_sgemm.c — every sgemm rung + auto: 4 transpose combinations on small random shapes vs a double
 * CPU reference, the odd shapes (1x1x1, 127x129x131, 1000x1x1000, 4097x4095x33, 33x4097x5), ld > dims with
 * the padding untouched, alpha/beta (beta = 0 with C full of NaN), k = 0, alpha = 0, misaligned pointers and
 * odd ld (the scalar fall-backs), large shapes vs cuBLAS pedantic fp32, argument errors, a user stream.
 * Bound: relative Frobenius error <= gpt_sgemm_tol(k) = max(1e-5, 16 * 2^-24 * sqrt(k)).
 * GP_TEST_SMALL (compute-sanitizer) drops the large shapes, GP_TEST_SMALL=2 (racecheck) also the small list's
 * shapes of more than 2^20 multiply-adds; GP_TEST_LARGE (or any argument) adds matrices of
 * more than 2^31 elements (needs ~11 GB free). Exits 77 (skipped) without a CUDA device. */
#include "tcheck.h"
#include "gpu_test.h"
#include "devdata.h"
#include "verify_cases.h"
#include "sgemm/sgemm_internal.h"
#include <cuda_runtime.h>
#include "ref/ref.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int run(gp_handle h, int rung, int ta, int tb, int64_t m, int64_t n, int64_t k, float alpha, float beta,
               int pad, int off, int vendor, uint64_t seed)
{
    /* pad % 4 == 0 keeps every ld a multiple of 4 (vector paths); other pads give three different odd lds */
    const int pb = pad % 4 ? pad + 1 : pad, pc = pad % 4 ? pad + 2 : pad;
    gpt_sgemm_case c = {rung, ta, tb, m, n, k, alpha, beta, pad, pb, pc,
                        off, off ? off + 1 : 0, off ? off + 2 : 0, vendor};
    return gpt_verify_sgemm_case(h, &c, seed, 0);
}

static void arg_checks(gp_handle h)
{
    float *d = NULL, host[16];
    cudaMalloc((void **)&d, 4096 * sizeof(float));
    float *A = d, *B = d + 1024, *C = d + 2048;
    CHECK_EQ_INT(gp_sgemm(NULL, GP_NO_TRANS, GP_NO_TRANS, 4, 4, 4, 1.f, A, 4, B, 4, 0.f, C, 4), GP_ERROR_INVALID_HANDLE);
    CHECK_EQ_INT(gp_sgemm(h, (gp_trans)2, GP_NO_TRANS, 4, 4, 4, 1.f, A, 4, B, 4, 0.f, C, 4), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_sgemm(h, GP_NO_TRANS, (gp_trans)-1, 4, 4, 4, 1.f, A, 4, B, 4, 0.f, C, 4), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_sgemm(h, GP_NO_TRANS, GP_NO_TRANS, -1, 4, 4, 1.f, A, 4, B, 4, 0.f, C, 4), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_sgemm(h, GP_NO_TRANS, GP_NO_TRANS, 4, 4, -1, 1.f, A, 4, B, 4, 0.f, C, 4), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_sgemm(h, GP_NO_TRANS, GP_NO_TRANS, 4, 4, 5, 1.f, A, 4, B, 4, 0.f, C, 4), GP_ERROR_INVALID_VALUE); /* lda < k */
    CHECK_EQ_INT(gp_sgemm(h, GP_TRANS, GP_NO_TRANS, 5, 4, 4, 1.f, A, 4, B, 4, 0.f, C, 4), GP_ERROR_INVALID_VALUE);    /* lda < m */
    CHECK_EQ_INT(gp_sgemm(h, GP_NO_TRANS, GP_NO_TRANS, 4, 5, 4, 1.f, A, 4, B, 5, 0.f, C, 4), GP_ERROR_INVALID_VALUE); /* ldc < n */
    CHECK_EQ_INT(gp_sgemm(h, GP_NO_TRANS, GP_TRANS, 4, 4, 5, 1.f, A, 5, B, 4, 0.f, C, 4), GP_ERROR_INVALID_VALUE);    /* ldb < k */
    CHECK_EQ_INT(gp_sgemm(h, GP_NO_TRANS, GP_NO_TRANS, 4, 4, 4, 1.f, NULL, 4, B, 4, 0.f, C, 4), GP_ERROR_NULL_POINTER);
    CHECK_EQ_INT(gp_sgemm(h, GP_NO_TRANS, GP_NO_TRANS, 4, 4, 4, 1.f, A, 4, B, 4, 0.f, NULL, 4), GP_ERROR_NULL_POINTER);
    CHECK_EQ_INT(gp_sgemm(h, GP_NO_TRANS, GP_NO_TRANS, 4, 4, 4, 1.f, host, 4, B, 4, 0.f, C, 4), GP_ERROR_HOST_POINTER);
    CHECK_EQ_INT(gp_sgemm(h, GP_NO_TRANS, GP_NO_TRANS, 4, 4, 4, 1.f, A, 4, host, 4, 0.f, C, 4), GP_ERROR_HOST_POINTER);
    CHECK_EQ_INT(gp_sgemm(h, GP_NO_TRANS, GP_NO_TRANS, 4, 4, 4, 1.f, A, 4, B, 4, 0.f, host, 4), GP_ERROR_HOST_POINTER);
    CHECK_EQ_INT(gp_sgemm(h, GP_NO_TRANS, GP_NO_TRANS, 4, 4, 4, 1.f, A, 4, B, 4, 0.f, A + 8, 4), GP_ERROR_OVERLAP);
    CHECK_EQ_INT(gp_sgemm(h, GP_NO_TRANS, GP_NO_TRANS, 4, 4, 4, 1.f, A, 4, B, 4, 0.f, B, 4), GP_ERROR_OVERLAP);
    CHECK_EQ_INT(gp_sgemm(h, GP_NO_TRANS, GP_NO_TRANS, 4, 4, 4, 1.f, (const float *)((char *)A + 2), 4, B, 4, 0.f, C, 4),
                 GP_ERROR_INVALID_VALUE); /* not float-aligned */
    /* m or n == 0: no-op, nothing checked beyond the sizes */
    CHECK_EQ_INT(gp_sgemm(h, GP_NO_TRANS, GP_NO_TRANS, 0, 4, 4, 1.f, NULL, 4, NULL, 4, 0.f, NULL, 4), GP_SUCCESS);
    CHECK_EQ_INT(gp_sgemm(h, GP_NO_TRANS, GP_NO_TRANS, 4, 0, 4, 1.f, NULL, 4, NULL, 1, 0.f, NULL, 1), GP_SUCCESS);
    /* k == 0: A and B are not read (NULL accepted), C = beta * C */
    CHECK_EQ_INT(gp_sgemm(h, GP_NO_TRANS, GP_NO_TRANS, 4, 4, 0, 1.f, NULL, 1, NULL, 4, 0.f, C, 4), GP_SUCCESS);
    CHECK_EQ_INT(gp_set_rung(h, GP_PRIM_SGEMM, gp_rung_count(GP_PRIM_SGEMM) + 1), GP_ERROR_INVALID_RUNG);
    CHECK_EQ_INT(cudaDeviceSynchronize(), cudaSuccess);
    cudaFree(d);
}

/* More than 2^31 elements in one matrix (64-bit indexing in every rung): (a) A is 2^20 x 2100, (b) C is
 * 2^20 x 2100. The first and last 256 rows of C are checked against the double CPU reference. */
static void large(gp_handle h, uint64_t seed)
{
    const int64_t m = (int64_t)1 << 20, big = 2100, small = 16, rows = 256;
    size_t freeb = 0, total = 0;
    cudaMemGetInfo(&freeb, &total);
    if (freeb < (size_t)m * big * 4 + ((size_t)2 << 30)) {
        printf("large cases skipped: %zu MB free\n", freeb >> 20);
        return;
    }
    for (int c = 0; c < 2; c++) {
        const int64_t k = c == 0 ? big : small, n = c == 0 ? small : big;
        float *A = NULL, *B = NULL, *C = NULL, *hA = malloc(rows * k * 4), *hB = malloc(k * n * 4), *hC = malloc(rows * n * 4);
        double *want = malloc(rows * n * sizeof(double));
        CHECK_EQ_INT(cudaMalloc((void **)&A, m * k * 4), cudaSuccess);
        CHECK_EQ_INT(cudaMalloc((void **)&B, k * n * 4), cudaSuccess);
        CHECK_EQ_INT(cudaMalloc((void **)&C, m * n * 4), cudaSuccess);
        if (!A || !B || !C || !hA || !hB || !hC || !want) { CHECK(!"memory for the large case"); return; }
        gpt_fill_f32(A, m * k, -1.f, 1.f, seed, 0);
        gpt_fill_f32(B, k * n, -1.f, 1.f, seed + 1, 0);
        cudaMemcpy(hB, B, k * n * 4, cudaMemcpyDeviceToHost);
        for (int r = 0; r <= gp_rung_count(GP_PRIM_SGEMM); r++) if (tc_rung_selected(r)) {
            double num = 0, den = 0;
            gpt_poison(C, m * n * 4, 0);
            gp_set_rung(h, GP_PRIM_SGEMM, r);
            CHECK_EQ_INT(gp_sgemm(h, GP_NO_TRANS, GP_NO_TRANS, m, n, k, 1.f, A, k, B, n, 0.f, C, n), GP_SUCCESS);
            CHECK_EQ_INT(cudaDeviceSynchronize(), cudaSuccess);
            for (int part = 0; part < 2; part++) {
                const int64_t r0 = part ? m - rows : 0;
                cudaMemcpy(hA, A + r0 * k, rows * k * 4, cudaMemcpyDeviceToHost);
                cudaMemcpy(hC, C + r0 * n, rows * n * 4, cudaMemcpyDeviceToHost);
                gp_ref_sgemm(0, 0, rows, n, k, 1.0, hA, k, hB, n, 0.0, NULL, n, want);
                for (int64_t i = 0; i < rows * n; i++) {
                    num += (hC[i] - want[i]) * (hC[i] - want[i]);
                    den += want[i] * want[i];
                }
            }
            CHECK(sqrt(num / den) <= gpt_sgemm_tol(k)); /* NaN fails too */
            printf("large %s m=2^20 n=%lld k=%lld rung %d: rel %.2e\n", c == 0 ? "A" : "C", (long long)n,
                   (long long)k, r, sqrt(num / den));
        }
        gp_set_rung(h, GP_PRIM_SGEMM, 0);
        cudaFree(A); cudaFree(B); cudaFree(C);
        free(hA); free(hB); free(hC); free(want);
    }
}

/* One strided-batched call forced to `rung` (0 = auto), every product checked against the double CPU
 * reference; C's matrices are poisoned where beta == 0 and the gaps between them must keep their values.
 * Each buffer is exactly the span the call may touch. */
static int batched(gp_handle h, int rung, int ta, int tb, int64_t m, int64_t n, int64_t k, int64_t batch,
                   int64_t gap_a, int64_t gap_c, float alpha, float beta, uint64_t seed)
{
    const int64_t ar = ta ? k : m, ac = ta ? m : k, br = tb ? n : k, bc = tb ? k : n;
    const int64_t lda = ac + 1, ldb = bc, ldc = n + 2;
    const int64_t span_a = (ar - 1) * lda + ac, span_b = (br - 1) * ldb + bc, span_c = (m - 1) * ldc + n;
    const int64_t sa = gap_a < 0 ? 0 : span_a + gap_a, sb = span_b, sc = span_c + gap_c; /* gap_a < 0: one A */
    const int64_t na = (batch - 1) * sa + span_a, nb = (batch - 1) * sb + span_b, nc = (batch - 1) * sc + span_c;
    float *dA = NULL, *dB = NULL, *dC = NULL, *hA = malloc(na * 4), *hB = malloc(nb * 4), *hC0 = malloc(nc * 4),
          *hC = malloc(nc * 4);
    double *want = malloc(m * n * sizeof(double)), num = 0, den = 0;
    int fail = 1, ran = 0;
    int64_t outside = 0;
    cudaStream_t s;
    gp_get_stream(h, &s);
    if (!hA || !hB || !hC0 || !hC || !want || cudaMalloc((void **)&dA, na * 4) || cudaMalloc((void **)&dB, nb * 4) ||
        cudaMalloc((void **)&dC, nc * 4))
        goto out;
    gpt_fill_f32(dA, na, -1.f, 1.f, seed, s);
    gpt_fill_f32(dB, nb, -1.f, 1.f, seed + 1, s);
    if (beta == 0.f) gpt_poison(dC, nc * 4, s);
    else gpt_fill_f32(dC, nc, -1.f, 1.f, seed + 2, s);
    if (cudaStreamSynchronize(s) || cudaMemcpy(hA, dA, na * 4, cudaMemcpyDeviceToHost) ||
        cudaMemcpy(hB, dB, nb * 4, cudaMemcpyDeviceToHost) || cudaMemcpy(hC0, dC, nc * 4, cudaMemcpyDeviceToHost))
        goto out;
    gp_set_rung(h, GP_PRIM_SGEMM, rung);
    if (gp_sgemm_strided_batched(h, (gp_trans)ta, (gp_trans)tb, m, n, k, alpha, dA, lda, sa, dB, ldb, sb, beta, dC,
                                 ldc, sc, batch) != GP_SUCCESS)
        goto out;
    gp_get_last_rung(h, GP_PRIM_SGEMM, &ran);
    gp_set_rung(h, GP_PRIM_SGEMM, 0);
    if (cudaStreamSynchronize(s) || cudaMemcpy(hC, dC, nc * 4, cudaMemcpyDeviceToHost)) goto out;
    for (int64_t z = 0; z < batch; z++) {
        gp_ref_sgemm(ta, tb, m, n, k, alpha, hA + z * sa, lda, hB + z * sb, ldb, beta, hC0 + z * sc, ldc, want);
        for (int64_t i = 0; i < m; i++)
            for (int64_t j = 0; j < n; j++) {
                const double g = hC[z * sc + i * ldc + j], w = want[i * n + j];
                num += (g - w) * (g - w);
                den += w * w;
            }
    }
    for (int64_t x = 0; x < nc; x++) { /* padding columns and the gaps between matrices: untouched */
        const int64_t z = x / sc, y = x % sc, i = y / ldc, j = y % ldc;
        if ((z >= batch || i >= m || j >= n) && memcmp(&hC[x], &hC0[x], 4)) outside++;
    }
    fail = !(sqrt(num / (den > 0 ? den : 1)) <= gpt_sgemm_tol(k)) || outside;
    if (fail)
        printf("batched rung %d (ran %d) %c%c m=%lld n=%lld k=%lld batch=%lld: rel %.2e, %lld written outside: FAIL\n",
               rung, ran, ta ? 'T' : 'N', tb ? 'T' : 'N', (long long)m, (long long)n, (long long)k, (long long)batch,
               sqrt(num / (den > 0 ? den : 1)), (long long)outside);
out:
    cudaFree(dA); cudaFree(dB); cudaFree(dC);
    free(hA); free(hB); free(hC0); free(hC); free(want);
    return fail;
}

static void batched_args(gp_handle h)
{
    float *d = NULL;
    cudaMalloc((void **)&d, 4096 * sizeof(float));
    float *A = d, *B = d + 1024, *C = d + 2048;
    CHECK_EQ_INT(gp_sgemm_strided_batched(h, GP_NO_TRANS, GP_NO_TRANS, 4, 4, 4, 1.f, A, 4, 16, B, 4, 16, 0.f, C, 4, 16,
                                          -1), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_sgemm_strided_batched(h, GP_NO_TRANS, GP_NO_TRANS, 4, 4, 4, 1.f, A, 4, -16, B, 4, 16, 0.f, C, 4,
                                          16, 2), GP_ERROR_INVALID_VALUE);
    /* C matrices 8 elements apart overlap one another */
    CHECK_EQ_INT(gp_sgemm_strided_batched(h, GP_NO_TRANS, GP_NO_TRANS, 4, 4, 4, 1.f, A, 4, 16, B, 4, 16, 0.f, C, 4, 8,
                                          2), GP_ERROR_OVERLAP);
    /* the second C reaches into B's range */
    CHECK_EQ_INT(gp_sgemm_strided_batched(h, GP_NO_TRANS, GP_NO_TRANS, 4, 4, 4, 1.f, A, 4, 16, C + 32, 4, 16, 0.f, C,
                                          4, 16, 3), GP_ERROR_OVERLAP);
    CHECK_EQ_INT(gp_sgemm_strided_batched(h, GP_NO_TRANS, GP_NO_TRANS, 4, 4, 4, 1.f, NULL, 4, 16, NULL, 4, 16, 0.f,
                                          NULL, 4, 16, 0), GP_SUCCESS); /* no products: no-op */
    /* stride 0 for C is fine with one product */
    CHECK_EQ_INT(gp_sgemm_strided_batched(h, GP_NO_TRANS, GP_NO_TRANS, 4, 4, 4, 1.f, A, 4, 0, B, 4, 0, 0.f, C, 4, 0, 1),
                 GP_SUCCESS);
    CHECK_EQ_INT(cudaDeviceSynchronize(), cudaSuccess);
    cudaFree(d);
}

int main(int argc, char **argv)
{
    static const int64_t small[][3] = {{1, 1, 1}, {2, 3, 4}, {7, 5, 3}, {16, 16, 16}, {33, 17, 9}, {64, 64, 8},
                                       {65, 130, 67}, {128, 128, 8}, {129, 127, 17}, {127, 129, 131}, {200, 72, 300},
                                       {1000, 1, 1000}, {1, 1000, 100}, {33, 4097, 5}};
    const int small_env = getenv("GP_TEST_SMALL") != NULL;
    gp_handle h;
    uint64_t seed = tc_seed("test_gpu_sgemm");
    cudaStream_t s;
    gpt_skip_without_device("test_gpu_sgemm");
    CHECK_EQ_INT(gp_create(&h), GP_SUCCESS);
    arg_checks(h);
    for (int r = 0; r <= gp_rung_count(GP_PRIM_SGEMM); r++) if (tc_rung_selected(r)) {
        int before = tc_fail;
        /* every shape x 4 transposes vs the double CPU reference */
        for (size_t i = 0; i < sizeof small / sizeof small[0]; i++) {
            if (tc_tiny() && small[i][0] * small[i][1] * small[i][2] > (1 << 20)) continue; /* racecheck */
            for (int t = 0; t < 4; t++)
                CHECK(run(h, r, t & 1, t >> 1, small[i][0], small[i][1], small[i][2], 1.f, 0.f, 0, 0, 0, seed++) == 0);
        }
        for (int t = 0; t < 4; t++) {
            /* alpha/beta with ld > dims (padding untouched) and 1-3 element offsets (misaligned: scalar paths) */
            CHECK(run(h, r, t & 1, t >> 1, 67, 45, 53, -1.5f, 0.75f, 3, 1, 0, seed++) == 0);
            /* aligned but odd ld (not a multiple of 4) */
            CHECK(run(h, r, t & 1, t >> 1, 64, 64, 64, 1.f, 0.f, 1, 0, 0, seed++) == 0);
            /* aligned ld multiple of 4 with padding: the vector paths with ld > dims */
            CHECK(run(h, r, t & 1, t >> 1, 96, 80, 72, 2.f, -1.f, 4, 0, 0, seed++) == 0);
            /* beta == 0 with C full of NaN (C must not be read) and an unaligned C */
            CHECK(run(h, r, t & 1, t >> 1, 50, 70, 90, 0.5f, 0.f, 2, 3, 0, seed++) == 0);
            /* the last tile row starts 124 rows before its tile (gp_sg_across_origin) and shares them with the tile row
             * above: with beta != 0 a row stored twice would be wrong; B's last tile column mostly past n */
            CHECK(run(h, r, t & 1, t >> 1, 260, 200, 40, 1.5f, -0.5f, 0, 0, 0, seed++) == 0);
        }
        /* k == 0 (C = beta * C) and alpha == 0 (A, B not read), beta == 0 (zeros, NaN C not read) */
        CHECK(run(h, r, 0, 0, 37, 41, 0, 1.f, 2.f, 1, 0, 0, seed++) == 0);
        CHECK(run(h, r, 0, 0, 37, 41, 0, 1.f, 0.f, 0, 0, 0, seed++) == 0);
        CHECK(run(h, r, 1, 1, 37, 41, 19, 0.f, -3.f, 0, 0, 0, seed++) == 0);
        /* large shapes vs cuBLAS pedantic fp32 */
        if (!small_env) {
            CHECK(run(h, r, 0, 0, 4097, 4095, 33, 1.f, 0.f, 0, 0, 1, seed++) == 0);
            CHECK(run(h, r, 1, 1, 4097, 4095, 33, 1.f, 0.5f, 0, 0, 1, seed++) == 0);
            if (r == 0 || r >= 5) {
                CHECK(run(h, r, 0, 0, 1024, 1024, 1024, 1.f, 0.f, 0, 0, 1, seed++) == 0);
                CHECK(run(h, r, 1, 0, 2048, 512, 4096, 1.f, 0.f, 0, 0, 1, seed++) == 0);
                CHECK(run(h, r, 0, 1, 1000, 1000, 1000, 1.f, 1.f, 0, 1, 1, seed++) == 0);
            }
        }
        printf("rung %d: %s\n", r, tc_fail == before ? "ok" : "FAILED");
    }
    /* every configuration of rung 10, forced, on edge shapes and layouts (auto only reaches some of them); this and the
     * sections of rungs 11-13 below run where GP_TEST_RUNGS selects their rung */
    for (int cfg = 0; cfg < GP_SGEMM_R10_CONFIGS && tc_rung_selected(10); cfg++) { /* every configuration forced */
        int before = tc_fail;
        CHECK_EQ_INT(gp_set_config(h, GP_PRIM_SGEMM, cfg), GP_SUCCESS);
        for (int t = 0; t < 4; t++) {
            CHECK(run(h, 10, t & 1, t >> 1, 127, 129, 131, 1.f, 0.f, 0, 0, 0, seed++) == 0);
            CHECK(run(h, 10, t & 1, t >> 1, 67, 45, 53, -1.5f, 0.75f, 3, 1, 0, seed++) == 0);
            CHECK(run(h, 10, t & 1, t >> 1, 96, 80, 72, 2.f, -1.f, 4, 0, 0, seed++) == 0);
            CHECK(run(h, 10, t & 1, t >> 1, 300, 520, 100, 1.f, 0.f, 1, 0, 0, seed++) == 0);
            CHECK(run(h, 10, t & 1, t >> 1, 256, 512, 64, 1.f, 0.f, 0, 0, 0, seed++) == 0); /* whole tiles */
            CHECK(run(h, 10, t & 1, t >> 1, 260, 200, 40, 1.5f, -0.5f, 0, 0, 0, seed++) == 0); /* shifted last tile row */
            if (!small_env) CHECK(run(h, 10, t & 1, t >> 1, 1000, 1000, 1000, 1.f, 1.f, 0, 0, 1, seed++) == 0);
        }
        CHECK(run(h, 10, 0, 0, 37, 41, 0, 1.f, 2.f, 1, 0, 0, seed++) == 0);
        CHECK_EQ_INT(gp_set_config(h, GP_PRIM_SGEMM, -1), GP_SUCCESS);
        printf("rung 10 configuration %d (%s): %s\n", cfg, gp_rung_config_name(GP_PRIM_SGEMM, 10, cfg), tc_fail == before ? "ok" : "FAILED");
    }
    /* k cut into slices (rung 11): deep k under small C, every transpose, alpha/beta, padding, offsets;
     * with a workspace too small for any slice the call still runs, unsplit */
    if (tc_rung_selected(gp_rung_find(GP_PRIM_SGEMM, "splitk"))) {
        const int splitk = gp_rung_find(GP_PRIM_SGEMM, "splitk");
        void *ws = NULL;
        int before = tc_fail;
        for (int t = 0; t < 4; t++) {
            CHECK(run(h, splitk, t & 1, t >> 1, 64, 64, small_env ? 3000 : 20000, 1.f, 0.f, 0, 0, 0, seed++) == 0);
            CHECK(run(h, splitk, t & 1, t >> 1, 37, 45, 5003, -1.5f, 0.75f, 3, 1, 0, seed++) == 0);
            CHECK(run(h, 0, t & 1, t >> 1, 1, 1, 4099, 1.f, 0.f, 1, 0, 0, seed++) == 0);
            /* 128x256 tiles in one wave of slices (gp__sgemm_r11_pick: 32 tiles x 4), padded rows, against cuBLAS */
            if (!small_env) CHECK(run(h, t == 0 ? 0 : splitk, t & 1, t >> 1, 128, 8192, 4096, 0.5f, t == 3 ? 0.f : 2.f, 4, 0, 1, seed++) == 0);
        }
        /* C^T = op(B)^T op(A)^T in 128x256 k-slices, reduced into C transposed (gp__sgemm_r11_swap: n < 256 <= m):
         * 4 tiles of C^T x 25 slices at sanitizer sizes, 8192x128x8192 (32 tiles x 4) against cuBLAS */
        for (int t = 0; t < 4; t++) {
            CHECK(run(h, splitk, t & 1, t >> 1, 260, 130, 25600, 1.f, 0.5f, 4, 0, 1, seed++) == 0);
            if (!small_env) CHECK(run(h, 0, t & 1, t >> 1, 8192, 128, 8192, 1.f, t == 1 ? 0.f : -1.f, t == 2 ? 4 : 0, 0, 1, seed++) == 0);
        }
        /* the same kernel (128x256, k-slices of >= 1024) at sanitizer sizes: configuration 0 forced, 2 slices */
        CHECK_EQ_INT(gp_set_config(h, GP_PRIM_SGEMM, 0), GP_SUCCESS);
        for (int t = 0; t < 4; t++)
            CHECK(run(h, splitk, t & 1, t >> 1, 130, 260, 2100, 1.f, 0.5f, 4, 0, 0, seed++) == 0);
        /* 128x128 tiles in k-slices (gp__sgemm_r11_pick's one wave of them), forced at sanitizer sizes: 9 tiles x 3 */
        CHECK_EQ_INT(gp_set_config(h, GP_PRIM_SGEMM, 2), GP_SUCCESS);
        for (int t = 0; t < 4; t++)
            CHECK(run(h, splitk, t & 1, t >> 1, 260, 300, 700, 1.f, 0.5f, 4, 0, 0, seed++) == 0);
        CHECK_EQ_INT(gp_set_config(h, GP_PRIM_SGEMM, -1), GP_SUCCESS);
        CHECK_EQ_INT(cudaMalloc(&ws, 4096), cudaSuccess);
        CHECK_EQ_INT(gp_set_workspace(h, ws, 4096), GP_SUCCESS);
        CHECK(run(h, splitk, 0, 0, 64, 64, 3000, 1.f, 0.f, 0, 0, 0, seed++) == 0);
        CHECK_EQ_INT(gp_set_workspace(h, NULL, 0), GP_SUCCESS);
        cudaFree(ws);
        printf("split k: %s\n", tc_fail == before ? "ok" : "FAILED");
    }
    /* stream-k (rung 12): both configurations forced on edge shapes (forced, it cuts tiles into ranges as short as one
     * k-step: many blocks per tile), the automatic choice on the sweep's part-wave shapes against cuBLAS, a workspace
     * that holds few slots, and bit-identical results on repeated calls (the partials are added in a fixed order) */
    if (tc_rung_selected(gp_rung_find(GP_PRIM_SGEMM, "streamk"))) {
        const int streamk = gp_rung_find(GP_PRIM_SGEMM, "streamk");
        void *ws = NULL;
        int before = tc_fail;
        CHECK(streamk > 0);
        for (int cfg = 0; cfg <= 3; cfg += 3) {
            CHECK_EQ_INT(gp_set_config(h, GP_PRIM_SGEMM, cfg), GP_SUCCESS);
            for (int t = 0; t < 4; t++) {
                CHECK(run(h, streamk, t & 1, t >> 1, 127, 129, 131, 1.f, 0.f, 0, 0, 0, seed++) == 0);
                CHECK(run(h, streamk, t & 1, t >> 1, 67, 45, 53, -1.5f, 0.75f, 3, 1, 0, seed++) == 0);
                CHECK(run(h, streamk, t & 1, t >> 1, 300, 520, 100, 1.f, 0.f, 1, 0, 0, seed++) == 0);
                CHECK(run(h, streamk, t & 1, t >> 1, 260, 300, 700, 2.f, -1.f, 4, 0, 0, seed++) == 0);
                if (!small_env) CHECK(run(h, streamk, t & 1, t >> 1, 1000, 1000, 1000, 1.f, 1.f, 0, 0, 1, seed++) == 0);
            }
        }
        CHECK_EQ_INT(gp_set_config(h, GP_PRIM_SGEMM, -1), GP_SUCCESS);
        if (!small_env)
            for (int t = 0; t < 4; t++) {
                CHECK(run(h, 0, t & 1, t >> 1, 2049, 2047, 2051, 1.f, 0.f, 0, 0, 1, seed++) == 0);
                CHECK(run(h, 0, t & 1, t >> 1, 1536, 1536, 1536, 1.f, 0.5f, 0, 0, 1, seed++) == 0);
                CHECK(run(h, 0, t & 1, t >> 1, 1025, 1025, 1025, 1.f, 0.f, 0, 0, 1, seed++) == 0);
            }
        CHECK_EQ_INT(cudaMalloc(&ws, (size_t)1 << 20), cudaSuccess); /* 7 slots of 128 x 256 */
        CHECK_EQ_INT(gp_set_workspace(h, ws, (size_t)1 << 20), GP_SUCCESS);
        CHECK(run(h, streamk, 0, 0, 700, 600, 500, 1.f, 0.f, 0, 0, 0, seed++) == 0);
        CHECK(run(h, streamk, 1, 0, 700, 600, 500, 1.f, 0.f, 1, 0, 0, seed++) == 0);
        CHECK_EQ_INT(gp_set_workspace(h, NULL, 0), GP_SUCCESS);
        cudaFree(ws);
        {
            const int64_t m = small_env ? 300 : 2049, n = small_env ? 200 : 2047, k = small_env ? 500 : 2051;
            float *A = NULL, *B = NULL, *C = NULL, *c1 = (float *)malloc((size_t)(m * n) * 4), *c2 = (float *)malloc((size_t)(m * n) * 4);
            float *hA = (float *)malloc((size_t)(m * k) * 4), *hB = (float *)malloc((size_t)(k * n) * 4);
            uint64_t x = seed++;
            for (int64_t i = 0; i < m * k; i++) { x = x * 6364136223846793005ULL + 1442695040888963407ULL; hA[i] = (float)((x >> 40) % 2001) / 1000.f - 1.f; }
            for (int64_t i = 0; i < k * n; i++) { x = x * 6364136223846793005ULL + 1442695040888963407ULL; hB[i] = (float)((x >> 40) % 2001) / 1000.f - 1.f; }
            CHECK_EQ_INT(cudaMalloc((void **)&A, (size_t)(m * k) * 4), cudaSuccess);
            CHECK_EQ_INT(cudaMalloc((void **)&B, (size_t)(k * n) * 4), cudaSuccess);
            CHECK_EQ_INT(cudaMalloc((void **)&C, (size_t)(m * n) * 4), cudaSuccess);
            cudaMemcpy(A, hA, (size_t)(m * k) * 4, cudaMemcpyHostToDevice);
            cudaMemcpy(B, hB, (size_t)(k * n) * 4, cudaMemcpyHostToDevice);
            gp_set_rung(h, GP_PRIM_SGEMM, streamk);
            for (int rep = 0; rep < 2; rep++) {
                cudaMemset(C, 0xff, (size_t)(m * n) * 4);
                CHECK_EQ_INT(gp_sgemm(h, GP_NO_TRANS, GP_NO_TRANS, m, n, k, 1.f, A, k, B, n, 0.f, C, n), GP_SUCCESS);
                CHECK_EQ_INT(cudaMemcpy(rep ? c2 : c1, C, (size_t)(m * n) * 4, cudaMemcpyDeviceToHost), cudaSuccess);
            }
            gp_set_rung(h, GP_PRIM_SGEMM, 0);
            CHECK(memcmp(c1, c2, (size_t)(m * n) * 4) == 0);
            cudaFree(A); cudaFree(B); cudaFree(C);
            free(c1); free(c2); free(hA); free(hB);
        }
        printf("stream-k: %s\n", tc_fail == before ? "ok" : "FAILED");
    }
    /* peel (rung 13): the rule and each configuration forced, on shapes with a thin last tile row or column and
     * direct operands whose rows are off 16 bytes (odd leading dimensions, 1-3 element offsets), the automatic choice
     * on shapes the rule takes against cuBLAS, and a workspace too small for the copy (peel only) */
    if (tc_rung_selected(gp_rung_find(GP_PRIM_SGEMM, "peel"))) {
        const int peel = gp_rung_find(GP_PRIM_SGEMM, "peel");
        void *ws = NULL;
        int before = tc_fail;
        CHECK(peel > 0);
        for (int cfg = -1; cfg <= 2; cfg++) {
            CHECK_EQ_INT(gp_set_config(h, GP_PRIM_SGEMM, cfg), GP_SUCCESS);
            for (int t = 0; t < 4; t++) {
                CHECK(run(h, peel, t & 1, t >> 1, 129, 65, 33, 1.f, 0.f, 1, 0, 0, seed++) == 0);
                CHECK(run(h, peel, t & 1, t >> 1, 257, 193, 100, -1.5f, 0.75f, 3, 1, 0, seed++) == 0);
                CHECK(run(h, peel, t & 1, t >> 1, 300, 520, 100, 1.f, 0.f, 4, 0, 0, seed++) == 0);
                /* edges with k cut into 4 ranges (partials added by the last block of each column group) */
                CHECK(run(h, peel, t & 1, t >> 1, 129 + 15, 65 + 15, 1100, 0.5f, -2.f, 2, 0, 0, seed++) == 0);
                /* both edges in one launch with different widths (3 rows, 13 columns) and ranges */
                CHECK(run(h, peel, t & 1, t >> 1, 129 + 2, 65 + 12, 1025, 1.f, 1.f, 1, 1, 0, seed++) == 0);
                if (!small_env) CHECK(run(h, peel, t & 1, t >> 1, 1025, 1025, 1025, 1.f, 0.5f, 1, 0, 1, seed++) == 0);
            }
        }
        CHECK_EQ_INT(gp_set_config(h, GP_PRIM_SGEMM, -1), GP_SUCCESS);
        if (!small_env)
            for (int t = 0; t < 4; t++) { /* the rule: peel; peel (the copy too large anyway); nothing to do (rung 12) */
                CHECK(run(h, 0, t & 1, t >> 1, 1025, 2049, 1000, 1.f, 0.f, 0, 0, 1, seed++) == 0);
                CHECK(run(h, 0, t & 1, t >> 1, 4097, 4097, 1600, 1.f, 1.f, 1, 0, 1, seed++) == 0);
                CHECK(run(h, 0, t & 1, t >> 1, 1000, 1000, 1000, 1.f, 0.f, 1, 0, 1, seed++) == 0);
            }
        CHECK_EQ_INT(cudaMalloc(&ws, (size_t)1 << 20), cudaSuccess); /* a copy of 500 x 580 floats does not fit */
        CHECK_EQ_INT(gp_set_workspace(h, ws, (size_t)1 << 20), GP_SUCCESS);
        CHECK(run(h, peel, 0, 0, 641, 577, 500, 1.f, 0.f, 1, 0, 0, seed++) == 0);
        CHECK(run(h, peel, 1, 0, 641, 577, 500, 1.f, 2.f, 1, 0, 0, seed++) == 0);
        CHECK(run(h, peel, 0, 1, 129, 65, 20000, 1.f, 0.f, 0, 0, 0, seed++) == 0); /* deep k */
        /* a workspace that holds fewer k ranges of the edges' partials than they aim at (both edges, one launch) */
        CHECK_EQ_INT(gp_set_workspace(h, ws, (size_t)64 << 10), GP_SUCCESS);
        CHECK(run(h, peel, 0, 0, 129 + 15, 65 + 15, 20000, 1.f, 0.f, 0, 0, 0, seed++) == 0);
        CHECK(run(h, peel, 1, 1, 129 + 3, 65 + 13, 9000, 1.f, -1.f, 1, 0, 0, seed++) == 0);
        CHECK_EQ_INT(gp_set_workspace(h, ws, 256), GP_SUCCESS); /* no room for the counters: one range each */
        CHECK(run(h, peel, 1, 0, 129 + 1, 65 + 1, 3000, 1.f, 0.f, 0, 0, 0, seed++) == 0);
        CHECK_EQ_INT(gp_set_workspace(h, NULL, 0), GP_SUCCESS);
        cudaFree(ws);
        printf("peel: %s\n", tc_fail == before ? "ok" : "FAILED");
    }
    /* loads bounded by each matrix's real extent (its last row holds its columns, not ld elements): 1x1x1
     * and 127x129x131 with A transposed, leading dimensions padded to 16-byte multiples, on every rung */
    for (int r = 0; r <= gp_rung_count(GP_PRIM_SGEMM); r++) if (tc_rung_selected(r)) {
        gpt_sgemm_case c1 = {r, 0, 0, 1, 1, 1, 1.f, 0.f, 3, 3, 3, 0, 0, 0, 0};
        gpt_sgemm_case c2 = {r, 1, 0, 127, 129, 131, 1.f, 1.f, 1, 3, 3, 0, 0, 0, 0};
        CHECK(gpt_verify_sgemm_case(h, &c1, seed++, 0) == 0);
        CHECK(gpt_verify_sgemm_case(h, &c2, seed++, 0) == 0);
    }
    /* strided batches on every rung: shared A (stride 0), gaps between matrices, transposes */
    batched_args(h);
    for (int r = 0; r <= gp_rung_count(GP_PRIM_SGEMM); r++) if (tc_rung_selected(r)) {
        int before = tc_fail;
        for (int t = 0; t < 4; t++) {
            CHECK(batched(h, r, t & 1, t >> 1, 33, 17, 9, 5, 3, 1, 1.f, 0.f, seed++) == 0);
            CHECK(batched(h, r, t & 1, t >> 1, 65, 70, 40, 3, -1, 5, -0.5f, 2.f, seed++) == 0);
            /* 72 tiles of 128x64 over the batch: the batch rule's configuration 3 (gp__sgemm_r10_pick_batch) */
            if (r == 0 || r >= gp_rung_find(GP_PRIM_SGEMM, "splitk"))
                CHECK(batched(h, r, t & 1, t >> 1, 130, 200, 50, 9, 3, 1, 1.f, 0.f, seed++) == 0);
        }
        /* more matrices than a grid dimension holds: the automatic choice and the rungs from cp.async up */
        if (!small_env && (r == 0 || r >= gp_rung_find(GP_PRIM_SGEMM, "cpasync")))
            CHECK(batched(h, r, 0, 0, 16, 16, 16, 66000, 0, 0, 1.f, 0.f, seed++) == 0);
        printf("batched rung %d: %s\n", r, tc_fail == before ? "ok" : "FAILED");
    }
    /* the automatic choice on every rung-10 configuration's shape class */
    CHECK(run(h, 0, 0, 0, 300, 300, 100, 1.f, 0.f, 0, 0, 0, seed++) == 0);
    /* on a user stream */
    CHECK_EQ_INT(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), cudaSuccess);
    CHECK_EQ_INT(gp_set_stream(h, s), GP_SUCCESS);
    CHECK(run(h, 0, 0, 0, 513, 257, 129, 1.f, 1.f, 0, 0, 0, seed++) == 0);
    CHECK(run(h, 9, 1, 0, 130, 260, 70, 1.f, 0.f, 0, 0, 0, seed++) == 0);
    CHECK_EQ_INT(gp_set_stream(h, 0), GP_SUCCESS);
    cudaStreamDestroy(s);
    CHECK(run(h, 0, 0, 0, 64, 64, 64, 1.f, 0.f, 0, 0, 0, seed++) == 0);
    CHECK(tc_auto_rung(h, GP_PRIM_SGEMM) > 0);
    (void)argv;
    if (argc > 1 || getenv("GP_TEST_LARGE")) large(h, seed);
    CHECK_EQ_INT(gp_destroy(h), GP_SUCCESS);
    return tc_summary("test_gpu_sgemm");
}
