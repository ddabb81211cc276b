// histogramming_shared.cu — LeetGPU 'Histogramming' as the histogram ladder's rung 02: each block counts
// into its own copy of the bins in shared memory (atomics on shared memory, contended only within the block)
// over a grid-stride loop, then adds its non-zero counts to the global histogram (zeroed by the caller).
#include <cuda_runtime.h>

__global__ void histogram_shared(const int* input, int* histogram, int N, int num_bins) {
    extern __shared__ int bins[];
    for (int b = threadIdx.x; b < num_bins; b += blockDim.x) bins[b] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += gridDim.x * blockDim.x) {
        int v = input[i];
        if (v >= 0 && v < num_bins) atomicAdd(&bins[v], 1);
    }
    __syncthreads();
    for (int b = threadIdx.x; b < num_bins; b += blockDim.x)
        if (bins[b]) atomicAdd(&histogram[b], bins[b]);
}

extern "C" void solve(const int* input, int* histogram, int N, int num_bins) {
    int threads = 256, blocks = (N + threads - 1) / threads;
    if (blocks > 1024) blocks = 1024;
    histogram_shared<<<blocks, threads, num_bins * sizeof(int)>>>(input, histogram, N, num_bins);
}
