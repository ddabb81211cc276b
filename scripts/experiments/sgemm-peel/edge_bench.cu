// edge_bench.cu — session 19 (both edges in one launch since session 21): times sgemm rung 13's edge kernels (src/sgemm/sgemm_edge.cuh) alone, against a
// device-to-device copy of the bytes they read. Build: nvcc -O3 -arch=sm_90a -std=c++17 -Isrc -Iinclude
//   scripts/experiments/sgemm-peel/edge_bench.cu -o edge_bench
#include "sgemm/sgemm_edge.cuh"
#include <stdio.h>

extern "C" gp_status gp__launch_status(void) { return cudaGetLastError() == cudaSuccess ? GP_SUCCESS : GP_ERROR_CUDA; }

static gp_sg_edge none_edge(void)
{
    gp_sg_edge z;
    memset(&z, 0, sizeof z);
    z.xl = 1;
    return z;
}

/* e alone, or e and f in one launch (f.S > 0) */
static float time_it(cudaStream_t st, int reps, gp_sg_edge e, void *ws, size_t wsb, gp_sg_edge f = none_edge())
{
    cudaEvent_t a, b;
    float ms = 0;
    cudaEventCreate(&a);
    cudaEventCreate(&b);
    for (int i = 0; i < 3; i++) gp_sg_edges_launch(NULL, st, e, f, ws, wsb);
    cudaEventRecord(a, st);
    for (int i = 0; i < reps; i++) gp_sg_edges_launch(NULL, st, e, f, ws, wsb);
    cudaEventRecord(b, st);
    cudaEventSynchronize(b);
    cudaEventElapsedTime(&ms, a, b);
    return ms * 1000 / reps;
}

int main()
{
    const int64_t cases[][4] = {/* L, K, S, along_l */
                                {2047, 2051, 1, 1}, {1025, 1025, 1, 1}, {4097, 4097, 1, 1}, {2047, 2051, 16, 1},
                                {1024, 1025, 1, 0}, {2048, 2051, 1, 0}, {4096, 4097, 1, 0}, {2048, 2051, 16, 0}};
    float *X, *Y, *C;
    void *ws;
    const size_t wsb = (size_t)32 << 20;
    cudaStream_t st;
    cudaStreamCreate(&st);
    cudaMalloc(&X, (size_t)4100 * 4100 * 4);
    cudaMalloc(&Y, (size_t)16 * 4100 * 4);
    cudaMalloc(&C, (size_t)16 * 4100 * 4);
    cudaMalloc(&ws, wsb);
    cudaMemset(X, 0, (size_t)4100 * 4100 * 4);
    cudaMemset(Y, 0, (size_t)16 * 4100 * 4);
    for (auto &c : cases) {
        gp_sg_edge e;
        memset(&e, 0, sizeof e);
        e.L = c[0]; e.K = c[1]; e.S = (int)c[2];
        e.X = X; e.Y = Y; e.C = C;
        if (c[3]) { e.xl = 1; e.xk = e.L; } else { e.xl = e.K; e.xk = 1; }
        e.ys = e.K; e.yk = 1;
        e.cs = e.L; e.cl = 1;
        e.alpha = 1.f; e.beta = 0.f;
        const double bytes = (double)e.L * e.K * 4;
        float *dst;
        cudaMalloc(&dst, (size_t)bytes);
        cudaEvent_t a, b;
        float ms;
        cudaEventCreate(&a); cudaEventCreate(&b);
        cudaMemcpyAsync(dst, X, (size_t)bytes, cudaMemcpyDeviceToDevice, st);
        cudaEventRecord(a, st);
        for (int i = 0; i < 50; i++) cudaMemcpyAsync(dst, X, (size_t)bytes, cudaMemcpyDeviceToDevice, st);
        cudaEventRecord(b, st);
        cudaEventSynchronize(b);
        cudaEventElapsedTime(&ms, a, b);
        const float t_split = time_it(st, 50, e, ws, wsb), t_one = time_it(st, 50, e, NULL, 0);
        printf("L=%5lld K=%5lld S=%2d %s: split %7.2f us (%6.0f GB/s), one range %7.2f us; copy of X %7.2f us; %s\n",
               (long long)e.L, (long long)e.K, e.S, c[3] ? "lanes along l" : "lanes along k", t_split,
               bytes / t_split / 1e3, t_one, ms * 1000 / 50, cudaGetErrorString(cudaGetLastError()));
        cudaFree(dst);
    }
    { /* 1025^3 NN's two edges: the last row (X = B, lanes along l) and the last column (X = A, lanes along k), in two
       * launches and in one */
        gp_sg_edge r = none_edge(), c = none_edge();
        r.L = 1025; r.K = 1025; r.S = 1; r.X = X; r.xl = 1; r.xk = 1025; r.Y = Y; r.ys = 1025; r.yk = 1;
        r.C = C; r.cs = 1025; r.cl = 1; r.alpha = 1.f;
        c = r;
        c.L = 1024; c.xl = 1025; c.xk = 1; c.Y = X + 1024; c.ys = 1; c.yk = 1025; c.cs = 1; c.cl = 1025;
        cudaStream_t s2 = st;
        cudaEvent_t a, b;
        float ms;
        cudaEventCreate(&a); cudaEventCreate(&b);
        cudaEventRecord(a, s2);
        for (int i = 0; i < 50; i++) {
            gp_sg_edges_launch(NULL, s2, r, none_edge(), ws, wsb);
            gp_sg_edges_launch(NULL, s2, c, none_edge(), ws, wsb);
        }
        cudaEventRecord(b, s2);
        cudaEventSynchronize(b);
        cudaEventElapsedTime(&ms, a, b);
        printf("1025^3 edges: two launches %7.2f us, one launch %7.2f us; %s\n", ms * 1000 / 50,
               time_it(st, 50, r, ws, wsb, c), cudaGetErrorString(cudaGetLastError()));
    }
    return 0;
}
