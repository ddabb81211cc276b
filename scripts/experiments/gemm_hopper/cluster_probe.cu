// cluster_probe.cu — session 33, written for the next device session (not yet run): what a cluster launch costs back
// to back. pingpong.cu's kernel launched in clusters of 2 with the same main loop (its mode 4) ran 7-10% slower back to
// back (~5 us a call at bf16 2048x8192x1024) but only 3-7% (1.4-3.5 us) under ncu, each kernel alone, with or without
// programmatic dependent launches (results/h200-2026-11-29e). This kernel does no memory work, so what it measures is
// the launch and the blocks' placement: each block (one an SM, held by SMEM_KB of dynamic shared memory, 384 threads as
// the gemm's) spins on the global timer, the first FULL blocks for SPIN_US and the rest for 7/8 of it (the persistent
// gemm's uneven end: 1024 tiles on 132 SMs leave 100 blocks with 8 tiles and 32 with 7). Variants: clusters of 1, 2
// and 4, with a cluster barrier at entry and exit or not. Each is timed back to back (groups of 16 launches between
// events, medians of the groups) and alone (an event pair around each launch, synchronised after it).
//   nvcc -O2 -arch=sm_90a -I include -I src scripts/experiments/gemm_hopper/cluster_probe.cu -o cluster_probe
//   cluster_probe [SPIN_US [SMEM_KB [FULL]]]     defaults 50, 225, 100
// Reading: if the back-to-back time of clusters of 2 exceeds the single blocks' by ~5 us while the times alone differ
// by ~1-3 us, the cost is in launching clusters after a grid, not in the gemm's code.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include "gemm/hopper/hopper.cuh" /* gp_h_cluster_config: the launch configuration the gemm rungs use */

#include "../exp_ck.h"

static __device__ __forceinline__ unsigned long long now_ns(void)
{
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}

static __device__ __forceinline__ void cluster_sync(void)
{
    asm volatile("barrier.cluster.arrive.release.aligned;\nbarrier.cluster.wait.acquire.aligned;" ::: "memory");
}

/* SYNC: a cluster barrier at entry and exit, as pingpong.cu's clustered modes have */
template <bool SYNC> __global__ void __launch_bounds__(384, 1) spin_kernel(long long ns, int full, int *sink)
{
    extern __shared__ unsigned char smem[];
    if (SYNC) cluster_sync();
    const long long mine = (int)blockIdx.x < full ? ns : ns * 7 / 8;
    const unsigned long long t0 = now_ns();
    while ((long long)(now_ns() - t0) < mine) {
    }
    if (mine < 0 && threadIdx.x == 0) sink[blockIdx.x] = smem[0]; /* never: keeps the shared memory in use */
    if (SYNC) cluster_sync();
}

static int cmpf(const void *a, const void *b)
{
    const float x = *(const float *)a, y = *(const float *)b;
    return x < y ? -1 : x > y;
}

static void launch(int cl, bool sync, unsigned grid, size_t smem, long long ns, int full, int *sink, cudaStream_t st)
{
    cudaLaunchConfig_t cfg;
    cudaLaunchAttribute attr;
    gp_h_cluster_config(&cfg, &attr, grid, 384, smem, st, (unsigned)cl); /* clusters of 1: an ordinary launch */
    if (sync) CK(cudaLaunchKernelEx(&cfg, spin_kernel<true>, ns, full, sink));
    else CK(cudaLaunchKernelEx(&cfg, spin_kernel<false>, ns, full, sink));
}

int main(int argc, char **argv)
{
    const double spin_us = argc > 1 ? atof(argv[1]) : 50.0;
    const size_t smem = (size_t)(argc > 2 ? atoi(argv[2]) : 225) * 1024;
    const int full = argc > 3 ? atoi(argv[3]) : 100;
    cudaDeviceProp prop;
    if (cudaGetDeviceProperties(&prop, 0) != cudaSuccess || prop.major < 9) {
        fprintf(stderr, "cluster_probe: needs an sm_90 GPU\n");
        return 77;
    }
    CK(cudaFuncSetAttribute(spin_kernel<true>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    CK(cudaFuncSetAttribute(spin_kernel<false>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    int *sink;
    CK(cudaMalloc(&sink, 4096 * sizeof(int)));
    cudaStream_t st;
    CK(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking));
    enum { G = 16, GROUPS = 24, ALONE = 48 };
    cudaEvent_t ev[GROUPS + 1];
    for (int i = 0; i <= GROUPS; ++i) CK(cudaEventCreate(&ev[i]));
    const long long ns = (long long)(spin_us * 1e3);
    printf("%s, %d SMs; spin %.1f us (blocks >= %d: 7/8 of it), %zu KB shared memory a block\n", prop.name,
           prop.multiProcessorCount, spin_us, full, smem / 1024);
    static const struct { int cl; bool sync; } vars[] = {{1, false}, {2, false}, {2, true}, {4, true}, {1, false}};
    for (size_t v = 0; v < sizeof vars / sizeof vars[0]; ++v) {
        const int cl = vars[v].cl;
        const unsigned grid = (unsigned)(prop.multiProcessorCount / cl * cl);
        for (int i = 0; i < 8; ++i) launch(cl, vars[v].sync, grid, smem, ns, full, sink, st); /* warm-up */
        CK(cudaStreamSynchronize(st));
        float g[GROUPS], a[ALONE];
        CK(cudaEventRecord(ev[0], st));
        for (int j = 0; j < GROUPS; ++j) {
            for (int i = 0; i < G; ++i) launch(cl, vars[v].sync, grid, smem, ns, full, sink, st);
            CK(cudaEventRecord(ev[j + 1], st));
        }
        CK(cudaStreamSynchronize(st));
        for (int j = 0; j < GROUPS; ++j) {
            CK(cudaEventElapsedTime(&g[j], ev[j], ev[j + 1]));
            g[j] *= 1e3f / G;
        }
        for (int j = 0; j < ALONE; ++j) {
            CK(cudaEventRecord(ev[0], st));
            launch(cl, vars[v].sync, grid, smem, ns, full, sink, st);
            CK(cudaEventRecord(ev[1], st));
            CK(cudaStreamSynchronize(st));
            CK(cudaEventElapsedTime(&a[j], ev[0], ev[1]));
            a[j] *= 1e3f;
        }
        qsort(g, GROUPS, sizeof(float), cmpf);
        qsort(a, ALONE, sizeof(float), cmpf);
        int active = 0;
        cudaLaunchConfig_t occ;
        cudaLaunchAttribute attr;
        gp_h_cluster_config(&occ, &attr, grid, 384, smem, st, (unsigned)cl);
        occ.numAttrs = 1; /* the query needs the cluster size, 1 too */
        if (cudaOccupancyMaxActiveClusters(&active, (const void *)spin_kernel<true>, &occ) != cudaSuccess) active = -1;
        printf("clusters of %d%s, %u blocks (at most %d clusters at once): back to back %.2f us a launch (groups "
               "%.2f-%.2f), alone %.2f us (%.2f-%.2f)\n",
               cl, vars[v].sync ? " with barriers" : "", grid, active, g[GROUPS / 2], g[0], g[GROUPS - 1], a[ALONE / 2],
               a[0], a[ALONE - 1]);
    }
    return 0;
}
