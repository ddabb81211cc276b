// emu.h — run CUDA C kernels of this repository on the CPU (fibers for threads), for logic testing only.
#pragma once
#include <cuda_runtime.h>
#include <cstdint>
#include <cstring>
#include <cmath>
#include <functional>
#undef __global__
#undef __device__
#undef __host__
#undef __forceinline__
#undef __shared__
#undef __constant__
#undef __launch_bounds__
#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __shared__ static
#define __constant__
#define __launch_bounds__(...)
#ifndef __restrict__
#define __restrict__ __restrict
#endif
extern dim3 threadIdx, blockIdx, blockDim, gridDim;
void emu_syncthreads();
float emu_shfl(float v, int src_lane_or_minus1, int self);
void emu_warp_sync();
unsigned emu_lane();
void *emu_dyn_smem();
#define __syncthreads() emu_syncthreads()
static inline float __shfl_up_sync(unsigned, float v, int d) { int l = (int)emu_lane(); return emu_shfl(v, l - d >= 0 ? l - d : -1, l); }
static inline float __shfl_down_sync(unsigned, float v, int d) { int l = (int)emu_lane(); return emu_shfl(v, l + d <= 31 ? l + d : -1, l); }
#include <cstdlib>
#include <cstdio>
template <typename T> static inline T __ldg(const T *p) { return *p; }
static inline float4 __ldg(const float4 *p) { if ((uintptr_t)p & 15) { fprintf(stderr, "emu: misaligned 16-byte load\n"); abort(); } return *p; }
static inline void emu_st4(float *p, float4 v) { if ((uintptr_t)p & 15) { fprintf(stderr, "emu: misaligned 16-byte store\n"); abort(); } *(float4 *)p = v; }
static inline int min(int a, int b) { return a < b ? a : b; }
static inline int max(int a, int b) { return a > b ? a : b; }
struct emu_cfg_t { dim3 grid, block; size_t smem; cudaStream_t s; };
static inline emu_cfg_t emu_cfg(dim3 g, dim3 b, size_t smem = 0, cudaStream_t s = 0) { emu_cfg_t c = {g, b, smem, s}; return c; }
void emu_run(emu_cfg_t c, std::function<void()> body);
template <typename... KA, typename... A> void emu_launch(emu_cfg_t c, void (*k)(KA...), A... args)
{
    emu_run(c, [=]() { k(((KA)args)...); });
}
void emu_fill_u32(uint32_t *p, size_t n, uint32_t v);
/* the library's headers guard their device helpers with __CUDACC__ (cuda_runtime.h is already in) */
#ifndef __CUDACC__
#define __CUDACC__ 1
#endif
