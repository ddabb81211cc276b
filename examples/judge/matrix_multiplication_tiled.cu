// matrix_multiplication_tiled.cu — LeetGPU 'Matrix Multiplication' as the sgemm ladder's rung 03: 16x16 tiles of A
// and B staged in shared memory, so each value loaded from global memory feeds 16 multiply-adds. A is M x N,
// B is N x K, C is M x K (LeetGPU's names: N is the inner dimension). No thread returns before the barriers.
#include <cuda_runtime.h>

#define T 16

__global__ void matmul_tiled(const float* A, const float* B, float* C, int M, int N, int K) {
    __shared__ float As[T][T], Bs[T][T];
    int row = blockIdx.y * T + threadIdx.y, col = blockIdx.x * T + threadIdx.x;
    float acc = 0.0f;
    for (int t0 = 0; t0 < N; t0 += T) {
        int a_col = t0 + threadIdx.x, b_row = t0 + threadIdx.y;
        As[threadIdx.y][threadIdx.x] = row < M && a_col < N ? A[(size_t)row * N + a_col] : 0.0f;
        Bs[threadIdx.y][threadIdx.x] = b_row < N && col < K ? B[(size_t)b_row * K + col] : 0.0f;
        __syncthreads();
        for (int k = 0; k < T; k++) acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
        __syncthreads();
    }
    if (row < M && col < K) C[(size_t)row * K + col] = acc;
}

extern "C" void solve(const float* A, const float* B, float* C, int M, int N, int K) {
    dim3 threads(T, T), blocks((K + T - 1) / T, (M + T - 1) / T);
    matmul_tiled<<<blocks, threads>>>(A, B, C, M, N, K);
}
