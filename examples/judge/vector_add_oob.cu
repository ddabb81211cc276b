// vector_add_oob.cu — a deliberately OUT-OF-BOUNDS vector addition: it launches a fixed grid, as if N
// were always large, and has no bounds check, so for small N its threads read and write hundreds of MB
// past the arrays. The judge reports the illegal memory access of its first case and goes on; the
// judge's own process is not harmed (the code runs in a child process).
#include <cuda_runtime.h>

__global__ void vector_add_unchecked(const float* A, const float* B, float* C) {
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    C[i] = A[i] + B[i];  // missing: if (i < N)
}

extern "C" void solve(const float* A, const float* B, float* C, int N) {
    (void)N;
    vector_add_unchecked<<<65535, 1024>>>(A, B, C);
}
