// 01_hillis_steele.cu — scan rung 1: Hillis–Steele block scan (double-buffered), in a 3-phase device scan.
// The textbook step-efficient scan: 512 threads, one element each; in step d every element adds the one
// d places before it (d = 1, 2, 4, ... 256), reading one shared buffer and writing the other so no
// element is overwritten while a neighbour still reads it: log2(512) = 9 steps with a barrier each, and
// n·log2(512) additions instead of n (not work-efficient). A device scan of any n comes from the
// scan-then-propagate structure of scan_3phase.cuh: (1) scan each 512-element tile, write it and the
// tile's total, (2) scan the totals (recursively), (3) add each tile's offset. Traffic 4n elements
// (16n bytes for 4-byte types) against the 8n of a copy: expect well under half the copy rate.
// H100 80GB HBM3, 2026-11-22 (results/h100-2026-11-22, `gpuprim bench scan`; vendor timed in the same run):
//   n=268435456 i32 inclusive sum, GB/s=8n/t: 867 GB/s, 28.8% of D2D copy, 0.354x cub::DeviceScan::InclusiveSum
//   n=268435456 f32 inclusive sum, GB/s=8n/t: 867 GB/s, 28.8% of D2D copy, 0.353x cub::DeviceScan::InclusiveSum
#include "scan_3phase.cuh"

#define HS_THREADS 512

template <typename T>
__global__ void __launch_bounds__(HS_THREADS) hs_tile(const T *in, T *out, int64_t n, int exclusive,
                                                      const T *seeds, T *totals)
{
    __shared__ T buf[2][HS_THREADS];
    const int t = threadIdx.x;
    const int64_t i = (int64_t)blockIdx.x * HS_THREADS + t;
    const T x = i < n ? in[i] : (T)0;
    int p = 0;
    buf[0][t] = x;
    __syncthreads();
#pragma unroll
    for (int d = 1; d < HS_THREADS; d <<= 1) {
        T v = buf[p][t];
        if (t >= d) v = buf[p][t - d] + v;
        buf[p ^ 1][t] = v;
        p ^= 1;
        __syncthreads();
    }
    if (out && i < n) {
        T seed = seeds ? seeds[blockIdx.x] : (T)0;
        T v = exclusive ? (t > 0 ? buf[p][t - 1] : (T)0) : buf[p][t];
        out[i] = seed + v;
    }
    if (totals && t == 0) totals[blockIdx.x] = buf[p][HS_THREADS - 1];
}

template <typename T>
static void hs_launch(unsigned blocks, cudaStream_t s, const T *in, T *out, int64_t n, int exclusive,
                      const T *seeds, T *totals, int vec)
{
    (void)vec;
    hs_tile<T><<<blocks, HS_THREADS, 0, s>>>(in, out, n, exclusive, seeds, totals);
}

static const gp_scan3_cfg<unsigned> hs_u32 = {HS_THREADS, 0, hs_launch<unsigned>};
static const gp_scan3_cfg<float> hs_f32 = {HS_THREADS, 0, hs_launch<float>};
static const gp_scan3_cfg<double> hs_f64 = {HS_THREADS, 0, hs_launch<double>};

GP_SCAN3_ENTRY(scan_r01_launch, hs_u32, hs_f32, GP_SCAN3_F64(hs_f64))

static gp_kernel_info scan_r01_kernel(void)
{
    gp_kernel_info k = {(const void *)hs_tile<float>, HS_THREADS, 0};
    return k;
}

GP_RUNG(gp__scan_r01, "hillis_steele",
        "Hillis-Steele double-buffered block scan, 1 elt/thread; scan, scan totals, add offsets", 70, GP_RUNG_AUTO,
        scan_r01_launch_entry, NULL, scan_r01_kernel);
