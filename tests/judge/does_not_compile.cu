// does_not_compile.cu — a test fixture of `gpuprim judge`: a solve that calls a function nobody declared.
#include <cuda_runtime.h>

extern "C" void solve(const float* A, const float* B, float* C, int N) { undefined_helper(A, B, C, N); }
