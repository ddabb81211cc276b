// 08_warptile.cu — sgemm rung 8: warp tiling.
// Over rung 7: the 8 warps of the 128x128 tile are arranged 4x2, each owning a 32x64 warp tile; inside it
// the 32 lanes form a 4x8 grid and each thread's 8x8 block is split into 2x2 sub-blocks of 4x4, spaced
// 16 rows and 32 columns apart. Per kk a warp's LDS.128 of A then covers 4 distinct 16-byte words
// (broadcast to 8 lanes each) and of B 8 consecutive 16-byte words: one wavefront each, no bank conflict,
// and a warp reads 32+64 distinct values per kk instead of 16+128. The stores of C become 4 full 128-byte
// lines per warp instruction. Same FMAs, same global traffic as rung 7.
// H100 80GB HBM3, one bench run (results/sgemm-h100-2026-11-22), TFLOP/s and x cuBLAS pedantic fp32 (same run):
//   4096^3 28.8 (0.557x), 8192^3 28.2 (0.546x), 1024^3 9.4 (0.275x), 32768x256x4096 29.7 (0.593x)
#include "sgemm_common.cuh"

#define BM 128
#define BN 128
#define BK 8
#define WM 32  /* warp tile: 4 lane rows x 4 x 2 sub-blocks */
#define WN 64  /* 8 lane columns x 4 x 2 sub-blocks */
#define LDS 132
#define NT 256

template <bool VEC>
__global__ void __launch_bounds__(NT, 2) sgemm_warptile(gp_sgemm_args pz)
{
    const gp_sgemm_args p = gp_sg_matrix(pz, blockIdx.z);
    __shared__ __align__(16) float As[BK * LDS];
    __shared__ __align__(16) float Bs[BK * LDS];
    const int tid = threadIdx.x, warp = tid / 32, lane = tid % 32;
    const int wm0 = (warp / (BN / WN)) * WM, wn0 = (warp % (BN / WN)) * WN;
    const int lm = lane / 8, ln = lane % 8;
    const int64_t i0 = (int64_t)blockIdx.y * BM, j0 = (int64_t)blockIdx.x * BN;
    float acc[8][8];
#pragma unroll
    for (int r = 0; r < 8; r++)
#pragma unroll
        for (int c = 0; c < 8; c++) acc[r][c] = 0.f;
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
            float a[8], b[8];
#pragma unroll
            for (int h = 0; h < 2; h++) {
                *reinterpret_cast<float4 *>(&a[4 * h]) =
                    *reinterpret_cast<const float4 *>(&As[kk * LDS + wm0 + h * 16 + lm * 4]);
                *reinterpret_cast<float4 *>(&b[4 * h]) =
                    *reinterpret_cast<const float4 *>(&Bs[kk * LDS + wn0 + h * 32 + ln * 4]);
            }
#pragma unroll
            for (int r = 0; r < 8; r++)
#pragma unroll
                for (int c = 0; c < 8; c++) acc[r][c] = fmaf(a[r], b[c], acc[r][c]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int r = 0; r < 8; r++) {
        int64_t i = i0 + wm0 + (r / 4) * 16 + lm * 4 + r % 4;
#pragma unroll
        for (int h = 0; h < 2; h++)
            gp_sg_store4(p, i, j0 + wn0 + h * 32 + ln * 4,
                         make_float4(acc[r][4 * h], acc[r][4 * h + 1], acc[r][4 * h + 2], acc[r][4 * h + 3]));
    }
}

GP_LAUNCHER(sgemm_r08_launch, gp_sgemm_args, ctx, p)
{
    cudaStream_t s = ctx->stream;
    dim3 grid;
    GP_TRY(gp_sg_grid2d(p->m, p->n, BM, BN, p->batch, &grid));
    if (p->vec_a && p->vec_b) sgemm_warptile<true><<<grid, NT, 0, s>>>(*p);
    else sgemm_warptile<false><<<grid, NT, 0, s>>>(*p);
    return gp__launch_status();
}

static gp_kernel_info sgemm_r08_kernel(void)
{
    gp_kernel_info k = {(const void *)sgemm_warptile<true>, NT, 0};
    return k;
}

GP_RUNG(gp__sgemm_r08, "warptile", "32x64 warp tiles, 4x4 sub-blocks: conflict-free shared reads", 70, GP_RUNG_AUTO,
        sgemm_r08_launch_entry, NULL, sgemm_r08_kernel);
