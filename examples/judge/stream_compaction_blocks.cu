// stream_compaction_blocks.cu — LeetGPU 'Stream Compaction' as the compact ladder's rung 01 (flags -> scan ->
// scatter), in its simplest form: each block of 256 counts its kept elements (__syncthreads_count), the
// counts are scanned on the host (a copy there and back: the slow part), and each block writes its kept
// elements at its offset, ranked inside the block by warp ballots. out is 0.0 before the call (LeetGPU's
// contract), so the tail needs no writes.
#include <cuda_runtime.h>
#include <stdlib.h>

#define THREADS 256

__global__ void count_kept(const float* A, int N, int* counts) {
    int i = blockIdx.x * THREADS + threadIdx.x;
    int kept = __syncthreads_count(i < N && A[i] > 0.0f);
    if (threadIdx.x == 0) counts[blockIdx.x] = kept;
}

__global__ void scatter_kept(const float* A, int N, const int* offsets, float* out) {
    __shared__ int warp_counts[THREADS / 32];
    int i = blockIdx.x * THREADS + threadIdx.x, lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    float x = i < N ? A[i] : 0.0f;
    bool keep = i < N && x > 0.0f;
    unsigned ballot = __ballot_sync(0xffffffffu, keep);
    if (lane == 0) warp_counts[warp] = __popc(ballot);
    __syncthreads();
    int at = offsets[blockIdx.x];
    for (int w = 0; w < warp; w++) at += warp_counts[w];
    at += __popc(ballot & ((1u << lane) - 1u));
    if (keep) out[at] = x;
}

extern "C" void solve(const float* A, int N, float* out) {
    int blocks = (N + THREADS - 1) / THREADS;
    int* counts = nullptr;
    int* host = (int*)malloc(blocks * sizeof(int));
    cudaMalloc(&counts, blocks * sizeof(int));
    count_kept<<<blocks, THREADS>>>(A, N, counts);
    cudaMemcpy(host, counts, blocks * sizeof(int), cudaMemcpyDeviceToHost);
    for (int b = 0, sum = 0; b < blocks; b++) {  // exclusive scan of the counts
        int c = host[b];
        host[b] = sum;
        sum += c;
    }
    cudaMemcpy(counts, host, blocks * sizeof(int), cudaMemcpyHostToDevice);
    scatter_kept<<<blocks, THREADS>>>(A, N, counts, out);
    cudaFree(counts);
    free(host);
}
