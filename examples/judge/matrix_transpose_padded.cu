// matrix_transpose_padded.cu — LeetGPU 'Matrix Transpose' as the transpose ladder's rung 03: a 32x32 tile read
// by rows, written by rows through shared memory, its rows padded to 33 floats so that reading a column of
// the tile touches 32 different banks. Blocks of 32x8 threads, 4 elements each.
#include <cuda_runtime.h>

#define TILE 32
#define ROWS 8

__global__ void transpose_padded(const float* input, float* output, int rows, int cols) {
    __shared__ float tile[TILE][TILE + 1];
    int x = blockIdx.x * TILE + threadIdx.x;  // input column
    int y = blockIdx.y * TILE + threadIdx.y;  // input row
    for (int j = 0; j < TILE; j += ROWS)
        if (x < cols && y + j < rows) tile[threadIdx.y + j][threadIdx.x] = input[(size_t)(y + j) * cols + x];
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;  // output column = input row
    y = blockIdx.x * TILE + threadIdx.y;  // output row = input column
    for (int j = 0; j < TILE; j += ROWS)
        if (x < rows && y + j < cols) output[(size_t)(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
}

extern "C" void solve(const float* input, float* output, int rows, int cols) {
    dim3 threads(TILE, ROWS), blocks((cols + TILE - 1) / TILE, (rows + TILE - 1) / TILE);
    transpose_padded<<<blocks, threads>>>(input, output, rows, cols);
}
