/* sgemm_async.cuh — the warp-tiled sgemm kernel with a cp.async multi-stage shared-memory pipeline,
 * shared by rung 9 (one configuration, 2 stages) and rung 10 (several configurations chosen per shape).
 *
 * Block tile BM x BN, k-step BK, STAGES shared-memory buffers. Warps are WARPS_M x WARPS_N; a warp tile is
 * (16*WMI) x (32*WNI): its lanes form a 4x8 grid, each thread owns WMI x WNI sub-blocks of 4x4 spaced
 * 16 rows / 32 columns apart, read from shared memory as float4 (A is k-major there, as in rung 8).
 * Loads are cp.async (sm_80+) straight from global to shared memory, no registers in between:
 *  - an operand stored "direct" (contiguous along the tile's rows: B as stored, A transposed) is copied
 *    as 16-byte cp.async.cg where the whole float4 lies inside the matrix and it is 16-byte aligned, else
 *    (at the matrix edge, or vec == 0) as 4-byte copies of the elements inside it; shared-memory cells
 *    outside the matrix are zeroed with plain stores, so no load ever reaches past the matrix's last
 *    element (its last row holds its columns, not ld elements);
 *    Kernels instantiated with ROWS (configuration 3; rung 12's 128x256 and 128x64) copy a direct operand whose
 *    rows are off 16 bytes with one 4-byte copy per element, consecutive threads on consecutive elements
 *    (gp_sg_cp_loader_rows);
 *  - an operand stored "across" (contiguous along k: A as stored, B transposed) must be transposed on the
 *    way into shared memory, so it is copied in 4-byte cp.async.ca, consecutive threads along k.
 * The per-thread source pointers are computed once; each k-step advances them by a constant.
 * PIPE (rung 10) double-buffers the warp's fragments in registers and moves the barrier to the last k-step
 * of a tile (see 10_tuned.cu); rung 9 reads each k-step's fragments just before its FMAs. */
#ifndef GP_SGEMM_ASYNC_CUH
#define GP_SGEMM_ASYNC_CUH
#include "sgemm_common.cuh"
#include "../common/cp_async.cuh"

/* ITER copies of BYTES (4 or 16) each, from g, g + gstep, ... to s, s + sstep, ...: the unguarded path of the loaders
 * below (the caller checked that every copy is inside the matrix). */
template <int ITER, int BYTES>
__device__ __forceinline__ void gp_sg_copy_run(float *s, int sstep, const float *g, int64_t gstep)
{
#pragma unroll
    for (int it = 0; it < ITER; it++) {
        if (BYTES == 16) gp_cp_async16_full(s + it * sstep, g);
        else gp_cp_async4_full(s + it * sstep, g);
        g += gstep;
    }
}

/* One operand's tile loader: S[kk*LDS + x] = X(k0 + kk, x0 + x), kk < BK, x < W (see sgemm_common.cuh).
 * Each k-step whose k range is inside the matrix (every k-step but the last one when K % BK != 0) takes a path
 * without a predicate per copy; the last one takes the guarded path, whose copies read only elements inside the
 * matrix and zero the shared cells outside it.
 * gp_sg_past_edge: the guarded path in a tile reaching past the matrix's edge (threads past the edge storing zeros
 * while their warp copies) made its block 14-34% slower, and in one wave that block is the kernel's time (2048 x n x
 * 2048: n = 1792 0.318 ms, 1800 0.427, 2040 0.4075, 2048 0.359; results/h100-2026-11-24h/call14). So a "direct"
 * loader fills the cells past the edge with copies of the tile's first float4 or column instead (changed in init():
 * the main loop is the same code): row i of C reads only row i of op(A) and column j only column j of op(B), so those
 * cells reach only rows and columns of C past its edge, which are never stored. An "across" A shifts its last tile
 * row instead (gp_sg_across_origin). Measured against the loaders before (results/h100-2026-11-25, call5):
 * 2048x2040x2048 0.854x -> 0.972x cublasSgemm, 1000^3 NN 0.85x -> 0.94x, TN 0.89x -> 1.00x, TT 0.875x -> 0.92x. */
template <int BK, int W, int LDS, int NT, bool DIRECT>
struct gp_sg_cp_loader;

/* direct: thread copies float4 number tid + it*NT: row kk = kk0 + it*RSTEP, column x fixed */
template <int BK, int W, int LDS, int NT>
struct gp_sg_cp_loader<BK, W, LDS, NT, true> {
    static constexpr int ITER = BK * W / 4 / NT;
    static constexpr int RSTEP = NT / (W / 4);
    static_assert(ITER >= 1 && (BK * W / 4) % NT == 0 && NT % (W / 4) == 0, "direct tile / thread count");
    const float *src;  /* this thread's element in the current k-step */
    int64_t ld, K, k0; /* k0: first k of the current k-step */
    int kk0, soff;     /* this thread's first row in a k-step, its shared offset */
    int xbytes;        /* bytes of the float4 inside the matrix (0..16) */
    bool vec;

    __device__ __forceinline__ void init(const float *P, int64_t ld_, int64_t K_, int64_t x0, int64_t X, int tid, bool v)
    {
        const int x = (tid % (W / 4)) * 4;
        const int64_t rem = X - (x0 + x);
        kk0 = tid / (W / 4);
        ld = ld_; K = K_; k0 = 0; vec = v;
        xbytes = rem >= 4 ? 16 : rem > 0 ? (int)rem * 4 : 0;
        src = P + (int64_t)kk0 * ld + x0 + x;
        soff = kk0 * LDS + x;
        if (rem <= 0) { /* a float4 wholly past the edge: copy the tile's first one instead (see gp_sg_past_edge) */
            const int64_t first = X - x0;
            xbytes = first >= 4 ? 16 : (int)first * 4;
            src = P + (int64_t)kk0 * ld + x0;
        }
    }
    __device__ __forceinline__ void load(float *S) /* then steps to the next k-step */
    {
        if (vec && xbytes == 16 && k0 + BK <= K) {
            gp_sg_copy_run<ITER, 16>(S + soff, RSTEP * LDS, src, RSTEP * ld);
        } else {
            load_edge(S);
        }
        src += BK * ld;
        k0 += BK;
    }
    __device__ __forceinline__ void load_edge(float *S) const /* the guarded path of load() */
    {
#pragma unroll
        for (int it = 0; it < ITER; it++) {
            const int64_t gk = k0 + kk0 + it * RSTEP;
            const float *g = src + (int64_t)it * RSTEP * ld;
            float *s = S + soff + it * RSTEP * LDS;
            const int bytes = gk < K ? xbytes : 0;
            if (vec && bytes == 16) {
                gp_cp_async16_full(s, g);
            } else {
                /* the edge of the matrix: only the elements inside it are read (a 16-byte copy with a
                 * smaller source size is still a 16-byte access to memcheck, and may reach past the
                 * last element of the allocation); the rest of the float4 is zeroed in place */
#pragma unroll
                for (int c = 0; c < 4; c++) {
                    if (4 * c < bytes) gp_cp_async4_full(s + c, g + c);
                    else s[c] = 0.f;
                }
            }
        }
    }
};

/* across: consecutive threads take consecutive k; thread's kk0 = tid % BK fixed, rows tid/BK + it*RSTEP */
template <int BK, int W, int LDS, int NT>
struct gp_sg_cp_loader<BK, W, LDS, NT, false> {
    static constexpr int ITER = BK * W / NT;
    static constexpr int RSTEP = NT / BK;
    static_assert(ITER >= 1 && ITER <= 32 && (BK * W) % NT == 0 && NT % BK == 0, "across tile / thread count");
    const float *src;
    int64_t ld, K, k0;
    int kk0, soff;
    int rows;          /* iterations whose row is inside the matrix: it < rows */

    __device__ __forceinline__ void init(const float *P, int64_t ld_, int64_t K_, int64_t x0, int64_t X, int tid, bool v)
    {
        (void)v;
        const int x = tid / BK;
        const int64_t left = X - (x0 + x); /* rows from this thread's first one to the edge */
        kk0 = tid % BK;
        ld = ld_; K = K_; k0 = 0;
        src = P + (x0 + x) * ld + kk0;
        soff = kk0 * LDS + x;
        rows = left <= 0 ? 0 : left >= (int64_t)ITER * RSTEP ? ITER : (int)((left + RSTEP - 1) / RSTEP);
    }
    __device__ __forceinline__ void load(float *S)
    {
        if (rows == ITER && k0 + BK <= K) {
            gp_sg_copy_run<ITER, 4>(S + soff, RSTEP, src, RSTEP * ld);
        } else {
            load_edge(S);
        }
        src += BK;
        k0 += BK;
    }
    __device__ __forceinline__ void load_edge(float *S) const /* the guarded path of load() */
    {
        const bool kok = k0 + kk0 < K;
#pragma unroll
        for (int it = 0; it < ITER; it++) {
            /* outside the matrix: zeroed in place, no global address touched */
            if (kok && it < rows) gp_cp_async4_full(S + soff + it * RSTEP, src + (int64_t)it * RSTEP * ld);
            else S[soff + it * RSTEP] = 0.f;
        }
    }
};

/* direct, one 4-byte copy per element (rows off 16-byte boundaries, where the float4 layout above falls back to four
 * 4-byte copies per thread 16 bytes apart: each sector fetched four times and a 4-way bank conflict on the shared
 * side; ncu, 2049x2047x2051: 2.1-way conflicts on average, 7.1 of 32 bytes used per sector): consecutive threads take
 * consecutive x, so a warp's copy is 128 contiguous bytes into 32 banks. Thread: x = tid % W, rows tid / W + it * RSTEP. */
template <int BK, int W, int LDS, int NT>
struct gp_sg_cp_loader_rows {
    static constexpr int ITER = BK * W / NT;
    static constexpr int RSTEP = NT / W;
    static_assert(ITER >= 1 && (BK * W) % NT == 0 && NT % W == 0, "row tile / thread count");
    const float *src;
    int64_t ld, K, k0;
    int kk0, soff;

    __device__ __forceinline__ void init(const float *P, int64_t ld_, int64_t K_, int64_t x0, int64_t X, int tid, bool v)
    {
        (void)v;
        const int x = tid % W;
        kk0 = tid / W;
        ld = ld_; K = K_; k0 = 0;
        src = P + (int64_t)kk0 * ld + (x0 + x < X ? x0 + x : x0); /* past the edge: the tile's first column (gp_sg_past_edge) */
        soff = kk0 * LDS + x;
    }
    __device__ __forceinline__ void load(float *S)
    {
        if (k0 + BK <= K) {
            gp_sg_copy_run<ITER, 4>(S + soff, RSTEP * LDS, src, RSTEP * ld);
        } else {
            load_edge(S);
        }
        src += BK * ld;
        k0 += BK;
    }
    __device__ __forceinline__ void load_edge(float *S) const
    {
#pragma unroll
        for (int it = 0; it < ITER; it++) {
            /* past k: zeroed in place, no global address touched */
            if (k0 + kk0 + it * RSTEP < K) gp_cp_async4_full(S + soff + it * RSTEP * LDS, src + (int64_t)it * RSTEP * ld);
            else S[soff + it * RSTEP * LDS] = 0.f;
        }
    }
};

/* The loader of an operand: across, direct in float4, or (ROWS) direct in 4-byte copies along the rows. */
template <int BK, int W, int LDS, int NT, bool DIRECT, bool ROWS>
struct gp_sg_loader_of { typedef gp_sg_cp_loader<BK, W, LDS, NT, DIRECT> T; };
template <int BK, int W, int LDS, int NT>
struct gp_sg_loader_of<BK, W, LDS, NT, true, true> { typedef gp_sg_cp_loader_rows<BK, W, LDS, NT> T; };

/* A thread's fragments of one k-step: WMI float4 of A (16 rows apart) and WNI float4 of B (32 columns apart). */
template <int WMI, int WNI>
__device__ __forceinline__ void gp_sg_frag(float *a, float *bv, const float *as, const float *bs)
{
#pragma unroll
    for (int mi = 0; mi < WMI; mi++)
        *reinterpret_cast<float4 *>(&a[4 * mi]) = *reinterpret_cast<const float4 *>(as + mi * 16);
#pragma unroll
    for (int ni = 0; ni < WNI; ni++)
        *reinterpret_cast<float4 *>(&bv[4 * ni]) = *reinterpret_cast<const float4 *>(bs + ni * 32);
}

/* acc += a x bv, the thread's outer product of one k-step */
template <int WMI, int WNI>
__device__ __forceinline__ void gp_sg_fma(float (&acc)[4 * WMI][4 * WNI], const float *a, const float *bv)
{
#pragma unroll
    for (int r = 0; r < 4 * WMI; r++)
#pragma unroll
        for (int c = 0; c < 4 * WNI; c++) acc[r][c] = fmaf(a[r], bv[c], acc[r][c]);
}

template <int BM, int BN, int BK, int WARPS_M, int WARPS_N, int WMI, int WNI, int STAGES>
struct gp_sg_async_cfg {
    static constexpr int NT = WARPS_M * WARPS_N * 32;
    static constexpr int LDA = BM + 4, LDB = BN + 4; /* float4-aligned rows; see the loaders for banks */
    static constexpr int A_STAGE = BK * LDA, B_STAGE = BK * LDB;
    static constexpr size_t SMEM = (size_t)STAGES * (A_STAGE + B_STAGE) * sizeof(float);
    static_assert(BM == WARPS_M * 16 * WMI && BN == WARPS_N * 32 * WNI, "warp tiles must cover the block tile");
};

/* Tile (tm, tn) of block number b. group_m > 1: blocks are rasterised in groups of group_m tile rows, column by
 * column inside a group, so the blocks running at the same time share A rows and B columns in L2. */
__device__ __forceinline__ void gp_sg_tile_of(int64_t b, int64_t tiles_m, int64_t tiles_n, int group_m, int64_t &tm,
                                              int64_t &tn)
{
    if (group_m > 1) {
        const int64_t per_group = (int64_t)group_m * tiles_n, g = b / per_group, first = g * group_m;
        const int64_t gm = tiles_m - first < group_m ? tiles_m - first : group_m, r = b % per_group;
        tm = first + r % gm;
        tn = r / gm;
    } else {
        tm = b / tiles_n;
        tn = b % tiles_n;
    }
}

/* The columns of B the loaders may read: vec_b 2 (rung 13's copy) has zero columns up to a multiple of 256, so a direct B
 * is loaded in whole tiles. */
template <int BN, bool B_DIRECT, typename P>
__device__ __forceinline__ int64_t gp_sg_b_cols(const P &p)
{
    return B_DIRECT && p.vec_b == 2 ? (p.n + BN - 1) / BN * BN : p.n;
}

/* The main loop of one block: acc = op(A)[i0 .. i0+BM) x op(B)[.., j0 .. j0+BN) over k = 0 .. K, where A and B
 * point at k = 0 of the product (a k-slice's first column of op(A) / row of op(B)). Returns with every cp.async
 * of the block complete; the caller synchronises before the shared memory is written again. */
template <int BM, int BN, int BK, int WARPS_M, int WARPS_N, int WMI, int WNI, int STAGES, bool A_DIRECT, bool B_DIRECT,
          bool PIPE, bool ROWS = false>
__device__ __forceinline__ void gp_sg_async_mainloop(float (&acc)[4 * WMI][4 * WNI], float *smem, const float *A,
                                                     int64_t lda, bool vec_a, int64_t m, const float *B, int64_t ldb,
                                                     bool vec_b, int64_t n, int64_t K, int64_t i0, int64_t j0)
{
    typedef gp_sg_async_cfg<BM, BN, BK, WARPS_M, WARPS_N, WMI, WNI, STAGES> C;
    float *As = smem, *Bs = smem + STAGES * C::A_STAGE;
    const int tid = threadIdx.x, warp = tid / 32, lane = tid % 32;
    const int wm0 = (warp / WARPS_N) * (16 * WMI), wn0 = (warp % WARPS_N) * (32 * WNI);
    const int lm = lane / 8, ln = lane % 8;

    typename gp_sg_loader_of<BK, BM, C::LDA, C::NT, A_DIRECT, ROWS>::T la;
    typename gp_sg_loader_of<BK, BN, C::LDB, C::NT, B_DIRECT, ROWS>::T lb;
    la.init(A, lda, K, i0, m, tid, vec_a);
    lb.init(B, ldb, K, j0, n, tid, vec_b);

#pragma unroll
    for (int r = 0; r < 4 * WMI; r++)
#pragma unroll
        for (int c = 0; c < 4 * WNI; c++) acc[r][c] = 0.f;

    const int64_t ntiles = (K + BK - 1) / BK;
#pragma unroll
    for (int s = 0; s < STAGES - 1; s++) {
        if (s < ntiles) {
            la.load(As + s * C::A_STAGE);
            lb.load(Bs + s * C::B_STAGE);
        }
        gp_cp_async_commit();
    }
    int rs = 0, ws = STAGES - 1;
    if (!PIPE) {
        for (int64_t t = 0; t < ntiles; t++) {
            gp_cp_async_wait<STAGES - 2>(); /* tile t has landed (for this thread) ... */
            __syncthreads();                /* ... for every thread; and stage ws is no longer being read */
            if (t + STAGES - 1 < ntiles) {
                la.load(As + ws * C::A_STAGE);
                lb.load(Bs + ws * C::B_STAGE);
            }
            gp_cp_async_commit();
            const float *as = As + rs * C::A_STAGE + wm0 + lm * 4;
            const float *bs = Bs + rs * C::B_STAGE + wn0 + ln * 4;
#pragma unroll
            for (int kk = 0; kk < BK; kk++) {
                float a[4 * WMI], bv[4 * WNI];
                gp_sg_frag<WMI, WNI>(a, bv, as + kk * C::LDA, bs + kk * C::LDB);
                gp_sg_fma<WMI, WNI>(acc, a, bv);
            }
            rs = rs + 1 == STAGES ? 0 : rs + 1;
            ws = ws + 1 == STAGES ? 0 : ws + 1;
        }
    } else {
        /* Fragments double-buffered in registers: the LDS of k-step kk+1 are issued before the FMAs of
         * kk, so their latency hides behind 4*WMI x 4*WNI FMAs instead of stalling the warp. The barrier
         * moves to the last k-step of a tile, after its fragments are in registers: the first fragments
         * of the next tile are read across the barrier and the FMAs of the last k-step cover them. */
        float a[2][4 * WMI], bv[2][4 * WNI];
        gp_cp_async_wait<STAGES - 2>();
        __syncthreads();
        gp_sg_frag<WMI, WNI>(a[0], bv[0], As + wm0 + lm * 4, Bs + wn0 + ln * 4);
        for (int64_t t = 0; t < ntiles; t++) {
            const float *as = As + rs * C::A_STAGE + wm0 + lm * 4;
            const float *bs = Bs + rs * C::B_STAGE + wn0 + ln * 4;
#pragma unroll
            for (int kk = 0; kk < BK; kk++) {
                if (kk == BK - 1) {
                    /* tile t+1 has landed for every thread, and every thread is done reading tile t */
                    gp_cp_async_wait<STAGES - 2>();
                    __syncthreads();
                    rs = rs + 1 == STAGES ? 0 : rs + 1;
                    gp_sg_frag<WMI, WNI>(a[(kk + 1) & 1], bv[(kk + 1) & 1], As + rs * C::A_STAGE + wm0 + lm * 4,
                                         Bs + rs * C::B_STAGE + wn0 + ln * 4);
                } else {
                    gp_sg_frag<WMI, WNI>(a[(kk + 1) & 1], bv[(kk + 1) & 1], as + (kk + 1) * C::LDA,
                                         bs + (kk + 1) * C::LDB);
                }
                if (kk == 0) {
                    /* stage ws held tile t-1, which every thread finished reading before the last barrier */
                    if (t + STAGES - 1 < ntiles) {
                        la.load(As + ws * C::A_STAGE);
                        lb.load(Bs + ws * C::B_STAGE);
                    }
                    gp_cp_async_commit();
                    ws = ws + 1 == STAGES ? 0 : ws + 1;
                }
                gp_sg_fma<WMI, WNI>(acc, a[kk & 1], bv[kk & 1]);
            }
        }
    }
    gp_cp_async_wait<0>();
}

/* C tile at (i0, j0) = alpha * acc + beta * C, from the thread's accumulators as the main loop lays them out. */
template <int WARPS_N, int WMI, int WNI>
__device__ __forceinline__ void gp_sg_async_epilogue(const gp_sg_one &p, const float (&acc)[4 * WMI][4 * WNI],
                                                     int64_t i0, int64_t j0, int tid)
{
    const int warp = tid / 32, lane = tid % 32;
    const int wm0 = (warp / WARPS_N) * (16 * WMI), wn0 = (warp % WARPS_N) * (32 * WNI);
    const int lm = lane / 8, ln = lane % 8;
#pragma unroll
    for (int r = 0; r < 4 * WMI; r++) {
        const int64_t i = i0 + wm0 + (r / 4) * 16 + lm * 4 + r % 4;
#pragma unroll
        for (int ni = 0; ni < WNI; ni++)
            gp_sg_store4(p, i, j0 + wn0 + ni * 32 + ln * 4,
                         make_float4(acc[r][4 * ni], acc[r][4 * ni + 1], acc[r][4 * ni + 2], acc[r][4 * ni + 3]));
    }
}

/* blockIdx.y as the compiler cannot see it is (so a view computed from it after the main loop is not the one before) */
__device__ __forceinline__ unsigned gp_sg_opaque_ctaid_y()
{
    unsigned z;
    asm volatile("mov.u32 %0, %%ctaid.y;" : "=r"(z));
    return z;
}

/* gp_sg_store4 for rows ilo <= i < m only (rows before ilo are the tile before's, see gp_sg_across_origin). */
template <typename P>
__device__ __forceinline__ void gp_sg_store4_rows(const P &p, int64_t ilo, int64_t i, int64_t j, float4 v)
{
    if (i < ilo || i >= p.m) return;
    gp_sg_store4_row(p, i, j, v);
}

/* gp_sg_past_edge for A copied "across" (as stored, rows along m), whose loader would take the guarded path for rows
 * past m: the last tile row starts at m - BM instead, so that it ends on the edge and every row it loads lies inside;
 * the rows it shares with the tile row before are that one's to store. Only where m >= BM. The same for B transposed
 * (rows along n) was measured faster at 1000^3 NT (0.979x against 0.898x) but ptxas then bunched the fragment loads of
 * the NT kernel's main loop (41 of 90 LDS.128 back to back, 0 before) and 2048^3 NT ran 0.923x against 0.956x
 * (results/h100-2026-11-25/call4): not done. */
__device__ __forceinline__ int64_t gp_sg_across_origin(int64_t x0, int W, int64_t X, bool across)
{
    return across && x0 + W > X && X >= W ? X - W : x0;
}

template <int BM, int BN, int BK, int WARPS_M, int WARPS_N, int WMI, int WNI, int STAGES, int MINB, bool A_DIRECT,
          bool B_DIRECT, bool PIPE, bool BATCHED = true, bool ROWS = false>
__global__ void __launch_bounds__(WARPS_M * WARPS_N * 32, MINB)
    gp_sg_async_kernel(typename gp_sg_param<BATCHED>::T pz, int group_m)
{
    /* matrix (or k-slice) blockIdx.y of the call; BATCHED = false: one matrix, no k-slices */
    const gp_sg_one &p = gp_sg_view(pz, blockIdx.y);
    extern __shared__ __align__(16) float smem[];
    const int tid = threadIdx.x, warp = tid / 32, lane = tid % 32;
    const int wm0 = (warp / WARPS_N) * (16 * WMI), wn0 = (warp % WARPS_N) * (32 * WNI);
    const int lm = lane / 8, ln = lane % 8;
    int64_t tm, tn;
    gp_sg_tile_of(blockIdx.x, (p.m + BM - 1) / BM, (p.n + BN - 1) / BN, group_m, tm, tn);
    const int64_t ilo = tm * BM, j0 = tn * BN; /* the block's tile of C: rows from ilo */
    /* the rows it computes: a last tile row ending on the edge where A is "across" (gp_sg_across_origin); not in the
     * batched NT kernels: there ptxas bunched the fragment loads of the main loop (47 of 90 LDS.128 back to back, 0
     * without), and 1024x1024x16384 NT (128x256 k-slices) ran 0.909x against 0.938x (results/h100-2026-11-25/call5) */
    constexpr bool SHIFT = !A_DIRECT && (B_DIRECT || !BATCHED);
    const int64_t i0 = gp_sg_across_origin(ilo, BM, p.m, SHIFT);

    float acc[4 * WMI][4 * WNI];
    gp_sg_async_mainloop<BM, BN, BK, WARPS_M, WARPS_N, WMI, WNI, STAGES, A_DIRECT, B_DIRECT, PIPE, ROWS>(
        acc, smem, p.A, p.lda, p.vec_a != 0, p.m, p.B, p.ldb, p.vec_b != 0, gp_sg_b_cols<BN, B_DIRECT>(p), p.k, i0, j0);

    /* C = alpha acc + beta C, from the thread's accumulators (pe: the matrix's view) */
    auto store = [&](const gp_sg_one &pe) {
#pragma unroll
        for (int r = 0; r < 4 * WMI; r++) {
            const int64_t i = i0 + wm0 + (r / 4) * 16 + lm * 4 + r % 4;
#pragma unroll
            for (int ni = 0; ni < WNI; ni++) {
                const float4 v = make_float4(acc[r][4 * ni], acc[r][4 * ni + 1], acc[r][4 * ni + 2], acc[r][4 * ni + 3]);
                if (!SHIFT) gp_sg_store4(pe, i, j0 + wn0 + ni * 32 + ln * 4, v); /* i0 == ilo */
                else gp_sg_store4_rows(pe, ilo, i, j0 + wn0 + ni * 32 + ln * 4, v);
            }
        }
    };
    /* the batched 128x64 and 64x64 kernels take their matrix's view once more, from the parameter: with the view of the
     * main loop kept for the epilogue (C, ldc, alpha, beta in registers through the loop) they spilled in the loop (6
     * LDL per k-tile at 128 registers, none this way); the batched 128x128 kernels spilled more this way */
    if constexpr (BATCHED && MINB >= 3) store(gp_sg_view(pz, gp_sg_opaque_ctaid_y()));
    else store(p);
}

/* The kernel of configuration (BM, ..., MINB) for the call's transposes (ROWS: direct operands in 4-byte copies). */
template <int BM, int BN, int BK, int WARPS_M, int WARPS_N, int WMI, int WNI, int STAGES, int MINB, bool PIPE, bool BATCHED,
          bool ROWS = false>
static void (*gp_sg_async_pick(const gp_sgemm_args *p))(typename gp_sg_param<BATCHED>::T, int)
{
    /* A stored m x k (as is) is "across"; B stored k x n (as is) is "direct" */
    if (!p->ta && !p->tb) return gp_sg_async_kernel<BM, BN, BK, WARPS_M, WARPS_N, WMI, WNI, STAGES, MINB, false, true, PIPE, BATCHED, ROWS>;
    if (!p->ta) return gp_sg_async_kernel<BM, BN, BK, WARPS_M, WARPS_N, WMI, WNI, STAGES, MINB, false, false, PIPE, BATCHED>;
    if (!p->tb) return gp_sg_async_kernel<BM, BN, BK, WARPS_M, WARPS_N, WMI, WNI, STAGES, MINB, true, true, PIPE, BATCHED, ROWS>;
    return gp_sg_async_kernel<BM, BN, BK, WARPS_M, WARPS_N, WMI, WNI, STAGES, MINB, true, false, PIPE, BATCHED, ROWS>;
}

/* Whether an operand copied "direct" (A transposed, B as stored) has rows off 16-byte boundaries. */
static inline bool gp_sg_direct_unaligned(const gp_sgemm_args *p) { return (p->ta && !p->vec_a) || (!p->tb && !p->vec_b); }

/* Lets kern use smem bytes of dynamic shared memory (above the default 48 KB); false if the runtime refuses. */
static inline bool gp_sg_allow_smem(const void *kern, size_t smem)
{
    return smem <= 48 * 1024 ||
           cudaFuncSetAttribute(kern, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem) == cudaSuccess;
}

/* Launches configuration (BM, ..., MINB) for the call's transposes. */
template <int BM, int BN, int BK, int WARPS_M, int WARPS_N, int WMI, int WNI, int STAGES, int MINB, bool PIPE = false,
          bool ROWS_OK = false>
static gp_status gp_sg_async_launch(cudaStream_t s, const gp_sgemm_args *p, int group_m)
{
    typedef gp_sg_async_cfg<BM, BN, BK, WARPS_M, WARPS_N, WMI, WNI, STAGES> C;
    const int64_t blocks = ((p->m + BM - 1) / BM) * ((p->n + BN - 1) / BN);
    if (blocks > 0x7fffffff) return GP_ERROR_NOT_SUPPORTED;
    /* one matrix, no k-slices: the kernel without per-matrix offsets (H100: 8192^3 0.950x -> 0.990x cuBLAS,
     * results/h100-2026-11-23f/knobs-summary.txt), whose parameter is the one matrix's (gp_sg_one) */
    if (p->batch == 1 && p->kslice == 0) {
        void (*kern)(gp_sg_one, int) =
            ROWS_OK && gp_sg_direct_unaligned(p) ? gp_sg_async_pick<BM, BN, BK, WARPS_M, WARPS_N, WMI, WNI, STAGES, MINB, PIPE, false, ROWS_OK>(p)
                                                 : gp_sg_async_pick<BM, BN, BK, WARPS_M, WARPS_N, WMI, WNI, STAGES, MINB, PIPE, false>(p);
        if (!gp_sg_allow_smem((const void *)kern, C::SMEM)) return gp__launch_status();
        kern<<<(unsigned)blocks, C::NT, C::SMEM, s>>>(gp_sg_one_of(*p), group_m);
        return gp__launch_status();
    }
    void (*kern)(gp_sgemm_args, int) =
        ROWS_OK && gp_sg_direct_unaligned(p) ? gp_sg_async_pick<BM, BN, BK, WARPS_M, WARPS_N, WMI, WNI, STAGES, MINB, PIPE, true, ROWS_OK>(p)
                                             : gp_sg_async_pick<BM, BN, BK, WARPS_M, WARPS_N, WMI, WNI, STAGES, MINB, PIPE, true>(p);
    if (!gp_sg_allow_smem((const void *)kern, C::SMEM)) return gp__launch_status();
    for (int64_t z0 = 0; z0 < p->batch; z0 += GP_SGEMM_MAX_GRID_BATCH) { /* grid.y holds 65535 matrices */
        gp_sgemm_args q = *p;
        q.A += z0 * p->stride_a;
        q.B += z0 * p->stride_b;
        q.C += z0 * p->stride_c;
        q.batch = p->batch - z0 < GP_SGEMM_MAX_GRID_BATCH ? p->batch - z0 : GP_SGEMM_MAX_GRID_BATCH;
        if (p->kslice > 0) q.k = p->k - z0 * p->kslice; /* the slices from z0 on */
        kern<<<dim3((unsigned)blocks, (unsigned)q.batch), C::NT, C::SMEM, s>>>(q, group_m);
        GP_TRY(gp__launch_status());
    }
    return GP_SUCCESS;
}

#endif
