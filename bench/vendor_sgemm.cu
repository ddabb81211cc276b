// vendor_sgemm.cu — the cuBLAS baseline for sgemm: cublasSgemm with CUBLAS_PEDANTIC_MATH (true fp32 on CUDA
// cores, no TF32 tensor cores). Row-major C = op(A)·op(B) is column-major C^T = op(B)^T·op(A)^T, so the
// operands are passed swapped with the same transpose flags.
#include "vendor.h"
#include <cublas_v2.h>

static cublasHandle_t vendor_handle;

static int vendor_ready(cudaStream_t s)
{
    if (!vendor_handle) {
        if (cublasCreate(&vendor_handle) != CUBLAS_STATUS_SUCCESS) return 0;
        if (cublasSetMathMode(vendor_handle, CUBLAS_PEDANTIC_MATH) != CUBLAS_STATUS_SUCCESS) return 0;
    }
    return cublasSetStream(vendor_handle, s) == CUBLAS_STATUS_SUCCESS;
}

extern "C" int gpb_vendor_sgemm_strided_batched(int ta, int tb, int64_t m, int64_t n, int64_t k, float alpha,
                                                const float *A, int64_t lda, int64_t stride_a, const float *B,
                                                int64_t ldb, int64_t stride_b, float beta, float *C, int64_t ldc,
                                                int64_t stride_c, int64_t batch, cudaStream_t s)
{
    if (!vendor_ready(s)) return 1;
    if (m > 0x7fffffff || n > 0x7fffffff || k > 0x7fffffff || lda > 0x7fffffff || ldb > 0x7fffffff ||
        ldc > 0x7fffffff || batch > 0x7fffffff)
        return 1;
    return cublasSgemmStridedBatched(vendor_handle, tb ? CUBLAS_OP_T : CUBLAS_OP_N, ta ? CUBLAS_OP_T : CUBLAS_OP_N,
                                     (int)n, (int)m, (int)k, &alpha, B, (int)ldb, stride_b, A, (int)lda, stride_a, &beta,
                                     C, (int)ldc, stride_c, (int)batch) != CUBLAS_STATUS_SUCCESS;
}

extern "C" int gpb_vendor_sgemm(int ta, int tb, int64_t m, int64_t n, int64_t k, float alpha, const float *A,
                                int64_t lda, const float *B, int64_t ldb, float beta, float *C, int64_t ldc,
                                cudaStream_t s)
{
    if (!vendor_ready(s)) return 1;
    if (m > 0x7fffffff || n > 0x7fffffff || k > 0x7fffffff || lda > 0x7fffffff || ldb > 0x7fffffff || ldc > 0x7fffffff)
        return 1;
    return cublasSgemm(vendor_handle, tb ? CUBLAS_OP_T : CUBLAS_OP_N, ta ? CUBLAS_OP_T : CUBLAS_OP_N, (int)n, (int)m,
                       (int)k, &alpha, B, (int)ldb, A, (int)lda, &beta, C, (int)ldc) != CUBLAS_STATUS_SUCCESS;
}
