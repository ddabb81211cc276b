// A/B timing of sgemm rung 10's kernels from four source trees (session 1, HEAD, two candidate fixes), cuBLAS
// alternating; row-major C = A B, checked against cuBLAS
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <vector>
#include <algorithm>
#include <cublas_v2.h>
#include <cuda_runtime.h>
typedef int (*sgfn)(int, const float *, const float *, float *, long, long, long, long, long, long, int, cudaStream_t);
extern "C" int sg_s1(int, const float *, const float *, float *, long, long, long, long, long, long, int, cudaStream_t);
extern "C" int sg_head(int, const float *, const float *, float *, long, long, long, long, long, long, int, cudaStream_t);
extern "C" int sg_new(int, const float *, const float *, float *, long, long, long, long, long, long, int, cudaStream_t);
extern "C" int sg_v2(int, const float *, const float *, float *, long, long, long, long, long, long, int, cudaStream_t);
extern "C" int gp__launch_status(void) { return cudaGetLastError() == cudaSuccess ? 0 : 7; }
int main(int argc, char **argv)
{
    int reps = argc > 1 ? atoi(argv[1]) : 10, rounds = argc > 2 ? atoi(argv[2]) : 5;
    struct { long m, n, k; int cfgs[2]; } shapes[] = {
        {4096, 4096, 4096, {0, 1}}, {8192, 8192, 8192, {1, 0}}, {2049, 2047, 2051, {3, -1}}, {1025, 1025, 1025, {3, 4}},
        {3000, 3000, 3000, {3, -1}}, {2048, 2048, 2048, {0, -1}}};
    sgfn fns[] = {sg_s1, sg_head, sg_new, sg_v2};
    const char *fnames[] = {"s1", "head", "new", "v2"};
    cublasHandle_t h; cublasCreate(&h);
    cudaStream_t s; cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking); cublasSetStream(h, s);
    cudaEvent_t e0, e1; cudaEventCreate(&e0); cudaEventCreate(&e1);
    for (auto &sh : shapes) {
        const long m = sh.m, n = sh.n, k = sh.k, lda = k, ldb = n, ldc = n;
        const int vec = lda % 4 == 0 && ldb % 4 == 0 && ldc % 4 == 0;
        float *A, *B, *C, *R;
        // exact spans: the last row holds its columns
        cudaMalloc(&A, ((m - 1) * lda + k) * 4); cudaMalloc(&B, ((k - 1) * ldb + n) * 4);
        cudaMalloc(&C, ((m - 1) * ldc + n) * 4); cudaMalloc(&R, ((m - 1) * ldc + n) * 4);
        std::vector<float> hA((m - 1) * lda + k), hB((k - 1) * ldb + n);
        for (size_t i = 0; i < hA.size(); i++) hA[i] = (float)((i * 2654435761u) % 1000) / 1000.f - 0.5f;
        for (size_t i = 0; i < hB.size(); i++) hB[i] = (float)((i * 40503u + 7) % 1000) / 1000.f - 0.5f;
        cudaMemcpy(A, hA.data(), hA.size() * 4, cudaMemcpyHostToDevice);
        cudaMemcpy(B, hB.data(), hB.size() * 4, cudaMemcpyHostToDevice);
        struct V { int fn, cfg; char name[32]; };
        std::vector<V> vs;
        vs.push_back({-1, -1, "cublas"});
        for (int c = 0; c < 2; c++)
            if (sh.cfgs[c] >= 0)
                for (int f = 0; f < 4; f++) { V v{f, sh.cfgs[c], ""}; snprintf(v.name, 32, "%s cfg%d", fnames[f], sh.cfgs[c]); vs.push_back(v); }
        auto run = [&](const V &v) {
            float one = 1, zero = 0;
            if (v.fn < 0) cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, n, m, k, &one, B, ldb, A, lda, &zero, R, ldc);
            else fns[v.fn](v.cfg, A, B, C, m, n, k, lda, ldb, ldc, vec, s);
        };
        run(vs[0]);
        std::vector<float> hr((m - 1) * ldc + n), hc(hr.size());
        cudaMemcpy(hr.data(), R, hr.size() * 4, cudaMemcpyDeviceToHost);
        for (size_t v = 1; v < vs.size(); v++) {
            cudaMemset(C, 0xff, hc.size() * 4); run(vs[v]); cudaDeviceSynchronize();
            cudaMemcpy(hc.data(), C, hc.size() * 4, cudaMemcpyDeviceToHost);
            double md = 0, mr = 0;
            for (size_t i = 0; i < hc.size(); i++) { double d = fabs((double)hc[i] - hr[i]); if (!(d <= md)) md = d; mr = std::max(mr, (double)fabs(hr[i])); }
            printf("CHECK %ldx%ldx%ld %-10s max|diff| %.3g (max|ref| %.3g) %s err=%s\n", m, n, k, vs[v].name, md, mr,
                   md <= 1e-4 * mr * sqrt((double)k) ? "ok" : "FAIL", cudaGetErrorString(cudaGetLastError()));
        }
        std::vector<std::vector<float>> t(vs.size());
        for (int w = 0; w < 2; w++) for (auto &v : vs) run(v);
        for (int r = 0; r < rounds; r++)
            for (size_t v = 0; v < vs.size(); v++) {
                run(vs[v]);
                cudaEventRecord(e0, s);
                for (int i = 0; i < reps; i++) run(vs[v]);
                cudaEventRecord(e1, s); cudaEventSynchronize(e1);
                float ms; cudaEventElapsedTime(&ms, e0, e1); t[v].push_back(ms / reps);
            }
        std::vector<float> med(vs.size());
        for (size_t v = 0; v < vs.size(); v++) { auto x = t[v]; std::sort(x.begin(), x.end()); med[v] = x[x.size() / 2]; }
        for (size_t v = 0; v < vs.size(); v++)
            printf("%ldx%ldx%ld %-10s median %.4f ms  min %.4f  %.1f TFLOP/s  %.3fx cublas\n", m, n, k, vs[v].name, med[v],
                   *std::min_element(t[v].begin(), t[v].end()), 2.0 * m * n * k / med[v] / 1e9, med[0] / med[v]);
        cudaFree(A); cudaFree(B); cudaFree(C); cudaFree(R);
    }
    return 0;
}
