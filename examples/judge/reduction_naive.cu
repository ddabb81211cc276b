// reduction_naive.cu — LeetGPU 'Reduction' at the bottom of the reduce ladder: each block of 256 threads
// sums its 256 elements in shared memory with interleaved addressing (rung 01's idea: the threads whose
// index is a multiple of 2s add, so warps diverge and most threads idle), then adds its sum into a double
// with one atomicAdd (a float total of thousands of block sums would round away LeetGPU's 1e-5).
#include <cuda_runtime.h>

#define THREADS 256

__device__ double total;

__global__ void zero_total() { total = 0.0; }

__global__ void block_sum_interleaved(const float* input, int N) {
    __shared__ float s[THREADS];
    unsigned t = threadIdx.x, i = blockIdx.x * THREADS + t;
    s[t] = i < (unsigned)N ? input[i] : 0.0f;
    __syncthreads();
    for (unsigned stride = 1; stride < THREADS; stride *= 2) {
        if (t % (2 * stride) == 0) s[t] += s[t + stride];
        __syncthreads();
    }
    if (t == 0) atomicAdd(&total, (double)s[0]);
}

__global__ void write_total(float* output) { output[0] = (float)total; }

extern "C" void solve(const float* input, float* output, int N) {
    zero_total<<<1, 1>>>();
    block_sum_interleaved<<<(N + THREADS - 1) / THREADS, THREADS>>>(input, N);
    write_total<<<1, 1>>>(output);
}
