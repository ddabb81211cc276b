/* judge_problems.c — the problems of `gpuprim judge`: LeetGPU's `solve` signatures (each confirmed against
 * the starter.cu and challenge.py of LeetGPU's public challenge set, named in `leetgpu`), what solve must
 * compute, what the outputs hold before the call, the tolerances, the benchmark sizes (LeetGPU's
 * performance tests), the ladder each problem is placed on, and a starter file per problem. */
#include "judge.h"
#include <string.h>

#define STARTER_HEAD "#include <cuda_runtime.h>\n\n"

static const char starter_vector_add[] =
    STARTER_HEAD
    "// A, B and C are device pointers to N floats: write C[i] = A[i] + B[i].\n"
    "__global__ void vector_add_kernel(const float* A, const float* B, float* C, int N) {\n"
    "    // your code: one element per thread, i = blockIdx.x * blockDim.x + threadIdx.x\n"
    "}\n\n"
    "extern \"C\" void solve(const float* A, const float* B, float* C, int N) {\n"
    "    int threads = 256;\n"
    "    int blocks = (N + threads - 1) / threads;\n"
    "    vector_add_kernel<<<blocks, threads>>>(A, B, C, N);\n"
    "    cudaDeviceSynchronize();\n"
    "}\n";

static const char starter_reduction[] =
    STARTER_HEAD
    "// input: N floats, output: 1 float (device pointers). Write the sum of input to output[0].\n"
    "// output holds garbage before the call: set it (cudaMemset, or a kernel) before adding into it.\n"
    "__global__ void reduction_kernel(const float* input, float* output, int N) {\n"
    "    // your code: a sum per block in shared memory, then one atomicAdd per block\n"
    "}\n\n"
    "extern \"C\" void solve(const float* input, float* output, int N) {\n"
    "    int threads = 256;\n"
    "    int blocks = (N + threads - 1) / threads;\n"
    "    cudaMemset(output, 0, sizeof(float));\n"
    "    reduction_kernel<<<blocks, threads>>>(input, output, N);\n"
    "    cudaDeviceSynchronize();\n"
    "}\n";

static const char starter_prefix_sum[] =
    STARTER_HEAD
    "// input, output: N floats (device pointers). Write the inclusive prefix sum:\n"
    "// output[i] = input[0] + ... + input[i].\n"
    "__global__ void prefix_sum_kernel(const float* input, float* output, int N) {\n"
    "    // your code: scan each block's tile, then add the sums of the tiles before it\n"
    "}\n\n"
    "extern \"C\" void solve(const float* input, float* output, int N) {\n"
    "    int threads = 256;\n"
    "    int blocks = (N + threads - 1) / threads;\n"
    "    prefix_sum_kernel<<<blocks, threads>>>(input, output, N);\n"
    "    cudaDeviceSynchronize();\n"
    "}\n";

static const char starter_histogram[] =
    STARTER_HEAD
    "// input: N ints in [0, num_bins), histogram: num_bins ints (device pointers, histogram zeroed before\n"
    "// the call). Count each value: histogram[v] = how many i have input[i] == v.\n"
    "__global__ void histogram_kernel(const int* input, int* histogram, int N, int num_bins) {\n"
    "    // your code: count in shared memory per block, then atomicAdd the block's counts\n"
    "}\n\n"
    "extern \"C\" void solve(const int* input, int* histogram, int N, int num_bins) {\n"
    "    int threads = 256;\n"
    "    int blocks = (N + threads - 1) / threads;\n"
    "    histogram_kernel<<<blocks, threads>>>(input, histogram, N, num_bins);\n"
    "    cudaDeviceSynchronize();\n"
    "}\n";

static const char starter_transpose[] =
    STARTER_HEAD
    "// input: rows x cols floats, output: cols x rows floats, both row-major (device pointers).\n"
    "// Write output[c * rows + r] = input[r * cols + c].\n"
    "__global__ void matrix_transpose_kernel(const float* input, float* output, int rows, int cols) {\n"
    "    // your code: a 32x32 tile through shared memory (pad it to 33 columns)\n"
    "}\n\n"
    "extern \"C\" void solve(const float* input, float* output, int rows, int cols) {\n"
    "    dim3 threads(16, 16);\n"
    "    dim3 blocks((cols + threads.x - 1) / threads.x, (rows + threads.y - 1) / threads.y);\n"
    "    matrix_transpose_kernel<<<blocks, threads>>>(input, output, rows, cols);\n"
    "    cudaDeviceSynchronize();\n"
    "}\n";

static const char starter_matmul[] =
    STARTER_HEAD
    "// A: M x N, B: N x K, C: M x K floats, row-major (device pointers). Write C = A * B.\n"
    "__global__ void matrix_multiplication_kernel(const float* A, const float* B, float* C, int M, int N, int K) {\n"
    "    // your code: C[row * K + col] = sum over i of A[row * N + i] * B[i * K + col]\n"
    "}\n\n"
    "extern \"C\" void solve(const float* A, const float* B, float* C, int M, int N, int K) {\n"
    "    dim3 threads(16, 16);\n"
    "    dim3 blocks((K + threads.x - 1) / threads.x, (M + threads.y - 1) / threads.y);\n"
    "    matrix_multiplication_kernel<<<blocks, threads>>>(A, B, C, M, N, K);\n"
    "    cudaDeviceSynchronize();\n"
    "}\n";

static const char starter_compaction[] =
    STARTER_HEAD
    "// A: N floats, out: N floats, set to 0.0 before the call (device pointers). Copy the elements with\n"
    "// A[i] > 0 to the front of out, in their order; the rest of out stays 0.0.\n"
    "__global__ void stream_compaction_kernel(const float* A, int N, float* out) {\n"
    "    // your code: flags, a prefix sum of the flags, then a scatter to out[prefix]\n"
    "}\n\n"
    "extern \"C\" void solve(const float* A, int N, float* out) {\n"
    "    int threads = 256;\n"
    "    int blocks = (N + threads - 1) / threads;\n"
    "    stream_compaction_kernel<<<blocks, threads>>>(A, N, out);\n"
    "    cudaDeviceSynchronize();\n"
    "}\n";

static const char starter_sort[] =
    STARTER_HEAD
    "// data: N floats (device pointer). Sort them in ascending order, in place.\n"
    "__global__ void sort_kernel(float* data, int N) {\n"
    "    // your code: e.g. bitonic sort steps, or a radix sort over the float's bits\n"
    "}\n\n"
    "extern \"C\" void solve(float* data, int N) {\n"
    "    int threads = 256;\n"
    "    int blocks = (N + threads - 1) / threads;\n"
    "    sort_kernel<<<blocks, threads>>>(data, N);\n"
    "    cudaDeviceSynchronize();\n"
    "}\n";

static const char starter_conv2d[] =
    STARTER_HEAD
    "// input: input_rows x input_cols, kernel: kernel_rows x kernel_cols, output: (input_rows - kernel_rows + 1)\n"
    "// x (input_cols - kernel_cols + 1) floats, row-major (device pointers). Valid cross-correlation:\n"
    "// output[i][j] = sum over m, n of input[i + m][j + n] * kernel[m][n].\n"
    "__global__ void convolution_2d_kernel(const float* input, const float* kernel, float* output, int input_rows,\n"
    "                                      int input_cols, int kernel_rows, int kernel_cols) {\n"
    "    // your code: one output per thread; then the input tile and its halo in shared memory\n"
    "}\n\n"
    "extern \"C\" void solve(const float* input, const float* kernel, float* output, int input_rows,\n"
    "                      int input_cols, int kernel_rows, int kernel_cols) {\n"
    "    int out_rows = input_rows - kernel_rows + 1, out_cols = input_cols - kernel_cols + 1;\n"
    "    dim3 threads(16, 16);\n"
    "    dim3 blocks((out_cols + threads.x - 1) / threads.x, (out_rows + threads.y - 1) / threads.y);\n"
    "    convolution_2d_kernel<<<blocks, threads>>>(input, kernel, output, input_rows, input_cols, kernel_rows,\n"
    "                                               kernel_cols);\n"
    "    cudaDeviceSynchronize();\n"
    "}\n";

static const char starter_gemm[] =
    "#include <cuda_fp16.h>\n" STARTER_HEAD
    "// A: M x K, B: K x N, C: M x N halves, row-major (device pointers). Write\n"
    "// C = alpha * A * B + beta * C, accumulating in float.\n"
    "__global__ void gemm_kernel(const half* A, const half* B, half* C, int M, int N, int K, float alpha,\n"
    "                            float beta) {\n"
    "    // your code: a float sum per element of C, then __float2half(alpha * sum + beta * __half2float(c))\n"
    "}\n\n"
    "extern \"C\" void solve(const half* A, const half* B, half* C, int M, int N, int K, float alpha, float beta) {\n"
    "    dim3 threads(16, 16);\n"
    "    dim3 blocks((N + threads.x - 1) / threads.x, (M + threads.y - 1) / threads.y);\n"
    "    gemm_kernel<<<blocks, threads>>>(A, B, C, M, N, K, alpha, beta);\n"
    "    cudaDeviceSynchronize();\n"
    "}\n";

#define POISON "poisoned (every byte 0xFF: NaN) before each call"
#define ALLCLOSE(A, R) "|got - want| <= " A " + " R " |want| (LeetGPU's atol/rtol), want from the project's CPU reference"

const gpj_problem gpj_problems[] = {
    {"vector_add", GPJ_VECTOR_ADD, "LeetGPU 1 'Vector Addition' (easy)",
     "extern \"C\" void solve(const float* A, const float* B, float* C, int N)",
     "C[i] = A[i] + B[i] for i < N", "C " POISON, ALLCLOSE("1e-5", "1e-5"), 1e-5, 1e-5, 1,
     {25000000, 0, 0, 0}, "N = 25,000,000", "map", "add", NULL,
     "map rung table (vector add, f32)", "12N bytes (read A and B, write C)", 0, starter_vector_add},
    {"reduction", GPJ_REDUCTION, "LeetGPU 4 'Reduction' (medium)",
     "extern \"C\" void solve(const float* input, float* output, int N)",
     "output[0] = input[0] + ... + input[N-1]",
     "output " POISON " (solve must set it before adding into it)",
     ALLCLOSE("1e-5", "1e-5") "; inputs positive (no cancellation, as LeetGPU's large tests) or small integers (exact "
     "in any order)", 1e-5, 1e-5, 1,
     {4194304, 0, 0, 0}, "N = 4,194,304", "reduce", "sum", NULL, "reduce rung table (f32 sum)",
     "4N bytes (read input)", 0, starter_reduction},
    {"prefix_sum", GPJ_PREFIX_SUM, "LeetGPU 16 'Prefix Sum' (medium)",
     "extern \"C\" void solve(const float* input, float* output, int N)",
     "inclusive: output[i] = input[0] + ... + input[i]", "output " POISON, ALLCLOSE("0.01", "0.01"), 0.01, 0.01, 1,
     {250000, 0, 0, 0}, "N = 250,000", "scan", NULL, "f32", "scan rung table (inclusive f32 sum)",
     "8N bytes (read input, write output)", 0, starter_prefix_sum},
    {"histogramming", GPJ_HISTOGRAM, "LeetGPU 13 'Histogramming' (medium)",
     "extern \"C\" void solve(const int* input, int* histogram, int N, int num_bins)",
     "histogram[v] = number of i with input[i] == v, for 0 <= input[i] < num_bins <= 1024",
     "histogram zeroed before each call (LeetGPU's tests pass it zeroed)", "exact (LeetGPU: atol 1e-5 on integers)",
     0, 0, 2, {50000000, 256, 0, 0}, "N = 50,000,000, num_bins = 256", "histogram", "f32", NULL,
     "histogram rung table, even bins over 4-byte f32 samples (its i32 samples have no bench case; same bytes)",
     "4N bytes (read input)", 0, starter_histogram},
    {"matrix_transpose", GPJ_TRANSPOSE, "LeetGPU 3 'Matrix Transpose' (easy)",
     "extern \"C\" void solve(const float* input, float* output, int rows, int cols)",
     "output (cols x rows) = input (rows x cols) transposed, row-major", "output " POISON,
     ALLCLOSE("1e-5", "1e-5"), 1e-5, 1e-5, 2, {7000, 6000, 0, 0}, "rows = 7,000, cols = 6,000", "transpose", NULL,
     NULL, "transpose rung table (f32)", "8 rows cols bytes (read input, write output)", 0, starter_transpose},
    {"matrix_multiplication", GPJ_MATMUL, "LeetGPU 2 'Matrix Multiplication' (easy)",
     "extern \"C\" void solve(const float* A, const float* B, float* C, int M, int N, int K)",
     "C (M x K) = A (M x N) * B (N x K), f32, row-major (N is the inner dimension)", "C " POISON,
     ALLCLOSE("1e-4", "1e-4"), 1e-4, 1e-4, 3, {8192, 6144, 4096, 0}, "M = 8,192, N = 6,144, K = 4,096", "sgemm",
     NULL, NULL, "sgemm rung table at m = M, n = K, k = N", "2 M N K FLOPs", 1, starter_matmul},
    {"stream_compaction", GPJ_COMPACTION, "LeetGPU 72 'Stream Compaction' (medium)",
     "extern \"C\" void solve(const float* A, int N, float* out)",
     "out[0..k) = the k elements with A[i] > 0 in their order; out[k..N) = 0.0",
     "out set to 0.0 before each call (LeetGPU's contract)", "exact (LeetGPU: atol 0, rtol 0)", 0, 0, 1,
     {50000000, 0, 0, 0}, "N = 50,000,000", "compact", NULL, NULL,
     "compact rung table (select x > 0.5 of f32, ~50% kept; its out is not zero-filled past k)",
     "4N bytes (GB/s of input, as the compact ladder counts)", 0, starter_compaction},
    {"sorting", GPJ_SORT, "LeetGPU 15 'Sorting' (hard)", "extern \"C\" void solve(float* data, int N)",
     "data sorted ascending, in place (N <= 1,000,000)", "data holds the input (in place)",
     "|got - want| <= 1e-5 + 1e-5 |want| (LeetGPU's atol/rtol), want from the judge's CPU sort", 1e-5, 1e-5, 1, {1000000, 0, 0, 0}, "N = 1,000,000", "sort", "f32", NULL,
     "sort rung table, f32 keys at the same N (out of place there: keys in, keys out)",
     "8N bytes (read and write data once)", 0, starter_sort},
    {"convolution_2d", GPJ_CONV2D, "LeetGPU 10 '2D Convolution' (medium)",
     "extern \"C\" void solve(const float* input, const float* kernel, float* output, int input_rows, "
     "int input_cols, int kernel_rows, int kernel_cols)",
     "valid cross-correlation (F.conv2d, no padding): output is (input_rows - kernel_rows + 1) x (input_cols - "
     "kernel_cols + 1)",
     "output " POISON, "|got - want| <= 1e-5 + 1e-5 |want| (LeetGPU's atol/rtol) + kr kc 2^-24 sum |x w| (what "
     "f32 sums of kr kc products may be off in any order; LeetGPU's own tests stop at 7 x 7 kernels of small "
     "weights), want from the judge's CPU cross-correlation in double", 1e-5, 1e-5, 4, {3072, 3072, 15, 15},
     "input 3,072 x 3,072, kernel 15 x 15", NULL, NULL, NULL, "the conv2d ladder has no VALID-mode case at the problem's size yet",
     "2 out_rows out_cols kernel_rows kernel_cols FLOPs", 1, starter_conv2d},
    {"gemm", GPJ_GEMM_F16, "LeetGPU 22 'General Matrix Multiplication (GEMM)' (medium), half precision",
     "extern \"C\" void solve(const half* A, const half* B, half* C, int M, int N, int K, float alpha, float beta)",
     "C (M x N) = alpha A (M x K) B (K x N) + beta C, halves, row-major, 16 <= M, N, K",
     "C holds its input (random halves; C is read when beta != 0)",
     "|got - want| <= 0.05 + 0.05 |want| (LeetGPU's atol/rtol), want from a CPU product of the halves in double", 0.05,
     0.05, 3,
     {1024, 1024, 1024, 0}, "M = N = K = 1,024, alpha = beta = 1", "gemm", "f16", NULL,
     "gemm (tensor cores) rung table, f16 -> f16", "2 M N K FLOPs", 1, starter_gemm},
};
const int gpj_problem_count = (int)(sizeof gpj_problems / sizeof gpj_problems[0]);

const char *const gpj_problem_names[] = {"vector_add", "reduction", "prefix_sum", "histogramming",
                                         "matrix_transpose", "matrix_multiplication", "stream_compaction",
                                         "sorting", "convolution_2d", "gemm", NULL};

const gpj_problem *gpj_find_problem(const char *name)
{
    for (int i = 0; name && i < gpj_problem_count; i++)
        if (!strcmp(gpj_problems[i].name, name)) return &gpj_problems[i];
    return NULL;
}

void gpj_prototype_header(const gpj_problem *p, char *buf, size_t len)
{
    snprintf(buf, len,
             "// gpuprim judge: the signature of problem '%s'; a solve of another signature does not compile.\n"
             "#include <cuda_runtime.h>\n#include <cuda_fp16.h>\n%s;\n",
             p->name, p->prototype);
}

double gpj_work(const gpj_problem *p, const int64_t *d)
{
    const double a = (double)d[0], b = (double)d[1], c = (double)d[2], e = (double)d[3];
    switch (p->kind) {
    case GPJ_VECTOR_ADD: return 12.0 * a;
    case GPJ_REDUCTION: return 4.0 * a;
    case GPJ_PREFIX_SUM: return 8.0 * a;
    case GPJ_HISTOGRAM: return 4.0 * a;
    case GPJ_TRANSPOSE: return 8.0 * a * b;
    case GPJ_MATMUL: return 2.0 * a * b * c;
    case GPJ_COMPACTION: return 4.0 * a;
    case GPJ_SORT: return 8.0 * a;
    case GPJ_CONV2D: return 2.0 * (a - c + 1) * (b - e + 1) * c * e;
    case GPJ_GEMM_F16: return 2.0 * a * b * c;
    default: return 0;
    }
}

void gpj_size_text(const gpj_problem *p, const int64_t *d, char *buf, size_t len)
{
    const long long a = (long long)d[0], b = (long long)d[1], c = (long long)d[2], e = (long long)d[3];
    switch (p->kind) {
    case GPJ_HISTOGRAM: snprintf(buf, len, "N=%lld num_bins=%lld", a, b); break;
    case GPJ_TRANSPOSE: snprintf(buf, len, "rows=%lld cols=%lld", a, b); break;
    case GPJ_MATMUL:
    case GPJ_GEMM_F16: snprintf(buf, len, "M=%lld N=%lld K=%lld", a, b, c); break;
    case GPJ_CONV2D: snprintf(buf, len, "input %lldx%lld kernel %lldx%lld", a, b, c, e); break;
    default: snprintf(buf, len, "N=%lld", a); break;
    }
}

void gpj_bench_size(const gpj_problem *p, int64_t n, int64_t *d)
{
    memcpy(d, p->bench, sizeof p->bench);
    if (n <= 0) return;
    if (p->dims == 1 || p->kind == GPJ_HISTOGRAM) d[0] = n;
    else if (p->kind == GPJ_CONV2D) d[0] = d[1] = n < d[2] ? d[2] : n;
    else d[0] = d[1] = d[2] = n;
    if (p->kind == GPJ_TRANSPOSE) d[2] = 0;
}
