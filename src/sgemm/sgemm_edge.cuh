/* sgemm_edge.cuh — rung 13's edge products (13_peel.cu): the thin last rows and columns of C, each a read of one
 * operand. Kept apart from the rung's plumbing so that scripts/experiments/sgemm-peel/edge_bench.cu times them alone. */
#ifndef GP_SGEMM_EDGE_CUH
#define GP_SGEMM_EDGE_CUH
#include "sgemm_internal.h"
#include "../common/util.cuh"
#include <string.h>

/* ---- the edge products: C(s, l) = alpha * sum_kk Y(s, kk) X(l, kk) + beta * C(s, l), s < S <= GP_EDGE_S ----
 * The last rows of C are one edge (X = op(B) along its columns l, Y = op(A)'s last rows), the last columns of the rows
 * above the other (X = op(A) along its rows, Y = op(B)'s last columns). Each reads X once, at the copy rate: X is read
 * along whichever of l and k it is contiguous in, so every warp load is 128 consecutive bytes; Y is small (S x k) and
 * comes from L1/L2 or shared memory. k is cut into ksplit ranges (grid.y) so that enough loads are in flight; the
 * last block of a group to finish adds the ranges' partials in order z = 0, 1, ... (the result does not depend on
 * timing) and writes C. Where their blocks fit one wave, both edges run in one launch (blocks [0, x0) of grid.x the
 * first, the rest the second): two launches and two memsets had cost ~17 us at 1025^3, where each edge alone reads
 * 4 MB (results/h100-2026-11-25/call8); one takes 10.9 (results/h100-2026-11-25b/call4). One memset of the counters
 * serves both either way (gp_sg_edges_plan). */
#define GP_EDGE_S 16     /* rows or columns an edge has at most */
#define GP_EDGE_WARPS 16 /* warps of a block: lanes along l, 32 columns l with k shared out over the warps; lanes along
                            k, one l per warp */
#ifndef GP_EDGE_BLOCKS
#define GP_EDGE_BLOCKS 2 /* blocks per SM the k ranges aim at (two edges in one launch: each its share) */
#endif
#ifndef GP_EDGE_MIN_K
#define GP_EDGE_MIN_K 256 /* ... each range at least this long */
#endif
#ifndef GP_EDGE_KT
#define GP_EDGE_KT 256   /* k of Y staged in shared memory at a time by the lanes-along-k body */
#endif
#ifndef GP_EDGE_UNROLL_L
/* loads of X each lanes-along-l thread has in flight: 16 against 4 took the 1 x 2047 x 2051 edge from 26.3 to 13.6 us
 * and 1 x 1025 x 1025 from 11.7 to 8.5 (ncu, results/h100-2026-11-25/call8); 8 no faster than 4, 32 no faster than 16
 * (call9) */
#define GP_EDGE_UNROLL_L 16
#endif

/* k a block takes per trip to memory: lanes along l, a load per warp and unrolled step; lanes along k, a tile of X
 * (GP_EDGE_KT / 32 loads a lane) and of Y staged in shared memory */
#define GP_EDGE_TRIP_K (GP_EDGE_WARPS * GP_EDGE_UNROLL_L)
static_assert(GP_EDGE_TRIP_K == GP_EDGE_KT, "both layouts take the same k per trip");
#ifndef GP_EDGE_WHOLE_TRIPS
#define GP_EDGE_WHOLE_TRIPS 1
#endif

struct gp_sg_edge {
    const float *X;
    int64_t xl, xk; /* X(l, kk) = X[l * xl + kk * xk]; xl == 1 (lanes along l) or xk == 1 (lanes along k) */
    const float *Y;
    int64_t ys, yk; /* Y(s, kk) = Y[s * ys + kk * yk] */
    float *C;
    int64_t cs, cl; /* C(s, l) = C[s * cs + l * cl] */
    int64_t L, K, kchunk;
    int S, ksplit;
    float alpha, beta;
    float *partial;  /* ksplit x S x L (ksplit > 1) */
    unsigned *count; /* one per block column, zeroed before the launch */
};

/* The edges of one launch: blocks x < x0 (of grid.x) take e0, the others e1 (x - x0). */
struct gp_sg_edges {
    gp_sg_edge e0, e1;
    int64_t x0;
};

/* The block's sum v for (s, l) (holder: this thread has one): with ksplit > 1 written to the partials, and the last
 * of the group's ksplit blocks adds them all in order; then C. Every thread of the block calls it. */
__device__ __forceinline__ void gp_sg_edge_finish(const gp_sg_edge &e, int64_t bx, int by, bool holder, int s,
                                                  int64_t l, float v)
{
    __shared__ int last;
    if (e.ksplit > 1) {
        if (holder) e.partial[((int64_t)by * e.S + s) * e.L + l] = v;
        __threadfence();
        __syncthreads();
        if (threadIdx.x == 0) last = atomicAdd(&e.count[bx], 1u) == (unsigned)e.ksplit - 1;
        __syncthreads();
        if (!last) return;
        __threadfence();
        if (holder) {
            v = 0.f;
            for (int z = 0; z < e.ksplit; z++) v += __ldcg(&e.partial[((int64_t)z * e.S + s) * e.L + l]);
        }
    }
    if (holder) {
        float *c = e.C + s * e.cs + l * e.cl;
        *c = e.beta == 0.f ? e.alpha * v : e.alpha * v + e.beta * *c; /* beta == 0: C is not read */
    }
}

/* Shared memory of a block: the warps' sums (lanes along l) or a tile of Y (lanes along k). */
template <int SMAX> struct gp_sg_edge_smem {
    static constexpr int RED = GP_EDGE_WARPS * SMAX * 33, YS = GP_EDGE_KT * (SMAX + 1);
    static constexpr int FLOATS = RED > YS ? RED : YS;
};

/* X contiguous along l (xl == 1): block column bx's lanes take 32 consecutive l, its warps share out range by of k. */
template <int SMAX>
__device__ __forceinline__ void gp_sg_edge_lanes_l(const gp_sg_edge &e, int64_t bx, int by, float *smem)
{
    float(*red)[SMAX][33] = reinterpret_cast<float(*)[SMAX][33]>(smem); /* [GP_EDGE_WARPS][SMAX][33] */
    const int lane = threadIdx.x % 32, w = threadIdx.x / 32;
    const int64_t l = bx * 32 + lane;
    const int64_t k0 = (int64_t)by * e.kchunk, k1 = k0 + e.kchunk < e.K ? k0 + e.kchunk : e.K;
    const bool in = l < e.L;
    const float *x = e.X + (in ? l : 0);
    float acc[SMAX];
#pragma unroll
    for (int s = 0; s < SMAX; s++) acc[s] = 0.f;
    for (int64_t kk = k0 + w; kk < k1; kk += GP_EDGE_UNROLL_L * GP_EDGE_WARPS) {
        float xv[GP_EDGE_UNROLL_L];
#pragma unroll
        for (int u = 0; u < GP_EDGE_UNROLL_L; u++) {
            const int64_t q = kk + u * GP_EDGE_WARPS;
            xv[u] = in && q < k1 ? __ldg(x + q * e.xk) : 0.f;
        }
#pragma unroll
        for (int u = 0; u < GP_EDGE_UNROLL_L; u++) {
            const int64_t q = kk + u * GP_EDGE_WARPS;
            if (q < k1) {
                const float *y = e.Y + q * e.yk;
#pragma unroll
                for (int s = 0; s < SMAX; s++)
                    if (s < e.S) acc[s] += xv[u] * __ldg(y + s * e.ys); /* the same address in every lane */
            }
        }
    }
#pragma unroll
    for (int s = 0; s < SMAX; s++)
        if (s < e.S) red[w][s][lane] = acc[s];
    __syncthreads();
    const int s = w; /* warp s sums row s of the block's 32 columns */
    const bool holder = s < e.S && in;
    float v = 0.f;
    if (holder)
        for (int w2 = 0; w2 < GP_EDGE_WARPS; w2++) v += red[w2][s][lane];
    gp_sg_edge_finish(e, bx, by, holder, s, l, v);
}

/* X contiguous along k (xk == 1): a warp per l, its lanes along k; Y's k range staged in shared memory a tile at a
 * time (row stride SMAX + 1: lanes on consecutive k hit different banks). */
template <int SMAX>
__device__ __forceinline__ void gp_sg_edge_lanes_k(const gp_sg_edge &e, int64_t bx, int by, float *smem)
{
    float(*ys)[SMAX + 1] = reinterpret_cast<float(*)[SMAX + 1]>(smem); /* [GP_EDGE_KT][SMAX + 1] */
    const int lane = threadIdx.x % 32, w = threadIdx.x / 32;
    const int64_t l = bx * GP_EDGE_WARPS + w;
    const int64_t k0 = (int64_t)by * e.kchunk, k1 = k0 + e.kchunk < e.K ? k0 + e.kchunk : e.K;
    const bool in = l < e.L;
    const float *x = e.X + (in ? l : 0) * e.xl;
    float acc[SMAX];
#pragma unroll
    for (int s = 0; s < SMAX; s++) acc[s] = 0.f;
    for (int64_t t0 = k0; t0 < k1; t0 += GP_EDGE_KT) {
        const int kt = k1 - t0 < GP_EDGE_KT ? (int)(k1 - t0) : GP_EDGE_KT;
        /* the tile's X first (GP_EDGE_KT / 32 loads a lane), so that they are in flight with Y's staging */
        float xv[GP_EDGE_KT / 32];
#pragma unroll
        for (int u = 0; u < GP_EDGE_KT / 32; u++) {
            const int q = u * 32 + lane;
            xv[u] = in && q < kt ? __ldg(x + t0 + q) : 0.f;
        }
        __syncthreads(); /* the previous tile is used up */
        for (int i = threadIdx.x; i < kt * e.S; i += blockDim.x) {
            /* consecutive threads along whichever of s and k is contiguous in Y */
            const int s = e.ys == 1 ? i % e.S : i / kt, q = e.ys == 1 ? i / e.S : i % kt;
            ys[q][s] = __ldg(e.Y + s * e.ys + (t0 + q) * e.yk);
        }
        __syncthreads();
#pragma unroll
        for (int u = 0; u < GP_EDGE_KT / 32; u++) {
            const int q = u * 32 + lane;
            if (q < kt)
#pragma unroll
                for (int s = 0; s < SMAX; s++)
                    if (s < e.S) acc[s] += xv[u] * ys[q][s];
        }
    }
    float v = 0.f;
#pragma unroll
    for (int s = 0; s < SMAX; s++) {
        if (s < e.S) {
            float r = acc[s];
#pragma unroll
            for (int o = 16; o > 0; o /= 2) r += __shfl_xor_sync(0xffffffffu, r, o);
            if (lane == s) v = r;
        }
    }
    gp_sg_edge_finish(e, bx, by, lane < e.S && in, lane, l, v);
}

/* The layouts of X a kernel handles: along k (xk == 1), along l (xl == 1), or either, chosen per block at run time. */
enum { GP_EDGE_ALONG_K = 0, GP_EDGE_ALONG_L = 1, GP_EDGE_EITHER = 2 };

/* One block of one edge. A block past the edge's ksplit ranges has nothing to do (a launch's grid.y is the larger of
 * its edges'). */
template <int SMAX, int LAYOUT>
__device__ __forceinline__ void gp_sg_edge_block(const gp_sg_edge &e, int64_t bx, float *smem)
{
    const int by = (int)blockIdx.y;
    if (by >= e.ksplit) return;
    if (LAYOUT == GP_EDGE_ALONG_L || (LAYOUT == GP_EDGE_EITHER && e.xl == 1)) gp_sg_edge_lanes_l<SMAX>(e, bx, by, smem);
    else gp_sg_edge_lanes_k<SMAX>(e, bx, by, smem);
}

/* Blocks per SM the kernel is built for: 3 for one row or column (40 registers: the lanes-along-l body alone takes 39,
 * both bodies in one kernel took 60 and 2 blocks per SM, and the 1 x 2047 x 2051 edge's 320 blocks then ran in two
 * waves), 2 for two (at 40 both bodies spilled), else 1 (85-120 registers). */
template <int SMAX> struct gp_sg_edge_occupancy { static constexpr int BLOCKS = SMAX <= 1 ? 3 : SMAX <= 2 ? 2 : 1; };

/* Blocks x < g.x0 take edge e0, the others e1. Two edges of different layouts: LAYOUT EITHER (bodies picked at run time;
 * with both picked at compile time, the kernel spilled at 40 registers). */
template <int SMAX, int LAYOUT>
__global__ void __launch_bounds__(32 * GP_EDGE_WARPS, gp_sg_edge_occupancy<SMAX>::BLOCKS) gp_sg_edges_kernel(gp_sg_edges g)
{
    __shared__ float smem[gp_sg_edge_smem<SMAX>::FLOATS];
    /* each edge its own inlined body: selecting the struct at run time would copy the parameter to local memory */
    if ((int64_t)blockIdx.x < g.x0) gp_sg_edge_block<SMAX, LAYOUT>(g.e0, blockIdx.x, smem);
    else gp_sg_edge_block<SMAX, LAYOUT>(g.e1, blockIdx.x - g.x0, smem);
}

/* Block columns (grid.x) of an edge. */
static int64_t gp_sg_edge_groups(const gp_sg_edge *e)
{
    return e->S <= 0 ? 0 : e->xl == 1 ? gp_ceil_div(e->L, 32) : gp_ceil_div(e->L, GP_EDGE_WARPS);
}

/* The k ranges of an edge that reads `share` of the two edges' bytes: its share of GP_EDGE_BLOCKS blocks per SM, every
 * range at least GP_EDGE_MIN_K long (then at most a quarter more where that makes each one trip). At 1025^3: 5 ranges
 * for the last row and 3 for the last column (357 blocks, one wave of 3 per SM): 10.8 us. Each edge aiming at 2 blocks
 * per SM of its own (5 and 5 ranges, 485 blocks) took 1025^3 from 0.925x to 0.902x cublasSgemm, and a single edge's
 * share of a whole wave (1 x 2048 x 2048 in 6 ranges, not 5) made 2049x2048x2048 1% slower
 * (results/h100-2026-11-25b/call2). */
static int64_t gp_sg_edge_ksplit(const gp_device_info *dev, const gp_sg_edge *e, double share)
{
    const int64_t sms = dev && dev->sm_count > 0 ? dev->sm_count : 132;
    const int64_t groups = gp_sg_edge_groups(e), kmax = e->K / GP_EDGE_MIN_K;
    const int64_t want = (int64_t)(share * (double)(GP_EDGE_BLOCKS * sms) + 0.5);
    int64_t ksplit = groups > 0 ? gp_ceil_div(want, groups) : 1;
    if (ksplit > kmax) ksplit = kmax;
#if GP_EDGE_WHOLE_TRIPS
    /* up to a quarter more ranges where that makes each one trip of GP_EDGE_TRIP_K: 1025 = 4 x 256 + 1 in 4 ranges of
     * 257 takes two trips (the second for one k), in 5 ranges of 205 one */
    const int64_t one_trip = gp_ceil_div(e->K, GP_EDGE_TRIP_K); /* ranges of at most one trip each */
    if (ksplit >= 1 && gp_ceil_div(e->K, ksplit) > GP_EDGE_TRIP_K && one_trip <= ksplit + (ksplit + 3) / 4)
        ksplit = one_trip;
#endif
    if (ksplit > 65535) ksplit = 65535;
    return ksplit < 1 ? 1 : ksplit;
}

/* Bytes of workspace an edge's counters (first) and partials take with ksplit ranges. */
static size_t gp_sg_edge_counts_bytes(const gp_sg_edge *e) { return (size_t)gp_sg_edge_groups(e) * sizeof(unsigned); }
static size_t gp_sg_edge_partial_bytes(const gp_sg_edge *e, int64_t ksplit)
{
    return ksplit > 1 ? ((size_t)ksplit * (size_t)e->S * (size_t)e->L * sizeof(float) + 255) / 256 * 256 : 0;
}

/* Blocks per SM of the kernel for edges of at most smax rows or columns. */
static int gp_sg_edge_blocks_per_sm(int smax)
{
    return smax <= 1 ? gp_sg_edge_occupancy<1>::BLOCKS : smax <= 2 ? gp_sg_edge_occupancy<2>::BLOCKS
                                                       : gp_sg_edge_occupancy<16>::BLOCKS;
}

/* The k ranges of edges a and b (S of 0: none), whether they share one launch (*fused), and the workspace bytes their
 * counters take (first, both edges', one memset; 0 where no edge has more than one range). Two edges share a launch
 * where their blocks, each edge aiming at its share of the bytes, fit in one wave: at 1025^3 that saves a launch and a
 * memset (16.7 us of edges in two launches, 10.8 in one, ncu). Larger ones run apart, each aiming at GP_EDGE_BLOCKS
 * blocks per SM with its own kernel: at 4097^3 the two in one launch (899 blocks, 2.3 waves) took 76 us against 65
 * apart (results/h100-2026-11-25b/call3). */
static size_t gp_sg_edges_plan(const gp_device_info *dev, const gp_sg_edge *a, const gp_sg_edge *b, size_t ws_bytes,
                               int64_t ks[2], int *fused)
{
    const int64_t sms = dev && dev->sm_count > 0 ? dev->sm_count : 132;
    const gp_sg_edge *e[2] = {a, b};
    size_t counts = 0, bytes;
    /* each edge's share of the bytes of X the two read */
    const double bytes_a = a->S > 0 ? (double)a->L * (double)a->K : 0.;
    const double bytes_b = b->S > 0 ? (double)b->L * (double)b->K : 0.;
    for (int i = 0; i < 2; i++) {
        ks[i] = gp_sg_edge_ksplit(dev, e[i], bytes_a + bytes_b > 0. ? (i ? bytes_b : bytes_a) / (bytes_a + bytes_b) : 0.);
        counts += gp_sg_edge_counts_bytes(e[i]);
    }
    *fused = a->S > 0 && b->S > 0 &&
             gp_sg_edge_groups(a) * ks[0] + gp_sg_edge_groups(b) * ks[1] <=
                 gp_sg_edge_blocks_per_sm(a->S > b->S ? a->S : b->S) * sms;
    if (!*fused)
        for (int i = 0; i < 2; i++) ks[i] = gp_sg_edge_ksplit(dev, e[i], 1.);
    counts = (counts + 255) / 256 * 256;
    /* fewer ranges (the edge with more partials first) until the partials fit */
    for (;;) {
        bytes = counts + gp_sg_edge_partial_bytes(a, ks[0]) + gp_sg_edge_partial_bytes(b, ks[1]);
        if (bytes <= ws_bytes || (ks[0] == 1 && ks[1] == 1)) break;
        const int first = ks[1] == 1 || (ks[0] > 1 && ks[0] * a->S * a->L >= ks[1] * b->S * b->L);
        ks[first ? 0 : 1]--;
    }
    for (int i = 0; i < 2; i++) { /* the ranges as the kernel cuts them (whole kchunk each, the last shorter) */
        const int64_t kchunk = e[i]->K > 0 ? gp_ceil_div(e[i]->K, ks[i]) : 1;
        ks[i] = e[i]->S > 0 ? gp_ceil_div(e[i]->K, kchunk) : 0;
    }
    return ks[0] > 1 || ks[1] > 1 ? counts : 0;
}

/* One launch of g's edges (blocks x < g.x0 e0, the rest e1), by the layouts of their X. */
template <int SMAX> static void gp_sg_edges_go(dim3 grid, cudaStream_t st, const gp_sg_edges &g, int layout)
{
    if (layout == GP_EDGE_ALONG_L) gp_sg_edges_kernel<SMAX, GP_EDGE_ALONG_L><<<grid, 32 * GP_EDGE_WARPS, 0, st>>>(g);
    else if (layout == GP_EDGE_ALONG_K) gp_sg_edges_kernel<SMAX, GP_EDGE_ALONG_K><<<grid, 32 * GP_EDGE_WARPS, 0, st>>>(g);
    else gp_sg_edges_kernel<SMAX, GP_EDGE_EITHER><<<grid, 32 * GP_EDGE_WARPS, 0, st>>>(g);
}

static gp_status gp_sg_edges_go_launch(cudaStream_t st, const gp_sg_edge &e0, const gp_sg_edge &e1)
{
    gp_sg_edges g;
    g.e0 = e0;
    g.e1 = e1;
    g.x0 = gp_sg_edge_groups(&e0);
    const int64_t gx = g.x0 + gp_sg_edge_groups(&e1), gy = e0.ksplit > e1.ksplit ? e0.ksplit : e1.ksplit;
    const int smax = e0.S > e1.S ? e0.S : e1.S;
    const int l0 = e0.S > 0 ? e0.xl == 1 : e1.xl == 1, l1 = e1.S > 0 ? e1.xl == 1 : l0; /* 1: along l */
    const int layout = l0 == l1 ? l0 : GP_EDGE_EITHER;
    if (gx <= 0) return GP_SUCCESS;
    if (gx > 0x7fffffff) return GP_ERROR_INVALID_VALUE;
    const dim3 grid((unsigned)gx, (unsigned)gy);
    /* the accumulators: S rounded up to a power of two */
    if (smax <= 1) gp_sg_edges_go<1>(grid, st, g, layout);
    else if (smax <= 2) gp_sg_edges_go<2>(grid, st, g, layout);
    else if (smax <= 4) gp_sg_edges_go<4>(grid, st, g, layout);
    else if (smax <= 8) gp_sg_edges_go<8>(grid, st, g, layout);
    else gp_sg_edges_go<16>(grid, st, g, layout);
    return gp__launch_status();
}

/* Launches edges a and b (S of 0: none; 1..GP_EDGE_S rows or columns of L, over K): in one kernel where
 * gp_sg_edges_plan says so, else one after the other. ws: workspace for the counters and the partials. */
static gp_status gp_sg_edges_launch(const gp_device_info *dev, cudaStream_t st, gp_sg_edge a, gp_sg_edge b, void *ws,
                                    size_t ws_bytes)
{
    gp_sg_edge *e[2] = {&a, &b};
    gp_sg_edge none;
    int64_t ks[2];
    int fused;
    const size_t counts = gp_sg_edges_plan(dev, &a, &b, ws_bytes, ks, &fused);
    char *p = (char *)ws + counts;
    for (int i = 0; i < 2; i++) {
        e[i]->kchunk = e[i]->K > 0 ? gp_ceil_div(e[i]->K, ks[i] > 0 ? ks[i] : 1) : 1;
        e[i]->ksplit = (int)ks[i];
        e[i]->count = e[i]->ksplit > 1 ? (unsigned *)ws + (i ? gp_sg_edge_groups(&a) : 0) : NULL;
        e[i]->partial = e[i]->ksplit > 1 ? (float *)p : NULL;
        p += gp_sg_edge_partial_bytes(e[i], e[i]->ksplit);
    }
    if (counts > 0 && cudaMemsetAsync(ws, 0, counts, st) != cudaSuccess) return GP_ERROR_CUDA;
    if (fused) return gp_sg_edges_go_launch(st, a, b);
    memset(&none, 0, sizeof none);
    GP_TRY(gp_sg_edges_go_launch(st, a, none));
    return gp_sg_edges_go_launch(st, b, none);
}

/* The edges of C = alpha op(A) op(B) + beta C around the main product's rows [0, m0) and columns [0, n0): r, the last
 * m - m0 rows (all n columns); c, the last n - n0 columns of the first m0 rows (S of 0: none). */
static void gp_sg_edges_of(const gp_sgemm_args *p, int64_t m0, int64_t n0, gp_sg_edge *rp, gp_sg_edge *cp)
{
    gp_sg_edge r, c;
    memset(&r, 0, sizeof r);
    r.K = p->k;
    r.alpha = p->alpha;
    r.beta = p->beta;
    r.xl = 1;
    c = r;
    if (m0 < p->m) { /* X = op(B) along its columns, Y = op(A)'s rows m0.. */
        r.X = p->B;
        r.xl = p->tb ? p->ldb : 1;
        r.xk = p->tb ? 1 : p->ldb;
        r.Y = p->ta ? p->A + m0 : p->A + m0 * p->lda;
        r.ys = p->ta ? 1 : p->lda;
        r.yk = p->ta ? p->lda : 1;
        r.C = p->C + m0 * p->ldc;
        r.cs = p->ldc;
        r.cl = 1;
        r.L = p->n;
        r.S = (int)(p->m - m0);
    }
    if (n0 < p->n && m0 > 0) { /* X = op(A) along its rows 0..m0, Y = op(B)'s columns n0.. */
        c.X = p->A;
        c.xl = p->ta ? 1 : p->lda;
        c.xk = p->ta ? p->lda : 1;
        c.Y = p->tb ? p->B + n0 * p->ldb : p->B + n0;
        c.ys = p->tb ? p->ldb : 1;
        c.yk = p->tb ? 1 : p->ldb;
        c.C = p->C + n0;
        c.cs = 1;
        c.cl = p->ldc;
        c.L = m0;
        c.S = (int)(p->n - n0);
    }
    *rp = r;
    *cp = c;
}

/* Both edges of the call: in one launch where their blocks fit one wave, else one after the other (gp_sg_edges_plan). */
static gp_status gp_sg_edges_run(const gp_device_info *dev, cudaStream_t st, const gp_sgemm_args *p, int64_t m0, int64_t n0,
                                 void *ws, size_t ws_bytes)
{
    gp_sg_edge r, c;
    gp_sg_edges_of(p, m0, n0, &r, &c);
    return gp_sg_edges_launch(dev, st, r, c, ws, ws_bytes);
}

#endif
