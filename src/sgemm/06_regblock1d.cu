// 06_regblock1d.cu — sgemm rung 6: 1-D register blocking.
// Over rung 5: a 64x64 block tile with BK = 8 and 512 threads; each thread computes 8 elements of one
// column of C (TM = 8) in registers. Per kk it reads one B value and 8 A values (a broadcast, the whole
// warp shares its rows): 9 shared loads for 8 FMAs instead of 2 per FMA, so shared-memory traffic per FMA
// falls ~1.8x and the accumulators live in registers. Global traffic per FMA: 2/64 (64-wide tiles).
// Tile loads are float4 (scalar fall-back as in rung 5).
// H100 80GB HBM3, one bench run (results/sgemm-h100-2026-11-22), TFLOP/s and x cuBLAS pedantic fp32 (same run):
//   4096^3 16.6 (0.321x), 8192^3 16.7 (0.323x), 1024^3 12.4 (0.364x), 32768x256x4096 15.9 (0.316x)
#include "sgemm_common.cuh"

#define BM 64
#define BN 64
#define BK 8
#define TM 8
#define LDS 68 /* 64 + 4: float4-aligned rows, conflict-free transposing stores */
#define NT (BM * BN / TM)

template <bool VEC>
__global__ void __launch_bounds__(NT) sgemm_regblock1d(gp_sgemm_args pz)
{
    const gp_sgemm_args p = gp_sg_matrix(pz, blockIdx.z);
    __shared__ __align__(16) float As[BK * LDS];
    __shared__ __align__(16) float Bs[BK * LDS];
    const int tid = threadIdx.x, tx = tid % BN, ty = tid / BN;
    const int64_t i0 = (int64_t)blockIdx.y * BM, j0 = (int64_t)blockIdx.x * BN;
    float acc[TM];
#pragma unroll
    for (int r = 0; r < TM; r++) acc[r] = 0.f;
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
            float b = Bs[kk * LDS + tx];
#pragma unroll
            for (int r = 0; r < TM; r++) acc[r] = fmaf(As[kk * LDS + ty * TM + r], b, acc[r]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int r = 0; r < TM; r++) gp_sg_store(p, i0 + ty * TM + r, j0 + tx, acc[r]);
}

GP_LAUNCHER(sgemm_r06_launch, gp_sgemm_args, ctx, p)
{
    cudaStream_t s = ctx->stream;
    dim3 grid;
    GP_TRY(gp_sg_grid2d(p->m, p->n, BM, BN, p->batch, &grid));
    if (p->vec_a && p->vec_b) sgemm_regblock1d<true><<<grid, NT, 0, s>>>(*p);
    else sgemm_regblock1d<false><<<grid, NT, 0, s>>>(*p);
    return gp__launch_status();
}

static gp_kernel_info sgemm_r06_kernel(void)
{
    gp_kernel_info k = {(const void *)sgemm_regblock1d<true>, NT, 0};
    return k;
}

GP_RUNG(gp__sgemm_r06, "regblock1d", "64x64 tile, 8 results per thread in registers", 70, GP_RUNG_AUTO,
        sgemm_r06_launch_entry, NULL, sgemm_r06_kernel);
