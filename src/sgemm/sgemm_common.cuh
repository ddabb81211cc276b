/* sgemm_common.cuh — what every sgemm rung shares: element access with the transposes, the tile loaders
 * into shared memory (scalar and float4, both zero-filling outside the matrix), and the epilogue
 * C = alpha * acc + beta * C that never reads C when beta == 0.
 *
 * Shared-memory tiles are k-major for both operands: As[kk][i] = op(A)[i0 + i][k0 + kk] and
 * Bs[kk][j] = op(B)[k0 + kk][j0 + j], so a thread reads a run of consecutive i (or j) for one kk.
 * Seen that way each operand is a K x X matrix X(kk, x) stored either "direct" (X(kk, x) = P[kk*ld + x],
 * contiguous along x: A transposed, B as stored) or "across" (X(kk, x) = P[x*ld + kk], contiguous along kk:
 * A as stored, B transposed). The loaders take that flag, so one loader serves every transpose. */
#ifndef GP_SGEMM_COMMON_CUH
#define GP_SGEMM_COMMON_CUH
#include "../common/util.cuh"
#include "sgemm_internal.h"

/* The arguments of matrix z of a batch (or k-slice z of a split-k call): its A, B, C and its k. */
__device__ __forceinline__ gp_sgemm_args gp_sg_matrix(const gp_sgemm_args &p, int64_t z)
{
    gp_sgemm_args q = p;
    q.A += z * p.stride_a;
    q.B += z * p.stride_b;
    q.C += z * p.stride_c;
    if (p.kslice > 0) q.k = p.k - z * p.kslice < p.kslice ? p.k - z * p.kslice : p.kslice;
    return q;
}

/* One matrix's arguments as the one-matrix kernels of rungs 09-10 take them: gp_sgemm_args without the batch
 * and k-slice fields. Only the kernel's parameter block changes, not its code, yet with the whole gp_sgemm_args
 * as the parameter (from 45b4d6f on) ptxas scheduled rung 10's main loop differently: each k-step's six
 * fragment loads bunched ahead of its 128 FMAs instead of spread among them, and the 128x256 kernels ran 1-3%
 * slower (H100, results/h100-2026-11-24b/call2/sgab.txt: 4096^3 configuration 0 0.945x cuBLAS, 0.972x with
 * this parameter). */
struct gp_sg_one {
    GP_SGEMM_ONE_FIELDS
};
__host__ __device__ inline gp_sg_one gp_sg_one_of(const gp_sgemm_args &p)
{
    gp_sg_one q = {p.m, p.n, p.k, p.A, p.B, p.C, p.lda, p.ldb, p.ldc, p.alpha, p.beta, p.ta, p.tb, p.vec_a, p.vec_b, p.vec_c};
    return q;
}
/* The kernel parameter of a one-matrix (false) or a batched / k-sliced (true) launch, and the view of matrix z
 * a block works on. */
template <bool BATCHED> struct gp_sg_param { typedef gp_sgemm_args T; };
template <> struct gp_sg_param<false> { typedef gp_sg_one T; };
__device__ __forceinline__ const gp_sg_one &gp_sg_view(const gp_sg_one &p, int64_t) { return p; }
__device__ __forceinline__ gp_sg_one gp_sg_view(const gp_sgemm_args &p, int64_t z)
{
    return gp_sg_one_of(gp_sg_matrix(p, z));
}

/* op(A)[i][kk] and op(B)[kk][j], 0 outside the matrix (the generic path of the teaching rungs). */
__device__ __forceinline__ float gp_sg_a(const gp_sgemm_args &p, int64_t i, int64_t kk)
{
    if (i >= p.m || kk >= p.k) return 0.f;
    return p.ta ? p.A[kk * p.lda + i] : p.A[i * p.lda + kk];
}
__device__ __forceinline__ float gp_sg_b(const gp_sgemm_args &p, int64_t kk, int64_t j)
{
    if (kk >= p.k || j >= p.n) return 0.f;
    return p.tb ? p.B[j * p.ldb + kk] : p.B[kk * p.ldb + j];
}

/* C[i][j] = alpha * acc + beta * C[i][j]; C is read only when beta != 0. Guarded. */
template <typename P>
__device__ __forceinline__ void gp_sg_store(const P &p, int64_t i, int64_t j, float acc)
{
    if (i < p.m && j < p.n) {
        float *c = p.C + i * p.ldc + j;
        *c = p.beta == 0.f ? p.alpha * acc : fmaf(p.beta, *c, p.alpha * acc);
    }
}

/* Four consecutive elements C[i][j..j+3] of a row i < m: one 16-byte access when C allows it and all four are inside. */
template <typename P>
__device__ __forceinline__ void gp_sg_store4_row(const P &p, int64_t i, int64_t j, float4 v)
{
    if (p.vec_c && j + 3 < p.n) {
        float4 *c = reinterpret_cast<float4 *>(p.C + i * p.ldc + j);
        float4 o;
        if (p.beta == 0.f) {
            o = make_float4(p.alpha * v.x, p.alpha * v.y, p.alpha * v.z, p.alpha * v.w);
        } else {
            float4 old = *c;
            o = make_float4(fmaf(p.beta, old.x, p.alpha * v.x), fmaf(p.beta, old.y, p.alpha * v.y),
                            fmaf(p.beta, old.z, p.alpha * v.z), fmaf(p.beta, old.w, p.alpha * v.w));
        }
        *c = o;
    } else {
        gp_sg_store(p, i, j, v.x);
        gp_sg_store(p, i, j + 1, v.y);
        gp_sg_store(p, i, j + 2, v.z);
        gp_sg_store(p, i, j + 3, v.w);
    }
}

/* Four consecutive elements C[i][j..j+3], guarded. */
template <typename P>
__device__ __forceinline__ void gp_sg_store4(const P &p, int64_t i, int64_t j, float4 v)
{
    if (i >= p.m) return;
    gp_sg_store4_row(p, i, j, v);
}

/* Scalar tile load: S[kk*LDS + x] = X(k0 + kk, x0 + x) for kk < BK, x < W, zero outside K x X.
 * Consecutive threads take consecutive addresses in global memory for either layout (coalesced). */
template <int BK, int W, int LDS, int NT>
__device__ __forceinline__ void gp_sg_load_tile(float *S, const float *P, int64_t ld, bool direct, int64_t k0,
                                                int64_t x0, int64_t K, int64_t X, int tid)
{
#pragma unroll 1
    for (int idx = tid; idx < BK * W; idx += NT) {
        int kk, x;
        if (direct) { kk = idx / W; x = idx % W; }
        else        { x = idx / BK; kk = idx % BK; }
        int64_t gk = k0 + kk, gx = x0 + x;
        float v = 0.f;
        if (gk < K && gx < X) v = direct ? P[gk * ld + gx] : P[gx * ld + gk];
        S[kk * LDS + x] = v;
    }
}

/* float4 tile load (LDG.E.128): P 16-byte aligned, ld % 4 == 0, k0 and x0 multiples of 4. Vectors that
 * straddle the edge of the matrix are loaded element by element (zero outside). "direct" stores a float4
 * along x (one STS.128 when LDS % 4 == 0); "across" scatters the 4 values along kk. */
template <int BK, int W, int LDS, int NT>
__device__ __forceinline__ void gp_sg_load_tile4(float *S, const float *P, int64_t ld, bool direct, int64_t k0,
                                                 int64_t x0, int64_t K, int64_t X, int tid)
{
#pragma unroll
    for (int idx = tid; idx < BK * W / 4; idx += NT) {
        float4 v = make_float4(0.f, 0.f, 0.f, 0.f);
        if (direct) {
            int kk = idx / (W / 4), x = (idx % (W / 4)) * 4;
            int64_t gk = k0 + kk, gx = x0 + x;
            if (gk < K) {
                const float *q = P + gk * ld + gx;
                if (gx + 3 < X) v = *reinterpret_cast<const float4 *>(q);
                else {
                    if (gx < X) v.x = q[0];
                    if (gx + 1 < X) v.y = q[1];
                    if (gx + 2 < X) v.z = q[2];
                }
            }
            float *s = S + kk * LDS + x;
            if (LDS % 4 == 0) *reinterpret_cast<float4 *>(s) = v;
            else { s[0] = v.x; s[1] = v.y; s[2] = v.z; s[3] = v.w; }
        } else {
            int x = idx / (BK / 4), kk = (idx % (BK / 4)) * 4;
            int64_t gk = k0 + kk, gx = x0 + x;
            if (gx < X) {
                const float *q = P + gx * ld + gk;
                if (gk + 3 < K) v = *reinterpret_cast<const float4 *>(q);
                else {
                    if (gk < K) v.x = q[0];
                    if (gk + 1 < K) v.y = q[1];
                    if (gk + 2 < K) v.z = q[2];
                }
            }
            S[(kk + 0) * LDS + x] = v.x;
            S[(kk + 1) * LDS + x] = v.y;
            S[(kk + 2) * LDS + x] = v.z;
            S[(kk + 3) * LDS + x] = v.w;
        }
    }
}

/* The launchers of the 2-D-grid rungs: x over column tiles, y over row tiles (at most 65535), z over the
 * matrices of a batch (at most GP_SGEMM_MAX_GRID_BATCH). */
static inline gp_status gp_sg_grid2d(int64_t m, int64_t n, int bm, int bn, int64_t batch, dim3 *grid)
{
    int64_t gy = gp_ceil_div(m, bm), gx = gp_ceil_div(n, bn);
    if (gy > 65535 || gx > 0x7fffffff || batch > GP_SGEMM_MAX_GRID_BATCH) return GP_ERROR_NOT_SUPPORTED;
    *grid = dim3((unsigned)gx, (unsigned)gy, (unsigned)batch);
    return GP_SUCCESS;
}

#endif
