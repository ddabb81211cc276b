// 07_regblock2d.cu — sgemm rung 7: 2-D register blocking.
// Over rung 6: a 128x128 block tile (BK = 8, 256 threads); each thread computes an 8x8 block of C from
// registers. Per kk it reads 8 A values and 8 B values from shared memory as 4 LDS.128 (A is k-major in
// shared memory, so a thread's 8 rows are contiguous) and does 64 FMAs: 1 shared load instruction per
// 16 FMAs instead of 9 per 8. Global traffic per FMA falls to 2/128. What is left: the 16 threads of a
// row read B at a stride of 8 floats (32 bytes), so each LDS.128 of B needs 2 wavefronts, and a warp
// covers a 2x16-thread (16x128) strip of C, reading 128 different B values per kk — rung 8 fixes both.
// H100 80GB HBM3, one bench run (results/sgemm-h100-2026-11-22), TFLOP/s and x cuBLAS pedantic fp32 (same run):
//   4096^3 27.9 (0.540x), 8192^3 27.7 (0.536x), 1024^3 8.9 (0.262x: 64 blocks for 132 SMs),
//   32768x256x4096 28.1 (0.560x)
#include "sgemm_common.cuh"

#define BM 128
#define BN 128
#define BK 8
#define TM 8
#define TN 8
#define LDS 132
#define NT ((BM / TM) * (BN / TN))

template <bool VEC>
__global__ void __launch_bounds__(NT, 2) sgemm_regblock2d(gp_sgemm_args pz)
{
    const gp_sgemm_args p = gp_sg_matrix(pz, blockIdx.z);
    __shared__ __align__(16) float As[BK * LDS];
    __shared__ __align__(16) float Bs[BK * LDS];
    const int tid = threadIdx.x, tx = tid % (BN / TN), ty = tid / (BN / TN);
    const int64_t i0 = (int64_t)blockIdx.y * BM, j0 = (int64_t)blockIdx.x * BN;
    float acc[TM][TN];
#pragma unroll
    for (int r = 0; r < TM; r++)
#pragma unroll
        for (int c = 0; c < TN; c++) acc[r][c] = 0.f;
    for (int64_t k0 = 0; k0 < p.k; k0 += BK) {
        if (VEC) {
            gp_sg_load_tile4<BK, BM, LDS, NT>(As, p.A, p.lda, p.ta != 0, k0, i0, p.k, p.m, tid);
            gp_sg_load_tile4<BK, BN, LDS, NT>(Bs, p.B, p.ldb, p.tb == 0, k0, j0, p.k, p.n, tid);
        } else {
            gp_sg_load_tile<BK, BM, LDS, NT>(As, p.A, p.lda, p.ta != 0, k0, i0, p.k, p.m, tid);
            gp_sg_load_tile<BK, BN, LDS, NT>(Bs, p.B, p.ldb, p.tb == 0, k0, j0, p.k, p.n, tid);
        }
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < BK; kk++) {
            float a[TM], b[TN];
            *reinterpret_cast<float4 *>(&a[0]) = *reinterpret_cast<const float4 *>(&As[kk * LDS + ty * TM]);
            *reinterpret_cast<float4 *>(&a[4]) = *reinterpret_cast<const float4 *>(&As[kk * LDS + ty * TM + 4]);
            *reinterpret_cast<float4 *>(&b[0]) = *reinterpret_cast<const float4 *>(&Bs[kk * LDS + tx * TN]);
            *reinterpret_cast<float4 *>(&b[4]) = *reinterpret_cast<const float4 *>(&Bs[kk * LDS + tx * TN + 4]);
#pragma unroll
            for (int r = 0; r < TM; r++)
#pragma unroll
                for (int c = 0; c < TN; c++) acc[r][c] = fmaf(a[r], b[c], acc[r][c]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int r = 0; r < TM; r++) {
        int64_t i = i0 + ty * TM + r, j = j0 + tx * TN;
        gp_sg_store4(p, i, j, make_float4(acc[r][0], acc[r][1], acc[r][2], acc[r][3]));
        gp_sg_store4(p, i, j + 4, make_float4(acc[r][4], acc[r][5], acc[r][6], acc[r][7]));
    }
}

GP_LAUNCHER(sgemm_r07_launch, gp_sgemm_args, ctx, p)
{
    cudaStream_t s = ctx->stream;
    dim3 grid;
    GP_TRY(gp_sg_grid2d(p->m, p->n, BM, BN, p->batch, &grid));
    if (p->vec_a && p->vec_b) sgemm_regblock2d<true><<<grid, NT, 0, s>>>(*p);
    else sgemm_regblock2d<false><<<grid, NT, 0, s>>>(*p);
    return gp__launch_status();
}

static gp_kernel_info sgemm_r07_kernel(void)
{
    gp_kernel_info k = {(const void *)sgemm_regblock2d<true>, NT, 0};
    return k;
}

GP_RUNG(gp__sgemm_r07, "regblock2d", "128x128 tile, 8x8 results per thread, float4 shared reads", 70, GP_RUNG_AUTO,
        sgemm_r07_launch_entry, NULL, sgemm_r07_kernel);
