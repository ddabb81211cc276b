/* dist_bench.cu — gpuprim_dist's sort on 2 GPUs (one thread per GPU, communicators from ncclCommInitAll,
 * NCCL_NVLS_ENABLE=0), measured in one run:
 *  1. NCCL's own send/recv bandwidth between the two GPUs: one way, and both ways at once (as the sort's
 *     exchange), grouped ncclSend/ncclRecv of --bw-bytes, CUDA events, median of --reps;
 *  2. the distributed sort of --n u32 keys in all (half per GPU; random, then all equal: the skew case), its
 *     time split by the library's phase events (gp_dist_sort_record_events): local sort, samples + splitters +
 *     counts, the synchronisation + chunked exchange (each chunk merged while the next travels), the merge tail; the exchange's bandwidth (keys sent to the other
 *     GPU / its time) next to NCCL's from step 1; the keys each rank holds; the output verified (each rank
 *     sorted, rank 0's last <= rank 1's first, counts and key sums kept);
 *  3. strong scaling: the same --n keys sorted by gp_sort_keys on GPU 0 alone, and half of them, against the
 *     2-GPU time; capacity: bytes per key each way and the keys that fit in the GPUs' memory at that rate.
 * Text on stdout; --json FILE writes every figure. Exit 3 with fewer than 2 GPUs. scripts/dist-check.sh runs it;
 * first run on 2 H200s: results/h200-2026-11-24/call1-dist. */
#include "gpuprim.h"
#include "gpuprim_dist.h"
#include <cuda_runtime.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define RANKS 2
#define MAXREPS 101

static void die_cuda(cudaError_t e, const char *what)
{
    if (e != cudaSuccess) {
        fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e));
        exit(1);
    }
}
static void die_gp(gp_status s, const char *what)
{
    if (s != GP_SUCCESS) {
        fprintf(stderr, "%s: %s\n", what, gp_status_string(s));
        exit(1);
    }
}
static void die_nccl(ncclResult_t r, const char *what)
{
    if (r != ncclSuccess) {
        fprintf(stderr, "%s: %s\n", what, ncclGetErrorString(r));
        exit(1);
    }
}

/* ---- kernels: keys from (seed, global index); sortedness and key sum of a rank's output ---- */
static __device__ uint32_t key_at(uint64_t seed, uint64_t g, int equal)
{
    uint64_t z = seed * 0x9e3779b97f4a7c15ull + g * 0xd1b54a32d192ed03ull;
    if (equal) return 0x5eedu;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return (uint32_t)(z ^ (z >> 31));
}

static __global__ void gen_keys(uint32_t *k, int64_t n, int64_t first, uint64_t seed, int equal)
{
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x)
        k[i] = key_at(seed, (uint64_t)(first + i), equal);
}

/* stats[0] += pairs out of order, stats[1] += sum of keys (mod 2^64) */
static __global__ void check_keys(const uint32_t *k, int64_t n, unsigned long long *stats)
{
    unsigned long long bad = 0, sum = 0;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x) {
        sum += k[i];
        if (i + 1 < n && k[i] > k[i + 1]) bad++;
    }
    if (bad) atomicAdd(&stats[0], bad);
    atomicAdd(&stats[1], sum);
}

/* ---- what the ranks share ---- */
typedef struct rank_result {
    double phase_ms[GP_DIST_SORT_EVENTS - 1][MAXREPS]; /* per rep */
    double call_ms[MAXREPS];                            /* event 0 -> 4 */
    int64_t n_local, n_out, sent_to_peer;
    unsigned long long bad, sum_in, sum_out;
    uint32_t first, last;
    size_t ws_bytes, footprint;
    double bw_ms[2][MAXREPS]; /* NCCL one way (rank 0 -> 1), both ways */
} rank_result;

static struct {
    ncclComm_t comm[RANKS];
    pthread_barrier_t bar;
    int64_t n_total;
    int reps;
    size_t bw_bytes;
    int equal; /* the current distribution */
    double wall_ms[MAXREPS];
    rank_result res[RANKS];
} G;

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

static int cmp_double(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}
static double median(const double *v, int n)
{
    double t[MAXREPS];
    memcpy(t, v, sizeof(double) * n);
    qsort(t, n, sizeof(double), cmp_double);
    return n % 2 ? t[n / 2] : 0.5 * (t[n / 2 - 1] + t[n / 2]);
}

/* 1. NCCL send/recv between the ranks: both = 0 rank 0 sends, rank 1 receives; both = 1 each sends and receives. */
static void nccl_bandwidth(int r, cudaStream_t s, cudaEvent_t e0, cudaEvent_t e1)
{
    void *sb = NULL, *rb = NULL;
    const int peer = 1 - r;
    die_cuda(cudaMalloc(&sb, G.bw_bytes), "cudaMalloc (bandwidth)");
    die_cuda(cudaMalloc(&rb, G.bw_bytes), "cudaMalloc (bandwidth)");
    cudaMemset(sb, r, G.bw_bytes);
    for (int both = 0; both < 2; both++)
        for (int rep = -2; rep < G.reps; rep++) { /* 2 warm-ups */
            float ms = 0.0f;
            pthread_barrier_wait(&G.bar);
            cudaEventRecord(e0, s);
            die_nccl(ncclGroupStart(), "ncclGroupStart");
            if (both || r == 0) die_nccl(ncclSend(sb, G.bw_bytes, ncclUint8, peer, G.comm[r], s), "ncclSend");
            if (both || r == 1) die_nccl(ncclRecv(rb, G.bw_bytes, ncclUint8, peer, G.comm[r], s), "ncclRecv");
            die_nccl(ncclGroupEnd(), "ncclGroupEnd");
            cudaEventRecord(e1, s);
            die_cuda(cudaStreamSynchronize(s), "send/recv");
            cudaEventElapsedTime(&ms, e0, e1);
            if (rep >= 0) G.res[r].bw_ms[both][rep] = ms;
        }
    cudaFree(sb);
    cudaFree(rb);
}

/* 2. The distributed sort, --reps times after a warm-up, with the phase events. */
static void dist_sort(int r, gp_handle h, cudaStream_t s, cudaEvent_t *ev)
{
    rank_result *R = &G.res[r];
    const int64_t half = G.n_total / RANKS, n = r == 0 ? half : G.n_total - half;
    const int64_t n_max = G.n_total - half;
    int64_t cap = 0, n_out = 0;
    uint32_t *keys = NULL, *out = NULL;
    void *ws = NULL;
    unsigned long long *stats = NULL, host_stats[2];
    die_gp(gp_dist_sort_capacity_bound(RANKS, G.n_total, n_max, &cap), "capacity bound");
    die_gp(gp_dist_sort_workspace_size(h, G.comm[r], 0, n, cap, &R->ws_bytes), "workspace size");
    die_cuda(cudaMalloc((void **)&keys, 4 * (size_t)(n > 0 ? n : 1)), "cudaMalloc keys");
    die_cuda(cudaMalloc((void **)&out, 4 * (size_t)(cap > 0 ? cap : 1)), "cudaMalloc out");
    die_cuda(cudaMalloc(&ws, R->ws_bytes), "cudaMalloc workspace");
    die_cuda(cudaMalloc((void **)&stats, 16), "cudaMalloc stats");
    R->footprint = 4 * (size_t)n + 4 * (size_t)cap + R->ws_bytes;
    R->n_local = n;
    gen_keys<<<4096, 256, 0, s>>>(keys, n, r == 0 ? 0 : half, 12345, G.equal);
    cudaMemsetAsync(stats, 0, 16, s);
    check_keys<<<4096, 256, 0, s>>>(keys, n, stats);
    cudaMemcpyAsync(host_stats, stats, 16, cudaMemcpyDeviceToHost, s);
    die_cuda(cudaStreamSynchronize(s), "generate");
    R->sum_in = host_stats[1];
    die_gp(gp_dist_sort_record_events(ev, GP_DIST_SORT_EVENTS), "record events");
    for (int rep = -1; rep < G.reps; rep++) {
        double t0 = 0.0;
        pthread_barrier_wait(&G.bar);
        if (r == 0) t0 = now_ms();
        die_gp(gp_dist_sort_keys_u32(h, G.comm[r], n, keys, out, cap, &n_out, ws, R->ws_bytes), "gp_dist_sort_keys_u32");
        die_cuda(cudaStreamSynchronize(s), "dist sort");
        pthread_barrier_wait(&G.bar);
        if (rep < 0) continue;
        if (r == 0) G.wall_ms[rep] = now_ms() - t0;
        for (int p = 0; p + 1 < GP_DIST_SORT_EVENTS; p++) {
            float ms = 0.0f;
            cudaEventElapsedTime(&ms, ev[p], ev[p + 1]);
            R->phase_ms[p][rep] = ms;
        }
        {
            float ms = 0.0f;
            cudaEventElapsedTime(&ms, ev[0], ev[GP_DIST_SORT_EVENTS - 1]);
            R->call_ms[rep] = ms;
        }
    }
    gp_dist_sort_record_events(NULL, 0);
    {
        int64_t received = 0;
        gp_dist_sort_last_exchange(&R->sent_to_peer, &received);
    }
    R->n_out = n_out;
    cudaMemsetAsync(stats, 0, 16, s);
    check_keys<<<4096, 256, 0, s>>>(out, n_out, stats);
    cudaMemcpyAsync(host_stats, stats, 16, cudaMemcpyDeviceToHost, s);
    R->first = R->last = 0;
    if (n_out > 0) {
        cudaMemcpyAsync(&R->first, out, 4, cudaMemcpyDeviceToHost, s);
        cudaMemcpyAsync(&R->last, out + n_out - 1, 4, cudaMemcpyDeviceToHost, s);
    }
    die_cuda(cudaStreamSynchronize(s), "verify");
    R->bad = host_stats[0];
    R->sum_out = host_stats[1];
    cudaFree(keys);
    cudaFree(out);
    cudaFree(ws);
    cudaFree(stats);
}

/* 3. One GPU: gp_sort_keys of n keys on GPU 0, median ms over --reps; the footprint in bytes. */
static double one_gpu_sort(gp_handle h, cudaStream_t s, int64_t n, cudaEvent_t e0, cudaEvent_t e1, size_t *footprint,
                           int *ok)
{
    uint32_t *keys = NULL, *out = NULL;
    void *ws = NULL;
    size_t ws_bytes = 0;
    double t[MAXREPS];
    die_gp(gp_sort_workspace_size(h, GP_SORT_U32, 0, n, &ws_bytes), "gp_sort_workspace_size");
    *footprint = 8 * (size_t)n + ws_bytes;
    *ok = cudaMalloc((void **)&keys, 4 * (size_t)n) == cudaSuccess && cudaMalloc((void **)&out, 4 * (size_t)n) == cudaSuccess &&
          cudaMalloc(&ws, ws_bytes ? ws_bytes : 1) == cudaSuccess;
    if (!*ok) {
        (void)cudaGetLastError();
        cudaFree(keys);
        cudaFree(out);
        return 0.0;
    }
    gen_keys<<<4096, 256, 0, s>>>(keys, n, 0, 12345, G.equal);
    for (int rep = -1; rep < G.reps; rep++) {
        float ms = 0.0f;
        cudaEventRecord(e0, s);
        die_gp(gp_sort_keys(h, GP_SORT_U32, n, keys, out, GP_SORT_ASCENDING, 0, 32, ws, ws_bytes), "gp_sort_keys");
        cudaEventRecord(e1, s);
        die_cuda(cudaStreamSynchronize(s), "sort");
        cudaEventElapsedTime(&ms, e0, e1);
        if (rep >= 0) t[rep] = ms;
    }
    cudaFree(keys);
    cudaFree(out);
    cudaFree(ws);
    return median(t, G.reps);
}

typedef struct one_gpu { double full_ms, half_ms; size_t full_fp, half_fp; int full_ok, half_ok; } one_gpu;
static one_gpu ONE;  /* the current distribution's 1-GPU runs */
static double BW[2]; /* NCCL GB/s per direction: one way, both ways at once */
static FILE *JSON;
static int VERIFIED = 1;
static void report_bandwidth(void);
static void report_sort(int d);

static void *rank_main(void *arg)
{
    const int r = (int)(intptr_t)arg;
    gp_handle h = NULL;
    cudaStream_t s = NULL;
    cudaEvent_t ev[GP_DIST_SORT_EVENTS];
    die_cuda(cudaSetDevice(r), "cudaSetDevice");
    die_gp(gp_create(&h), "gp_create");
    die_cuda(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), "stream");
    gp_set_stream(h, s);
    for (int i = 0; i < GP_DIST_SORT_EVENTS; i++) die_cuda(cudaEventCreate(&ev[i]), "event");
    nccl_bandwidth(r, s, ev[0], ev[1]);
    pthread_barrier_wait(&G.bar);
    if (r == 0) report_bandwidth();
    for (int d = 0; d < 2; d++) { /* random keys, then all equal */
        pthread_barrier_wait(&G.bar);
        if (r == 0) G.equal = d;
        pthread_barrier_wait(&G.bar);
        dist_sort(r, h, s, ev); /* frees its buffers before the 1-GPU runs */
        pthread_barrier_wait(&G.bar);
        if (r == 0) {
            ONE.full_ms = one_gpu_sort(h, s, G.n_total, ev[0], ev[1], &ONE.full_fp, &ONE.full_ok);
            ONE.half_ms = one_gpu_sort(h, s, G.n_total - G.n_total / 2, ev[0], ev[1], &ONE.half_fp, &ONE.half_ok);
            report_sort(d);
        }
    }
    for (int i = 0; i < GP_DIST_SORT_EVENTS; i++) cudaEventDestroy(ev[i]);
    gp_destroy(h);
    cudaStreamDestroy(s);
    return NULL;
}

/* ---- report (rank 0's thread) ---- */
static const char *PHASE[GP_DIST_SORT_EVENTS - 1] = {"local sort", "splitters", "sync+exchange", "merge tail"};
static const char *PHASE_KEY[GP_DIST_SORT_EVENTS - 1] = {"local_sort_ms", "samples_splitters_counts_ms",
                                                         "sync_exchange_ms", "merge_tail_ms"};

static void report_bandwidth(void)
{
    for (int both = 0; both < 2; both++) {
        double worst[MAXREPS];
        for (int i = 0; i < G.reps; i++)
            worst[i] = G.res[0].bw_ms[both][i] > G.res[1].bw_ms[both][i] ? G.res[0].bw_ms[both][i] : G.res[1].bw_ms[both][i];
        BW[both] = (double)G.bw_bytes / (median(worst, G.reps) * 1e-3) / 1e9;
    }
    printf("\n== NCCL send/recv between GPU 0 and GPU 1, %zu bytes, median of %d (slower rank's events)\n", G.bw_bytes,
           G.reps);
    printf("   one way (0 -> 1): %.1f GB/s; both ways at once: %.1f GB/s per direction\n", BW[0], BW[1]);
    if (JSON)
        fprintf(JSON, " \"nccl_bytes\": %zu, \"nccl_one_way_gbs\": %.3f, \"nccl_both_ways_gbs_per_direction\": %.3f,\n"
                      " \"sorts\": [\n", G.bw_bytes, BW[0], BW[1]);
}

static void report_sort(int d)
{
    double phase[RANKS][GP_DIST_SORT_EVENTS - 1], call[RANKS], exch_gbs[RANKS], slowest, speedup;
    const double wall = median(G.wall_ms, G.reps);
    size_t fr = 0, tot = 0;
    int ok;
    for (int r = 0; r < RANKS; r++) {
        for (int p = 0; p + 1 < GP_DIST_SORT_EVENTS; p++) phase[r][p] = median(G.res[r].phase_ms[p], G.reps);
        call[r] = median(G.res[r].call_ms, G.reps);
        exch_gbs[r] = 4.0 * (double)G.res[r].sent_to_peer / (phase[r][2] * 1e-3) / 1e9;
    }
    slowest = call[0] > call[1] ? call[0] : call[1];
    speedup = ONE.full_ok ? ONE.full_ms / slowest : 0.0;
    ok = G.res[0].bad == 0 && G.res[1].bad == 0 && G.res[0].n_out + G.res[1].n_out == G.n_total &&
         G.res[0].sum_in + G.res[1].sum_in == G.res[0].sum_out + G.res[1].sum_out &&
         (G.res[0].n_out == 0 || G.res[1].n_out == 0 || G.res[0].last <= G.res[1].first);
    VERIFIED &= ok;
    cudaMemGetInfo(&fr, &tot);
    printf("\n== distributed sort, %s u32 keys, N = %lld (%lld + %lld), median of %d: %s\n", d ? "all-equal" : "random",
           (long long)G.n_total, (long long)G.res[0].n_local, (long long)G.res[1].n_local, G.reps,
           ok ? "verified (each rank sorted, rank 0 <= rank 1, counts and key sums kept)" : "VERIFICATION FAILED");
    printf("   rank  holds after  sent to peer");
    for (int p = 0; p + 1 < GP_DIST_SORT_EVENTS; p++) printf("  %13s", PHASE[p]);
    printf("   call ms  exchange GB/s\n");
    for (int r = 0; r < RANKS; r++) {
        printf("   %4d  %11lld  %12lld", r, (long long)G.res[r].n_out, (long long)G.res[r].sent_to_peer);
        for (int p = 0; p + 1 < GP_DIST_SORT_EVENTS; p++) printf("  %13.3f", phase[r][p]);
        printf("  %8.3f  %13.1f\n", call[r], exch_gbs[r]);
    }
    printf("   (phases in ms from the library's events; sync+exchange = the host reading the counts, then the\n"
           "    chunked ncclSend/ncclRecv, with the merge of each chunk overlapping the next; merge tail = the merge\n"
           "    after the last chunk; exchange GB/s = keys sent x 4 bytes / sync+exchange. NCCL alone: %.1f GB/s one\n"
           "    way, %.1f GB/s per direction both ways)\n", BW[0], BW[1]);
    printf("   host wall time of one call, both ranks (barrier to barrier): %.3f ms\n", wall);
    if (ONE.full_ok)
        printf("   strong scaling: 1 GPU gp_sort_keys of the N keys %.3f ms (N/2: %.3f ms); 2 GPUs %.3f ms (slower rank):\n"
               "   2-GPU time / 1-GPU time = %.3f (speed-up %.2fx)\n",
               ONE.full_ms, ONE.half_ms, slowest, slowest / ONE.full_ms, speedup);
    else
        printf("   strong scaling: the N keys do not fit on 1 GPU (capacity case; N/2 on 1 GPU: %.3f ms%s); 2 GPUs %.3f ms\n",
               ONE.half_ms, ONE.half_ok ? "" : ", did not fit either", slowest);
    {
        const double bpk1 = (double)ONE.full_fp / (double)G.n_total;
        const double bpk2 = (double)G.res[0].footprint / (double)(G.res[0].n_local > 0 ? G.res[0].n_local : 1);
        printf("   capacity: 1 GPU %.2f bytes/key (in, out, workspace), 2 GPUs %.2f bytes/key on each (in, out at the\n"
               "   balance bound, workspace): with %.1f GiB per GPU about %.2f G keys fit on 1 GPU, %.2f G on 2\n"
               "   (from these footprints, not measured at those sizes)\n",
               bpk1, bpk2, tot / 1073741824.0, 0.9 * tot / bpk1 / 1e9, RANKS * 0.9 * tot / bpk2 / 1e9);
        if (JSON) {
            fprintf(JSON, "%s  {\"keys\": \"%s\", \"n_total\": %lld, \"verified\": %s, \"wall_ms\": %.4f, \"ranks\": [",
                    d ? ",\n" : "", d ? "all_equal" : "random", (long long)G.n_total, ok ? "true" : "false", wall);
            for (int r = 0; r < RANKS; r++) {
                fprintf(JSON, "%s{\"rank\": %d, \"n_local\": %lld, \"n_out\": %lld, \"sent_to_peer\": %lld, "
                              "\"workspace_bytes\": %zu, \"call_ms\": %.4f, \"exchange_gbs\": %.3f",
                        r ? ", " : "", r, (long long)G.res[r].n_local, (long long)G.res[r].n_out,
                        (long long)G.res[r].sent_to_peer, G.res[r].ws_bytes, call[r], exch_gbs[r]);
                for (int p = 0; p + 1 < GP_DIST_SORT_EVENTS; p++) fprintf(JSON, ", \"%s\": %.4f", PHASE_KEY[p], phase[r][p]);
                fprintf(JSON, "}");
            }
            fprintf(JSON, "],\n   \"one_gpu_n_ms\": %.4f, \"one_gpu_n_fits\": %s, \"one_gpu_half_ms\": %.4f, "
                          "\"speedup_2_over_1\": %.4f, \"bytes_per_key_one_gpu\": %.3f, \"bytes_per_key_per_rank\": %.3f, "
                          "\"gpu_mem_bytes\": %zu}",
                    ONE.full_ms, ONE.full_ok ? "true" : "false", ONE.half_ms, speedup, bpk1, bpk2, tot);
        }
    }
    fflush(stdout);
}

static long long parse_size(const char *s)
{
    char *end = NULL;
    long long v;
    if (!strncmp(s, "2^", 2)) return 1LL << atoi(s + 2);
    v = strtoll(s, &end, 10);
    if (end && (*end == 'M' || *end == 'm')) v <<= 20;
    if (end && (*end == 'G' || *end == 'g')) v <<= 30;
    return v;
}

int main(int argc, char **argv)
{
    int devices = 0, ids[RANKS] = {0, 1};
    const char *json_path = NULL;
    pthread_t t[RANKS];
    setenv("NCCL_NVLS_ENABLE", "0", 1); /* NVLink multicast off, before NCCL starts */
    G.n_total = 1LL << 31;
    G.reps = 5;
    G.bw_bytes = (size_t)1 << 30;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--n") && i + 1 < argc) G.n_total = parse_size(argv[++i]);
        else if (!strcmp(argv[i], "--reps") && i + 1 < argc) G.reps = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--bw-bytes") && i + 1 < argc) G.bw_bytes = (size_t)parse_size(argv[++i]);
        else if (!strcmp(argv[i], "--json") && i + 1 < argc) json_path = argv[++i];
        else {
            fprintf(stderr, "usage: %s [--n KEYS (2^31)] [--reps R (5)] [--bw-bytes B (1G)] [--json FILE]\n", argv[0]);
            return 2;
        }
    }
    if (G.n_total < 2 || G.reps < 1 || G.reps > MAXREPS - 1 || G.bw_bytes < 1) {
        fprintf(stderr, "--n must be >= 2, --reps 1..%d, --bw-bytes >= 1\n", MAXREPS - 1);
        return 2;
    }
    if (cudaGetDeviceCount(&devices) != cudaSuccess || devices < RANKS) {
        printf("gpuprim_dist_bench: %d GPU(s), needs %d\n", devices, RANKS);
        return 3;
    }
    if (json_path && !(JSON = fopen(json_path, "w"))) {
        fprintf(stderr, "cannot write %s\n", json_path);
        return 2;
    }
    {
        cudaDeviceProp p0, p1;
        int version = 0, can = 0;
        cudaGetDeviceProperties(&p0, 0);
        cudaGetDeviceProperties(&p1, 1);
        ncclGetVersion(&version);
        cudaDeviceCanAccessPeer(&can, 0, 1);
        printf("gpuprim_dist_bench: GPU 0 %s, GPU 1 %s, peer access %s, NCCL %d, NCCL_NVLS_ENABLE=%s\n", p0.name, p1.name,
               can ? "yes" : "no", version, getenv("NCCL_NVLS_ENABLE"));
        if (JSON)
            fprintf(JSON, "{\"gpu0\": \"%s\", \"gpu1\": \"%s\", \"peer_access\": %s, \"nccl_version\": %d, \"reps\": %d,\n",
                    p0.name, p1.name, can ? "true" : "false", version, G.reps);
    }
    die_nccl(ncclCommInitAll(G.comm, RANKS, ids), "ncclCommInitAll");
    pthread_barrier_init(&G.bar, NULL, RANKS);
    for (int r = 0; r < RANKS; r++) pthread_create(&t[r], NULL, rank_main, (void *)(intptr_t)r);
    for (int r = 0; r < RANKS; r++) pthread_join(t[r], NULL);
    pthread_barrier_destroy(&G.bar);
    for (int r = 0; r < RANKS; r++) ncclCommDestroy(G.comm[r]);
    if (JSON) {
        fprintf(JSON, "\n ],\n \"verified\": %s}\n", VERIFIED ? "true" : "false");
        fclose(JSON);
    }
    printf("\n%s\n", VERIFIED ? "every sort verified" : "A SORT DID NOT VERIFY");
    return VERIFIED ? 0 : 1;
}
