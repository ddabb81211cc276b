/* sort_tile.cuh — one tile of a radix pass, shared by the LSD rungs (02 reduce-then-scan, 03 onesweep):
 * load, count the digits, rank every key stably inside the tile, and scatter the tile to its places in the
 * output through shared memory. What differs between the rungs is only where a digit's place in the output
 * comes from (a scan of per-block counts in 02, a look-back over the tiles' digit counts in 03).
 *
 * Arrangement: warp-striped. Warp w of a tile holds the tile's elements [w*32*ITEMS, (w+1)*32*ITEMS), lane L
 * element r*32 + L of that range in its slot r, so every load is one coalesced 128-byte (256 for 8-byte
 * keys) warp access, and the keys of a warp's round r precede those of round r+1, and warp w's precede
 * warp w+1's. Ranking in that order (round by round, warp by warp) is therefore stable.
 *
 * Ranking (warp-level multi-split with early counts, as in Onesweep / CUB's match ranking):
 *  1. each warp counts its keys' digits in its own row of shared counters (one shared atomic per key);
 *  2. thread t < 256 (digit t) turns column t into prefixes across warps, and the tile's count of digit t
 *     comes out; a block scan over the 256 counts gives each digit's first place in the sorted tile; each
 *     warp's row now holds, per digit, the place where its first key of that digit goes;
 *  3. each warp goes through its rounds: the lanes whose keys share a digit find each other with 8 ballots
 *     (one per digit bit), the highest of them advances the warp's counter by their number, and each key's
 *     place in the tile is the counter's old value plus the number of its peers in lower lanes. Keys (and
 *     values) are written to shared memory at those places: the tile is now sorted by digit.
 * Scatter: thread t reads the sorted tile at t, t + THREADS, ...; an element at place i with digit d goes
 * to (start of digit d in the output for this tile) + (i - first place of d in the tile), precomputed per
 * digit as one pointer: consecutive threads write consecutive addresses inside each digit's run.
 *
 * Requires THREADS >= 256 (one thread per digit) and RADIX_BITS = 8. */
#ifndef GP_SORT_TILE_CUH
#define GP_SORT_TILE_CUH

#include <stdint.h>
#include <cuda_runtime.h>
#include "../common/util.cuh"
#include "../common/block_scan.cuh"
#include "sort_keys.cuh"

#define GP_SORT_RADIX_BITS 8
#define GP_SORT_RADIX 256

/* Shared memory of one tile, laid out in one dynamic buffer (over 48 KB for pairs). */
template <int THREADS, int ITEMS, typename K, int VB> struct gp_sort_tile_layout {
    enum { WARPS = THREADS / 32, TILE = THREADS * ITEMS };
    typedef typename gp_sort_val<VB>::V V;
    /* byte offsets */
    static constexpr size_t keys = 0;                                             /* K[TILE]: the sorted tile */
    static constexpr size_t vals = keys + sizeof(K) * TILE;                       /* V[TILE] if VB */
    static constexpr size_t ktab = (vals + (VB ? sizeof(V) * TILE : 0) + 15) / 16 * 16; /* u64[256]: key dest per digit */
    static constexpr size_t vtab = ktab + 8 * GP_SORT_RADIX;                      /* u64[256]: value dest per digit */
    static constexpr size_t hist = vtab + (VB ? 8 * GP_SORT_RADIX : 0);          /* u32[WARPS][256] */
    static constexpr size_t scan = hist + 4 * WARPS * GP_SORT_RADIX;              /* u32[WARPS]: block scan */
    static constexpr size_t misc = scan + 4 * WARPS;                              /* rung-specific (64 bytes) */
    static constexpr size_t bytes = misc + 64;
};

/* Loads the tile's keys (and values) warp-striped; slots past the tile's end are left as they are.
 * Read-only, streaming loads (each key is read once per pass). */
template <int ITEMS, typename T>
__device__ __forceinline__ void gp_sort_load(const T *__restrict__ src, int64_t tile_base, int tile_items, bool full,
                                             T (&x)[ITEMS])
{
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const int first = warp * 32 * ITEMS + lane;
    const T *p = src + tile_base + first;
    if (full) {
#pragma unroll
        for (int r = 0; r < ITEMS; r++) x[r] = __ldcs(p + r * 32);
    } else {
#pragma unroll
        for (int r = 0; r < ITEMS; r++)
            if (first + r * 32 < tile_items) x[r] = __ldcs(p + r * 32);
    }
}

/* The digits of the thread's keys, four to a register (digit r in byte r % 4 of dp[r / 4]: the ranking
 * reads one back with one PRMT, where keeping them unpacked would hold ITEMS registers through the tile's
 * counting and scans); slots past the tile's end get the largest digit, so that they rank after every real
 * key (they are the tile's last elements) and are never stored. */
#define GP_SORT_PACKED(ITEMS) (((ITEMS) + 3) / 4)
template <int ITEMS, int KIND>
__device__ __forceinline__ void gp_sort_digits(const typename gp_sort_kind<KIND>::K (&keys)[ITEMS], int tile_items,
                                               bool full, const gp_sort_digit<KIND> &dig,
                                               unsigned (&dp)[GP_SORT_PACKED(ITEMS)])
{
    const int first = (threadIdx.x >> 5) * 32 * ITEMS + (threadIdx.x & 31);
#pragma unroll
    for (int q = 0; q < GP_SORT_PACKED(ITEMS); q++) dp[q] = 0;
#pragma unroll
    for (int r = 0; r < ITEMS; r++) {
        unsigned d = dig(keys[r]);
        if (!full && first + r * 32 >= tile_items) d = GP_SORT_RADIX - 1;
        dp[r / 4] |= d << (8 * (r % 4));
    }
}
__device__ __forceinline__ unsigned gp_sort_digit_at(const unsigned *dp, int r)
{
    return __byte_perm(dp[r / 4], 0, 0x4440 + (r % 4));
}

/* Step 1: the warp's digit counts in its row (zeroed here). */
template <int ITEMS>
__device__ __forceinline__ void gp_sort_warp_count(const unsigned (&dp)[GP_SORT_PACKED(ITEMS)], unsigned *row)
{
    const int lane = threadIdx.x & 31;
#pragma unroll
    for (int i = lane; i < GP_SORT_RADIX; i += 32) row[i] = 0;
    __syncwarp();
#pragma unroll
    for (int r = 0; r < ITEMS; r++) atomicAdd(row + gp_sort_digit_at(dp, r), 1u);
}

/* Step 2a (after a barrier that follows every warp's step 1), thread t < 256: the tile's count of digit t
 * (0 for t >= 256). */
template <int WARPS>
__device__ __forceinline__ unsigned gp_sort_digit_count(const unsigned *hist)
{
    const int t = threadIdx.x;
    unsigned total = 0;
    if (t < GP_SORT_RADIX) {
#pragma unroll
        for (int w = 0; w < WARPS; w++) total += hist[w * GP_SORT_RADIX + t];
    }
    return total;
}

/* Step 2b: every thread of the block calls it; thread t < 256 gets the first place of digit t in the
 * sorted tile (the exclusive scan of the counts over the digits). */
template <int THREADS>
__device__ __forceinline__ unsigned gp_sort_tile_starts(unsigned count, unsigned *scan_smem)
{
    unsigned total;
    return gp_block_exclusive_scan<unsigned, gp_op_sum<unsigned>, THREADS>(count, scan_smem, &total);
}

/* Step 2c, thread t < 256: column t of hist (the warps' counts of digit t) becomes, for each warp, the place
 * of its first key of digit t: the digit's first place in the tile plus the counts of the warps before. */
template <int WARPS>
__device__ __forceinline__ void gp_sort_warp_starts(unsigned *hist, unsigned start)
{
    const int t = threadIdx.x;
    if (t < GP_SORT_RADIX) {
#pragma unroll
        for (int w = 0; w < WARPS; w++) {
            const unsigned c = hist[w * GP_SORT_RADIX + t];
            hist[w * GP_SORT_RADIX + t] = start;
            start += c;
        }
    }
}

/* The lanes of the warp whose 8-bit digit equals this lane's: one ballot per bit, each lane keeping the
 * lanes that agree with it on that bit (the ballot, or its complement where the lane's own bit is 0).
 * Written in PTX so that the bit tests become predicates directly (ptxas sets seven at once with R2P):
 * about 3 instructions per bit (VOTE, a predicated NOT, an AND); the same in C compiles to ~7. Every lane
 * of the warp must call it. */
__device__ __forceinline__ unsigned gp_sort_match8(unsigned d)
{
    unsigned peers = 0xffffffffu;
#pragma unroll
    for (int b = 0; b < GP_SORT_RADIX_BITS; b++) {
        unsigned v;
        asm("{\n\t.reg .pred p;\n\t"
            "and.b32 %0, %1, %2;\n\t"
            "setp.ne.u32 p, %0, 0;\n\t"
            "vote.sync.ballot.b32 %0, p, 0xffffffff;\n\t"
            "@!p not.b32 %0, %0;\n\t}"
            : "=r"(v)
            : "r"(d), "r"(1u << b));
        peers &= v;
    }
    return peers;
}

/* Step 3 (after a barrier that follows step 2c): ranks the warp's keys round by round and writes keys
 * (and values) to their places in the sorted tile. */
template <int ITEMS, typename K, typename V, int VB>
__device__ __forceinline__ void gp_sort_rank(const unsigned (&dp)[GP_SORT_PACKED(ITEMS)], const K (&keys)[ITEMS],
                                             const V (&vals)[ITEMS], unsigned *row, K *keys_s, V *vals_s)
{
    const int lane = threadIdx.x & 31;
    const unsigned lower = (1u << lane) - 1u; /* lanes below this one */
#pragma unroll
    for (int r = 0; r < ITEMS; r++) {
        const unsigned d = gp_sort_digit_at(dp, r);
        const unsigned peers = gp_sort_match8(d);
        const int leader = 31 - __clz(peers); /* the highest lane of the group */
        unsigned base = 0;
        /* the leader's atomic as one predicated instruction (an `if` compiles to a branch and a reconvergence) */
        asm volatile("{\n\t.reg .pred p;\n\tsetp.eq.s32 p, %1, %2;\n\t@p atom.shared.add.u32 %0, [%3], %4;\n\t}"
                     : "+r"(base)
                     : "r"(lane), "r"(leader), "r"((unsigned)__cvta_generic_to_shared(row + d)), "r"((unsigned)__popc(peers))
                     : "memory");
        base = __shfl_sync(0xffffffffu, base, leader);
        const unsigned place = base + __popc(peers & lower);
        keys_s[place] = keys[r];
        if (VB) vals_s[place] = vals[r];
    }
}

/* Scatter (after a barrier that follows step 3 and the tables): ktab[d] is the address for the element of
 * digit d at tile place 0 (the output start of the tile's digit-d run, minus the run's first place), so
 * that place i goes to ktab[d] + i elements; likewise vtab for values. Places >= tile_items are the
 * padding of a last tile and are skipped. */
template <int THREADS, int ITEMS, int KIND, int VB>
__device__ __forceinline__ void gp_sort_scatter(const typename gp_sort_kind<KIND>::K *keys_s,
                                                const typename gp_sort_val<VB>::V *vals_s,
                                                const unsigned long long *ktab, const unsigned long long *vtab,
                                                int tile_items, bool full, const gp_sort_digit<KIND> &dig)
{
    typedef typename gp_sort_kind<KIND>::K K;
    typedef typename gp_sort_val<VB>::V V;
#pragma unroll
    for (int r = 0; r < ITEMS; r++) {
        const int i = r * THREADS + threadIdx.x;
        if (full || i < tile_items) {
            const K x = keys_s[i];
            const unsigned d = dig(x);
            reinterpret_cast<K *>(ktab[d])[i] = x;
            if (VB) reinterpret_cast<V *>(vtab[d])[i] = vals_s[i];
        }
    }
}

/* Thread t < 256: the table entries of digit t: out_start = where the tile's first element of digit t goes
 * (an element index into the output), start = the digit's first place in the sorted tile. */
template <typename K, typename V, int VB>
__device__ __forceinline__ void gp_sort_set_tables(unsigned long long *ktab, unsigned long long *vtab, K *keys_out,
                                                   V *vals_out, unsigned long long out_start, unsigned start)
{
    const int t = threadIdx.x;
    const long long delta = (long long)out_start - (long long)start; /* may be negative: only ever offset by >= start */
    ktab[t] = (unsigned long long)(uintptr_t)keys_out + (unsigned long long)(delta * (long long)sizeof(K));
    if (VB) vtab[t] = (unsigned long long)(uintptr_t)vals_out + (unsigned long long)(delta * (long long)sizeof(V));
}

/* Host: lets kernel fn use `bytes` of dynamic shared memory and prefer shared memory over L1, once per
 * kernel and device (done: that kernel's flags). Errors are left for the launch to report. */
static inline void gp_sort_allow_smem(const void *fn, size_t bytes, int device, int *done)
{
    const int known = device >= 0 && device < GP_MAX_DEVICES;
    if (known && __atomic_load_n(&done[device], __ATOMIC_RELAXED)) return;
    if (cudaFuncSetAttribute(fn, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)bytes) == cudaSuccess &&
        cudaFuncSetAttribute(fn, cudaFuncAttributePreferredSharedMemoryCarveout, (int)cudaSharedmemCarveoutMaxShared) ==
            cudaSuccess &&
        known)
        __atomic_store_n(&done[device], 1, __ATOMIC_RELAXED);
}

/* Host: EXPR(KB, VB) for key bytes kb and value bytes vb (the six element shapes, KB and VB as literals), 0
 * for any other; gp_sort_uint<KB>::T is the key word of KB bytes. For the rungs' accepts-predicates. */
template <int KB> struct gp_sort_uint { typedef unsigned T; };
template <> struct gp_sort_uint<8> { typedef unsigned long long T; };
#define GP_SORT_BY_SIZE(kb, vb, EXPR)                                                                        \
    ((kb) == 4 ? ((vb) == 0 ? (size_t)EXPR(4, 0) : (vb) == 4 ? (size_t)EXPR(4, 4) : (vb) == 8 ? (size_t)EXPR(4, 8) : 0) \
     : (kb) == 8 ? ((vb) == 0 ? (size_t)EXPR(8, 0) : (vb) == 4 ? (size_t)EXPR(8, 4) : (vb) == 8 ? (size_t)EXPR(8, 8) : 0) \
     : (size_t)0)
/* Host: 1 if a kernel with `dyn` bytes of dynamic shared memory (and up to 1 KB of static) fits a block of dev. */
static inline int gp_sort_smem_fits(const gp_device_info *dev, size_t dyn)
{
    return dyn + 1024 <= dev->smem_per_block_optin;
}
/* Host: 1 for the calls that need no pass (n <= 1, no bits to compare: gp__sort_trivial copies them). */
static inline int gp_sort_is_copy(const gp_sort_args *a)
{
    return a->n <= 1 || a->begin_bit >= a->end_bit;
}

/* Host: a workspace carved into 256-byte aligned pieces, in order. */
typedef struct gp_sort_carve {
    uintptr_t base, at;
} gp_sort_carve;
static inline void *gp_sort_take(gp_sort_carve *c, size_t bytes)
{
    void *p = (void *)c->at;
    c->at += (bytes + 255) / 256 * 256;
    return p;
}

#endif
