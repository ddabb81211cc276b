// vendor_conv.cu — the cuDNN baseline for conv2d: cudnnConvolutionForward in f32 on one image and one filter
// (NCHW 1x1xHxW, cross-correlation as gp_conv2d_f32), the fastest algorithm cudnnFindConvolutionForwardAlgorithmEx
// times on the call's own buffers when the shape's plan is made (outside the timed runs), its workspace allocated
// once. Math: CUDNN_FMA_MATH, FMA kernels only: CUDNN_DEFAULT_MATH lets cuDNN round f32 inputs to TF32 on the
// tensor cores from sm_80 on, which is not the f32 arithmetic the rungs do. Built with cuDNN only where CMake
// found it (GPUPRIM_WITH_CUDNN, which defines GPB_HAVE_CUDNN); otherwise every plan says why there is none.
#include "vendor.h"
#include <stdio.h>
#include <string.h>

#ifdef GPB_HAVE_CUDNN
#include <cudnn.h>
#include <limits.h>

#define SEARCH_WORKSPACE_MAX ((size_t)2 << 30) /* what the algorithm search may use at most */

typedef struct conv_plan {
    int valid;
    cudnnTensorDescriptor_t x, y;
    cudnnFilterDescriptor_t w;
    cudnnConvolutionDescriptor_t conv;
    cudnnConvolutionFwdAlgo_t algo;
    void *ws;
    size_t ws_bytes;
} conv_plan;

static cudnnHandle_t g_cudnn;
static conv_plan plan; /* the last shape's: a bench case repeats one shape */

static const char *algo_name(cudnnConvolutionFwdAlgo_t a)
{
    static const char *const names[] = {"implicit gemm", "implicit precomp gemm", "gemm", "direct", "fft",
                                        "fft tiling", "winograd", "winograd nonfused"};
    return (int)a >= 0 && (int)a < (int)(sizeof names / sizeof names[0]) ? names[a] : "?";
}

extern "C" void gpb_vendor_conv_destroy(void)
{
    if (plan.x) cudnnDestroyTensorDescriptor(plan.x);
    if (plan.y) cudnnDestroyTensorDescriptor(plan.y);
    if (plan.w) cudnnDestroyFilterDescriptor(plan.w);
    if (plan.conv) cudnnDestroyConvolutionDescriptor(plan.conv);
    cudaFree(plan.ws);
    memset(&plan, 0, sizeof plan);
    if (g_cudnn) cudnnDestroy(g_cudnn);
    g_cudnn = NULL;
}

/* On a cuDNN error: the call and its status into desc, everything freed, 1 returned. */
#define DNN_TRY(call)                                                                                           \
    do {                                                                                                        \
        cudnnStatus_t st_ = (call);                                                                             \
        if (st_ != CUDNN_STATUS_SUCCESS) {                                                                      \
            snprintf(desc, len, "cuDNN failed: %s: %s", #call, cudnnGetErrorString(st_));                       \
            gpb_vendor_conv_destroy();                                                                          \
            return 1;                                                                                           \
        }                                                                                                       \
    } while (0)

extern "C" int gpb_vendor_conv_plan(int64_t rows, int64_t cols, int fr, int fc, int valid, const float *in,
                                    const float *filter, float *out, cudaStream_t s, char *desc, size_t len)
{
    const int64_t orows = valid ? rows - fr + 1 : rows, ocols = valid ? cols - fc + 1 : cols;
    cudnnConvolutionFwdAlgoPerf_t perf[CUDNN_CONVOLUTION_FWD_ALGO_COUNT];
    int n = 0, best = -1;
    size_t free_b = 0, total_b = 0, search = 0;
    void *search_ws = NULL;
    gpb_vendor_conv_destroy();
    if (rows > INT_MAX || cols > INT_MAX || orows < 1 || ocols < 1) {
        snprintf(desc, len, "cuDNN: shape out of its int range or empty");
        return 1;
    }
    DNN_TRY(cudnnCreate(&g_cudnn));
    DNN_TRY(cudnnSetStream(g_cudnn, s));
    DNN_TRY(cudnnCreateTensorDescriptor(&plan.x));
    DNN_TRY(cudnnCreateTensorDescriptor(&plan.y));
    DNN_TRY(cudnnCreateFilterDescriptor(&plan.w));
    DNN_TRY(cudnnCreateConvolutionDescriptor(&plan.conv));
    DNN_TRY(cudnnSetTensor4dDescriptor(plan.x, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, 1, 1, (int)rows, (int)cols));
    DNN_TRY(cudnnSetFilter4dDescriptor(plan.w, CUDNN_DATA_FLOAT, CUDNN_TENSOR_NCHW, 1, 1, fr, fc));
    DNN_TRY(cudnnSetConvolution2dDescriptor(plan.conv, valid ? 0 : fr / 2, valid ? 0 : fc / 2, 1, 1, 1, 1,
                                            CUDNN_CROSS_CORRELATION, CUDNN_DATA_FLOAT));
    DNN_TRY(cudnnSetConvolutionMathType(plan.conv, CUDNN_FMA_MATH));
    DNN_TRY(cudnnSetTensor4dDescriptor(plan.y, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, 1, 1, (int)orows, (int)ocols));
    /* the search may use up to a quarter of the free memory (2 GiB at most): FFT algorithms want a lot */
    if (cudaMemGetInfo(&free_b, &total_b) == cudaSuccess) search = free_b / 4 < SEARCH_WORKSPACE_MAX ? free_b / 4 : SEARCH_WORKSPACE_MAX;
    while (search && cudaMalloc(&search_ws, search) != cudaSuccess) search /= 2;
    (void)cudaGetLastError();
    {
        const cudnnStatus_t st = cudnnFindConvolutionForwardAlgorithmEx(
            g_cudnn, plan.x, in, plan.w, filter, plan.conv, plan.y, out, CUDNN_CONVOLUTION_FWD_ALGO_COUNT, &n, perf,
            search_ws, search);
        cudaFree(search_ws);
        DNN_TRY(st);
    }
    /* the fastest that ran with FMA math (the list is sorted by time) */
    for (int i = 0; i < n && best < 0; i++)
        if (perf[i].status == CUDNN_STATUS_SUCCESS && perf[i].mathType == CUDNN_FMA_MATH) best = i;
    if (best < 0) {
        snprintf(desc, len, "cuDNN: no FMA-math algorithm for %lldx%lld with %dx%d", (long long)rows, (long long)cols,
                 fr, fc);
        gpb_vendor_conv_destroy();
        return 1;
    }
    plan.algo = perf[best].algo;
    plan.ws_bytes = perf[best].memory;
    if (plan.ws_bytes && cudaMalloc(&plan.ws, plan.ws_bytes) != cudaSuccess) {
        snprintf(desc, len, "cuDNN: cannot allocate its %zu-byte workspace", plan.ws_bytes);
        gpb_vendor_conv_destroy();
        return 1;
    }
    plan.valid = 1;
    snprintf(desc, len, "%s, %zu B workspace", algo_name(plan.algo), plan.ws_bytes);
    return 0;
}

extern "C" int gpb_vendor_conv(const float *in, const float *filter, float *out, cudaStream_t s)
{
    const float one = 1.f, zero = 0.f;
    if (!plan.valid || cudnnSetStream(g_cudnn, s) != CUDNN_STATUS_SUCCESS) return 1;
    return cudnnConvolutionForward(g_cudnn, &one, plan.x, in, plan.w, filter, plan.conv, plan.algo, plan.ws,
                                   plan.ws_bytes, &zero, plan.y, out) != CUDNN_STATUS_SUCCESS;
}

#else /* built without cuDNN */

extern "C" int gpb_vendor_conv_plan(int64_t rows, int64_t cols, int fr, int fc, int valid, const float *in,
                                    const float *filter, float *out, cudaStream_t s, char *desc, size_t len)
{
    (void)rows; (void)cols; (void)fr; (void)fc; (void)valid; (void)in; (void)filter; (void)out; (void)s;
    snprintf(desc, len, "cuDNN not available (built without it)");
    return 1;
}

extern "C" int gpb_vendor_conv(const float *in, const float *filter, float *out, cudaStream_t s)
{
    (void)in; (void)filter; (void)out; (void)s;
    return 1;
}

extern "C" void gpb_vendor_conv_destroy(void) {}

#endif
