// devdata.cu — random test data generated on the device (a counter-based hash, so 2^28 values take
// milliseconds, not seconds on the host), poisoning of outputs, exact-span allocations and host copies.
#include "devdata.h"
#include <stdio.h>
#include <cuda_runtime.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <stdlib.h>
#include <time.h>

__device__ __forceinline__ uint64_t splitmix64(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

template <typename T, typename F>
__global__ void fill_kernel(T *d, int64_t n, uint64_t seed, F f)
{
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x)
        d[i] = f(splitmix64(seed ^ (uint64_t)i * 0xD1B54A32D192ED03ull));
}

struct UniformF32 { float lo, hi; __device__ float operator()(uint64_t r) const { return lo + (hi - lo) * (float)((r >> 40) * (1.0 / 16777216.0)); } };
struct UniformF64 { double lo, hi; __device__ double operator()(uint64_t r) const { return lo + (hi - lo) * ((r >> 11) * (1.0 / 9007199254740992.0)); } };
struct UniformI32 { int64_t lo, span; __device__ int32_t operator()(uint64_t r) const { return (int32_t)(lo + (int64_t)(r % (uint64_t)span)); } };
struct UniformU8 { __device__ uint8_t operator()(uint64_t r) const { return (uint8_t)(r >> 56); } };

template <typename T, typename F>
static void launch_fill(T *d, int64_t n, uint64_t seed, F f, cudaStream_t s)
{
    if (n <= 0) return;
    int64_t blocks = (n + 255) / 256;
    if (blocks > 65536) blocks = 65536;
    fill_kernel<<<(unsigned)blocks, 256, 0, s>>>(d, n, seed, f);
}

extern "C" void gpt_fill_f32(float *d, int64_t n, float lo, float hi, uint64_t seed, cudaStream_t s)
{
    launch_fill(d, n, seed, UniformF32{lo, hi}, s);
}
extern "C" void gpt_fill_f64(double *d, int64_t n, double lo, double hi, uint64_t seed, cudaStream_t s)
{
    launch_fill(d, n, seed, UniformF64{lo, hi}, s);
}
extern "C" void gpt_fill_i32(int32_t *d, int64_t n, int32_t lo, int32_t hi, uint64_t seed, cudaStream_t s)
{
    launch_fill(d, n, seed, UniformI32{lo, (int64_t)hi - lo + 1}, s);
}
extern "C" void gpt_fill_u8(uint8_t *d, int64_t n, uint64_t seed, cudaStream_t s)
{
    launch_fill(d, n, seed, UniformU8{}, s);
}
/* v / 256 with v uniform in [-r, r]: exact in bf16 (r <= 256), f16 and tf32; `bits` adds random low bits
 * below tf32's precision (f32 only: the kernel must round them away). */
struct Frac256F32 { int r; int bits; __device__ float operator()(uint64_t x) const {
    float v = (float)((int64_t)(x % (uint64_t)(2 * r + 1)) - r) / 256.f;
    if (bits && v != 0.f) v = __uint_as_float(__float_as_uint(v) ^ (uint32_t)((x >> 40) & 0x1FFF));
    return v; } };
struct Frac256BF16 { int r; __device__ __nv_bfloat16 operator()(uint64_t x) const {
    return __float2bfloat16_rn((float)((int64_t)(x % (uint64_t)(2 * r + 1)) - r) / 256.f); } };
struct Frac256F16 { int r; __device__ __half operator()(uint64_t x) const {
    return __float2half_rn((float)((int64_t)(x % (uint64_t)(2 * r + 1)) - r) / 256.f); } };

extern "C" void gpt_fill_frac(void *d, int dtype, int64_t n, int r, int low_bits, uint64_t seed, cudaStream_t s)
{
    if (dtype == 2) launch_fill((__nv_bfloat16 *)d, n, seed, Frac256BF16{r}, s);
    else if (dtype == 1) launch_fill((__half *)d, n, seed, Frac256F16{r}, s);
    else launch_fill((float *)d, n, seed, Frac256F32{r, low_bits}, s);
}

extern "C" void gpt_poison(void *d, size_t bytes, cudaStream_t s)
{
    if (bytes) cudaMemsetAsync(d, 0xFF, bytes, s);
}

extern "C" int gpt_have_device(void)
{
    int n = 0;
    if (cudaGetDeviceCount(&n) != cudaSuccess || n == 0) {
        (void)cudaGetLastError();
        return 0;
    }
    return 1;
}

extern "C" void gpt_skip_without_device(const char *test_name)
{
    if (!gpt_have_device()) {
        printf("%s: no CUDA device, skipped\n", test_name);
        exit(77);
    }
}

extern "C" uint64_t gpt_clock_seed(void)
{
    return ((uint64_t)time(NULL) * 2654435761u) ^ (uint64_t)clock();
}

extern "C" int gpt_dev_alloc(void **d, size_t bytes)
{
    *d = NULL;
    return bytes && cudaMalloc(d, bytes) != cudaSuccess;
}

extern "C" void *gpt_host_copy(const void *d, size_t bytes)
{
    void *h = malloc(bytes ? bytes : 1);
    if (h && bytes && cudaMemcpy(h, d, bytes, cudaMemcpyDeviceToHost) != cudaSuccess) {
        free(h);
        h = NULL;
    }
    return h;
}
