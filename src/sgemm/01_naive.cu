// 01_naive.cu — sgemm rung 1: one thread per element of C, the textbook loop.
// Thread (x, y) of a 32x32 block computes C[i][j] with i from threadIdx.x: the 32 threads of a warp
// walk 32 different rows, so each load of A (and each store of C) touches 32 different rows — 32
// memory transactions per warp instruction — while B[kk][j] is the same address for the whole warp.
// Every element of A and B is read from global memory (L1/L2) n resp. m times: 2 loads per FMA.
// Transposes through the generic element access (gp_sg_a / gp_sg_b).
// H100 80GB HBM3, one bench run (results/sgemm-h100-2026-11-22), TFLOP/s and x cuBLAS pedantic fp32 (same run):
//   4096^3 0.50 (0.010x), 1024^3 0.49 (0.014x), 32768x256x4096 0.50 (0.010x); 8192^3 skipped
#include "sgemm_common.cuh"

__global__ void __launch_bounds__(1024) sgemm_naive(gp_sgemm_args pz)
{
    const gp_sgemm_args p = gp_sg_matrix(pz, blockIdx.z);
    int64_t i = (int64_t)blockIdx.x * 32 + threadIdx.x; /* row from x: uncoalesced on purpose */
    int64_t j = (int64_t)blockIdx.y * 32 + threadIdx.y;
    if (i >= p.m || j >= p.n) return;
    float acc = 0.f;
    for (int64_t kk = 0; kk < p.k; kk++) acc = fmaf(gp_sg_a(p, i, kk), gp_sg_b(p, kk, j), acc);
    gp_sg_store(p, i, j, acc);
}

GP_LAUNCHER(sgemm_r01_launch, gp_sgemm_args, ctx, p)
{
    cudaStream_t s = ctx->stream;
    dim3 grid;
    GP_TRY(gp_sg_grid2d(p->n, p->m, 32, 32, p->batch, &grid)); /* x over row tiles here, y over column tiles */
    sgemm_naive<<<grid, dim3(32, 32), 0, s>>>(*p);
    return gp__launch_status();
}

static gp_kernel_info sgemm_r01_kernel(void)
{
    gp_kernel_info k = {(const void *)sgemm_naive, 1024, 0};
    return k;
}

GP_RUNG(gp__sgemm_r01, "naive", "one thread per C element, rows along threadIdx.x (uncoalesced)", 70, GP_RUNG_AUTO,
        sgemm_r01_launch_entry, NULL, sgemm_r01_kernel);
