/* test_sgemm_ref.c — the sgemm CPU reference on hand-worked cases (all four transposes, ld > cols,
 * alpha/beta, beta == 0 not reading C, k == 0) and the error bound helper. */
#include "tcheck.h"
#include "verify_cases.h"
#include "ref/ref.h"
#include "sgemm/sgemm_internal.h"
#include "sgemm/sgemm_streamk.h"
#include <stdlib.h>
#include <math.h>
#include <string.h>

/* Walks every block of a stream-k plan as the kernel does (whole tiles, then its range from the end) and checks
 * what the kernel relies on: every k-step of every tile is taken exactly once; a block leaves at most one partial,
 * from its first stream-k segment; a finisher's contributors are blocks numbered below it whose partials, with its
 * own segment, make up exactly the tile. Returns the number of failed checks. */
static int check_streamk_walk(const gp_sgemm_sk_plan *pl)
{
    const int64_t T = pl->tiles, I = pl->iters, G = pl->ctas, dp = pl->dp_tiles;
    const int64_t W = (T - dp) * I;
    unsigned char *taken = (unsigned char *)calloc((size_t)(T * I), 1);
    int64_t *prod_tile = (int64_t *)malloc((size_t)G * sizeof(int64_t)), *prod_kb = (int64_t *)malloc((size_t)G * sizeof(int64_t));
    int64_t *prod_ke = (int64_t *)malloc((size_t)G * sizeof(int64_t));
    int bad = 0;
    if (dp % G != 0 || W < G) bad++;
    for (int64_t g = 0; g < G; g++) prod_tile[g] = -1;
    for (int pass = 0; pass < 2; pass++) /* pass 0: record the producers; pass 1: check the finishers */
        for (int64_t g = 0; g < G; g++) {
            const int64_t begin = gp_sk_start(g, W, G);
            int64_t pos = gp_sk_start(g + 1, W, G), t, kb, ke, seg = 0;
            if (pass == 0)
                for (int64_t u = 0; u < dp / G; u++)
                    for (int64_t x = 0; x < I; x++) taken[(g + u * G) * I + x]++;
            while (gp_sk_next(&pos, begin, I, &t, &kb, &ke)) {
                if (kb >= ke || t < 0 || t >= T - dp) { bad++; break; }
                if (pass == 0) {
                    for (int64_t x = kb; x < ke; x++) taken[(dp + t) * I + x]++;
                    if (ke < I) {
                        if (seg != 0 || prod_tile[g] >= 0) bad++; /* a partial only from the first segment */
                        prod_tile[g] = t; prod_kb[g] = kb; prod_ke[g] = ke;
                    }
                } else if (ke == I && kb > 0) {
                    int64_t first = gp_sk_owner(t * I, W, G), need = kb;
                    if (first >= g) bad++;
                    for (int64_t c = g - 1; c >= first; c--) { /* contiguous pieces ending at kb, going down */
                        if (prod_tile[c] != t || prod_ke[c] != need) { bad++; break; }
                        need = prod_kb[c];
                    }
                    if (need != 0) bad++;
                }
                seg++;
            }
        }
    for (int64_t e = 0; e < T * I; e++) if (taken[e] != 1) { bad++; break; }
    free(taken); free(prod_tile); free(prod_kb); free(prod_ke);
    return bad;
}

/* An m x n x k product for rung 13's plan: ta/tb, and vec_a / vec_b (the rows on 16 bytes). */
static gp_sgemm_args peel_args(int ta, int tb, int64_t m, int64_t n, int64_t k, int vec_a, int vec_b)
{
    gp_sgemm_args a;
    memset(&a, 0, sizeof a);
    a.m = m; a.n = n; a.k = k;
    a.ta = ta; a.tb = tb;
    a.lda = (ta ? m : k) + !vec_a; a.ldb = (tb ? k : n) + !vec_b; a.ldc = n;
    a.vec_a = vec_a; a.vec_b = vec_b; a.vec_c = 1;
    a.alpha = 1.f;
    a.batch = 1;
    return a;
}

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
        CHECK_EQ_INT(gp__sgemm_r11_pick(NULL, 128, 8192, 8192, 0, ws), 2);       /* rows off 16 bytes: 128x128 slices */
        CHECK_EQ_INT(gp__sgemm_r11_pick(NULL, 8192, 128, 8192, 1, ws), 2);        /* n < 256: 64 x 4 (the swap wins) */
        CHECK_EQ_INT(gp__sgemm_r11_pick(NULL, 64, 64, 65536, 1, ws), 4);          /* m < 128 */
        CHECK_EQ_INT(gp__sgemm_r11_pick(NULL, 512, 512, 4096, 1, ws), 2);         /* 16 tiles of 128x128 x 16 slices */
        CHECK_EQ_INT(gp__sgemm_r11_pick(NULL, 512, 512, 4096, 0, ws), 2);         /* rows off 16 bytes: 4-byte row copies */
        CHECK_EQ_INT(gp__sgemm_r11_pick(NULL, 1024, 1024, 1025, 0, ws), 3);       /* slices of 288 for 1025 / 4 */
        CHECK_EQ_INT(gp__sgemm_r11_pick(NULL, 1024, 1024, 1025, 1, ws), 2);       /* 16-byte rows: as before */
        /* 128x128 tiles in one wave of k-slices (>= 90% of 264 slots) */
        CHECK_EQ_INT(gp__sgemm_r11_pick(NULL, 1024, 1024, 1024, 1, ws), 2);       /* 64 tiles x 4 */
        CHECK_EQ_INT(gp__sgemm_r11_slices(NULL, 1024, 1024, 1024, 2, ws), 4);
        CHECK_EQ_INT(gp__sgemm_r11_pick(NULL, 1000, 1000, 1000, 1, ws), 2);       /* 4 slices: 256, 256, 256, 232 */
        CHECK_EQ_INT(gp__sgemm_r11_slices(NULL, 1000, 1000, 1000, 2, ws), 4);
        CHECK_EQ_INT(gp__sgemm_r11_pick(NULL, 768, 768, 768, 1, ws), 3);          /* 36 tiles x 3: 41% */
        CHECK_EQ_INT(gp__sgemm_r11_pick(NULL, 1536, 1536, 1536, 1, ws), 3);       /* 144 tiles: no split */
        CHECK_EQ_INT(gp__sgemm_r11_pick(NULL, 1000, 1000, 1000, 0, ws), 2);       /* rows off 16 bytes: slices of 256 */
        CHECK_EQ_INT(gp__sgemm_r11_pick(NULL, 4096, 4096, 4096, 1, ws), 0);       /* no split: rung 10's rule */
        CHECK_EQ_INT(gp__sgemm_r11_pick(NULL, 3000, 3000, 3000, 1, ws), 3);
        /* the swap: C^T (n x m) in 128x256 k-slices where m x n cannot take them (n < 256) */
        CHECK_EQ_INT(gp__sgemm_r11_swap(NULL, 8192, 128, 8192, 1, ws), 1);      /* C^T: 128x8192, 4 slices */
        CHECK_EQ_INT(gp__sgemm_r11_swap(NULL, 8192, 128, 8192, 0, ws), 0);      /* rows off 16 bytes */
        CHECK_EQ_INT(gp__sgemm_r11_swap(NULL, 260, 130, 25600, 1, ws), 1);      /* test_gpu_sgemm: 4 tiles x 25 slices */
        CHECK_EQ_INT(gp__sgemm_r11_swap(NULL, 128, 8192, 8192, 1, ws), 0);      /* already 128x256 slices */
        CHECK_EQ_INT(gp__sgemm_r11_swap(NULL, 8192, 128, 1024, 1, ws), 0);      /* k / 1024 = 1: no slices */
        CHECK_EQ_INT(gp__sgemm_r11_swap(NULL, 8192, 64, 8192, 1, ws), 0);       /* n < 128: a 128-row tile */
        CHECK_EQ_INT(gp__sgemm_r11_swap(NULL, 65536, 128, 8192, 1, ws), 0);     /* 256 tiles of C^T: no split */
        CHECK_EQ_INT(gp__sgemm_r11_swap(NULL, 4096, 4096, 4096, 1, ws), 0);
        CHECK_EQ_INT(gp__sgemm_r11_swap(NULL, 8192, 128, 8192, 1, (size_t)1 << 20), 0); /* no room for partials */
        /* the reduction's slice groups: units x groups threads within one wave (132 x 2048) */
        CHECK_EQ_INT(gp__sgemm_r11_reduce_groups(NULL, 1024, 256), 32);         /* 64x64x65536 */
        CHECK_EQ_INT(gp__sgemm_r11_reduce_groups(NULL, 16384, 64), 16);         /* 256x256x65536 */
        CHECK_EQ_INT(gp__sgemm_r11_reduce_groups(NULL, 262144, 4), 1);          /* 1024x1024x16384 */
        CHECK_EQ_INT(gp__sgemm_r11_reduce_groups(NULL, 1024, 8), 1);            /* few slices: one thread each */
        CHECK_EQ_INT(gp__sgemm_r11_reduce_groups(NULL, 1024, 9), 8);            /* at most the slices */
        CHECK_EQ_INT(gp__sgemm_r11_reduce_groups(NULL, 65536, 20), 4);          /* 65536 x 4 threads: within a wave */
        CHECK_EQ_INT(gp__sgemm_r11_reduce_groups(NULL, 1, 1), 1);
    }
    /* strided batches: every matrix's tiles count; small matrices keep small tiles */
    CHECK_EQ_INT(gp__sgemm_r10_pick_batch(NULL, 256, 256, 256, 1, 32), 3);    /* 256 tiles of 128x64 */
    CHECK_EQ_INT(gp__sgemm_r10_pick_batch(NULL, 64, 64, 64, 1, 1024), 4);     /* m < 128 */
    CHECK_EQ_INT(gp__sgemm_r10_pick_batch(NULL, 128, 128, 128, 0, 256), 3);
    CHECK_EQ_INT(gp__sgemm_r10_pick_batch(NULL, 1024, 1024, 1024, 1, 33), 0); /* 264 tiles of 128x256: two waves */
    CHECK_EQ_INT(gp__sgemm_r10_pick_batch(NULL, 256, 256, 256, 1, 1), gp__sgemm_r10_pick(NULL, 256, 256, 256, 1));
    /* rung 12's stream-k plan (an H100: 132 SMs; 32 MB workspace) */
    {
        const size_t ws = (size_t)32 << 20;
        gp_sgemm_sk_plan pl;
        static const int64_t walks[][5] = { /* m, n, k, vec, force */
            {2049, 2047, 2051, 0, 0}, {1025, 1025, 1025, 0, 0}, {4097, 4097, 4097, 0, 1}, {1536, 1536, 1536, 1, 0},
            {3000, 3000, 3000, 1, 1}, {8192, 128, 8192, 1, 0}, {1, 1, 1, 0, 1}, {127, 129, 131, 0, 1},
            {1000, 1, 1000, 1, 1}, {33, 4097, 5, 0, 1}, {64, 64, 20000, 1, 1}, {4096, 4096, 4096, 1, 1},
            {16, 16, 16000, 0, 1}, {300, 520, 100, 1, 1}};
        /* the sweep's worst shapes: tiles that leave a wave part-empty */
        CHECK_EQ_INT(gp__sgemm_r12_plan(NULL, 2049, 2047, 2051, 0, -1, 0, ws, &pl), 1);
        CHECK(pl.cfg == 0 && pl.tiles == 17 * 8 && pl.iters == 129 && pl.ctas == 132 && pl.dp_tiles == 0);
        /* rows off 16 bytes: 128x256 only where 256 columns pad n no more than 64 do (2047: 2048 both; 2049: 2304
         * against 2112) */
        CHECK_EQ_INT(gp__sgemm_r12_plan(NULL, 2047, 2049, 2051, 0, -1, 1, ws, &pl), 1); /* forced: the rule gives rung 11 */
        CHECK(pl.cfg == 3);
        CHECK_EQ_INT(gp__sgemm_r12_plan(NULL, 1025, 1025, 1025, 0, -1, 0, ws, &pl), 1);
        CHECK(pl.cfg == 3 && pl.tiles == 153 && pl.ctas == 528);                /* 9945 k-steps / 17 >= 528 */
        CHECK_EQ_INT(gp__sgemm_r12_plan(NULL, 1000, 1000, 1000, 0, -1, 0, ws, &pl), 0); /* 128x128 slices (4-byte rows) */
        CHECK_EQ_INT(gp__sgemm_r12_plan(NULL, 1000, 1000, 1000, 1, -1, 0, ws, &pl), 0); /* 16-byte rows: 128x128 slices */
        CHECK_EQ_INT(gp__sgemm_r12_plan(NULL, 4097, 4097, 4097, 0, -1, 0, ws, &pl), 0); /* 2145 blocks: 16.25 per SM */
        CHECK_EQ_INT(gp__sgemm_r12_plan(NULL, 4097, 4097, 4097, 0, -1, 1, ws, &pl), 1);
        CHECK(pl.tiles == 2145 && pl.dp_tiles == 3 * 528);                     /* 3 whole waves, then 561 tiles cut */
        CHECK_EQ_INT(gp__sgemm_r12_plan(NULL, 1536, 1536, 1536, 1, -1, 0, ws, &pl), 1);
        CHECK(pl.cfg == 0 && pl.tiles == 72 && pl.ctas == 132 && pl.dp_tiles == 0);
        CHECK_EQ_INT(gp__sgemm_r12_plan(NULL, 3000, 3000, 3000, 1, -1, 0, ws, &pl), 0); /* 1128 blocks: 8.5 per SM */
        CHECK_EQ_INT(gp__sgemm_r12_plan(NULL, 3000, 3000, 3000, 1, -1, 1, ws, &pl), 1);
        CHECK(pl.cfg == 0 && pl.tiles == 288 && pl.dp_tiles == 132);
        CHECK_EQ_INT(gp__sgemm_r12_plan(NULL, 1024, 1024, 1024, 1, -1, 0, ws, &pl), 0); /* rung 11: 128x128 x 4 slices */
        CHECK_EQ_INT(gp__sgemm_r12_plan(NULL, 1024, 1024, 1024, 1, 3, 1, ws, &pl), 1);
        CHECK(pl.cfg == 3 && pl.ctas == 528);
        CHECK_EQ_INT(gp__sgemm_r12_plan(NULL, 128, 8192, 8192, 1, -1, 0, ws, &pl), 0);  /* 128x256 one-wave split */
        CHECK_EQ_INT(gp__sgemm_r12_plan(NULL, 1024, 1024, 16384, 1, -1, 0, ws, &pl), 0);
        CHECK_EQ_INT(gp__sgemm_r12_plan(NULL, 8192, 128, 8192, 1, -1, 0, ws, &pl), 0);  /* rung 11: C^T in 128x256 */
        CHECK_EQ_INT(gp__sgemm_r12_plan(NULL, 8192, 128, 8192, 1, -1, 1, ws, &pl), 1);  /* forced: stream-k */
        CHECK(pl.cfg == 3 && pl.ctas == 528);                                   /* n < 256; every slot */
        CHECK_EQ_INT(gp__sgemm_r12_plan(NULL, 8192, 128, 8192, 0, -1, 0, ws, &pl), 0);  /* rows off 16 bytes: rung 11's
                                                                                          even slices, not swapped */
        CHECK(pl.ws_bytes <= ws);
        /* whole waves, too little work per block, batches of rung 11 */
        CHECK_EQ_INT(gp__sgemm_r12_plan(NULL, 4096, 4096, 4096, 1, -1, 0, ws, &pl), 0); /* 512 of 528: 97% */
        CHECK_EQ_INT(gp__sgemm_r12_plan(NULL, 2048, 2048, 2048, 1, -1, 0, ws, &pl), 0);
        CHECK_EQ_INT(gp__sgemm_r12_plan(NULL, 8192, 8192, 8192, 1, -1, 0, ws, &pl), 0);
        CHECK_EQ_INT(gp__sgemm_r12_plan(NULL, 256, 256, 65536, 1, -1, 0, ws, &pl), 0);  /* 2 tiles: 8 blocks */
        CHECK_EQ_INT(gp__sgemm_r12_plan(NULL, 64, 64, 65536, 1, -1, 0, ws, &pl), 0);
        CHECK_EQ_INT(gp__sgemm_r12_plan(NULL, 512, 512, 512, 1, -1, 0, ws, &pl), 0);
        CHECK_EQ_INT(gp__sgemm_r12_plan(NULL, 1025, 1025, 0, 0, -1, 1, ws, &pl), 0);    /* k == 0 */
        CHECK_EQ_INT(gp__sgemm_r12_plan(NULL, 1025, 1025, 1025, 0, 4, 1, ws, &pl), 0);  /* 64x64: not stream-k */
        CHECK_EQ_INT(gp__sgemm_r12_plan(NULL, 1536, 1536, 1536, 1, 3, 0, ws, &pl), 1);  /* forced configuration */
        CHECK(pl.cfg == 3);
        /* a workspace that holds few slots: fewer blocks (forced), or rung 11 (the rule) */
        CHECK_EQ_INT(gp__sgemm_r12_plan(NULL, 1536, 1536, 1536, 1, -1, 0, (size_t)1 << 20, &pl), 0);
        CHECK_EQ_INT(gp__sgemm_r12_plan(NULL, 1536, 1536, 1536, 1, -1, 1, (size_t)1 << 20, &pl), 1);
        CHECK(pl.ctas == 7 && pl.ws_bytes <= ((size_t)1 << 20) && pl.dp_tiles == 0);
        CHECK_EQ_INT(gp__sgemm_r12_plan(NULL, 1536, 1536, 1536, 1, -1, 1, 4096, &pl), 0);
        /* the walk of every plan above, rule or forced */
        for (size_t i = 0; i < sizeof walks / sizeof walks[0]; i++) {
            static const int cfgs[3] = {-1, 0, 3};
            for (int ci = 0; ci < 3; ci++) {
                const int cfg = cfgs[ci];
                if (!gp__sgemm_r12_plan(NULL, walks[i][0], walks[i][1], walks[i][2], (int)walks[i][3], cfg, (int)walks[i][4], ws, &pl)) {
                    CHECK(!walks[i][4]); /* a forced plan always runs */
                    continue;
                }
                CHECK(pl.ws_bytes <= ws && pl.ctas >= 1);
                CHECK_EQ_INT(check_streamk_walk(&pl), 0);
            }
        }
    }
    /* rung 13's plan: peel a thin last tile row / column, copy a direct operand with rows off 16 bytes */
    {
        const size_t ws = (size_t)32 << 20;
        gp_sgemm_peel_plan pl;
        gp_sgemm_args a = peel_args(0, 0, 2049, 2047, 2051, 0, 0);
        CHECK_EQ_INT(gp__sgemm_r13_plan(NULL, &a, -1, 0, ws, &pl), 1);
        /* one row peeled (2049 = 16 x 128 + 1); 2047 = 31 x 64 + 63 stays; copies with ld rounded up to 32 floats: both
         * would take 34 MB, so B (direct) alone */
        CHECK(pl.m0 == 2048 && pl.n0 == 2047 && pl.pack_b && pl.ldb_p == 2048 && !pl.pack_a);
        CHECK(pl.pack_bytes == (size_t)2051 * 2048 * 4);
        CHECK_EQ_INT(gp__sgemm_r13_plan(NULL, &a, GP_SGEMM_PEEL_BOTH, 0, (size_t)48 << 20, &pl), 1);
        CHECK(pl.pack_b && pl.pack_a && pl.lda_p == 2080 && pl.pack_bytes == (size_t)2051 * 2048 * 4 + 17047808); /* 256-byte multiples */
        a = peel_args(1, 1, 2049, 2047, 2051, 0, 1); /* TT, B's rows on 16 bytes: A^T alone copied */
        CHECK_EQ_INT(gp__sgemm_r13_plan(NULL, &a, GP_SGEMM_PEEL_BOTH, 0, ws, &pl), 1);
        CHECK(pl.m0 == 2048 && pl.n0 == 2047 && pl.pack_a && pl.lda_p == 2080 && !pl.pack_b);
        a = peel_args(0, 0, 1025, 1025, 1025, 0, 0);
        CHECK_EQ_INT(gp__sgemm_r13_plan(NULL, &a, -1, 0, ws, &pl), 1);
        CHECK(pl.m0 == 1024 && pl.n0 == 1024 && !pl.pack_b && !pl.pack_a);
        CHECK_EQ_INT(gp__sgemm_r13_plan(NULL, &a, GP_SGEMM_PEEL_BOTH, 0, ws, &pl), 1);
        CHECK(pl.m0 == 1024 && pl.n0 == 1024 && pl.pack_b && pl.ldb_p == 1280 && pl.pack_a && pl.lda_p == 1056);
        /* A: 1025 x 1056 x 4 rounded up to 256; B (direct): 1025 x 1280 x 4, zero columns to a multiple of 256 */
        CHECK(pl.pack_bytes == 4329728 + 5248000 && pl.pack_bytes % 256 == 0);
        CHECK_EQ_INT(gp__sgemm_r13_plan(NULL, &a, GP_SGEMM_PEEL_ONLY, 0, ws, &pl), 1);
        CHECK(pl.m0 == 1024 && pl.n0 == 1024 && !pl.pack_b && pl.pack_bytes == 0);
        CHECK_EQ_INT(gp__sgemm_r13_plan(NULL, &a, GP_SGEMM_PEEL_COPY_ONLY, 0, ws, &pl), 1);
        CHECK(pl.m0 == 1025 && pl.n0 == 1025 && pl.pack_b);
        CHECK_EQ_INT(gp__sgemm_r13_plan(NULL, &a, GP_SGEMM_PEEL_BOTH, 0, (size_t)8 << 20, &pl), 1); /* both over 3/4 of 8 MB: B alone */
        CHECK(pl.m0 == 1024 && pl.n0 == 1024 && pl.pack_b && !pl.pack_a && pl.pack_bytes == 5248000);
        CHECK_EQ_INT(gp__sgemm_r13_plan(NULL, &a, GP_SGEMM_PEEL_BOTH, 0, (size_t)4 << 20, &pl), 1); /* B over 3/4 of 4 MB: no copy */
        CHECK(pl.m0 == 1024 && pl.n0 == 1024 && !pl.pack_b && !pl.pack_a && pl.pack_bytes == 0);
        a = peel_args(0, 0, 4097, 4097, 4097, 0, 0); /* a 67 MB copy: peel only */
        CHECK_EQ_INT(gp__sgemm_r13_plan(NULL, &a, -1, 0, ws, &pl), 1);
        CHECK(pl.m0 == 4096 && pl.n0 == 4096 && !pl.pack_a && !pl.pack_b);
        a = peel_args(0, 0, 2048, 2048, 2048, 0, 0); /* ld + 1: copy only */
        CHECK_EQ_INT(gp__sgemm_r13_plan(NULL, &a, -1, 0, ws, &pl), 1);
        CHECK(pl.m0 == 2048 && pl.n0 == 2048 && pl.pack_b);
        /* the edges' k ranges: in one launch where both fit one wave, each its share of 2 blocks per SM; apart, each 2
         * blocks per SM; then up to a quarter more where that makes a range one trip of 256 k (1025 = 4 x 256 + 1: 5
         * ranges of 205 for the last row) */
        {
            int64_t ks[2];
            int fused;
            a = peel_args(0, 0, 1025, 1025, 1025, 0, 0);
            CHECK(gp__sgemm_r13_edges_plan(NULL, &a, 1024, 1024, ws, ks, &fused) == 512); /* (33 + 64) counters */
            CHECK(ks[0] == 5 && ks[1] == 3 && fused); /* 33 x 5 + 64 x 3 = 357 blocks <= 3 x 132 */
            CHECK(gp__sgemm_r13_edges_plan(NULL, &a, 1024, 1024, 16 << 10, ks, &fused) == 512); /* fewer partials fit */
            CHECK(ks[0] == 1 && ks[1] == 2 && fused);
            CHECK(gp__sgemm_r13_edges_plan(NULL, &a, 1024, 1024, 0, ks, &fused) == 0); /* no workspace: one range each */
            CHECK(ks[0] == 1 && ks[1] == 1);
            a = peel_args(0, 0, 4097, 4097, 4097, 0, 0); /* 129 x 3 + 256 x 2 blocks: apart */
            CHECK(gp__sgemm_r13_edges_plan(NULL, &a, 4096, 4096, ws, ks, &fused) == 1792);
            CHECK(ks[0] == 3 && ks[1] == 2 && !fused);
            a = peel_args(0, 0, 2049, 2048, 2048, 0, 0); /* the last row alone: 2 blocks per SM (64 x 5) */
            CHECK(gp__sgemm_r13_edges_plan(NULL, &a, 2048, 2048, ws, ks, &fused) == 256);
            CHECK(ks[0] == 5 && ks[1] == 0 && !fused);
        }
        a = peel_args(0, 0, 1000, 1000, 1000, 0, 0); /* 1000 = 7 x 128 + 104: nothing to peel; too small to copy */
        CHECK_EQ_INT(gp__sgemm_r13_plan(NULL, &a, -1, 0, ws, &pl), 0);
        CHECK_EQ_INT(gp__sgemm_r13_plan(NULL, &a, GP_SGEMM_PEEL_COPY_ONLY, 0, ws, &pl), 1);
        CHECK(pl.m0 == 1000 && pl.n0 == 1000 && pl.pack_b && pl.pack_a);
        a = peel_args(0, 0, 3001, 1999, 777, 0, 1); /* only A (across) off 16 bytes: A copied */
        CHECK_EQ_INT(gp__sgemm_r13_plan(NULL, &a, -1, 0, ws, &pl), 1);
        CHECK(pl.pack_a && !pl.pack_b && pl.lda_p == 800 && pl.m0 == 3001 && pl.n0 == 1999);
        /* the rule's limits: whole tiles; a last tile row of 17 rows; too small; batches; k == 0 */
        a = peel_args(0, 0, 2048, 2048, 2048, 1, 1);
        CHECK_EQ_INT(gp__sgemm_r13_plan(NULL, &a, -1, 0, ws, &pl), 0);
        CHECK(pl.m0 == 2048 && pl.n0 == 2048 && pl.pack_bytes == 0);
        a = peel_args(0, 0, 2048 + 5, 2048 + 4, 2048, 1, 1); /* the rule: edges of at most 4; forced: 16 */
        CHECK_EQ_INT(gp__sgemm_r13_plan(NULL, &a, -1, 0, ws, &pl), 1);
        CHECK(pl.m0 == 2048 + 5 && pl.n0 == 2048);
        CHECK_EQ_INT(gp__sgemm_r13_plan(NULL, &a, -1, 1, ws, &pl), 1);
        CHECK(pl.m0 == 2048 && pl.n0 == 2048);
        a = peel_args(0, 0, 513, 513, 300, 0, 0); /* m n k < 2^29 */
        CHECK_EQ_INT(gp__sgemm_r13_plan(NULL, &a, -1, 0, ws, &pl), 0);
        CHECK_EQ_INT(gp__sgemm_r13_plan(NULL, &a, -1, 1, ws, &pl), 1); /* forced: wherever it can */
        CHECK(pl.m0 == 512 && pl.n0 == 512 && pl.pack_b && pl.ldb_p == 768 && pl.pack_a && pl.lda_p == 320);
        a = peel_args(0, 0, 200, 72, 300, 1, 1); /* forced: a thin last tile row or column whatever the size */
        CHECK_EQ_INT(gp__sgemm_r13_plan(NULL, &a, -1, 1, ws, &pl), 1);
        CHECK(pl.m0 == 200 && pl.n0 == 64 && !pl.pack_b); /* 72 rows: more than an edge takes */
        a = peel_args(0, 0, 100, 60, 300, 1, 1);
        CHECK_EQ_INT(gp__sgemm_r13_plan(NULL, &a, -1, 1, ws, &pl), 0);
        a = peel_args(0, 0, 2049, 2047, 2051, 0, 0);
        a.batch = 2;
        CHECK_EQ_INT(gp__sgemm_r13_plan(NULL, &a, -1, 1, ws, &pl), 0);
        a = peel_args(0, 0, 2049, 2047, 0, 0, 0);
        CHECK_EQ_INT(gp__sgemm_r13_plan(NULL, &a, -1, 1, ws, &pl), 0);
        CHECK(gp__sgemm_r13_config_name(0) && gp__sgemm_r13_config_name(2) && !gp__sgemm_r13_config_name(3));
    }
    /* the per-shape rules take the direct operands' alignment (an across operand is copied in 4-byte copies anyway) */
    {
        gp_sgemm_args a = peel_args(0, 0, 64, 64, 64, 0, 1);
        CHECK_EQ_INT(gp__sgemm_direct_vec(&a), 1);
        a = peel_args(0, 0, 64, 64, 64, 1, 0);
        CHECK_EQ_INT(gp__sgemm_direct_vec(&a), 0);
        a = peel_args(1, 1, 64, 64, 64, 1, 0);
        CHECK_EQ_INT(gp__sgemm_direct_vec(&a), 1);
        a = peel_args(1, 1, 64, 64, 64, 0, 1);
        CHECK_EQ_INT(gp__sgemm_direct_vec(&a), 0);
    }
    return tc_summary("test_sgemm_ref");
}
