// 04_vec.cu — transpose rung 4: 64x64 tiles (f32; 32x32 for f64) moved in 16-byte pieces.
// Over rung 3: each of the 256 threads owns a 4x4 micro-block of the tile (2x2 for f64). It reads the
// micro-block's 4 rows with 4 independent 16-byte loads (LDG.E.128; a half-warp reads one 256-byte row
// segment), transposes it in registers, and stores its 4 output rows into shared memory with 4 STS.128;
// after the barrier each thread reads one 16-byte chunk of an output row (LDS.128) and writes it with one
// STG.E.128 (a half-warp writes 256 contiguous bytes). A thread moves its 16 elements with 4+4+4+4
// memory instructions where rung 3 needs 16+16+16+16, and keeps 64 bytes of loads in flight instead of 16,
// so fewer resident warps cover DRAM latency (Little's law: ~2 MB in flight for ~3 TB/s). Shared memory holds the transposed tile as [64 rows][16 chunks] of 16 bytes (16 KB), the
// chunk index XOR-swizzled with (row / 4) mod 8: the 8 lanes of each quarter-warp (one 16-byte access
// phase) then hit 8 different 16-byte bank groups, on the store and on the load, so no conflicts and no
// padding. Global bytes: 2 * rows * cols * sizeof(T), as rung 3; predicted: at or near the copy rate.
// The kernel does whole tiles only, with no bounds checks; the strips along the right and bottom edges
// (fewer than 64 columns/rows) are transposed by rung 3's kernel in up to two more launches. The 16-byte
// path needs 16-byte aligned bases and leading dimensions that are multiples of 16 bytes; the dispatcher
// sends anything else to rung 3.
// H100: not yet measured
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

/* A plain (weak, write-back) 16-byte global store. Written in PTX because the compiler splits a float4
 * assignment into four 4-byte stores here once the vector has been taken apart for the edge path. */
__device__ __forceinline__ void st_global16(float *p, const float4 &v)
{
    asm volatile("st.global.v4.f32 [%0], {%1, %2, %3, %4};" ::"l"(p), "f"(v.x), "f"(v.y), "f"(v.z), "f"(v.w) : "memory");
}
__device__ __forceinline__ void st_global16(double *p, const double2 &v)
{
    asm volatile("st.global.v2.f64 [%0], {%1, %2};" ::"l"(p), "d"(v.x), "d"(v.y) : "memory");
}

template <typename T>
__global__ void __launch_bounds__(256) transpose_vec(int64_t full_rows, const T *__restrict__ in, int64_t ld_in,
                                                     T *__restrict__ out, int64_t ld_out)
{
    typedef typename gp_vec16<T>::type V;
    constexpr int VE = 16 / sizeof(T);               /* elements per 16-byte chunk: 4 (f32) or 2 (f64) */
    constexpr int TILE = TR_CHUNKS * VE;             /* tile edge in elements: 64 (f32) or 32 (f64) */
    constexpr int ROWS_PER_PASS = 256 / TR_CHUNKS;   /* 16 output rows per pass of the block */
    constexpr int PASSES = TILE / ROWS_PER_PASS;     /* 4 (f32) or 2 (f64) */
    __shared__ V s[TILE][TR_CHUNKS]; /* s[input column][chunk of VE input rows], chunk index swizzled */

    const int tid = threadIdx.x;
    const int mi = tid / TR_CHUNKS, mj = tid % TR_CHUNKS; /* micro-block: rows VE*mi.., columns VE*mj.. */
    const int q = tid % TR_CHUNKS, orow0 = tid / TR_CHUNKS; /* write side: chunk q of output row orow0 + 16p */
    const int64_t c0 = (int64_t)blockIdx.x * TILE;
    for (int64_t r0 = (int64_t)blockIdx.y * TILE; r0 < full_rows; r0 += (int64_t)gridDim.y * TILE) {
        const T *src = in + (r0 + VE * mi) * ld_in + c0 + VE * mj;
        V a[VE];
#pragma unroll
        for (int k = 0; k < VE; k++) a[k] = *reinterpret_cast<const V *>(src + k * ld_in);
        /* transpose the micro-block in registers: output row VE*mj + l is element l of a[0..VE-1] */
#pragma unroll
        for (int l = 0; l < VE; l++) {
            V b;
#pragma unroll
            for (int k = 0; k < VE; k++) vset(b, k, vget(a[k], l));
            s[VE * mj + l][mi ^ (mj & 7)] = b; /* swizzle: (row / VE) & 7 == mj & 7 */
        }
        __syncthreads();
        T *dst = out + (c0 + orow0) * ld_out + r0 + VE * q;
#pragma unroll
        for (int p = 0; p < PASSES; p++) {
            const int orow = p * ROWS_PER_PASS + orow0;
            st_global16(dst + (int64_t)p * ROWS_PER_PASS * ld_out, s[orow][q ^ ((orow / VE) & 7)]);
        }
        __syncthreads(); /* s is rewritten by the next row tile */
    }
}

extern "C" int gp__transpose_vec_ok(int elem_bytes, const void *in, int64_t ld_in, const void *out, int64_t ld_out)
{
    return gp_aligned(in, 16) && gp_aligned(out, 16) && (ld_in * elem_bytes) % 16 == 0 &&
           (ld_out * elem_bytes) % 16 == 0;
}

extern "C" gp_status gp__transpose_r04_vec4(const gp_device_info *dev, cudaStream_t s, int elem_bytes, int64_t rows,
                                            int64_t cols, const void *in, int64_t ld_in, void *out, int64_t ld_out)
{
    const int tile = TR_CHUNKS * (16 / elem_bytes);
    const int64_t full_rows = rows / tile * tile, full_cols = cols / tile * tile;
    const char *a = (const char *)in;
    char *b = (char *)out;
    if (!gp__transpose_vec_ok(elem_bytes, in, ld_in, out, ld_out)) return GP_ERROR_INVALID_VALUE;
    if (full_rows > 0 && full_cols > 0) {
        if (!gp_transpose_grid_ok(full_cols, tile)) return GP_ERROR_INVALID_VALUE;
        const dim3 grid = gp_transpose_grid(full_rows, full_cols, tile, tile), block(256);
#define LAUNCH(T) transpose_vec<T><<<grid, block, 0, s>>>(full_rows, (const T *)in, ld_in, (T *)out, ld_out)
        GP_TRANSPOSE_BY_TYPE(elem_bytes, LAUNCH);
#undef LAUNCH
        GP_TRY(gp__launch_status());
    }
    /* the edge strips, fewer than one tile wide, go to rung 3: columns [full_cols, cols) of every row, then
     * rows [full_rows, rows) of columns [0, full_cols) */
    if (full_cols < cols)
        GP_TRY(gp__transpose_r03_padded(dev, s, elem_bytes, rows, cols - full_cols, a + full_cols * elem_bytes, ld_in,
                                        b + full_cols * ld_out * elem_bytes, ld_out));
    if (full_rows < rows && full_cols > 0)
        GP_TRY(gp__transpose_r03_padded(dev, s, elem_bytes, rows - full_rows, full_cols,
                                        a + full_rows * ld_in * elem_bytes, ld_in, b + full_rows * elem_bytes, ld_out));
    return GP_SUCCESS;
}

extern "C" gp_kernel_info gp__transpose_r04_kernel(void)
{
    gp_kernel_info k = {(const void *)transpose_vec<float>, 256, 0};
    return k;
}
