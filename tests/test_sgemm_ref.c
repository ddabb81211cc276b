/* test_sgemm_ref.c — the sgemm CPU reference on hand-worked cases (all four transposes, ld > cols,
 * alpha/beta, beta == 0 not reading C, k == 0) and the error bound helper. */
#include "tcheck.h"
#include "verify_cases.h"
#include "ref/ref.h"
#include "sgemm/sgemm_internal.h"
#include <math.h>
#include <string.h>

int main(void)
{
    /* op(A) = [[1 2 3] [4 5 6]] (2x3), op(B) = [[1 0] [0 1] [2 -1]] (3x2): A*B = [[7 -1] [16 -1]] */
    const float A[6] = {1, 2, 3, 4, 5, 6}, At[6] = {1, 4, 2, 5, 3, 6};
    const float B[6] = {1, 0, 0, 1, 2, -1}, Bt[6] = {1, 0, 2, 0, 1, -1};
    const float Apad[8] = {1, 2, 3, 99, 4, 5, 6, 99}; /* lda = 4 */
    const float C[4] = {1, 1, 1, 1};
    const float Cnan[4] = {NAN, NAN, NAN, NAN};
    const double want[4] = {7, -1, 16, -1};
    double out[4];
    for (int t = 0; t < 4; t++) {
        int ta = t & 1, tb = t >> 1;
        gp_ref_sgemm(ta, tb, 2, 2, 3, 1.0, ta ? At : A, ta ? 2 : 3, tb ? Bt : B, tb ? 3 : 2, 0.0, NULL, 2, out);
        for (int i = 0; i < 4; i++) CHECK(out[i] == want[i]);
    }
    gp_ref_sgemm(0, 0, 2, 2, 3, 1.0, Apad, 4, B, 2, 0.0, NULL, 2, out);
    CHECK(out[0] == 7 && out[1] == -1 && out[2] == 16 && out[3] == -1);
    gp_ref_sgemm(0, 0, 2, 2, 3, 2.0, A, 3, B, 2, -1.0, C, 2, out); /* 2*AB - C */
    CHECK(out[0] == 13 && out[1] == -3 && out[2] == 31 && out[3] == -3);
    gp_ref_sgemm(0, 0, 2, 2, 3, 1.0, A, 3, B, 2, 0.0, Cnan, 2, out); /* beta == 0: C not read */
    CHECK(out[0] == 7 && !isnan(out[3]));
    gp_ref_sgemm(0, 0, 2, 2, 0, 1.0, A, 1, B, 2, 3.0, C, 2, out); /* k == 0: beta * C */
    CHECK(out[0] == 3 && out[3] == 3);
    gp_ref_sgemm(0, 0, 1, 1, 1, 1.0, A, 1, B, 1, 0.0, NULL, 1, out);
    CHECK(out[0] == 1);
    /* the bound: 1e-5 floor, grows as sqrt(k) */
    CHECK(gpt_sgemm_tol(1) == 1e-5);
    CHECK(fabs(gpt_sgemm_tol(4096) - 16.0 * 64.0 / 16777216.0) < 1e-12);
    CHECK(gpt_sgemm_tol(16384) > gpt_sgemm_tol(4096));
    /* rung 10's rule picks the configuration measured fastest at the bench shapes (an H100: dev == NULL) */
    CHECK(gp__sgemm_r10_pick(NULL, 4096, 4096, 4096, 1) == 0);     /* 128x256x16: k < 6144 */
    CHECK(gp__sgemm_r10_pick(NULL, 4096, 4096, 6143, 1) == 0);
    CHECK(gp__sgemm_r10_pick(NULL, 4096, 4096, 6144, 1) == 1);     /* 128x256x32 */
    CHECK(gp__sgemm_r10_pick(NULL, 8192, 8192, 8192, 1) == 1);     /* 128x256x32 */
    CHECK(gp__sgemm_r10_pick(NULL, 32768, 256, 4096, 1) == 0);
    CHECK(gp__sgemm_r10_pick(NULL, 32768, 256, 6144, 1) == 1);
    CHECK(gp__sgemm_r10_pick(NULL, 2048, 2048, 2048, 1) == 0);     /* 128 tiles of 128x256 on 132 SMs: 97% of a wave */
    CHECK(gp__sgemm_r10_pick(NULL, 2048, 2048, 2048, 0) == 3);  /* odd leading dimensions: 128x64 */
    CHECK(gp__sgemm_r10_pick(NULL, 8192, 8192, 8192, 0) == 3);
    CHECK(gp__sgemm_r10_pick(NULL, 3000, 3000, 3000, 1) == 3);     /* 288 tiles: 3 waves 73% full: 128x64 */
    CHECK(gp__sgemm_r10_pick(NULL, 4097, 4097, 4097, 1) == 3);     /* 561 tiles: 5 waves 85% full */
    CHECK(gp__sgemm_r10_pick(NULL, 2049, 2047, 2051, 1) == 3);     /* 136 tiles: 2 waves 52% full */
    CHECK(gp__sgemm_r10_pick(NULL, 1536, 1536, 1536, 1) == 3);
    CHECK(gp__sgemm_r10_pick(NULL, 1024, 1024, 1024, 1) == 3);     /* 128 tiles of 128x64 */
    CHECK(gp__sgemm_r10_pick(NULL, 8192, 128, 8192, 1) == 3);
    CHECK(gp__sgemm_r10_pick(NULL, 512, 512, 512, 1) == 4);       /* 32 tiles of 128x64: 64x64x32 */
    CHECK(gp__sgemm_r10_pick(NULL, 256, 256, 65536, 1) == 3);     /* deep k: k-slices make the blocks */
    CHECK(gp__sgemm_r10_pick(NULL, 64, 64, 65536, 1) == 4);       /* m < 128: a 128-row tile would be half empty */
    CHECK(gp__sgemm_r10_pick(NULL, 512, 512, 4096, 1) == 4);
    CHECK(gp__sgemm_r10_pick(NULL, 1, 1, 1, 1) == 4);
    for (int c = 0; c < GP_SGEMM_R10_CONFIGS; c++) CHECK(strcmp(gp__sgemm_r10_config_name(c), "?") != 0);
    CHECK(strcmp(gp__sgemm_r10_config_name(GP_SGEMM_R10_CONFIGS), "?") == 0);
    /* rung 11's split of k (an H100, 32 MB of workspace): none where the tiles fill half a wave of block slots */
    {
        const size_t ws = (size_t)32 << 20;
        CHECK_EQ_INT(gp__sgemm_r11_slices(NULL, 4096, 4096, 4096, 0, ws), 1);
        CHECK_EQ_INT(gp__sgemm_r11_slices(NULL, 1024, 1024, 1024, 4, ws), 1);     /* 256 tiles >= 396 / 2 slots */
        CHECK_EQ_INT(gp__sgemm_r11_slices(NULL, 2048, 2048, 2048, 3, ws), 1);
        CHECK_EQ_INT(gp__sgemm_r11_slices(NULL, 512, 512, 8192, 4, ws), 13);      /* 64 tiles: ceil(792 / 64) */
        CHECK_EQ_INT(gp__sgemm_r11_slices(NULL, 512, 512, 2048, 4, ws), 8);       /* k / 256 */
        CHECK_EQ_INT(gp__sgemm_r11_slices(NULL, 64, 64, 65536, 4, ws), 256);      /* 1 tile: the most slices */
        CHECK_EQ_INT(gp__sgemm_r11_slices(NULL, 64, 64, 1024, 4, ws), 4);         /* slices >= 256 long */
        CHECK_EQ_INT(gp__sgemm_r11_slices(NULL, 64, 64, 300, 4, ws), 1);
        CHECK_EQ_INT(gp__sgemm_r11_slices(NULL, 512, 512, 65536, 4, (size_t)3 << 20), 3); /* 1 MB of partials each */
        CHECK_EQ_INT(gp__sgemm_r11_slices(NULL, 64, 64, 65536, 4, 64 * 64 * 4 * 10), 10); /* workspace-bound */
        CHECK_EQ_INT(gp__sgemm_r11_slices(NULL, 64, 64, 65536, 4, 100), 1);
        CHECK_EQ_INT(gp__sgemm_r11_slices(NULL, 0, 64, 65536, 4, ws), 1);
        CHECK_EQ_INT(gp__sgemm_r11_slices(NULL, 64, 64, 65536, -1, ws), 1);
        /* 128x256 (one block per SM): one wave of slices at least 1024 long */
        CHECK_EQ_INT(gp__sgemm_r11_slices(NULL, 128, 8192, 8192, 0, ws), 4);      /* 32 tiles: 132 / 32 */
        CHECK_EQ_INT(gp__sgemm_r11_slices(NULL, 1024, 1024, 16384, 0, ws), 4);
        CHECK_EQ_INT(gp__sgemm_r11_slices(NULL, 256, 256, 65536, 0, ws), 64);     /* 2 tiles: k / 1024 */
        CHECK_EQ_INT(gp__sgemm_r11_slices(NULL, 128, 8192, 2047, 0, ws), 1);      /* k / 1024 = 1 */
        CHECK_EQ_INT(gp__sgemm_r11_slices(NULL, 256, 256, 65536, 0, (size_t)10 << 18), 10); /* workspace-bound */
        /* rung 11's configuration: 128x256 where its slices fill >= 3/4 of a wave, else rung 10's rule */
        CHECK_EQ_INT(gp__sgemm_r11_pick(NULL, 128, 8192, 8192, 1, ws), 0);
        CHECK_EQ_INT(gp__sgemm_r11_pick(NULL, 1024, 1024, 16384, 1, ws), 0);
        CHECK_EQ_INT(gp__sgemm_r11_pick(NULL, 256, 256, 65536, 1, ws), 0);
        CHECK_EQ_INT(gp__sgemm_r11_pick(NULL, 256, 256, 65536, 1, (size_t)10 << 18), 3); /* 20 blocks: under 3/4 */
        CHECK_EQ_INT(gp__sgemm_r11_pick(NULL, 128, 8192, 8192, 0, ws), gp__sgemm_r10_pick(NULL, 128, 8192, 8192, 0));
        CHECK_EQ_INT(gp__sgemm_r11_pick(NULL, 8192, 128, 8192, 1, ws), 3);        /* n < 256 */
        CHECK_EQ_INT(gp__sgemm_r11_pick(NULL, 64, 64, 65536, 1, ws), 4);          /* m < 128 */
        CHECK_EQ_INT(gp__sgemm_r11_pick(NULL, 512, 512, 4096, 1, ws), 4);         /* 8 tiles x 4 slices: a quarter */
        CHECK_EQ_INT(gp__sgemm_r11_pick(NULL, 4096, 4096, 4096, 1, ws), 0);       /* no split: rung 10's rule */
        CHECK_EQ_INT(gp__sgemm_r11_pick(NULL, 3000, 3000, 3000, 1, ws), 3);
    }
    return tc_summary("test_sgemm_ref");
}
