// 05_float4.cu — sgemm rung 5: float4 (16-byte) vectorised tile loads.
// Over rung 4: each 32x32 tile is loaded as 256 float4 (LDG.E.128) by the first 256 threads instead of
// 1024 scalar loads: 4x fewer load instructions and address computations per tile. Needs A and B 16-byte
// aligned with lda, ldb multiples of 4 (checked per call): otherwise the same kernel is instantiated with
// the scalar loader of rung 4 (same answer, slower). Vectors straddling the matrix edge are loaded element
// by element, so any M, N, K is exact. The compute loop is still 1 FMA per 2 shared loads — the limit that
// register blocking (rungs 6, 7) lifts.
// H100 80GB HBM3, one bench run (results/sgemm-h100-2026-11-22), TFLOP/s and x cuBLAS pedantic fp32 (same run):
//   4096^3 6.0 (0.115x), 8192^3 6.0 (0.117x), 1024^3 6.0 (0.175x), 32768x256x4096 6.3 (0.126x)
#include "sgemm_common.cuh"

#define LDS 33

template <bool VEC>
__global__ void __launch_bounds__(1024) sgemm_float4(gp_sgemm_args pz)
{
    const gp_sgemm_args p = gp_sg_matrix(pz, blockIdx.z);
    __shared__ float As[32 * LDS], Bs[32 * LDS];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    const int64_t i0 = (int64_t)blockIdx.y * 32, j0 = (int64_t)blockIdx.x * 32;
    float acc = 0.f;
    for (int64_t k0 = 0; k0 < p.k; k0 += 32) {
        if (VEC) {
            gp_sg_load_tile4<32, 32, LDS, 1024>(As, p.A, p.lda, p.ta != 0, k0, i0, p.k, p.m, tid);
            gp_sg_load_tile4<32, 32, LDS, 1024>(Bs, p.B, p.ldb, p.tb == 0, k0, j0, p.k, p.n, tid);
        } else {
            gp_sg_load_tile<32, 32, LDS, 1024>(As, p.A, p.lda, p.ta != 0, k0, i0, p.k, p.m, tid);
            gp_sg_load_tile<32, 32, LDS, 1024>(Bs, p.B, p.ldb, p.tb == 0, k0, j0, p.k, p.n, tid);
        }
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < 32; kk++) acc = fmaf(As[kk * LDS + ty], Bs[kk * LDS + tx], acc);
        __syncthreads();
    }
    gp_sg_store(p, i0 + ty, j0 + tx, acc);
}

GP_LAUNCHER(sgemm_r05_launch, gp_sgemm_args, ctx, p)
{
    cudaStream_t s = ctx->stream;
    dim3 grid;
    GP_TRY(gp_sg_grid2d(p->m, p->n, 32, 32, p->batch, &grid));
    if (p->vec_a && p->vec_b) sgemm_float4<true><<<grid, dim3(32, 32), 0, s>>>(*p);
    else sgemm_float4<false><<<grid, dim3(32, 32), 0, s>>>(*p);
    return gp__launch_status();
}

static gp_kernel_info sgemm_r05_kernel(void)
{
    gp_kernel_info k = {(const void *)sgemm_float4<true>, 1024, 0};
    return k;
}

GP_RUNG(gp__sgemm_r05, "float4", "tiles loaded with 16-byte vector loads (scalar fall-back)", 70, GP_RUNG_AUTO,
        sgemm_r05_launch_entry, NULL, sgemm_r05_kernel);
