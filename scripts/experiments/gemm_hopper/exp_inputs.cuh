/* exp_inputs.cuh — random gemm inputs for the standalone experiments (b2b.cu, pingpong.cu): multiples of 1/256 in
 * [-1, 1), as the bench's, from a hash of the index and a seed (the same values on every run). */
#ifndef GP_EXP_INPUTS_CUH
#define GP_EXP_INPUTS_CUH
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include "gpuprim.h"

template <typename T> __global__ void exp_fill_kernel(T *p, long long count, unsigned seed)
{
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < count; i += (long long)gridDim.x * blockDim.x) {
        unsigned x = (unsigned)i * 2654435761u ^ seed * 0x9e3779b9u;
        x ^= x >> 15;
        x *= 0x2c1b3c6du;
        x ^= x >> 12;
        p[i] = (T)((float)((int)(x & 511) - 256) / 256.0f);
    }
}

/* count elements of type t at p (f32, bf16 or f16), on the default stream */
static inline cudaError_t exp_fill(void *p, gp_dtype t, long long count, unsigned seed)
{
    if (t == GP_DTYPE_F32) exp_fill_kernel<<<1024, 256>>>((float *)p, count, seed);
    else if (t == GP_DTYPE_BF16) exp_fill_kernel<<<1024, 256>>>((__nv_bfloat16 *)p, count, seed);
    else exp_fill_kernel<<<1024, 256>>>((__half *)p, count, seed);
    return cudaGetLastError();
}
#endif
