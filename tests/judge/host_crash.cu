// host_crash.cu — a test fixture of `gpuprim judge`: a vector_add that reads a device pointer on the host
// (the classic mistake), which crashes the process with SIGSEGV; the judge must report it and go on.
#include <cuda_runtime.h>

extern "C" void solve(const float* A, const float* B, float* C, int N) {
    for (int i = 0; i < N; i++) C[i] = A[i] + B[i];  // host code: A, B, C are device pointers
}
