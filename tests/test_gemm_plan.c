/* test_gemm_plan.c — CPU test of the Hopper gemm plan rule (gp__gemm_h_pick, src/gemm/hopper/hopper_pick.c): the
 * rung and configuration it gives for the shapes the harness times, the limits (workspace, k, alignment, types),
 * the workspace a plan needs, and what each Hopper rung takes (gp__gemm_h_takes). No GPU. In the suite it links
 * the static library; scripts/experiments/gemm_hopper/run.sh builds it on its own with GP_HPICK_STANDALONE:
 *   cc -std=c11 -DGP_HPICK_STANDALONE -I include -I src -I $CUDA_HOME/include tests/test_gemm_plan.c \
 *      src/gemm/hopper/hopper_pick.c -o test_hpick   (the rung launchers are then stubs) */
#include <stdio.h>
#include <string.h>
#include "gemm/hopper/hopper_internal.h"

#ifdef GP_HPICK_STANDALONE
/* stubs: hopper_pick.c's gp__gemm_h_auto calls these */
gp_status gp__gemm_r04_run(const gp_device_info *d, cudaStream_t s, const gp_gemm_args *a, int kc, int bn)
{
    (void)d, (void)s, (void)a, (void)kc, (void)bn;
    return GP_SUCCESS;
}
gp_status gp__gemm_r05_warpspec(const gp_device_info *d, cudaStream_t s, const gp_gemm_args *a)
{
    (void)d, (void)s, (void)a;
    return GP_SUCCESS;
}
gp_status gp__gemm_r06_run(const gp_device_info *d, cudaStream_t s, const gp_gemm_args *a, const gp_gemm_h_plan *p)
{
    (void)d, (void)s, (void)a, (void)p;
    return GP_SUCCESS;
}
gp_status gp__gemm_r07_run(const gp_device_info *d, cudaStream_t s, const gp_gemm_args *a, const gp_gemm_h_plan *p)
{
    (void)d, (void)s, (void)a, (void)p;
    return GP_SUCCESS;
}
gp_status gp__gemm_r08_pingpong(const gp_device_info *d, cudaStream_t s, const gp_gemm_args *a)
{
    (void)d, (void)s, (void)a;
    return GP_SUCCESS;
}
gp_status gp__gemm_pack_handoff(gp_ctx *c, const gp_gemm_args *a, int *handled)
{
    (void)c, (void)a;
    *handled = 0;
    return GP_SUCCESS;
}
#endif

static int fails = 0, checks = 0;
#define CHECK(c)                                                                                                  \
    do {                                                                                                          \
        ++checks;                                                                                                 \
        if (!(c)) {                                                                                               \
            ++fails;                                                                                              \
            printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c);                                                   \
        }                                                                                                         \
    } while (0)

static char WS[1]; /* a non-NULL workspace pointer (never dereferenced) */

static gp_gemm_args args(int64_t m, int64_t n, int64_t k, gp_dtype ab, gp_dtype c, int ta, int tb)
{
    gp_gemm_args a;
    memset(&a, 0, sizeof a);
    a.m = m;
    a.n = n;
    a.k = k;
    a.ab_type = ab;
    a.c_type = c;
    a.compute = ab == GP_DTYPE_F32 ? GP_COMPUTE_TF32 : GP_COMPUTE_F32;
    a.ta = ta;
    a.tb = tb;
    a.lda = ta ? m : k; /* packed; bases NULL (aligned) */
    a.ldb = tb ? k : n;
    a.ldc = n;
    a.alpha = 1.0f;
    a.vec_a = a.vec_b = a.vec_c = 1;
    a.ws = WS;
    a.ws_bytes = (size_t)32 << 20; /* the library's default workspace */
    return a;
}
static gp_gemm_args bf(int64_t m, int64_t n, int64_t k) { return args(m, n, k, GP_DTYPE_BF16, GP_DTYPE_BF16, 0, 0); }
static int64_t cdiv64(int64_t a, int64_t b) { return (a + b - 1) / b; }

static void show(const char *what, const gp_gemm_args *a, const gp_gemm_h_plan *p)
{
    char b[64];
    printf("  %-34s %5lldx%5lldx%5lld -> %s\n", what, (long long)a->m, (long long)a->n, (long long)a->k,
           gp__gemm_h_plan_name(p, b, sizeof b));
}

int main(void)
{
    gp_device_info h100;
    memset(&h100, 0, sizeof h100);
    h100.cc_major = 9;
    h100.sm_count = 132;
    h100.dram_gbps = 3352; /* HBM3: 2619 MHz x 5120 bits */
    gp_device_info h200 = h100;
    h200.dram_gbps = 4916; /* HBM3e: 3201 MHz x 6144 bits */
    gp_device_info unknown_dram = h100;
    unknown_dram.dram_gbps = 0;
    gp_gemm_h_plan p;
    gp_gemm_args a;

    /* the targets: whole tiles, 4 stages, half-tile epilogue rounds for 16-bit C, chunked for f32 C */
    a = bf(4096, 4096, 4096);
    p = gp__gemm_h_pick(&h100, &a);
    show("bf16 4096^3 (512 tiles, tail 116)", &a, &p);
    CHECK(p.rung == 6 && p.splits == 1 && p.epi == 2 && p.stages == 4 && p.group == 16 && p.wait1 == 0 && p.defer == 1);
    a = args(8192, 8192, 8192, GP_DTYPE_F16, GP_DTYPE_F16, 0, 0);
    p = gp__gemm_h_pick(&h100, &a);
    show("f16 8192^3 (2048 tiles, tail 68)", &a, &p);
    CHECK(p.rung == 6 && p.splits == 1 && p.epi == 2);
    a = args(4096, 4096, 4096, GP_DTYPE_F32, GP_DTYPE_F32, 0, 1);
    p = gp__gemm_h_pick(&h100, &a);
    show("tf32 NT 4096^3", &a, &p);
    CHECK(p.rung == 6 && p.splits == 1 && p.epi == 0 && p.stages == 4 && p.defer == 0);
    a = args(4096, 4096, 4096, GP_DTYPE_BF16, GP_DTYPE_F32, 1, 1); /* f32 C: chunked, not deferred */
    p = gp__gemm_h_pick(&h100, &a);
    CHECK(p.rung == 6 && p.epi == 0 && p.stages == 4 && p.defer == 0);
    CHECK(gp__gemm_h_pick(NULL, &a).rung == 6); /* NULL device: an H100 */

    a = args(4096, 4096, 4096, GP_DTYPE_F32, GP_DTYPE_F32, 1, 0); /* tf32 with both operands MN-major: rung 06 */
    CHECK(gp__gemm_h_pick(&h100, &a).rung == 6);
    /* no Hopper rung */
    a.vec_c = 0;
    CHECK(gp__gemm_h_pick(&h100, &a).rung == 0);
    a = args(4096, 4096, 4096, GP_DTYPE_F32, GP_DTYPE_F32, 0, 0); /* tf32 NN with C not TMA-describable */
    a.vec_c = 0;
    CHECK(gp__gemm_h_pick(&h100, &a).rung == 0);
    a = bf(100, 100, 100);
    a.vec_b = 0;
    CHECK(gp__gemm_h_pick(&h100, &a).rung == 0);
    a = bf(100, 100, 100);
    h100.cc_major = 8;
    CHECK(gp__gemm_h_pick(&h100, &a).rung == 0);
    h100.cc_major = 9;
    a = bf((int64_t)1 << 32, 100, 100);
    CHECK(gp__gemm_h_pick(&h100, &a).rung == 0);
    /* k == 0: C = beta * C (any rung) */
    a = bf(100, 100, 0);
    a.vec_a = 0;
    CHECK(gp__gemm_h_pick(&h100, &a).rung == 4);

    /* C not TMA-describable: rungs 04/05 */
    a = bf(4096, 4096, 4096);
    a.vec_c = 0;
    CHECK(gp__gemm_h_pick(&h100, &a).rung == 5);
    a = bf(1024, 1024, 1024);
    a.vec_c = 0;
    CHECK(gp__gemm_h_pick(&h100, &a).rung == 4);

    /* fewer tiles than SMs: split-k over every tile */
    a = args(512, 512, 32768, GP_DTYPE_BF16, GP_DTYPE_BF16, 1, 0);
    p = gp__gemm_h_pick(&h100, &a);
    show("512x512x32768 (8 tiles)", &a, &p);
    /* 16-bit types: rung 07's clusters (4 cluster tiles of 256 x 256, 12 splits: 48 clusters), partials 12 MB */
    CHECK(p.rung == 7 && p.splits == 12 && p.sk_tiles == 4 && gp__gemm_h_plan_ws(&p) == (size_t)12 << 20);
    p = gp__gemm_h_pick(&unknown_dram, &a); /* a device that does not report its DRAM: as the H100 */
    CHECK(p.rung == 7 && p.splits == 12);
    /* where the DRAM peaks at 4 TB/s or more (H200): 16 ways, 128 blocks (session 29), partials 16 MB */
    p = gp__gemm_h_pick(&h200, &a);
    show("512x512x32768 on an H200", &a, &p);
    CHECK(p.rung == 7 && p.splits == 16 && p.sk_tiles == 4 && gp__gemm_h_plan_ws(&p) == (size_t)16 << 20);
    CHECK(gp__gemm_h_r07_split(&h200, &a).splits == 16 && gp__gemm_h_r07_split(&h100, &a).splits == 12);
    a.ws_bytes = (size_t)14 << 20; /* a workspace of 14 MB holds 14 ways of 4 cluster tiles' partials */
    CHECK(gp__gemm_h_pick(&h200, &a).rung == 7 && gp__gemm_h_pick(&h200, &a).splits == 14);
    a = args(512, 512, 8192, GP_DTYPE_F16, GP_DTYPE_F16, 1, 0);
    CHECK(gp__gemm_h_pick(&h200, &a).rung == 7 && gp__gemm_h_pick(&h200, &a).splits == 16);
    CHECK(gp__gemm_h_pick(&h100, &a).rung == 7 && gp__gemm_h_pick(&h100, &a).splits == 12);
    a = bf(512, 1024, 16384); /* 8 cluster tiles: 8 ways on either device (66 clusters) */
    CHECK(gp__gemm_h_pick(&h200, &a).rung == 7 && gp__gemm_h_pick(&h200, &a).splits == 8);
    a = args(1024, 1024, 16384, GP_DTYPE_BF16, GP_DTYPE_BF16, 0, 1);
    p = gp__gemm_h_pick(&h100, &a);
    show("1024x1024x16384 (32 tiles)", &a, &p);
    CHECK(p.rung == 6 && p.splits == 4 && p.sk_tiles == 32); /* 4 splits: rung 06 */
    CHECK(gp__gemm_h_r07_split(&h100, &a).splits == 4); /* rung 07's configuration 1 */
    a = bf(512, 1024, 16384); /* 16 tiles, 8 cluster tiles in 8 splits: rung 07 */
    p = gp__gemm_h_pick(&h100, &a);
    CHECK(p.rung == 7 && p.splits == 8 && p.sk_tiles == 8);
    a = args(128, 128, 4096, GP_DTYPE_BF16, GP_DTYPE_BF16, 1, 1);
    p = gp__gemm_h_pick(&h100, &a);
    show("128x128x4096 (1 tile)", &a, &p);
    CHECK(p.rung == 4 && p.kc == 8); /* at most 8 tiles of 128 x 128: rung 04's k-cluster, not a split */
    a = args(8192, 128, 8192, GP_DTYPE_BF16, GP_DTYPE_BF16, 0, 1);
    p = gp__gemm_h_pick(&h100, &a);
    show("8192x128x8192 (C^T: 32 tiles)", &a, &p);
    CHECK(p.rung == 4 && p.kc == 2); /* thin C, memory-bound: rung 04 reads A once (64 tiles in pairs: 128 blocks) */
    a = bf(2048, 128, 16384); /* 16 tiles of 128 x 128: a k-cluster of 4 (64 blocks) */
    p = gp__gemm_h_pick(&h100, &a);
    CHECK(p.rung == 4 && p.kc == 4);
    a = bf(8192, 256, 8192); /* thin up to 256 */
    CHECK(gp__gemm_h_pick(&h100, &a).rung == 4);
    a = bf(8192, 257, 8192); /* not thin: rung 06 (C^T, 96 whole tiles) */
    CHECK(gp__gemm_h_pick(&h100, &a).rung == 6);
    a = args(8192, 128, 8192, GP_DTYPE_F32, GP_DTYPE_F32, 0, 1); /* tf32 NT (both K-major): rung 04 too (session 26) */
    p = gp__gemm_h_pick(&h100, &a);
    show("tf32 NT 8192x128x8192 (thin)", &a, &p);
    CHECK(p.rung == 4 && p.kc == 2);
    a = args(16384, 128, 2048, GP_DTYPE_F32, GP_DTYPE_F32, 0, 1);
    p = gp__gemm_h_pick(&h100, &a);
    show("tf32 NT 16384x128x2048 (thin)", &a, &p);
    CHECK(p.rung == 4);
    a = args(4096, 128, 16384, GP_DTYPE_F32, GP_DTYPE_F32, 0, 1); /* 32 tiles in pairs: 64 blocks, so the split */
    p = gp__gemm_h_pick(&h100, &a);
    CHECK(p.rung == 6 && p.splits >= 2);
    a = bf(4096, 128, 16384); /* 16-bit types: rung 04 (memory-bound) */
    CHECK(gp__gemm_h_pick(&h100, &a).rung == 4);
    a = args(8192, 128, 8192, GP_DTYPE_F32, GP_DTYPE_F32, 0, 0); /* tf32 NN (A from registers): the split still */
    p = gp__gemm_h_pick(&h100, &a);
    CHECK(p.rung == 6 && p.splits == 4 && p.sk_tiles == 32);
    a = bf(1024, 1024, 1024);
    p = gp__gemm_h_pick(&h100, &a);
    show("1024^3 (32 tiles, 16 k-blocks)", &a, &p);
    CHECK(p.rung == 4); /* fewer than 32 k-blocks: 128 x 128 tiles, no split (run 2's sweep) */
    a = bf(1000, 1000, 1000);
    p = gp__gemm_h_pick(&h100, &a);
    show("1000^3", &a, &p);
    CHECK(p.rung == 4);
    a = bf(512, 512, 512);
    p = gp__gemm_h_pick(&h100, &a);
    show("512^3 (8 tiles, 8 k-blocks)", &a, &p);
    CHECK(p.rung == 4);
    a = bf(1024, 1024, 2048); /* a split of 32 k-blocks (16-bit): rung 04 instead (128 x 64 tiles, 128 blocks) */
    p = gp__gemm_h_pick(&h100, &a);
    CHECK(p.rung == 4 && p.kc == 1 && p.r04_bn == 64);
    a = bf(1000, 1000, 2000); /* not multiples of 64: 64 tiles of 128 x 128 in pairs */
    p = gp__gemm_h_pick(&h100, &a);
    CHECK(p.rung == 4 && p.kc == 2 && p.r04_bn == 128);
    a = bf(1024, 1024, 1024); /* 128 x 64 tiles where 128 x 128 fill at most half the SMs */
    CHECK(gp__gemm_h_pick(&h100, &a).r04_bn == 64);
    a = bf(1024, 1024, 1000); /* A's rows (2000 bytes) straddle 64-byte lines */
    CHECK(gp__gemm_h_pick(&h100, &a).r04_bn == 128);
    a = bf(1000, 1024, 1024); /* m not a multiple of 64, but A's and B's rows on 64 bytes (session 28) */
    CHECK(gp__gemm_h_pick(&h100, &a).r04_bn == 64);
    a = bf(992, 992, 992); /* rows of 1984 bytes */
    CHECK(gp__gemm_h_pick(&h100, &a).r04_bn == 64);
    a.A = (const void *)(uintptr_t)0x1010; /* A's base off 64 bytes */
    CHECK(gp__gemm_h_pick(&h100, &a).r04_bn == 128);
    a = bf(1152, 1024, 1024); /* 72 tiles of 128 x 128: more than half the SMs */
    CHECK(gp__gemm_h_pick(&h100, &a).r04_bn == 128);
    a = args(1024, 1024, 512, GP_DTYPE_F32, GP_DTYPE_F32, 0, 1); /* tf32 NT: 128 x 64 too (session 28) */
    p = gp__gemm_h_pick(&h100, &a);
    CHECK(p.rung == 4 && p.r04_bn == 64);
    a.k = 1024; /* in pairs 128 x 128 would fill 128 SMs: 128 x 64 whole (1024^3: 14.2 -> 13.6 us) */
    p = gp__gemm_h_pick(&h100, &a);
    CHECK(p.rung == 4 && p.r04_bn == 64 && p.kc == 1);
    a.k = 2048; /* 64 k-blocks: pairs of 128 x 128 (21.6 us against the split's 25.3) */
    p = gp__gemm_h_pick(&h100, &a);
    CHECK(p.rung == 4 && p.r04_bn == 128 && p.kc == 2);
    a.ta = 1; /* tf32 TT (A from registers): 128 x 128 */
    p = gp__gemm_h_pick(&h100, &a);
    CHECK(p.rung == 4 && p.r04_bn == 128);
    a = bf(2048, 256, 2048); /* thin: the k-cluster rule */
    p = gp__gemm_h_pick(&h100, &a);
    CHECK(p.rung == 4 && p.r04_bn == 128);
    a = bf(1024, 1024, 4096); /* 64 k-blocks, rung 04's pairs on 128 blocks fill the SMs: rung 04 (session 25) */
    p = gp__gemm_h_pick(&h100, &a);
    show("1024x1024x4096 (64 k-blocks)", &a, &p);
    CHECK(p.rung == 4 && p.kc == 2 && p.r04_bn == 128);
    a = bf(1024, 1024, 6144); /* 96 k-blocks: still */
    CHECK(gp__gemm_h_pick(&h100, &a).rung == 4);
    a = bf(1024, 1024, 8192); /* 128 k-blocks: the split */
    p = gp__gemm_h_pick(&h100, &a);
    CHECK(p.rung == 6 && p.splits >= 2);
    a = bf(768, 768, 4096); /* 64 k-blocks: rung 04 in k-clusters of 3 (108 blocks) */
    p = gp__gemm_h_pick(&h100, &a);
    CHECK(p.rung == 4 && p.kc == 3);
    a = bf(640, 640, 4096); /* 25 tiles: clusters of 4 (100 blocks) */
    p = gp__gemm_h_pick(&h100, &a);
    CHECK(p.rung == 4 && p.kc == 4);
    a = bf(768, 768, 3072); /* 48 k-blocks: clusters of 3 rather than 128 x 64 tiles */
    p = gp__gemm_h_pick(&h100, &a);
    CHECK(p.rung == 4 && p.kc == 3 && p.r04_bn == 128);
    a = bf(768, 768, 2048); /* 32 k-blocks: too few for 3 of at least 16 each: 128 x 64 tiles */
    p = gp__gemm_h_pick(&h100, &a);
    CHECK(p.rung == 4 && p.kc == 1 && p.r04_bn == 64);
    a = bf(512, 1024, 4096); /* 32 tiles: clusters of 3 (96 blocks), not of 4 (128 blocks: not all fit at once) */
    p = gp__gemm_h_pick(&h100, &a);
    CHECK(p.rung == 4 && p.kc == 3);
    a = bf(768, 1024, 4096); /* 48 tiles: 3 do not fit, pairs (96 blocks) */
    p = gp__gemm_h_pick(&h100, &a);
    CHECK(p.rung == 4 && p.kc == 2);
    a = bf(512, 512, 4096); /* 16 tiles: rung 04 would run 64 blocks (k-clusters of 4): the split */
    p = gp__gemm_h_pick(&h100, &a);
    CHECK(p.rung != 4 && p.splits >= 2);
    a = bf(256, 256, 4096); /* 4 tiles of 64 k-blocks: the k-cluster of 8, unchanged */
    CHECK(gp__gemm_h_pick(&h100, &a).kc == 8);
    a = bf(384, 384, 8192); /* 9 tiles, 128 k-blocks: beyond 96 k-blocks, the split */
    CHECK(gp__gemm_h_pick(&h100, &a).rung != 4);
    a = bf(1024, 2048, 4096); /* 64 tiles of 128 x 256: the split (rung 04's whole tiles there: unmeasured) */
    p = gp__gemm_h_pick(&h100, &a);
    CHECK(p.rung == 6 && p.splits >= 2);
    a = bf(300, 600, 8192); /* 3 tile rows: rung 06's split (rung 07 would leave a pair half empty) */
    p = gp__gemm_h_pick(&h100, &a);
    CHECK(p.rung == 6 && p.splits == 14 && p.sk_tiles == 9);
    p = gp__gemm_h_r07_split(&h100, &a); /* rung 07's configuration 1 there: 2 x 3 cluster tiles, 11 splits */
    CHECK(p.rung == 7 && p.splits == 11 && p.sk_tiles == 6 && gp__gemm_h_plan_ws(&p) == (size_t)6 * 11 * 256 * 256 * 4);
    a = args(512, 512, 32768, GP_DTYPE_F32, GP_DTYPE_F32, 0, 1); /* tf32 NT: rung 06's split still */
    p = gp__gemm_h_pick(&h100, &a);
    CHECK(p.rung == 6 && p.splits == 16 && p.sk_tiles == 8);
    a = bf(2048, 2048, 2048); /* 128 tiles, no split: rung 06's whole tiles over 32 k-blocks, run as rung 08 */
    CHECK(gp__gemm_h_pick(&h100, &a).rung == 8);
    /* tf32: 32 elements per k-block */
    a = args(512, 512, 4096, GP_DTYPE_F32, GP_DTYPE_F32, 0, 1);
    p = gp__gemm_h_pick(&h100, &a);
    CHECK(p.rung == 6 && p.splits == 16 && p.epi == 0);
    /* too little k to split: 128x128 tiles (rung 04) for a few tiles, whole 128x256 tiles otherwise */
    a = bf(256, 256, 256);
    p = gp__gemm_h_pick(&h100, &a);
    show("256^3 (2 tiles, 4 k-blocks)", &a, &p);
    CHECK(p.rung == 4);
    a = bf(2048, 2048, 2048);
    p = gp__gemm_h_pick(&h100, &a);
    show("2048^3 (128 tiles)", &a, &p);
    CHECK(p.rung == 8);
    a = bf(16384, 256, 4096);
    CHECK(gp__gemm_h_pick(&h100, &a).rung == 6 && gp__gemm_h_pick(&h100, &a).splits == 1);

    /* a last wave at most half full: its tiles split (data-parallel + split-k tail) */
    a = bf(3072, 3072, 3072);
    p = gp__gemm_h_pick(&h100, &a);
    show("3072^3 (288 tiles, tail 24)", &a, &p);
    CHECK(p.rung == 6 && p.sk_tiles == 24 && p.splits == 5);
    a = bf(2047, 3001, 1537);
    p = gp__gemm_h_pick(&h100, &a);
    show("2047x3001x1537 (192 tiles, tail 60)", &a, &p);
    CHECK(p.rung == 6 && p.sk_tiles == 60 && p.splits == 2);
    a = args(4095, 4097, 4093, GP_DTYPE_BF16, GP_DTYPE_BF16, 0, 1);
    p = gp__gemm_h_pick(&h100, &a);
    show("4095x4097x4093 (544 tiles, tail 16)", &a, &p);
    CHECK(p.rung == 6 && p.sk_tiles == 16 && p.splits == 8);
    a = bf(1536, 3000, 512); /* the harness's hybrid verification shape: 144 tiles, tail 12, 8 k-blocks */
    p = gp__gemm_h_pick(&h100, &a);
    CHECK(p.rung == 6 && p.sk_tiles == 12 && p.splits == 2);
    a = bf(6144, 6144, 6144); /* tail 96 > 66: whole tiles */
    CHECK(gp__gemm_h_pick(&h100, &a).splits == 1);

    /* rung 08 (ping-pong, 128 x 128 tiles) where rung 06 would run whole tiles over at most 32 k-blocks, any C */
    for (int l = 0; l < 4; l++) {
        a = args(2048, 8192, 1024, l & 1 ? GP_DTYPE_F16 : GP_DTYPE_BF16, l & 1 ? GP_DTYPE_F16 : GP_DTYPE_BF16, l & 1,
                 l >> 1);
        p = gp__gemm_h_pick(&h100, &a);
        if (l == 0) show("2048x8192x1024 (512 tiles, 16 k-blocks)", &a, &p);
        CHECK(p.rung == 8);
        CHECK(gp__gemm_h_pick(&h200, &a).rung == 8 && gp__gemm_h_pick(NULL, &a).rung == 8);
        a.c_type = GP_DTYPE_F32; /* f32 C too (from the registers: faster than rung 06's chunked epilogue) */
        p = gp__gemm_h_pick(&h100, &a);
        CHECK(p.rung == 8);
        a.k = 2049; /* 33 k-blocks: rung 06 */
        CHECK(gp__gemm_h_pick(&h100, &a).rung == 6 && gp__gemm_h_pick(&h100, &a).splits == 1);
    }
    a = bf(2560, 2560, 2048); /* 200 tiles, tail 68: whole, 32 k-blocks */
    p = gp__gemm_h_pick(&h100, &a);
    show("2560x2560x2048 (200 tiles, 32 k-blocks)", &a, &p);
    CHECK(p.rung == 8);
    a.k = 2049; /* 33 k-blocks: rung 06 (2560^3 measured slower on rung 08, session 32) */
    CHECK(gp__gemm_h_pick(&h100, &a).rung == 6 && gp__gemm_h_pick(&h100, &a).splits == 1);
    a.k = 2560;
    CHECK(gp__gemm_h_pick(&h100, &a).rung == 6);
    a = bf(4096, 4096, 512);
    CHECK(gp__gemm_h_pick(&h100, &a).rung == 8);
    a = bf(8192 * 16, 1, 1024); /* C^T (512 tiles of 128 x 256): rung 06's, not the ping-pong */
    p = gp__gemm_h_pick(&h100, &a);
    CHECK(p.rung == 6 && p.splits == 1);
    a = args(4096, 4096, 1024, GP_DTYPE_F32, GP_DTYPE_F32, 0, 1); /* tf32: rung 06 */
    CHECK(gp__gemm_h_pick(&h100, &a).rung == 6);
    a = bf(3072, 3072, 2048); /* 288 tiles, tail 24: rung 06 with its split tail */
    p = gp__gemm_h_pick(&h100, &a);
    CHECK(p.rung == 6 && p.splits > 1);
    a = bf(4096, 4096, 2048);
    a.vec_c = 0; /* C not TMA-describable: rung 05, as before */
    CHECK(gp__gemm_h_pick(&h100, &a).rung == 5);

    /* wait1 (one k-block of wgmmas in flight) where rung 06 runs whole tiles over at least 128 k-blocks, 16-bit */
    for (int l = 0; l < 4; l++) {
        a = args(8192, 8192, 8192, l & 1 ? GP_DTYPE_F16 : GP_DTYPE_BF16, l & 1 ? GP_DTYPE_F16 : GP_DTYPE_BF16, l & 1,
                 l >> 1);
        p = gp__gemm_h_pick(&h100, &a);
        if (l == 0) show("8192^3 (2048 tiles, 128 k-blocks)", &a, &p);
        CHECK(p.rung == 6 && p.splits == 1 && p.wait1 == 1);
        a.k = 8128; /* 127 k-blocks */
        CHECK(gp__gemm_h_pick(&h100, &a).wait1 == 0);
        a.k = 8192;
        a.c_type = GP_DTYPE_F32; /* f32 C: unmeasured, drains */
        CHECK(gp__gemm_h_pick(&h100, &a).wait1 == 0);
    }
    a = args(8192, 8192, 8192, GP_DTYPE_F32, GP_DTYPE_F32, 0, 1); /* tf32 (256 k-blocks): drains (measured slower) */
    CHECK(gp__gemm_h_pick(&h100, &a).rung == 6 && gp__gemm_h_pick(&h100, &a).wait1 == 0);
    a = bf(6144, 6144, 6144);
    CHECK(gp__gemm_h_pick(&h100, &a).wait1 == 0);
    a = bf(3072, 3072, 8192); /* a split tail: drains */
    p = gp__gemm_h_pick(&h100, &a);
    CHECK(p.rung == 6 && p.splits > 1 && p.wait1 == 0);
    a = bf(8192, 8192, 8192);
    CHECK(gp__gemm_h_rung_plan(6, &a).wait1 == 0); /* a forced rung's own configuration drains */

    /* the workspace bounds the split count; no workspace, no split */
    a = args(512, 512, 32768, GP_DTYPE_BF16, GP_DTYPE_BF16, 1, 0);
    a.ws_bytes = (size_t)4 << 20;
    p = gp__gemm_h_pick(&h100, &a);
    CHECK(p.rung == 6 && p.splits == 4 && gp__gemm_h_plan_ws(&p) <= a.ws_bytes); /* rung 07 would split 4 ways */
    a.ws = NULL; /* no split possible: a few tiles go to rung 04 */
    p = gp__gemm_h_pick(&h100, &a);
    CHECK(p.rung == 4 && gp__gemm_h_plan_ws(&p) == 0);
    a = bf(3072, 3072, 3072);
    a.ws_bytes = 0;
    CHECK(gp__gemm_h_pick(&h100, &a).splits == 1);

    /* a smaller GPU: the wave is smaller */
    h100.sm_count = 66;
    a = bf(2048, 2048, 2048); /* 128 tiles: tail 62 > 33 */
    CHECK(gp__gemm_h_pick(&h100, &a).splits == 1);

    /* the rung's own plans (forced launchers) */
    a = bf(4096, 4096, 4096);
    p = gp__gemm_h_rung_plan(7, &a);
    CHECK(p.rung == 7 && p.splits == 1 && p.epi == 2 && p.stages == 4);
    CHECK(gp__gemm_h_r07_split(&h100, &a).splits == 1); /* 128 tiles and more: no split to take */
#ifdef GP_HPICK_STANDALONE
    CHECK(gp__gemm_h_auto(NULL, 0, &a) == GP_SUCCESS);
#else
    CHECK(gp__gemm_h_auto(NULL, 0, &a) == GP_ERROR_NOT_SUPPORTED); /* no device: the rungs refuse, launch nothing */
#endif

    /* rung 04's stages: 6 where its grid has at most one block per SM and 12 k-blocks or more */
    CHECK(gp__gemm_r04_stages(64, 132, 16) == 6 && gp__gemm_r04_stages(132, 132, 12) == 6);
    CHECK(gp__gemm_r04_stages(133, 132, 16) == 3 && gp__gemm_r04_stages(1024, 132, 64) == 3);
    CHECK(gp__gemm_r04_stages(16, 132, 8) == 3 && gp__gemm_r04_stages(16, 132, 11) == 3);

#define KC(t, s, kb, w) gp__gemm_r04_kc(t, s, kb, w, GP_GEMM_R04_KC_PAIR_MIN_KB)
    /* rung 04's k-cluster: the most blocks per tile (<= 8) with at most 64 blocks (one per SM) and >= 2 k-blocks each */
    CHECK(KC(64, 132, 16, 2) == 1 && KC(32, 132, 16, 2) == 2 && KC(33, 132, 16, 2) == 1);
    CHECK(KC(36, 132, 12, 2) == 1 && KC(16, 132, 8, 2) == 4 && KC(16, 132, 16, 2) == 4);
    CHECK(KC(16, 132, 3, 2) == 1 && KC(1, 132, 1000, 2) == 8 && KC(10, 132, 64, 2) == 6);
    CHECK(KC(8, 132, 16, 2) == 8 && KC(8, 132, 15, 2) == 7 && KC(4, 132, 4, 2) == 2);
    CHECK(KC(8, 40, 64, 2) == 5); /* a smaller GPU: one block per SM */
    /* beyond 64 blocks: pairs, where each block keeps >= 16 k-blocks and there is an SM per block */
    CHECK(KC(64, 132, 32, 2) == 2 && KC(64, 132, 31, 2) == 1 && KC(66, 132, 32, 2) == 2);
    CHECK(KC(67, 132, 1000, 2) == 1 && KC(36, 132, 32, 2) == 2 && KC(36, 132, 30, 2) == 1);
    /* wider (a C that is not thin): up to 4 a tile, one block per SM, >= 16 k-blocks each */
    CHECK(KC(25, 132, 64, 4) == 4 && KC(36, 132, 64, 4) == 3 && KC(36, 132, 47, 4) == 2);
    CHECK(KC(48, 132, 64, 4) == 2 && KC(16, 132, 1000, 4) == 4 && KC(4, 132, 64, 4) == 8);
    /* clusters of 3 or 4 on at most GP_GEMM_R04_KC_WIDE_BLOCKS blocks: 32 tiles in clusters of 3, not of 4 (128 blocks) */
    CHECK(KC(32, 132, 64, 4) == 3 && KC(27, 132, 64, 4) == 4 && KC(28, 132, 64, 4) == 3);
    CHECK(KC(37, 132, 64, 4) == 2);
    /* tf32 with A from registers (pair_min_kb 8): pairs and 3s from 16 k-blocks a block (768^3: 36 tiles, 24 k-blocks) */
    CHECK(gp__gemm_r04_kc(36, 132, 24, 4, 8) == 3 && KC(36, 132, 24, 4) == 1 && gp__gemm_r04_kc(64, 132, 32, 4, 8) == 2);
    for (int64_t t = 1; t <= 140; t++)
        for (int64_t kb = 1; kb <= 40; kb++) {
            const int kc = KC(t, 132, kb, 2);
            CHECK(kc >= 1 && kc <= GP_GEMM_R04_MAX_KC &&
                  (kc == 1 || (t * kc <= 132 && t * kc <= GP_GEMM_R04_KC_BLOCKS && kb >= 2 * kc) ||
                   (kc == 2 && t * 2 <= 132 && kb >= 2 * GP_GEMM_R04_KC_PAIR_MIN_KB)));
            CHECK(kc == GP_GEMM_R04_MAX_KC || t * (kc + 1) > GP_GEMM_R04_KC_BLOCKS || kb < 2 * (kc + 1)); /* the largest */
        }
    for (int c = 0; c < GP_GEMM_R04_CONFIGS; c++)
        CHECK(gp__gemm_r04_config_kc(c) >= 1 && (gp__gemm_r04_config_bn(c) == 64) == (c == 5));
    CHECK(gp__gemm_r04_config_bn(-1) == 0 && gp__gemm_r04_config_bn(GP_GEMM_R04_CONFIGS) == 0);
    CHECK(gp__gemm_r04_config_kc(0) == 1 && gp__gemm_r04_config_kc(4) == 8 && gp__gemm_r04_config_kc(-1) == 0 &&
          gp__gemm_r04_config_kc(GP_GEMM_R04_CONFIGS) == 0);
    /* the plan carries it: 1000^3 bf16 (64 tiles of 128 x 128, 16 k-blocks) 1; 512^3 (16, 8) and 256^3 (4, 4): whole
     * tiles where the TMA epilogue runs (fewer than 16 k-blocks), else clusters of 4 and 2;
     * rung 04 runs the caller's layout, so a C^T plan's tiles do not count (1000 x 72: 8 tiles, 16 k-blocks: 8) */
    h100.sm_count = 132;
    a = bf(1000, 1000, 1000);
    CHECK(gp__gemm_h_pick(&h100, &a).rung == 4 && gp__gemm_h_pick(&h100, &a).kc == 1);
    a = bf(512, 512, 512);
    CHECK(gp__gemm_r04_tma_epi(&a) && gp__gemm_h_pick(&h100, &a).rung == 4 && gp__gemm_h_pick(&h100, &a).kc == 1);
    a.beta = 0.5f; /* C read: the register epilogue, so the k-cluster */
    CHECK(!gp__gemm_r04_tma_epi(&a) && gp__gemm_h_pick(&h100, &a).rung == 4 && gp__gemm_h_pick(&h100, &a).kc == 4);
    a = args(512, 512, 512, GP_DTYPE_BF16, GP_DTYPE_F32, 0, 0); /* f32 C: the same */
    CHECK(!gp__gemm_r04_tma_epi(&a) && gp__gemm_h_pick(&h100, &a).kc == 4);
    a = bf(256, 256, 256);
    CHECK(gp__gemm_h_pick(&h100, &a).rung == 4 && gp__gemm_h_pick(&h100, &a).kc == 1);
    a.vec_c = 0;
    CHECK(!gp__gemm_r04_tma_epi(&a) && gp__gemm_h_pick(&h100, &a).kc == 2);
    a = bf(256, 256, 1024); /* 16 k-blocks: the cluster of 8 again */
    CHECK(gp__gemm_h_pick(&h100, &a).rung == 4 && gp__gemm_h_pick(&h100, &a).kc == 8);
    a = bf(256, 4, 256); /* n < 8: no column inside C's tensor map */
    CHECK(!gp__gemm_r04_tma_epi(&a));
    a = bf(1000, 72, 1000);
    p = gp__gemm_h_pick(&h100, &a);
    CHECK(p.rung == 4 && p.kc == 8);
    a = bf(512, 512, 1024);
    a.vec_c = 0; /* C not TMA-describable, few tiles: rung 04 with its k-cluster */
    CHECK(gp__gemm_h_pick(&h100, &a).rung == 4 && gp__gemm_h_pick(&h100, &a).kc == 4);
    /* deep k on at most 8 tiles of 128 x 128: rung 04, clusters of 8 (no workspace needed); 9 tiles: rung 06 split */
    a = args(128, 128, 4096, GP_DTYPE_BF16, GP_DTYPE_BF16, 1, 1);
    p = gp__gemm_h_pick(&h100, &a);
    CHECK(p.rung == 4 && p.kc == 8 && gp__gemm_h_plan_ws(&p) == 0);
    a = args(256, 512, 8192, GP_DTYPE_F16, GP_DTYPE_F32, 0, 1);
    CHECK(gp__gemm_h_pick(&h100, &a).rung == 4 && gp__gemm_h_pick(&h100, &a).kc == 8);
    a = args(384, 384, 8192, GP_DTYPE_BF16, GP_DTYPE_BF16, 0, 0); /* 3 tile rows: rung 06's split */
    CHECK(gp__gemm_h_pick(&h100, &a).rung == 6 && gp__gemm_h_pick(&h100, &a).splits > 1);
    a = args(512, 512, 8192, GP_DTYPE_BF16, GP_DTYPE_BF16, 0, 0); /* 4 tile rows, 12 splits (at most): rung 07 */
    CHECK(gp__gemm_h_pick(&h100, &a).rung == 7 && gp__gemm_h_pick(&h100, &a).splits == 12);
    /* at most 8 tiles of 128 x 128 from 512 k-blocks (16-bit types): a split of up to 64 ways, not the k-cluster */
    a = args(256, 256, 32768, GP_DTYPE_BF16, GP_DTYPE_BF16, 1, 0); /* 1 cluster tile: rung 07, 64 ways, 16 MB */
    p = gp__gemm_h_pick(&h100, &a);
    show("256x256x32768 (deep, 4 tiles)", &a, &p);
    CHECK(p.rung == 7 && p.splits == 64 && p.sk_tiles == 1 && gp__gemm_h_plan_ws(&p) == (size_t)16 << 20);
    a = args(128, 128, 65536, GP_DTYPE_F16, GP_DTYPE_F16, 1, 0); /* 1 tile row: rung 06, 64 ways */
    p = gp__gemm_h_pick(&h100, &a);
    CHECK(p.rung == 6 && p.splits == 64 && p.sk_tiles == 1);
    a = args(256, 256, 16384, GP_DTYPE_BF16, GP_DTYPE_BF16, 1, 0); /* 256 k-blocks: the k-cluster of 8 still */
    CHECK(gp__gemm_h_pick(&h100, &a).rung == 4 && gp__gemm_h_pick(&h100, &a).kc == 8);
    a = args(128, 128, 65536, GP_DTYPE_F32, GP_DTYPE_F32, 0, 1); /* tf32 (2048 k-blocks): the split too (session 27) */
    p = gp__gemm_h_pick(&h100, &a);
    CHECK(p.rung == 6 && p.splits == 64 && p.sk_tiles == 1);
    a.k = 8192; /* 256 k-blocks: the k-cluster */
    CHECK(gp__gemm_h_pick(&h100, &a).rung == 4 && gp__gemm_h_pick(&h100, &a).kc == 8);
    a = args(256, 256, 256, GP_DTYPE_F32, GP_DTYPE_F32, 0, 0); /* tf32 NN / TT over <= 16 k-blocks: rung 04 (A from
                                                                  registers; NN as C^T), its k-cluster rule */
    p = gp__gemm_h_pick(&h100, &a);
    CHECK(p.rung == 4 && p.kc == 4);
    a.ta = a.tb = 1;
    CHECK(gp__gemm_h_pick(&h100, &a).rung == 4);
    a.m = a.n = a.k = 768; /* 24 k-blocks: rung 04 in clusters of 3 (session 28: fragments double-buffered) */
    p = gp__gemm_h_pick(&h100, &a);
    CHECK(p.rung == 4 && p.kc == 3);
    a.m = a.n = a.k = 1024; /* 64 tiles in pairs */
    p = gp__gemm_h_pick(&h100, &a);
    CHECK(p.rung == 4 && p.kc == 2 && p.r04_bn == 128);
    a.k = 2048; /* 64 k-blocks: still */
    CHECK(gp__gemm_h_pick(&h100, &a).rung == 4);
    a.k = 4096; /* 128: rung 06's split */
    CHECK(gp__gemm_h_pick(&h100, &a).rung == 6);
    a.m = a.n = a.k = 2048; /* 256 tiles of 128 x 128: two waves, rung 06 */
    CHECK(gp__gemm_h_pick(&h100, &a).rung == 6);
    a.m = a.n = a.k = 256;
    a.tb = 0; /* TN: rung 04 too (B transposed in shared memory, session 28) */
    CHECK(gp__gemm_h_pick(&h100, &a).rung == 4);
    a = args(512, 512, 512, GP_DTYPE_F32, GP_DTYPE_F32, 1, 0); /* tf32 TN over 16 k-blocks: rung 04 in clusters of 4 */
    p = gp__gemm_h_pick(&h100, &a);
    CHECK(p.rung == 4 && p.kc == 4);
    a = args(1024, 1024, 1024, GP_DTYPE_F32, GP_DTYPE_F32, 1, 0); /* 32 k-blocks: in pairs */
    p = gp__gemm_h_pick(&h100, &a);
    CHECK(p.rung == 4 && p.kc == 2);
    a.k = 2048; /* 64: rung 06 */
    CHECK(gp__gemm_h_pick(&h100, &a).rung == 6);
    a = args(512, 512, 1024, GP_DTYPE_F32, GP_DTYPE_F32, 1, 1); /* 32 k-blocks on 64 blocks (kc 4): the split still */
    CHECK(gp__gemm_h_pick(&h100, &a).rung == 6);
    a = args(128, 128, 4096, GP_DTYPE_F32, GP_DTYPE_F32, 1, 1); /* tf32 TT (A from registers): from 128 k-blocks */
    p = gp__gemm_h_pick(&h100, &a);
    CHECK(p.rung == 6 && p.splits == 32 && p.sk_tiles == 1);
    a.k = 2048; /* 64 k-blocks: 16 ways */
    p = gp__gemm_h_pick(&h100, &a);
    CHECK(p.rung == 6 && p.splits == 16 && p.sk_tiles == 1);
    a = args(256, 256, 32768, GP_DTYPE_F32, GP_DTYPE_F32, 1, 0); /* tf32 TN and NN (C^T) likewise, on rung 06 */
    p = gp__gemm_h_pick(&h100, &a);
    CHECK(p.rung == 6 && p.splits == 64 && p.sk_tiles == 2);
    a.ta = 0;
    p = gp__gemm_h_pick(&h100, &a);
    CHECK(p.rung == 6 && p.splits == 64 && p.sk_tiles == 2);
    a = args(256, 256, 32768, GP_DTYPE_BF16, GP_DTYPE_BF16, 1, 0);
    a.ws_bytes = (size_t)4 << 20; /* a small workspace: 16 ways of 256 KB */
    p = gp__gemm_h_pick(&h100, &a);
    CHECK(p.rung == 7 && p.splits == 16 && gp__gemm_h_plan_ws(&p) <= a.ws_bytes);
    a.ws_bytes = (size_t)1 << 20; /* 4 ways of 2 tiles: fewer units than the k-cluster's 32 blocks */
    p = gp__gemm_h_pick(&h100, &a);
    CHECK(p.rung == 4 && p.kc == 8 && gp__gemm_h_plan_ws(&p) == 0);
    a = args(128, 128, 4096, GP_DTYPE_F32, GP_DTYPE_F32, 0, 0); /* tf32 NN: A from registers, rung 06 only */
    CHECK(gp__gemm_h_pick(&h100, &a).rung == 6);
    a = args(128, 128, 4096, GP_DTYPE_F32, GP_DTYPE_F32, 0, 1); /* tf32 NT: rung 04 takes it */
    CHECK(gp__gemm_h_pick(&h100, &a).rung == 4 && gp__gemm_h_pick(&h100, &a).kc == 8);
    a = bf(3000, 3000, 1000);
    CHECK(gp__gemm_h_rung_plan(4, &a).kc == 1); /* forced without a configuration: whole tiles */
    {
        char name[64];
        a = bf(512, 512, 1024); /* 16 k-blocks */
        p = gp__gemm_h_pick(&h100, &a);
        CHECK(strcmp(gp__gemm_h_plan_name(&p, name, sizeof name), "r04 kc4") == 0);
        a = bf(512, 512, 512);
        p = gp__gemm_h_pick(&h100, &a);
        CHECK(strcmp(gp__gemm_h_plan_name(&p, name, sizeof name), "r04 n64") == 0);
        a = bf(500, 500, 500);
        p = gp__gemm_h_pick(&h100, &a);
        CHECK(strcmp(gp__gemm_h_plan_name(&p, name, sizeof name), "r04") == 0);
    }

    /* what each rung takes: the same limits as the plan; 06/07 also need C through a tensor map */
    h100.sm_count = 132;
    a = bf(4096, 4096, 4096);
    for (int r = 4; r <= 7; r++) CHECK(gp__gemm_h_takes(&h100, &a, r) && gp__gemm_h_takes(NULL, &a, r));
    a.vec_c = 0;
    CHECK(gp__gemm_h_takes(&h100, &a, 4) && gp__gemm_h_takes(&h100, &a, 5));
    CHECK(!gp__gemm_h_takes(&h100, &a, 6) && !gp__gemm_h_takes(&h100, &a, 7));
    a.k = 0; /* C = beta * C: any rung, whatever the layout */
    a.vec_a = 0;
    for (int r = 4; r <= 7; r++) CHECK(gp__gemm_h_takes(&h100, &a, r));
    a = bf(4096, 4096, 4096);
    a.vec_a = 0;
    for (int r = 4; r <= 7; r++) CHECK(!gp__gemm_h_takes(&h100, &a, r));
    a = args(512, 512, 512, GP_DTYPE_F32, GP_DTYPE_F32, 0, 0); /* tf32 with B MN-major: rungs 04 and 06 (as C^T) */
    for (int r = 4; r <= 8; r++) CHECK(gp__gemm_h_takes(&h100, &a, r) == (r == 4 || r == 6));
    a.vec_c = 0; /* rung 06 stores C through a tensor map; rung 04 likewise takes it only with C TMA-describable */
    for (int r = 4; r <= 7; r++) CHECK(!gp__gemm_h_takes(&h100, &a, r));
    a = args(512, 512, 512, GP_DTYPE_F32, GP_DTYPE_F32, 1, 1); /* tf32 with A MN-major: rungs 04 and 06 */
    for (int r = 4; r <= 7; r++) CHECK(gp__gemm_h_takes(&h100, &a, r) == (r == 4 || r == 6));
    a.tb = 0; /* both MN-major (TN): rungs 04 and 06 (B transposed in shared memory) */
    for (int r = 4; r <= 7; r++) CHECK(gp__gemm_h_takes(&h100, &a, r) == (r == 4 || r == 6));
    a.vec_c = 0;
    for (int r = 4; r <= 7; r++) CHECK(!gp__gemm_h_takes(&h100, &a, r));
    a.vec_c = 1;
    a.tb = 1;
    a.ta = 0;
    for (int r = 4; r <= 7; r++) CHECK(gp__gemm_h_takes(&h100, &a, r));
    CHECK(!gp__gemm_h_takes(&h100, &a, 8)); /* rung 08: 16-bit types only, with k == 0 too */
    a.k = 0;
    CHECK(!gp__gemm_h_takes(&h100, &a, 8) && gp__gemm_h_takes(&h100, &a, 6));
    /* 16-bit types: rung 08 takes any layout and any C (from the registers where C is not TMA-describable), not
     * A or B that the TMA cannot describe */
    for (int l = 0; l < 4; l++) {
        a = args(300, 200, 100, l & 1 ? GP_DTYPE_F16 : GP_DTYPE_BF16, l & 2 ? GP_DTYPE_F32 : GP_DTYPE_BF16, l & 1, l >> 1);
        if (l & 1) a.c_type = l & 2 ? GP_DTYPE_F32 : GP_DTYPE_F16;
        CHECK(gp__gemm_h_takes(&h100, &a, 8));
        a.vec_c = 0;
        CHECK(gp__gemm_h_takes(&h100, &a, 8));
        a.vec_a = 0;
        CHECK(!gp__gemm_h_takes(&h100, &a, 8));
        a.vec_a = 1;
        a.vec_b = 0;
        CHECK(!gp__gemm_h_takes(&h100, &a, 8));
    }
    a = bf((int64_t)1 << 31, 256, 256);
    CHECK(!gp__gemm_h_takes(&h100, &a, 6));
    h100.cc_major = 8;
    a = bf(256, 256, 256);
    CHECK(!gp__gemm_h_takes(&h100, &a, 4));
    h100.cc_major = 9;
    /* every plan the rule gives names a rung that takes the arguments (the dispatcher's automatic choice runs
     * the plan from rung 06 or 05, which must itself take them); rung 07 only as a split */
    {
        static const int64_t dims[] = {1, 64, 127, 128, 129, 255, 256, 1000, 2048, 4096, 8192, 32768};
        const int nd = (int)(sizeof dims / sizeof dims[0]);
        int planned = 0;
        for (int i = 0; i < nd; i++)
            for (int j = 0; j < nd; j++)
                for (int l = 0; l < nd; l += 3)
                    for (int vc = 0; vc < 2; vc++) {
                        a = bf(dims[i], dims[j], dims[l]);
                        a.vec_c = vc;
                        p = gp__gemm_h_pick(&h100, &a);
                        CHECK(p.rung >= 4 && p.rung <= 8 && gp__gemm_h_takes(&h100, &a, p.rung));
                        CHECK(p.rung != 8 || (a.k <= 2048 && 2 * cdiv64(a.m, 128) * cdiv64(a.n, 256) > 132));
                        CHECK(p.rung != 7 || (p.splits >= 8 && p.sk_tiles * p.splits <= 66));
                        CHECK(gp__gemm_h_takes(&h100, &a, vc ? 6 : 5)); /* the rung the dispatcher reaches */
                        CHECK(gp__gemm_h_plan_ws(&p) <= a.ws_bytes);
                        planned++;
                    }
        CHECK(planned == nd * nd * 4 * 2);
    }

    /* tf32 with an MN-major operand (A from registers): rung 06 on the canonical (C^T for B MN-major) shape, or rung
     * 04 over at most 64 k-blocks (k <= 2048) */
    {
        static const int64_t dims[] = {1, 100, 128, 129, 512, 1000, 4096, 8192};
        const int nd = (int)(sizeof dims / sizeof dims[0]);
        for (int i = 0; i < nd; i++)
            for (int j = 0; j < nd; j++)
                for (int l = 0; l < nd; l++)
                    for (int t = 0; t < 2; t++) {
                        a = args(dims[i], dims[j], dims[l], GP_DTYPE_F32, GP_DTYPE_F32, t, t); /* NN or TT */
                        p = gp__gemm_h_pick(&h100, &a);
                        CHECK((p.rung == 6 || (p.rung == 4 && a.k <= 2048)) && gp__gemm_h_takes(&h100, &a, p.rung));
                        CHECK(gp__gemm_h_plan_ws(&p) <= a.ws_bytes);
                    }
        int ct = 0;
        const uintptr_t Ab = 0x1000, Bb = 0x2000;
        a = args(300, 8192, 4096, GP_DTYPE_F32, GP_DTYPE_F32, 0, 0);
        a.A = (const void *)Ab;
        a.B = (const void *)Bb;
        a.lda = 4100;
        a.ldb = 8196;
        a.vec_a = 0;
        gp_gemm_args q = gp__gemm_h_canon(&a, &ct);
        CHECK(ct == 1 && q.m == 8192 && q.n == 300 && q.k == 4096 && q.ta == 1 && q.tb == 1);
        CHECK((uintptr_t)q.A == Bb && q.lda == 8196 && q.vec_a == 1 && (uintptr_t)q.B == Ab && q.lda == 8196 &&
              q.ldb == 4100 && q.vec_b == 0 && q.C == a.C);
        a.vec_a = 1;
        p = gp__gemm_h_pick(&h100, &a); /* C^T: 64 x 2 = 128 tiles, 1 a SM: whole tiles */
        CHECK(p.rung == 6 && p.sk_tiles == 0 && p.splits == 1);
        a.ta = 1; /* TT and NT: as they are */
        q = gp__gemm_h_canon(&a, &ct);
        CHECK(ct == 0 && q.m == 300 && q.A == a.A);
        a.ta = 0;
        a.tb = 1;
        q = gp__gemm_h_canon(&a, &ct);
        CHECK(ct == 0 && q.n == 8192 && q.B == a.B);
        a = bf(300, 200, 100); /* 16-bit types: where C^T has fewer tiles (here 4 against 3: no) */
        q = gp__gemm_h_canon(&a, &ct);
        CHECK(ct == 0 && q.m == 300);
        a = bf(8192, 128, 8192); /* 64 tiles, C^T 32: swapped, NN -> TT */
        a.A = (const void *)Ab;
        a.B = (const void *)Bb;
        a.lda = 8192;
        a.ldb = 128;
        q = gp__gemm_h_canon(&a, &ct);
        CHECK(ct == 1 && q.m == 128 && q.n == 8192 && q.ta == 1 && q.tb == 1 && (uintptr_t)q.A == Bb && q.lda == 128);
        p = gp__gemm_h_pick(&h100, &a);
        CHECK(p.rung == 4); /* thin: rung 04, which runs C as it is */
        a.tb = 1; /* NT -> NT */
        q = gp__gemm_h_canon(&a, &ct);
        CHECK(ct == 1 && q.ta == 0 && q.tb == 1);
        a.ta = 1; /* TT -> NN */
        q = gp__gemm_h_canon(&a, &ct);
        CHECK(ct == 1 && q.ta == 0 && q.tb == 0);
        a = args(8192, 128, 8192, GP_DTYPE_F32, GP_DTYPE_F32, 0, 1); /* tf32 NT: swapped to NT */
        q = gp__gemm_h_canon(&a, &ct);
        CHECK(ct == 1 && q.m == 128 && q.ta == 0 && q.tb == 1);
        p = gp__gemm_h_pick(&h100, &a);
        CHECK(p.rung == 4); /* thin: rung 04, which runs C as it is */
        a.ta = a.tb = 1; /* tf32 TT: never (C^T would be NN) */
        q = gp__gemm_h_canon(&a, &ct);
        CHECK(ct == 0 && q.m == 8192);
        /* a tall C^T with few tiles: 8192 x 128 NN is C^T 128 x 8192 = 32 tiles, split k-wise */
        a = args(8192, 128, 8192, GP_DTYPE_F32, GP_DTYPE_F32, 0, 0);
        p = gp__gemm_h_pick(&h100, &a);
        CHECK(p.rung == 6 && p.sk_tiles == 32 && p.splits == 4);
        a = args(512, 512, 512, GP_DTYPE_F32, GP_DTYPE_F32, 0, 0); /* 16 k-blocks: rung 04 (C^T) */
        CHECK(gp__gemm_h_pick(&h100, &a).rung == 4);
    }

    /* packing (gp__gemm_h_pack_plan): what is copied, in which layout, where in the workspace */
    {
        static char ws[256] __attribute__((aligned(128))); /* a 128-byte aligned base (never dereferenced) */
        gp_gemm_h_pack pk;
        gp_gemm_args q;
        a = args(2047, 3001, 1537, GP_DTYPE_BF16, GP_DTYPE_BF16, 1, 1); /* TT, lda 2047, ldb 1537: rows unaligned */
        a.lda = 2047;
        a.ldb = 1537;
        a.vec_a = a.vec_b = 0;
        CHECK(!gp__gemm_h_takes(&h100, &a, 6));
        pk = gp__gemm_h_pack_plan(&a);
        CHECK(pk.ok && pk.pack_a && pk.pack_b && pk.ta == 1 && pk.tb == 1);
        CHECK(pk.rows_a == 1537 && pk.lda == 2048 && pk.rows_b == 3001 && pk.ldb == 1544);
        CHECK(pk.off_b == (size_t)1537 * 2048 * 2 && pk.off_b % 128 == 0);
        CHECK(pk.bytes == pk.off_b + (size_t)9267200 && pk.bytes % 128 == 0); /* 3001 x 1544 x 2 rounded up to 128 */
        q = gp__gemm_h_packed_args(&a, &pk, ws, (size_t)32 << 20);
        CHECK(q.A == ws && q.B == ws + pk.off_b && q.lda == 2048 && q.ldb == 1544 && q.vec_a && q.vec_b);
        CHECK((char *)q.ws == ws + pk.bytes && q.ws_bytes == ((size_t)32 << 20) - pk.bytes);
        CHECK(gp__gemm_h_takes(&h100, &q, 6) && gp__gemm_h_pick(&h100, &q).rung >= 4);
        /* tf32 with both operands MN-major (A k x m, B k x n): the smaller one transposed to K-major; B (n < m):
         * n x k, rung 06 then takes A MN-major */
        a = args(4096, 2048, 1024, GP_DTYPE_F32, GP_DTYPE_F32, 1, 0);
        a.lda = 4096;
        a.ldb = 2048;
        CHECK(gp__gemm_h_takes(&h100, &a, 6) && gp__gemm_h_takes(&h100, &a, 4)); /* rungs 06 / 04 themselves, or the copy */
        pk = gp__gemm_h_pack_plan(&a);
        CHECK(pk.ok && !pk.pack_a && pk.pack_b && pk.ta == 1 && pk.tb == 1 && pk.rows_b == 2048 && pk.ldb == 1024);
        CHECK(pk.off_b == 0 && pk.bytes == (size_t)2048 * 1024 * 4);
        q = gp__gemm_h_packed_args(&a, &pk, ws, (size_t)128 << 20);
        CHECK(q.A == a.A && q.lda == 4096 && q.ta == 1 && q.tb == 1 && gp__gemm_h_takes(&h100, &q, 6));
        /* A (m <= n): m x k, then NN (C^T) */
        a = args(2048, 4096, 1000, GP_DTYPE_F32, GP_DTYPE_F32, 1, 0);
        a.lda = 2048;
        a.ldb = 4096;
        pk = gp__gemm_h_pack_plan(&a);
        CHECK(pk.ok && pk.pack_a && !pk.pack_b && pk.ta == 0 && pk.tb == 0 && pk.rows_a == 2048 && pk.lda == 1000);
        q = gp__gemm_h_packed_args(&a, &pk, ws, (size_t)128 << 20);
        CHECK(q.A == ws && q.B == a.B && q.ta == 0 && q.tb == 0 && gp__gemm_h_takes(&h100, &q, 6));
        a = args(4096, 4096, 4096, GP_DTYPE_F32, GP_DTYPE_F32, 1, 0);
        /* tf32 NN and TT: rung 06 takes them, nothing to pack */
        a.ta = 0;
        CHECK(gp__gemm_h_takes(&h100, &a, 6) && !gp__gemm_h_pack_plan(&a).ok);
        a.ta = a.tb = 1;
        CHECK(gp__gemm_h_takes(&h100, &a, 6) && !gp__gemm_h_pack_plan(&a).ok);
        /* C not TMA-describable (rungs 04/05): tf32 NN's B transposed to n x k */
        a = args(4096, 4096, 4096, GP_DTYPE_F32, GP_DTYPE_F32, 0, 0);
        a.vec_c = 0;
        pk = gp__gemm_h_pack_plan(&a);
        CHECK(pk.ok && !pk.pack_a && pk.pack_b && pk.ta == 0 && pk.tb == 1);
        /* ... and TT's A (k x m) transposed to m x k, ld rounded to 4 elements */
        a = args(1000, 512, 1001, GP_DTYPE_F32, GP_DTYPE_F32, 1, 1);
        a.lda = 1000;
        a.ldb = 1004;
        a.vec_c = 0;
        pk = gp__gemm_h_pack_plan(&a);
        CHECK(pk.ok && pk.pack_a && !pk.pack_b && pk.ta == 0 && pk.rows_a == 1000 && pk.lda == 1004);
        CHECK(pk.bytes == (size_t)1000 * 1004 * 4 / 128 * 128 + ((size_t)1000 * 1004 * 4 % 128 ? 128 : 0));
        a.vec_c = 1; /* rung 06: only an unaligned A is copied, in its layout */
        a.lda = 1001;
        a.vec_a = 0;
        pk = gp__gemm_h_pack_plan(&a);
        CHECK(pk.ok && pk.pack_a && !pk.pack_b && pk.ta == 1 && pk.rows_a == 1001 && pk.lda == 1000);
        /* nothing to pack: aligned 16-bit operands in any layout, tf32 NT, k == 0 */
        a = args(300, 200, 100, GP_DTYPE_F16, GP_DTYPE_F16, 1, 0);
        CHECK(!gp__gemm_h_pack_plan(&a).ok);
        a = args(300, 200, 100, GP_DTYPE_F32, GP_DTYPE_F32, 0, 1);
        CHECK(!gp__gemm_h_pack_plan(&a).ok);
        a = args(300, 200, 0, GP_DTYPE_BF16, GP_DTYPE_BF16, 0, 0);
        a.vec_a = 0;
        CHECK(!gp__gemm_h_pack_plan(&a).ok);
        /* 16-bit, only B unaligned, N layout: copied k x n with ld rounded to 8 elements */
        a = args(64, 100, 30, GP_DTYPE_BF16, GP_DTYPE_F32, 0, 0);
        a.vec_b = 0;
        a.ldb = 100;
        pk = gp__gemm_h_pack_plan(&a);
        CHECK(pk.ok && !pk.pack_a && pk.pack_b && pk.tb == 0 && pk.rows_b == 30 && pk.ldb == 104 && pk.bytes == 6272);
    }

    /* panels (gp__gemm_h_panel_plan / _args): copies larger than the workspace, cut along the other dimension */
    {
        /* addresses only (never dereferenced): 16-byte aligned stand-ins for A, B, C */
        const uintptr_t Abuf = 0x10000000u, Bbuf = 0x20000000u, Cbuf = 0x30000000u;
        gp_gemm_h_pack pk;
        gp_gemm_h_panels pn;
        gp_gemm_args q;
        /* tf32 TN 4096^3, 32 MB: A's transposed copy is 64 MB; 16 KB a row of C, 24 MB -> 1536 rows (12 x 16
         * tiles a panel: at least a wave) */
        a = args(4096, 4096, 4096, GP_DTYPE_F32, GP_DTYPE_F32, 1, 0);
        a.lda = a.ldb = a.ldc = 4096;
        a.A = (const void *)Abuf; a.B = (const void *)Bbuf; a.C = (void *)Cbuf;
        pk = gp__gemm_h_pack_plan(&a);
        CHECK(pk.pack_a && !pk.pack_b);
        pn = gp__gemm_h_panel_plan(&h100, &a, &pk, (size_t)32 << 20);
        CHECK(pn.count == 3 && pn.along == GP_H_PANEL_M && pn.size == 1536);
        q = gp__gemm_h_panel_args(&a, &pn, 2);
        CHECK(q.m == 1024 && q.n == 4096 && q.k == 4096 && q.B == a.B && q.beta == a.beta);
        CHECK((uintptr_t)q.A == Abuf + 3072 * 4 && (uintptr_t)q.C == Cbuf + (uintptr_t)3072 * 4096 * 4);
        CHECK(gp__gemm_h_pack_plan(&q).bytes <= ((size_t)32 << 20) / 4 * 3);
        /* tf32 TT with C not TMA-describable (A k x m stored, transposed), rows of C: 20000 x 4096 has 21 x 16 tiles
         * a panel of 2688 rows (the whole workspace: rungs 04 and 05 keep no room for partials); A moves by columns
         * of its storage */
        a = args(20000, 4096, 3000, GP_DTYPE_F32, GP_DTYPE_F32, 1, 1);
        a.lda = 20000; a.ldb = 3000; a.ldc = 4097;
        a.vec_c = 0; /* ldc * 4 not a multiple of 16 */
        a.A = (const void *)Abuf; a.B = (const void *)Bbuf; a.C = (void *)Cbuf;
        pk = gp__gemm_h_pack_plan(&a);
        CHECK(pk.pack_a && !pk.pack_b && pk.bytes > ((size_t)32 << 20));
        pn = gp__gemm_h_panel_plan(&h100, &a, &pk, (size_t)32 << 20);
        CHECK(pn.count == 8 && pn.along == GP_H_PANEL_M && pn.size == 2688); /* 12000 bytes a row: 2796 -> 2688 */
        q = gp__gemm_h_panel_args(&a, &pn, 1);
        CHECK(q.m == 2688 && q.n == 4096 && (uintptr_t)q.A == Abuf + 2688 * 4 && q.B == a.B);
        CHECK((uintptr_t)q.C == Cbuf + (uintptr_t)2688 * 4097 * 4 && q.vec_c == a.vec_c);
        CHECK(gp__gemm_h_pack_plan(&q).bytes <= ((size_t)32 << 20));
        /* the same with n = 600: a 2688-row panel has 63 tiles, so panels of k: 80000 bytes per k -> 384 */
        a.n = 600;
        a.ldc = 601;
        pn = gp__gemm_h_panel_plan(&h100, &a, &pk, (size_t)32 << 20);
        CHECK(pn.count == 8 && pn.along == GP_H_PANEL_K && pn.size == 384);
        a.beta = 0.0f;
        q = gp__gemm_h_panel_args(&a, &pn, 0);
        CHECK(q.k == 384 && q.m == 20000 && q.n == 600 && q.A == a.A && q.B == a.B && q.C == a.C && q.beta == 0.0f);
        q = gp__gemm_h_panel_args(&a, &pn, 7);
        CHECK(q.k == 3000 - 2688 && (uintptr_t)q.A == Abuf + (uintptr_t)2688 * 20000 * 4);
        CHECK((uintptr_t)q.B == Bbuf + 2688 * 4 && q.C == a.C && q.beta == 1.0f && q.vec_b == 1);
        CHECK(gp__gemm_h_pack_plan(&q).bytes <= ((size_t)32 << 20));
        /* with C TMA-describable a quarter stays for the product's partials: 24 MB -> 256 */
        a.vec_c = 1;
        a.ldc = 600;
        pn = gp__gemm_h_panel_plan(&h100, &a, &pk, (size_t)32 << 20);
        CHECK(pn.count == 12 && pn.along == GP_H_PANEL_K && pn.size == 256);
        /* both operands packed: panels of k (2 x (2048 + 3001) bytes per k, 3 MB -> 256) */
        a = args(2047, 3001, 1537, GP_DTYPE_BF16, GP_DTYPE_BF16, 1, 1);
        a.lda = 2047; a.ldb = 1537; a.vec_a = a.vec_b = 0;
        a.A = (const void *)Abuf; a.B = (const void *)Bbuf; a.C = (void *)Cbuf;
        pk = gp__gemm_h_pack_plan(&a);
        pn = gp__gemm_h_panel_plan(&h100, &a, &pk, (size_t)4 << 20);
        CHECK(pn.count == 7 && pn.along == GP_H_PANEL_K && pn.size == 256);
        q = gp__gemm_h_panel_args(&a, &pn, 6);
        CHECK(q.k == 1537 - 1536 && (uintptr_t)q.A == Abuf + (uintptr_t)1536 * 2047 * 2);
        CHECK((uintptr_t)q.B == Bbuf + 1536 * 2);
        CHECK(gp__gemm_h_pack_plan(&q).bytes <= ((size_t)4 << 20) / 4 * 3);
        /* the partials' room (gp__gemm_h_split_reserve) and panels of k. tf32 TN 512x512x32768, 32 MB: A's transposed
         * copy is 64 MB and 8 tiles of C make no panel of C; a quarter of the workspace holds 8 splits of the 8
         * tiles, so it stays for the partials: 24 MB for 2048 bytes per k -> 3 panels of 12288, each split 8 ways */
        a = args(512, 512, 32768, GP_DTYPE_F32, GP_DTYPE_F32, 1, 0);
        a.lda = a.ldb = a.ldc = 512;
        a.A = (const void *)Abuf; a.B = (const void *)Bbuf; a.C = (void *)Cbuf;
        pk = gp__gemm_h_pack_plan(&a);
        CHECK(pk.pack_a && !pk.pack_b && pk.ta == 0);
        CHECK(gp__gemm_h_split_reserve(&h100, &a, (size_t)32 << 20) == ((size_t)8 << 20));
        pn = gp__gemm_h_panel_plan(&h100, &a, &pk, (size_t)32 << 20);
        CHECK(pn.count == 3 && pn.along == GP_H_PANEL_K && pn.size == 12288);
        for (int64_t i = 0; i < pn.count; i++) {
            q = gp__gemm_h_panel_args(&a, &pn, i);
            const gp_gemm_h_pack pq = gp__gemm_h_pack_plan(&q);
            const gp_gemm_args qp = gp__gemm_h_packed_args(&q, &pq, (void *)0x40000000u, (size_t)32 << 20);
            const gp_gemm_h_plan pl = gp__gemm_h_pick(&h100, &qp);
            CHECK(q.k == (i < 2 ? 12288 : 8192) && pq.pack_a && pq.bytes == (size_t)q.k * 512 * 4);
            CHECK(pl.rung == 6 && pl.splits == (i < 2 ? 8 : 16) && pl.sk_tiles == 8 && gp__gemm_h_plan_ws(&pl) <= qp.ws_bytes);
        }
        /* 1024x1024x16384: a quarter holds only 2 splits of 32 tiles, so half stays (4 splits): 16 MB for 4096 bytes per
         * k -> 4 panels of 4096 */
        a = args(1024, 1024, 16384, GP_DTYPE_F32, GP_DTYPE_F32, 1, 0);
        a.lda = a.ldb = a.ldc = 1024;
        a.A = (const void *)Abuf; a.B = (const void *)Bbuf; a.C = (void *)Cbuf;
        pk = gp__gemm_h_pack_plan(&a);
        CHECK(gp__gemm_h_split_reserve(&h100, &a, (size_t)32 << 20) == ((size_t)16 << 20));
        pn = gp__gemm_h_panel_plan(&h100, &a, &pk, (size_t)32 << 20);
        CHECK(pn.count == 4 && pn.along == GP_H_PANEL_K && pn.size == 4096);
        q = gp__gemm_h_panel_args(&a, &pn, 3);
        {
            const gp_gemm_h_pack pq = gp__gemm_h_pack_plan(&q);
            const gp_gemm_args qp = gp__gemm_h_packed_args(&q, &pq, (void *)0x40000000u, (size_t)32 << 20);
            const gp_gemm_h_plan pl = gp__gemm_h_pick(&h100, &qp);
            CHECK(pl.rung == 6 && pl.splits == 4 && pl.sk_tiles == 32 && qp.ws_bytes == ((size_t)16 << 20));
        }
        /* 256x256x32768: the whole copy (32 MB) fits but would leave nothing for a split of its 2 tiles, so its
         * 16 splits keep 4 MB (hopper_pack.c then makes panels): 2 panels of 24576 */
        a = args(256, 256, 32768, GP_DTYPE_F32, GP_DTYPE_F32, 1, 0);
        a.lda = a.ldb = a.ldc = 256;
        a.A = (const void *)Abuf; a.B = (const void *)Bbuf; a.C = (void *)Cbuf;
        pk = gp__gemm_h_pack_plan(&a);
        CHECK(pk.bytes == ((size_t)32 << 20) && gp__gemm_h_split_reserve(&h100, &a, (size_t)32 << 20) == ((size_t)4 << 20));
        pn = gp__gemm_h_panel_plan(&h100, &a, &pk, (size_t)32 << 20);
        CHECK(pn.count == 2 && pn.along == GP_H_PANEL_K && pn.size == 24576);
        /* tf32 TN on the automatic choice (gp__gemm_h_tn_copy): rung 06's transpose in shared memory where the copy goes
         * in panels of k (the three above) or C is small; the copy where it goes whole or in panels of C */
        CHECK(!gp__gemm_h_tn_copy(&h100, &a, (size_t)32 << 20)); /* 256x256x32768 */
        a = args(512, 512, 32768, GP_DTYPE_F32, GP_DTYPE_F32, 1, 0);
        CHECK(!gp__gemm_h_tn_copy(&h100, &a, (size_t)32 << 20));
        a = args(1024, 1024, 16384, GP_DTYPE_F32, GP_DTYPE_F32, 1, 0);
        CHECK(!gp__gemm_h_tn_copy(&h100, &a, (size_t)32 << 20));
        a = args(1024, 1024, 1024, GP_DTYPE_F32, GP_DTYPE_F32, 1, 0); /* small C */
        CHECK(!gp__gemm_h_tn_copy(&h100, &a, (size_t)32 << 20));
        a = args(2048, 2048, 2048, GP_DTYPE_F32, GP_DTYPE_F32, 1, 0); /* a whole copy (16 MB) */
        CHECK(gp__gemm_h_tn_copy(&h100, &a, (size_t)32 << 20));
        a = args(4096, 4096, 4096, GP_DTYPE_F32, GP_DTYPE_F32, 1, 0); /* 64 MB: panels of C */
        CHECK(gp__gemm_h_tn_copy(&h100, &a, (size_t)32 << 20));
        pk = gp__gemm_h_pack_plan(&a);
        CHECK(gp__gemm_h_panel_plan(&h100, &a, &pk, (size_t)32 << 20).along != GP_H_PANEL_K);
        a = args(256, 16384, 4096, GP_DTYPE_F32, GP_DTYPE_F32, 1, 0); /* A's copy, 4 MB */
        CHECK(gp__gemm_h_tn_copy(&h100, &a, (size_t)32 << 20));
        a.vec_c = 0; /* rung 06 does not take it; rung 03's hand-off packs it as before */
        CHECK(!gp__gemm_h_tn_copy(&h100, &a, (size_t)32 << 20));
        a = args(2048, 2048, 2048, GP_DTYPE_F32, GP_DTYPE_F32, 0, 0); /* not TN */
        CHECK(!gp__gemm_h_tn_copy(&h100, &a, (size_t)32 << 20));
        a = args(2048, 2048, 2048, GP_DTYPE_BF16, GP_DTYPE_BF16, 1, 0);
        CHECK(!gp__gemm_h_tn_copy(&h100, &a, (size_t)32 << 20));
        /* no room kept where no split fits even in half of it (1 MB, 16 tiles), nor where C has a wave of tiles */
        a = args(1000, 300, 520, GP_DTYPE_F32, GP_DTYPE_F32, 1, 0);
        CHECK(gp__gemm_h_split_reserve(&h100, &a, (size_t)1 << 20) == 0);
        CHECK(gp__gemm_h_split_reserve(&h100, &a, (size_t)32 << 20) == ((size_t)8 << 20)); /* 4 splits (17 k-blocks) */
        a = args(4096, 4096, 32768, GP_DTYPE_F32, GP_DTYPE_F32, 1, 0);
        CHECK(gp__gemm_h_split_reserve(&h100, &a, (size_t)32 << 20) == 0);
        /* the same product with 16 x 16 tiles (4096 x 4096 x 32768): at least a wave, a quarter for the tail's
         * partials as before: 24 MB for 16 KB per k -> 1536 */
        a = args(4096, 4096, 32768, GP_DTYPE_F32, GP_DTYPE_F32, 1, 0);
        a.lda = a.ldb = a.ldc = 4096;
        a.A = (const void *)Abuf; a.B = (const void *)Bbuf; a.C = (void *)Cbuf;
        pk = gp__gemm_h_pack_plan(&a);
        pn = gp__gemm_h_panel_plan(&h100, &a, &pk, (size_t)32 << 20);
        CHECK(pn.along == GP_H_PANEL_K && pn.size == 1536 && pn.count == 22); /* a 128-row panel of C: 16 tiles */
        /* not even 64 of k fit: no panels */
        a = args(4096, 4096, 4096, GP_DTYPE_F32, GP_DTYPE_F32, 1, 0);
        pk = gp__gemm_h_pack_plan(&a);
        CHECK(pk.ok && gp__gemm_h_panel_plan(&h100, &a, &pk, (size_t)1 << 20).count == 0); /* 768 KB < 64 x 16 KB */
    }

    printf("test_hpick: %d checks, %d failed\n", checks, fails);
    return fails != 0;
}
