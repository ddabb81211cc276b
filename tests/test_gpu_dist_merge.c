/* test_gpu_dist_merge.c — the 2-rank sort's merge kernels (src/dist/dist_kernels.cu) on one GPU, without NCCL:
 * A (this rank's bucket) merged with B (the peer's) as the exchange delivers B, in chunks, into a buffer whose
 * not-yet-received part holds poison, exactly as exchange_merge2 in src/dist/dist.c calls the steps. Checked
 * against a stable merge on the CPU (ties to A when A is the lower rank, else to B), keys alone and with values
 * (each value is its element's origin, so any misplaced or duplicated element shows). Sizes: empty runs, one
 * element, tile +- 1, unequal, a few million; keys random, few distinct, all equal; chunks of 1000 keys, 65536
 * and all at once. Outputs are allocated exactly (memcheck sees a write past them) and poisoned first. Last, a
 * timing line for 2^30 outputs (2^29 + 2^29 random keys, 1 step and 16 steps; not asserted).
 * Exits 77 (skipped) without a GPU. */
#include "tcheck.h"
#include "gpu_test.h"
#include "dist_internal.h"
#include <cuda_runtime.h>
#include <stdlib.h>
#include <string.h>

static uint64_t SEED;
static uint64_t mix(uint64_t c, uint64_t i)
{
    uint64_t z = SEED * 0x9e3779b97f4a7c15ull + c * 0xd1b54a32d192ed03ull + i * 0x8cb92ba72f3d8dd7ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

enum { K_RANDOM, K_FEW, K_EQUAL, K_COUNT };
static int cmp_u32(const void *a, const void *b)
{
    const uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}
/* n sorted keys of a kind. */
static uint32_t *sorted_keys(int kind, uint64_t c, int64_t n)
{
    uint32_t *k = malloc(4 * (size_t)(n + 1));
    for (int64_t i = 0; i < n; i++) {
        const uint64_t z = mix(c, (uint64_t)i);
        k[i] = kind == K_RANDOM ? (uint32_t)z : kind == K_FEW ? (uint32_t)(z % 5) * 1000u : 77u;
    }
    qsort(k, (size_t)n, 4, cmp_u32);
    return k;
}

static void *dev_copy(const void *h, size_t bytes)
{
    void *d = NULL;
    if (cudaMalloc(&d, bytes ? bytes : 4) != cudaSuccess) { fprintf(stderr, "cudaMalloc failed\n"); exit(1); }
    if (h && bytes) cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice);
    return d;
}

/* The steps as exchange_merge2 makes them: B arrives `chunk` keys at a time into d_bk (poisoned beyond). */
static void run_steps(const uint32_t *d_ak, const uint32_t *d_av, int64_t na, uint32_t *d_bk, uint32_t *d_bv,
                      const uint32_t *bk, const uint32_t *bv, int64_t nb, int64_t chunk, int a_first, uint32_t *d_ok,
                      uint32_t *d_ov, int64_t *d_state, int64_t *d_parts, cudaStream_t s)
/* d_parts: (na + nb) / GP_DIST_MERGE_TILE + 3 entries, as the sort's workspace holds */
{
    const int64_t steps = nb > 0 ? (nb + chunk - 1) / chunk : 1;
    for (int64_t j = 0; j < steps; j++) {
        const int64_t at = j * chunk < nb ? j * chunk : nb, b_hi = at + chunk < nb ? at + chunk : nb;
        if (bk && b_hi > at) { /* the chunk "arrives": cudaMemcpy from pageable memory may return before its DMA
                                  is done, and the legacy stream does not order against s: synchronise the device */
            cudaDeviceSynchronize();
            cudaMemcpy(d_bk + at, bk + at, 4 * (size_t)(b_hi - at), cudaMemcpyHostToDevice);
            if (d_bv) cudaMemcpy(d_bv + at, bv + at, 4 * (size_t)(b_hi - at), cudaMemcpyHostToDevice);
            cudaDeviceSynchronize();
        }
        const int64_t expect = nb > 0 ? (b_hi - at) + (int64_t)((double)(b_hi - at) * (double)na / (double)nb) : na;
        CHECK_EQ_INT(gp__dist_launch_merge_step(d_ak, d_av, na, d_bk, d_bv, b_hi, b_hi == nb, j == 0, a_first, d_ok,
                                                d_ov, d_state, d_parts, (na + nb) / GP_DIST_MERGE_TILE + 3, expect, s),
                     cudaSuccess);
    }
}

static void merge_case(int64_t na, int64_t nb, int kind, int pairs, int a_first, int64_t chunk, cudaStream_t s)
{
    const uint64_t c = (uint64_t)(na * 31 + nb * 7 + kind);
    const int64_t n = na + nb, tiles = n / GP_DIST_MERGE_TILE + 3;
    uint32_t *ak = sorted_keys(kind, c, na), *bk = sorted_keys(kind, c + 1, nb);
    uint32_t *av = malloc(4 * (size_t)(na + 1)), *bv = malloc(4 * (size_t)(nb + 1));
    uint32_t *ok = malloc(4 * (size_t)(n + 1)), *ov = malloc(4 * (size_t)(n + 1));
    uint32_t *ref_k = malloc(4 * (size_t)(n + 1)), *ref_v = malloc(4 * (size_t)(n + 1));
    for (int64_t i = 0; i < na; i++) av[i] = (uint32_t)i;               /* origin: A's index */
    for (int64_t i = 0; i < nb; i++) bv[i] = 0x80000000u | (uint32_t)i; /* B's index, high bit set */
    {   /* the reference: a stable merge, ties to A iff a_first */
        int64_t i = 0, j = 0;
        for (int64_t o = 0; o < n; o++) {
            const int take_a = j >= nb || (i < na && (a_first ? ak[i] <= bk[j] : ak[i] < bk[j]));
            ref_k[o] = take_a ? ak[i] : bk[j];
            ref_v[o] = take_a ? av[i++] : bv[j++];
        }
    }
    uint32_t *d_ak = dev_copy(ak, 4 * (size_t)na), *d_av = pairs ? dev_copy(av, 4 * (size_t)na) : NULL;
    uint32_t *d_bk = dev_copy(NULL, 4 * (size_t)nb), *d_bv = pairs ? dev_copy(NULL, 4 * (size_t)nb) : NULL;
    uint32_t *d_ok = dev_copy(NULL, 4 * (size_t)n), *d_ov = pairs ? dev_copy(NULL, 4 * (size_t)n) : NULL;
    int64_t *d_state = dev_copy(NULL, 8 * GP_DIST_MS_COUNT), *d_parts = dev_copy(NULL, 8 * (size_t)tiles);
    cudaMemset(d_bk, 0x00, 4 * (size_t)nb); /* not yet received: zeros (before every key but 0) */
    if (pairs) cudaMemset(d_bv, 0xee, 4 * (size_t)nb);
    cudaMemset(d_ok, 0xcd, 4 * (size_t)n);
    if (pairs) cudaMemset(d_ov, 0xcd, 4 * (size_t)n);
    cudaMemset(d_state, 0x7f, 8 * GP_DIST_MS_COUNT); /* the first step must not read it */
    cudaDeviceSynchronize();
    run_steps(d_ak, d_av, na, d_bk, d_bv, bk, bv, nb, chunk, a_first, d_ok, d_ov, d_state, d_parts, s);
    CHECK_EQ_INT(cudaStreamSynchronize(s), cudaSuccess);
    if (n) cudaMemcpy(ok, d_ok, 4 * (size_t)n, cudaMemcpyDeviceToHost);
    if (n && pairs) cudaMemcpy(ov, d_ov, 4 * (size_t)n, cudaMemcpyDeviceToHost);
    const int good = memcmp(ok, ref_k, 4 * (size_t)n) == 0 && (!pairs || memcmp(ov, ref_v, 4 * (size_t)n) == 0);
    CHECK(good);
    if (!good)
        printf("  failed: na %lld nb %lld kind %d pairs %d a_first %d chunk %lld\n", (long long)na, (long long)nb,
               kind, pairs, a_first, (long long)chunk);
    cudaFree(d_ak); cudaFree(d_av); cudaFree(d_bk); cudaFree(d_bv); cudaFree(d_ok); cudaFree(d_ov);
    cudaFree(d_state); cudaFree(d_parts);
    free(ak); free(bk); free(av); free(bv); free(ok); free(ov); free(ref_k); free(ref_v);
}

/* 2^30 outputs from device-generated sorted runs (A: even multiples, B: odd, so they interleave evenly). */
static void timing(cudaStream_t s)
{
    const int64_t na = (int64_t)1 << 29, nb = na, n = na + nb;
    uint32_t *h = malloc(4 * (size_t)na), *d_ak, *d_bk, *d_ok, *d_av, *d_bv, *d_ov;
    int64_t *d_state, *d_parts;
    cudaEvent_t e0, e1;
    if (!h) return;
    if (cudaMalloc((void **)&d_ak, 4 * (size_t)na) || cudaMalloc((void **)&d_bk, 4 * (size_t)nb) ||
        cudaMalloc((void **)&d_ok, 4 * (size_t)n) || cudaMalloc((void **)&d_av, 4 * (size_t)na) ||
        cudaMalloc((void **)&d_bv, 4 * (size_t)nb) || cudaMalloc((void **)&d_ov, 4 * (size_t)n) ||
        cudaMalloc((void **)&d_state, 8 * GP_DIST_MS_COUNT) ||
        cudaMalloc((void **)&d_parts, 8 * (size_t)(n / GP_DIST_MERGE_TILE + 3))) {
        (void)cudaGetLastError();
        printf("timing: not enough memory, skipped\n");
        free(h);
        return;
    }
    for (int64_t i = 0; i < na; i++) h[i] = (uint32_t)(8 * i + (mix(9, (uint64_t)i) & 3));
    cudaMemcpy(d_ak, h, 4 * (size_t)na, cudaMemcpyHostToDevice);
    for (int64_t i = 0; i < nb; i++) h[i] = (uint32_t)(8 * i + 4 + (mix(10, (uint64_t)i) & 3));
    cudaMemcpy(d_bk, h, 4 * (size_t)nb, cudaMemcpyHostToDevice);
    cudaMemset(d_av, 1, 4 * (size_t)na);
    cudaMemset(d_bv, 2, 4 * (size_t)nb);
    cudaEventCreate(&e0);
    cudaEventCreate(&e1);
    for (int pairs = 0; pairs < 2; pairs++)
        for (int steps = 1; steps <= 16; steps *= 16) {
            float best = 1e30f;
            const int64_t chunk = nb / steps;
            for (int rep = 0; rep < 4; rep++) {
                float ms = 0;
                cudaEventRecord(e0, s);
                run_steps(d_ak, pairs ? d_av : NULL, na, d_bk, pairs ? d_bv : NULL, NULL, NULL, nb, chunk, 1, d_ok,
                          pairs ? d_ov : NULL, d_state, d_parts, s);
                cudaEventRecord(e1, s);
                cudaEventSynchronize(e1);
                cudaEventElapsedTime(&ms, e0, e1);
                if (ms < best) best = ms;
            }
            const double bytes = (double)n * (pairs ? 16.0 : 8.0); /* each key (and value) read once, written once */
            printf("timing: merge of 2^29 + 2^29 %s in %2d step(s): %.3f ms, %.0f GB/s\n", pairs ? "pairs" : "keys ",
                   steps, best, bytes / (best * 1e-3) / 1e9);
        }
    CHECK_EQ_INT(cudaGetLastError(), cudaSuccess);
    cudaEventDestroy(e0);
    cudaEventDestroy(e1);
    cudaFree(d_ak); cudaFree(d_bk); cudaFree(d_ok); cudaFree(d_av); cudaFree(d_bv); cudaFree(d_ov);
    cudaFree(d_state); cudaFree(d_parts);
    free(h);
}

int main(void)
{
    int devices = 0;
    cudaStream_t s;
    if (cudaGetDeviceCount(&devices) != cudaSuccess || devices < 1) {
        (void)cudaGetLastError();
        printf("test_gpu_dist_merge: no GPU: skipped\n");
        return 77;
    }
    SEED = tc_seed("test_gpu_dist_merge");
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    {
        const int64_t T = GP_DIST_MERGE_TILE;
        const int64_t sizes[][2] = {{0, 0}, {0, 5}, {5, 0}, {1, 1}, {T - 1, 1}, {T, T + 1}, {T + 1, T - 1},
                                    {100003, 77777}, {3000, 250000}};
        const int64_t chunks[] = {1000, 65536, (int64_t)1 << 40};
        for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++)
            for (int kind = 0; kind < K_COUNT; kind++)
                for (int pairs = 0; pairs < 2; pairs++)
                    for (int a_first = 0; a_first < 2; a_first++)
                        for (int ci = 0; ci < 3; ci++)
                            merge_case(sizes[z][0], sizes[z][1], kind, pairs, a_first, chunks[ci], s);
        if (!getenv("GP_TEST_SMALL"))
            for (int kind = 0; kind < K_COUNT; kind++)
                merge_case((int64_t)1 << 22, ((int64_t)1 << 22) + 5, kind, 1, kind & 1, 262144, s);
    }
    if (!getenv("GP_TEST_SMALL")) timing(s);
    cudaStreamDestroy(s);
    return tc_summary("test_gpu_dist_merge");
}
