// vector_add_no_tail.cu — a deliberately WRONG vector addition: it adds float4s (16-byte loads, as the map
// ladder's rung 03) but forgets the N % 4 elements after the last full float4. The judge's first case,
// N = 1, has no full float4 at all: it fails at index [0] (got the poison, NaN).
#include <cuda_runtime.h>

__global__ void vector_add_float4(const float4* A, const float4* B, float4* C, int n4) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n4) {
        float4 a = A[i], b = B[i];
        C[i] = make_float4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
    }
    // missing: the tail, C[j] = A[j] + B[j] for 4 * n4 <= j < N
}

extern "C" void solve(const float* A, const float* B, float* C, int N) {
    int threads = 256;
    int blocks = (N + 4 * threads - 1) / (4 * threads);
    vector_add_float4<<<blocks, threads>>>((const float4*)A, (const float4*)B, (float4*)C, N / 4);
}
