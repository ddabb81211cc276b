/* test_gpu_gemm.c — every tensor-core gemm rung + auto: each type combination (bf16/f16 -> 16-bit or f32,
 * tf32) x 4 transposes on the odd shapes (1x1x1, 127x129x131, 1000x1x1000, 4097x4095x33, k not a
 * multiple of 8), alpha/beta with padded, odd leading dimensions and misaligned bases (the element-wise
 * copies), rows 16-byte aligned with ragged tails (the Hopper rungs' tensor maps), the Hopper plans' split-k
 * (deep k; a split last wave), k == 0, tf32 inputs with bits to round away, every configuration of the configurable rungs forced
 * (rung 04's k-clusters of 1-8 blocks among them),
 * a user stream, the handle's DRAM peak (which the Hopper plan reads), and every bad argument's status. Each matrix
 * is allocated exactly its span (memcheck sees any over-read); C is checked element by element against a double CPU
 * reference and outside its window, and a second call on the same C must give it again bit for bit (split-k sums in a
 * fixed order).
 * GP_TEST_SMALL (compute-sanitizer) drops the 4097x4095 shape. Exits 77 (skipped) without a CUDA device. */
#include "tcheck.h"
#include "gpu_test.h"
#include "devdata.h"
#include "verify_cases.h"
#include "core/internal.h"
#include "gemm/hopper/hopper_internal.h" /* gp__gemm_h_knobs: wait1 forced on rungs 06/07 */
#include <cuda_runtime.h>
#include <stdlib.h>

static void arg_checks(gp_handle h)
{
    char *d = NULL, host[64];
    const gp_dtype B16 = GP_DTYPE_BF16, F16 = GP_DTYPE_F16, F32 = GP_DTYPE_F32;
    cudaMalloc((void **)&d, 1 << 16);
    void *A = d, *B = d + 4096, *C = d + 8192;
#define G(ta, tb, m, n, k, a, at, lda, b, bt, ldb, c, ct, ldc, cm) \
    gp_gemm(h, ta, tb, m, n, k, 1.f, a, at, lda, b, bt, ldb, 0.f, c, ct, ldc, cm)
    const gp_trans N = GP_NO_TRANS, T = GP_TRANS;
    CHECK_EQ_INT(gp_gemm(NULL, N, N, 4, 4, 4, 1.f, A, B16, 4, B, B16, 4, 0.f, C, F32, 4, GP_COMPUTE_F32), GP_ERROR_INVALID_HANDLE);
    CHECK_EQ_INT(G(N, N, 4, 4, 4, A, B16, 4, B, B16, 4, C, F32, 4, GP_COMPUTE_F32), GP_SUCCESS);
    CHECK_EQ_INT(G(N, N, 4, 4, 4, A, B16, 4, B, F16, 4, C, F32, 4, GP_COMPUTE_F32), GP_ERROR_INVALID_VALUE); /* mixed */
    CHECK_EQ_INT(G(N, N, 4, 4, 4, A, B16, 4, B, B16, 4, C, F16, 4, GP_COMPUTE_F32), GP_ERROR_INVALID_VALUE); /* C f16 */
    CHECK_EQ_INT(G(N, N, 4, 4, 4, A, F32, 4, B, F32, 4, C, F32, 4, GP_COMPUTE_F32), GP_ERROR_INVALID_VALUE); /* f32 in */
    CHECK_EQ_INT(G(N, N, 4, 4, 4, A, F16, 4, B, F16, 4, C, F32, 4, GP_COMPUTE_TF32), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(G(N, N, 4, 4, 4, A, F32, 4, B, F32, 4, C, B16, 4, GP_COMPUTE_TF32), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(G(N, N, 4, 4, 4, A, (gp_dtype)7, 4, B, B16, 4, C, F32, 4, GP_COMPUTE_F32), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(G(N, N, 4, 4, 4, A, B16, 4, B, B16, 4, C, F32, 4, (gp_compute)9), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(G((gp_trans)2, N, 4, 4, 4, A, B16, 4, B, B16, 4, C, F32, 4, GP_COMPUTE_F32), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(G(N, N, -1, 4, 4, A, B16, 4, B, B16, 4, C, F32, 4, GP_COMPUTE_F32), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(G(N, N, 4, 4, 5, A, B16, 4, B, B16, 4, C, F32, 4, GP_COMPUTE_F32), GP_ERROR_INVALID_VALUE); /* lda < k */
    CHECK_EQ_INT(G(T, N, 5, 4, 4, A, B16, 4, B, B16, 4, C, F32, 4, GP_COMPUTE_F32), GP_ERROR_INVALID_VALUE); /* lda < m */
    CHECK_EQ_INT(G(N, T, 4, 4, 5, A, B16, 5, B, B16, 4, C, F32, 4, GP_COMPUTE_F32), GP_ERROR_INVALID_VALUE); /* ldb < k */
    CHECK_EQ_INT(G(N, N, 4, 5, 4, A, B16, 4, B, B16, 5, C, F32, 4, GP_COMPUTE_F32), GP_ERROR_INVALID_VALUE); /* ldc < n */
    CHECK_EQ_INT(G(N, N, 4, 4, 4, NULL, B16, 4, B, B16, 4, C, F32, 4, GP_COMPUTE_F32), GP_ERROR_NULL_POINTER);
    CHECK_EQ_INT(G(N, N, 4, 4, 4, A, B16, 4, B, B16, 4, NULL, F32, 4, GP_COMPUTE_F32), GP_ERROR_NULL_POINTER);
    CHECK_EQ_INT(G(N, N, 4, 4, 4, host, B16, 4, B, B16, 4, C, F32, 4, GP_COMPUTE_F32), GP_ERROR_HOST_POINTER);
    CHECK_EQ_INT(G(N, N, 4, 4, 4, A, B16, 4, host, B16, 4, C, F32, 4, GP_COMPUTE_F32), GP_ERROR_HOST_POINTER);
    CHECK_EQ_INT(G(N, N, 4, 4, 4, A, B16, 4, B, B16, 4, host, F32, 4, GP_COMPUTE_F32), GP_ERROR_HOST_POINTER);
    CHECK_EQ_INT(G(N, N, 4, 4, 4, A, B16, 4, B, B16, 4, (char *)A + 8, F32, 4, GP_COMPUTE_F32), GP_ERROR_OVERLAP);
    CHECK_EQ_INT(G(N, N, 4, 4, 4, A, B16, 4, B, B16, 4, B, B16, 4, GP_COMPUTE_F32), GP_ERROR_OVERLAP);
    CHECK_EQ_INT(G(N, N, 4, 4, 4, d + 1, B16, 4, B, B16, 4, C, F32, 4, GP_COMPUTE_F32), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(G(N, N, 4, 4, 4, A, B16, 4, B, B16, 4, d + 8194, F32, 4, GP_COMPUTE_F32), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(G(N, N, 4, 4, 4, A, F32, 4, d + 4098, F32, 4, C, F32, 4, GP_COMPUTE_TF32), GP_ERROR_INVALID_VALUE);
    /* m or n == 0: no-op; k == 0: A and B are not read (NULL accepted), C = beta C */
    CHECK_EQ_INT(G(N, N, 0, 4, 4, NULL, B16, 4, NULL, B16, 4, NULL, F32, 4, GP_COMPUTE_F32), GP_SUCCESS);
    CHECK_EQ_INT(G(N, N, 4, 4, 0, NULL, B16, 1, NULL, B16, 4, C, F32, 4, GP_COMPUTE_F32), GP_SUCCESS);
#undef G
    CHECK_EQ_INT(gp_set_rung(h, GP_PRIM_GEMM, gp_rung_count(GP_PRIM_GEMM) + 1), GP_ERROR_INVALID_RUNG);
    CHECK_EQ_INT(cudaDeviceSynchronize(), cudaSuccess);
    cudaFree(d);
}

/* Padding that makes a row of `cols` elements of type t a multiple of 16 bytes. */
static int pad16(int64_t cols, int t)
{
    const int per = t == GP_DTYPE_F32 ? 4 : 8;
    return (int)((per - cols % per) % per);
}

int main(void)
{
    static const int64_t shapes[][3] = {{1, 1, 1}, {127, 129, 131}, {1000, 1, 1000}, {33, 65, 7}, {64, 72, 37},
                                        {256, 256, 256}, {200, 264, 520}};
    const int small = getenv("GP_TEST_SMALL") != NULL;
    uint64_t seed = tc_seed("test_gpu_gemm");
    gp_handle h;
    cudaStream_t s;
    gpt_skip_without_device("test_gpu_gemm");
    CHECK_EQ_INT(gp_create(&h), GP_SUCCESS);
    /* the handle reads the DRAM's peak (the Hopper plan caps rung 07's split by it): over 1 TB/s on any Hopper part */
    printf("device DRAM peak: %d GB/s\n", h->dev.dram_gbps);
    if (h->dev.cc_major >= 9) CHECK(h->dev.dram_gbps > 1000);
    arg_checks(h);
    for (int r = 0; r <= gp_rung_count(GP_PRIM_GEMM); r++) if (tc_rung_selected(r)) {
        const int before = tc_fail;
        int supported = 1;
        if (r > 0 && gp_rung_supported(h, GP_PRIM_GEMM, r, &supported) == GP_SUCCESS && !supported) {
            printf("rung %d: not supported on this device, skipped\n", r);
            continue;
        }
        for (int cb = 0; cb < gpt_gemm_combo_count(); cb++)
            for (int t = 0; t < 4; t++) {
                for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
                    gpt_gemm_case c = gpt_gemm_case_of(r, cb, t & 1, t >> 1, shapes[i][0], shapes[i][1], shapes[i][2]);
                    CHECK(gpt_verify_gemm_case(h, &c, seed++, 0) == 0);
                }
                {
                    /* alpha/beta with padded odd leading dimensions and misaligned bases */
                    gpt_gemm_case c = gpt_gemm_case_of(r, cb, t & 1, t >> 1, 67, 45, 53);
                    c.alpha = -1.5f; c.beta = 0.75f; c.pad_a = 3; c.pad_b = 1; c.pad_c = 2;
                    c.off_a = 1; c.off_b = 3; c.off_c = 1;
                    CHECK(gpt_verify_gemm_case(h, &c, seed++, 0) == 0);
                    /* padded leading dimensions that keep rows 16-byte aligned: the fast copies with ld > cols */
                    c = gpt_gemm_case_of(r, cb, t & 1, t >> 1, 130, 136, 72);
                    c.beta = 2.f; c.pad_a = 8; c.pad_b = 16; c.pad_c = 8;
                    CHECK(gpt_verify_gemm_case(h, &c, seed++, 0) == 0);
                    /* k == 0 and alpha == 0: C = beta C */
                    c = gpt_gemm_case_of(r, cb, t & 1, t >> 1, 37, 41, 0);
                    c.beta = -2.f;
                    CHECK(gpt_verify_gemm_case(h, &c, seed++, 0) == 0);
                    c = gpt_gemm_case_of(r, cb, t & 1, t >> 1, 37, 41, 19);
                    c.alpha = 0.f; c.beta = 3.f;
                    CHECK(gpt_verify_gemm_case(h, &c, seed++, 0) == 0);
                }
                if (!small && t == 0 && r <= 3) { /* unaligned rows: rungs 04-08 would run rung 03 again */
                    gpt_gemm_case c = gpt_gemm_case_of(r, cb, 0, 0, 4097, 4095, 33);
                    CHECK(gpt_verify_gemm_case(h, &c, seed++, 0) == 0);
                }
                {
                    /* every row 16-byte aligned (what the Hopper rungs' tensor maps need) with ragged m, n, k
                     * tails and padding: the TMA's zero fill and C's last partial 16 bytes */
                    gpt_gemm_case c = gpt_gemm_case_of(r, cb, t & 1, t >> 1, 129, 264, 136);
                    c.pad_a = pad16(c.ta ? c.m : c.k, c.ab);
                    c.pad_b = pad16(c.tb ? c.k : c.n, c.ab) + 8;
                    c.pad_c = pad16(c.n, c.c);
                    CHECK(gpt_verify_gemm_case(h, &c, seed++, 0) == 0);
                    c.alpha = -1.5f; /* beta 0 with alpha: the stmatrix epilogue's scaled path */
                    CHECK(gpt_verify_gemm_case(h, &c, seed++, 0) == 0);
                    c = gpt_gemm_case_of(r, cb, t & 1, t >> 1, 200, 130, 72);
                    c.beta = 0.5f;
                    c.pad_a = pad16(c.ta ? c.m : c.k, c.ab);
                    c.pad_b = pad16(c.tb ? c.k : c.n, c.ab);
                    c.pad_c = pad16(c.n, c.c) + 8;
                    CHECK(gpt_verify_gemm_case(h, &c, seed++, 0) == 0);
                    /* beta 0, C's rows on 16 bytes, n not a multiple of 8: the register epilogue's 16-byte runs
                     * (gp_h_store_frag, session 34) end in a partial run at C's right edge (16-bit: 2 of 8 values;
                     * f32: 2 of 4) */
                    c.beta = 0.0f;
                    c.pad_c = pad16(c.n, c.c);
                    CHECK(gpt_verify_gemm_case(h, &c, seed++, 0) == 0);
                }
                if (r == 0 || r == 4) {
                    /* m, n, k multiples of 64 on few tiles: the plan's 128 x 64 tiles of rung 04 (16-bit types) */
                    gpt_gemm_case c = gpt_gemm_case_of(r, cb, t & 1, t >> 1, 512, 384, 640);
                    c.alpha = -1.5f;
                    CHECK(gpt_verify_gemm_case(h, &c, seed++, 0) == 0);
                    /* m not a multiple of 64 with rows on 64 bytes: 128 x 64 tiles too (session 28), C's last tile
                     * row cut at 300 */
                    c = gpt_gemm_case_of(r, cb, t & 1, t >> 1, 300, 384, 160);
                    c.pad_a = pad16(c.ta ? c.m : c.k, c.ab);
                    CHECK(gpt_verify_gemm_case(h, &c, seed++, 0) == 0);
                }
                if (!small && t == 0 && (cb == 0 || cb == 2) && (r == 0 || r >= 6)) {
                    /* more tiles than SMs, 16-bit C, beta 0: rungs 06/07's deferred epilogue stores a tile's boxes
                     * under the next unit's first k-blocks. bf16 with k 130 (3 k-blocks): the next unit is too short
                     * and flushes the rest; f16 with k 520 (9): the 39-tile tail is split, so a deferred tile is
                     * followed by a split unit. 2341 x 2100 puts edge tiles (general epilogue) beside interior ones;
                     * alpha != 1 takes the scaled packing. */
                    gpt_gemm_case c = gpt_gemm_case_of(r, cb, 0, 0, 2341, 2100, cb == 0 ? 130 : 520);
                    if (cb == 2) c.alpha = -0.75f;
                    CHECK(gpt_verify_gemm_case(h, &c, seed++, 0) == 0);
                }
                if (!small && t == 1 && (r == 0 || r >= 6)) {
                    /* the Hopper plans (automatic, or rungs 06/07 forced where the plan names them): split-k over
                     * every tile (9 tiles; 16-bit types: rung 07, 6 cluster tiles in 11 splits, the last pair's second
                     * half below C; rung 06 forced: 14 splits; 8 tiles of 128 x 128 or fewer go to rung 04's
                     * k-cluster) and a last wave of 1 tile split in 2 (133 tiles) */
                    gpt_gemm_case c = gpt_gemm_case_of(r, cb, 0, 1, 260, 520, 4104);
                    c.pad_c = pad16(c.n, c.c);
                    CHECK(gpt_verify_gemm_case(h, &c, seed++, 0) == 0);
                    /* 4 tile rows, 12 splits: 16-bit types run rung 07's split (4 cluster tiles, the second column
                     * of tiles cut at n = 300); rung 06 forced: its own 16-way split */
                    c = gpt_gemm_case_of(r, cb, 0, 1, 512, 300, 4104);
                    c.pad_c = pad16(c.n, c.c);
                    c.beta = cb == 1 ? 0.5f : 0.0f;
                    CHECK(gpt_verify_gemm_case(h, &c, seed++, 0) == 0);
                    c = gpt_gemm_case_of(r, cb, 0, 1, 17023, 24, 520);
                    CHECK(gpt_verify_gemm_case(h, &c, seed++, 0) == 0);
                    /* a thin C over 33 k-blocks (16-bit types 17): rung 04 (tf32 NT since session 26: 95 tiles fill
                     * 5/7 of the SMs); rung 06 forced: its split of C^T's 48 tiles */
                    c = gpt_gemm_case_of(r, cb, 0, 1, 12100, 24, 1032);
                    c.beta = 0.25f;
                    CHECK(gpt_verify_gemm_case(h, &c, seed++, 0) == 0);
                    if (cb == 0) { /* 4 tiles of 128 x 128 over 516 k-blocks: a 64-way split in rung 07 (one cluster
                                    * tile, its second tile row cut at m = 130), not rung 04's k-cluster (session 26) */
                        c = gpt_gemm_case_of(r, cb, 1, 0, 130, 200, 33000);
                        c.pad_a = pad16(c.m, c.ab); /* A's rows (k x m stored) on 16 bytes */
                        c.beta = -0.5f;
                        CHECK(gpt_verify_gemm_case(h, &c, seed++, 0) == 0);
                    }
                }
                if (!small && (r == 0 || r == 6)) {
                    /* narrow n (C^T has fewer tiles, gp__gemm_h_canon): stored transposed, split in 2 (4 tiles,
                     * 9 k-blocks for 16-bit types) and in 11-16 (C^T 40 x 1200, 5 tiles) */
                    gpt_gemm_case c = gpt_gemm_case_of(r, cb, t & 1, t >> 1, 1000, 72, 520);
                    c.beta = 0.5f;
                    c.pad_a = pad16(c.ta ? c.m : c.k, c.ab);
                    c.pad_b = pad16(c.tb ? c.k : c.n, c.ab);
                    CHECK(gpt_verify_gemm_case(h, &c, seed++, 0) == 0);
                    c = gpt_gemm_case_of(r, cb, t & 1, t >> 1, 1200, 40, 3000);
                    c.pad_a = pad16(c.ta ? c.m : c.k, c.ab);
                    c.pad_b = pad16(c.tb ? c.k : c.n, c.ab);
                    CHECK(gpt_verify_gemm_case(h, &c, seed++, 0) == 0);
                }
                if (!small && cb == 4 && (r == 0 || r == 6)) {
                    /* tf32 deep k over 4 tiles of 128 x 128 (513 k-blocks): rung 06's 64-way split, C's tiles cut at
                     * both edges, with beta; NN and NT as C^T (the transposed reduction) */
                    gpt_gemm_case c = gpt_gemm_case_of(r, cb, t & 1, t >> 1, 130, 200, 16400);
                    c.beta = 0.5f;
                    c.pad_a = pad16(c.ta ? c.m : c.k, c.ab);
                    c.pad_b = pad16(c.tb ? c.k : c.n, c.ab);
                    c.pad_c = pad16(c.n, c.c);
                    CHECK(gpt_verify_gemm_case(h, &c, seed++, 0) == 0);
                }
                if (!small && (t == 0 || t == 3) && cb == 4 && (r == 0 || r == 6)) {
                    /* tf32 with A from registers (TT) and as C^T (NN): every tile split (C^T 264 x 130: 3 tiles),
                     * a split last wave (C^T 17023 x 24: 133 tiles), whole tiles with beta and C's ragged edge */
                    gpt_gemm_case c = gpt_gemm_case_of(r, cb, t & 1, t >> 1, 130, 264, 4104);
                    c.pad_c = pad16(c.n, c.c);
                    c.beta = -1.f;
                    CHECK(gpt_verify_gemm_case(h, &c, seed++, 0) == 0);
                    c = gpt_gemm_case_of(r, cb, t & 1, t >> 1, 24, 17023, 520);
                    CHECK(gpt_verify_gemm_case(h, &c, seed++, 0) == 0);
                    c = gpt_gemm_case_of(r, cb, t & 1, t >> 1, 1000, 2052, 1000);
                    c.beta = 0.5f;
                    c.pad_c = 4;
                    CHECK(gpt_verify_gemm_case(h, &c, seed++, 0) == 0);
                }
            }
        for (int t = 0; t < 4; t++) { /* tf32 inputs with bits below its precision */
            gpt_gemm_case c = gpt_gemm_case_of(r, 4, t & 1, t >> 1, 127, 129, 131);
            c.low_bits = 1;
            CHECK(gpt_verify_gemm_case(h, &c, seed++, 0) == 0);
        }
        printf("rung %d: %s\n", r, tc_fail == before ? "ok" : "FAILED");
    }
    /* every configuration of each configurable rung, forced */
    for (int r = 1; r <= gp_rung_count(GP_PRIM_GEMM); r++) if (tc_rung_selected(r)) {
        gp_rung_info ri;
        if (gp_get_rung_info(GP_PRIM_GEMM, r, &ri) != GP_SUCCESS) continue;
        for (int cfg = 0; cfg < ri.configs; cfg++) {
            const int before = tc_fail;
            int ran = -1;
            CHECK_EQ_INT(gp_set_config(h, GP_PRIM_GEMM, cfg), GP_SUCCESS);
            for (int cb = 0; cb < gpt_gemm_combo_count(); cb++)
                for (int t = 0; t < 4; t++) {
                    gpt_gemm_case c = gpt_gemm_case_of(r, cb, t & 1, t >> 1, 300, 520, 136);
                    const int st = gpt_verify_gemm_case(h, &c, seed++, 0);
                    gp_get_last_config(h, GP_PRIM_GEMM, &ran);
                    CHECK(st == 0);
                    c = gpt_gemm_case_of(r, cb, t & 1, t >> 1, 127, 129, 131);
                    c.beta = 0.5f; c.pad_c = 3;
                    CHECK(gpt_verify_gemm_case(h, &c, seed++, 0) == 0);
                    /* k-blocks enough for every k-cluster of rung 04 (16 for 16-bit types, 32 for tf32), tiles
                     * cut at both edges, rows 16-byte aligned so that the Hopper rungs take it */
                    c = gpt_gemm_case_of(r, cb, t & 1, t >> 1, 130, 140, 1000);
                    c.beta = -0.5f;
                    c.pad_a = pad16(c.ta ? c.m : c.k, c.ab);
                    c.pad_b = pad16(c.tb ? c.k : c.n, c.ab);
                    c.pad_c = 1;
                    CHECK(gpt_verify_gemm_case(h, &c, seed++, 0) == 0);
                    if (r == 7 && cfg == 1) {
                        /* rung 07's split over 3 tile rows in each layout (also under the sanitizers: GP_TEST_SMALL):
                         * the last pair's second CTA lies below C and its partial is never read */
                        c = gpt_gemm_case_of(r, cb, t & 1, t >> 1, 260, 520, 4104);
                        c.pad_a = pad16(c.ta ? c.m : c.k, c.ab);
                        c.pad_b = pad16(c.tb ? c.k : c.n, c.ab);
                        c.pad_c = pad16(c.n, c.c);
                        CHECK(gpt_verify_gemm_case(h, &c, seed++, 0) == 0);
                    }
                }
            CHECK_EQ_INT(gp_set_config(h, GP_PRIM_GEMM, -1), GP_SUCCESS);
            printf("rung %d configuration %d (%s, ran %d): %s\n", r, cfg, gp_rung_config_name(GP_PRIM_GEMM, r, cfg), ran,
                   tc_fail == before ? "ok" : "FAILED");
        }
    }
    /* rung 08 (ping-pong consumers, 128 x 128 tiles), where the automatic plan names it: rung 06's whole
     * tiles over at most 32 k-blocks (144 tiles of 128 x 256; 288 of 128 x 128, two or three a block), C cut at both
     * edges (the register epilogue beside the TMA's), alpha and beta, f32 C (registers only). The forced
     * rung's other cases run in the loops above (every rung forced). */
    for (int r = 0; r <= 8; r += 8) if (tc_rung_selected(r)) {
        int pp = 0, ran = -1;
        gp_rung_supported(h, GP_PRIM_GEMM, 8, &pp);
        for (int i = 0; i < (r == 0 ? 3 : 1) && !small; i++) {
            gpt_gemm_case c = r == 8  ? gpt_gemm_case_of(8, 1, 0, 1, 2000, 2250, 72)
                              : i == 0 ? gpt_gemm_case_of(0, 0, 1, 1, 2000, 2250, 72)
                              : i == 1 ? gpt_gemm_case_of(0, 2, 0, 0, 2000, 2250, 72)
                                       : gpt_gemm_case_of(0, 3, 1, 0, 2000, 2250, 72);
            c.pad_b = pad16(c.tb ? c.k : c.n, c.ab);
            c.pad_c = pad16(c.n, c.c);
            if (i == 0) c.alpha = -1.5f;
            else c.beta = 0.5f;
            CHECK(gpt_verify_gemm_case(h, &c, seed++, 0) == 0);
            gp_get_last_rung(h, GP_PRIM_GEMM, &ran);
            if (pp) CHECK_EQ_INT(ran, 8);
        }
        printf("rung 08 %s: %s\n", r == 0 ? "through the plan" : "f32 C", pp ? "ran" : "not supported here");
    }
    /* rungs 06 / 07 with the consumers keeping one k-block of wgmmas in flight (wait1: the plan's for 16-bit types
     * over >= 128 k-blocks, shapes too big for the CPU reference here), forced through the experiment hook: whole
     * tiles, several a block (2100^2: 153 tiles, 5 k-blocks), a split (260x520x4104: rung 06's own, rung 07's over
     * cluster tiles) and f32 C */
    for (int r = 6; r <= 7; r++) if (tc_rung_selected(r)) {
        int sup = 0;
        if (gp_rung_supported(h, GP_PRIM_GEMM, r, &sup) != GP_SUCCESS || !sup) continue;
        gp__gemm_h_knobs.wait = 2;
        for (int i = small ? 2 : 0; i < 3; i++) {
            gpt_gemm_case c = i == 0   ? gpt_gemm_case_of(r, 0, 0, 0, 2100, 2100, 264)
                              : i == 1 ? gpt_gemm_case_of(r, 2, 1, 1, 260, 520, 4104)
                                       : gpt_gemm_case_of(r, 1, 0, 1, 300, 520, 136);
            c.pad_a = pad16(c.ta ? c.m : c.k, c.ab);
            c.pad_b = pad16(c.tb ? c.k : c.n, c.ab);
            c.pad_c = pad16(c.n, c.c);
            if (i == 1) c.beta = -0.5f;
            CHECK(gpt_verify_gemm_case(h, &c, seed++, 0) == 0);
        }
        gp__gemm_h_knobs.wait = 0;
        printf("rung %d with wait1: %s\n", r, tc_fail ? "FAILED so far" : "ok");
    }
    /* packing into a workspace too small for a whole copy: panels of C (hopper_pack.c), automatic choice. tf32 NN
     * (B transposed, panels of columns), tf32 TT (A transposed, panels of rows), bf16 with A's rows unaligned (A
     * copied, rows), tf32 TN with m > 1024 (B transposed for rung 06's TT: the copy gp__gemm_h_tn_copy picks), tf32
     * with both operands' rows unaligned (both copied, panels of k); each with its last panel narrower. Cases 5-7:
     * tf32 TN with deep k or a small C, which rung 06 runs with B transposed in shared memory (no copy since session
     * 27), its split in a 1 MB or 4 MB workspace.
     * Where the Hopper rungs run, the plan must have taken them. */
    if (tc_rung_selected(0)) {
        void *ws = NULL;
        const size_t ws_bytes = (size_t)4 << 20;
        int hopper = 0, ran = -1;
        gp_rung_supported(h, GP_PRIM_GEMM, 4, &hopper);
        CHECK_EQ_INT(cudaMalloc(&ws, ws_bytes), cudaSuccess);
        for (int i = 0; i < 8; i++) {
            CHECK_EQ_INT(gp_set_workspace(h, ws, i == 6 ? ws_bytes : (size_t)1 << 20), GP_SUCCESS);
            /* C's rows unaligned (pad_c 2) in cases 0-2: rungs 04/05 need tf32 NT (case 0: B transposed, case 1: A);
             * cases 4 and 5 run in panels of k, each adding to C */
            gpt_gemm_case c = i == 0 ? gpt_gemm_case_of(0, 4, 0, 0, 300, 1000, 520)   /* B copy 2 MB */
                            : i == 1 ? gpt_gemm_case_of(0, 4, 1, 1, 1000, 300, 520)   /* A copy 2 MB */
                            : i == 2 ? gpt_gemm_case_of(0, 1, 0, 1, 1100, 200, 517)  /* A rows of 517 bf16 */
                            : i == 3 ? gpt_gemm_case_of(0, 4, 1, 0, 1100, 300, 520)  /* tf32 TN: B to n x k */
                            : i == 4 ? gpt_gemm_case_of(0, 4, 0, 1, 300, 280, 1000)  /* both rows unaligned */
                            : i == 5 ? gpt_gemm_case_of(0, 4, 1, 0, 200, 300, 5000)  /* TN, deep k */
                            : i == 6 ? gpt_gemm_case_of(0, 4, 1, 0, 256, 256, 8200)
                                     : gpt_gemm_case_of(0, 4, 1, 0, 100, 64, 4000);
            c.beta = 0.5f;
            c.pad_c = i >= 3 ? 0 : 2;
            if (i == 2) c.pad_b = pad16(c.k, c.ab); /* B's rows aligned: only A is packed */
            if (i == 4) c.pad_a = c.pad_b = 1;
            CHECK(gpt_verify_gemm_case(h, &c, seed++, 0) == 0);
            gp_get_last_rung(h, GP_PRIM_GEMM, &ran);
            if (hopper) CHECK(ran >= 4);
            printf("panels case %d: ran rung %d\n", i, ran);
        }
        CHECK_EQ_INT(gp_set_workspace(h, NULL, 0), GP_SUCCESS);
        cudaFree(ws);
    }
    /* on a user stream, and the automatic choice */
    CHECK_EQ_INT(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), cudaSuccess);
    CHECK_EQ_INT(gp_set_stream(h, s), GP_SUCCESS);
    {
        gpt_gemm_case c = gpt_gemm_case_of(0, 0, 0, 0, 513, 257, 129);
        CHECK(gpt_verify_gemm_case(h, &c, seed++, 0) == 0);
    }
    CHECK_EQ_INT(gp_set_stream(h, 0), GP_SUCCESS);
    cudaStreamDestroy(s);
    CHECK(tc_auto_rung(h, GP_PRIM_GEMM) > 0);
    CHECK_EQ_INT(gp_destroy(h), GP_SUCCESS);
    return tc_summary("test_gpu_gemm");
}
