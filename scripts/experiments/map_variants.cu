// map_variants.cu — experiment (not part of the library): which vector-add variant gets closest to the
// D2D copy ceiling on this GPU? Build: nvcc -O3 -gencode=arch=compute_90a,code=sm_90a map_variants.cu
#include <cstdio>
#include <cstdint>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>

template <int U, int HINT>
__global__ void add(int64_t nvec, const float4 *__restrict__ a, const float4 *__restrict__ b, float4 *__restrict__ c)
{
    const int64_t tile = (int64_t)blockDim.x * U, step = (int64_t)gridDim.x * tile;
    for (int64_t base = (int64_t)blockIdx.x * tile + threadIdx.x; base < nvec; base += step) {
        float4 x[U], y[U];
        if (base + (U - 1) * (int64_t)blockDim.x < nvec) {
#pragma unroll
            for (int u = 0; u < U; u++) {
                if (HINT == 1) { x[u] = __ldcs(a + base + u * blockDim.x); y[u] = __ldcs(b + base + u * blockDim.x); }
                else if (HINT == 2) { x[u] = __ldlu(a + base + u * blockDim.x); y[u] = __ldlu(b + base + u * blockDim.x); }
                else { x[u] = a[base + u * blockDim.x]; y[u] = b[base + u * blockDim.x]; }
            }
#pragma unroll
            for (int u = 0; u < U; u++) {
                float4 r = make_float4(x[u].x + y[u].x, x[u].y + y[u].y, x[u].z + y[u].z, x[u].w + y[u].w);
                if (HINT >= 1) __stcs(c + base + u * blockDim.x, r); else c[base + u * blockDim.x] = r;
            }
        } else {
            for (int u = 0; u < U; u++) {
                int64_t i = base + u * (int64_t)blockDim.x;
                if (i < nvec) c[i] = make_float4(a[i].x + b[i].x, a[i].y + b[i].y, a[i].z + b[i].z, a[i].w + b[i].w);
            }
        }
    }
}

// one float4 per thread, grid sized from n (no loop)
__global__ void add_flat(int64_t nvec, const float4 *__restrict__ a, const float4 *__restrict__ b, float4 *__restrict__ c)
{
    int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < nvec) { float4 x = a[i], y = b[i]; c[i] = make_float4(x.x + y.x, x.y + y.y, x.z + y.z, x.w + y.w); }
}
// U float4 per thread, grid sized from n (no loop)
template <int U>
__global__ void add_flatU(int64_t nvec, const float4 *__restrict__ a, const float4 *__restrict__ b, float4 *__restrict__ c)
{
    int64_t base = (int64_t)blockIdx.x * blockDim.x * U + threadIdx.x;
    float4 x[U], y[U];
#pragma unroll
    for (int u = 0; u < U; u++) { int64_t i = base + u * blockDim.x; if (i < nvec) { x[u] = a[i]; y[u] = b[i]; } }
#pragma unroll
    for (int u = 0; u < U; u++) { int64_t i = base + u * blockDim.x; if (i < nvec) c[i] = make_float4(x[u].x + y[u].x, x[u].y + y[u].y, x[u].z + y[u].z, x[u].w + y[u].w); }
}

static float median_ms(std::vector<float> v) { std::sort(v.begin(), v.end()); return v[v.size() / 2]; }

template <typename F>
static float timeit(F f)
{
    cudaEvent_t e[61];
    for (auto &x : e) cudaEventCreate(&x);
    f(); f();
    cudaEventRecord(e[0]);
    for (int i = 0; i < 60; i++) { f(); cudaEventRecord(e[i + 1]); }
    cudaEventSynchronize(e[60]);
    std::vector<float> t(60);
    for (int i = 0; i < 60; i++) cudaEventElapsedTime(&t[i], e[i], e[i + 1]);
    return median_ms(t);
}

int main()
{
    const int64_t n = (int64_t)1 << 28, nvec = n / 4;
    float4 *a, *b, *c;
    cudaMalloc(&a, n * 4); cudaMalloc(&b, n * 4); cudaMalloc(&c, n * 4);
    cudaMemset(a, 0x3f, n * 4); cudaMemset(b, 0x3e, n * 4);
    int sms; cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
    float copy = timeit([&] { cudaMemcpyAsync(c, a, n * 4, cudaMemcpyDeviceToDevice); });
    printf("copy 1GiB: %.4f ms  %.1f GB/s\n", copy, 8.0 * n / copy / 1e6);
    auto report = [&](const char *name, float ms) { printf("%-40s %.4f ms  %.1f GB/s  %.1f%% of copy\n", name, ms, 12.0 * n / ms / 1e6, 100.0 * (12.0 * n / ms) / (8.0 * n / copy)); };
#define RUN(U, H, T, W) report(#U " " #H " threads=" #T " waves=" #W, timeit([&] { add<U, H><<<sms * (2048 / T) * W, T>>>(nvec, a, b, c); }))
    RUN(4, 0, 256, 1); RUN(4, 1, 256, 1); RUN(4, 2, 256, 1);
    RUN(8, 0, 256, 1); RUN(8, 1, 256, 1);
    RUN(2, 0, 256, 1); RUN(1, 0, 256, 1);
    RUN(4, 0, 512, 1); RUN(4, 0, 1024, 1); RUN(4, 0, 128, 1);
    RUN(4, 0, 256, 2); RUN(4, 0, 256, 4); RUN(2, 0, 256, 4); RUN(8, 0, 128, 1);
    report("flat 1 float4/thread 256", timeit([&] { add_flat<<<(unsigned)((nvec + 255) / 256), 256>>>(nvec, a, b, c); }));
    report("flatU2 256", timeit([&] { add_flatU<2><<<(unsigned)((nvec + 511) / 512), 256>>>(nvec, a, b, c); }));
    report("flatU4 256", timeit([&] { add_flatU<4><<<(unsigned)((nvec + 1023) / 1024), 256>>>(nvec, a, b, c); }));
    report("flatU4 128", timeit([&] { add_flatU<4><<<(unsigned)((nvec + 511) / 512), 128>>>(nvec, a, b, c); }));
    report("flatU8 128", timeit([&] { add_flatU<8><<<(unsigned)((nvec + 1023) / 1024), 128>>>(nvec, a, b, c); }));
    float copy2 = timeit([&] { cudaMemcpyAsync(c, a, n * 4, cudaMemcpyDeviceToDevice); });
    printf("copy again: %.1f GB/s\n", 8.0 * n / copy2 / 1e6);
    printf("err: %s\n", cudaGetErrorString(cudaGetLastError()));
}
