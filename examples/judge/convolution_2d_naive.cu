// convolution_2d_naive.cu — LeetGPU '2D Convolution' the textbook way: one output element per thread, every input
// and kernel value read from global memory (the caches catch the reuse). Valid cross-correlation, as
// F.conv2d: output[i][j] = sum over m, n of input[i + m][j + n] * kernel[m][n].
#include <cuda_runtime.h>

__global__ void conv2d_naive(const float* input, const float* kernel, float* output, int input_rows, int input_cols,
                             int kernel_rows, int kernel_cols) {
    int out_rows = input_rows - kernel_rows + 1, out_cols = input_cols - kernel_cols + 1;
    int i = blockIdx.y * blockDim.y + threadIdx.y, j = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= out_rows || j >= out_cols) return;
    float acc = 0.0f;
    for (int m = 0; m < kernel_rows; m++)
        for (int n = 0; n < kernel_cols; n++)
            acc += input[(size_t)(i + m) * input_cols + j + n] * kernel[m * kernel_cols + n];
    output[(size_t)i * out_cols + j] = acc;
}

extern "C" void solve(const float* input, const float* kernel, float* output, int input_rows, int input_cols,
                      int kernel_rows, int kernel_cols) {
    int out_rows = input_rows - kernel_rows + 1, out_cols = input_cols - kernel_cols + 1;
    dim3 threads(16, 16), blocks((out_cols + 15) / 16, (out_rows + 15) / 16);
    conv2d_naive<<<blocks, threads>>>(input, kernel, output, input_rows, input_cols, kernel_rows, kernel_cols);
}
