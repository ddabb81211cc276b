// sorting_bitonic.cu — LeetGPU 'Sorting' with the first rung of a sort ladder: a bitonic sorting network over
// the next power of two P >= N (the padding holds +infinity, so it sorts to the end), one kernel launch per
// compare-exchange step: log2(P) (log2(P) + 1) / 2 launches, each reading and writing the whole array.
#include <cuda_runtime.h>

#define THREADS 256

__global__ void pad_copy(float* buf, const float* data, int N, int P) {
    int i = blockIdx.x * THREADS + threadIdx.x;
    if (i < P) buf[i] = i < N ? data[i] : __int_as_float(0x7f800000);  // +infinity
}

__global__ void bitonic_step(float* buf, int P, int j, int k) {
    int i = blockIdx.x * THREADS + threadIdx.x, partner = i ^ j;
    if (i >= P || partner <= i) return;
    bool ascending = (i & k) == 0;
    float a = buf[i], b = buf[partner];
    if ((a > b) == ascending) {
        buf[i] = b;
        buf[partner] = a;
    }
}

__global__ void copy_back(float* data, const float* buf, int N) {
    int i = blockIdx.x * THREADS + threadIdx.x;
    if (i < N) data[i] = buf[i];
}

extern "C" void solve(float* data, int N) {
    int P = 1;
    while (P < N) P *= 2;
    float* buf = nullptr;
    cudaMalloc(&buf, P * sizeof(float));
    int blocks = (P + THREADS - 1) / THREADS;
    pad_copy<<<blocks, THREADS>>>(buf, data, N, P);
    for (int k = 2; k <= P; k *= 2)
        for (int j = k / 2; j > 0; j /= 2) bitonic_step<<<blocks, THREADS>>>(buf, P, j, k);
    copy_back<<<(N + THREADS - 1) / THREADS, THREADS>>>(data, buf, N);
    cudaFree(buf);
}
