// compact_probe.cu — experiment (not a rung): where compaction rung 03's time goes, and what a kernel with
// its traffic could reach at best. On 2^28 f32 (x > 0.5, ~50% kept) it times, in one process:
//   - streaming kernels without any dependency between blocks: copy (read 4 B, write 4 B per element),
//     read 4 B / write 2 B (compaction's traffic at 50% kept), read only;
//   - cub::DeviceSelect::If;
//   - rung 03 as built (its launcher, with the status memset), checked against CUB's output;
// and, with -DPROBE_TRACE, stamps each tile's life (%globaltimer and clock64 at: tile id known, loaded and
// counted, look-back done, written) and prints where a tile spends its time and how many tiles are loading
// or waiting on average. -DPROBE_NO_LOOKBACK replaces the look-back by a guessed offset (tile * TILE / 2;
// wrong output, for timing only): the rate of the same kernel with nothing to wait for.
// -DPROBE_RUNG=4 probes compact_persistent.cu (an experiment, not a rung) instead: its stamps are load issued, counted, prefix known (by
// the look-back warp) and written; -DPROBE_NO_LOOKBACK works for it too (PROBE_LB does not).
// Build (from the repository root), e.g.:
//   nvcc -O3 -std=c++17 -arch=sm_90a -I include -I src [-DPROBE_TRACE] [-DPROBE_NO_LOOKBACK] [-DPROBE_LB ...] \
//        scripts/experiments/compact_probe.cu -o probe && ./probe
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>

#ifndef PROBE_RUNG
#define PROBE_RUNG 3
#endif
#ifdef PROBE_TRACE
__device__ unsigned long long *g_trace; /* per tile: 4 globaltimer stamps, then 4 clock64 stamps */
#define C4_TRACE(k, t)                                                                       \
    do {                                                                                     \
        unsigned long long t_;                                                               \
        asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t_));                               \
        g_trace[(t) * 8 + (k)] = t_;                                                         \
        g_trace[(t) * 8 + 4 + (k)] = (unsigned long long)clock64();                          \
    } while (0)
#define C3_TRACE(k)                                                                          \
    do {                                                                                     \
        if (threadIdx.x == 0) {                                                              \
            unsigned long long t_;                                                           \
            asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t_));                           \
            g_trace[tile * 8 + (k)] = t_;                                                    \
            g_trace[tile * 8 + 4 + (k)] = (unsigned long long)clock64();                     \
        }                                                                                    \
    } while (0)
#endif
#ifdef PROBE_NO_LOOKBACK
#define C4_EXCLUSIVE(status, tile, count) ((void)(status), (void)(count), (unsigned long long)(tile) * (C4_TILE / 2))
#define C3_EXCLUSIVE(status, tile, count) ((void)(status), (void)(count), (unsigned long long)(tile) * (C3_TILE / 2))
#endif
#ifdef PROBE_LB
#define C3_EXCLUSIVE(status, tile, count) probe_lookback(status, tile, count)
__device__ unsigned long long probe_lookback(unsigned long long *status, int64_t tile, unsigned long long agg);
#endif
#if PROBE_RUNG == 4
#include "compact_persistent.cu"
#define PROBE_TILE C4_TILE
#define PROBE_WS_WORDS(tiles) ((tiles) + 1)
#define PROBE_LAUNCH compact_persistent
#else
#include "../../src/compact/03_smem_staged.cu"
#define PROBE_TILE C3_TILE
#define PROBE_WS_WORDS(tiles) (tiles)
/* rung 03's launcher over the probe's plain arguments */
static gp_status probe_r03(const gp_device_info *dev, cudaStream_t s, void *ws, size_t ws_bytes, gp__select_type type,
                           int pred, uint32_t value_bits, int64_t n, const void *in, const uint8_t *flags, void *out,
                           int64_t *num_selected)
{
    gp_ctx c = {dev, s, ws, ws_bytes, -1, -1, 3};
    gp_compact_args a = {type, pred, value_bits, n, in, flags, out, num_selected};
    return gp__compact_staged_launch(&c, &a, 0);
}
#define PROBE_LAUNCH probe_r03
#endif

#ifdef PROBE_LB
/* The look-back as a stream: rows of 32 consecutive status words (lane L: predecessor tile-1-pos-L), up to
 * LB_ROWS rows per round trip to L2, consumed in order up to the first PREFIX; an EMPTY stops the stream and
 * the next round trip starts at it (the words before it are summed and never re-read). LB_HINT: every tile
 * that publishes its PREFIX raises a frontier word (atomicMax of tile + 1, in the workspace header), and a
 * tile reads it first to load only the rows down to that frontier. LB_SLEEP: nanoseconds to sleep before
 * re-reading after an EMPTY. Per tile statistics in g_lbstat: round trips, stalls on EMPTY, frontier distance. */
#ifndef LB_ROWS
#define LB_ROWS 1
#endif
#ifndef LB_HINT
#define LB_HINT 0
#endif
#ifndef LB_SLEEP
#define LB_SLEEP 0
#endif
__device__ unsigned *g_lbstat;
__device__ unsigned long long g_frontier;
__device__ unsigned long long probe_lookback(unsigned long long *status, int64_t tile, unsigned long long agg)
{
    typedef gp_lb_pack<unsigned long long> P;
    const int lane = threadIdx.x & 31;
    unsigned long long *frontier = &g_frontier;
    if (tile == 0) {
        if (lane == 0) {
            gp_lb_store(status, P::pack(GP_LB_PREFIX, agg));
            if (LB_HINT) atomicMax(frontier, 1ull);
        }
        return 0;
    }
    if (lane == 0) gp_lb_store(status + tile, P::pack(GP_LB_AGGREGATE, agg));
    int64_t dist = -1; /* words from tile-1 down to a known PREFIX, inclusive (-1: unknown) */
    if (LB_HINT) {
        unsigned long long h = lane == 0 ? gp_lb_load(frontier) : 0;
        h = __shfl_sync(GP_FULL_MASK, h, 0);
        if (h >= 1 && (int64_t)h - 1 < tile) dist = tile - ((int64_t)h - 1);
    }
    unsigned long long acc = 0;
    int64_t pos = 0;
    unsigned rounds = 0, stalls = 0;
    for (;;) {
        int rows = LB_ROWS;
        if (dist > pos) rows = (int)min((int64_t)LB_ROWS, (dist - pos + 31) / 32);
        unsigned long long w[LB_ROWS];
#pragma unroll
        for (int r = 0; r < LB_ROWS; r++) {
            const int64_t pred = tile - 1 - pos - r * 32 - lane;
            w[r] = r < rows ? (pred >= 0 ? gp_lb_load(status + pred) : P::pack(GP_LB_PREFIX, 0)) : 0;
        }
        rounds++;
        bool done = false, stalled = false;
#pragma unroll
        for (int r = 0; r < LB_ROWS; r++) {
            if (r < rows && !done && !stalled) {
                const unsigned f = P::flag(w[r]);
                const unsigned pb = __ballot_sync(GP_FULL_MASK, f == GP_LB_PREFIX), eb = __ballot_sync(GP_FULL_MASK, f == GP_LB_EMPTY);
                const int pl = pb ? __ffs(pb) - 1 : 32, el = eb ? __ffs(eb) - 1 : 32;
                int take;
                if (pl < el) { take = pl + 1; done = true; }
                else { take = el; stalled = el < 32; }
                if (lane < take) acc += P::value(w[r]);
                pos += take;
            }
        }
        if (done) break;
        if (stalled) {
            stalls++;
            if (LB_SLEEP) __nanosleep(LB_SLEEP);
        }
    }
    const unsigned long long excl = gp_warp_reduce<gp_op_sum<unsigned long long>>(acc);
    if (lane == 0) {
        gp_lb_store(status + tile, P::pack(GP_LB_PREFIX, excl + agg));
        if (LB_HINT) atomicMax(frontier, (unsigned long long)tile + 1);
        g_lbstat[tile * 4 + 0] = rounds;
        g_lbstat[tile * 4 + 1] = stalls;
        g_lbstat[tile * 4 + 2] = (unsigned)(dist < 0 ? 0 : dist);
        g_lbstat[tile * 4 + 3] = (unsigned)pos;
    }
    return excl;
}
#endif
#include <cub/cub.cuh>

extern "C" gp_status gp__launch_status(void) { return cudaGetLastError() == cudaSuccess ? GP_SUCCESS : GP_ERROR_CUDA; }

#include "exp_ck.h"

__global__ void k_copy(const float4 *in, float4 *out, int64_t nv)
{
    const int64_t i = (int64_t)blockIdx.x * blockDim.x * 2 + threadIdx.x;
    float4 a = make_float4(0, 0, 0, 0), b = a;
    if (i < nv) a = in[i];
    if (i + blockDim.x < nv) b = in[i + blockDim.x];
    if (i < nv) out[i] = a;
    if (i + blockDim.x < nv) out[i + blockDim.x] = b;
}
__global__ void k_r4w2(const float4 *in, float2 *out, int64_t nv)
{
    const int64_t i = (int64_t)blockIdx.x * blockDim.x * 2 + threadIdx.x;
    float4 a = make_float4(0, 0, 0, 0), b = a;
    if (i < nv) a = in[i];
    if (i + blockDim.x < nv) b = in[i + blockDim.x];
    if (i < nv) out[i] = make_float2(a.x + a.y, a.z + a.w);
    if (i + blockDim.x < nv) out[i + blockDim.x] = make_float2(b.x + b.y, b.z + b.w);
}
__global__ void k_read(const float4 *in, float *out, int64_t nv)
{
    const int64_t i = (int64_t)blockIdx.x * blockDim.x * 4 + threadIdx.x;
    float s = 0;
#pragma unroll
    for (int u = 0; u < 4; u++)
        if (i + u * blockDim.x < nv) { const float4 a = in[i + u * blockDim.x]; s += (a.x + a.y) + (a.z + a.w); }
    if (s == -1.0f) out[blockIdx.x] = s; /* never true for x in [0,1): keeps the loads */
}

struct gt_half {
    __device__ bool operator()(float x) const { return x > 0.5f; }
};

template <typename F> static double time_ms(F f, int reps = 30)
{
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    for (int i = 0; i < 3; i++) f();
    std::vector<float> v;
    for (int i = 0; i < reps; i++) {
        CK(cudaEventRecord(a));
        f();
        CK(cudaEventRecord(b));
        CK(cudaEventSynchronize(b));
        float ms;
        CK(cudaEventElapsedTime(&ms, a, b));
        v.push_back(ms);
    }
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

__global__ void fill(float *x, int64_t n)
{
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x) {
        uint32_t h = (uint32_t)i * 2654435761u;
        h ^= h >> 15; h *= 2246822519u; h ^= h >> 13; h *= 3266489917u; h ^= h >> 16;
        x[i] = (h >> 8) * (1.0f / 16777216.0f);
    }
}

int main(int argc, char **argv)
{
    const int64_t n = (int64_t)1 << (argc > 1 ? atoi(argv[1]) : 28), nv = n / 4;
    float *in, *out, *out_cub;
    long long *cnt;
    int64_t *cnt64;
    CK(cudaMalloc(&in, n * 4));
    CK(cudaMalloc(&out, n * 4));
    CK(cudaMalloc(&out_cub, n * 4));
    CK(cudaMalloc(&cnt, 16));
    CK(cudaMalloc(&cnt64, 16));
    fill<<<1024, 256>>>(in, n);
    const double gb = 1e-9 * 4 * n;
    double t;
    t = time_ms([&] { k_copy<<<(unsigned)((nv + 511) / 512), 256>>>((const float4 *)in, (float4 *)out, nv); });
    printf("copy          %8.1f us  %7.1f GB/s moved (8n)\n", 1e3 * t, 2 * gb / t * 1e3);
    t = time_ms([&] { k_r4w2<<<(unsigned)((nv + 511) / 512), 256>>>((const float4 *)in, (float2 *)out, nv); });
    const double r4w2 = t;
    printf("read4 write2  %8.1f us  %7.1f GB/s moved (6n)  %7.1f GB/s of input\n", 1e3 * t, 1.5 * gb / t * 1e3, gb / t * 1e3);
    t = time_ms([&] { k_read<<<(unsigned)((nv + 1023) / 1024), 256>>>((const float4 *)in, out, nv); });
    printf("read only     %8.1f us  %7.1f GB/s moved (4n)\n", 1e3 * t, gb / t * 1e3);

    size_t cub_bytes = 0;
    CK(cub::DeviceSelect::If(nullptr, cub_bytes, in, out_cub, cnt, n, gt_half()));
    void *cub_ws;
    CK(cudaMalloc(&cub_ws, cub_bytes));
    const double t_cub = time_ms([&] { cub::DeviceSelect::If(cub_ws, cub_bytes, in, out_cub, cnt, n, gt_half()); });
    printf("cub select    %8.1f us  %7.1f GB/s of input\n", 1e3 * t_cub, gb / t_cub * 1e3);

    const size_t ws_bytes = (size_t)PROBE_WS_WORDS(gp_ceil_div(n, PROBE_TILE)) * 8;
    void *ws;
    CK(cudaMalloc(&ws, ws_bytes));
    float half = 0.5f;
    uint32_t vb;
    memcpy(&vb, &half, 4);
    gp_device_info dev;
    memset(&dev, 0, sizeof dev);
    CK(cudaGetDevice(&dev.device));
    CK(cudaDeviceGetAttribute(&dev.sm_count, cudaDevAttrMultiProcessorCount, dev.device));
#ifdef PROBE_LB
    void *frontier_addr;
    CK(cudaGetSymbolAddress(&frontier_addr, g_frontier));
#endif
    auto run = [&] {
#ifdef PROBE_LB
        if (LB_HINT) CK(cudaMemsetAsync(frontier_addr, 0, 8));
#endif
        gp_status s = PROBE_LAUNCH(&dev, 0, ws, ws_bytes, GP__SEL_F32, GP_SELECT_GT, vb, n, in, nullptr, out, cnt64);
        if (s != GP_SUCCESS) { printf("rung %02d failed: %d\n", PROBE_RUNG, (int)s); exit(1); }
    };
    const int64_t tiles = gp_ceil_div(n, PROBE_TILE);
#ifdef PROBE_TRACE
    unsigned long long *tr;
    CK(cudaMalloc(&tr, tiles * 64));
    CK(cudaMemcpyToSymbol(g_trace, &tr, sizeof tr));
#endif
#ifdef PROBE_LB
    unsigned *lbs;
    CK(cudaMalloc(&lbs, tiles * 16));
    CK(cudaMemcpyToSymbol(g_lbstat, &lbs, sizeof lbs));
#endif
    const double t3 = time_ms(run);
    printf("rung %02d       %8.1f us  %7.1f GB/s of input  %.3fx cub  (read4-write2 ceiling %.3fx cub)\n", PROBE_RUNG,
           1e3 * t3, gb / t3 * 1e3, t_cub / t3, t_cub / r4w2);
    CK(cudaDeviceSynchronize());
    long long c_cub, c3;
    CK(cudaMemcpy(&c_cub, cnt, 8, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(&c3, cnt64, 8, cudaMemcpyDeviceToHost));
    std::vector<float> a(c_cub), b(c_cub);
    CK(cudaMemcpy(a.data(), out_cub, c_cub * 4, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(b.data(), out, c_cub * 4, cudaMemcpyDeviceToHost));
    printf("check: cub kept %lld, rung %02d kept %lld, outputs %s\n", c_cub, PROBE_RUNG, c3,
           c3 == c_cub && memcmp(a.data(), b.data(), c_cub * 4) == 0 ? "equal" : "DIFFER");
#ifdef PROBE_LB
    {
        std::vector<unsigned> h(tiles * 4);
        CK(cudaMemcpy(h.data(), lbs, tiles * 16, cudaMemcpyDeviceToHost));
        double m[4] = {0, 0, 0, 0};
        std::vector<unsigned> walked;
        for (int64_t i = 1; i < tiles; i++) {
            for (int k = 0; k < 4; k++) m[k] += h[i * 4 + k];
            walked.push_back(h[i * 4 + 3]);
        }
        std::sort(walked.begin(), walked.end());
        const size_t c = walked.size();
        printf("look-back (LB_ROWS %d, LB_HINT %d, LB_SLEEP %d): per tile mean %.2f round trips, %.2f stalls on EMPTY, "
               "frontier distance %.1f; words walked mean %.1f p50 %u p90 %u p99 %u\n",
               LB_ROWS, LB_HINT, LB_SLEEP, m[0] / c, m[1] / c, m[2] / c, m[3] / c, walked[c / 2], walked[c * 9 / 10],
               walked[c * 99 / 100]);
    }
#endif
#ifdef PROBE_TRACE
    std::vector<unsigned long long> h(tiles * 8);
    CK(cudaMemcpy(h.data(), tr, tiles * 64, cudaMemcpyDeviceToHost));
    unsigned long long g0 = ~0ull, g1 = 0;
    double seg[3] = {0, 0, 0}, cyc[3] = {0, 0, 0};
    std::vector<double> wait;
    for (int64_t i = 0; i < tiles; i++) {
        const unsigned long long *p = &h[i * 8];
        g0 = std::min(g0, p[0]);
        g1 = std::max(g1, p[3]);
        for (int k = 0; k < 3; k++) { seg[k] += (double)(p[k + 1] - p[k]); cyc[k] += (double)(p[5 + k] - p[4 + k]); }
        wait.push_back((double)(p[2] - p[1]));
    }
    const double span = (double)(g1 - g0);
    std::sort(wait.begin(), wait.end());
    printf("trace: %lld tiles of %d elements, kernel span %.1f us (globaltimer)\n", (long long)tiles, PROBE_TILE, span * 1e-3);
    const char *names[3] = {"start -> loaded+counted", "-> look-back done", "-> written"};
    for (int k = 0; k < 3; k++)
        printf("  %-24s mean %7.2f us  %8.0f cycles   tiles in this phase on average %6.1f\n", names[k],
               seg[k] / tiles * 1e-3, cyc[k] / tiles, seg[k] / span);
    printf("  look-back wait percentiles (us): p10 %.2f p50 %.2f p90 %.2f p99 %.2f max %.2f\n", wait[tiles / 10] * 1e-3,
           wait[tiles / 2] * 1e-3, wait[tiles * 9 / 10] * 1e-3, wait[tiles * 99 / 100] * 1e-3, wait[tiles - 1] * 1e-3);
    /* how the load phase's length compares with the tile ahead: a tile that finished loading before its
     * predecessor waits at least that gap */
    int64_t before_pred = 0;
    for (int64_t i = 1; i < tiles; i++) before_pred += h[i * 8 + 1] < h[(i - 1) * 8 + 1];
    printf("  tiles loaded before their predecessor: %.1f%%\n", 100.0 * before_pred / (tiles - 1));
#endif
    return 0;
}
