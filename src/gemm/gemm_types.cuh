/* gemm_types.cuh — the input types of the tensor-core gemm (bf16, f16, f32 rounded to tf32) and the sm_80
 * warp-level instructions the rungs use: mma.sync, ldmatrix, cvt.rna.tf32.
 *
 * Every type is moved in 16-byte chunks (EPC elements) and its mma step covers 32 bytes of k:
 *   bf16 / f16: mma.sync.m16n8k16 (k 16 x 2 bytes), f32 -> tf32: mma.sync.m16n8k8 (k 8 x 4 bytes).
 * Both take 4 registers of A, 2 of B and 4 accumulators per thread, with the same lane pattern when read
 * 32 bits at a time (lane = 4 g + t): a0 = A[g][kw t], a1 = A[g+8][kw t], a2 = A[g][kw t+4], a3 = A[g+8][kw t+4],
 * b0 = B[kw t][g], b1 = B[kw t+4][g], where "kw" counts 32-bit words of k (two 16-bit elements or one f32);
 * c0, c1 = C[g][2t, 2t+1], c2, c3 = C[g+8][2t, 2t+1]. This is why one ldmatrix pattern (8x8 matrices of
 * 16-bit elements = 8 rows of 16 bytes) loads the k-contiguous operands of all three types. */
#ifndef GP_GEMM_TYPES_CUH
#define GP_GEMM_TYPES_CUH
#include <stdint.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include "gemm_internal.h"

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
#error "the tensor-core gemm rungs need sm_80 or newer (mma.sync bf16/tf32, ldmatrix, cp.async)"
#endif

/* f32 -> tf32, round to nearest, ties away from zero (the result is an f32 bit pattern, low 13 bits 0). */
__device__ __forceinline__ uint32_t gp_to_tf32(uint32_t x)
{
    uint32_t r;
    asm("cvt.rna.tf32.f32 %0, %1;\n" : "=r"(r) : "f"(__uint_as_float(x)));
    return r;
}

struct gp_gemm_bf16 {
    typedef __nv_bfloat16 T;
    static constexpr int ESZ = 2, EPC = 8, KSTEP = 16;
    static constexpr bool TF32 = false;
    static constexpr gp_dtype DTYPE = GP_DTYPE_BF16;
    static __device__ __forceinline__ void mma(float (&d)[4], const uint32_t (&a)[4], const uint32_t (&b)[2])
    {
        asm("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
            "{%0,%1,%2,%3};\n"
            : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
            : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
    }
    static __host__ __device__ __forceinline__ uint16_t from_f32(float v) { return __bfloat16_as_ushort(__float2bfloat16_rn(v)); }
    static __host__ __device__ __forceinline__ float to_f32(uint16_t v) { return __bfloat162float(__ushort_as_bfloat16(v)); }
    static __host__ __device__ __forceinline__ uint32_t pack2(float x, float y)
    {
        return (uint32_t)from_f32(x) | ((uint32_t)from_f32(y) << 16);
    }
};

struct gp_gemm_f16 {
    typedef __half T;
    static constexpr int ESZ = 2, EPC = 8, KSTEP = 16;
    static constexpr bool TF32 = false;
    static constexpr gp_dtype DTYPE = GP_DTYPE_F16;
    static __device__ __forceinline__ void mma(float (&d)[4], const uint32_t (&a)[4], const uint32_t (&b)[2])
    {
        asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
            "{%0,%1,%2,%3};\n"
            : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
            : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
    }
    static __host__ __device__ __forceinline__ uint16_t from_f32(float v) { return __half_as_ushort(__float2half_rn(v)); }
    static __host__ __device__ __forceinline__ float to_f32(uint16_t v) { return __half2float(__ushort_as_half(v)); }
    static __host__ __device__ __forceinline__ uint32_t pack2(float x, float y)
    {
        return (uint32_t)from_f32(x) | ((uint32_t)from_f32(y) << 16);
    }
};

/* f32 inputs, tf32 tensor cores. The operands reach the mma as f32 bit patterns and are rounded there
 * (gp_to_tf32) after the fragment load: shared memory holds the f32 values as stored. C is f32 only. */
struct gp_gemm_tf32 {
    typedef float T;
    static constexpr int ESZ = 4, EPC = 4, KSTEP = 8;
    static constexpr bool TF32 = true;
    static constexpr gp_dtype DTYPE = GP_DTYPE_F32;
    static __device__ __forceinline__ void mma(float (&d)[4], const uint32_t (&a)[4], const uint32_t (&b)[2])
    {
        asm("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
            "{%0,%1,%2,%3};\n"
            : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
            : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
    }
    /* never called for tf32 (C is f32); present so the epilogue compiles for every type */
    static __host__ __device__ __forceinline__ uint16_t from_f32(float) { return 0; }
    static __host__ __device__ __forceinline__ float to_f32(uint16_t) { return 0.f; }
    static __host__ __device__ __forceinline__ uint32_t pack2(float, float) { return 0; }
};

/* The per-thread instructions that move shared memory and round to tf32, as a policy class: the fragment and
 * tile code (gemm_frag.cuh, gemm_tile.cuh) is templated on it, with gp_dev_ops (the real instructions) as
 * the default; scripts/experiments/gemm_tc/emu_test.cu plugs in a CPU emulation of the same instructions
 * (their PTX semantics) to check all the index arithmetic on the CPU. Shared addresses are 32-bit
 * (shared window) byte addresses. */
struct gp_dev_ops {
    static __device__ __forceinline__ int tid() { return (int)threadIdx.x; }
    /* Four 8x8 matrices of 16-bit elements (each 8 rows of 16 bytes, one row address per lane: lanes
     * 8j..8j+7 give matrix j's rows); thread 4g+t receives, of matrix j, row g elements 2t, 2t+1 in r[j]. */
    static __device__ __forceinline__ void ldsm_x4(uint32_t (&r)[4], uint32_t saddr)
    {
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                     : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                     : "r"(saddr));
    }
    /* The same, transposed: thread 4g+t receives elements (row 2t, column g) and (2t+1, g) of matrix j. */
    static __device__ __forceinline__ void ldsm_x4_t(uint32_t (&r)[4], uint32_t saddr)
    {
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                     : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                     : "r"(saddr));
    }
    static __device__ __forceinline__ uint32_t lds32(uint32_t saddr)
    {
        uint32_t v;
        asm volatile("ld.shared.b32 %0, [%1];\n" : "=r"(v) : "r"(saddr));
        return v;
    }
    static __device__ __forceinline__ uint32_t to_tf32(uint32_t x) { return gp_to_tf32(x); }
    /* 16 bytes global -> shared, L2 only; bytes < 16: only those are read, the rest is zero-filled */
    static __device__ __forceinline__ void cpa16(uint32_t saddr, const void *g, int bytes)
    {
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(saddr), "l"(g), "r"(bytes));
    }
    static __device__ __forceinline__ void cpa16_full(uint32_t saddr, const void *g)
    {
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(saddr), "l"(g));
    }
    static __device__ __forceinline__ void sts128(uint32_t saddr, uint4 v)
    {
        asm volatile("st.shared.v4.b32 [%0], {%1,%2,%3,%4};\n" ::"r"(saddr), "r"(v.x), "r"(v.y), "r"(v.z), "r"(v.w));
    }
};

#endif
