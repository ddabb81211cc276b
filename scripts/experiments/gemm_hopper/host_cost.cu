// host_cost.cu — what one small gemm call costs on the host (session 17): wall-clock per call of the pieces a
// Hopper gemm call makes (pointer query, tensor-map encode, a plain and a cluster launch of an empty kernel) and
// of gp_gemm itself, against the GPU time per call (events around back-to-back calls). With arguments N CFG CALLS:
// only CALLS calls of bf16 N^3 on rung 04's configuration CFG (a kernel for ncu to profile).
//   nvcc -O2 -arch=sm_90a -I include host_cost.cu -L build-gpu -lgpuprim -lcuda -o host_cost
#include <cuda.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "gpuprim.h"

__global__ void empty_kernel(int x) { if (x == 12345) printf("x"); }

static double now_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec * 1e-3;
}

#define TIME(label, N, ...)                                                                              \
    do {                                                                                                 \
        for (int i_ = 0; i_ < 20; ++i_) { __VA_ARGS__; }                                                      \
        cudaDeviceSynchronize();                                                                         \
        const double t0_ = now_us();                                                                     \
        for (int i_ = 0; i_ < (N); ++i_) { __VA_ARGS__; }                                                     \
        const double t1_ = now_us();                                                                     \
        cudaDeviceSynchronize();                                                                         \
        const double t2_ = now_us();                                                                     \
        printf("%-44s host %7.2f us/call, with the GPU's drain %7.2f us/call\n", label, (t1_ - t0_) / (N), \
               (t2_ - t0_) / (N));                                                                       \
    } while (0)

int main(int argc, char **argv)
{
    void *A, *B, *C;
    cudaMalloc(&A, 64 << 20);
    cudaMalloc(&B, 64 << 20);
    cudaMalloc(&C, 64 << 20);
    cudaMemset(A, 0, 64 << 20);
    cudaMemset(B, 0, 64 << 20);
    gp_handle h;
    gp_create(&h);
    if (argc == 4) { /* "host_cost N CFG CALLS": CALLS calls of gp_gemm bf16 N^3 with rung 04's configuration CFG (for ncu) */
        const int n = atoi(argv[1]), cfgi = atoi(argv[2]), calls = atoi(argv[3]);
        gp_set_rung(h, GP_PRIM_GEMM, 4);
        gp_set_config(h, GP_PRIM_GEMM, cfgi);
        for (int i = 0; i < calls; ++i)
            gp_gemm(h, GP_NO_TRANS, GP_NO_TRANS, n, n, n, 1.f, A, GP_DTYPE_BF16, n, B, GP_DTYPE_BF16, n, 0.f, C,
                    GP_DTYPE_BF16, n, GP_COMPUTE_F32);
        cudaDeviceSynchronize();
        printf("%s\n", cudaGetErrorString(cudaGetLastError()));
        return 0;
    }
    cudaPointerAttributes pa;
    TIME("cudaPointerGetAttributes", 2000, cudaPointerGetAttributes(&pa, A));
    TIME("empty kernel <<<>>>", 2000, empty_kernel<<<4, 128>>>(i_));
    cudaLaunchConfig_t cfg = {};
    cudaLaunchAttribute at[1];
    at[0].id = cudaLaunchAttributeClusterDimension;
    at[0].val.clusterDim.x = 2;
    at[0].val.clusterDim.y = 1;
    at[0].val.clusterDim.z = 1;
    cfg.gridDim = dim3(8);
    cfg.blockDim = dim3(128);
    cfg.attrs = at;
    cfg.numAttrs = 1;
    TIME("empty kernel cudaLaunchKernelEx cluster 2", 2000, cudaLaunchKernelEx(&cfg, empty_kernel, i_));
    void *fn = NULL;
    cudaDriverEntryPointQueryResult q;
    cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &fn, 12000, cudaEnableDefault, &q);
    typedef CUresult (*enc_t)(CUtensorMap *, CUtensorMapDataType, cuuint32_t, void *, const cuuint64_t *,
                              const cuuint64_t *, const cuuint32_t *, const cuuint32_t *, CUtensorMapInterleave,
                              CUtensorMapSwizzle, CUtensorMapL2promotion, CUtensorMapFloatOOBfill);
    enc_t enc = (enc_t)fn;
    CUtensorMap map;
    cuuint64_t dims[2] = {1024, 1024}, strides[1] = {2048};
    cuuint32_t box[2] = {64, 128}, es[2] = {1, 1};
    TIME("cuTensorMapEncodeTiled", 2000,
         enc(&map, CU_TENSOR_MAP_DATA_TYPE_BFLOAT16, 2, A, dims, strides, box, es, CU_TENSOR_MAP_INTERLEAVE_NONE,
             CU_TENSOR_MAP_SWIZZLE_128B, CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE));
    static const int sizes[] = {64, 256, 512, 1000, 1024, 2048};
    const int only_auto = getenv("HOST_COST_AUTO") != NULL; /* session 25: auto only, for library A/Bs */
    for (int i = 0; i < 6; ++i) {
        const int n = sizes[i];
        char label[64];
        for (int cfgi = -1; cfgi <= (only_auto ? -1 : 1); ++cfgi) {
            gp_set_rung(h, GP_PRIM_GEMM, cfgi < 0 ? 0 : 4);
            gp_set_config(h, GP_PRIM_GEMM, cfgi < 0 ? -1 : cfgi);
            snprintf(label, sizeof label, "gp_gemm bf16 %d^3 %s", n, cfgi < 0 ? "auto" : cfgi ? "r04 kc2" : "r04 kc1");
            TIME(label, 1000,
                 gp_gemm(h, GP_NO_TRANS, GP_NO_TRANS, n, n, n, 1.f, A, GP_DTYPE_BF16, n, B, GP_DTYPE_BF16, n, 0.f, C,
                         GP_DTYPE_BF16, n, GP_COMPUTE_F32));
        }
    }
    gp_set_rung(h, GP_PRIM_GEMM, 0);
    gp_set_config(h, GP_PRIM_GEMM, -1);
    gp_destroy(h);
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
}
