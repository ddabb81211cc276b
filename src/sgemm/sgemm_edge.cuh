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
 * timing) and writes C. */
#define GP_EDGE_S 16     /* rows or columns an edge has at most */
#define GP_EDGE_WARPS 16 /* warps of a lanes-along-l block (32 columns l, k shared out over the warps) */
#define GP_EDGE_ROWS 8   /* warps (one l each) of a lanes-along-k block */
#ifndef GP_EDGE_BLOCKS_L
#define GP_EDGE_BLOCKS_L 2 /* lanes-along-l blocks per SM the k ranges aim at */
#endif
#ifndef GP_EDGE_MIN_K_L
#define GP_EDGE_MIN_K_L 256 /* ... each range at least this long */
#endif
#ifndef GP_EDGE_KT
#define GP_EDGE_KT 256   /* k of Y staged in shared memory at a time by the lanes-along-k kernel */
#endif
#ifndef GP_EDGE_UNROLL_L
/* loads of X each lanes-along-l thread has in flight: 16 against 4 took the 1 x 2047 x 2051 edge from 26.3 to 13.6 us
 * and 1 x 1025 x 1025 from 11.7 to 8.5 (ncu, results/h100-2026-11-25/call8); 8 no faster than 4, 32 no faster than 16
 * (call9) */
#define GP_EDGE_UNROLL_L 16
#endif
#ifndef GP_EDGE_UNROLL_K
/* ... each lanes-along-k thread (at most GP_EDGE_KT / 32): 16 with GP_EDGE_KT 512 was 1% faster at 1024x1025x1025 and
 * 1% slower at 2048x2049x2048 (call9) */
#define GP_EDGE_UNROLL_K 4
#endif

struct gp_sg_edge {
    const float *X;
    int64_t xl, xk; /* X(l, kk) = X[l * xl + kk * xk]; xl == 1 or xk == 1 */
    const float *Y;
    int64_t ys, yk; /* Y(s, kk) = Y[s * ys + kk * yk] */
    float *C;
    int64_t cs, cl; /* C(s, l) = C[s * cs + l * cl] */
    int64_t L, K, kchunk;
    int S, ksplit;
    float alpha, beta;
    float *partial;  /* ksplit x S x L (ksplit > 1) */
    unsigned *count; /* one per block column (grid.x), zeroed before the launch */
};

/* The block's sum v for (s, l) (holder: this thread has one): with ksplit > 1 written to the partials, and the last
 * of the group's ksplit blocks adds them all in order; then C. Every thread of the block calls it. */
__device__ __forceinline__ void gp_sg_edge_finish(const gp_sg_edge &e, bool holder, int s, int64_t l, float v)
{
    __shared__ int last;
    if (e.ksplit > 1) {
        if (holder) e.partial[((int64_t)blockIdx.y * e.S + s) * e.L + l] = v;
        __threadfence();
        __syncthreads();
        if (threadIdx.x == 0) last = atomicAdd(&e.count[blockIdx.x], 1u) == (unsigned)e.ksplit - 1;
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

/* X contiguous along l (xl == 1): lanes take 32 consecutive l, the block's warps share out its k range. */
template <int SMAX>
__global__ void __launch_bounds__(32 * GP_EDGE_WARPS) gp_sg_edge_lanes_l(gp_sg_edge e)
{
    __shared__ float red[GP_EDGE_WARPS][SMAX][33];
    const int lane = threadIdx.x % 32, w = threadIdx.x / 32;
    const int64_t l = (int64_t)blockIdx.x * 32 + lane;
    const int64_t k0 = (int64_t)blockIdx.y * e.kchunk, k1 = k0 + e.kchunk < e.K ? k0 + e.kchunk : e.K;
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
    gp_sg_edge_finish(e, holder, s, l, v);
}

/* X contiguous along k (xk == 1): a warp per l, its lanes along k; Y's k range staged in shared memory a tile at a
 * time (row stride GP_EDGE_S + 1: lanes on consecutive k hit different banks). */
template <int SMAX>
__global__ void __launch_bounds__(32 * GP_EDGE_ROWS) gp_sg_edge_lanes_k(gp_sg_edge e)
{
    __shared__ float ys[GP_EDGE_KT][SMAX + 1];
    const int lane = threadIdx.x % 32, w = threadIdx.x / 32;
    const int64_t l = (int64_t)blockIdx.x * GP_EDGE_ROWS + w;
    const int64_t k0 = (int64_t)blockIdx.y * e.kchunk, k1 = k0 + e.kchunk < e.K ? k0 + e.kchunk : e.K;
    const bool in = l < e.L;
    const float *x = e.X + (in ? l : 0) * e.xl;
    float acc[SMAX];
#pragma unroll
    for (int s = 0; s < SMAX; s++) acc[s] = 0.f;
    for (int64_t t0 = k0; t0 < k1; t0 += GP_EDGE_KT) {
        const int kt = k1 - t0 < GP_EDGE_KT ? (int)(k1 - t0) : GP_EDGE_KT;
        __syncthreads(); /* the previous tile is used up */
        for (int i = threadIdx.x; i < kt * e.S; i += blockDim.x) {
            /* consecutive threads along whichever of s and k is contiguous in Y */
            const int s = e.ys == 1 ? i % e.S : i / kt, q = e.ys == 1 ? i / e.S : i % kt;
            ys[q][s] = __ldg(e.Y + s * e.ys + (t0 + q) * e.yk);
        }
        __syncthreads();
        if (in) {
            for (int q0 = 0; q0 < kt; q0 += GP_EDGE_UNROLL_K * 32) {
                float xv[GP_EDGE_UNROLL_K];
#pragma unroll
                for (int u = 0; u < GP_EDGE_UNROLL_K; u++) {
                    const int q = q0 + u * 32 + lane;
                    xv[u] = q < kt ? __ldg(x + t0 + q) : 0.f;
                }
#pragma unroll
                for (int u = 0; u < GP_EDGE_UNROLL_K; u++) {
                    const int q = q0 + u * 32 + lane;
                    if (q < kt)
#pragma unroll
                        for (int s = 0; s < SMAX; s++)
                            if (s < e.S) acc[s] += xv[u] * ys[q][s];
                }
            }
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
    gp_sg_edge_finish(e, lane < e.S && in, lane, l, v);
}

/* Launches one edge: S rows / columns (1..GP_EDGE_S) of L, over K. ws: workspace for the partials and counters. */
static gp_status gp_sg_edge_launch(const gp_device_info *dev, cudaStream_t st, gp_sg_edge e, void *ws, size_t ws_bytes)
{
    const int64_t sms = dev && dev->sm_count > 0 ? dev->sm_count : 132;
    const int along_l = e.xl == 1;
    const int64_t groups = along_l ? gp_ceil_div(e.L, 32) : gp_ceil_div(e.L, GP_EDGE_ROWS);
    /* ~2 blocks of 512 threads (along l) or 4 of 256 (along k) per SM; every range at least 256 k long */
    const int64_t want = (along_l ? GP_EDGE_BLOCKS_L : 4) * sms;
    int64_t ksplit = gp_ceil_div(want, groups), kmax = e.K / (along_l ? GP_EDGE_MIN_K_L : 256);
    if (ksplit > kmax) ksplit = kmax;
    if (ksplit > 65535) ksplit = 65535;
    while (ksplit > 1 && (size_t)ksplit * (size_t)e.S * (size_t)e.L * sizeof(float) + (size_t)groups * sizeof(unsigned) + 256 >
                             ws_bytes)
        ksplit--;
    if (ksplit < 1) ksplit = 1;
    e.kchunk = gp_ceil_div(e.K, ksplit);
    e.ksplit = (int)gp_ceil_div(e.K, e.kchunk);
    e.partial = NULL;
    e.count = NULL;
    if (e.ksplit > 1) {
        e.count = (unsigned *)ws;
        e.partial = (float *)((char *)ws + ((size_t)groups * sizeof(unsigned) + 255) / 256 * 256);
        if (cudaMemsetAsync(e.count, 0, (size_t)groups * sizeof(unsigned), st) != cudaSuccess) return GP_ERROR_CUDA;
    }
    if (groups > 0x7fffffff) return GP_ERROR_INVALID_VALUE;
    const dim3 grid((unsigned)groups, (unsigned)e.ksplit);
    /* the accumulators: S rounded up to a power of two */
#define GP_EDGE_GO(SM)                                                                                               \
    if (along_l) gp_sg_edge_lanes_l<SM><<<grid, 32 * GP_EDGE_WARPS, 0, st>>>(e);                                    \
    else gp_sg_edge_lanes_k<SM><<<grid, 32 * GP_EDGE_ROWS, 0, st>>>(e);
    if (e.S <= 1) { GP_EDGE_GO(1) }
    else if (e.S <= 2) { GP_EDGE_GO(2) }
    else if (e.S <= 4) { GP_EDGE_GO(4) }
    else if (e.S <= 8) { GP_EDGE_GO(8) }
    else { GP_EDGE_GO(16) }
#undef GP_EDGE_GO
    return gp__launch_status();
}

/* The last m - m0 rows of C (all n columns), and the last n - n0 columns of its first m0 rows. */
static gp_status gp_sg_edges_run(const gp_device_info *dev, cudaStream_t st, const gp_sgemm_args *p, int64_t m0, int64_t n0,
                           void *ws, size_t ws_bytes)
{
    gp_sg_edge e;
    memset(&e, 0, sizeof e);
    e.K = p->k;
    e.alpha = p->alpha;
    e.beta = p->beta;
    if (m0 < p->m) { /* X = op(B) along its columns, Y = op(A)'s rows m0.. */
        e.X = p->B;
        e.xl = p->tb ? p->ldb : 1;
        e.xk = p->tb ? 1 : p->ldb;
        e.Y = p->ta ? p->A + m0 : p->A + m0 * p->lda;
        e.ys = p->ta ? 1 : p->lda;
        e.yk = p->ta ? p->lda : 1;
        e.C = p->C + m0 * p->ldc;
        e.cs = p->ldc;
        e.cl = 1;
        e.L = p->n;
        e.S = (int)(p->m - m0);
        GP_TRY(gp_sg_edge_launch(dev, st, e, ws, ws_bytes));
    }
    if (n0 < p->n && m0 > 0) { /* X = op(A) along its rows 0..m0, Y = op(B)'s columns n0.. */
        e.X = p->A;
        e.xl = p->ta ? 1 : p->lda;
        e.xk = p->ta ? p->lda : 1;
        e.Y = p->tb ? p->B + n0 * p->ldb : p->B + n0;
        e.ys = p->tb ? p->ldb : 1;
        e.yk = p->tb ? 1 : p->ldb;
        e.C = p->C + n0;
        e.cs = 1;
        e.cl = p->ldc;
        e.L = m0;
        e.S = (int)(p->n - n0);
        GP_TRY(gp_sg_edge_launch(dev, st, e, ws, ws_bytes));
    }
    return GP_SUCCESS;
}

#endif
