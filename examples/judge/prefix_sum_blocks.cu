// prefix_sum_blocks.cu — LeetGPU 'Prefix Sum' as the scan ladder's lower rungs do it: each block of 1024
// threads scans its tile in shared memory (Hillis-Steele, double-buffered: log2(1024) steps of n adds), writes
// its tile's total, the totals are scanned the same way (recursively), and each tile adds the total of the
// tiles before it. Three kernels and a temporary array per level.
#include <cuda_runtime.h>

#define THREADS 1024

__global__ void scan_tiles(const float* in, float* out, float* tile_sums, int n) {
    __shared__ float buf[2][THREADS];
    int t = threadIdx.x, i = blockIdx.x * THREADS + t, cur = 0;
    buf[0][t] = i < n ? in[i] : 0.0f;
    __syncthreads();
    for (int offset = 1; offset < THREADS; offset *= 2) {
        float v = buf[cur][t];
        if (t >= offset) v += buf[cur][t - offset];
        buf[cur ^ 1][t] = v;
        cur ^= 1;
        __syncthreads();
    }
    if (i < n) out[i] = buf[cur][t];
    if (tile_sums && t == THREADS - 1) tile_sums[blockIdx.x] = buf[cur][t];
}

__global__ void add_tile_offsets(float* out, const float* scanned_sums, int n) {
    int i = blockIdx.x * THREADS + threadIdx.x;
    if (blockIdx.x > 0 && i < n) out[i] += scanned_sums[blockIdx.x - 1];
}

static void scan(const float* in, float* out, int n) {
    int tiles = (n + THREADS - 1) / THREADS;
    if (tiles == 1) {
        scan_tiles<<<1, THREADS>>>(in, out, nullptr, n);
        return;
    }
    float* sums = nullptr;
    cudaMalloc(&sums, tiles * sizeof(float));
    scan_tiles<<<tiles, THREADS>>>(in, out, sums, n);
    scan(sums, sums, tiles);  // in place: each tile is read into shared memory before it is written
    add_tile_offsets<<<tiles, THREADS>>>(out, sums, n);
    cudaFree(sums);
}

extern "C" void solve(const float* input, float* output, int N) { scan(input, output, N); }
