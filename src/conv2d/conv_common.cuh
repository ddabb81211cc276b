/* conv_common.cuh — what the convolution rungs (conv2d, separable) share: the tile grid, 16-byte loads and
 * stores with their scalar fall-backs, and the switch from a run-time filter width to a kernel template. */
#ifndef GP_CONV_COMMON_CUH
#define GP_CONV_COMMON_CUH
#include "../common/util.cuh"

/* Tiles are numbered along a 1-D grid (blockIdx.x = ty * tiles_x + tx), so neither image edge is bounded
 * by gridDim.y's 65535. 0 if the grid would exceed 2^31 - 1 blocks (an image of > 10^11 pixels). */
static inline unsigned gp_conv_grid(int64_t tiles_x, int64_t tiles_y)
{
    if (tiles_x <= 0 || tiles_y <= 0 || tiles_x > 0x7fffffff / tiles_y) return 0;
    return (unsigned)(tiles_x * tiles_y);
}

/* A plain 16-byte global store that stays one STG.E.128. */
__device__ __forceinline__ void gp_conv_st4(float *p, float4 v)
{
    asm volatile("st.global.v4.f32 [%0], {%1, %2, %3, %4};" ::"l"(p), "f"(v.x), "f"(v.y), "f"(v.z), "f"(v.w) : "memory");
}

/* Four consecutive elements of row `rowp` from column c: one 16-byte load when `vec` (the row is 16-byte
 * aligned and c a multiple of 4) and all four are inside [0, n), else element-wise with 0 outside. */
__device__ __forceinline__ float4 gp_conv_ld4(const float *__restrict__ rowp, int64_t c, int64_t n, bool vec)
{
    if (vec && c >= 0 && c + 3 < n) return __ldg(reinterpret_cast<const float4 *>(rowp + c));
    float4 v;
    v.x = (c + 0 >= 0 && c + 0 < n) ? __ldg(rowp + c + 0) : 0.f;
    v.y = (c + 1 >= 0 && c + 1 < n) ? __ldg(rowp + c + 1) : 0.f;
    v.z = (c + 2 >= 0 && c + 2 < n) ? __ldg(rowp + c + 2) : 0.f;
    v.w = (c + 3 >= 0 && c + 3 < n) ? __ldg(rowp + c + 3) : 0.f;
    return v;
}

/* Stores the elements of v that fall in columns [0, n) of row `rowp` from column c: one 16-byte store when
 * all four are inside and their address is 16-byte aligned (checked per store: odd leading dimensions and
 * VALID offsets move the alignment from row to row), else element-wise. */
__device__ __forceinline__ void gp_conv_st4_row(float *rowp, int64_t c, int64_t n, float4 v)
{
    float *p = rowp + c;
    if (c >= 0 && c + 3 < n && ((uintptr_t)p & 15) == 0) {
        gp_conv_st4(p, v);
        return;
    }
    if (c + 0 >= 0 && c + 0 < n) p[0] = v.x;
    if (c + 1 >= 0 && c + 1 < n) p[1] = v.y;
    if (c + 2 >= 0 && c + 2 < n) p[2] = v.z;
    if (c + 3 >= 0 && c + 3 < n) p[3] = v.w;
}

/* Loads an image tile into shared memory: shared row t (nrows rows of QW float4) holds input row gr0 + t,
 * columns gc0 .. gc0 + 4 QW - 1 (gc0 a multiple of 4), zeros outside the image; 16-byte loads where `vec` (rows
 * 16-byte aligned). Each thread issues BATCH loads before it stores them, so a tile of up to 256 * BATCH float4
 * costs one memory round trip. Block of 256 threads; the caller synchronises before reading s4. */
template <int QW, int BATCH>
__device__ __forceinline__ void gp_conv_load_tile(float4 *s4, int nrows, const float *__restrict__ in, int64_t ld,
                                                  int64_t rows, int64_t cols, int64_t gr0, int64_t gc0, bool vec)
{
    const int nq = nrows * QW;
    if (vec && gr0 >= 0 && gr0 + nrows <= rows && gc0 >= 0 && gc0 + 4 * QW <= cols) {
        /* the whole tile lies inside the image (most tiles of a large one): no per-load bounds checks */
        const float *base = in + gr0 * ld + gc0;
        for (int q0 = threadIdx.x; q0 < nq; q0 += BATCH * 256) {
            float4 v[BATCH];
#pragma unroll
            for (int u = 0; u < BATCH; u++) {
                const int q = q0 + u * 256, t = q / QW;
                if (q < nq) v[u] = __ldg(reinterpret_cast<const float4 *>(base + t * ld + 4 * (q - t * QW)));
            }
#pragma unroll
            for (int u = 0; u < BATCH; u++)
                if (q0 + u * 256 < nq) s4[q0 + u * 256] = v[u];
        }
        return;
    }
    for (int q0 = threadIdx.x; q0 < nq; q0 += BATCH * 256) {
        float4 v[BATCH];
#pragma unroll
        for (int u = 0; u < BATCH; u++) {
            const int q = q0 + u * 256, t = q / QW;
            const int64_t gr = gr0 + t;
            v[u] = make_float4(0.f, 0.f, 0.f, 0.f);
            if (q < nq && gr >= 0 && gr < rows) v[u] = gp_conv_ld4(in + gr * ld, gc0 + 4 * (q - t * QW), cols, vec);
        }
#pragma unroll
        for (int u = 0; u < BATCH; u++)
            if (q0 + u * 256 < nq) s4[q0 + u * 256] = v[u];
    }
}

/* Calls M(FC) with the compile-time filter width equal to the run-time odd width fc (1..31). */
#define GP_CONV_BY_WIDTH(fc, M)                                                                              \
    switch (fc) {                                                                                            \
    case 1: M(1); break;   case 3: M(3); break;   case 5: M(5); break;   case 7: M(7); break;               \
    case 9: M(9); break;   case 11: M(11); break; case 13: M(13); break; case 15: M(15); break;             \
    case 17: M(17); break; case 19: M(19); break; case 21: M(21); break; case 23: M(23); break;             \
    case 25: M(25); break; case 27: M(27); break; case 29: M(29); break; case 31: M(31); break;             \
    default: return GP_ERROR_INVALID_VALUE;                                                                  \
    }

/* Allows `smem` bytes of dynamic shared memory for kernel fn (needed above 48 KiB), once per device: done[]
 * holds the largest size already allowed per device. 0 on success. */
static inline int gp_conv_allow_smem(const void *fn, int device, int *done, size_t smem)
{
    const int known = device >= 0 && device < GP_MAX_DEVICES;
    if (smem <= 48 * 1024) return 0;
    if (known && (size_t)__atomic_load_n(&done[device], __ATOMIC_RELAXED) >= smem) return 0;
    if (cudaFuncSetAttribute(fn, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem) != cudaSuccess) {
        (void)cudaGetLastError();
        return 1;
    }
    if (known) __atomic_store_n(&done[device], (int)smem, __ATOMIC_RELAXED);
    return 0;
}

#endif
