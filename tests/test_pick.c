/* test_pick.c — CPU tests of the one rung picker (core/rungs.c) on every primitive's real rung table: the
 * automatic choice, forced rungs and their fall-backs, and rungs a device's architecture lacks. Expected rungs
 * are named, not numbered, so that a rung inserted into a ladder does not silently shift what is checked;
 * when a measured change moves the automatic choice, this file is where the rule is restated. */
#include "tcheck.h"
#include "core/internal.h"
#include "map/map_internal.h"
#include "reduce/reduce_internal.h"
#include "scan/scan_internal.h"
#include "compact/compact_internal.h"
#include "histogram/hist_internal.h"
#include "transpose/transpose_internal.h"
#include "sgemm/sgemm_internal.h"
#include "gemm/gemm_internal.h"
#include "sort/sort_internal.h"
#include "sort/sort_rule.h"
#include "conv2d/conv2d_internal.h"
#include "separable/separable_internal.h"
#include "jacobi/jacobi_internal.h"
#include <stdint.h>
#include <string.h>

static gp_device_info h100, a100, v100;

static int rung(gp_prim p, const char *name)
{
    int r = gp_rung_find(p, name);
    if (!r) fprintf(stderr, "no rung '%s' in %s\n", name, gp_prim_name(p));
    return r;
}

/* the rung the dispatcher would run; -1 for GP_ERROR_NOT_SUPPORTED */
static int pick(gp_prim p, int forced, const gp_device_info *dev, const void *args)
{
    gp_status st;
    const gp_prim_desc *pd = gp__prim(p);
    int r = gp__pick(pd, forced, gp__supported_by_cc(pd, dev->cc_major * 10 + dev->cc_minor), dev, args, &st);
    if (!r) return st == GP_ERROR_NOT_SUPPORTED ? -1 : -2;
    return st == GP_SUCCESS ? r : -2;
}

static void devices(void)
{
    memset(&h100, 0, sizeof h100);
    h100.cc_major = 9; h100.cc_minor = 0; h100.sm_count = 132; h100.max_threads_per_sm = 2048;
    h100.max_blocks_per_sm = 32; h100.l2_bytes = 50u << 20; h100.smem_per_block_optin = 227 << 10;
    h100.smem_per_sm = 228 << 10;
    a100 = h100;
    a100.cc_major = 8; a100.sm_count = 108; a100.smem_per_block_optin = 163 << 10; a100.smem_per_sm = 164 << 10;
    v100 = h100;
    v100.cc_major = 7; v100.sm_count = 80; v100.smem_per_block_optin = 96 << 10; v100.smem_per_sm = 96 << 10;
}

static void map_rule(void)
{
    const uintptr_t base = (uintptr_t)1 << 20; /* only the addresses' alignment matters: nothing is read */
    gp_map_args a = {GP_BINOP_ADD, 1000, (const float *)base, (const float *)(base + 16), (float *)(base + 32)};
    gp_map_args odd = {GP_BINOP_ADD, 1000, (const float *)base, (const float *)(base + 20), (float *)(base + 32)};
    CHECK_EQ_INT(pick(GP_PRIM_MAP, 0, &h100, &a), rung(GP_PRIM_MAP, "float4"));
    CHECK_EQ_INT(pick(GP_PRIM_MAP, 0, &h100, &odd), rung(GP_PRIM_MAP, "gridstride"));
    /* ilp is measured slower than float4: forced only, and then it runs */
    CHECK_EQ_INT(pick(GP_PRIM_MAP, rung(GP_PRIM_MAP, "ilp"), &h100, &a), rung(GP_PRIM_MAP, "ilp"));
    /* a forced vector rung that cannot take the pointers runs the nearest rung below that can */
    CHECK_EQ_INT(pick(GP_PRIM_MAP, rung(GP_PRIM_MAP, "ilp"), &h100, &odd), rung(GP_PRIM_MAP, "gridstride"));
    CHECK_EQ_INT(pick(GP_PRIM_MAP, rung(GP_PRIM_MAP, "naive"), &h100, &odd), rung(GP_PRIM_MAP, "naive"));
    CHECK_EQ_INT(pick(GP_PRIM_MAP, 0, &v100, &a), rung(GP_PRIM_MAP, "float4"));
}

static void reduce_rule(void)
{
    gp_reduce_args a;
    memset(&a, 0, sizeof a);
    a.n = 1 << 20;
    CHECK_EQ_INT(pick(GP_PRIM_REDUCE, 0, &h100, &a), rung(GP_PRIM_REDUCE, "single_pass"));
    CHECK_EQ_INT(pick(GP_PRIM_REDUCE, rung(GP_PRIM_REDUCE, "shuffle"), &h100, &a), rung(GP_PRIM_REDUCE, "shuffle"));
    a.fixed_grid = 1; /* deterministic mode: every forced rung falls through to the single-pass rung */
    for (int r = 1; r <= gp_rung_count(GP_PRIM_REDUCE); r++)
        CHECK_EQ_INT(pick(GP_PRIM_REDUCE, r, &h100, &a), rung(GP_PRIM_REDUCE, "single_pass"));
}

static void scan_rule(void)
{
    gp_scan_args a = {GP__SCAN_U32, 0, 1 << 20, NULL, NULL};
    gp_scan_args f64 = {GP__SCAN_F64, 0, 1 << 20, NULL, NULL};
    CHECK_EQ_INT(pick(GP_PRIM_SCAN, 0, &h100, &a), rung(GP_PRIM_SCAN, "l2_prefetch"));
    CHECK_EQ_INT(pick(GP_PRIM_SCAN, 0, &a100, &a), rung(GP_PRIM_SCAN, "l2_prefetch"));
    /* the shared-memory-staged rungs need cp.async (sm_80): an sm_70 GPU gets the register look-back */
    CHECK_EQ_INT(pick(GP_PRIM_SCAN, 0, &v100, &a), rung(GP_PRIM_SCAN, "lookback"));
    CHECK_EQ_INT(pick(GP_PRIM_SCAN, rung(GP_PRIM_SCAN, "smem_staged"), &v100, &a), -1);
    /* f64 runs on the three-kernel rungs only */
    CHECK_EQ_INT(pick(GP_PRIM_SCAN, 0, &h100, &f64), rung(GP_PRIM_SCAN, "reduce_then_scan"));
    CHECK_EQ_INT(pick(GP_PRIM_SCAN, rung(GP_PRIM_SCAN, "lookback"), &h100, &f64), rung(GP_PRIM_SCAN, "reduce_then_scan"));
    CHECK_EQ_INT(pick(GP_PRIM_SCAN, rung(GP_PRIM_SCAN, "blelloch"), &h100, &f64), rung(GP_PRIM_SCAN, "blelloch"));
}

static void compact_rule(void)
{
    gp_compact_args a;
    memset(&a, 0, sizeof a);
    a.n = (1 << 20) + 1;
    CHECK_EQ_INT(pick(GP_PRIM_COMPACT, 0, &h100, &a), rung(GP_PRIM_COMPACT, "l2_prefetch"));
    CHECK_EQ_INT(pick(GP_PRIM_COMPACT, 0, &v100, &a), rung(GP_PRIM_COMPACT, "lookback"));
    /* rung 04, picked automatically, hands 2^16 < n <= 2^20 to rung 02 at launch (compact_internal.h) */
    CHECK(gp__compact_r04_own(1) && gp__compact_r04_own(1 << 16) && gp__compact_r04_own((1 << 20) + 1));
    CHECK(!gp__compact_r04_own((1 << 16) + 1) && !gp__compact_r04_own(1 << 18) && !gp__compact_r04_own(1 << 20));
    CHECK(gp__compact_r04_own((int64_t)1 << 40));
    CHECK_EQ_INT(pick(GP_PRIM_COMPACT, rung(GP_PRIM_COMPACT, "scan_scatter"), &h100, &a),
                 rung(GP_PRIM_COMPACT, "scan_scatter"));
}

static void histogram_rule(void)
{
    gp_hist_call c;
    memset(&c, 0, sizeof c);
    c.type = GP_HIST_U8;
    c.n = 1 << 20;
    c.p.num_bins = 256;
    CHECK_EQ_INT(pick(GP_PRIM_HISTOGRAM, 0, &h100, &c), rung(GP_PRIM_HISTOGRAM, "vector"));
    /* 40000 bins (160 KB): one shared copy per block still fits the H100's 227 KB, not a V100's 96 KB */
    c.type = GP_HIST_F32;
    c.p.num_bins = 40000;
    CHECK_EQ_INT(pick(GP_PRIM_HISTOGRAM, 0, &h100, &c), rung(GP_PRIM_HISTOGRAM, "vector"));
    CHECK_EQ_INT(pick(GP_PRIM_HISTOGRAM, rung(GP_PRIM_HISTOGRAM, "shared"), &h100, &c), rung(GP_PRIM_HISTOGRAM, "shared"));
    CHECK_EQ_INT(pick(GP_PRIM_HISTOGRAM, 0, &v100, &c), rung(GP_PRIM_HISTOGRAM, "global"));
    /* 100000 bins (400 KB) fit no block: global atomics, forced or not */
    c.p.num_bins = 100000;
    CHECK_EQ_INT(pick(GP_PRIM_HISTOGRAM, 0, &h100, &c), rung(GP_PRIM_HISTOGRAM, "global"));
    CHECK_EQ_INT(pick(GP_PRIM_HISTOGRAM, rung(GP_PRIM_HISTOGRAM, "lanes"), &h100, &c), rung(GP_PRIM_HISTOGRAM, "global"));
}

static void transpose_rule(void)
{
    /* only the addresses' alignment matters to the rule: nothing is dereferenced */
    const uintptr_t base = (uintptr_t)1 << 20;
    gp_transpose_args a = {4, 100, 100, (const void *)base, 128, (void *)(base + 65536), 128};
    gp_transpose_args odd = a;
    odd.ld_in = 101; /* rows of `in` no longer start on 16-byte boundaries */
    CHECK_EQ_INT(pick(GP_PRIM_TRANSPOSE, 0, &h100, &a), rung(GP_PRIM_TRANSPOSE, "realigned"));
    CHECK_EQ_INT(pick(GP_PRIM_TRANSPOSE, 0, &h100, &odd), rung(GP_PRIM_TRANSPOSE, "realigned"));
    CHECK_EQ_INT(pick(GP_PRIM_TRANSPOSE, rung(GP_PRIM_TRANSPOSE, "vec4"), &h100, &a), rung(GP_PRIM_TRANSPOSE, "vec4"));
    CHECK_EQ_INT(pick(GP_PRIM_TRANSPOSE, rung(GP_PRIM_TRANSPOSE, "vec4"), &h100, &odd), rung(GP_PRIM_TRANSPOSE, "padded"));
    /* rung 6, picked automatically, hands a single row or column to rung 3 at launch */
    CHECK_EQ_INT(gp__transpose_r06_runs(2, 2, 64, 1), 6);
    CHECK_EQ_INT(gp__transpose_r06_runs(1000, 1000, 64, 1), 6);
    CHECK_EQ_INT(gp__transpose_r06_runs(2, (int64_t)1 << 40, 64, 0), 6);
    CHECK_EQ_INT(gp__transpose_r06_runs(1, 4194304, 64, 1), 3);
    CHECK_EQ_INT(gp__transpose_r06_runs(4194304, 1, 64, 0), 3);
    CHECK_EQ_INT(gp__transpose_r06_runs(1, 1, 64, 1), 3);
    /* whole tiles with every row 16-byte aligned: rung 4's kernel alone */
    CHECK_EQ_INT(gp__transpose_r06_runs(256, 256, 64, 1), 4);
    CHECK_EQ_INT(gp__transpose_r06_runs(16384, 64, 64, 1), 4);
    CHECK_EQ_INT(gp__transpose_r06_runs(256, 256, 64, 0), 6);
    CHECK_EQ_INT(gp__transpose_r06_runs(256, 257, 64, 1), 6);
    CHECK_EQ_INT(gp__transpose_r06_runs(96, 64, 32, 1), 4); /* f64: 32x32 tiles */
    CHECK_EQ_INT(pick(GP_PRIM_TRANSPOSE, rung(GP_PRIM_TRANSPOSE, "grouped"), &h100, &a), rung(GP_PRIM_TRANSPOSE, "grouped"));
    CHECK_EQ_INT(pick(GP_PRIM_TRANSPOSE, rung(GP_PRIM_TRANSPOSE, "grouped"), &h100, &odd), rung(GP_PRIM_TRANSPOSE, "padded"));
}

static void sgemm_rule(void)
{
    gp_sgemm_args a;
    memset(&a, 0, sizeof a);
    a.m = a.n = a.k = 1024;
    /* peel at run time decides per shape whether to hand the call to stream-k (gp__sgemm_r13_plan), and stream-k
     * whether to hand it to split-k (gp__sgemm_r12_plan) */
    CHECK_EQ_INT(pick(GP_PRIM_SGEMM, 0, &h100, &a), rung(GP_PRIM_SGEMM, "peel"));
    CHECK_EQ_INT(pick(GP_PRIM_SGEMM, 0, &a100, &a), rung(GP_PRIM_SGEMM, "peel"));
    CHECK_EQ_INT(pick(GP_PRIM_SGEMM, rung(GP_PRIM_SGEMM, "streamk"), &h100, &a), rung(GP_PRIM_SGEMM, "streamk"));
    CHECK_EQ_INT(pick(GP_PRIM_SGEMM, rung(GP_PRIM_SGEMM, "splitk"), &h100, &a), rung(GP_PRIM_SGEMM, "splitk"));
    CHECK_EQ_INT(pick(GP_PRIM_SGEMM, 0, &v100, &a), rung(GP_PRIM_SGEMM, "warptile"));
    CHECK_EQ_INT(pick(GP_PRIM_SGEMM, rung(GP_PRIM_SGEMM, "cpasync"), &v100, &a), -1);
}

static void gemm_rule(void)
{
    gp_gemm_args a;
    memset(&a, 0, sizeof a);
    a.m = a.n = a.k = 4096;
    a.ab_type = a.c_type = GP_DTYPE_BF16;
    CHECK_EQ_INT(pick(GP_PRIM_GEMM, 0, &h100, &a), rung(GP_PRIM_GEMM, "multistage"));
    CHECK_EQ_INT(pick(GP_PRIM_GEMM, 0, &a100, &a), rung(GP_PRIM_GEMM, "multistage"));
    CHECK_EQ_INT(pick(GP_PRIM_GEMM, 0, &v100, &a), -1); /* bf16 mma needs sm_80 */
    /* TMA-describable operands: the Hopper rungs (sm_90a) on the H100 — 06 runs the per-shape plan — and rung 03
     * elsewhere; C not TMA-describable: 05 (whose plan may name 04); rung 07 only when forced */
    a.vec_a = a.vec_b = a.vec_c = 1;
    CHECK_EQ_INT(pick(GP_PRIM_GEMM, 0, &h100, &a), rung(GP_PRIM_GEMM, "persistent"));
    CHECK_EQ_INT(pick(GP_PRIM_GEMM, 0, &a100, &a), rung(GP_PRIM_GEMM, "multistage"));
    CHECK_EQ_INT(pick(GP_PRIM_GEMM, rung(GP_PRIM_GEMM, "cluster"), &h100, &a), rung(GP_PRIM_GEMM, "cluster"));
    CHECK_EQ_INT(pick(GP_PRIM_GEMM, rung(GP_PRIM_GEMM, "cluster"), &a100, &a), -1);
    a.vec_c = 0;
    CHECK_EQ_INT(pick(GP_PRIM_GEMM, 0, &h100, &a), rung(GP_PRIM_GEMM, "warpspec"));
    CHECK_EQ_INT(pick(GP_PRIM_GEMM, rung(GP_PRIM_GEMM, "cluster"), &h100, &a), rung(GP_PRIM_GEMM, "warpspec"));
    a.vec_c = 1;
    a.ab_type = GP_DTYPE_F32; /* tf32 with B stored k x n (MN-major): rung 06 (as C^T), or rung 04 forced */
    a.c_type = GP_DTYPE_F32;
    a.compute = GP_COMPUTE_TF32;
    CHECK_EQ_INT(pick(GP_PRIM_GEMM, 0, &h100, &a), rung(GP_PRIM_GEMM, "persistent"));
    CHECK_EQ_INT(pick(GP_PRIM_GEMM, rung(GP_PRIM_GEMM, "warpspec"), &h100, &a), rung(GP_PRIM_GEMM, "tma_wgmma"));
    a.ta = 1; /* both operands MN-major: rung 06 (B transposed in shared memory, or its copy: gp__gemm_h_tn_copy) */
    CHECK_EQ_INT(pick(GP_PRIM_GEMM, 0, &h100, &a), rung(GP_PRIM_GEMM, "persistent"));
    a.vec_c = 0; /* ... but with C not TMA-describable rung 03 (which packs for rungs 04 / 05) */
    CHECK_EQ_INT(pick(GP_PRIM_GEMM, 0, &h100, &a), rung(GP_PRIM_GEMM, "multistage"));
    a.vec_c = 1;
    a.ta = 0;
    a.tb = 1;
    CHECK_EQ_INT(pick(GP_PRIM_GEMM, 0, &h100, &a), rung(GP_PRIM_GEMM, "persistent"));
    a.ab_type = a.c_type = GP_DTYPE_BF16;
    a.compute = GP_COMPUTE_F32;
    a.tb = 0;
    a.vec_a = a.vec_b = a.vec_c = 0;
    /* rung 03's tile rule (an H100): the largest tile that keeps the GPU busy; measured on the H100
     * (results/gemm-tc-h100-2026-11-23): 128x256 at 4096^3 and 8192^3, 64x64 / 128x64 at 1024^3 */
    CHECK_EQ_INT(gp__gemm_r03_pick(NULL, 4096, 4096, 4096, GP_COMPUTE_F32), 0);
    CHECK_EQ_INT(gp__gemm_r03_pick(NULL, 8192, 8192, 8192, GP_COMPUTE_F32), 0);
    CHECK_EQ_INT(gp__gemm_r03_pick(NULL, 1024, 1024, 1024, GP_COMPUTE_F32), 3);
    CHECK_EQ_INT(gp__gemm_r03_pick(NULL, 2048, 2048, 2048, GP_COMPUTE_F32), 2);
    CHECK_EQ_INT(gp__gemm_r03_pick(NULL, 1, 1, 1, GP_COMPUTE_TF32), 3);
    for (int c = 0; c < GP_GEMM_R03_CONFIGS; c++) CHECK(gp_rung_config_name(GP_PRIM_GEMM, 3, c) != NULL);
}

static void sort_rule(void)
{
    const int bitonic = rung(GP_PRIM_SORT, "bitonic"), rts = rung(GP_PRIM_SORT, "radix_rts");
    const int onesweep = rung(GP_PRIM_SORT, "onesweep"), one_block = rung(GP_PRIM_SORT, "one_block");
    const int lean = rung(GP_PRIM_SORT, "onesweep_lean");
    gp_device_info sm86 = a100; /* 99 KB of shared memory per block: no room for rung 05's 128 KB histogram */
    gp_sort_args a;
    sm86.cc_minor = 6;
    sm86.smem_per_block_optin = 99 << 10;
    memset(&a, 0, sizeof a);
    a.key_type = GP_SORT_U32;
    a.end_bit = 32;
    a.n = (int64_t)1 << 28;
    /* the lean onesweep wherever it runs (sm_80+, 128 KB per block), at every size, one block or passes */
    CHECK_EQ_INT(pick(GP_PRIM_SORT, 0, &h100, &a), lean);
    CHECK_EQ_INT(pick(GP_PRIM_SORT, 0, &a100, &a), lean);
    a.n = ((int64_t)1 << 31) + 12345;
    CHECK_EQ_INT(pick(GP_PRIM_SORT, 0, &h100, &a), lean);
    a.n = 1000;
    CHECK_EQ_INT(pick(GP_PRIM_SORT, 0, &h100, &a), lean);
    /* sm_70 (no cp.async) and sm_86 (99 KB): one block up to one rung-03 tile (6912 u32 keys), rung 03 above */
    CHECK_EQ_INT(pick(GP_PRIM_SORT, 0, &v100, &a), one_block);
    CHECK_EQ_INT(pick(GP_PRIM_SORT, lean, &v100, &a), -1);
    a.n = 6912;
    CHECK_EQ_INT(pick(GP_PRIM_SORT, 0, &v100, &a), one_block);
    a.n = 6913;
    CHECK_EQ_INT(pick(GP_PRIM_SORT, 0, &v100, &a), onesweep);
    a.n = (int64_t)1 << 28;
    CHECK_EQ_INT(pick(GP_PRIM_SORT, 0, &sm86, &a), onesweep);
    CHECK_EQ_INT(pick(GP_PRIM_SORT, lean, &sm86, &a), onesweep);
    a.n = 1000; /* rung 05's 512 x 4 block fits */
    CHECK_EQ_INT(pick(GP_PRIM_SORT, 0, &sm86, &a), lean);
    /* a forced one-block rung above its tile runs rung 03; u64/u64 pairs have a tile of 3456 */
    a.n = 6913;
    CHECK_EQ_INT(pick(GP_PRIM_SORT, one_block, &h100, &a), onesweep);
    a.key_type = GP_SORT_U64;
    a.end_bit = 64;
    a.value_bytes = 8;
    a.n = 3456;
    CHECK_EQ_INT(pick(GP_PRIM_SORT, one_block, &h100, &a), one_block);
    a.n = 3457;
    CHECK_EQ_INT(pick(GP_PRIM_SORT, one_block, &h100, &a), onesweep);
    /* the rungs below run when forced, at any size */
    a.n = (int64_t)1 << 28;
    CHECK_EQ_INT(pick(GP_PRIM_SORT, bitonic, &h100, &a), bitonic);
    CHECK_EQ_INT(pick(GP_PRIM_SORT, rts, &v100, &a), rts);
    /* calls without a pass (one key) are taken by every rung */
    a.n = 1;
    for (int r = 1; r <= gp_rung_count(GP_PRIM_SORT); r++) CHECK_EQ_INT(pick(GP_PRIM_SORT, r, &h100, &a), r);
    /* the workspace each rung needs (gpuprim.h): none for one block; a second buffer of n keys and values plus
     * a little per tile for the radix rungs; 8 bytes per key for bitonic's records (16 for 64-bit keys) */
    {
        /* key bytes, value bytes, rung 04's tile (384 x rung 03's keys per thread) */
        static const int kv[][3] = {{4, 0, 6912}, {4, 4, 5376}, {4, 8, 4224}, {8, 0, 4608}, {8, 4, 3840}, {8, 8, 3456}};
        for (int i = 0; i < 6; i++) {
            const int kb = kv[i][0], vb = kv[i][1], tile = kv[i][2];
            memset(&a, 0, sizeof a);
            a.key_type = kb == 4 ? GP_SORT_F32 : GP_SORT_I64;
            a.value_bytes = vb;
            a.end_bit = 8 * kb;
            for (int64_t n = 2; n <= ((int64_t)1 << 32); n = n * 3 + 1) {
                const size_t data = (size_t)n * (size_t)(kb + vb);
                a.n = n;
                for (int r = 2; r <= 3; r++) { /* 3: 2 KB per tile of >= 3456 keys, 4 KB per pass */
                    const size_t ws = gp__sort_workspace_bytes(r, &a);
                    CHECK(ws >= data && ws <= data + (size_t)n * 2048 / 3456 + 2048 * 4 * kb + 4096 + 12 * 256 * 1024);
                }
                CHECK_EQ_INT(gp__sort_workspace_bytes(bitonic, &a), 256 + (size_t)n * (kb == 4 && n <= ((int64_t)1 << 32) ? 8 : 16));
                if (gp_sort_r05_path(n, kb, vb) != 0) {
                    CHECK_EQ_INT(gp__sort_workspace_bytes(lean, &a), 0);
                } else {
                    const size_t ws = gp__sort_workspace_bytes(lean, &a);
                    CHECK(ws >= data && ws <= data + (size_t)n * 2048 / 3840 + 2048 * 4 * kb + 4096);
                }
                CHECK_EQ_INT(gp__sort_workspace_bytes(one_block, &a) == 0, n <= tile);
                a.forced_path = 1; /* configuration 0: the passes, at any size */
                CHECK(gp__sort_workspace_bytes(lean, &a) >= data);
                a.forced_path = 0;
            }
            a.n = 1;
            for (int r = 1; r <= gp_rung_count(GP_PRIM_SORT); r++) CHECK_EQ_INT(gp__sort_workspace_bytes(r, &a), 0);
        }
    }
    for (int c = 0; c <= GP_SORT_OB_CONFIGS; c++) CHECK(gp_rung_config_name(GP_PRIM_SORT, lean, c) != NULL);
}

static void conv2d_rule(void)
{
    const uintptr_t base = (uintptr_t)1 << 20; /* addresses only: nothing is read */
    const int naive = rung(GP_PRIM_CONV2D, "naive"), tile = rung(GP_PRIM_CONV2D, "register_tile");
    gp_conv2d_args c;
    memset(&c, 0, sizeof c);
    c.rows = c.cols = c.out_rows = c.out_cols = c.ld_in = c.ld_out = 1000;
    c.in = (const float *)base;
    c.out = (float *)(base + (1 << 24));
    c.fr = c.fc = 3;
    CHECK_EQ_INT(pick(GP_PRIM_CONV2D, 0, &h100, &c), tile);
    CHECK_EQ_INT(pick(GP_PRIM_CONV2D, 0, &a100, &c), tile);
    CHECK_EQ_INT(pick(GP_PRIM_CONV2D, 0, &v100, &c), tile);
    c.ld_in = 1001; /* rows not 16-byte aligned: rung 04 takes them with 4-byte loads */
    CHECK_EQ_INT(pick(GP_PRIM_CONV2D, 0, &h100, &c), tile);
    c.fr = c.fc = 31; /* the largest filter of the constant slots: every rung, forced or not */
    CHECK_EQ_INT(pick(GP_PRIM_CONV2D, 0, &h100, &c), tile);
    for (int r = 1; r <= gp_rung_count(GP_PRIM_CONV2D); r++) CHECK_EQ_INT(pick(GP_PRIM_CONV2D, r, &h100, &c), r);
    /* a filter larger than 31 x 31 in either direction: only rung 01, which reads it from global memory */
    c.fc = 33;
    CHECK_EQ_INT(pick(GP_PRIM_CONV2D, 0, &h100, &c), naive);
    CHECK_EQ_INT(pick(GP_PRIM_CONV2D, 0, &v100, &c), naive);
    for (int r = 1; r <= gp_rung_count(GP_PRIM_CONV2D); r++) CHECK_EQ_INT(pick(GP_PRIM_CONV2D, r, &h100, &c), naive);
    c.fc = 3;
    c.fr = 101;
    CHECK_EQ_INT(pick(GP_PRIM_CONV2D, rung(GP_PRIM_CONV2D, "smem_tile"), &a100, &c), naive);
}

static void separable_rule(void)
{
    const uintptr_t base = (uintptr_t)1 << 20;
    const int two_pass = rung(GP_PRIM_SEPARABLE, "two_pass"), fused = rung(GP_PRIM_SEPARABLE, "fused");
    gp_separable_args s;
    memset(&s, 0, sizeof s);
    s.rows = s.cols = s.out_rows = s.out_cols = s.ld_in = s.ld_out = 1000;
    s.fr = s.fc = 15;
    s.row_filter = (const float *)base;
    s.col_filter = (const float *)(base + 64);
    CHECK_EQ_INT(pick(GP_PRIM_SEPARABLE, 0, &h100, &s), fused);
    CHECK_EQ_INT(pick(GP_PRIM_SEPARABLE, 0, &a100, &s), fused);
    CHECK_EQ_INT(pick(GP_PRIM_SEPARABLE, 0, &v100, &s), fused);
    CHECK_EQ_INT(pick(GP_PRIM_SEPARABLE, two_pass, &h100, &s), two_pass);
    /* past 31 taps, in either filter: the two passes through the workspace */
    s.fc = 33;
    CHECK_EQ_INT(pick(GP_PRIM_SEPARABLE, 0, &h100, &s), two_pass);
    CHECK_EQ_INT(pick(GP_PRIM_SEPARABLE, fused, &h100, &s), two_pass);
    s.fc = 15;
    s.fr = 41;
    CHECK_EQ_INT(pick(GP_PRIM_SEPARABLE, 0, &h100, &s), two_pass);
    /* conv1d: a 1 x n image without a column filter runs rung 01's row pass alone, forced or not */
    s.fr = 1;
    s.rows = s.out_rows = 1;
    s.col_filter = NULL;
    CHECK_EQ_INT(pick(GP_PRIM_SEPARABLE, 0, &h100, &s), two_pass);
    CHECK_EQ_INT(pick(GP_PRIM_SEPARABLE, fused, &h100, &s), two_pass);
}

static void jacobi_rule(void)
{
    const int one_step = rung(GP_PRIM_JACOBI, "register_tile"), temporal = rung(GP_PRIM_JACOBI, "temporal");
    gp_jacobi_args j;
    memset(&j, 0, sizeof j);
    j.rows = j.cols = j.ld = 8192;
    /* one step: the single-step rung 03; temporal blocking gains nothing and refuses it, forced or not */
    j.steps = 1;
    CHECK_EQ_INT(pick(GP_PRIM_JACOBI, 0, &h100, &j), one_step);
    CHECK_EQ_INT(pick(GP_PRIM_JACOBI, 0, &v100, &j), one_step);
    CHECK_EQ_INT(pick(GP_PRIM_JACOBI, temporal, &h100, &j), one_step);
    /* many steps: temporal blocking (T steps per pass), on every device */
    j.steps = 16;
    CHECK_EQ_INT(pick(GP_PRIM_JACOBI, 0, &h100, &j), temporal);
    CHECK_EQ_INT(pick(GP_PRIM_JACOBI, 0, &a100, &j), temporal);
    CHECK_EQ_INT(pick(GP_PRIM_JACOBI, 0, &v100, &j), temporal);
    CHECK_EQ_INT(pick(GP_PRIM_JACOBI, rung(GP_PRIM_JACOBI, "naive"), &h100, &j), rung(GP_PRIM_JACOBI, "naive"));
    j.steps = 2;
    CHECK_EQ_INT(pick(GP_PRIM_JACOBI, 0, &h100, &j), temporal);
    for (int c = 0; c < 4; c++) CHECK(gp_rung_config_name(GP_PRIM_JACOBI, temporal, c) != NULL);
    CHECK(strcmp(gp_rung_config_name(GP_PRIM_JACOBI, temporal, 1), "T=8") == 0);
}

/* Properties every table must have, whatever its rungs. */
static void tables(void)
{
    for (int p = 0; p < GP_PRIM_COUNT; p++) {
        const gp_prim_desc *pd = gp__prim((gp_prim)p);
        int autos = 0;
        CHECK(pd != NULL);
        if (!pd) continue;
        CHECK(pd->count >= 1 && pd->count < GP_MAX_RUNGS);
        CHECK(strcmp(pd->name, gp_prim_name((gp_prim)p)) == 0);
        for (int r = 1; r <= pd->count; r++) {
            const gp_rung_desc *d = pd->rungs[r - 1];
            gp_rung_info ri;
            CHECK(d->launch != NULL);
            CHECK(d->min_cc >= 50 && d->min_cc <= 120);
            CHECK(d->flags == GP_RUNG_AUTO || d->flags == GP_RUNG_NOT_AUTO);
            CHECK((d->configs == 0) == (d->config_name == NULL));
            CHECK_EQ_INT(gp_rung_find((gp_prim)p, d->name), r); /* names are unique within a primitive */
            CHECK_EQ_INT(gp_get_rung_info((gp_prim)p, r, &ri), GP_SUCCESS);
            CHECK(ri.kernel != NULL && ri.threads >= 1 && ri.threads <= 1024);
            for (int c = 0; c < d->configs; c++) CHECK(gp_rung_config_name((gp_prim)p, r, c) != NULL);
            CHECK(gp_rung_config_name((gp_prim)p, r, d->configs) == NULL);
            autos += d->flags == GP_RUNG_AUTO;
        }
        CHECK(autos >= 1);
        /* a forced rung beyond the table, or one the device lacks, is refused; nothing at all is supported */
        CHECK_EQ_INT(pick((gp_prim)p, pd->count + 1, &h100, NULL), -1);
        {
            gp_status st;
            CHECK_EQ_INT(gp__pick(pd, 0, 0u, &h100, NULL, &st), 0);
            CHECK_EQ_INT(st, GP_ERROR_NOT_SUPPORTED);
        }
    }
    CHECK_EQ_INT(gp_rung_find(GP_PRIM_MAP, "no such rung"), 0);
    CHECK_EQ_INT(gp_rung_find(GP_PRIM_COUNT, "naive"), 0);
    {
        gp_rung_info ri;
        CHECK_EQ_INT(gp_get_rung_info(GP_PRIM_MAP, 0, &ri), GP_ERROR_INVALID_RUNG);
        CHECK_EQ_INT(gp_get_rung_info(GP_PRIM_COUNT, 1, &ri), GP_ERROR_INVALID_VALUE);
        CHECK_EQ_INT(gp_get_rung_info(GP_PRIM_MAP, 1, NULL), GP_ERROR_NULL_POINTER);
    }
}

int main(void)
{
    devices();
    tables();
    map_rule();
    reduce_rule();
    scan_rule();
    compact_rule();
    histogram_rule();
    transpose_rule();
    sgemm_rule();
    gemm_rule();
    sort_rule();
    conv2d_rule();
    separable_rule();
    jacobi_rule();
    return tc_summary("test_pick");
}
