// 02_coalesced.cu — sgemm rung 2: coalesced thread mapping.
// Over rung 1: the column j comes from threadIdx.x, so a warp reads 32 consecutive B[kk][j] (one 128-byte
// line), A[i][kk] is one broadcast address, and the stores of C are 128 contiguous bytes. Same arithmetic
// and the same 2 loads per FMA, but each warp load now touches 1 line instead of 32.
// H100 80GB HBM3, one bench run (results/sgemm-h100-2026-11-22), TFLOP/s and x cuBLAS pedantic fp32 (same run):
//   4096^3 5.1 (0.099x), 1024^3 5.7 (0.168x), 32768x256x4096 6.5 (0.130x); 8192^3 skipped
#include "sgemm_common.cuh"

__global__ void __launch_bounds__(1024) sgemm_coalesced(gp_sgemm_args pz)
{
    const gp_sgemm_args p = gp_sg_matrix(pz, blockIdx.z);
    int64_t j = (int64_t)blockIdx.x * 32 + threadIdx.x;
    int64_t i = (int64_t)blockIdx.y * 32 + threadIdx.y;
    if (i >= p.m || j >= p.n) return;
    float acc = 0.f;
    for (int64_t kk = 0; kk < p.k; kk++) acc = fmaf(gp_sg_a(p, i, kk), gp_sg_b(p, kk, j), acc);
    gp_sg_store(p, i, j, acc);
}

GP_LAUNCHER(sgemm_r02_launch, gp_sgemm_args, ctx, p)
{
    cudaStream_t s = ctx->stream;
    dim3 grid;
    GP_TRY(gp_sg_grid2d(p->m, p->n, 32, 32, p->batch, &grid));
    sgemm_coalesced<<<grid, dim3(32, 32), 0, s>>>(*p);
    return gp__launch_status();
}

static gp_kernel_info sgemm_r02_kernel(void)
{
    gp_kernel_info k = {(const void *)sgemm_coalesced, 1024, 0};
    return k;
}

GP_RUNG(gp__sgemm_r02, "coalesced", "columns along threadIdx.x: B loads and C stores coalesced", 70, GP_RUNG_AUTO,
        sgemm_r02_launch_entry, NULL, sgemm_r02_kernel);
