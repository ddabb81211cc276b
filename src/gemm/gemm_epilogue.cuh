/* gemm_epilogue.cuh — C = alpha * acc + beta * C for the tensor-core gemm rungs: C in f32 or in the input
 * type (bf16/f16, rounded to nearest even from the f32 result), C read only when beta != 0, only the m x n
 * window written, and the block-tile order (grouped rasterisation).
 *
 * mma.sync leaves each thread two adjacent columns of a row (c0, c1 at row g, columns 2t, 2t+1; c2, c3
 * eight rows below), so C is written in pairs: one 8-byte (f32) or 4-byte (16-bit) store where C allows it
 * (vec_c and both columns inside), else element by element. A warp's store then covers 8 rows x 32 bytes:
 * every 32-byte sector it touches is written whole. */
#ifndef GP_GEMM_EPILOGUE_CUH
#define GP_GEMM_EPILOGUE_CUH
#include "gemm_types.cuh"

/* C[i][j] and C[i][j+1] from acc values v0, v1 (j + 1 may be outside: then only C[i][j]). The old C is
 * loaded only when beta != 0 (a predicated load), so beta == 0 never reads C. */
template <class TT>
__device__ __forceinline__ void gp_gemm_store2(const gp_gemm_args &p, int64_t i, int64_t j, float v0, float v1)
{
    if (i >= p.m || j >= p.n) return;
    const bool two = j + 1 < p.n, rd = p.beta != 0.f;
    v0 *= p.alpha;
    v1 *= p.alpha;
    if (TT::TF32 || p.c_type == GP_DTYPE_F32) {
        float *c = (float *)p.C + i * p.ldc + j;
        if (two && p.vec_c) {
            if (rd) {
                const float2 o = *reinterpret_cast<const float2 *>(c);
                v0 = fmaf(p.beta, o.x, v0);
                v1 = fmaf(p.beta, o.y, v1);
            }
            *reinterpret_cast<float2 *>(c) = make_float2(v0, v1);
        } else {
            c[0] = rd ? fmaf(p.beta, c[0], v0) : v0;
            if (two) c[1] = rd ? fmaf(p.beta, c[1], v1) : v1;
        }
    } else {
        uint16_t *c = (uint16_t *)p.C + i * p.ldc + j;
        if (two && p.vec_c) {
            if (rd) {
                const uint32_t o = *reinterpret_cast<const uint32_t *>(c);
                v0 = fmaf(p.beta, TT::to_f32((uint16_t)(o & 0xffffu)), v0);
                v1 = fmaf(p.beta, TT::to_f32((uint16_t)(o >> 16)), v1);
            }
            *reinterpret_cast<uint32_t *>(c) = TT::pack2(v0, v1);
        } else {
            c[0] = TT::from_f32(rd ? fmaf(p.beta, TT::to_f32(c[0]), v0) : v0);
            if (two) c[1] = TT::from_f32(rd ? fmaf(p.beta, TT::to_f32(c[1]), v1) : v1);
        }
    }
}

/* A warp's mma.sync accumulators acc[MI][NI][4] for its tile at (i0, j0) of C, straight from registers. */
template <class TT, int MI, int NI>
__device__ __forceinline__ void gp_gemm_store_acc(const gp_gemm_args &p, const float (&acc)[MI][NI][4], int64_t i0,
                                                  int64_t j0, int lane)
{
    const int g = lane >> 2, t = lane & 3;
#pragma unroll
    for (int mi = 0; mi < MI; mi++)
#pragma unroll
        for (int h = 0; h < 2; h++) {
            const int64_t i = i0 + mi * 16 + g + 8 * h;
            if (i >= p.m) continue;
#pragma unroll
            for (int ni = 0; ni < NI; ni++)
                gp_gemm_store2<TT>(p, i, j0 + ni * 8 + 2 * t, acc[mi][ni][2 * h], acc[mi][ni][2 * h + 1]);
        }
}

/* Staged epilogue (rung 03): the block's accumulators go to shared memory as an f32 BM x BN tile (row pitch
 * BN + 8 floats: a warp's 8-byte writes of 8 rows x 4 column pairs fill all 32 banks per half-warp), and
 * are then written to C along rows, 4 elements per thread: one 16-byte (f32) or 8-byte (16-bit) store per
 * thread where C allows it, so a warp writes whole 128-byte lines; a rolled loop, a few instructions. */
template <int BN>
struct gp_gemm_stage {
    static constexpr int PITCH = BN + 8; /* floats */
};

template <int BN, int MI, int NI>
__host__ __device__ __forceinline__ void gp_gemm_stage_acc(float *st, const float (&acc)[MI][NI][4], int wm0, int wn0, int lane)
{
    const int g = lane >> 2, t = lane & 3;
    constexpr int P = gp_gemm_stage<BN>::PITCH;
#pragma unroll
    for (int mi = 0; mi < MI; mi++)
#pragma unroll
        for (int h = 0; h < 2; h++)
#pragma unroll
            for (int ni = 0; ni < NI; ni++)
                *reinterpret_cast<float2 *>(st + (wm0 + mi * 16 + g + 8 * h) * P + wn0 + ni * 8 + 2 * t) =
                    make_float2(acc[mi][ni][2 * h], acc[mi][ni][2 * h + 1]);
}

/* C[i][j .. j+3] (the part inside C) = alpha * v + beta * C. */
template <class TT>
__host__ __device__ __forceinline__ void gp_gemm_store4(const gp_gemm_args &p, int64_t i, int64_t j, float4 v)
{
    const bool rd = p.beta != 0.f;
    v.x *= p.alpha;
    v.y *= p.alpha;
    v.z *= p.alpha;
    v.w *= p.alpha;
    if (p.vec_c && j + 3 < p.n) {
        if (TT::TF32 || p.c_type == GP_DTYPE_F32) {
            float4 *c = reinterpret_cast<float4 *>((float *)p.C + i * p.ldc + j);
            if (rd) {
                const float4 o = *c;
                v = make_float4(fmaf(p.beta, o.x, v.x), fmaf(p.beta, o.y, v.y), fmaf(p.beta, o.z, v.z), fmaf(p.beta, o.w, v.w));
            }
            *c = v;
        } else {
            uint2 *c = reinterpret_cast<uint2 *>((uint16_t *)p.C + i * p.ldc + j);
            if (rd) {
                const uint2 o = *c;
                v = make_float4(fmaf(p.beta, TT::to_f32((uint16_t)(o.x & 0xffffu)), v.x),
                                fmaf(p.beta, TT::to_f32((uint16_t)(o.x >> 16)), v.y),
                                fmaf(p.beta, TT::to_f32((uint16_t)(o.y & 0xffffu)), v.z),
                                fmaf(p.beta, TT::to_f32((uint16_t)(o.y >> 16)), v.w));
            }
            *c = make_uint2(TT::pack2(v.x, v.y), TT::pack2(v.z, v.w));
        }
    } else {
        const float e[4] = {v.x, v.y, v.z, v.w};
#pragma unroll
        for (int q = 0; q < 4; q++) {
            if (j + q >= p.n) break;
            if (TT::TF32 || p.c_type == GP_DTYPE_F32) {
                float *c = (float *)p.C + i * p.ldc + j + q;
                *c = rd ? fmaf(p.beta, *c, e[q]) : e[q];
            } else {
                uint16_t *c = (uint16_t *)p.C + i * p.ldc + j + q;
                *c = TT::from_f32(rd ? fmaf(p.beta, TT::to_f32(*c), e[q]) : e[q]);
            }
        }
    }
}

/* Writes the staged BM x BN tile at (i0, j0) of C; thread tid of NT. */
template <class TT, int BM, int BN, int NT>
__host__ __device__ __forceinline__ void gp_gemm_write_tile(const gp_gemm_args &p, const float *st, int64_t i0, int64_t j0,
                                                            int tid)
{
    constexpr int P = gp_gemm_stage<BN>::PITCH, Q = BN / 4; /* float4 per row */
#pragma unroll 2
    for (int idx = tid; idx < BM * Q; idx += NT) {
        const int r = idx / Q, c = (idx % Q) * 4;
        const int64_t i = i0 + r, j = j0 + c;
        if (i < p.m && j < p.n) gp_gemm_store4<TT>(p, i, j, *reinterpret_cast<const float4 *>(st + r * P + c));
    }
}

/* The block's tile (tm, tn) from its linear index b. group_m > 1: tiles are visited in groups of group_m
 * tile rows, column by column inside a group, so the blocks resident at the same time read a few rows of A
 * and columns of B, which stay in L2 (instead of a whole row of B tiles per row of A tiles). */
__device__ __forceinline__ void gp_gemm_tile_of(int64_t b, int64_t tiles_m, int64_t tiles_n, int group_m, int64_t *tm,
                                                int64_t *tn)
{
    if (group_m > 1) {
        const int64_t per_group = (int64_t)group_m * tiles_n, first = (b / per_group) * group_m;
        const int64_t gm = tiles_m - first < group_m ? tiles_m - first : group_m, r = b % per_group;
        *tm = first + r % gm;
        *tn = r / gm;
    } else {
        *tm = b / tiles_n;
        *tn = b % tiles_n;
    }
}

#endif
