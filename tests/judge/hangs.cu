// hangs.cu — a test fixture of `gpuprim judge`: a vector_add whose kernel never ends (its loop waits for a
// flag nobody sets); the judge must stop it at --timeout and report the time limit.
#include <cuda_runtime.h>

__global__ void spin(volatile int* never_set, float* C) {
    while (*never_set == 0) {
    }
    C[0] = 0.0f;
}

extern "C" void solve(const float* A, const float* B, float* C, int N) {
    (void)A, (void)B, (void)N;
    int* flag = nullptr;
    cudaMalloc(&flag, sizeof(int));
    cudaMemset(flag, 0, sizeof(int));
    spin<<<1, 1>>>(flag, C);
    cudaDeviceSynchronize();
}
