// 05_onesweep_lean.cu — sort rung 5: rung 04 with a register-lean onesweep pass (3 blocks per SM), a windowed
// look-back, an L2 prefetch of the tiles ahead, passes that move nothing left out, and one-block sorts of up
// to 16384 keys.
// Over rung 4 (H100 run 1, results/sort-h100-2026-11-23/run1; scripts/experiments/sort/NOTES.md):
//  - Occupancy. Rung 03's pass uses 80 registers (the __launch_bounds__ cap for 2 blocks of 384 threads) and
//    stalls on its tile loads, barriers and look-back with only 24 warps per SM. CUB's own data point: its
//    f32 onesweep kernel (19 keys per thread) fits in 56 registers and runs 3 blocks per SM, its u32 one
//    (20 keys) needs 74 and runs 2, and f32 sorts 9.6% faster than u32 (45.8 vs 41.8 G keys/s). Here the
//    keys stay in registers, but nothing else per key does: the digit is recomputed from the key where it is
//    needed (2 instructions for integer keys; f32 keys keep their digits packed four to a register), the
//    values of pairs never enter registers (cp.async into a shared staging buffer at the tile's start; the
//    ranking records, for each place, where its value is staged), so the pass fits in 56 registers with 20
//    u32 keys per thread: 3 blocks of 384 threads per SM.
//  - Windowed look-back. A tile's 256 digit threads walked back one predecessor per L2 round trip. In steady
//    state a walk is about (L2 latency x tiles started per unit of time) predecessors long, so the faster the
//    pass, the longer the walks. Each step now reads OS5_LB_WINDOW predecessors at once (independent loads,
//    one round trip) and sums up to the nearest PREFIX among them.
//  - L2 prefetch: the block of tile t asks L2 (one cp.async.bulk.prefetch.L2) for tile t + ahead's keys and
//    values, as scan rung 07 / compaction rung 04 (+5-6% there), so tile loads mostly hit L2.
//  - Trivial passes. The histogram kernel counts every pass's digits up front; its last block marks a pass
//    whose keys all share one digit (that pass's output equals its input) and writes a plan
//    (src/sort/sort_rule.h, tested on the CPU): such a pass is skipped, or copies where the ping-pong parity
//    needs the data moved, so the host still launches every pass with fixed buffers and never waits.
//    Random floats in a narrow range, small u64 keys, bit ranges wider than the data: up to half the passes.
//  - f32: each key's digit is also stored (one byte) at its place, so the scatter reads it instead of
//    recomputing the f32 order (~7 instructions) per key.
//  - Small inputs: one block sorts up to 16384 keys in one launch (sort_rule.h: 512 x 4, 512 x 8, 1024 x 8,
//    1024 x 16; the first two were 384 x 4 and 1024 x 4 until session 10), instead of rung 04's 384 x 18 tile
//    for everything from 1537 to 6912 keys (19.5 us at 2^11 and 2^12, CUB's single tile ~15 us) and rung 03's
//    six launches above.
// H100 run 2 (results/sort-h100-2026-11-23/run2): u32 keys 1.110x CUB, u32/u32 pairs 0.722x, f32 0.961x,
// u64 0.871x, sweep minimum 0.931x (2^11). Round 3 changes since then, not measured (NOTES.md, "After run 2"):
// the histogram kernel gives each lane its own column of counters (no bank or address conflicts: 0.89 ms ->
// ~0.4 predicted at 2^28 u32); pairs 20 and u64 15 keys per thread at 2 blocks per SM (run 2's best variants);
// the look-back reads one predecessor per step (run 2's win1), more only once the nearest is written; pairs wait
// for their staged values just before the scatter; values of full tiles staged by 16-byte cp.async; values of
// the key's size need no destination table (key address + dst_v - dst_k); a COPY pass stores the tile it holds.
// Session 13 (results/h100-2026-11-24b/README.md, calls 1-7): pairs run one block per SM with larger tiles (u32/u32
// 32 x 384 at 1 block instead of 20 x 384 at 2): u32/u32 pairs 2^28 0.873x -> 1.03-1.07x CUB (CUB's own time is
// bimodal across processes, 8.7 or 9.1 ms; ours 8.4-8.5 ms), the other value sizes 0.79-0.90x -> 1.01-1.09x (see
// OS5_ITEMS_44).
// In the library: the five paths of sort_rule.h (the passes, four one-block sizes) are this rung's
// configurations (gp_set_config forces one where it can hold the call; gp_get_last_config says which ran).
#include "../common/lookback.cuh"
#include "../common/cp_async.cuh"
#include "sort_tile.cuh"
#include "sort_rule.h"

#ifndef OS5_THREADS
#define OS5_THREADS 384
#endif
/* keys per thread (ITEMS), __launch_bounds__ minimum blocks per SM (MINB) and ranking match (MATCH, below) by key
 * bytes / value bytes (OS5_ITEMS_<key><value>, OS5_MINB_<key><value>, OS5_MATCH_<key><value>): 3 blocks of 384
 * threads cap registers at 56, 2 at 80, 1 at 168; shared memory per block ~ TILE x (key + value + 2 index bytes [+
 * 1 digit byte for f32]) + 12-16 KB must fit MINB times in the SM's 228 KB. Keys: H100 run 2 (NOTES.md), u64 keys
 * 15 x 2 (0.928x against 12 x 3's 0.870x). Pairs: one block per SM with large tiles (session 13, CUB in the same
 * process: results/h100-2026-11-24b/call3/sort-run.txt, call4/, call5/): u32/u32 pairs 2^28 at 20 x 2 blocks
 * 0.864-0.880x CUB, 20 x 1 0.952x, 24 x 1 1.014x, 28 x 1 1.051x, 32 x 1 1.068x, 40 x 1 1.082x, 48 x 1 1.067x; 32
 * keeps the pairs size sweep 2^14..2^27 at >= 0.956x (40: 0.895x at 2^15, fewer tiles than SMs). The lead was ncu
 * at 2^26 (call1/ncu-sort.txt): CUB's pass and the 20 x 2 one took the same 17.7 us per tile, CUB's tile holding
 * 15% more pairs; one block per SM frees the registers and shared memory for larger tiles. Why one block of 20
 * beats two was not profiled. u32/u64 24 x 1 1.074x (14 x 2 0.900x), u64/u32 27 x 1 1.013x (10 x 3 0.793x), u64/u64
 * 21 x 1 1.087x (10 x 2 0.896x); 28 / 24 were 0.6% / 1.7% faster but need more than an A100's 163 KB. Keys lost at
 * one block (u32 32 x 1 0.968x against 20 x 3's 1.198x): they stay. */
#ifndef OS5_ITEMS_40
#define OS5_ITEMS_40 20 /* 7680 keys: 44 KB (52 KB f32), 3 blocks */
#endif
#ifndef OS5_MINB_40
#define OS5_MINB_40 3
#endif
#ifndef OS5_ITEMS_44
#define OS5_ITEMS_44 32 /* 12288 pairs: 134 KB (146 KB f32), 1 block */
#endif
#ifndef OS5_MINB_44
#define OS5_MINB_44 1
#endif
#ifndef OS5_ITEMS_48
#define OS5_ITEMS_48 24 /* 9216: 142 KB (151 KB f32), 1 block */
#endif
#ifndef OS5_MINB_48
#define OS5_MINB_48 1
#endif
#ifndef OS5_ITEMS_80
#define OS5_ITEMS_80 15 /* 5760 keys: 58 KB, 2 blocks (CUB's u64 tile) */
#endif
#ifndef OS5_MINB_80
#define OS5_MINB_80 2
#endif
#ifndef OS5_ITEMS_84
#define OS5_ITEMS_84 27 /* 10368: 158 KB, 1 block */
#endif
#ifndef OS5_MINB_84
#define OS5_MINB_84 1
#endif
#ifndef OS5_ITEMS_88
#define OS5_ITEMS_88 21 /* 8064: 156 KB, 1 block */
#endif
#ifndef OS5_MINB_88
#define OS5_MINB_88 1
#endif
#ifndef OS5_LB_WINDOW
#define OS5_LB_WINDOW 1 /* predecessors read per look-back step once the nearest is written (run 2: 1 beat 4
                           and 8, which read W words even while polling one not yet written) */
#endif
/* L2 prefetch distance in tiles, % of the SM count (0: none), for 4- and 8-byte keys. Run 2, same process
 * type: without it u64 keys were 5% faster, f32 keys 4% slower, u32 keys and pairs within the noise. */
#ifndef OS5_AHEAD_PCT
#define OS5_AHEAD_PCT 50
#endif
#ifndef OS5_AHEAD_PCT_K4
#define OS5_AHEAD_PCT_K4 OS5_AHEAD_PCT
#endif
#ifndef OS5_AHEAD_PCT_K8
#define OS5_AHEAD_PCT_K8 0
#endif
#ifndef OS5_MATCH
#define OS5_MATCH 0 /* how a round's lanes of one digit find each other: 0 8 ballots (CUB's MATCH_ANY),
                       1 one shared atomicOr per key into a per-warp mask of each digit (CUB's ATOMIC_OR:
                       ~20 instructions per round instead of ~41, slower when many lanes share a digit),
                       2 per pass: 1 where the histogram says digits collide rarely, else 0 */
#endif
#ifndef OS5_MATCH_40
#define OS5_MATCH_40 OS5_MATCH
#endif
#ifndef OS5_MATCH_44
#define OS5_MATCH_44 OS5_MATCH
#endif
#ifndef OS5_MATCH_48
#define OS5_MATCH_48 OS5_MATCH
#endif
#ifndef OS5_MATCH_80
#define OS5_MATCH_80 OS5_MATCH
#endif
#ifndef OS5_MATCH_84
#define OS5_MATCH_84 OS5_MATCH
#endif
#ifndef OS5_MATCH_88
#define OS5_MATCH_88 OS5_MATCH
#endif
#ifndef OS5_PACK_INT
#define OS5_PACK_INT 0 /* 1: integer keys keep packed digits too, instead of recomputing them */
#endif
#ifndef OS5_F32_DIGIT_SMEM
#define OS5_F32_DIGIT_SMEM 1 /* f32: the scatter reads each key's digit from shared memory */
#endif
#ifndef OS5_VWAIT_LATE
#define OS5_VWAIT_LATE 1 /* pairs: wait for the staged values before the scatter (the ranking only writes their
                            indices), not before the ranking: their loads overlap counting, ranking, look-back */
#endif
#ifndef OS5_VEC_VALUES
#define OS5_VEC_VALUES 1 /* values staged by 16-byte cp.async where the tile is full and the source aligned */
#endif
#ifndef OS5_HIST
#define OS5_HIST 1 /* 1: lane-column histogram (sort_rule.h; one block of 1024 per SM, 16-byte loads);
                      0: run 2's (one histogram per block of 256 threads, 8 keys each) */
#endif
#ifndef OS5_HIST_VEC
#define OS5_HIST_VEC 4 /* OS5_HIST 1: 16-byte loads in flight per thread per step */
#endif
#define OS5_HIST_THREADS 256 /* OS5_HIST 0 */
#define OS5_HIST_ITEMS 8

template <int KB, int VB> struct os5_cfg;
#define OS5_CFG(KB, VB)                                                                                        \
    template <> struct os5_cfg<KB, VB> {                                                                       \
        enum { ITEMS = OS5_ITEMS_##KB##VB, MINB = OS5_MINB_##KB##VB, MATCH = OS5_MATCH_##KB##VB };             \
    }
OS5_CFG(4, 0); OS5_CFG(4, 4); OS5_CFG(4, 8); OS5_CFG(8, 0); OS5_CFG(8, 4); OS5_CFG(8, 8);
#undef OS5_CFG

static int os5_tile(int kb, int vb)
{
#define OS5_T(KB, VB) if (kb == KB && vb == VB) return OS5_THREADS * os5_cfg<KB, VB>::ITEMS
    OS5_T(4, 0); OS5_T(4, 4); OS5_T(4, 8); OS5_T(8, 0); OS5_T(8, 4); OS5_T(8, 8);
#undef OS5_T
    return OS5_THREADS;
}

/* Shared memory of a pass tile (one dynamic buffer, byte offsets). Values of the key's size need no table of
 * their own: a value goes to its key's address plus the distance between the two destination arrays. */
template <int ITEMS, typename K, int VB, bool DSM, int MATCH> struct os5_layout {
    enum { WARPS = OS5_THREADS / 32, TILE = OS5_THREADS * ITEMS, VTAB = VB != 0 && VB != (int)sizeof(K) };
    typedef typename gp_sort_val<VB>::V V;
    static constexpr size_t keys = 0;                                                  /* K[TILE], sorted */
    static constexpr size_t vstage = (keys + sizeof(K) * TILE + 15) / 16 * 16;         /* V[TILE], input order */
    static constexpr size_t inv = vstage + (VB ? sizeof(V) * TILE : 0);                /* u16[TILE]: place -> input index */
    static constexpr size_t dig = inv + (VB ? 2 * TILE : 0);                           /* u8[TILE]: place -> digit */
    static constexpr size_t ktab = (dig + (DSM ? TILE : 0) + 15) / 16 * 16;            /* u64[256] */
    static constexpr size_t vtab = ktab + 8 * GP_SORT_RADIX;                           /* u64[256] (VTAB) */
    static constexpr size_t hist = vtab + (VTAB ? 8 * GP_SORT_RADIX : 0);              /* u32[WARPS][256] */
    static constexpr size_t match = hist + 4 * WARPS * GP_SORT_RADIX;                  /* u32[WARPS][256] (MATCH) */
    static constexpr size_t scan = match + (MATCH ? 4 * WARPS * GP_SORT_RADIX : 0);    /* u32[WARPS] */
    static constexpr size_t bytes = scan + 4 * WARPS;
};
template <int KIND, int VB> struct os5_layout_of {
    typedef typename gp_sort_kind<KIND>::K K;
    typedef os5_cfg<(int)sizeof(K), VB> C;
    typedef os5_layout<C::ITEMS, K, VB, KIND == GP_SK_F32 && OS5_F32_DIGIT_SMEM, C::MATCH> L;
};

/* Streaming loads as volatile asm: issued where written, before the pass's plan word is looked at (so that
 * the plan's L2 round trip overlaps the tile's loads instead of preceding them). */
__device__ __forceinline__ unsigned os5_ld(const unsigned *p)
{
    unsigned v;
    asm volatile("ld.global.cs.u32 %0, [%1];" : "=r"(v) : "l"(p));
    return v;
}
__device__ __forceinline__ unsigned long long os5_ld(const unsigned long long *p)
{
    unsigned long long v;
    asm volatile("ld.global.cs.u64 %0, [%1];" : "=l"(v) : "l"(p));
    return v;
}
__device__ __forceinline__ unsigned os5_ld_plan(const unsigned *p)
{
    unsigned v;
    asm volatile("ld.global.u32 %0, [%1];" : "=r"(v) : "l"(p));
    return v;
}
/* Asks L2 for [p, p + bytes) rounded inwards to 16 bytes (the bulk prefetch needs 16-byte alignment and
 * size; a few edge bytes are simply not prefetched). One thread. */
__device__ __forceinline__ void os5_prefetch(const void *p, size_t bytes)
{
    const uintptr_t a = ((uintptr_t)p + 15) & ~(uintptr_t)15, e = ((uintptr_t)p + bytes) & ~(uintptr_t)15;
    if (e > a) gp_prefetch_l2((const void *)a, (unsigned)(e - a), true);
}
template <typename T> __device__ __forceinline__ void os5_cp_async(T *smem, const T *gmem);
template <> __device__ __forceinline__ void os5_cp_async<unsigned>(unsigned *smem, const unsigned *gmem)
{
    gp_cp_async4_full(smem, gmem);
}
template <> __device__ __forceinline__ void os5_cp_async<unsigned long long>(unsigned long long *smem, const unsigned long long *gmem)
{
    asm volatile("cp.async.ca.shared.global [%0], [%1], 8;\n" ::"r"(gp_smem_addr(smem)), "l"(gmem));
}

/* Status word: flag (2 bits) | pass (6 bits) | count (56 bits), as rung 03. */
#define OS5_VALUE_MASK ((1ull << 56) - 1)
__device__ __forceinline__ unsigned long long os5_word(unsigned flag, unsigned pass, unsigned long long v)
{
    return ((unsigned long long)flag << 62) | ((unsigned long long)pass << 56) | v;
}

/* Thread t: the digit-t keys of this pass in the tiles before `tile`. A step loads the words of m predecessors
 * at once (the 256 threads' loads of one predecessor are one 2 KB read) and adds them from the nearest on, up
 * to and including the first PREFIX; a word not yet written in this pass ends the step there. m is 1 while
 * the walk waits on a word not yet written (the first step, and after a step that stopped at one), else W:
 * polling never reads W words (run 2's windowed walk did, and W = 4 / 8 lost 4% / 20% against W = 1). Tile 0
 * publishes a PREFIX, so the walk ends. */
template <int W>
__device__ __forceinline__ unsigned long long os5_lookback(const unsigned long long *status, int64_t tile, int t,
                                                           unsigned pass)
{
    unsigned long long excl = 0;
    int64_t pred = tile - 1;
    int m = 1;
    for (;;) {
        unsigned long long w[W];
#pragma unroll
        for (int v = 0; v < W; v++)
            w[v] = v < m && pred - v >= 0 ? gp_lb_load(status + (pred - v) * GP_SORT_RADIX + t) : os5_word(GP_LB_PREFIX, pass, 0);
        int used = m;
        bool done = false;
#pragma unroll
        for (int v = 0; v < W; v++) {
            if (v < m && used == m && !done) {
                const unsigned flag = (unsigned)(w[v] >> 62);
                if (flag == GP_LB_EMPTY || ((unsigned)(w[v] >> 56) & 63u) != pass) {
                    used = v; /* not yet written in this pass: poll it again, alone */
                } else {
                    excl += w[v] & OS5_VALUE_MASK;
                    done = flag == GP_LB_PREFIX;
                }
            }
        }
        if (done) return excl;
        pred -= used;
        m = used < m ? 1 : W;
    }
}

/* The histogram's last block (all THREADS threads call it, after every block's counts are in `counts`): each
 * pass's exclusive digit starts (bins), its trivial flag (one digit count equal to n) and few-matches flag
 * (sort_rule.h), and the plan. THREADS / 256 passes at a time: thread t takes digit t % 256 of pass t / 256. */
template <int THREADS>
__device__ __forceinline__ void os5_hist_finish(int64_t n, int passes, const unsigned long long *counts,
                                                unsigned long long *bins, unsigned *plan)
{
    constexpr int GROUPS = THREADS / GP_SORT_RADIX, WPG = GP_SORT_RADIX / 32; /* passes at a time, warps per pass */
    static_assert(THREADS % GP_SORT_RADIX == 0, "whole passes");
    __shared__ unsigned long long wt[THREADS / 32];
    __shared__ float wf[THREADS / 32];
    __shared__ unsigned trivial_s, few_s;
    const int t = threadIdx.x, lane = t & 31, warp = t >> 5, g = t / GP_SORT_RADIX, d = t % GP_SORT_RADIX;
    if (t == 0) trivial_s = few_s = 0; /* read after the loop's barriers */
    for (int p0 = 0; p0 < passes; p0 += GROUPS) {
        const int p = p0 + g;
        const unsigned long long c = p < passes ? gp_lb_load(counts + p * GP_SORT_RADIX + d) : 0ull;
        unsigned long long wtot;
        const unsigned long long exc = gp_warp_exclusive_scan<unsigned long long, gp_op_sum<unsigned long long>>(c, &wtot);
        float f = (float)c / (float)n;
        f *= f;
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) f += __shfl_xor_sync(0xffffffffu, f, o);
        if (lane == 0) {
            wt[warp] = wtot;
            wf[warp] = f;
        }
        __syncthreads();
        unsigned long long before = 0;
        float sum_sq = 0.0f;
#pragma unroll
        for (int w = 0; w < WPG; w++) {
            const int ww = g * WPG + w;
            if (ww < warp) before += wt[ww];
            sum_sq += wf[ww];
        }
        if (p < passes) {
            bins[p * GP_SORT_RADIX + d] = before + exc;
            if (c == (unsigned long long)n) atomicOr(&trivial_s, 1u << p);
            if (d == 0 && gp_sort_few_matches(sum_sq)) atomicOr(&few_s, 1u << p);
        }
        __syncthreads(); /* wt / wf are written again by the next group */
    }
    if (t == 0) {
        unsigned pl[8];
        gp_sort_pass_plan(passes, trivial_s, pl);
        for (int p = 0; p < passes; p++) plan[p] = pl[p] | ((few_s >> p) & 1u ? GP_SORT_PLAN_FEW_MATCHES : 0u);
    }
}

/* Whether this block is the last to add its counts (then it finishes: os5_hist_finish). */
__device__ __forceinline__ bool os5_hist_last(unsigned *ticket)
{
    __shared__ int is_last;
    __threadfence();
    __syncthreads();
    if (threadIdx.x == 0) is_last = atomicAdd(ticket, 1u) == gridDim.x - 1;
    __syncthreads();
    if (!is_last) return false;
    __threadfence();
    return true;
}

/* OS5_HIST 0 (run 2): counts every pass's digits (u(key) once per key) into one shared histogram per block
 * (4 shared atomics per u32 key, conflicting in banks and addresses as the digits fall: 0.89 ms for 2^28 u32
 * keys on the H100, 2.5x the time of reading them), adds the block's counts to the global ones. */
template <int KIND>
__global__ void __launch_bounds__(OS5_HIST_THREADS) os5_histogram(const typename gp_sort_kind<KIND>::K *__restrict__ keys,
                                                                  int64_t n, typename gp_sort_kind<KIND>::K xm,
                                                                  int begin_bit, int end_bit, int passes,
                                                                  unsigned long long *counts, unsigned *ticket,
                                                                  unsigned long long *bins, unsigned *plan)
{
    typedef typename gp_sort_kind<KIND>::K K;
    constexpr int PMAX = (int)sizeof(K);
    constexpr int CHUNK = OS5_HIST_THREADS * OS5_HIST_ITEMS;
    __shared__ unsigned h[PMAX * GP_SORT_RADIX];
    const int t = threadIdx.x;
    int shift[PMAX];
    unsigned mask[PMAX];
#pragma unroll
    for (int p = 0; p < PMAX; p++) {
        shift[p] = begin_bit + GP_SORT_RADIX_BITS * p;
        const int bits = min(GP_SORT_RADIX_BITS, end_bit - shift[p]);
        mask[p] = p < passes ? (1u << bits) - 1u : 0u;
        if (p >= passes) shift[p] = 0;
    }
    for (int i = t; i < PMAX * GP_SORT_RADIX; i += OS5_HIST_THREADS) h[i] = 0;
    __syncthreads();
    for (int64_t base = (int64_t)blockIdx.x * CHUNK; base < n; base += (int64_t)gridDim.x * CHUNK) {
        K x[OS5_HIST_ITEMS];
        int cnt = OS5_HIST_ITEMS;
        if (base + CHUNK <= n) {
#pragma unroll
            for (int j = 0; j < OS5_HIST_ITEMS; j++) x[j] = __ldcs(keys + base + j * OS5_HIST_THREADS + t);
        } else {
            cnt = 0;
#pragma unroll
            for (int j = 0; j < OS5_HIST_ITEMS; j++) {
                const int64_t i = base + j * OS5_HIST_THREADS + t;
                x[j] = i < n ? __ldcs(keys + i) : (K)0;
                cnt += i < n;
            }
        }
#pragma unroll
        for (int j = 0; j < OS5_HIST_ITEMS; j++) {
            if (j < cnt) {
                const K u = gp_sort_kind<KIND>::ordered(x[j], xm);
#pragma unroll
                for (int p = 0; p < PMAX; p++)
                    if (p < passes) atomicAdd(h + p * GP_SORT_RADIX + ((unsigned)(u >> shift[p]) & mask[p]), 1u);
            }
        }
    }
    __syncthreads();
    for (int i = t; i < passes * GP_SORT_RADIX; i += OS5_HIST_THREADS)
        if (h[i]) atomicAdd(counts + i, (unsigned long long)h[i]);
    if (!os5_hist_last(ticket)) return;
    os5_hist_finish<OS5_HIST_THREADS>(n, passes, counts, bins, plan);
}

/* OS5_HIST 1: the lane-column histogram (sort_rule.h). Lane l of every warp counts into column l of
 * counters (pass, digit, lane), so a warp's 32 shared atomics of one pass hit 32 different banks, never one
 * address twice, whatever the keys: one wavefront each instead of ~3.5 (32 random digits in 32 banks, plus
 * same-digit lanes) for run 2's single histogram. 128 KB: one block of 1024 threads per SM, each loading
 * OS5_HIST_VEC 16-byte vectors per step (64 KB in flight per SM). 4-byte keys: 32-bit counters; 8-byte keys:
 * two 16-bit counters per word (passes 2k and 2k + 1 of one digit and lane: the increment is a constant),
 * kept below 2^16 by the grid (gp_sort_hist_grid). The block then sums each counter's 32 columns (rotated by lane: no bank conflicts)
 * into the global counts: one atomic per (pass, digit) and block. */
template <typename K> struct os5_hl {
    enum { KB = (int)sizeof(K), PMAX = KB, PAIR = KB == 8, WPASS = PAIR ? PMAX / 2 : PMAX, PER = 16 / KB };
    /* counter words [WPASS][256 digits][32 lanes]: 4-byte keys one pass per word, 8-byte keys passes 2k (low
     * 16 bits) and 2k + 1 (high 16 bits) */
    static constexpr size_t bytes = (size_t)WPASS * GP_SORT_RADIX * 32 * 4; /* 128 KB */
};
__device__ __forceinline__ void os5_red_shared(unsigned addr, unsigned v)
{
    asm volatile("red.shared.add.u32 [%0], %1;" ::"r"(addr), "r"(v) : "memory");
}
/* One key: u = the range bits of u(key), shifted down to bit 0, so that pass p's digit is byte p. Every pass
 * of the key type is counted, the passes past the range too (their digits are 0; those rows are never read,
 * and a counter's bound holds for any one counter): no branch between the atomics. col: the shared address
 * of counter (pass 0, digit 0, this lane). */
template <int KIND>
__device__ __forceinline__ void os5_hl_count(unsigned col, typename gp_sort_kind<KIND>::K x,
                                             typename gp_sort_kind<KIND>::K xm, int begin_bit,
                                             typename gp_sort_kind<KIND>::K rmask)
{
    typedef typename gp_sort_kind<KIND>::K K;
    typedef os5_hl<K> H;
    const K u = (gp_sort_kind<KIND>::ordered(x, xm) >> begin_bit) & rmask;
    const unsigned lo = (unsigned)u, hi = (unsigned)((unsigned long long)u >> 32); /* 32-bit digit extraction */
#pragma unroll
    for (int p = 0; p < H::PMAX; p++) {
        const unsigned d = ((p < 4 ? lo : hi) >> (GP_SORT_RADIX_BITS * (p & 3))) & (GP_SORT_RADIX - 1);
        if (H::PAIR)
            os5_red_shared(col + (((p >> 1) * GP_SORT_RADIX + d) << 7), (p & 1) ? 0x10000u : 1u);
        else
            os5_red_shared(col + ((p * GP_SORT_RADIX + d) << 7), 1u);
    }
}
template <int KIND>
__device__ __forceinline__ void os5_hl_count_vec(unsigned col, uint4 v, typename gp_sort_kind<KIND>::K xm, int begin_bit,
                                                 typename gp_sort_kind<KIND>::K rmask)
{
    typedef typename gp_sort_kind<KIND>::K K;
    if (sizeof(K) == 4) {
        os5_hl_count<KIND>(col, (K)v.x, xm, begin_bit, rmask);
        os5_hl_count<KIND>(col, (K)v.y, xm, begin_bit, rmask);
        os5_hl_count<KIND>(col, (K)v.z, xm, begin_bit, rmask);
        os5_hl_count<KIND>(col, (K)v.w, xm, begin_bit, rmask);
    } else {
        os5_hl_count<KIND>(col, (K)(((unsigned long long)v.y << 32) | v.x), xm, begin_bit, rmask);
        os5_hl_count<KIND>(col, (K)(((unsigned long long)v.w << 32) | v.z), xm, begin_bit, rmask);
    }
}
template <int KIND>
__global__ void __launch_bounds__(GP_SORT_HIST_THREADS, 1)
    os5_histogram_lanes(const typename gp_sort_kind<KIND>::K *__restrict__ keys, int64_t n,
                        typename gp_sort_kind<KIND>::K xm, int begin_bit, int end_bit, int passes,
                        unsigned long long *counts, unsigned *ticket, unsigned long long *bins, unsigned *plan)
{
    typedef typename gp_sort_kind<KIND>::K K;
    typedef os5_hl<K> H;
    constexpr int THREADS = GP_SORT_HIST_THREADS, VEC = OS5_HIST_VEC;
    constexpr int64_t CHUNK = (int64_t)THREADS * VEC; /* vectors */
    extern __shared__ __align__(16) unsigned char smem[];
    unsigned *cnt = reinterpret_cast<unsigned *>(smem);
    const int t = threadIdx.x, lane = t & 31;
    for (int i = t; i < (int)(H::bytes / 16); i += THREADS) reinterpret_cast<uint4 *>(smem)[i] = make_uint4(0u, 0u, 0u, 0u);
    __syncthreads();
    const int bits = end_bit - begin_bit;
    const K rmask = bits >= 8 * H::KB ? ~(K)0 : (((K)1 << bits) - 1);
    const unsigned col = (unsigned)__cvta_generic_to_shared(cnt + lane);
    /* keys [0, head) before the first 16-byte boundary, nv whole vectors, then fewer than PER keys */
    int64_t head = (int64_t)((16u - ((unsigned)(uintptr_t)keys & 15u)) & 15u) / H::KB;
    if (head > n) head = n;
    const int64_t nv = (n - head) / H::PER;
    const uint4 *vp = reinterpret_cast<const uint4 *>(keys + head);
    for (int64_t c = blockIdx.x; c * CHUNK < nv; c += gridDim.x) {
        const int64_t base = c * CHUNK + t;
        uint4 v[VEC];
        if ((c + 1) * CHUNK <= nv) {
#pragma unroll
            for (int j = 0; j < VEC; j++) v[j] = __ldcs(vp + base + j * THREADS);
#pragma unroll
            for (int j = 0; j < VEC; j++) os5_hl_count_vec<KIND>(col, v[j], xm, begin_bit, rmask);
        } else {
#pragma unroll
            for (int j = 0; j < VEC; j++)
                if (base + j * THREADS < nv) v[j] = __ldcs(vp + base + j * THREADS);
#pragma unroll
            for (int j = 0; j < VEC; j++)
                if (base + j * THREADS < nv) os5_hl_count_vec<KIND>(col, v[j], xm, begin_bit, rmask);
        }
    }
    if (blockIdx.x == 0) {
        if (t < head) os5_hl_count<KIND>(col, keys[t], xm, begin_bit, rmask);
        const int64_t i = head + nv * H::PER + t;
        if (t < H::PER && i < n) os5_hl_count<KIND>(col, keys[i], xm, begin_bit, rmask);
    }
    __syncthreads();
    /* thread r sums row r (digit r % 256 of word pass r / 256) over the 32 columns, starting at its lane's */
    for (int r = t; r < H::WPASS * GP_SORT_RADIX; r += THREADS) {
        const int p = (H::PAIR ? 2 : 1) * (r / GP_SORT_RADIX); /* the (first) pass of the word */
        if (p >= passes) continue;
        const unsigned *row = cnt + r * 32;
        unsigned lo = 0, hi = 0;
#pragma unroll 8
        for (int j = 0; j < 32; j++) {
            const unsigned w = row[(j + lane) & 31];
            if (H::PAIR) {
                lo += w & 0xffffu;
                hi += w >> 16;
            } else {
                lo += w;
            }
        }
        unsigned long long *cp = counts + p * GP_SORT_RADIX + r % GP_SORT_RADIX;
        if (lo) atomicAdd(cp, (unsigned long long)lo);
        if (H::PAIR && hi && p + 1 < passes) atomicAdd(cp + GP_SORT_RADIX, (unsigned long long)hi);
    }
    if (!os5_hist_last(ticket)) return;
    os5_hist_finish<THREADS>(n, passes, counts, bins, plan);
}

/* The buffers a pass may touch: its fixed source and destination (host), and the three a COPY plan names. */
template <typename K, typename V> struct os5_bufs {
    const K *src_k;
    K *dst_k;
    const V *src_v;
    V *dst_v;
    const K *in_k; /* GP_SORT_BUF_IN / ALT / OUT */
    K *alt_k;
    K *out_k;
    const V *in_v;
    V *alt_v;
    V *out_v;
};
template <typename T> __device__ __forceinline__ const T *os5_buf(int id, const T *in, T *alt, T *out)
{
    return id == GP_SORT_BUF_IN ? in : id == GP_SORT_BUF_ALT ? alt : out;
}

/* The digit of slot r: from the packed digits, or recomputed from the key (padding slots: 255). */
template <int ITEMS, int KIND, bool FULL, bool PACK>
__device__ __forceinline__ unsigned os5_digit(const typename gp_sort_kind<KIND>::K (&keys)[ITEMS],
                                              const unsigned (&dp)[GP_SORT_PACKED(ITEMS)], int r,
                                              const gp_sort_digit<KIND> &dig, int first, int tile_items)
{
    if (PACK) return gp_sort_digit_at(dp, r);
    unsigned d = dig(keys[r]);
    if (!FULL && first + r * 32 >= tile_items) d = GP_SORT_RADIX - 1;
    return d;
}

/* One tile of a pass (FULL: the tile has TILE elements). */
template <int KIND, int VB, bool FULL>
__device__ __forceinline__ void os5_tile(const os5_bufs<typename gp_sort_kind<KIND>::K, typename gp_sort_val<VB>::V> &b,
                                         int64_t n, const gp_sort_digit<KIND> &dig, unsigned pass,
                                         const unsigned long long *__restrict__ bins, unsigned long long *status,
                                         unsigned plan_word, int64_t tile, int tile_items, unsigned char *smem)
{
    typedef typename gp_sort_kind<KIND>::K K;
    typedef typename gp_sort_val<VB>::V V;
    constexpr int ITEMS = os5_cfg<(int)sizeof(K), VB>::ITEMS, MATCH = os5_cfg<(int)sizeof(K), VB>::MATCH;
    constexpr bool DSM = KIND == GP_SK_F32 && OS5_F32_DIGIT_SMEM;
    constexpr bool PACK = KIND == GP_SK_F32 || OS5_PACK_INT;
    typedef typename os5_layout_of<KIND, VB>::L L;
    constexpr int WARPS = L::WARPS, TILE = L::TILE;
    K *keys_s = reinterpret_cast<K *>(smem + L::keys);
    V *vstage = reinterpret_cast<V *>(smem + L::vstage);
    unsigned short *inv_s = reinterpret_cast<unsigned short *>(smem + L::inv);
    unsigned char *dig_s = smem + L::dig;
    unsigned long long *ktab = reinterpret_cast<unsigned long long *>(smem + L::ktab);
    unsigned long long *vtab = reinterpret_cast<unsigned long long *>(smem + L::vtab);
    unsigned *hist = reinterpret_cast<unsigned *>(smem + L::hist);
    unsigned *scan_smem = reinterpret_cast<unsigned *>(smem + L::scan);
    const int t = threadIdx.x, lane = t & 31, warp = t >> 5;
    const int first = warp * 32 * ITEMS + lane; /* warp-striped: slot r holds tile element first + 32 r */
    const int64_t tile_base = tile * TILE;
    (void)n;

    /* 1. loads: keys to registers, values to the staging buffer (cp.async: no registers) */
    K keys[ITEMS];
    {
        const K *p = b.src_k + tile_base + first;
#pragma unroll
        for (int r = 0; r < ITEMS; r++) keys[r] = (FULL || first + r * 32 < tile_items) ? os5_ld(p + r * 32) : (K)0;
    }
    if (VB) {
        /* a full tile from a 16-byte aligned source: 16-byte copies (TILE x VB is a multiple of 1536 bytes, so
         * every tile starts aligned); else one per value */
        constexpr int CH = TILE * VB / 16; /* 16-byte chunks of a full tile */
        if (FULL && OS5_VEC_VALUES && ((uintptr_t)b.src_v & 15u) == 0) {
            const unsigned char *src = reinterpret_cast<const unsigned char *>(b.src_v + tile_base);
#pragma unroll
            for (int j = 0; j < (CH + OS5_THREADS - 1) / OS5_THREADS; j++) {
                const int c = j * OS5_THREADS + t;
                if (CH % OS5_THREADS == 0 || c < CH)
                    gp_cp_async16_full(reinterpret_cast<unsigned char *>(vstage) + 16 * c, src + 16 * c);
            }
        } else {
#pragma unroll
            for (int r = 0; r < ITEMS; r++) {
                const int i = r * OS5_THREADS + t;
                if (FULL || i < tile_items) os5_cp_async<V>(vstage + i, b.src_v + tile_base + i);
            }
        }
        gp_cp_async_commit();
    }
    /* 2. the plan: a trivial pass skips or copies (block-uniform) */
    if ((plan_word & 3u) != GP_SORT_PLAN_REAL) {
        if (VB) gp_cp_async_wait<0>();
        if ((plan_word & 3u) == GP_SORT_PLAN_COPY) {
            const int s = (int)((plan_word >> 2) & 3u), d = (int)((plan_word >> 4) & 3u);
            const K *sk = os5_buf<K>(s, b.in_k, b.alt_k, b.out_k) + tile_base;
            K *dk = const_cast<K *>(os5_buf<K>(d, b.in_k, b.alt_k, b.out_k)) + tile_base;
            const V *sv = os5_buf<V>(s, b.in_v, b.alt_v, b.out_v) + tile_base;
            V *dv = const_cast<V *>(os5_buf<V>(d, b.in_v, b.alt_v, b.out_v)) + tile_base;
            if (sk == b.src_k + tile_base) {
                /* the copy's source is this pass's: the tile is in registers (keys) and staged (values) */
#pragma unroll
                for (int r = 0; r < ITEMS; r++)
                    if (FULL || first + r * 32 < tile_items) dk[first + r * 32] = keys[r];
                if (VB) {
                    __syncthreads(); /* every thread's staged values (block-uniform branch) */
                    for (int i = t; i < tile_items; i += OS5_THREADS) dv[i] = vstage[i];
                }
            } else { /* a run of trivial passes from the start: the data is still in keys_in / values_in */
                for (int i = t; i < tile_items; i += OS5_THREADS) dk[i] = sk[i];
                if (VB)
                    for (int i = t; i < tile_items; i += OS5_THREADS) dv[i] = sv[i];
            }
        }
        return;
    }

    /* 3. count the warp's digits in its row; padding slots (past the tile's end) count as digit 255 */
    unsigned dp[GP_SORT_PACKED(ITEMS)];
#pragma unroll
    for (int q = 0; q < GP_SORT_PACKED(ITEMS); q++) dp[q] = 0;
    unsigned *row = hist + warp * GP_SORT_RADIX;
#pragma unroll
    for (int i = lane; i < GP_SORT_RADIX; i += 32) {
        row[i] = 0;
        if (MATCH) reinterpret_cast<unsigned *>(smem + L::match)[warp * GP_SORT_RADIX + i] = 0;
    }
    __syncwarp();
#pragma unroll
    for (int r = 0; r < ITEMS; r++) {
        unsigned d = dig(keys[r]);
        if (!FULL && first + r * 32 >= tile_items) d = GP_SORT_RADIX - 1;
        if (PACK) dp[r / 4] |= d << (8 * (r % 4));
        atomicAdd(row + d, 1u);
    }
    __syncthreads();
    const unsigned count = gp_sort_digit_count<WARPS>(hist);
    unsigned long long bin = 0;
    if (t < GP_SORT_RADIX) {
        gp_lb_store(status + tile * GP_SORT_RADIX + t, os5_word(tile == 0 ? GP_LB_PREFIX : GP_LB_AGGREGATE, pass, count));
        bin = bins[t]; /* needed after the ranking: its load is under way meanwhile */
    }
    const unsigned start = gp_sort_tile_starts<OS5_THREADS>(count, scan_smem);
    gp_sort_warp_starts<WARPS>(hist, start);
    if (VB && !OS5_VWAIT_LATE) gp_cp_async_wait<0>();
    __syncthreads();

    /* 4. rank: each round's lanes of one digit find each other (8 ballots), the highest advances the warp's
     * counter of that digit, and each key goes to its place in the sorted tile */
    const unsigned lower = (1u << lane) - 1u;
    const bool use_or = MATCH == 1 || (MATCH == 2 && (plan_word & GP_SORT_PLAN_FEW_MATCHES));
    if (!use_or) {
#pragma unroll
        for (int r = 0; r < ITEMS; r++) {
            const unsigned d = os5_digit<ITEMS, KIND, FULL, PACK>(keys, dp, r, dig, first, tile_items);
            const unsigned peers = gp_sort_match8(d);
            const int leader = 31 - __clz(peers);
            unsigned base = 0;
            asm volatile("{\n\t.reg .pred p;\n\tsetp.eq.s32 p, %1, %2;\n\t@p atom.shared.add.u32 %0, [%3], %4;\n\t}"
                         : "+r"(base)
                         : "r"(lane), "r"(leader), "r"((unsigned)__cvta_generic_to_shared(row + d)), "r"((unsigned)__popc(peers))
                         : "memory");
            base = __shfl_sync(0xffffffffu, base, leader);
            const unsigned place = base + __popc(peers & lower);
            keys_s[place] = keys[r];
            if (DSM) dig_s[place] = (unsigned char)d;
            if (VB) inv_s[place] = (unsigned short)(first + r * 32);
        }
    } else if (MATCH) {
        /* each lane ORs its bit into the warp's mask of its digit, reads the mask back: its peers; the
         * highest peer advances the digit's counter and clears the mask for the next round */
        volatile unsigned *mm = reinterpret_cast<unsigned *>(smem + L::match) + warp * GP_SORT_RADIX;
#pragma unroll
        for (int r = 0; r < ITEMS; r++) {
            const unsigned d = os5_digit<ITEMS, KIND, FULL, PACK>(keys, dp, r, dig, first, tile_items);
            atomicOr(const_cast<unsigned *>(mm + d), 1u << lane);
            __syncwarp();
            const unsigned peers = mm[d];
            __syncwarp();
            const int leader = 31 - __clz(peers);
            unsigned base = 0;
            if (lane == leader) {
                base = atomicAdd(row + d, (unsigned)__popc(peers));
                mm[d] = 0;
            }
            __syncwarp();
            base = __shfl_sync(0xffffffffu, base, leader);
            const unsigned place = base + __popc(peers & lower);
            keys_s[place] = keys[r];
            if (DSM) dig_s[place] = (unsigned char)d;
            if (VB) inv_s[place] = (unsigned short)(first + r * 32);
        }
    }

    /* 5. look-back (thread t: digit t), the tile's inclusive prefix, the destination tables */
    if (t < GP_SORT_RADIX) {
        unsigned long long excl = 0;
        if (tile > 0) {
            excl = os5_lookback<OS5_LB_WINDOW>(status, tile, t, pass);
            gp_lb_store(status + tile * GP_SORT_RADIX + t, os5_word(GP_LB_PREFIX, pass, excl + count));
        }
        gp_sort_set_tables<K, V, L::VTAB ? VB : 0>(ktab, vtab, b.dst_k, b.dst_v, bin + excl, start);
    }
    if (VB && OS5_VWAIT_LATE) gp_cp_async_wait<0>(); /* the staged values are read from the scatter on */
    __syncthreads();

    /* 6. scatter: place i of digit d goes to (tile's first output slot of d) + (i - d's first place); a value
     * of the key's size to its key's address + (dst_v - dst_k) */
    const long long voff = (long long)((uintptr_t)b.dst_v - (uintptr_t)b.dst_k);
#pragma unroll
    for (int r = 0; r < ITEMS; r++) {
        const int i = r * OS5_THREADS + t;
        if (FULL || i < tile_items) {
            const K x = keys_s[i];
            const unsigned d = DSM ? (unsigned)dig_s[i] : dig(x);
            K *kp = reinterpret_cast<K *>(ktab[d]) + i;
            __stcg(kp, x); /* st.global (a generic store otherwise) */
            if (VB) {
                V *vp = L::VTAB ? reinterpret_cast<V *>(vtab[d]) + i : reinterpret_cast<V *>((uintptr_t)kp + (uintptr_t)voff);
                __stcg(vp, vstage[inv_s[i]]);
            }
        }
    }
}

/* One digit pass (or, by the plan, a skipped or copying one): tile blockIdx.x. */
template <int KIND, int VB>
__global__ void __launch_bounds__(OS5_THREADS, (os5_cfg<(int)sizeof(typename gp_sort_kind<KIND>::K), VB>::MINB))
    os5_pass(os5_bufs<typename gp_sort_kind<KIND>::K, typename gp_sort_val<VB>::V> b, int64_t n, gp_sort_digit<KIND> dig,
             unsigned pass, const unsigned long long *__restrict__ bins, unsigned long long *status, const unsigned *plan,
             int64_t ahead)
{
    typedef typename gp_sort_kind<KIND>::K K;
    typedef typename gp_sort_val<VB>::V V;
    constexpr int TILE = OS5_THREADS * os5_cfg<(int)sizeof(K), VB>::ITEMS;
    static_assert(OS5_THREADS >= GP_SORT_RADIX && OS5_THREADS % 32 == 0, "one thread per digit");
    static_assert(TILE <= 65536, "16-bit tile indices");
    extern __shared__ __align__(16) unsigned char smem[];
    const int64_t tile = blockIdx.x;
    if (threadIdx.x == 0 && ahead > 0 && (tile + ahead) * TILE < n) { /* the tile ~a wave ahead, into L2 */
        const int64_t g = (tile + ahead) * TILE, m = min((int64_t)TILE, n - g);
        os5_prefetch(b.src_k + g, (size_t)m * sizeof(K));
        if (VB) os5_prefetch(b.src_v + g, (size_t)m * sizeof(V));
    }
    const unsigned plan_word = os5_ld_plan(plan + pass);
    const int tile_items = (int)min((int64_t)TILE, n - tile * TILE);
    if (tile_items == TILE)
        os5_tile<KIND, VB, true>(b, n, dig, pass, bins, status, plan_word, tile, tile_items, smem);
    else
        os5_tile<KIND, VB, false>(b, n, dig, pass, bins, status, plan_word, tile, tile_items, smem);
}

/* ---- one block: the whole input in one tile ------------------------------------------------------------ */

/* Rung 04's one-block sort with THREADS as a parameter, and a pass whose keys all share one digit left out:
 * the thread of that digit raises a flag before the block scan's barrier, and every thread sees it after. */
template <int KIND, int VB, int THREADS, int ITEMS>
__global__ void __launch_bounds__(THREADS, 1)
    ob5_sort(const typename gp_sort_kind<KIND>::K *__restrict__ keys_in, typename gp_sort_kind<KIND>::K *keys_out,
             const typename gp_sort_val<VB>::V *__restrict__ vals_in, typename gp_sort_val<VB>::V *vals_out, int n,
             typename gp_sort_kind<KIND>::K xm, int begin_bit, int end_bit, int passes)
{
    typedef typename gp_sort_kind<KIND>::K K;
    typedef typename gp_sort_val<VB>::V V;
    typedef gp_sort_tile_layout<THREADS, ITEMS, K, VB> L;
    constexpr int WARPS = L::WARPS, TILE = L::TILE;
    extern __shared__ __align__(16) unsigned char smem[];
    K *keys_s = reinterpret_cast<K *>(smem + L::keys);
    V *vals_s = reinterpret_cast<V *>(smem + L::vals);
    unsigned *hist = reinterpret_cast<unsigned *>(smem + L::hist);
    unsigned *scan_smem = reinterpret_cast<unsigned *>(smem + L::scan);
    volatile int *trivial_pass = reinterpret_cast<volatile int *>(smem + L::misc); /* pass + 1 of a trivial pass */
    const int t = threadIdx.x, warp = t >> 5;
    const int first = warp * 32 * ITEMS + (t & 31);
    const bool full = n == TILE;
    if (t == 0) *trivial_pass = 0;
    bool last_skipped = false;
    for (int p = 0; p < passes; p++) {
        const int shift = begin_bit + GP_SORT_RADIX_BITS * p;
        const gp_sort_digit<KIND> dig(xm, shift, min(GP_SORT_RADIX_BITS, end_bit - shift));
        K keys[ITEMS];
        V vals[ITEMS];
        if (p == 0) {
            gp_sort_load<ITEMS>(keys_in, 0, n, full, keys);
            if (VB) gp_sort_load<ITEMS>(vals_in, 0, n, full, vals);
        } else { /* the previous pass's order, from shared memory (places >= n: padding) */
#pragma unroll
            for (int r = 0; r < ITEMS; r++) {
                keys[r] = keys_s[first + r * 32];
                if (VB) vals[r] = vals_s[first + r * 32];
            }
        }
        unsigned dp[GP_SORT_PACKED(ITEMS)];
        gp_sort_digits<ITEMS, KIND>(keys, n, full, dig, dp);
        gp_sort_warp_count<ITEMS>(dp, hist + warp * GP_SORT_RADIX);
        __syncthreads(); /* also: every read of keys_s above is done before the ranking below writes it */
        const unsigned count = gp_sort_digit_count<WARPS>(hist);
        /* digit 255's count includes the TILE - n padding slots */
        const unsigned real = t == GP_SORT_RADIX - 1 ? count - (unsigned)(TILE - n) : count;
        if (t < GP_SORT_RADIX && real == (unsigned)n) *trivial_pass = p + 1;
        const unsigned start = gp_sort_tile_starts<THREADS>(count, scan_smem); /* its barrier publishes the flag */
        last_skipped = *trivial_pass == p + 1;
        if (last_skipped) { /* the order is unchanged; after pass 0 it must still reach shared memory */
            if (p == 0) {
#pragma unroll
                for (int r = 0; r < ITEMS; r++) {
                    keys_s[first + r * 32] = keys[r]; /* read back by this thread only, or after a barrier */
                    if (VB) vals_s[first + r * 32] = vals[r];
                }
            }
            continue;
        }
        gp_sort_warp_starts<WARPS>(hist, start);
        __syncthreads();
        gp_sort_rank<ITEMS, K, V, VB>(dp, keys, vals, hist + warp * GP_SORT_RADIX, keys_s, vals_s);
        __syncthreads();
    }
    if (last_skipped) __syncthreads();
    for (int i = t; i < n; i += THREADS) {
        keys_out[i] = keys_s[i];
        if (VB) vals_out[i] = vals_s[i];
    }
}

/* ---- host ---------------------------------------------------------------------------------------------- */

/* Experiment hook (sort_internal.h): with gp__sort_r05_trace set, the onesweep path records an event after
 * each of its operations (memset, histogram, each pass) so that a harness can read the time of each. */
extern "C" int gp__sort_r05_trace = 0;
static cudaEvent_t os5_ev[GP_SORT_R05_TRACE_MAX];
static int os5_nev = 0;
static void os5_mark(cudaStream_t s)
{
    if (!gp__sort_r05_trace || os5_nev >= GP_SORT_R05_TRACE_MAX) return;
    if (!os5_ev[os5_nev] && cudaEventCreate(&os5_ev[os5_nev]) != cudaSuccess) return;
    cudaEventRecord(os5_ev[os5_nev++], s);
}
extern "C" int gp__sort_r05_trace_read(float *ms, int max)
{
    int k = 0;
    if (os5_nev < 2) return 0;
    if (cudaEventSynchronize(os5_ev[os5_nev - 1]) != cudaSuccess) return 0;
    for (int i = 1; i < os5_nev && k < max; i++)
        if (cudaEventElapsedTime(&ms[k], os5_ev[i - 1], os5_ev[i]) == cudaSuccess) k++;
    return k;
}

typedef struct os5_plan {
    int passes;
    int64_t tiles;
    size_t bins_bytes, zero_bytes, alt_keys_bytes, alt_vals_bytes;
} os5_plan;

static os5_plan os5_make_plan(const gp_sort_args *a)
{
    os5_plan p;
    const int kb = gp__sort_key_bytes(a->key_type), vb = a->value_bytes;
    const size_t pb = (size_t)gp__sort_passes(a, GP_SORT_RADIX_BITS) * GP_SORT_RADIX * 8;
    p.passes = gp__sort_passes(a, GP_SORT_RADIX_BITS);
    p.tiles = gp_ceil_div(a->n, os5_tile(kb, vb));
    p.bins_bytes = (pb + 255) / 256 * 256;
    /* ticket (256) + counts + status words, zeroed together */
    p.zero_bytes = 256 + (pb + 255) / 256 * 256 + ((size_t)p.tiles * GP_SORT_RADIX * 8 + 255) / 256 * 256;
    p.alt_keys_bytes = p.passes >= 2 ? ((size_t)a->n * kb + 255) / 256 * 256 : 0;
    p.alt_vals_bytes = p.passes >= 2 ? ((size_t)a->n * vb + 255) / 256 * 256 : 0;
    return p;
}

/* The path of a call that needs passes: the size rule, or the configuration gp_set_config forced (sort_rule.h) */
static int os5_path(const gp_sort_args *a)
{
    return gp_sort_r05_choose(a->forced_path - 1, a->n, gp__sort_key_bytes(a->key_type), a->value_bytes);
}

extern "C" int gp__sort_r05_path_of(const gp_sort_args *a)
{
    return a->n <= 1 || a->begin_bit >= a->end_bit ? -1 : os5_path(a);
}

extern "C" size_t gp__sort_r05_workspace(const gp_sort_args *a)
{
    os5_plan p;
    if (a->n <= 1 || a->begin_bit >= a->end_bit) return 0; /* a copy (gp__sort_trivial) */
    if (os5_path(a) != 0) return 0; /* one block */
    p = os5_make_plan(a);
    return 256 /* alignment */ + p.bins_bytes + 256 /* plan */ + p.zero_bytes + p.alt_keys_bytes + p.alt_vals_bytes;
}

template <int KIND, int VB>
static gp_status os5_run(const gp_device_info *dev, cudaStream_t s, const gp_sort_args *a, const os5_plan &pl)
{
    typedef typename gp_sort_kind<KIND>::K K;
    typedef typename gp_sort_val<VB>::V V;
    typedef typename os5_layout_of<KIND, VB>::L L;
    static int smem_set[GP_MAX_DEVICES];
    const K xm = (K)gp_sort_xor_mask(a);
    gp_sort_carve cv;
    cv.base = (uintptr_t)a->workspace;
    cv.at = (cv.base + 255) / 256 * 256;
    unsigned long long *bins = (unsigned long long *)gp_sort_take(&cv, pl.bins_bytes);
    unsigned *plan = (unsigned *)gp_sort_take(&cv, 256);
    void *zero = (void *)cv.at;
    unsigned *ticket = (unsigned *)gp_sort_take(&cv, 256);
    unsigned long long *counts = (unsigned long long *)gp_sort_take(&cv, pl.bins_bytes);
    unsigned long long *status = (unsigned long long *)gp_sort_take(&cv, (size_t)pl.tiles * GP_SORT_RADIX * 8);
    K *alt_k = (K *)gp_sort_take(&cv, pl.alt_keys_bytes);
    V *alt_v = (V *)gp_sort_take(&cv, pl.alt_vals_bytes);
    if (gp__sort_r05_trace) os5_nev = 0; /* harnesses only: library calls on other threads never touch it */
    os5_mark(s);
    if (cudaMemsetAsync(zero, 0, pl.zero_bytes, s) != cudaSuccess) return GP_ERROR_CUDA;
    os5_mark(s);

#if OS5_HIST == 1
    {
        static int hsmem_set[GP_MAX_DEVICES];
        const void *hfn = (const void *)os5_histogram_lanes<KIND>;
        gp_sort_allow_smem(hfn, os5_hl<K>::bytes, dev->device, hsmem_set);
        const unsigned hist_blocks = (unsigned)gp_sort_hist_grid(a->n, (int)sizeof(K), OS5_HIST_VEC, dev->sm_count);
        os5_histogram_lanes<KIND><<<hist_blocks, GP_SORT_HIST_THREADS, os5_hl<K>::bytes, s>>>(
            (const K *)a->keys_in, a->n, xm, a->begin_bit, a->end_bit, pl.passes, counts, ticket, bins, plan);
    }
#else
    {
        const int64_t hist_work = gp_ceil_div(a->n, OS5_HIST_ITEMS);
        const unsigned hist_blocks = gp_grid_for(dev, OS5_HIST_THREADS, hist_work, 1);
        os5_histogram<KIND><<<hist_blocks, OS5_HIST_THREADS, 0, s>>>((const K *)a->keys_in, a->n, xm, a->begin_bit,
                                                                      a->end_bit, pl.passes, counts, ticket, bins, plan);
    }
#endif
    os5_mark(s);

    const void *fn = (const void *)os5_pass<KIND, VB>;
    gp_sort_allow_smem(fn, L::bytes, dev->device, smem_set);
    const int64_t ahead = (int64_t)dev->sm_count * (sizeof(K) == 8 ? OS5_AHEAD_PCT_K8 : OS5_AHEAD_PCT_K4) / 100;
    os5_bufs<K, V> b;
    b.in_k = (const K *)a->keys_in;
    b.alt_k = alt_k;
    b.out_k = (K *)a->keys_out;
    b.in_v = (const V *)a->values_in;
    b.alt_v = alt_v;
    b.out_v = (V *)a->values_out;
    for (int p = 0; p < pl.passes; p++) {
        /* fixed buffers (sort_rule.h): the last pass writes the output, the first reads the input */
        const int src = gp_sort_plan_src(pl.passes, p), dst = gp_sort_plan_dst(pl.passes, p);
        b.src_k = src == GP_SORT_BUF_IN ? b.in_k : src == GP_SORT_BUF_ALT ? alt_k : b.out_k;
        b.dst_k = dst == GP_SORT_BUF_ALT ? alt_k : b.out_k;
        b.src_v = src == GP_SORT_BUF_IN ? b.in_v : src == GP_SORT_BUF_ALT ? alt_v : b.out_v;
        b.dst_v = dst == GP_SORT_BUF_ALT ? alt_v : b.out_v;
        const int shift = a->begin_bit + GP_SORT_RADIX_BITS * p;
        const gp_sort_digit<KIND> dig(xm, shift, min(GP_SORT_RADIX_BITS, a->end_bit - shift));
        os5_pass<KIND, VB><<<(unsigned)pl.tiles, OS5_THREADS, L::bytes, s>>>(b, a->n, dig, (unsigned)p,
                                                                             bins + p * GP_SORT_RADIX, status, plan, ahead);
        os5_mark(s);
    }
    return gp__launch_status();
}

template <int KIND, int VB, int THREADS, int ITEMS>
static gp_status ob5_launch(const gp_device_info *dev, cudaStream_t s, const gp_sort_args *a)
{
    typedef typename gp_sort_kind<KIND>::K K;
    typedef typename gp_sort_val<VB>::V V;
    typedef gp_sort_tile_layout<THREADS, ITEMS, K, VB> L;
    static int smem_set[GP_MAX_DEVICES];
    const void *fn = (const void *)ob5_sort<KIND, VB, THREADS, ITEMS>;
    gp_sort_allow_smem(fn, L::bytes, dev->device, smem_set);
    ob5_sort<KIND, VB, THREADS, ITEMS><<<1, THREADS, L::bytes, s>>>(
        (const K *)a->keys_in, (K *)a->keys_out, (const V *)a->values_in, (V *)a->values_out, (int)a->n,
        (K)gp_sort_xor_mask(a), a->begin_bit, a->end_bit, gp__sort_passes(a, GP_SORT_RADIX_BITS));
    return gp__launch_status();
}

/* The one-block configurations of sort_rule.h; 3 and 4 only where the rule can choose them (the element
 * sizes they suit), so that no kernel is compiled for nothing. */
template <int KIND, int VB>
static gp_status ob5_run(const gp_device_info *dev, cudaStream_t s, const gp_sort_args *a, int path)
{
    constexpr int EB = (int)sizeof(typename gp_sort_kind<KIND>::K) + VB;
    switch (path) {
    case 1: return ob5_launch<KIND, VB, GP_SORT_OB1_THREADS, GP_SORT_OB1_ITEMS>(dev, s, a);
    case 2: return ob5_launch<KIND, VB, GP_SORT_OB2_THREADS, GP_SORT_OB2_ITEMS>(dev, s, a);
    case 3:
        if constexpr (EB <= 8) return ob5_launch<KIND, VB, GP_SORT_OB3_THREADS, GP_SORT_OB3_ITEMS>(dev, s, a);
        break;
    case 4:
        if constexpr (EB <= 4) return ob5_launch<KIND, VB, GP_SORT_OB4_THREADS, GP_SORT_OB4_ITEMS>(dev, s, a);
        break;
    }
    return GP_ERROR_INVALID_VALUE;
}

extern "C" gp_status gp__sort_r05_onesweep_lean(const gp_device_info *dev, cudaStream_t s, const gp_sort_args *a)
{
    gp_status st;
    GP_TRY(gp__sort_check(a));
    if (gp__sort_trivial(s, a, &st)) return st;
    const int path = os5_path(a);
    if (path != 0) {
#define OB5_LAUNCH(KIND, VB) return ob5_run<KIND, VB>(dev, s, a, path)
        GP_SORT_DISPATCH(a, OB5_LAUNCH);
#undef OB5_LAUNCH
    }
    if (gp__sort_r05_workspace(a) > a->workspace_bytes || !a->workspace) return GP_ERROR_WORKSPACE_TOO_SMALL;
    const os5_plan pl = os5_make_plan(a);
    if (pl.tiles > 0x7fffffff) return GP_ERROR_NOT_SUPPORTED;
#define OS5_LAUNCH(KIND, VB) return os5_run<KIND, VB>(dev, s, a, pl)
    GP_SORT_DISPATCH(a, OS5_LAUNCH);
#undef OS5_LAUNCH
    return GP_ERROR_INVALID_VALUE;
}

extern "C" int gp__sort_r05_tile(int key_bytes, int value_bytes) { return os5_tile(key_bytes, value_bytes); }

extern "C" gp_kernel_info gp__sort_r05_kernel(void)
{
    typedef os5_layout_of<GP_SK_INT32, 0>::L L;
    gp_kernel_info k = {(const void *)os5_pass<GP_SK_INT32, 0>, OS5_THREADS, L::bytes};
    return k;
}

/* ---- the library's rung (sort.c lists it); the workspace is the args' (sort_internal.h). Its configurations
 * are the paths of sort_rule.h: 0 the onesweep passes, 1-4 the one-block sorts (gp_sort_r05_choose). ---- */
GP_LAUNCHER(sort_r05_launch, gp_sort_args, ctx, p)
{
    const gp_status st = gp__sort_r05_onesweep_lean(ctx->dev, ctx->stream, p);
    ctx->ran_config = gp__sort_r05_path_of(p);
    return st;
}

/* Dynamic shared memory of the kernels a path runs: a one-block configuration's tile, or the larger of the
 * pass's tile and the histogram's counters. */
template <int KIND, int VB> static size_t os5_smem(int path)
{
    typedef typename gp_sort_kind<KIND>::K K;
    size_t pass = os5_layout_of<KIND, VB>::L::bytes, hist = OS5_HIST == 1 ? os5_hl<K>::bytes : 0;
    switch (path) {
    case 0: return pass > hist ? pass : hist;
    case 1: return gp_sort_tile_layout<GP_SORT_OB1_THREADS, GP_SORT_OB1_ITEMS, K, VB>::bytes;
    case 2: return gp_sort_tile_layout<GP_SORT_OB2_THREADS, GP_SORT_OB2_ITEMS, K, VB>::bytes;
    case 3: return gp_sort_tile_layout<GP_SORT_OB3_THREADS, GP_SORT_OB3_ITEMS, K, VB>::bytes;
    case 4: return gp_sort_tile_layout<GP_SORT_OB4_THREADS, GP_SORT_OB4_ITEMS, K, VB>::bytes;
    }
    return 0;
}
static size_t os5_call_smem(const gp_sort_args *a, int path)
{
#define OS5_SMEM(KIND, VB) return os5_smem<KIND, VB>(path)
    GP_SORT_DISPATCH(a, OS5_SMEM);
#undef OS5_SMEM
    return 0;
}

/* the kernels of the path the call runs fit a block of the device (the histogram's 128 KB: sm_80 / sm_90, not
 * sm_86 / sm_89's 99 KB); tile ids fit the grid's x dimension */
GP_ACCEPTS(sort_r05_accepts, gp_sort_args, dev, p)
{
    const int path = gp__sort_r05_path_of(p);
    if (path < 0) return 1;
    if (path == 0 && gp_ceil_div(p->n, os5_tile(gp__sort_key_bytes(p->key_type), p->value_bytes)) > 0x7fffffff) return 0;
    return gp_sort_smem_fits(dev, os5_call_smem(p, path));
}

static const char *sort_r05_config_name(int cfg)
{
#define OB_NAME(T, I) "one block " #T "x" #I
#define OB_NAME_OF(T, I) OB_NAME(T, I)
    static const char *const names[GP_SORT_OB_CONFIGS + 1] = {
        "onesweep passes", OB_NAME_OF(GP_SORT_OB1_THREADS, GP_SORT_OB1_ITEMS),
        OB_NAME_OF(GP_SORT_OB2_THREADS, GP_SORT_OB2_ITEMS), OB_NAME_OF(GP_SORT_OB3_THREADS, GP_SORT_OB3_ITEMS),
        OB_NAME_OF(GP_SORT_OB4_THREADS, GP_SORT_OB4_ITEMS)};
#undef OB_NAME_OF
#undef OB_NAME
    return cfg >= 0 && cfg <= GP_SORT_OB_CONFIGS ? names[cfg] : NULL;
}

GP_RUNG_CONFIGS(gp__sort_r05, "onesweep_lean",
                "keys in registers at 3 blocks per SM, pairs in large tiles at 1, conflict-free histogram, trivial passes skipped, L2 prefetch; one block up to 16384 keys",
                80, GP_RUNG_AUTO, sort_r05_launch_entry, sort_r05_accepts_entry, gp__sort_r05_kernel,
                GP_SORT_OB_CONFIGS + 1, sort_r05_config_name);
