// 01_naive.cu — transpose rung 1: straight copy from in[r][c] to out[c][r].
// A warp reads 32 consecutive elements of one input row (one 128-byte line for f32: coalesced) and writes
// them to 32 different output rows, ld_out elements apart: each 4-byte store lands in its own 32-byte
// sector, 32 sector writes per warp store instead of 4, each only 1/8 used. The L2 may merge the partial
// sectors before they reach DRAM (the block writes all 32 rows of each sector), so the loss is mostly in
// L1/L2 transactions. Bytes that must move: 2 * rows * cols * sizeof(T); predicted: a fraction of the copy
// rate, bounded by the scattered writes.
// Block 32x8 threads over a 32x32 tile, each thread 4 rows (as rungs 2 and 3, so that only the use of
// shared memory changes between them).
// H100 80GB HBM3, 2026-11-22 (results/h100-2026-11-22, `gpuprim bench transpose`; vendor timed in the same run):
//   16384x16384 f32: 462 GB/s, 15.4% of D2D copy, 0.161x cublasSgeam
//   16383x16385 f32: 429 GB/s, 14.3% of D2D copy, 0.193x cublasSgeam
#include "transpose_grid.cuh"
#include "transpose_internal.h"

template <typename T>
__global__ void __launch_bounds__(256) transpose_naive(int64_t rows, int64_t cols, const T *__restrict__ in,
                                                       int64_t ld_in, T *__restrict__ out, int64_t ld_out)
{
    const int64_t c = (int64_t)blockIdx.x * 32 + threadIdx.x;
    for (int64_t tr = blockIdx.y; tr * 32 < rows; tr += gridDim.y) {
#pragma unroll
        for (int j = 0; j < 32; j += 8) {
            const int64_t r = tr * 32 + threadIdx.y + j;
            if (r < rows && c < cols) out[c * ld_out + r] = in[r * ld_in + c];
        }
    }
}

static gp_status gp__transpose_r01_naive(const gp_device_info *dev, cudaStream_t s, int elem_bytes, int64_t rows,
                                             int64_t cols, const void *in, int64_t ld_in, void *out, int64_t ld_out)
{
    (void)dev;
    if (!gp_transpose_grid_ok(cols, 32)) return GP_ERROR_INVALID_VALUE;
    const dim3 grid = gp_transpose_grid(rows, cols, 32, 32), block(32, 8);
#define LAUNCH(T) transpose_naive<T><<<grid, block, 0, s>>>(rows, cols, (const T *)in, ld_in, (T *)out, ld_out)
    GP_TRANSPOSE_BY_TYPE(elem_bytes, LAUNCH);
#undef LAUNCH
    return gp__launch_status();
}

GP_LAUNCHER(transpose_r01_launch, gp_transpose_args, ctx, p)
{
    return gp__transpose_r01_naive(ctx->dev, ctx->stream, p->elem_bytes, p->rows, p->cols, p->in, p->ld_in, p->out, p->ld_out);
}

static gp_kernel_info transpose_r01_kernel(void)
{
    gp_kernel_info k = {(const void *)transpose_naive<float>, 256, 0};
    return k;
}

GP_RUNG(gp__transpose_r01, "naive",
        "coalesced reads, one scattered 4-byte store per element", 70, GP_RUNG_AUTO,
        transpose_r01_launch_entry, NULL, transpose_r01_kernel);
