// 04_vector.cu — histogram rung 4: 16-byte loads, several in flight, on a grid sized from the SM count.
// Over rung 3 (same 32 lane-private sub-histograms per block): each thread loads HIST_UNROLL uint4 (16 u8
// or 4 f32/i32 samples each, LDG.E.128 with the streaming hint) before it counts any of them, so a thread
// has HIST_UNROLL x 16 bytes in flight instead of 1-4, and a load instruction brings 16 u8 samples instead of 1. The
// samples are then counted from registers without branches: a u8 sample is PRMT + LEA + RED (3
// instructions); an f32/i32 sample outside the bins is counted in a spare row that is never merged, so
// the shared atomic is unconditional (a predicated RED compiles to a branch per sample). The grid is
// HIST_WAVES x (SMs x resident blocks) and grid-strides; a sweep on the H100 (results/h100-2026-11-22/
// histogram-knobs.txt) found 8 waves of 2-load threads beat a persistent grid of 4-load threads by ~4%
// (3034 vs 2917 GB/s on u8), though each block then zeroes and merges its sub-histograms more often. A scalar head (to the first 16-byte boundary) and tail
// are peeled. Bytes: n x sizeof(sample) read once + (blocks x bins) global atomics; on 1 GiB of u8 the
// target is the DRAM read rate, if shared atomics keep up (one per sample, 16 per 16-byte load).
// H100 80GB HBM3, 2026-11-22 (results/h100-2026-11-22, `gpuprim bench histogram`; vendor timed in the same run):
//   n=1073741824 u8 256 bins: 3037 GB/s, 101.0% of D2D copy, 1.401x cub::DeviceHistogram::HistogramEven
//   n=268435456 u8 all-equal 256 bins: 2844 GB/s, 94.5% of D2D copy, 1.080x cub::DeviceHistogram::HistogramEven
//   n=268435456 f32 256 bins: 3011 GB/s, 100.1% of D2D copy, 1.007x cub::DeviceHistogram::HistogramEven
// Session 9: the middle sizes (issue 20; scripts/experiments/histogram/NOTES.md). The sweep in
// results/h100-2026-11-23f/call5 drops to 0.48-0.92x CUB from 2^22 to 2^27 u8: one 8 KiB tile per block up
// to 8 waves (2^24: 2048 blocks), and every block pays a fixed zero + merge + 256 global atomics on the same
// 256 bins; the time fits 6.6 us + 10.6 ns x blocks (0.77 TB/s).
// Session 10: the grid rule of hist_grid.h: >= 16 tiles a block, but >= GP_HIST_MID = 2 blocks per SM (CUB: at
// most one wave), unchanged from 2^28 u8 on (8 waves). Sweep 2^10..2^30 u8 against CUB in the same process
// (results/h100-2026-11-23g/call1/sweep-hist-*.txt): worst size 0.473x (2^25) with one block per tile ->
// 1.145x (2^23) with MID 2; MID 3 worst 1.059x, MID 4 1.000x, MID 3 with 32 tiles a block 0.964x.
#include "hist_common.cuh"

#ifndef HIST_UNROLL
#define HIST_UNROLL 2 /* uint4 loads in flight per thread (swept on the H100: 2, 4, 8) */
#endif
#ifndef HIST_WAVES
#define HIST_WAVES 8 /* resident-block waves in the grid (swept: 1 = persistent, 4, 8) */
#endif
#ifndef GP_HIST_MID
#define GP_HIST_MID 2 /* blocks per SM at least (hist_grid.h; swept on the H100: 2, 3, 4; 0: one block per tile) */
#endif
#ifndef GP_HIST_MIN_TILES
#define GP_HIST_MIN_TILES 16 /* tiles per block before the grid grows past GP_HIST_MID per SM (swept: 16, 32) */
#endif
#include "hist_grid.h"

__device__ __forceinline__ float hist_word_as(uint32_t w, float) { return __uint_as_float(w); }
__device__ __forceinline__ int32_t hist_word_as(uint32_t w, int32_t) { return (int32_t)w; }

/* Counts the samples held in one 32-bit word of a 16-byte vector (4 u8, or 1 f32 / i32) into this lane's
 * copy, which starts at shared byte address `base` (copies interleaved: bin b at base + 4 b 2^log2r);
 * f32 / i32 have a spare row after the last bin for the samples that are not counted.
 * u8 with 32 copies: a byte is extracted with one PRMT, its address formed with one LEA and counted with
 * one RED: 3 instructions a sample (atomicAdd on the generic pointer compiles to 4 here). */
template <typename T, int LOG2R>
__device__ __forceinline__ void hist_count_word(uint32_t w, uint32_t base, const gp_hist_params &p, int log2r_arg)
{
    const int shift = (LOG2R >= 0 ? LOG2R : log2r_arg) + 2;
    if constexpr (sizeof(T) == 1) {
#pragma unroll
        for (int k = 0; k < 4; k++) {
            const uint32_t bin = __byte_perm(w, 0, 0x4440 + k);
            asm volatile("red.shared.add.u32 [%0], 1;" ::"r"(base + (bin << shift)) : "memory");
        }
    } else {
        /* a sample outside the bins counts in the spare row num_bins (never merged): no branch */
        const int b = gp_hist_bin(hist_word_as(w, T()), p);
        const uint32_t row = b >= 0 ? (uint32_t)b : (uint32_t)p.num_bins;
        asm volatile("red.shared.add.u32 [%0], 1;" ::"r"(base + (row << shift)) : "memory");
    }
}

template <typename T, int LOG2R>
__device__ __forceinline__ void hist_count_vec(uint4 v, uint32_t base, const gp_hist_params &p, int log2r)
{
    hist_count_word<T, LOG2R>(v.x, base, p, log2r);
    hist_count_word<T, LOG2R>(v.y, base, p, log2r);
    hist_count_word<T, LOG2R>(v.z, base, p, log2r);
    hist_count_word<T, LOG2R>(v.w, base, p, log2r);
}

/* LOG2R >= 0: the number of copies is a compile-time constant (u8: 32); -1: it is log2r_arg. Samples
 * [head, head + nvec * VEC) are read as uint4, [0, head) and [head + nvec * VEC, n) one by one. */
template <typename T, int LOG2R>
__global__ void __launch_bounds__(256) hist_vector(const T *__restrict__ samples, int64_t head, int64_t nvec,
                                                   int64_t n, void *bins, int wide, gp_hist_params p, int log2r_arg)
{
    extern __shared__ uint32_t sh[];
    const int log2r = LOG2R >= 0 ? LOG2R : log2r_arg;
    const int VEC = 16 / (int)sizeof(T);
    const uint4 *vec = reinterpret_cast<const uint4 *>(samples + head);
    const int64_t tile = (int64_t)blockDim.x * HIST_UNROLL;
    const int64_t step = (int64_t)gridDim.x * tile;
    const int64_t gtid = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    const int64_t tail = head + nvec * VEC;
    uint32_t *mine = sh + (threadIdx.x & ((1 << log2r) - 1));
    const uint32_t base_addr = (uint32_t)__cvta_generic_to_shared(mine);
    gp_hist_smem_zero(sh, (p.num_bins + (sizeof(T) == 1 ? 0 : 1)) << log2r);
    for (int64_t base = (int64_t)blockIdx.x * tile + threadIdx.x; base < nvec; base += step) {
        if (base + (HIST_UNROLL - 1) * (int64_t)blockDim.x < nvec) {
            uint4 v[HIST_UNROLL];
#pragma unroll
            for (int u = 0; u < HIST_UNROLL; u++) v[u] = __ldcs(vec + base + u * (int64_t)blockDim.x);
#pragma unroll
            for (int u = 0; u < HIST_UNROLL; u++) hist_count_vec<T, LOG2R>(v[u], base_addr, p, log2r);
        } else {
#pragma unroll
            for (int u = 0; u < HIST_UNROLL; u++) {
                int64_t i = base + u * (int64_t)blockDim.x;
                if (i < nvec) hist_count_vec<T, LOG2R>(__ldcs(vec + i), base_addr, p, log2r);
            }
        }
    }
    /* the peeled head and tail: fewer than VEC samples each, one per thread of the first block(s) */
    if (gtid < head) {
        int b = gp_hist_bin(samples[gtid], p);
        if (b >= 0) atomicAdd(mine + (b << log2r), 1u);
    }
    if (tail + gtid < n) {
        int b = gp_hist_bin(samples[tail + gtid], p);
        if (b >= 0) atomicAdd(mine + (b << log2r), 1u);
    }
    gp_hist_smem_merge(sh, p.num_bins, log2r, bins, wide);
}

template <typename T, int LOG2R>
static gp_status hist_vector_launch(gp_ctx *ctx, const gp_hist_call *c, int log2r)
{
    const gp_device_info *dev = ctx->dev;
    const int rows = c->p.num_bins + (sizeof(T) == 1 ? 0 : 1); /* f32 / i32: the spare row */
    const int threads = 256;
    const int VEC = 16 / (int)sizeof(T);
    const T *x = (const T *)c->samples;
    const size_t smem = ((size_t)rows << log2r) * 4;
    const void *fn = (const void *)hist_vector<T, LOG2R>;
    int64_t head = (int64_t)((16 - ((uintptr_t)x & 15)) & 15) / (int64_t)sizeof(T);
    int64_t nvec;
    unsigned blocks;
    if (head > c->n) head = c->n;
    nvec = (c->n - head) / VEC;
    if (gp_hist_allow_smem(fn, smem)) return gp__hist_global(ctx, c);
    {
        int64_t need = gp_ceil_div(nvec, (int64_t)threads * HIST_UNROLL);
        const int64_t wave = gp_hist_grid(dev, fn, threads, smem, INT64_MAX);
        blocks = (unsigned)gp_hist_r04_blocks(need, dev->sm_count, wave, HIST_WAVES, GP_HIST_MID, GP_HIST_MIN_TILES);
    }
    hist_vector<T, LOG2R><<<blocks, threads, smem, ctx->stream>>>(x, head, nvec, c->n, c->bins, c->wide, c->p, log2r);
    return gp__launch_status();
}

/* f32 / i32 count out-of-range samples in a spare row after the last bin */
static int hist_r04_rows(const gp_hist_call *c) { return c->p.num_bins + (c->type == GP_HIST_U8 ? 0 : 1); }

GP_ACCEPTS(hist_r04_accepts, gp_hist_call, dev, c) { return gp_hist_log2_copies(dev, hist_r04_rows(c)) >= 0; }

GP_LAUNCHER(hist_r04_launch, gp_hist_call, ctx, c)
{
    const int log2r = gp_hist_log2_copies(ctx->dev, hist_r04_rows(c));
#define LAUNCH(T)                                                                                         \
    return log2r == 5 ? hist_vector_launch<T, 5>(ctx, c, log2r) : hist_vector_launch<T, -1>(ctx, c, log2r)
    GP_HIST_DISPATCH(c, LAUNCH)
#undef LAUNCH
}

static gp_kernel_info hist_r04_kernel(void)
{
    gp_kernel_info k = {(const void *)hist_vector<uint8_t, 5>, 256, 256 * 32 * 4};
    return k;
}

GP_RUNG(gp__histogram_r04, "vector",
        "16-byte loads (16 u8 samples), 2 in flight per thread, grid of 8 waves from the SM count", 70, GP_RUNG_AUTO,
        hist_r04_launch_entry, hist_r04_accepts_entry, hist_r04_kernel);
