// no_solve.cu — a test fixture of `gpuprim judge`: a file without solve (its function is named otherwise),
// which compiles; the judge must say that no solve with C linkage was found.
#include <cuda_runtime.h>

extern "C" void solution(const float* A, const float* B, float* C, int N) { (void)A, (void)B, (void)C, (void)N; }
