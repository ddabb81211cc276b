// vendor_transpose.cu — the vendor baseline for transpose: cublasSgeam with op(A) = A^T, alpha 1, beta 0.
// cuBLAS is column-major: the row-major rows x cols input (ld_in) is the column-major cols x rows matrix A
// with lda = ld_in, and the row-major cols x rows output (ld_out) is the column-major rows x cols matrix C
// with ldc = ld_out. C = 1 * A^T + 0 * B, with B = C (allowed by cuBLAS for transb = N and ldb = ldc).
#include "vendor.h"
#include <cublas_v2.h>
#include <limits.h>

static cublasHandle_t g_cublas;

extern "C" int gpb_vendor_transpose_create(cudaStream_t s)
{
    if (!g_cublas && cublasCreate(&g_cublas) != CUBLAS_STATUS_SUCCESS) { g_cublas = NULL; return 1; }
    return cublasSetStream(g_cublas, s) != CUBLAS_STATUS_SUCCESS;
}

extern "C" int gpb_vendor_transpose_f32(int64_t rows, int64_t cols, const float *in, int64_t ld_in, float *out,
                                        int64_t ld_out)
{
    const float alpha = 1.f, beta = 0.f;
    if (!g_cublas || rows > INT_MAX || cols > INT_MAX || ld_in > INT_MAX || ld_out > INT_MAX) return 1;
    return cublasSgeam(g_cublas, CUBLAS_OP_T, CUBLAS_OP_N, (int)rows, (int)cols, &alpha, in, (int)ld_in, &beta, out,
                       (int)ld_out, out, (int)ld_out) != CUBLAS_STATUS_SUCCESS;
}

extern "C" void gpb_vendor_transpose_destroy(void)
{
    if (g_cublas) cublasDestroy(g_cublas);
    g_cublas = NULL;
}
