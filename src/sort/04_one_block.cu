// 04_one_block.cu — sort rung 4: rung 03, plus a one-block path for inputs that fit in one tile.
// Over rung 3: below ~2^16 keys a sort is launch-bound: rung 03 queues a memset, the histogram and one
// kernel per pass (6 operations for u32 keys, ~3 us each back to back), where CUB sorts up to 4864 keys in
// one single-tile kernel. Here an input of at most one tile (6912 u32 keys, os_items x 384 in general) is
// sorted by one block in one launch, with no workspace: every pass ranks the tile with rung 03's ranking
// (src/sort/sort_tile.cuh) and leaves it sorted by that digit in shared memory, the next pass reads it back
// from there (in place order, so stability carries over), and only the last pass's result goes to global
// memory. Slots past n carry the largest digit in every pass, so they stay the tile's last places. Up to
// 1536 keys a smaller tile (4 keys per thread) is used, so that small inputs do not pay for 18 rounds of
// padding. Larger inputs run rung 03 unchanged.
// Predicted: 2^10 / 2^12 u32 keys in one launch of ~10-20 us, about CUB's single-tile time (rung 03: ~0.3-0.5x
// CUB there); the same as rung 03 above one tile. Measured (H100, run 2, results/sort-h100-2026-11-23/run2; this
// code unchanged since): 2^10 u32 keys 12.6 us (1.26x CUB), 2^11 / 2^12 19.8 / 20.0 us (0.78x: the 384 x 18 tile
// for 2048 keys; rung 05 sizes its block by n). In the library the picker gives this rung inputs of one tile
// only (its accepts-predicate): a forced rung 04 runs rung 03 above one tile.
#include "sort_tile.cuh"

#define OB_THREADS 384
#define OB_SMALL_ITEMS 4 /* keys per thread of the small tile (1536 keys) */

/* keys per thread of the large tile: rung 03's (03_onesweep.cu, os_items) */
template <int KB, int VB> struct ob_items { enum { value = KB == 4 ? (VB == 0 ? 18 : VB == 4 ? 14 : 11) : (VB == 0 ? 12 : VB == 4 ? 10 : 9) }; };

/* One block sorts keys_in[0, n) (n <= THREADS * ITEMS) over passes digit passes of 8 bits from begin_bit. */
template <int KIND, int VB, int ITEMS>
__global__ void __launch_bounds__(OB_THREADS, 1)
    one_block_sort(const typename gp_sort_kind<KIND>::K *__restrict__ keys_in, typename gp_sort_kind<KIND>::K *keys_out,
                   const typename gp_sort_val<VB>::V *__restrict__ vals_in, typename gp_sort_val<VB>::V *vals_out,
                   int n, typename gp_sort_kind<KIND>::K xm, int begin_bit, int end_bit, int passes)
{
    typedef typename gp_sort_kind<KIND>::K K;
    typedef typename gp_sort_val<VB>::V V;
    typedef gp_sort_tile_layout<OB_THREADS, ITEMS, K, VB> L;
    constexpr int WARPS = L::WARPS, TILE = L::TILE;
    extern __shared__ __align__(16) unsigned char smem[];
    K *keys_s = reinterpret_cast<K *>(smem + L::keys);
    V *vals_s = reinterpret_cast<V *>(smem + L::vals);
    unsigned *hist = reinterpret_cast<unsigned *>(smem + L::hist);
    unsigned *scan_smem = reinterpret_cast<unsigned *>(smem + L::scan);
    const int t = threadIdx.x, warp = t >> 5;
    const int first = warp * 32 * ITEMS + (t & 31);
    const bool full = n == TILE;
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
        const unsigned start = gp_sort_tile_starts<OB_THREADS>(count, scan_smem);
        gp_sort_warp_starts<WARPS>(hist, start);
        __syncthreads();
        gp_sort_rank<ITEMS, K, V, VB>(dp, keys, vals, hist + warp * GP_SORT_RADIX, keys_s, vals_s);
        __syncthreads();
    }
    for (int i = t; i < n; i += OB_THREADS) {
        keys_out[i] = keys_s[i];
        if (VB) vals_out[i] = vals_s[i];
    }
}

/* ---- host ---------------------------------------------------------------------------------------------- */

static int ob_tile(int kb, int vb)
{
#define OB_T(KB, VB) if (kb == KB && vb == VB) return OB_THREADS * ob_items<KB, VB>::value
    OB_T(4, 0); OB_T(4, 4); OB_T(4, 8); OB_T(8, 0); OB_T(8, 4); OB_T(8, 8);
#undef OB_T
    return OB_THREADS;
}

extern "C" size_t gp__sort_r04_workspace(const gp_sort_args *a)
{
    if (a->n <= ob_tile(gp__sort_key_bytes(a->key_type), a->value_bytes)) return 0; /* one block, or a copy */
    return gp__sort_r03_workspace(a);
}

template <int KIND, int VB, int ITEMS>
static gp_status ob_launch(const gp_device_info *dev, cudaStream_t s, const gp_sort_args *a)
{
    typedef typename gp_sort_kind<KIND>::K K;
    typedef typename gp_sort_val<VB>::V V;
    typedef gp_sort_tile_layout<OB_THREADS, ITEMS, K, VB> L;
    static int smem_set[GP_MAX_DEVICES];
    const void *fn = (const void *)one_block_sort<KIND, VB, ITEMS>;
    gp_sort_allow_smem(fn, L::bytes, dev->device, smem_set);
    one_block_sort<KIND, VB, ITEMS><<<1, OB_THREADS, L::bytes, s>>>(
        (const K *)a->keys_in, (K *)a->keys_out, (const V *)a->values_in, (V *)a->values_out, (int)a->n,
        (K)gp_sort_xor_mask(a), a->begin_bit, a->end_bit, gp__sort_passes(a, GP_SORT_RADIX_BITS));
    return gp__launch_status();
}

template <int KIND, int VB>
static gp_status ob_run(const gp_device_info *dev, cudaStream_t s, const gp_sort_args *a)
{
    if (a->n <= OB_THREADS * OB_SMALL_ITEMS) return ob_launch<KIND, VB, OB_SMALL_ITEMS>(dev, s, a);
    return ob_launch<KIND, VB, ob_items<(int)sizeof(typename gp_sort_kind<KIND>::K), VB>::value>(dev, s, a);
}

extern "C" gp_status gp__sort_r04_one_block(const gp_device_info *dev, cudaStream_t s, const gp_sort_args *a)
{
    gp_status st;
    GP_TRY(gp__sort_check(a));
    if (gp__sort_trivial(s, a, &st)) return st;
    if (a->n > ob_tile(gp__sort_key_bytes(a->key_type), a->value_bytes)) return gp__sort_r03_onesweep(dev, s, a);
#define OB_LAUNCH(KIND, VB) return ob_run<KIND, VB>(dev, s, a)
    GP_SORT_DISPATCH(a, OB_LAUNCH);
#undef OB_LAUNCH
    return GP_ERROR_INVALID_VALUE;
}

extern "C" gp_kernel_info gp__sort_r04_kernel(void)
{
    typedef gp_sort_tile_layout<OB_THREADS, ob_items<4, 0>::value, unsigned, 0> L;
    gp_kernel_info k = {(const void *)one_block_sort<GP_SK_INT32, 0, ob_items<4, 0>::value>, OB_THREADS, L::bytes};
    return k;
}

/* ---- the library's rung (sort.c lists it): inputs of one tile only, so that a forced rung 04 with more keys
 * falls to rung 03 through the picker (gp_get_last_rung says 3) ---- */
GP_LAUNCHER(sort_r04_launch, gp_sort_args, ctx, p)
{
    return gp__sort_r04_one_block(ctx->dev, ctx->stream, p);
}

#define OB_SMEM(KB, VB) gp_sort_tile_layout<OB_THREADS, ob_items<KB, VB>::value, gp_sort_uint<KB>::T, VB>::bytes
GP_ACCEPTS(sort_r04_accepts, gp_sort_args, dev, p)
{
    const int kb = gp__sort_key_bytes(p->key_type);
    if (gp_sort_is_copy(p)) return 1;
    return p->n <= ob_tile(kb, p->value_bytes) && gp_sort_smem_fits(dev, GP_SORT_BY_SIZE(kb, p->value_bytes, OB_SMEM));
}
#undef OB_SMEM

GP_RUNG(gp__sort_r04, "one_block",
        "an input of one tile is sorted by one block in one launch, every pass in shared memory, no workspace",
        70, GP_RUNG_AUTO, sort_r04_launch_entry, sort_r04_accepts_entry, gp__sort_r04_kernel);
