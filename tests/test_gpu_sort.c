/* test_gpu_sort.c — every sort rung forced + auto: every key type (u32, i32, f32, u64, i64) alone and with u32
 * and u64 values; every key distribution of sort_data.h (f32 specials, trivial passes); edge sizes around every
 * tile (rungs 02-05: 3456-7680 keys), the bitonic tile (2048) and the one-block capacities (2048-16384); bit
 * ranges; both orders; offset pointers; exact workspaces and the handle's; each configuration of rung 05 (and
 * which path ran); a user stream; argument errors and a workspace one byte short; 20 repeated runs of the
 * look-back rungs (races show as errors that move); more than 2^31 keys where memory allows (GP_TEST_LARGE).
 * GP_TEST_SMALL (compute-sanitizer) trims the sizes and takes one key/value type per size; GP_TEST_SMALL=2
 * (racecheck) repeats the look-back runs 4x and shortens the user-stream case. Every case is
 * checked element by element against the CPU reference (tools/prim_sort.c). Exits 77 without a device. */
#include "tcheck.h"
#include "gpu_test.h"
#include "devdata.h"
#include "sort_data.h"
#include "verify_cases.h"
#include "sort/sort_rule.h"
#include <cuda_runtime.h>
#include <stdlib.h>
#include <string.h>

static int kbytes(gp_sort_key kt) { return kt >= GP_SORT_U64 ? 8 : 4; }

/* A rung the device runs (0 = auto always does). */
static int runs(gp_handle h, int rung)
{
    int ok = 1;
    if (rung > 0 && gp_rung_supported(h, GP_PRIM_SORT, rung, &ok) == GP_SUCCESS && !ok) {
        printf("rung %d not supported on this device and build: skipped\n", rung);
        return 0;
    }
    return 1;
}

static void arg_checks(gp_handle h)
{
    uint32_t *d = NULL, host[64];
    void *ws = NULL;
    size_t bytes = 1;
    const gp_sort_order asc = GP_SORT_ASCENDING;
    memset(host, 0, sizeof host);
    CHECK_EQ_INT(cudaMalloc((void **)&d, 256 * 4), cudaSuccess);
    CHECK_EQ_INT(cudaMalloc(&ws, 1 << 20), cudaSuccess);
    cudaMemset(d, 0, 256 * 4);
    CHECK_EQ_INT(gp_sort_keys(NULL, GP_SORT_U32, 8, d, d + 64, asc, 0, 32, NULL, 0), GP_ERROR_INVALID_HANDLE);
    CHECK_EQ_INT(gp_sort_keys(h, GP_SORT_U32, 8, host, d + 64, asc, 0, 32, NULL, 0), GP_ERROR_HOST_POINTER);
    CHECK_EQ_INT(gp_sort_keys(h, GP_SORT_U32, 8, d, host, asc, 0, 32, NULL, 0), GP_ERROR_HOST_POINTER);
    CHECK_EQ_INT(gp_sort_keys(h, GP_SORT_U32, 8, d, d + 64, asc, 0, 32, host, sizeof host), GP_ERROR_HOST_POINTER);
    CHECK_EQ_INT(gp_sort_pairs(h, GP_SORT_U32, 4, 8, d, d + 64, host, d + 128, asc, 0, 32, NULL, 0), GP_ERROR_HOST_POINTER);
    CHECK_EQ_INT(gp_sort_keys(h, GP_SORT_U32, 8, NULL, d + 64, asc, 0, 32, NULL, 0), GP_ERROR_NULL_POINTER);
    CHECK_EQ_INT(gp_sort_pairs(h, GP_SORT_U32, 4, 8, d, d + 64, d + 128, NULL, asc, 0, 32, NULL, 0), GP_ERROR_NULL_POINTER);
    CHECK_EQ_INT(gp_sort_keys(h, GP_SORT_U32, -1, d, d + 64, asc, 0, 32, NULL, 0), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_sort_keys(h, GP_SORT_U32, 0, NULL, NULL, asc, 0, 32, NULL, 0), GP_SUCCESS); /* n = 0: no-op */
    CHECK_EQ_INT(gp_sort_keys(h, (gp_sort_key)9, 8, d, d + 64, asc, 0, 32, NULL, 0), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_sort_keys(h, GP_SORT_U32, 8, d, d + 64, (gp_sort_order)2, 0, 32, NULL, 0), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_sort_keys(h, GP_SORT_U32, 8, d, d + 64, asc, -1, 32, NULL, 0), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_sort_keys(h, GP_SORT_U32, 8, d, d + 64, asc, 9, 8, NULL, 0), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_sort_keys(h, GP_SORT_U32, 8, d, d + 64, asc, 0, 33, NULL, 0), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_sort_keys(h, GP_SORT_I64, 8, d, d + 64, asc, 0, 65, NULL, 0), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_sort_keys(h, GP_SORT_I64, 8, d, d + 64, asc, 0, 64, NULL, 0), GP_SUCCESS);
    CHECK_EQ_INT(gp_sort_keys(h, GP_SORT_F32, 8, d, d + 64, asc, 32, 32, NULL, 0), GP_SUCCESS); /* no bits: a copy */
    CHECK_EQ_INT(gp_sort_pairs(h, GP_SORT_U32, 0, 8, d, d + 64, d + 128, d + 192, asc, 0, 32, NULL, 0), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_sort_pairs(h, GP_SORT_U32, 3, 8, d, d + 64, d + 128, d + 192, asc, 0, 32, NULL, 0), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_sort_pairs(NULL, GP_SORT_U32, 3, 8, d, d + 64, d + 128, d + 192, asc, 0, 32, NULL, 0), GP_ERROR_INVALID_HANDLE);
    /* alignment: keys to the key size, values to the value size */
    CHECK_EQ_INT(gp_sort_keys(h, GP_SORT_U32, 8, (char *)d + 2, d + 64, asc, 0, 32, NULL, 0), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_sort_keys(h, GP_SORT_U64, 8, d + 1, d + 64, asc, 0, 64, NULL, 0), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_sort_pairs(h, GP_SORT_U32, 8, 8, d, d + 64, d + 129, d + 192, asc, 0, 32, NULL, 0), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_sort_keys(h, GP_SORT_U32, 8, d + 1, d + 65, asc, 0, 32, NULL, 0), GP_SUCCESS); /* 4-byte aligned */
    /* overlaps: out of place; outputs apart from the inputs, each other and the workspace */
    CHECK_EQ_INT(gp_sort_keys(h, GP_SORT_U32, 8, d, d, asc, 0, 32, NULL, 0), GP_ERROR_OVERLAP);
    CHECK_EQ_INT(gp_sort_keys(h, GP_SORT_U32, 8, d, d + 4, asc, 0, 32, NULL, 0), GP_ERROR_OVERLAP);
    CHECK_EQ_INT(gp_sort_keys(h, GP_SORT_U32, 8, d, d + 8, asc, 0, 32, NULL, 0), GP_SUCCESS); /* adjacent */
    CHECK_EQ_INT(gp_sort_pairs(h, GP_SORT_U32, 4, 8, d, d + 64, d + 128, d + 68, asc, 0, 32, NULL, 0), GP_ERROR_OVERLAP);
    CHECK_EQ_INT(gp_sort_pairs(h, GP_SORT_U32, 4, 8, d, d + 64, d + 60, d + 128, asc, 0, 32, NULL, 0), GP_ERROR_OVERLAP);
    CHECK_EQ_INT(gp_sort_pairs(h, GP_SORT_U32, 4, 8, d, d + 64, d + 128, d + 4, asc, 0, 32, NULL, 0), GP_ERROR_OVERLAP);
    CHECK_EQ_INT(gp_sort_keys(h, GP_SORT_U32, 8, d, d + 64, asc, 0, 32, d + 60, 64), GP_ERROR_OVERLAP);
    CHECK_EQ_INT(gp_sort_keys(h, GP_SORT_U32, 8, d, d + 64, asc, 0, 32, d + 128, 512), GP_SUCCESS);
    /* the size query */
    CHECK_EQ_INT(gp_sort_workspace_size(NULL, GP_SORT_U32, 0, 8, &bytes), GP_ERROR_INVALID_HANDLE);
    CHECK_EQ_INT(gp_sort_workspace_size(h, GP_SORT_U32, 0, 8, NULL), GP_ERROR_NULL_POINTER);
    CHECK_EQ_INT(gp_sort_workspace_size(h, GP_SORT_KEY_COUNT, 0, 8, &bytes), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_sort_workspace_size(h, GP_SORT_U32, 3, 8, &bytes), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_sort_workspace_size(h, GP_SORT_U32, 0, -1, &bytes), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_sort_workspace_size(h, GP_SORT_U64, 8, 1, &bytes), GP_SUCCESS);
    CHECK_EQ_INT(bytes, 0);
    CHECK_EQ_INT(gp_set_rung(h, GP_PRIM_SORT, gp_rung_count(GP_PRIM_SORT) + 1), GP_ERROR_INVALID_RUNG);
    CHECK_EQ_INT(gp_set_config(h, GP_PRIM_SORT, GP_SORT_OB_CONFIGS + 1), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(cudaDeviceSynchronize(), cudaSuccess);
    cudaFree(d);
    cudaFree(ws);
}

/* A workspace one byte short, the caller's or the handle's: every rung (and auto) refuses before queueing
 * anything (the poisoned output stays poisoned); a call that needs none runs with any workspace. */
static void workspace_checks(gp_handle h)
{
    const int64_t n = 100003;
    uint32_t *in = NULL, *out = NULL, *hout = (uint32_t *)malloc(n * 4);
    void *ws = NULL;
    CHECK_EQ_INT(cudaMalloc((void **)&in, n * 4), cudaSuccess);
    CHECK_EQ_INT(cudaMalloc((void **)&out, n * 4), cudaSuccess);
    gpt_fill_i32((int32_t *)in, n, INT32_MIN, INT32_MAX, 3, 0);
    for (int r = 0; r <= gp_rung_count(GP_PRIM_SORT); r++) if (tc_rung_selected(r)) {
        size_t need = 0;
        int64_t unpoisoned = 0;
        if (!runs(h, r)) continue;
        gp_set_rung(h, GP_PRIM_SORT, r);
        CHECK_EQ_INT(gp_sort_workspace_size(h, GP_SORT_U32, 0, n, &need), GP_SUCCESS);
        CHECK(need > 0);
        if (!need || cudaMalloc(&ws, need) != cudaSuccess) continue;
        gpt_poison(out, n * 4, 0);
        CHECK_EQ_INT(gp_sort_keys(h, GP_SORT_U32, n, in, out, GP_SORT_ASCENDING, 0, 32, ws, need - 1),
                     GP_ERROR_WORKSPACE_TOO_SMALL);
        CHECK_EQ_INT(gp_set_workspace(h, ws, need - 1), GP_SUCCESS);
        CHECK_EQ_INT(gp_sort_keys(h, GP_SORT_U32, n, in, out, GP_SORT_DESCENDING, 0, 32, NULL, 0),
                     GP_ERROR_WORKSPACE_TOO_SMALL);
        CHECK_EQ_INT(cudaDeviceSynchronize(), cudaSuccess);
        cudaMemcpy(hout, out, n * 4, cudaMemcpyDeviceToHost);
        for (int64_t i = 0; i < n; i++) unpoisoned += hout[i] != 0xFFFFFFFFu;
        CHECK_EQ_INT(unpoisoned, 0);
        /* exactly enough, as the handle's workspace */
        CHECK_EQ_INT(gp_set_workspace(h, ws, need), GP_SUCCESS);
        CHECK_EQ_INT(gp_sort_keys(h, GP_SORT_U32, n, in, out, GP_SORT_ASCENDING, 0, 32, NULL, 0), GP_SUCCESS);
        CHECK_EQ_INT(cudaDeviceSynchronize(), cudaSuccess);
        CHECK_EQ_INT(gp_set_workspace(h, NULL, 0), GP_SUCCESS);
        cudaFree(ws);
        ws = NULL;
    }
    gp_set_rung(h, GP_PRIM_SORT, 0);
    /* the automatic choice sorts small inputs in one block on the rungs that can (no workspace at all) */
    {
        size_t need = 1;
        CHECK_EQ_INT(gp_sort_workspace_size(h, GP_SORT_F32, 4, 1000, &need), GP_SUCCESS);
        CHECK(gpt_verify_sort_case(h, &(gpt_sort_case){0, -1, GP_SORT_F32, 4, 1000, GPT_SORT_RANDOM,
                                                       GP_SORT_ASCENDING, 0, -1, 0, 0, 1}, 5, 0) == 0);
        const int ran = tc_auto_rung(h, GP_PRIM_SORT);
        CHECK(ran > 0);
        if (ran == gp_rung_find(GP_PRIM_SORT, "onesweep_lean") || ran == gp_rung_find(GP_PRIM_SORT, "one_block"))
            CHECK_EQ_INT(need, 0);
        CHECK_EQ_INT(cudaMalloc(&ws, 16), cudaSuccess);
        CHECK_EQ_INT(gp_set_workspace(h, ws, 1), GP_SUCCESS);
        if (need == 0) CHECK_EQ_INT(gp_sort_pairs(h, GP_SORT_F32, 4, 1000, in, out, in + 1000, out + 1000,
                                                  GP_SORT_ASCENDING, 0, 32, NULL, 0), GP_SUCCESS);
        CHECK_EQ_INT(gp_set_workspace(h, NULL, 0), GP_SUCCESS);
        CHECK_EQ_INT(cudaDeviceSynchronize(), cudaSuccess);
        cudaFree(ws);
    }
    cudaFree(in);
    cudaFree(out);
    free(hout);
}

/* Rung 05's configurations: each path where it can hold the call, the size rule's otherwise (sort_rule.h), and
 * gp_get_last_config names the path that ran. */
static int configs(gp_handle h, uint64_t *seed)
{
    static const int64_t sizes[] = {2, 100, 1536, 1537, 2048, 2049, 4096, 4097, 8192, 8193, 16384, 16385, 20000};
    static const struct { gp_sort_key kt; int vb; } types[] = {
        {GP_SORT_U32, 0}, {GP_SORT_F32, 4}, {GP_SORT_I32, 8}, {GP_SORT_U64, 0}, {GP_SORT_I64, 4}, {GP_SORT_F32, 0}};
    const int r05 = gp_rung_find(GP_PRIM_SORT, "onesweep_lean");
    int fails = 0;
    if (!runs(h, r05) || !tc_rung_selected(r05)) return 0;
    for (int cfg = 0; cfg <= GP_SORT_OB_CONFIGS; cfg++)
        for (size_t t = 0; t < sizeof types / sizeof types[0]; t++)
            for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
                if (getenv("GP_TEST_SMALL") && (i + t) % 3 != 0) continue;
                gpt_sort_case c = gpt_sort_case_of(r05, types[t].kt, types[t].vb, sizes[i],
                                                   (int)((i + t) % GPT_SORT_DIST_COUNT), (gp_sort_order)(i & 1));
                int ran_cfg = -9;
                c.config = cfg;
                c.off_in = (int)(t % 3);
                fails += gpt_verify_sort_case(h, &c, (*seed)++, 0);
                if (tc_last_rung(h, GP_PRIM_SORT) != r05) continue; /* the device cannot run it: a rung below ran */
                gp_get_last_config(h, GP_PRIM_SORT, &ran_cfg);
                CHECK_EQ_INT(ran_cfg, gp_sort_r05_choose(cfg, sizes[i], kbytes(types[t].kt), types[t].vb));
            }
    printf("rung 05 configurations 0-%d: %d failures\n", GP_SORT_OB_CONFIGS, fails);
    return fails;
}

/* Two independent 64-bit hashes of (key, input index), summed over a set of pairs: equal sums for the input's
 * pairs and the output's mean the same multiset (up to a chance of ~2^-128), read in order, no random access. */
static void pair_hash(uint32_t key, uint32_t index, uint64_t *s1, uint64_t *s2)
{
    const uint64_t p = (uint64_t)key << 32 | index;
    *s1 += gpt_mix64(p);
    *s2 += gpt_mix64(p ^ 0x5851f42d4c957f2dull) * 0x9e3779b97f4a7c15ull;
}

/* More than 2^31 keys (64-bit sizes, tile ids and look-back counts): u32 keys with their u32 index as the value,
 * every rung and auto. The pairs are checked without a reference sort and without random access (~10 s per rung
 * on the CPU): the keys ascend, equal keys have ascending values (stable), every value is an index below n, and
 * the (key, value) pairs are the input's (key, index) pairs (two hash sums), so the values are a permutation and
 * each key travelled with its index. The keys-only sort must then equal the pairs' keys. ~52 GB of device
 * memory (bitonic's workspace: 17 GB), ~26 GB of host memory. */
static void large(gp_handle h, uint64_t seed)
{
    const int64_t n = ((int64_t)1 << 31) + 12345;
    const size_t bytes = (size_t)n * 4;
    size_t freeb = 0, total = 0;
    uint32_t *kin = NULL, *kout = NULL, *vin = NULL, *vout = NULL;
    uint32_t *hk = (uint32_t *)malloc(bytes), *ho = (uint32_t *)malloc(bytes), *hv = (uint32_t *)malloc(bytes);
    uint64_t in1 = 0, in2 = 0;
    cudaMemGetInfo(&freeb, &total);
    if (!hk || !ho || !hv || freeb < 4 * bytes + ((size_t)1 << 30) ||
        cudaMalloc((void **)&kin, bytes) != cudaSuccess || cudaMalloc((void **)&kout, bytes) != cudaSuccess ||
        cudaMalloc((void **)&vin, bytes) != cudaSuccess || cudaMalloc((void **)&vout, bytes) != cudaSuccess) {
        printf("large case skipped: %zu MB free on the device, or host memory\n", freeb >> 20);
        goto out;
    }
    gpt_fill_i32((int32_t *)kin, n, INT32_MIN, INT32_MAX, seed, 0);
    for (int64_t i = 0; i < n; i++) hv[i] = (uint32_t)i;
    cudaMemcpy(vin, hv, bytes, cudaMemcpyHostToDevice);
    cudaMemcpy(hk, kin, bytes, cudaMemcpyDeviceToHost);
    for (int64_t i = 0; i < n; i++) pair_hash(hk[i], (uint32_t)i, &in1, &in2);
    for (int r = 0; r <= gp_rung_count(GP_PRIM_SORT); r++) if (tc_rung_selected(r)) {
        size_t need = 0;
        void *ws = NULL;
        int64_t bad = 0;
        uint64_t out1 = 0, out2 = 0;
        if (!runs(h, r)) continue;
        gp_set_rung(h, GP_PRIM_SORT, r);
        CHECK_EQ_INT(gp_sort_workspace_size(h, GP_SORT_U32, 4, n, &need), GP_SUCCESS);
        if (cudaMalloc(&ws, need) != cudaSuccess) {
            (void)cudaGetLastError();
            printf("large rung %d skipped: no room for %.1f GB of workspace\n", r, need / 1e9);
            continue;
        }
        gpt_poison(kout, bytes, 0);
        gpt_poison(vout, bytes, 0);
        CHECK_EQ_INT(gp_sort_pairs(h, GP_SORT_U32, 4, n, kin, kout, vin, vout, GP_SORT_ASCENDING, 0, 32, ws, need),
                     GP_SUCCESS);
        CHECK_EQ_INT(cudaDeviceSynchronize(), cudaSuccess);
        cudaMemcpy(ho, kout, bytes, cudaMemcpyDeviceToHost);
        cudaMemcpy(hv, vout, bytes, cudaMemcpyDeviceToHost);
        for (int64_t j = 0; j < n; j++) {
            bad += (int64_t)hv[j] >= n || (j > 0 && !(ho[j - 1] < ho[j] || (ho[j - 1] == ho[j] && hv[j - 1] < hv[j])));
            pair_hash(ho[j], hv[j], &out1, &out2);
        }
        CHECK_EQ_INT(bad, 0);
        CHECK(out1 == in1 && out2 == in2);
        printf("large n=2^31+12345 rung %d (ran %d): u32/u32 pairs checked (%lld out of order, pairs %s)\n", r,
               tc_last_rung(h, GP_PRIM_SORT), (long long)bad, out1 == in1 && out2 == in2 ? "kept" : "CHANGED");
        /* the keys alone: the same keys */
        gpt_poison(kout, bytes, 0);
        CHECK_EQ_INT(gp_sort_keys(h, GP_SORT_U32, n, kin, kout, GP_SORT_ASCENDING, 0, 32, ws, need), GP_SUCCESS);
        CHECK_EQ_INT(cudaDeviceSynchronize(), cudaSuccess);
        cudaMemcpy(hv, kout, bytes, cudaMemcpyDeviceToHost);
        CHECK(memcmp(hv, ho, bytes) == 0);
        cudaFree(ws);
    }
    gp_set_rung(h, GP_PRIM_SORT, 0);
out:
    (void)cudaGetLastError();
    cudaFree(kin);
    cudaFree(kout);
    cudaFree(vin);
    cudaFree(vout);
    free(hk);
    free(ho);
    free(hv);
}

int main(int argc, char **argv)
{
    /* every tile edge: bitonic 2048; rungs 02-04 384 x 18/14/11/12/10/9 = 6912/5376/4224/4608/3840/3456; rung 05
     * 384 x 20/14/15/10 = 7680/5376/5760/3840; one block 2048/4096/8192/16384; then several tiles */
    static const int64_t sizes[] = {1,    2,    3,    31,   32,   33,   255,  257,  1535, 1536,   1537,
                                    2047, 2049, 3455, 3456, 3457, 3841, 4096, 4097, 4225, 4609,   5377,
                                    5761, 6911, 6912, 6913, 7679, 7680, 7681, 8192, 8193, 16384,  16385,
                                    100003, (1 << 20) + 7};
    static const int vbs[3] = {0, 4, 8};
    static const int offs[][2] = {{0, 0}, {1, 3}, {3, 1}, {2, 2}};
    static const int r32[][2] = {{0, 8}, {0, 13}, {7, 23}, {16, 32}, {24, 32}, {5, 5}, {31, 32}, {3, 30}};
    static const int r64[][2] = {{0, 8}, {3, 41}, {32, 64}, {20, 28}, {60, 64}, {0, 33}, {12, 12}, {1, 63}};
    const int small = getenv("GP_TEST_SMALL") != NULL;
    const size_t nsizes = sizeof sizes / sizeof sizes[0] - (small ? 2 : 0);
    const int rungs = gp_rung_count(GP_PRIM_SORT);
    gp_handle h;
    cudaStream_t s;
    uint64_t seed = tc_seed("test_gpu_sort");
    (void)argv;
    gpt_skip_without_device("test_gpu_sort");
    CHECK_EQ_INT(gp_create(&h), GP_SUCCESS);
    arg_checks(h);
    workspace_checks(h);
    for (int r = 0; r <= rungs; r++) if (tc_rung_selected(r)) {
        int fails = 0, cases = 0;
        if (!runs(h, r)) continue;
        /* every key type and value size at every size; distributions, orders and offsets rotating */
        for (size_t i = 0; i < nsizes; i++)
            for (int t = 0; t < GP_SORT_KEY_COUNT; t++)
                for (int v = 0; v < 3; v++) {
                    if (small && (size_t)(3 * t + v) != i % 15) continue; /* sanitizers: one type per size */
                    gpt_sort_case c = gpt_sort_case_of(r, (gp_sort_key)t, vbs[v], sizes[i],
                                                       (int)((i + t + v) % GPT_SORT_DIST_COUNT),
                                                       (gp_sort_order)((i + t) & 1));
                    c.off_in = offs[(i + v) % 4][0];
                    c.off_out = offs[(i + v) % 4][1];
                    c.handle_ws = (int)((i + t + v) % 5 == 0);
                    fails += gpt_verify_sort_case(h, &c, seed++, 0);
                    cases++;
                }
        /* every distribution for every key type, both orders, one block and passes */
        for (int d = 0; d < GPT_SORT_DIST_COUNT; d++)
            for (int t = 0; t < GP_SORT_KEY_COUNT; t++)
                for (int o = 0; o < 2; o++) {
                    if (small && (t != d % GP_SORT_KEY_COUNT || o != (d & 1))) continue;
                    gpt_sort_case c = gpt_sort_case_of(r, (gp_sort_key)t, vbs[(d + o) % 3], (d + t) & 1 ? 30011 : 3001,
                                                       d, (gp_sort_order)o);
                    fails += gpt_verify_sort_case(h, &c, seed++, 0);
                    cases++;
                }
        /* bit ranges (stability among keys equal in the range), also over trivial passes */
        for (int k = 0; k < 8; k++) {
            const int64_t n = k & 1 ? 3001 : 50021;
            const struct { gp_sort_key kt; int vb, dist, desc, wide; } rc[] = {
                {GP_SORT_U32, 4, GPT_SORT_RANDOM, 0, 0},          {GP_SORT_F32, 0, GPT_SORT_F32_SPECIAL, k & 1, 0},
                {GP_SORT_I32, 8, GPT_SORT_RANDOM, 1, 0},          {GP_SORT_U64, 4, GPT_SORT_RANDOM, k & 1, 1},
                {GP_SORT_I64, 0, GPT_SORT_SIXTEEN, 0, 1},         {GP_SORT_U32, 0, GPT_SORT_HIGH_EQUAL + (k & 3), (k >> 1) & 1, 0},
                {GP_SORT_U64, 8, GPT_SORT_HIGH_EQUAL + (k & 3), k & 1, 1}, {GP_SORT_F32, 4, GPT_SORT_HIGH_EQUAL + ((k + 1) & 3), k & 1, 0}};
            for (size_t j = 0; j < sizeof rc / sizeof rc[0]; j++) {
                if (small && j != (size_t)k) continue;
                gpt_sort_case c = gpt_sort_case_of(r, rc[j].kt, rc[j].vb, n, rc[j].dist, (gp_sort_order)rc[j].desc);
                c.begin_bit = rc[j].wide ? r64[k][0] : r32[k][0];
                c.end_bit = rc[j].wide ? r64[k][1] : r32[k][1];
                fails += gpt_verify_sort_case(h, &c, seed++, 0);
                cases++;
            }
        }
        CHECK_EQ_INT(fails, 0);
        printf("rung %d: %d cases, %d failures\n", r, cases, fails);
    }
    CHECK_EQ_INT(configs(h, &seed), 0);
    /* a forced one-block rung 04 above its tile: rung 03 runs (the picker's fall-back) */
    {
        const int r04 = gp_rung_find(GP_PRIM_SORT, "one_block");
        CHECK(gpt_verify_sort_case(h, &(gpt_sort_case){r04, -1, GP_SORT_U32, 0, 100003, GPT_SORT_RANDOM,
                                                       GP_SORT_ASCENDING, 0, -1, 0, 0, 0}, seed++, 0) == 0);
        CHECK_EQ_INT(tc_last_rung(h, GP_PRIM_SORT), gp_rung_find(GP_PRIM_SORT, "onesweep"));
        CHECK(gpt_verify_sort_case(h, &(gpt_sort_case){r04, -1, GP_SORT_U32, 0, 6000, GPT_SORT_RANDOM,
                                                       GP_SORT_ASCENDING, 0, -1, 0, 0, 0}, seed++, 0) == 0);
        CHECK_EQ_INT(tc_last_rung(h, GP_PRIM_SORT), r04);
    }
    /* the look-back rungs, 20 times on the same size: races show as errors that move */
    {
        const int lb[2] = {gp_rung_find(GP_PRIM_SORT, "onesweep"), gp_rung_find(GP_PRIM_SORT, "onesweep_lean")};
        const int64_t n = small ? 100003 : ((int64_t)1 << 22) + 3;
        const int reps = tc_tiny() ? 4 : 20; /* GP_TEST_SMALL=2: racecheck */
        for (int i = 0; i < 2; i++) {
            int fails = 0;
            if (!tc_rung_selected(lb[i]) || !runs(h, lb[i])) continue;
            for (int rep = 0; rep < reps; rep++) {
                gpt_sort_case c = gpt_sort_case_of(lb[i], rep & 1 ? GP_SORT_U64 : GP_SORT_U32, rep % 3 == 0 ? 4 : 0, n,
                                                   rep & 2 ? GPT_SORT_SIXTEEN : GPT_SORT_RANDOM, (gp_sort_order)(rep & 1));
                fails += gpt_verify_sort_case(h, &c, seed++, 0);
            }
            CHECK_EQ_INT(fails, 0);
            printf("look-back rung %d repeated %dx at n=%lld: %d failures\n", lb[i], reps, (long long)n, fails);
        }
    }
    /* on a user stream */
    CHECK_EQ_INT(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), cudaSuccess);
    CHECK_EQ_INT(gp_set_stream(h, s), GP_SUCCESS);
    for (int r = 0; r <= rungs; r++) if (tc_rung_selected(r)) {
        if (!runs(h, r)) continue;
        CHECK(gpt_verify_sort_case(h, &(gpt_sort_case){r, -1, GP_SORT_U32, 4, tc_tiny() ? 20011 : small ? 100003 : (1 << 20) + 7, GPT_SORT_RANDOM,
                                                       GP_SORT_ASCENDING, 0, -1, 1, 1, 0}, seed++, 0) == 0);
        CHECK(gpt_verify_sort_case(h, &(gpt_sort_case){r, -1, GP_SORT_F32, 0, 5000, GPT_SORT_F32_SPECIAL,
                                                       GP_SORT_DESCENDING, 0, -1, 0, 0, 1}, seed++, 0) == 0);
    }
    CHECK_EQ_INT(gp_set_stream(h, 0), GP_SUCCESS);
    cudaStreamDestroy(s);
    if (argc > 1 || getenv("GP_TEST_LARGE")) large(h, seed);
    CHECK_EQ_INT(gp_destroy(h), GP_SUCCESS);
    return tc_summary("test_gpu_sort");
}
