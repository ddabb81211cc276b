// 04_padded.cu — sgemm rung 4: padding against shared-memory bank conflicts.
// Over rung 3: the tile rows are 33 floats instead of 32. The transposing store As[kk][i] of a warp
// (32 consecutive kk, one i) then hits banks (kk*33 + i) % 32 = (kk + i) % 32, all different: 1 shared
// store wavefront instead of 32. The same holds for the B tile when B is transposed. The compute loop
// still reads As[kk][ty] (one broadcast address) and Bs[kk][tx] (32 consecutive banks).
// H100 80GB HBM3, one bench run (results/sgemm-h100-2026-11-22), TFLOP/s and x cuBLAS pedantic fp32 (same run):
//   4096^3 5.5 (0.106x), 1024^3 5.4 (0.159x), 32768x256x4096 5.8 (0.116x); 8192^3 skipped
#include "sgemm_common.cuh"

#define LDS 33 /* 32 + 1 float of padding per row */

__global__ void __launch_bounds__(1024) sgemm_padded(gp_sgemm_args pz)
{
    const gp_sgemm_args p = gp_sg_matrix(pz, blockIdx.z);
    __shared__ float As[32 * LDS], Bs[32 * LDS];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    const int64_t i0 = (int64_t)blockIdx.y * 32, j0 = (int64_t)blockIdx.x * 32;
    float acc = 0.f;
    for (int64_t k0 = 0; k0 < p.k; k0 += 32) {
        gp_sg_load_tile<32, 32, LDS, 1024>(As, p.A, p.lda, p.ta != 0, k0, i0, p.k, p.m, tid);
        gp_sg_load_tile<32, 32, LDS, 1024>(Bs, p.B, p.ldb, p.tb == 0, k0, j0, p.k, p.n, tid);
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < 32; kk++) acc = fmaf(As[kk * LDS + ty], Bs[kk * LDS + tx], acc);
        __syncthreads();
    }
    gp_sg_store(p, i0 + ty, j0 + tx, acc);
}

GP_LAUNCHER(sgemm_r04_launch, gp_sgemm_args, ctx, p)
{
    cudaStream_t s = ctx->stream;
    dim3 grid;
    GP_TRY(gp_sg_grid2d(p->m, p->n, 32, 32, p->batch, &grid));
    sgemm_padded<<<grid, dim3(32, 32), 0, s>>>(*p);
    return gp__launch_status();
}

static gp_kernel_info sgemm_r04_kernel(void)
{
    gp_kernel_info k = {(const void *)sgemm_padded, 1024, 0};
    return k;
}

GP_RUNG(gp__sgemm_r04, "padded", "shared rows padded to 33 floats: no bank conflicts", 70, GP_RUNG_AUTO,
        sgemm_r04_launch_entry, NULL, sgemm_r04_kernel);
