// 03_smem.cu — sgemm rung 3: shared-memory tiling.
// Over rung 2: the block stages a 32x32 tile of op(A) and of op(B) in shared memory (one global load per
// thread per operand, zero-filled past the edges), then every thread does 32 FMAs from shared memory.
// Each global element is loaded once per block instead of once per thread: global traffic per FMA falls
// 32x (2 loads per FMA -> 2/32). The A tile is stored k-major (As[kk][i], the layout the register-blocked
// rungs need for vector reads along i); with rows of 32 floats the transposing store puts a warp's 32
// values in one bank: a 32-way bank conflict that rung 4 removes.
// H100 80GB HBM3, one bench run (results/sgemm-h100-2026-11-22), TFLOP/s and x cuBLAS pedantic fp32 (same run):
//   4096^3 4.9 (0.094x), 1024^3 4.6 (0.135x), 32768x256x4096 4.8 (0.096x); 8192^3 skipped.
//   Slower than rung 2: L1 already gave rung 2 most of this reuse, and the 32-way conflicted transposing
//   store plus two barriers per tile cost more than the global loads saved.
#include "sgemm_common.cuh"

template <int LDS>
__global__ void __launch_bounds__(1024) sgemm_smem(gp_sgemm_args pz)
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

/* LDS = 32 floats per shared row (rung 4 pads it to 33) */
template <int LDS>
static gp_status launch_smem(cudaStream_t s, const gp_sgemm_args *p)
{
    dim3 grid;
    GP_TRY(gp_sg_grid2d(p->m, p->n, 32, 32, p->batch, &grid));
    sgemm_smem<LDS><<<grid, dim3(32, 32), 0, s>>>(*p);
    return gp__launch_status();
}

GP_LAUNCHER(sgemm_r03_launch, gp_sgemm_args, ctx, p)
{
    cudaStream_t s = ctx->stream;
    return launch_smem<32>(s, p);
}

static gp_kernel_info sgemm_r03_kernel(void)
{
    gp_kernel_info k = {(const void *)sgemm_smem<32>, 1024, 0};
    return k;
}

GP_RUNG(gp__sgemm_r03, "smem", "32x32 tiles of A and B staged in shared memory", 70, GP_RUNG_AUTO,
        sgemm_r03_launch_entry, NULL, sgemm_r03_kernel);
