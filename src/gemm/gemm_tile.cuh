/* gemm_tile.cuh — how the tensor-core gemm rungs move tiles of A and B from global to shared memory.
 *
 * A k-step of the block loop covers 128 bytes of k: BK = 64 for bf16/f16, 32 for f32 (tf32). Each operand
 * tile is kept in shared memory in its global layout, as rows of 16-byte chunks:
 *  - "k-contiguous" (A as stored, B transposed): one row per m (or n), 8 chunks of k per row;
 *  - "mn-contiguous" (A transposed, B as stored): one row per k (BK rows), W*elem/16 chunks per row.
 * Chunk c of row r sits at a position given by a layout:
 *  - gp_pad_layout (rung 01): rows padded by 16 bytes, so wmma's 16x16 loads hit different banks;
 *  - gp_swz_layout (rungs 02-03): no padding; the low 3 bits of the chunk index are XORed with
 *    f(r) = ((r & 3) << 1) | ((r >> 2) & 1), a permutation of 0..7 over any 8 consecutive rows. Then the 8
 *    row addresses of an ldmatrix 8x8 matrix (8 consecutive rows, one chunk column) land in 8 different
 *    16-byte bank groups, and so do tf32's 32-bit fragment reads (rows t and chunk pairs {c, c+1}, see
 *    gemm_frag.cuh), and 8 consecutive chunks of a row (a cp.async phase) stay a permutation of 8 groups.
 *
 * gp_tile_loader copies one operand's tile, each thread the chunks tid, tid + NT, ... :
 *  - vec (16-byte aligned base, 16-byte multiple row pitch): 16-byte cp.async.cg for every chunk wholly
 *    inside the matrix; a chunk that crosses the matrix edge is read element by element (its bytes inside)
 *    and a chunk wholly outside is zeros, both stored with one st.shared. (A cp.async with a smaller
 *    src-size was reported by compute-sanitizer memcheck as a 16-byte read past the end of a matrix
 *    allocated to its last element, on the H100 in session 8.) Nothing past the matrix's real extent is
 *    read: the bound is the row's real length (cols), never the leading dimension.
 *  - otherwise (vec == 0, the fall-back for unaligned pointers or leading dimensions): the chunk's
 *    elements inside the matrix are read one at a time into registers and stored as one 16-byte st.shared
 *    (synchronous, slower; the zeros outside the matrix are written the same way).
 * A k-step where every copy is inside the matrix (all but the edge tiles) takes a path without per-copy
 * bounds; the per-thread source pointer advances by a constant each k-step. */
#ifndef GP_GEMM_TILE_CUH
#define GP_GEMM_TILE_CUH
#include "gemm_types.cuh"
#include "../common/cp_async.cuh"

__host__ __device__ __forceinline__ int gp_swz_f(int r) { return ((r & 3) << 1) | ((r >> 2) & 1); }

/* XOR-swizzled rows of CPR 16-byte chunks (CPR >= 8). off(): byte offset of chunk c of row r. */
template <int CPR>
struct gp_swz_layout {
    static_assert(CPR >= 8 && CPR % 8 == 0, "swizzled rows need a multiple of 128 bytes");
    static constexpr int PITCH = CPR * 16;
    static constexpr bool SWIZZLED = true;
    static __host__ __device__ __forceinline__ int off(int r, int c) { return r * PITCH + ((c ^ gp_swz_f(r)) << 4); }
};
/* Rows of CPR chunks padded by one chunk. */
template <int CPR>
struct gp_pad_layout {
    static constexpr int PITCH = CPR * 16 + 16;
    static constexpr bool SWIZZLED = false;
    static __host__ __device__ __forceinline__ int off(int r, int c) { return r * PITCH + (c << 4); }
};

/* Hides p's value from the optimiser: a thread's copies then step through memory with one 64-bit add each
 * (g += stride) instead of the compiler keeping ITER precomputed multiples of the stride in registers. */
__host__ __device__ __forceinline__ const char *gp_opaque(const char *p)
{
#ifdef __CUDA_ARCH__
    asm("" : "+l"(p));
#endif
    return p;
}

/* The first `bytes` bytes of a 16-byte chunk at g (any element alignment), element by element; zeros after. */
template <int ESZ>
__host__ __device__ __forceinline__ uint4 gp_load_chunk_scalar(const char *g, int bytes)
{
    uint32_t w[4] = {0u, 0u, 0u, 0u};
    if (ESZ == 4) {
#pragma unroll
        for (int e = 0; e < 4; e++)
            if (4 * e < bytes) w[e] = *reinterpret_cast<const uint32_t *>(g + 4 * e);
    } else {
#pragma unroll
        for (int e = 0; e < 8; e++)
            if (2 * e < bytes) w[e / 2] |= (uint32_t)*reinterpret_cast<const uint16_t *>(g + 2 * e) << (16 * (e & 1));
    }
    return make_uint4(w[0], w[1], w[2], w[3]);
}

/* One operand's tile: ROWS rows of CPR chunks (see the top of the file). KC: k-contiguous (rows are m or n,
 * chunks run along k; ROWS = the block's BM or BN, CPR = 8); else mn-contiguous (rows are k, ROWS = BK).
 * The matrix, seen in its stored layout, has rows_total rows of cols_total elements, row pitch ld.
 * The loader keeps only what the fast path needs (a source pointer, a shared offset, an edge count): the
 * matrix base, ld, the k left and vec come from the kernel's parameters at each call, and the edge paths
 * recompute the thread's row and column from its thread index, so the registers stay with the accumulators. */
template <int ESZ, int ROWS, int CPR, int NT, bool KC, class LAYOUT, class OPS = gp_dev_ops>
struct gp_tile_loader {
    static constexpr int EPC = 16 / ESZ;          /* elements per chunk */
    static constexpr int BK = 128 / ESZ;          /* k per block k-step */
    static constexpr int ITER = ROWS * CPR / NT;  /* chunks per thread per k-step */
    static constexpr int RSTEP = NT / CPR;        /* rows between a thread's chunks */
    static_assert(ITER >= 1 && (ROWS * CPR) % NT == 0 && NT % CPR == 0, "tile / thread count");
    static_assert(!KC || CPR == 8, "a k-contiguous row is one 128-byte k-step");
    static_assert(KC || ROWS == BK, "an mn-contiguous tile has one row per k");
    /* additive step between a thread's chunks in shared memory (the swizzle repeats every 8 rows) */
    static constexpr bool ADDITIVE = !LAYOUT::SWIZZLED || RSTEP % 8 == 0;

    const char *src; /* this thread's first chunk in the current k-step */
    int edge;        /* KC: how many of the thread's ITER rows are inside the matrix; !KC: bytes of its chunk inside (0..16) */

    /* r0: the tile's first row in the matrix (KC: i0 or j0; !KC: 0, rows advance with k); x0: the tile's
     * first column (KC: 0, columns advance with k; !KC: i0 or j0). */
    __host__ __device__ __forceinline__ void init(const void *P, int64_t ld, int64_t rows_total, int64_t cols_total, int64_t r0,
                                         int64_t x0, int tid)
    {
        const int c = tid % CPR, row0 = tid / CPR;
        src = (const char *)P + ((r0 + row0) * ld + x0 + (int64_t)c * EPC) * ESZ;
        if (KC) {
            const int64_t left = rows_total - (r0 + row0); /* rows from the thread's first one to the edge */
            edge = left <= 0 ? 0 : left >= (int64_t)ITER * RSTEP ? ITER : (int)((left + RSTEP - 1) / RSTEP);
        } else {
            const int64_t left = cols_total - (x0 + (int64_t)c * EPC);
            edge = left >= EPC ? 16 : left > 0 ? (int)left * ESZ : 0;
        }
    }

#pragma nv_exec_check_disable
    static __host__ __device__ __forceinline__ uint32_t dst(uint32_t tile, int it)
    {
        const int c = OPS::tid() % CPR, row0 = OPS::tid() / CPR;
        if (ADDITIVE) return tile + LAYOUT::off(row0, c) + it * RSTEP * LAYOUT::PITCH;
        return tile + LAYOUT::off(row0 + it * RSTEP, c);
    }
    /* bytes of chunk `it` inside the matrix when krem = K - k0 is the k left from this k-step's first k */
#pragma nv_exec_check_disable
    __host__ __device__ __forceinline__ int bytes(int it, int64_t krem) const
    {
        if (KC) {
            if (it >= edge) return 0;
            const int64_t left = krem - (int64_t)(OPS::tid() % CPR) * EPC;
            return left >= EPC ? 16 : left > 0 ? (int)left * ESZ : 0;
        }
        return (int64_t)(OPS::tid() / CPR + it * RSTEP) < krem ? edge : 0;
    }

    /* Copies this k-step's tile (krem = K - k0 > 0) to shared address `tile`, then steps to the next k-step.
     * base: the matrix (a valid address for 0-byte copies); ld: its leading dimension in elements. */
#pragma nv_exec_check_disable
    __host__ __device__ __forceinline__ void load(uint32_t tile, const void *base, int64_t ld, int64_t krem, bool vec)
    {
        const int64_t stride = (int64_t)RSTEP * ld * ESZ;
        (void)base; /* no longer read: partial chunks are loaded element by element */
        const bool inside = krem >= BK && (KC ? edge == ITER : edge == 16);
        const char *g = src;
        if (vec && inside) {
#pragma unroll
            for (int it = 0; it < ITER; it++, g = gp_opaque(g + stride)) OPS::cpa16_full(dst(tile, it), g);
        } else if (vec) {
#pragma unroll
            for (int it = 0; it < ITER; it++, g = gp_opaque(g + stride)) {
                const int b = bytes(it, krem);
                if (b == 16) OPS::cpa16_full(dst(tile, it), g);
                else OPS::sts128(dst(tile, it), b ? gp_load_chunk_scalar<ESZ>(g, b) : make_uint4(0u, 0u, 0u, 0u));
            }
        } else {
#pragma unroll 1
            for (int it = 0; it < ITER; it++, g += stride) OPS::sts128(dst(tile, it), gp_load_chunk_scalar<ESZ>(g, bytes(it, krem)));
        }
        src += KC ? (int64_t)128 : (int64_t)BK * ld * ESZ;
    }
};

#endif
