/* test_gpu_dist.c — gpuprim_dist on 2 GPUs: two threads, one rank each, on communicators from ncclCommInitAll
 * (NCCL_NVLS_ENABLE=0 is set before NCCL starts). Each distributed call is compared, exactly, with the
 * single-GPU gpuprim call on the ranks' inputs concatenated in rank order (run on GPU 0): reduce sum/min/max
 * (small integer values, so every sum is exact), histogram, exclusive scan i32 (wrapping) and f32 (exact
 * integers), in place too, sort of keys and of pairs (stable: values are global positions). Sizes per rank:
 * unequal, a rank with 0 elements, both empty, tiny, a few million. Sort keys: random, few distinct, all equal
 * (the skew case: each rank must get at most gp_dist_sort_capacity_bound keys), two values. A capacity too
 * small on one rank: both ranks return GP_ERROR_WORKSPACE_TOO_SMALL with the count they need, outputs
 * untouched, and the retry with that count succeeds. Local argument errors.
 * Exits 77 (skipped) with fewer than 2 GPUs, and where gpuprim_dist is not built (then this file is a stub:
 * cmake/dist.cmake defines GPUPRIM_DIST_TEST and links it). Run on 2 H200s once (results/h200-2026-11-24/call1-dist),
 * before the 2-rank merge path. */
#ifndef GPUPRIM_DIST_TEST
#include <stdio.h>
int main(void)
{
    printf("test_gpu_dist: gpuprim_dist is not built (NCCL not found, or GPUPRIM_DIST=OFF): skipped\n");
    return 77;
}
#else
#include "tcheck.h"
#include "gpu_test.h"
#include "gpuprim_dist.h"
#include <cuda_runtime.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define RANKS 2

/* What the ranks share: communicators, a barrier, and each rank's result of the current case (rank 0 checks
 * them; only rank 0's thread touches the CHECK counters). */
static struct {
    ncclComm_t comm[RANKS];
    pthread_barrier_t bar;
    uint64_t seed;
    gp_status st[RANKS];
    int64_t n_out[RANKS];
    void *host[RANKS];      /* a rank's output, copied to the host */
    void *host_vals[RANKS]; /* and its values (sort pairs) */
} G;

static void barrier(void) { pthread_barrier_wait(&G.bar); }

/* Element i of case c's global input: a fixed function of (seed, c, i), so each rank makes its own slice. */
static uint64_t mix(uint64_t c, uint64_t i)
{
    uint64_t z = G.seed * 0x9e3779b97f4a7c15ull + c * 0xd1b54a32d192ed03ull + i * 0x8cb92ba72f3d8dd7ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

enum { K_SMALL_INT, K_WIDE_F32, K_I32, K_U32_RANDOM, K_U32_FEW, K_U32_EQUAL, K_U32_TWO };
static uint32_t f32_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}
static uint32_t elem(int kind, uint64_t c, uint64_t i)
{
    const uint64_t z = mix(c, i);
    switch (kind) {
    case K_SMALL_INT: return f32_bits((float)((int)(z % 16) - 8)); /* sums of these are exact in f32 */
    case K_WIDE_F32: return f32_bits(-10.0f + 20.0f * (float)(z >> 40) / (float)(1u << 24));
    case K_I32: case K_U32_RANDOM: return (uint32_t)z;
    case K_U32_FEW: return (uint32_t)(z % 7) * 0x10001u;
    case K_U32_EQUAL: return 0x5eedu;
    default: return (z & 1) ? 0xffffffffu : 0u;
    }
}

/* Host array of the 4-byte elements [from, from + n) of case c. */
static uint32_t *make_host(int kind, uint64_t c, int64_t from, int64_t n)
{
    uint32_t *a = malloc(4 * (size_t)(n + 1));
    for (int64_t i = 0; i < n; i++) a[i] = elem(kind, c, (uint64_t)(from + i));
    return a;
}

/* Device copy (NULL for n == 0: the calls must take NULL for an empty rank). cudaMemcpy runs on the legacy
 * stream, which does not order against the handle's non-blocking stream: both helpers synchronise the device,
 * so a copy never races the kernels that read or write its buffer. */
static void *to_device(const void *h, int64_t n)
{
    void *d = NULL;
    if (n == 0) return NULL;
    if (cudaMalloc(&d, 4 * (size_t)n) != cudaSuccess) { fprintf(stderr, "cudaMalloc failed\n"); exit(1); }
    cudaMemcpy(d, h, 4 * (size_t)n, cudaMemcpyHostToDevice);
    cudaDeviceSynchronize();
    return d;
}

static void *to_host(const void *d, int64_t n)
{
    void *h = malloc(4 * (size_t)(n + 1));
    cudaDeviceSynchronize();
    if (n > 0) cudaMemcpy(h, d, 4 * (size_t)n, cudaMemcpyDeviceToHost);
    return h;
}

typedef struct sizes { int64_t n[RANKS]; } sizes;
static const sizes SIZES[] = {{{1000003, 777777}}, {{0, 654321}}, {{123457, 0}}, {{1, 0}}, {{0, 0}}, {{3, 5}},
                              {{4096, 4096}}};
#define NSIZES ((int)(sizeof SIZES / sizeof SIZES[0]))

static int64_t total_of(const sizes *z) { return z->n[0] + z->n[1]; }
static int64_t first_of(const sizes *z, int r) { return r == 0 ? 0 : z->n[0]; }

/* Rank 0: the ranks' host outputs concatenated equal ref[0, n) (4-byte elements), as bits. */
static int concat_equals(const uint32_t *ref, int64_t n, void *const *host, const int64_t *counts)
{
    int64_t at = 0;
    for (int r = 0; r < RANKS; r++) {
        if (at + counts[r] > n) return 0;
        if (counts[r] && memcmp((const uint32_t *)host[r], ref + at, 4 * (size_t)counts[r])) return 0;
        at += counts[r];
    }
    return at == n;
}

/* Rank 0: every rank's call succeeded and its host output holds ref's `bytes`, as bits. */
static void check_every_rank(const void *ref, size_t bytes)
{
    for (int q = 0; q < RANKS; q++) {
        CHECK_EQ_INT(G.st[q], GP_SUCCESS);
        CHECK(memcmp(G.host[q], ref, bytes) == 0);
    }
}

/* ---- reduce and histogram: every rank gets the global result ---- */
static void reduce_cases(int r, gp_handle h, cudaStream_t s)
{
    for (int zi = 0; zi < NSIZES; zi++)
        for (int op = 0; op < GP_REDUCE_OP_COUNT; op++) {
            const sizes *z = &SIZES[zi];
            const uint64_t c = 100 + (uint64_t)zi;
            uint32_t *in = make_host(K_SMALL_INT, c, first_of(z, r), z->n[r]);
            float *d_in = to_device(in, z->n[r]), *d_out = NULL;
            cudaMalloc((void **)&d_out, 4);
            G.st[r] = gp_dist_reduce_f32(h, G.comm[r], (gp_reduce_op)op, z->n[r], d_in, d_out);
            cudaStreamSynchronize(s);
            G.host[r] = to_host(d_out, 1);
            barrier();
            if (r == 0) {
                const int64_t N = total_of(z);
                uint32_t *all = make_host(K_SMALL_INT, c, 0, N);
                float *d_all = to_device(all, N), ref = 0.0f;
                CHECK_EQ_INT(gp_reduce_f32(h, (gp_reduce_op)op, N, d_all, d_out), GP_SUCCESS);
                cudaDeviceSynchronize();
                cudaMemcpy(&ref, d_out, 4, cudaMemcpyDeviceToHost);
                check_every_rank(&ref, 4);
                cudaFree(d_all);
                free(all);
            }
            barrier();
            free(G.host[r]);
            free(in);
            cudaFree(d_in);
            cudaFree(d_out);
        }
}

static void histogram_cases(int r, gp_handle h, cudaStream_t s)
{
    const int bins = 37;
    for (int zi = 0; zi < NSIZES; zi++) {
        const sizes *z = &SIZES[zi];
        const uint64_t c = 200 + (uint64_t)zi;
        uint32_t *in = make_host(K_WIDE_F32, c, first_of(z, r), z->n[r]), *d_bins = NULL;
        float *d_in = to_device(in, z->n[r]);
        cudaMalloc((void **)&d_bins, 4 * bins);
        G.st[r] = gp_dist_histogram_even_f32(h, G.comm[r], z->n[r], d_in, bins, -8.0f, 8.0f, d_bins);
        cudaStreamSynchronize(s);
        G.host[r] = to_host(d_bins, bins);
        barrier();
        if (r == 0) {
            const int64_t N = total_of(z);
            uint32_t *all = make_host(K_WIDE_F32, c, 0, N), *ref;
            float *d_all = to_device(all, N);
            CHECK_EQ_INT(gp_histogram_even_f32(h, N, d_all, bins, -8.0f, 8.0f, d_bins), GP_SUCCESS);
            ref = to_host(d_bins, bins);
            check_every_rank(ref, 4 * (size_t)bins);
            free(ref);
            cudaFree(d_all);
            free(all);
        }
        barrier();
        free(G.host[r]);
        free(in);
        cudaFree(d_in);
        cudaFree(d_bins);
    }
}

/* ---- exclusive scan: the ranks' outputs concatenated = the scan of the inputs concatenated ---- */
static void scan_cases(int r, gp_handle h, cudaStream_t s)
{
    for (int zi = 0; zi < NSIZES; zi++)
        for (int variant = 0; variant < 4; variant++) { /* i32, f32, i32 in place, f32 in place */
            const sizes *z = &SIZES[zi];
            const int is_f32 = variant & 1, in_place = variant >= 2, kind = is_f32 ? K_SMALL_INT : K_I32;
            const uint64_t c = 300 + (uint64_t)zi;
            uint32_t *in = make_host(kind, c, first_of(z, r), z->n[r]);
            void *d_in = to_device(in, z->n[r]), *d_out = in_place ? d_in : to_device(in, z->n[r]);
            G.st[r] = is_f32 ? gp_dist_exclusive_scan_f32(h, G.comm[r], z->n[r], d_in, d_out)
                             : gp_dist_exclusive_scan_i32(h, G.comm[r], z->n[r], d_in, d_out);
            cudaStreamSynchronize(s);
            G.host[r] = to_host(d_out, z->n[r]);
            barrier();
            if (r == 0) {
                const int64_t N = total_of(z);
                uint32_t *all = make_host(kind, c, 0, N), *ref;
                void *d_all = to_device(all, N);
                CHECK_EQ_INT(is_f32 ? gp_scan_f32(h, GP_SCAN_EXCLUSIVE, N, d_all, d_all)
                                    : gp_scan_i32(h, GP_SCAN_EXCLUSIVE, N, d_all, d_all), GP_SUCCESS);
                ref = to_host(d_all, N);
                for (int q = 0; q < RANKS; q++) CHECK_EQ_INT(G.st[q], GP_SUCCESS);
                CHECK(concat_equals(ref, N, G.host, z->n));
                free(ref);
                cudaFree(d_all);
                free(all);
            }
            barrier();
            free(G.host[r]);
            free(in);
            cudaFree(d_in);
            if (!in_place) cudaFree(d_out);
        }
}

/* ---- sort ---- */
static const sizes SORT_SIZES[] = {{{1000003, 777777}}, {{0, 654321}}, {{123457, 0}}, {{1, 0}}, {{0, 0}},
                                   {{3, 5}}, {{1 << 22, (1 << 21) + 7}}};
#define NSORT ((int)(sizeof SORT_SIZES / sizeof SORT_SIZES[0]))

/* One distributed sort on both ranks; rank 0 checks it against gp_sort_keys / gp_sort_pairs on GPU 0.
 * short_rank >= 0: that rank's capacity is one below its share first (both must refuse), then the retry. */
static void sort_case(int r, gp_handle h, cudaStream_t s, const sizes *z, int kind, int pairs, int short_rank,
                      uint64_t c)
{
    const int64_t N = total_of(z), n = z->n[r], n_max = z->n[0] > z->n[1] ? z->n[0] : z->n[1];
    int64_t bound = 0, cap, n_out = -1;
    uint32_t *keys = make_host(kind, c, first_of(z, r), n), *vals = malloc(4 * (size_t)(n + 1));
    uint32_t *d_keys, *d_vals, *d_kout = NULL, *d_vout = NULL;
    void *ws = NULL;
    size_t ws_bytes = 0;
    gp_status st;
    for (int64_t i = 0; i < n; i++) vals[i] = (uint32_t)(first_of(z, r) + i);
    d_keys = to_device(keys, n);
    d_vals = pairs ? to_device(vals, n) : NULL;
    gp_dist_sort_capacity_bound(RANKS, N, n_max, &bound);
    cap = bound;
    if (cap > 0) {
        cudaMalloc((void **)&d_kout, 4 * (size_t)cap);
        cudaMemset(d_kout, 0xab, 4 * (size_t)cap);
        if (pairs) cudaMalloc((void **)&d_vout, 4 * (size_t)cap);
        cudaDeviceSynchronize();
    }
    st = gp_dist_sort_workspace_size(h, G.comm[r], pairs ? 4 : 0, n, cap, &ws_bytes);
    if (st == GP_SUCCESS && cudaMalloc(&ws, ws_bytes) != cudaSuccess) st = GP_ERROR_ALLOC_FAILED;
    if (short_rank >= 0) {
        /* the first call finds the shares; then the short one: everyone refuses, outputs untouched */
        if (st == GP_SUCCESS)
            st = pairs ? gp_dist_sort_pairs_u32(h, G.comm[r], n, d_keys, d_vals, d_kout, d_vout, cap, &n_out, ws,
                                                ws_bytes)
                       : gp_dist_sort_keys_u32(h, G.comm[r], n, d_keys, d_kout, cap, &n_out, ws, ws_bytes);
        cudaStreamSynchronize(s);
        if (st == GP_SUCCESS) { /* (the cases that use this have a share > 0 on every rank) */
            const int64_t share = n_out, short_cap = r == short_rank ? share - 1 : cap;
            int64_t need = -1;
            uint32_t first = 0;
            if (cap > 0) cudaMemset(d_kout, 0xab, 4 * (size_t)cap);
            cudaDeviceSynchronize();
            st = pairs ? gp_dist_sort_pairs_u32(h, G.comm[r], n, d_keys, d_vals, d_kout, d_vout, short_cap, &need,
                                                ws, ws_bytes)
                       : gp_dist_sort_keys_u32(h, G.comm[r], n, d_keys, d_kout, short_cap, &need, ws, ws_bytes);
            cudaDeviceSynchronize();
            cudaMemcpy(&first, d_kout, 4, cudaMemcpyDeviceToHost);
            G.st[r] = (st == GP_ERROR_WORKSPACE_TOO_SMALL && need == share && first == 0xababababu)
                          ? GP_SUCCESS : GP_ERROR_INVALID_VALUE;
            st = GP_SUCCESS;
            cap = need; /* the retry with the count it said */
        } else {
            G.st[r] = st;
        }
        barrier();
        if (r == 0) CHECK(G.st[0] == GP_SUCCESS && G.st[1] == GP_SUCCESS); /* both refused, counts right */
        barrier();
    }
    G.st[r] = st == GP_SUCCESS ? (pairs ? gp_dist_sort_pairs_u32(h, G.comm[r], n, d_keys, d_vals, d_kout, d_vout, cap,
                                                                &n_out, ws, ws_bytes)
                                        : gp_dist_sort_keys_u32(h, G.comm[r], n, d_keys, d_kout, cap, &n_out, ws,
                                                                ws_bytes))
                               : st;
    cudaStreamSynchronize(s);
    if (cudaGetLastError() != cudaSuccess && G.st[r] == GP_SUCCESS) G.st[r] = GP_ERROR_CUDA;
    G.n_out[r] = n_out;
    G.host[r] = to_host(d_kout, n_out > 0 ? n_out : 0);
    G.host_vals[r] = pairs ? to_host(d_vout, n_out > 0 ? n_out : 0) : NULL;
    barrier();
    if (r == 0) {
        uint32_t *all = make_host(kind, c, 0, N), *idx = malloc(4 * (size_t)(N + 1)), *ref, *ref_vals = NULL;
        uint32_t *d_all, *d_idx, *d_sorted = NULL, *d_svals = NULL;
        void *rws = NULL;
        size_t rws_bytes = 0;
        for (int64_t i = 0; i < N; i++) idx[i] = (uint32_t)i;
        d_all = to_device(all, N);
        d_idx = to_device(idx, N);
        if (N) {
            cudaMalloc((void **)&d_sorted, 4 * (size_t)N);
            cudaMalloc((void **)&d_svals, 4 * (size_t)N);
        }
        gp_sort_workspace_size(h, GP_SORT_U32, pairs ? 4 : 0, N, &rws_bytes);
        if (rws_bytes) cudaMalloc(&rws, rws_bytes);
        CHECK_EQ_INT(pairs ? gp_sort_pairs(h, GP_SORT_U32, 4, N, d_all, d_sorted, d_idx, d_svals, GP_SORT_ASCENDING,
                                           0, 32, rws, rws_bytes)
                           : gp_sort_keys(h, GP_SORT_U32, N, d_all, d_sorted, GP_SORT_ASCENDING, 0, 32, rws, rws_bytes),
                     GP_SUCCESS);
        cudaStreamSynchronize(s);
        ref = to_host(d_sorted, N);
        if (pairs) ref_vals = to_host(d_svals, N);
        for (int q = 0; q < RANKS; q++) {
            CHECK_EQ_INT(G.st[q], GP_SUCCESS);
            CHECK(G.n_out[q] >= 0 && G.n_out[q] <= bound);
        }
        CHECK(concat_equals(ref, N, G.host, G.n_out));
        if (pairs) CHECK(concat_equals(ref_vals, N, G.host_vals, G.n_out));
        printf("sort %s kind %d n = %lld + %lld%s: ranks hold %lld + %lld (bound %lld)\n", pairs ? "pairs" : "keys",
               kind, (long long)z->n[0], (long long)z->n[1], short_rank >= 0 ? " (capacity retry)" : "",
               (long long)G.n_out[0], (long long)G.n_out[1], (long long)bound);
        free(ref);
        free(ref_vals);
        free(all);
        free(idx);
        cudaFree(d_all);
        cudaFree(d_idx);
        cudaFree(d_sorted);
        cudaFree(d_svals);
        cudaFree(rws);
    }
    barrier();
    free(G.host[r]);
    free(G.host_vals[r]);
    free(keys);
    free(vals);
    cudaFree(d_keys);
    cudaFree(d_vals);
    cudaFree(d_kout);
    cudaFree(d_vout);
    cudaFree(ws);
}

static void sort_cases(int r, gp_handle h, cudaStream_t s)
{
    const int kinds[] = {K_U32_RANDOM, K_U32_FEW, K_U32_EQUAL, K_U32_TWO};
    for (int zi = 0; zi < NSORT; zi++)
        for (int ki = 0; ki < 4; ki++)
            for (int pairs = 0; pairs < 2; pairs++)
                sort_case(r, h, s, &SORT_SIZES[zi], kinds[ki], pairs, -1, 400 + (uint64_t)(zi * 8 + ki));
    /* capacity one short on either rank, with all-equal keys (the skew case) and random keys */
    sort_case(r, h, s, &SORT_SIZES[0], K_U32_EQUAL, 0, 0, 500);
    sort_case(r, h, s, &SORT_SIZES[0], K_U32_RANDOM, 1, 1, 501);
    sort_case(r, h, s, &SORT_SIZES[1], K_U32_EQUAL, 1, 1, 502);
}

/* Local argument errors: returned before the rank communicates (so one rank can make them alone). */
static void arg_checks(gp_handle h)
{
    ncclComm_t comm = G.comm[0];
    float *d = NULL, host[4] = {0};
    int64_t n_out = 0, bound = 0;
    size_t bytes = 0;
    const cudaEvent_t events[3] = {0};
    cudaMalloc((void **)&d, 1024);
    CHECK_EQ_INT(gp_dist_reduce_f32(NULL, comm, GP_REDUCE_SUM, 4, d, d + 8), GP_ERROR_INVALID_HANDLE);
    CHECK_EQ_INT(gp_dist_reduce_f32(h, NULL, GP_REDUCE_SUM, 4, d, d + 8), GP_ERROR_NULL_POINTER);
    CHECK_EQ_INT(gp_dist_reduce_f32(h, comm, GP_REDUCE_OP_COUNT, 4, d, d + 8), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_dist_reduce_f32(h, comm, GP_REDUCE_SUM, -1, d, d + 8), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_dist_reduce_f32(h, comm, GP_REDUCE_SUM, 4, host, d + 8), GP_ERROR_HOST_POINTER);
    CHECK_EQ_INT(gp_dist_histogram_even_f32(h, comm, 4, d, 0, 0.0f, 1.0f, (uint32_t *)(d + 8)), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_dist_exclusive_scan_i32(h, comm, -1, (int32_t *)d, (int32_t *)d), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_dist_exclusive_scan_f32(h, comm, 4, host, d), GP_ERROR_HOST_POINTER);
    CHECK_EQ_INT(gp_dist_sort_workspace_size(h, comm, 8, 4, 4, &bytes), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_dist_sort_workspace_size(h, comm, 0, 4, 4, NULL), GP_ERROR_NULL_POINTER);
    CHECK_EQ_INT(gp_dist_sort_keys_u32(h, comm, 4, (uint32_t *)d, (uint32_t *)d + 64, 4, NULL, NULL, 0),
                 GP_ERROR_NULL_POINTER);
    CHECK_EQ_INT(gp_dist_sort_keys_u32(h, comm, -1, (uint32_t *)d, (uint32_t *)d + 64, 4, &n_out, NULL, 0),
                 GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_dist_sort_keys_u32(h, comm, 4, (uint32_t *)d, (uint32_t *)d + 64, -1, &n_out, NULL, 0),
                 GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_dist_sort_keys_u32(h, comm, 4, (uint32_t *)host, (uint32_t *)d + 64, 4, &n_out, NULL, 0),
                 GP_ERROR_HOST_POINTER);
    CHECK_EQ_INT(gp_dist_sort_keys_u32(h, comm, 4, (uint32_t *)d, (uint32_t *)d + 2, 4, &n_out, NULL, 0),
                 GP_ERROR_OVERLAP);
    CHECK_EQ_INT(gp_dist_sort_keys_u32(h, comm, 4, (uint32_t *)d, (uint32_t *)d + 64, 4, &n_out, d + 128, 16),
                 GP_ERROR_WORKSPACE_TOO_SMALL);
    CHECK_EQ_INT(gp_dist_sort_keys_u32(h, comm, 4, (uint32_t *)((char *)d + 1), (uint32_t *)d + 64, 4, &n_out,
                                       NULL, 0), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_dist_sort_capacity_bound(0, 10, 5, &bound), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_dist_sort_capacity_bound(2, 10, 11, &bound), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_dist_sort_capacity_bound(2, 1000, 1000, &bound), GP_SUCCESS);
    CHECK_EQ_INT(bound, 500 + 8 + 8 + 2);
    CHECK_EQ_INT(gp_dist_sort_record_events(events, 3), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp_dist_sort_record_events(NULL, 0), GP_SUCCESS);
    cudaFree(d);
}

static void *rank_main(void *arg)
{
    const int r = (int)(intptr_t)arg;
    gp_handle h = NULL;
    cudaStream_t s = NULL;
    cudaSetDevice(r);
    if (gp_create(&h) != GP_SUCCESS || cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) != cudaSuccess) {
        fprintf(stderr, "rank %d: no handle or stream\n", r);
        exit(1);
    }
    gp_set_stream(h, s);
    reduce_cases(r, h, s);
    histogram_cases(r, h, s);
    scan_cases(r, h, s);
    sort_cases(r, h, s);
    if (r == 0) arg_checks(h);
    barrier();
    gp_destroy(h);
    cudaStreamDestroy(s);
    return NULL;
}

int main(void)
{
    int devices = 0, ids[RANKS] = {0, 1};
    pthread_t t[RANKS];
    setenv("NCCL_NVLS_ENABLE", "0", 1); /* NVLink multicast stays off, before NCCL reads its environment */
    if (cudaGetDeviceCount(&devices) != cudaSuccess || devices < RANKS) {
        (void)cudaGetLastError();
        printf("test_gpu_dist: %d GPU(s), needs %d: skipped\n", devices, RANKS);
        return 77;
    }
    G.seed = tc_seed("test_gpu_dist");
    if (ncclCommInitAll(G.comm, RANKS, ids) != ncclSuccess) {
        fprintf(stderr, "ncclCommInitAll failed\n");
        return 1;
    }
    pthread_barrier_init(&G.bar, NULL, RANKS);
    for (int r = 0; r < RANKS; r++) pthread_create(&t[r], NULL, rank_main, (void *)(intptr_t)r);
    for (int r = 0; r < RANKS; r++) pthread_join(t[r], NULL);
    pthread_barrier_destroy(&G.bar);
    for (int r = 0; r < RANKS; r++) ncclCommDestroy(G.comm[r]);
    return tc_summary("test_gpu_dist");
}
#endif
