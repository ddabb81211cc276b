// wrong_signature.cu — a test fixture of `gpuprim judge`: vector_add's solve with a long size, not LeetGPU's
// int; compiled with the problem's prototype, it does not compile.
#include <cuda_runtime.h>

__global__ void add(const float* A, const float* B, float* C, long N) {
    long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
    if (i < N) C[i] = A[i] + B[i];
}

extern "C" void solve(const float* A, const float* B, float* C, long N) {
    add<<<(unsigned)((N + 255) / 256), 256>>>(A, B, C, N);
}
