// 03_onesweep.cu — sort rung 3: Onesweep (Adinets & Merrill 2022): one pass counting every digit, then one
// kernel per 8-bit digit that binns each tile with a decoupled look-back over the tiles' digit counts.
// Over rung 2: rung 02 reads every key twice per digit (upsweep counts, downsweep scatter) and writes it
// once: 3n key moves per pass. Here the counting of all digits of all passes happens once, up front
// (histogram kernel: n reads in all, P x 256 counts), and each pass is a single kernel: a tile counts its
// digits, publishes the 256 counts at once in 64-bit status words (flag + pass tag + count), ranks its keys,
// then thread d looks back over the predecessors' words of digit d (summing AGGREGATEs up to the first
// PREFIX) for the number of digit-d keys before the tile, and publishes its own inclusive PREFIX. The
// tile's keys then go straight to their places: 2n moves per pass, n for the histogram: 9n in all for
// 32-bit keys (4 passes) instead of rung 02's 12n; the per-pass counts kernels and the scan are gone.
// Status words: tiles x 256 x 8 bytes, zeroed once per call (one cudaMemsetAsync with the counters); each
// word carries its pass number, so a word left by the previous pass reads as EMPTY and the same words serve
// every pass (CUB zeroes 32-bit words before every pass and splits n into portions of 2^28 keys so that a
// count fits in 30 bits; 56-bit counts need no portions). Tile ids are blockIdx.x (blocks start in order,
// as in scan rungs 06-07, src/common/lookback.cuh). Launches per call: memset + histogram + P passes
// (6 for u32; CUB: 2 memsets, histogram, scan, and a memset + a kernel per pass and portion).
// Tile: 384 threads (12 warps); keys per thread by key/value size (os_items below: 18 for u32 keys);
// registers capped at 80 (2 blocks per SM).
// Bytes per pass (u32 keys): 4n read + 4n written + ~0.3 bytes per key of status words; histogram 4n.
// Predicted (scripts/experiments/sort/NOTES.md): 2^28 u32 keys ~45-55 G keys/s on the H100 (CUB 42),
// issue-bound on the ranking (8 ballots per key) rather than DRAM-bound (floor ~83 G keys/s). Measured (H100,
// run 2, results/sort-h100-2026-11-23/run2; this code unchanged since): u32 keys 40.6 G keys/s (0.968x CUB),
// u32/u32 pairs 24.1 (0.808x), f32 38.2 (0.833x), u64 14.3 (0.901x); latency-bound, not issue-bound (NOTES.md,
// run 1: ~47% of DRAM bandwidth per pass); u32 size sweep 2^13-2^24 1.05-1.40x CUB (half its launches), 2^10-
// 2^12 0.36-0.39x (six launches against CUB's one); 2^31 + 12345 keys verified.
#include "../common/lookback.cuh"
#include "sort_tile.cuh"

#ifndef OS_THREADS
#define OS_THREADS 384
#endif
#ifndef OS_MINB
#define OS_MINB 2 /* __launch_bounds__ minimum blocks per SM: caps registers at 65536 / (2 x 384) -> 80 */
#endif
#define OS_HIST_THREADS 256
#define OS_HIST_ITEMS 8 /* keys per thread per round of the histogram kernel (loads in flight) */

/* Keys per thread by key and value bytes: about 36-45 registers of keys, values and digits. */
template <int KB, int VB> struct os_items { enum { value = KB == 4 ? (VB == 0 ? 18 : VB == 4 ? 14 : 11) : (VB == 0 ? 12 : VB == 4 ? 10 : 9) }; };
#ifdef OS_ITEMS /* sweeps: one value for every type */
#define OS_ITEMS_OF(KB, VB) OS_ITEMS
#else
#define OS_ITEMS_OF(KB, VB) os_items<KB, VB>::value
#endif
static int os_tile(int kb, int vb)
{
#define OS_T(KB, VB) if (kb == KB && vb == VB) return OS_THREADS * OS_ITEMS_OF(KB, VB)
    OS_T(4, 0); OS_T(4, 4); OS_T(4, 8); OS_T(8, 0); OS_T(8, 4); OS_T(8, 8);
#undef OS_T
    return OS_THREADS;
}

/* Status word: flag (2 bits) | pass (6 bits) | count (56 bits). */
#define OS_VALUE_MASK ((1ull << 56) - 1)
__device__ __forceinline__ unsigned long long os_word(unsigned flag, unsigned pass, unsigned long long v)
{
    return ((unsigned long long)flag << 62) | ((unsigned long long)pass << 56) | v;
}

/* Thread t: the number of digit-t keys in the tiles before `tile` in this pass. Serial over predecessors
 * (one status word per step; the 256 threads' loads of one step are one coalesced 2 KB read): adds
 * AGGREGATEs until the first PREFIX, waiting on words not yet written in this pass. Tile 0 publishes a
 * PREFIX, so the walk ends. */
__device__ __forceinline__ unsigned long long os_lookback(const unsigned long long *status, int64_t tile, int t,
                                                          unsigned pass)
{
    unsigned long long excl = 0;
    int64_t pred = tile - 1;
    for (;;) {
        const unsigned long long w = gp_lb_load(status + pred * GP_SORT_RADIX + t);
        const unsigned flag = (unsigned)(w >> 62);
        if (flag == GP_LB_EMPTY || ((unsigned)(w >> 56) & 63u) != pass) continue; /* not yet, this pass */
        excl += w & OS_VALUE_MASK;
        if (flag == GP_LB_PREFIX) return excl;
        pred--;
    }
}

/* Counts every pass's digits of all keys (u(key) computed once per key), adds the block's counts to the
 * global ones, and the last block to finish turns each pass's 256 counts into exclusive starts (bins). */
template <int KIND>
__global__ void __launch_bounds__(OS_HIST_THREADS) onesweep_histogram(const typename gp_sort_kind<KIND>::K *__restrict__ keys,
                                                                      int64_t n, typename gp_sort_kind<KIND>::K xm,
                                                                      int begin_bit, int end_bit, int passes,
                                                                      unsigned long long *counts, unsigned *ticket,
                                                                      unsigned long long *bins)
{
    typedef typename gp_sort_kind<KIND>::K K;
    constexpr int PMAX = (int)sizeof(K); /* 8-bit digits: 4 or 8 passes at most */
    constexpr int CHUNK = OS_HIST_THREADS * OS_HIST_ITEMS;
    __shared__ unsigned h[PMAX * GP_SORT_RADIX];
    __shared__ unsigned long long warp_totals[OS_HIST_THREADS / 32];
    __shared__ int is_last;
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
    for (int i = t; i < PMAX * GP_SORT_RADIX; i += OS_HIST_THREADS) h[i] = 0;
    __syncthreads();
    for (int64_t base = (int64_t)blockIdx.x * CHUNK; base < n; base += (int64_t)gridDim.x * CHUNK) {
        K x[OS_HIST_ITEMS];
        int cnt = OS_HIST_ITEMS;
        if (base + CHUNK <= n) {
#pragma unroll
            for (int j = 0; j < OS_HIST_ITEMS; j++) x[j] = __ldcs(keys + base + j * OS_HIST_THREADS + t);
        } else {
            cnt = 0;
#pragma unroll
            for (int j = 0; j < OS_HIST_ITEMS; j++) {
                const int64_t i = base + j * OS_HIST_THREADS + t;
                x[j] = i < n ? __ldcs(keys + i) : (K)0;
                cnt += i < n;
            }
        }
        /* in the last, partial chunk the valid j are 0 .. cnt-1 (indices rise with j) */
#pragma unroll
        for (int j = 0; j < OS_HIST_ITEMS; j++) {
            if (j < cnt) {
                const K u = gp_sort_kind<KIND>::ordered(x[j], xm);
#pragma unroll
                for (int p = 0; p < PMAX; p++)
                    if (p < passes) atomicAdd(h + p * GP_SORT_RADIX + ((unsigned)(u >> shift[p]) & mask[p]), 1u);
            }
        }
    }
    __syncthreads();
    for (int i = t; i < passes * GP_SORT_RADIX; i += OS_HIST_THREADS)
        if (h[i]) atomicAdd(counts + i, (unsigned long long)h[i]);
    __threadfence();
    __syncthreads();
    if (t == 0) is_last = atomicAdd(ticket, 1u) == gridDim.x - 1;
    __syncthreads();
    if (!is_last) return;
    __threadfence();
    for (int p = 0; p < passes; p++) { /* 256 threads: thread t scans digit t */
        const unsigned long long c = gp_lb_load(counts + p * GP_SORT_RADIX + t);
        unsigned long long total;
        const unsigned long long start =
            gp_block_exclusive_scan<unsigned long long, gp_op_sum<unsigned long long>, OS_HIST_THREADS>(c, warp_totals, &total);
        bins[p * GP_SORT_RADIX + t] = start;
        __syncthreads(); /* warp_totals is reused by the next pass's scan */
    }
}

/* One digit pass: tile blockIdx.x of keys_in (and vals_in) to its places in keys_out (vals_out). bins: the
 * pass's 256 global digit starts; status: the look-back words (tiles x 256). */
template <int KIND, int VB>
__global__ void __launch_bounds__(OS_THREADS, OS_MINB)
    onesweep_pass(const typename gp_sort_kind<KIND>::K *__restrict__ keys_in, typename gp_sort_kind<KIND>::K *keys_out,
                  const typename gp_sort_val<VB>::V *__restrict__ vals_in, typename gp_sort_val<VB>::V *vals_out,
                  int64_t n, gp_sort_digit<KIND> dig, unsigned pass, const unsigned long long *__restrict__ bins,
                  unsigned long long *status)
{
    typedef typename gp_sort_kind<KIND>::K K;
    typedef typename gp_sort_val<VB>::V V;
    constexpr int ITEMS = OS_ITEMS_OF((int)sizeof(K), VB);
    typedef gp_sort_tile_layout<OS_THREADS, ITEMS, K, VB> L;
    constexpr int WARPS = L::WARPS, TILE = L::TILE;
    static_assert(OS_THREADS >= GP_SORT_RADIX && OS_THREADS % 32 == 0, "one thread per digit");
    extern __shared__ __align__(16) unsigned char smem[];
    K *keys_s = reinterpret_cast<K *>(smem + L::keys);
    V *vals_s = reinterpret_cast<V *>(smem + L::vals);
    unsigned long long *ktab = reinterpret_cast<unsigned long long *>(smem + L::ktab);
    unsigned long long *vtab = reinterpret_cast<unsigned long long *>(smem + L::vtab);
    unsigned *hist = reinterpret_cast<unsigned *>(smem + L::hist);
    unsigned *scan_smem = reinterpret_cast<unsigned *>(smem + L::scan);
    const int t = threadIdx.x, warp = t >> 5;
    const int64_t tile = blockIdx.x;
    const int64_t tile_base = tile * TILE;
    const int tile_items = (int)min((int64_t)TILE, n - tile_base);
    const bool full = tile_items == TILE;

    K keys[ITEMS];
    V vals[ITEMS];
    gp_sort_load<ITEMS>(keys_in, tile_base, tile_items, full, keys);
    if (VB) gp_sort_load<ITEMS>(vals_in, tile_base, tile_items, full, vals);
    unsigned dp[GP_SORT_PACKED(ITEMS)];
    gp_sort_digits<ITEMS, KIND>(keys, tile_items, full, dig, dp);

    gp_sort_warp_count<ITEMS>(dp, hist + warp * GP_SORT_RADIX);
    __syncthreads();
    const unsigned count = gp_sort_digit_count<WARPS>(hist);
    /* publish the tile's counts at once: tile 0's are already its inclusive prefixes */
    if (t < GP_SORT_RADIX)
        gp_lb_store(status + tile * GP_SORT_RADIX + t, os_word(tile == 0 ? GP_LB_PREFIX : GP_LB_AGGREGATE, pass, count));
    const unsigned start = gp_sort_tile_starts<OS_THREADS>(count, scan_smem);
    gp_sort_warp_starts<WARPS>(hist, start);
    __syncthreads();
    gp_sort_rank<ITEMS, K, V, VB>(dp, keys, vals, hist + warp * GP_SORT_RADIX, keys_s, vals_s);
    if (t < GP_SORT_RADIX) {
        const unsigned long long bin = bins[t]; /* where digit t starts in the output of this pass */
        unsigned long long excl = 0;
        if (tile > 0) {
            excl = os_lookback(status, tile, t, pass);
            gp_lb_store(status + tile * GP_SORT_RADIX + t, os_word(GP_LB_PREFIX, pass, excl + count));
        }
        gp_sort_set_tables<K, V, VB>(ktab, vtab, keys_out, vals_out, bin + excl, start);
    }
    __syncthreads();
    gp_sort_scatter<OS_THREADS, ITEMS, KIND, VB>(keys_s, vals_s, ktab, vtab, tile_items, full, dig);
}

/* ---- host ---------------------------------------------------------------------------------------------- */

typedef struct os_plan {
    int passes;
    int64_t tiles;
    size_t bins_bytes, zero_bytes, alt_keys_bytes, alt_vals_bytes;
} os_plan;

static os_plan os_make_plan(const gp_sort_args *a)
{
    os_plan p;
    const int kb = gp__sort_key_bytes(a->key_type), vb = a->value_bytes;
    const size_t pb = (size_t)gp__sort_passes(a, GP_SORT_RADIX_BITS) * GP_SORT_RADIX * 8;
    p.passes = gp__sort_passes(a, GP_SORT_RADIX_BITS);
    p.tiles = gp_ceil_div(a->n, os_tile(kb, vb));
    p.bins_bytes = (pb + 255) / 256 * 256;
    /* ticket (256) + counts + status words, zeroed together */
    p.zero_bytes = 256 + (pb + 255) / 256 * 256 + ((size_t)p.tiles * GP_SORT_RADIX * 8 + 255) / 256 * 256;
    p.alt_keys_bytes = p.passes >= 2 ? ((size_t)a->n * kb + 255) / 256 * 256 : 0;
    p.alt_vals_bytes = p.passes >= 2 ? ((size_t)a->n * vb + 255) / 256 * 256 : 0;
    return p;
}

extern "C" size_t gp__sort_r03_workspace(const gp_sort_args *a)
{
    os_plan p;
    if (a->n <= 1 || a->begin_bit >= a->end_bit) return 0; /* a copy (gp__sort_trivial) */
    p = os_make_plan(a);
    return 256 /* alignment */ + p.bins_bytes + p.zero_bytes + p.alt_keys_bytes + p.alt_vals_bytes;
}

template <int KIND, int VB>
static gp_status os_run(const gp_device_info *dev, cudaStream_t s, const gp_sort_args *a, const os_plan &pl)
{
    typedef typename gp_sort_kind<KIND>::K K;
    typedef typename gp_sort_val<VB>::V V;
    constexpr int ITEMS = OS_ITEMS_OF((int)sizeof(K), VB);
    typedef gp_sort_tile_layout<OS_THREADS, ITEMS, K, VB> L;
    static int smem_set[GP_MAX_DEVICES];
    const K xm = (K)gp_sort_xor_mask(a);
    gp_sort_carve cv;
    cv.base = (uintptr_t)a->workspace;
    cv.at = (cv.base + 255) / 256 * 256;
    unsigned long long *bins = (unsigned long long *)gp_sort_take(&cv, pl.bins_bytes);
    void *zero = (void *)cv.at;
    unsigned *ticket = (unsigned *)gp_sort_take(&cv, 256);
    unsigned long long *counts = (unsigned long long *)gp_sort_take(&cv, pl.bins_bytes);
    unsigned long long *status = (unsigned long long *)gp_sort_take(&cv, (size_t)pl.tiles * GP_SORT_RADIX * 8);
    K *alt_k = (K *)gp_sort_take(&cv, pl.alt_keys_bytes);
    V *alt_v = (V *)gp_sort_take(&cv, pl.alt_vals_bytes);
    if (cudaMemsetAsync(zero, 0, pl.zero_bytes, s) != cudaSuccess) return GP_ERROR_CUDA;

    const int64_t hist_work = gp_ceil_div(a->n, OS_HIST_ITEMS);
    const unsigned hist_blocks = gp_grid_for(dev, OS_HIST_THREADS, hist_work, 1);
    onesweep_histogram<KIND><<<hist_blocks, OS_HIST_THREADS, 0, s>>>((const K *)a->keys_in, a->n, xm, a->begin_bit,
                                                                      a->end_bit, pl.passes, counts, ticket, bins);

    const void *fn = (const void *)onesweep_pass<KIND, VB>;
    gp_sort_allow_smem(fn, L::bytes, dev->device, smem_set);
    const K *src_k = (const K *)a->keys_in;
    const V *src_v = (const V *)a->values_in;
    for (int p = 0; p < pl.passes; p++) {
        /* the last pass writes the output; before it, passes alternate so that the first reads the input */
        const bool to_out = (pl.passes - 1 - p) % 2 == 0;
        K *dst_k = to_out ? (K *)a->keys_out : alt_k;
        V *dst_v = to_out ? (V *)a->values_out : alt_v;
        const int shift = a->begin_bit + GP_SORT_RADIX_BITS * p;
        const gp_sort_digit<KIND> dig(xm, shift, min(GP_SORT_RADIX_BITS, a->end_bit - shift));
        onesweep_pass<KIND, VB><<<(unsigned)pl.tiles, OS_THREADS, L::bytes, s>>>(
            src_k, dst_k, src_v, dst_v, a->n, dig, (unsigned)p, bins + p * GP_SORT_RADIX, status);
        src_k = dst_k;
        src_v = dst_v;
    }
    return gp__launch_status();
}

extern "C" gp_status gp__sort_r03_onesweep(const gp_device_info *dev, cudaStream_t s, const gp_sort_args *a)
{
    gp_status st;
    os_plan pl;
    GP_TRY(gp__sort_check(a));
    if (gp__sort_trivial(s, a, &st)) return st;
    if (gp__sort_r03_workspace(a) > a->workspace_bytes || !a->workspace) return GP_ERROR_WORKSPACE_TOO_SMALL;
    pl = os_make_plan(a);
    if (pl.tiles > 0x7fffffff) return GP_ERROR_NOT_SUPPORTED;
#define OS_LAUNCH(KIND, VB) return os_run<KIND, VB>(dev, s, a, pl)
    GP_SORT_DISPATCH(a, OS_LAUNCH);
#undef OS_LAUNCH
    return GP_ERROR_INVALID_VALUE;
}

extern "C" gp_kernel_info gp__sort_r03_kernel(void)
{
    typedef gp_sort_tile_layout<OS_THREADS, OS_ITEMS_OF(4, 0), unsigned, 0> L;
    gp_kernel_info k = {(const void *)onesweep_pass<GP_SK_INT32, 0>, OS_THREADS, L::bytes};
    return k;
}

/* ---- the library's rung (sort.c lists it); the workspace is the args' (sort_internal.h) ---- */
GP_LAUNCHER(sort_r03_launch, gp_sort_args, ctx, p)
{
    return gp__sort_r03_onesweep(ctx->dev, ctx->stream, p);
}

/* tile ids fit the grid's x dimension; the pass's tile fits a block of the device */
#define OS_SMEM(KB, VB) gp_sort_tile_layout<OS_THREADS, OS_ITEMS_OF(KB, VB), gp_sort_uint<KB>::T, VB>::bytes
GP_ACCEPTS(sort_r03_accepts, gp_sort_args, dev, p)
{
    const int kb = gp__sort_key_bytes(p->key_type);
    if (gp_sort_is_copy(p)) return 1;
    return gp_ceil_div(p->n, os_tile(kb, p->value_bytes)) <= 0x7fffffff &&
           gp_sort_smem_fits(dev, GP_SORT_BY_SIZE(kb, p->value_bytes, OS_SMEM));
}
#undef OS_SMEM

GP_RUNG(gp__sort_r03, "onesweep",
        "one histogram kernel for every pass, then one kernel per pass: a decoupled look-back over the tiles' digit counts",
        70, GP_RUNG_AUTO, sort_r03_launch_entry, sort_r03_accepts_entry, gp__sort_r03_kernel);
