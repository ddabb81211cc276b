// 01_bitonic.cu — sort rung 1: bitonic sort (Batcher 1968), the textbook comparison network.
// Bitonic sort is not stable and compares whole keys, so it sorts records instead: (the key's bits in the
// range of its order-preserving form, its index). Records are distinct, so any correct network gives the
// one stable order; a last kernel gathers keys (and values) by the sorted indices. A record is one u64
// (range bits << index bits | index) when they fit in 64 bits (32-bit keys, n <= 2^32), else 16 bytes.
// The network is the form whose comparators all point the same way (each merge starts by comparing i with
// its mirror in the block, then halves): for n not a power of two, the missing elements are +infinity at
// the end, and a comparator whose upper element is past n never swaps, so they are never materialised
// (no padding, no memory past n).
// Kernels: one block sorts each 2048-record tile in shared memory (all merges up to 2048, 1024 threads, one
// comparator each per step); then for each merge size k = 4096 .. next_pow2(n): one global kernel per
// step with a distance >= 2048 (one comparator per thread, reading and writing two records), and one shared
// memory kernel for the steps with distances 1024 .. 1 inside each tile.
// Cost at 2^28 u32 keys: (17 x 18) / 2 = 153 global steps (merges of 2^12 .. 2^28 blocks) + 17 shared-memory
// passes, each reading and writing 8 bytes per key (4.3 GB): ~0.65 TB moved, ~0.25 s at ~2.7 TB/s, plus the
// init and the gather: ~1 G keys/s predicted. Measured (H100, run 2, results/sort-h100-2026-11-23/run2; this
// code unchanged since): 2^28 u32 keys 243 ms, 1.11 G keys/s (0.026x cub::DeviceRadixSort), u32/u32 pairs 1.06
// (0.036x), f32 1.10 (0.024x), u64 keys (16-byte records) 0.58 G keys/s (0.036x); 2^31 + 12345 keys verified.
#include "sort_keys.cuh"
#include "../common/util.cuh"

#define BT_LOG_TILE 11
#define BT_TILE (1 << BT_LOG_TILE)
#define BT_THREADS 1024

/* Records: u64 (compared as integers) or two u64 (key bits, then index). */
struct bt_rec128 {
    unsigned long long hi, lo;
};
__device__ __forceinline__ bool bt_greater(unsigned long long a, unsigned long long b) { return a > b; }
__device__ __forceinline__ bool bt_greater(const bt_rec128 &a, const bt_rec128 &b)
{
    return a.hi > b.hi || (a.hi == b.hi && a.lo > b.lo);
}

/* record of key i: the range bits of u(key) (rbits of them, from bit `begin`), and i */
template <int KIND>
__device__ __forceinline__ unsigned long long bt_range_bits(typename gp_sort_kind<KIND>::K x,
                                                            typename gp_sort_kind<KIND>::K xm, int begin, int rbits)
{
    const unsigned long long u = (unsigned long long)gp_sort_kind<KIND>::ordered(x, xm);
    const unsigned long long m = rbits >= 64 ? ~0ull : (1ull << rbits) - 1;
    return (u >> begin) & m;
}
template <int KIND>
__global__ void bt_init64(const typename gp_sort_kind<KIND>::K *__restrict__ keys, int64_t n,
                          typename gp_sort_kind<KIND>::K xm, int begin, int rbits, int ibits, unsigned long long *rec)
{
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x)
        rec[i] = (bt_range_bits<KIND>(keys[i], xm, begin, rbits) << ibits) | (unsigned long long)i;
}
template <int KIND>
__global__ void bt_init128(const typename gp_sort_kind<KIND>::K *__restrict__ keys, int64_t n,
                           typename gp_sort_kind<KIND>::K xm, int begin, int rbits, bt_rec128 *rec)
{
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x) {
        bt_rec128 r;
        r.hi = bt_range_bits<KIND>(keys[i], xm, begin, rbits);
        r.lo = (unsigned long long)i;
        rec[i] = r;
    }
}

/* Comparator q (0 <= q < N/2) of the step at distance j = 2^lj: the pair (i, p), i < p. The mirror step
 * (the first of a merge of blocks of k = 2j) compares i with its mirror in the block; the others compare i
 * with i + j. */
__device__ __forceinline__ void bt_pair(int64_t q, int lj, bool mirror, int64_t &i, int64_t &p)
{
    const int64_t j = (int64_t)1 << lj, blk = q >> lj, off = q & (j - 1);
    i = (blk << (lj + 1)) + off;
    p = mirror ? (blk << (lj + 1)) + 2 * j - 1 - off : i + j;
}

template <typename R>
__device__ __forceinline__ void bt_compare(R *a, int64_t i, int64_t p)
{
    const R x = a[i], y = a[p];
    if (bt_greater(x, y)) {
        a[i] = y;
        a[p] = x;
    }
}

/* One global step (distance 2^lj >= BT_TILE); one comparator per thread; the upper element past n is
 * +infinity, so the pair is already in order. */
template <typename R>
__global__ void bt_global_step(R *rec, int64_t n, int64_t half, int lj, int mirror)
{
    for (int64_t q = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; q < half; q += (int64_t)gridDim.x * blockDim.x) {
        int64_t i, p;
        bt_pair(q, lj, mirror != 0, i, p);
        if (p < n) bt_compare(rec, i, p);
    }
}

/* One tile of BT_TILE records in shared memory, one comparator per thread per step. merge_only == 0: sorts
 * the tile (every merge of blocks of 2 .. BT_TILE). merge_only == 1: the steps at distances BT_TILE/2 .. 1
 * of a larger merge (its mirror step and the steps down to BT_TILE were global). */
template <typename R>
__global__ void __launch_bounds__(BT_THREADS) bt_tile(R *rec, int64_t n, int merge_only)
{
    __shared__ R s[BT_TILE];
    const int64_t base = (int64_t)blockIdx.x * BT_TILE;
    const int valid = (int)min((int64_t)BT_TILE, n - base);
    for (int e = threadIdx.x; e < valid; e += BT_THREADS) s[e] = rec[base + e];
    __syncthreads();
    const int64_t q = threadIdx.x;
    int64_t i, p;
    if (!merge_only) {
        for (int lk = 1; (1 << lk) <= BT_TILE; lk++) {
            for (int lj = lk - 1; lj >= 0; lj--) {
                bt_pair(q, lj, lj == lk - 1, i, p);
                if (p < valid) bt_compare(s, i, p);
                __syncthreads();
            }
        }
    } else {
        for (int lj = BT_LOG_TILE - 1; lj >= 0; lj--) {
            bt_pair(q, lj, false, i, p);
            if (p < valid) bt_compare(s, i, p);
            __syncthreads();
        }
    }
    for (int e = threadIdx.x; e < valid; e += BT_THREADS) rec[base + e] = s[e];
}

/* keys_out[j] = keys_in[index of record j] (and the values). */
template <typename K, typename V, int VB>
__device__ __forceinline__ void bt_move(const K *keys_in, K *keys_out, const V *vals_in, V *vals_out, int64_t j,
                                        int64_t idx)
{
    keys_out[j] = keys_in[idx];
    if (VB) vals_out[j] = vals_in[idx];
}
template <typename K, int VB>
__global__ void bt_gather64(const unsigned long long *rec, int ibits, int64_t n, const K *__restrict__ keys_in,
                            K *keys_out, const typename gp_sort_val<VB>::V *__restrict__ vals_in,
                            typename gp_sort_val<VB>::V *vals_out)
{
    const unsigned long long m = ibits >= 64 ? ~0ull : (1ull << ibits) - 1;
    for (int64_t j = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; j < n; j += (int64_t)gridDim.x * blockDim.x)
        bt_move<K, typename gp_sort_val<VB>::V, VB>(keys_in, keys_out, vals_in, vals_out, j, (int64_t)(rec[j] & m));
}
template <typename K, int VB>
__global__ void bt_gather128(const bt_rec128 *rec, int64_t n, const K *__restrict__ keys_in, K *keys_out,
                             const typename gp_sort_val<VB>::V *__restrict__ vals_in,
                             typename gp_sort_val<VB>::V *vals_out)
{
    for (int64_t j = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; j < n; j += (int64_t)gridDim.x * blockDim.x)
        bt_move<K, typename gp_sort_val<VB>::V, VB>(keys_in, keys_out, vals_in, vals_out, j, (int64_t)rec[j].lo);
}

/* ---- host ---------------------------------------------------------------------------------------------- */

static int bt_index_bits(int64_t n)
{
    int b = 1;
    while (b < 63 && ((int64_t)1 << b) < n) b++;
    return b;
}
static int bt_wide(const gp_sort_args *a) /* 1: 16-byte records */
{
    return (a->end_bit - a->begin_bit) + bt_index_bits(a->n) > 64;
}

extern "C" size_t gp__sort_r01_workspace(const gp_sort_args *a)
{
    if (a->n <= 1 || a->begin_bit >= a->end_bit) return 0;
    return 256 + (size_t)a->n * (bt_wide(a) ? sizeof(bt_rec128) : 8);
}

template <typename R>
static void bt_network(const gp_device_info *dev, cudaStream_t s, R *rec, int64_t n)
{
    int lN = 0;
    while (((int64_t)1 << lN) < n) lN++;
    const int64_t half = ((int64_t)1 << lN) / 2;
    const unsigned tiles = (unsigned)gp_ceil_div(n, BT_TILE);
    const unsigned blocks = gp_grid_for(dev, 256, half, 4);
    bt_tile<R><<<tiles, BT_THREADS, 0, s>>>(rec, n, 0);
    for (int lk = BT_LOG_TILE + 1; lk <= lN; lk++) { /* merges of blocks of 2^lk */
        for (int lj = lk - 1; lj >= BT_LOG_TILE; lj--)
            bt_global_step<R><<<blocks, 256, 0, s>>>(rec, n, half, lj, lj == lk - 1);
        bt_tile<R><<<tiles, BT_THREADS, 0, s>>>(rec, n, 1);
    }
}

template <int KIND, int VB>
static gp_status bt_run(const gp_device_info *dev, cudaStream_t s, const gp_sort_args *a)
{
    typedef typename gp_sort_kind<KIND>::K K;
    typedef typename gp_sort_val<VB>::V V;
    const K xm = (K)gp_sort_xor_mask(a);
    const int rbits = a->end_bit - a->begin_bit, ibits = bt_index_bits(a->n);
    void *ws = (void *)(((uintptr_t)a->workspace + 255) / 256 * 256);
    const unsigned blocks = gp_grid_for(dev, 256, a->n, 4);
    if (!bt_wide(a)) {
        unsigned long long *rec = (unsigned long long *)ws;
        bt_init64<KIND><<<blocks, 256, 0, s>>>((const K *)a->keys_in, a->n, xm, a->begin_bit, rbits, ibits, rec);
        bt_network(dev, s, rec, a->n);
        bt_gather64<K, VB><<<blocks, 256, 0, s>>>(rec, ibits, a->n, (const K *)a->keys_in, (K *)a->keys_out,
                                                  (const V *)a->values_in, (V *)a->values_out);
    } else {
        bt_rec128 *rec = (bt_rec128 *)ws;
        bt_init128<KIND><<<blocks, 256, 0, s>>>((const K *)a->keys_in, a->n, xm, a->begin_bit, rbits, rec);
        bt_network(dev, s, rec, a->n);
        bt_gather128<K, VB><<<blocks, 256, 0, s>>>(rec, a->n, (const K *)a->keys_in, (K *)a->keys_out,
                                                   (const V *)a->values_in, (V *)a->values_out);
    }
    return gp__launch_status();
}

extern "C" gp_status gp__sort_r01_bitonic(const gp_device_info *dev, cudaStream_t s, const gp_sort_args *a)
{
    gp_status st;
    GP_TRY(gp__sort_check(a));
    if (gp__sort_trivial(s, a, &st)) return st;
    if (gp__sort_r01_workspace(a) > a->workspace_bytes || !a->workspace) return GP_ERROR_WORKSPACE_TOO_SMALL;
#define BT_LAUNCH(KIND, VB) return bt_run<KIND, VB>(dev, s, a)
    GP_SORT_DISPATCH(a, BT_LAUNCH);
#undef BT_LAUNCH
    return GP_ERROR_INVALID_VALUE;
}

extern "C" gp_kernel_info gp__sort_r01_kernel(void)
{
    gp_kernel_info k = {(const void *)bt_global_step<unsigned long long>, 256, 0};
    return k;
}

/* ---- the library's rung (sort.c lists it): any call; the workspace is the args' (sort_internal.h) ---- */
GP_LAUNCHER(sort_r01_launch, gp_sort_args, ctx, p)
{
    return gp__sort_r01_bitonic(ctx->dev, ctx->stream, p);
}

GP_RUNG(gp__sort_r01, "bitonic",
        "bitonic network over (key bits, index) records, shared-memory tiles then global merge steps; a gather moves keys and values",
        70, GP_RUNG_AUTO, sort_r01_launch_entry, NULL, gp__sort_r01_kernel);
