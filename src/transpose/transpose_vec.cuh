// transpose_vec.cuh — the 16-byte tile transposition shared by rungs 4 and 5 (see 04_vec.cu for the design):
// one TILE x TILE tile (64 x 64 f32, 32 x 32 f64) per call by a block of 256 threads, whole tiles only.
#ifndef GP_TRANSPOSE_VEC_CUH
#define GP_TRANSPOSE_VEC_CUH
#include "transpose_grid.cuh"
#include "transpose_internal.h"

#define TR_CHUNKS 16 /* 16-byte chunks per tile row: the tile is TR_CHUNKS * (16 / sizeof(T)) elements wide */

template <typename T> struct gp_vec16;
template <> struct gp_vec16<float> { typedef float4 type; };
template <> struct gp_vec16<double> { typedef double2 type; };

__device__ __forceinline__ float vget(const float4 &v, int l) { return l == 0 ? v.x : l == 1 ? v.y : l == 2 ? v.z : v.w; }
__device__ __forceinline__ double vget(const double2 &v, int l) { return l == 0 ? v.x : v.y; }
__device__ __forceinline__ void vset(float4 &v, int l, float x)
{
    if (l == 0) v.x = x; else if (l == 1) v.y = x; else if (l == 2) v.z = x; else v.w = x;
}
__device__ __forceinline__ void vset(double2 &v, int l, double x)
{
    if (l == 0) v.x = x; else v.y = x;
}

/* A plain (weak, write-back) 16-byte global store, in PTX so that it stays one STG.E.128: nvcc split a
 * float4 assignment into four 4-byte stores in an earlier version of this kernel. */
__device__ __forceinline__ void st_global16(float *p, const float4 &v)
{
    asm volatile("st.global.v4.f32 [%0], {%1, %2, %3, %4};" ::"l"(p), "f"(v.x), "f"(v.y), "f"(v.z), "f"(v.w) : "memory");
}
__device__ __forceinline__ void st_global16(double *p, const double2 &v)
{
    asm volatile("st.global.v2.f64 [%0], {%1, %2};" ::"l"(p), "d"(v.x), "d"(v.y) : "memory");
}

template <typename T> struct gp_vec_tile {
    typedef typename gp_vec16<T>::type V;
    static constexpr int VE = 16 / sizeof(T);             /* elements per 16-byte chunk: 4 (f32) or 2 (f64) */
    static constexpr int TILE = TR_CHUNKS * VE;           /* tile edge in elements: 64 (f32) or 32 (f64) */
    static constexpr int ROWS_PER_PASS = 256 / TR_CHUNKS; /* 16 output rows per pass of the block */
    static constexpr int PASSES = TILE / ROWS_PER_PASS;   /* 4 (f32) or 2 (f64) */
};

/* Thread (mi, mj) = (tid / TR_CHUNKS, tid % TR_CHUNKS) holds in a[k] the VE elements of tile row VE*mi + k,
 * columns VE*mj..VE*mj+VE-1 (its micro-block). Transposes the micro-block in registers and stores it in s:
 * output row VE*mj + l is element l of a[0..VE-1]; s[row][chunk] with the chunk index XOR-swizzled by
 * (row / VE) & 7 (see 04_vec.cu). */
template <typename T>
__device__ __forceinline__ void gp_vec_stage_microblock(const typename gp_vec16<T>::type (&a)[16 / sizeof(T)],
                                                        typename gp_vec16<T>::type (*s)[TR_CHUNKS])
{
    typedef typename gp_vec16<T>::type V;
    constexpr int VE = 16 / sizeof(T);
    const int mi = threadIdx.x / TR_CHUNKS, mj = threadIdx.x % TR_CHUNKS;
#pragma unroll
    for (int l = 0; l < VE; l++) {
        V b;
#pragma unroll
        for (int k = 0; k < VE; k++) vset(b, k, vget(a[k], l));
        s[VE * mj + l][mi ^ (mj & 7)] = b; /* swizzle: (row / VE) & 7 == mj & 7 */
    }
}

/* Transposes the whole tile at (r0, c0) of in into out through s (the block's TILE x TR_CHUNKS shared
 * array: s[input column][chunk of VE input rows], chunk index swizzled). blockDim.x == 256. Ends with a
 * barrier, so the caller may start the next tile at once. */
template <typename T>
__device__ __forceinline__ void gp_transpose_vec_tile(const T *__restrict__ in, int64_t ld_in, T *__restrict__ out,
                                                      int64_t ld_out, int64_t r0, int64_t c0,
                                                      typename gp_vec16<T>::type (*s)[TR_CHUNKS])
{
    typedef gp_vec_tile<T> G;
    typedef typename G::V V;
    constexpr int VE = G::VE;
    const int tid = threadIdx.x;
    const int mi = tid / TR_CHUNKS, mj = tid % TR_CHUNKS;   /* micro-block: rows VE*mi.., columns VE*mj.. */
    const int q = tid % TR_CHUNKS, orow0 = tid / TR_CHUNKS; /* write side: chunk q of output row orow0 + 16p */
    const T *src = in + (r0 + VE * mi) * ld_in + c0 + VE * mj;
    V a[VE];
#pragma unroll
    for (int k = 0; k < VE; k++) a[k] = *reinterpret_cast<const V *>(src + k * ld_in);
    gp_vec_stage_microblock<T>(a, s);
    __syncthreads();
    T *dst = out + (c0 + orow0) * ld_out + r0 + VE * q;
#pragma unroll
    for (int p = 0; p < G::PASSES; p++) {
        const int orow = p * G::ROWS_PER_PASS + orow0;
        st_global16(dst + (int64_t)p * G::ROWS_PER_PASS * ld_out, s[orow][q ^ ((orow / VE) & 7)]);
    }
    __syncthreads(); /* s is rewritten by the next tile */
}

/* Rung 3 transposes the strips that whole tiles leave: columns [full_cols, cols) of every row, then rows
 * [full_rows, rows) of columns [0, full_cols). */
static inline gp_status gp_transpose_vec_edges(const gp_device_info *dev, cudaStream_t s, int elem_bytes,
                                               int64_t rows, int64_t cols, int64_t full_rows, int64_t full_cols,
                                               const void *in, int64_t ld_in, void *out, int64_t ld_out)
{
    const char *a = (const char *)in;
    char *b = (char *)out;
    if (full_cols < cols)
        GP_TRY(gp__transpose_r03_padded(dev, s, elem_bytes, rows, cols - full_cols, a + full_cols * elem_bytes, ld_in,
                                        b + full_cols * ld_out * elem_bytes, ld_out));
    if (full_rows < rows && full_cols > 0)
        GP_TRY(gp__transpose_r03_padded(dev, s, elem_bytes, rows - full_rows, full_cols,
                                        a + full_rows * ld_in * elem_bytes, ld_in, b + full_rows * elem_bytes, ld_out));
    return GP_SUCCESS;
}

#endif
