// 02_radix_rts.cu — sort rung 2: LSD radix sort, 8-bit digits, reduce-then-scan per digit pass.
// Over rung 1: bitonic sort does O(n log^2 n) work and ~(log2(n/2048))^2 / 2 global passes over 8-byte
// records (136 at 2^28); a radix sort does O(n) work per digit: 4 passes for 32-bit keys, 8 for 64-bit.
// Each pass is three kernels (Merrill & Grimshaw 2011, Satish et al. 2009):
//   upsweep:   G blocks, block b counting the digits of its even share of tiles into counts[d][b];
//   scan:      one block turns the 256 x G counts (digit-major) into exclusive starts: all keys of digit d
//              from blocks < b, plus all keys of digits < d;
//   downsweep: block b reads its tiles again, ranks each tile's keys stably in shared memory (warp-level
//              multi-split, src/sort/sort_tile.cuh) and scatters them to start[d][b] + (keys of digit d in
//              its earlier tiles) + (place in the tile's run of digit d).
// Stable: tiles in order within a block, blocks in order within a digit, keys in order within a tile.
// Bytes per pass (u32 keys): 4n read by the upsweep, 4n read + 4n written by the downsweep: 3n key moves,
// 12n in all over 4 passes (rung 03 needs 9n). G = min(tiles, 1024): ~8 blocks per SM on an H100, so the
// per-block counts (256 x G x (4 + 8) bytes) are 3 MB at most.
// The tile, its ranking and scatter are rung 03's (384 threads, os_items keys per thread).
// Predicted: 2^28 u32 keys ~30-40 G keys/s on the H100 (CUB onesweep 42). Measured (H100, run 2,
// results/sort-h100-2026-11-23/run2; this code unchanged since): u32 keys 25.5 G keys/s (0.608x CUB), u32/u32
// pairs 13.8 (0.463x), f32 24.9 (0.542x), u64 8.5 (0.535x); 2^31 + 12345 keys verified.
#include "sort_tile.cuh"

#ifndef RTS_THREADS
#define RTS_THREADS 384
#endif
#ifndef RTS_MINB
#define RTS_MINB 2
#endif
#define RTS_MAX_BLOCKS 1024
#define RTS_UP_THREADS 256
#define RTS_UP_ITEMS 8
#define RTS_SCAN_THREADS 1024

template <int KB, int VB> struct rts_items { enum { value = KB == 4 ? (VB == 0 ? 18 : VB == 4 ? 14 : 11) : (VB == 0 ? 12 : VB == 4 ? 10 : 9) }; };
static int rts_tile(int kb, int vb)
{
#define RTS_T(KB, VB) if (kb == KB && vb == VB) return RTS_THREADS * rts_items<KB, VB>::value
    RTS_T(4, 0); RTS_T(4, 4); RTS_T(4, 8); RTS_T(8, 0); RTS_T(8, 4); RTS_T(8, 8);
#undef RTS_T
    return RTS_THREADS;
}

/* Block b: the digit counts of elements [b * span, min(n, (b + 1) * span)) into counts[d * G + b]. */
template <int KIND>
__global__ void __launch_bounds__(RTS_UP_THREADS) rts_upsweep(const typename gp_sort_kind<KIND>::K *__restrict__ keys,
                                                              int64_t n, int64_t span, gp_sort_digit<KIND> dig,
                                                              unsigned *counts)
{
    typedef typename gp_sort_kind<KIND>::K K;
    constexpr int CHUNK = RTS_UP_THREADS * RTS_UP_ITEMS;
    __shared__ unsigned h[GP_SORT_RADIX];
    const int t = threadIdx.x;
    const int64_t begin = (int64_t)blockIdx.x * span;
    const int64_t end = min(n, begin + span);
    for (int i = t; i < GP_SORT_RADIX; i += RTS_UP_THREADS) h[i] = 0;
    __syncthreads();
    for (int64_t base = begin; base < end; base += CHUNK) {
        K x[RTS_UP_ITEMS];
        if (base + CHUNK <= end) {
#pragma unroll
            for (int j = 0; j < RTS_UP_ITEMS; j++) x[j] = __ldcs(keys + base + j * RTS_UP_THREADS + t);
#pragma unroll
            for (int j = 0; j < RTS_UP_ITEMS; j++) atomicAdd(h + dig(x[j]), 1u);
        } else {
#pragma unroll
            for (int j = 0; j < RTS_UP_ITEMS; j++) {
                const int64_t i = base + j * RTS_UP_THREADS + t;
                if (i < end) atomicAdd(h + dig(__ldcs(keys + i)), 1u);
            }
        }
    }
    __syncthreads();
    for (int i = t; i < GP_SORT_RADIX; i += RTS_UP_THREADS) counts[(int64_t)i * gridDim.x + blockIdx.x] = h[i];
}

/* One block: starts[i] = counts[0] + ... + counts[i-1] over the m = 256 x G counts (64-bit sums). Thread t
 * takes the contiguous chunk [t * per, (t + 1) * per): sums it, block-scans the sums, then rescans it. */
__global__ void __launch_bounds__(RTS_SCAN_THREADS) rts_scan(const unsigned *counts, int m,
                                                             unsigned long long *starts)
{
    __shared__ unsigned long long warp_totals[RTS_SCAN_THREADS / 32];
    const int per = (m + RTS_SCAN_THREADS - 1) / RTS_SCAN_THREADS;
    const int lo = min(m, (int)threadIdx.x * per), hi = min(m, lo + per);
    unsigned long long sum = 0, total;
    for (int i = lo; i < hi; i++) sum += counts[i];
    unsigned long long run =
        gp_block_exclusive_scan<unsigned long long, gp_op_sum<unsigned long long>, RTS_SCAN_THREADS>(sum, warp_totals, &total);
    for (int i = lo; i < hi; i++) {
        starts[i] = run;
        run += counts[i];
    }
}

/* Block b: its tiles in order, each ranked in shared memory and scattered; thread t < 256 carries where the
 * block's next key of digit t goes. */
template <int KIND, int VB>
__global__ void __launch_bounds__(RTS_THREADS, RTS_MINB)
    rts_downsweep(const typename gp_sort_kind<KIND>::K *__restrict__ keys_in, typename gp_sort_kind<KIND>::K *keys_out,
                  const typename gp_sort_val<VB>::V *__restrict__ vals_in, typename gp_sort_val<VB>::V *vals_out,
                  int64_t n, int64_t tiles_per_block, gp_sort_digit<KIND> dig,
                  const unsigned long long *__restrict__ starts)
{
    typedef typename gp_sort_kind<KIND>::K K;
    typedef typename gp_sort_val<VB>::V V;
    constexpr int ITEMS = rts_items<(int)sizeof(K), VB>::value;
    typedef gp_sort_tile_layout<RTS_THREADS, ITEMS, K, VB> L;
    constexpr int WARPS = L::WARPS, TILE = L::TILE;
    static_assert(RTS_THREADS >= GP_SORT_RADIX && RTS_THREADS % 32 == 0, "one thread per digit");
    extern __shared__ __align__(16) unsigned char smem[];
    K *keys_s = reinterpret_cast<K *>(smem + L::keys);
    V *vals_s = reinterpret_cast<V *>(smem + L::vals);
    unsigned long long *ktab = reinterpret_cast<unsigned long long *>(smem + L::ktab);
    unsigned long long *vtab = reinterpret_cast<unsigned long long *>(smem + L::vtab);
    unsigned *hist = reinterpret_cast<unsigned *>(smem + L::hist);
    unsigned *scan_smem = reinterpret_cast<unsigned *>(smem + L::scan);
    const int t = threadIdx.x, warp = t >> 5;
    unsigned long long next = 0; /* thread t < 256: where the block's next key of digit t goes */
    if (t < GP_SORT_RADIX) next = starts[(int64_t)t * gridDim.x + blockIdx.x];
    const int64_t first_tile = (int64_t)blockIdx.x * tiles_per_block;
    for (int64_t tile = first_tile; tile < first_tile + tiles_per_block; tile++) {
        const int64_t tile_base = tile * TILE;
        if (tile_base >= n) break;
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
        const unsigned start = gp_sort_tile_starts<RTS_THREADS>(count, scan_smem);
        gp_sort_warp_starts<WARPS>(hist, start);
        __syncthreads();
        gp_sort_rank<ITEMS, K, V, VB>(dp, keys, vals, hist + warp * GP_SORT_RADIX, keys_s, vals_s);
        if (t < GP_SORT_RADIX) {
            gp_sort_set_tables<K, V, VB>(ktab, vtab, keys_out, vals_out, next, start);
            next += count;
        }
        __syncthreads();
        gp_sort_scatter<RTS_THREADS, ITEMS, KIND, VB>(keys_s, vals_s, ktab, vtab, tile_items, full, dig);
        __syncthreads(); /* the next tile reuses keys_s, the tables and the counters */
    }
}

/* ---- host ---------------------------------------------------------------------------------------------- */

typedef struct rts_plan {
    int passes;
    int64_t tiles, tiles_per_block;
    int blocks;
    size_t counts_bytes, starts_bytes, alt_keys_bytes, alt_vals_bytes;
} rts_plan;

static rts_plan rts_make_plan(const gp_sort_args *a)
{
    rts_plan p;
    const int kb = gp__sort_key_bytes(a->key_type), vb = a->value_bytes;
    p.passes = gp__sort_passes(a, GP_SORT_RADIX_BITS);
    p.tiles = gp_ceil_div(a->n, rts_tile(kb, vb));
    p.tiles_per_block = gp_ceil_div(p.tiles, RTS_MAX_BLOCKS);
    p.blocks = (int)gp_ceil_div(p.tiles, p.tiles_per_block);
    p.counts_bytes = ((size_t)p.blocks * GP_SORT_RADIX * 4 + 255) / 256 * 256;
    p.starts_bytes = ((size_t)p.blocks * GP_SORT_RADIX * 8 + 255) / 256 * 256;
    p.alt_keys_bytes = p.passes >= 2 ? ((size_t)a->n * kb + 255) / 256 * 256 : 0;
    p.alt_vals_bytes = p.passes >= 2 ? ((size_t)a->n * vb + 255) / 256 * 256 : 0;
    return p;
}

extern "C" size_t gp__sort_r02_workspace(const gp_sort_args *a)
{
    rts_plan p;
    if (a->n <= 1 || a->begin_bit >= a->end_bit) return 0;
    p = rts_make_plan(a);
    return 256 + p.counts_bytes + p.starts_bytes + p.alt_keys_bytes + p.alt_vals_bytes;
}

template <int KIND, int VB>
static gp_status rts_run(const gp_device_info *dev, cudaStream_t s, const gp_sort_args *a, const rts_plan &pl)
{
    typedef typename gp_sort_kind<KIND>::K K;
    typedef typename gp_sort_val<VB>::V V;
    constexpr int ITEMS = rts_items<(int)sizeof(K), VB>::value;
    typedef gp_sort_tile_layout<RTS_THREADS, ITEMS, K, VB> L;
    static int smem_set[GP_MAX_DEVICES];
    const K xm = (K)gp_sort_xor_mask(a);
    gp_sort_carve cv;
    cv.base = (uintptr_t)a->workspace;
    cv.at = (cv.base + 255) / 256 * 256;
    unsigned *counts = (unsigned *)gp_sort_take(&cv, pl.counts_bytes);
    unsigned long long *starts = (unsigned long long *)gp_sort_take(&cv, pl.starts_bytes);
    K *alt_k = (K *)gp_sort_take(&cv, pl.alt_keys_bytes);
    V *alt_v = (V *)gp_sort_take(&cv, pl.alt_vals_bytes);
    const int64_t span = pl.tiles_per_block * L::TILE;
    const void *fn = (const void *)rts_downsweep<KIND, VB>;
    gp_sort_allow_smem(fn, L::bytes, dev->device, smem_set);
    const K *src_k = (const K *)a->keys_in;
    const V *src_v = (const V *)a->values_in;
    for (int p = 0; p < pl.passes; p++) {
        const bool to_out = (pl.passes - 1 - p) % 2 == 0; /* the last pass writes the output */
        K *dst_k = to_out ? (K *)a->keys_out : alt_k;
        V *dst_v = to_out ? (V *)a->values_out : alt_v;
        const int shift = a->begin_bit + GP_SORT_RADIX_BITS * p;
        const gp_sort_digit<KIND> dig(xm, shift, min(GP_SORT_RADIX_BITS, a->end_bit - shift));
        rts_upsweep<KIND><<<pl.blocks, RTS_UP_THREADS, 0, s>>>(src_k, a->n, span, dig, counts);
        rts_scan<<<1, RTS_SCAN_THREADS, 0, s>>>(counts, pl.blocks * GP_SORT_RADIX, starts);
        rts_downsweep<KIND, VB><<<pl.blocks, RTS_THREADS, L::bytes, s>>>(src_k, dst_k, src_v, dst_v, a->n,
                                                                         pl.tiles_per_block, dig, starts);
        src_k = dst_k;
        src_v = dst_v;
    }
    (void)dev;
    return gp__launch_status();
}

extern "C" gp_status gp__sort_r02_radix_rts(const gp_device_info *dev, cudaStream_t s, const gp_sort_args *a)
{
    gp_status st;
    rts_plan pl;
    GP_TRY(gp__sort_check(a));
    if (gp__sort_trivial(s, a, &st)) return st;
    if (gp__sort_r02_workspace(a) > a->workspace_bytes || !a->workspace) return GP_ERROR_WORKSPACE_TOO_SMALL;
    pl = rts_make_plan(a);
#define RTS_LAUNCH(KIND, VB) return rts_run<KIND, VB>(dev, s, a, pl)
    GP_SORT_DISPATCH(a, RTS_LAUNCH);
#undef RTS_LAUNCH
    return GP_ERROR_INVALID_VALUE;
}

extern "C" gp_kernel_info gp__sort_r02_kernel(void)
{
    typedef gp_sort_tile_layout<RTS_THREADS, rts_items<4, 0>::value, unsigned, 0> L;
    gp_kernel_info k = {(const void *)rts_downsweep<GP_SK_INT32, 0>, RTS_THREADS, L::bytes};
    return k;
}

/* ---- the library's rung (sort.c lists it); the workspace is the args' (sort_internal.h) ---- */
GP_LAUNCHER(sort_r02_launch, gp_sort_args, ctx, p)
{
    return gp__sort_r02_radix_rts(ctx->dev, ctx->stream, p);
}

/* the downsweep's tile fits a block of the device */
#define RTS_SMEM(KB, VB) gp_sort_tile_layout<RTS_THREADS, rts_items<KB, VB>::value, gp_sort_uint<KB>::T, VB>::bytes
GP_ACCEPTS(sort_r02_accepts, gp_sort_args, dev, p)
{
    return gp_sort_is_copy(p) ||
           gp_sort_smem_fits(dev, GP_SORT_BY_SIZE(gp__sort_key_bytes(p->key_type), p->value_bytes, RTS_SMEM));
}
#undef RTS_SMEM

GP_RUNG(gp__sort_r02, "radix_rts",
        "LSD radix sort, 8-bit digits: count, scan and scatter kernels per pass; tiles ranked in shared memory by warp multi-split",
        70, GP_RUNG_AUTO, sort_r02_launch_entry, sort_r02_accepts_entry, gp__sort_r02_kernel);
