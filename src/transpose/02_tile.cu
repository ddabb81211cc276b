// 02_tile.cu — transpose rung 2: a 32x32 tile staged through shared memory.
// Over rung 1: the block reads a 32x32 tile row by row (coalesced), and after a barrier writes it out row
// by row of the output (coalesced too), taking the columns of the tile from shared memory. Both sides now
// move full 128-byte lines for f32, so DRAM traffic falls to the 2 * rows * cols * sizeof(T) that must
// move. The price: the tile is read column-wise, tile[tx][ty+j], 32 floats apart = the same bank for all
// 32 lanes, a 32-way bank conflict (32 shared-memory wavefronts per warp load instead of 1; for f64,
// 16-way per half-warp). Shared memory per block: 32*32*sizeof(T) (4 KB for f32).
// H100 80GB HBM3, 2026-11-22 (results/h100-2026-11-22, `gpuprim bench transpose`; vendor timed in the same run):
//   16384x16384 f32: 1507 GB/s, 50.1% of D2D copy, 0.524x cublasSgeam
//   16383x16385 f32: 1458 GB/s, 48.5% of D2D copy, 0.657x cublasSgeam
#include "transpose_grid.cuh"
#include "transpose_internal.h"

template <typename T>
__global__ void __launch_bounds__(256) transpose_tile(int64_t rows, int64_t cols, const T *__restrict__ in,
                                                      int64_t ld_in, T *__restrict__ out, int64_t ld_out)
{
    __shared__ T tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int64_t c0 = (int64_t)blockIdx.x * 32;
    for (int64_t tr = blockIdx.y; tr * 32 < rows; tr += gridDim.y) {
        const int64_t r0 = tr * 32;
#pragma unroll
        for (int j = 0; j < 32; j += 8) {
            const int64_t r = r0 + ty + j, c = c0 + tx;
            if (r < rows && c < cols) tile[ty + j][tx] = in[r * ld_in + c];
        }
        __syncthreads();
#pragma unroll
        for (int j = 0; j < 32; j += 8) {
            const int64_t orow = c0 + ty + j, ocol = r0 + tx; /* out is cols x rows */
            if (orow < cols && ocol < rows) out[orow * ld_out + ocol] = tile[tx][ty + j];
        }
        __syncthreads(); /* the tile is rewritten by the next row tile */
    }
}

static gp_status gp__transpose_r02_tile(const gp_device_info *dev, cudaStream_t s, int elem_bytes, int64_t rows,
                                            int64_t cols, const void *in, int64_t ld_in, void *out, int64_t ld_out)
{
    (void)dev;
    if (!gp_transpose_grid_ok(cols, 32)) return GP_ERROR_INVALID_VALUE;
    const dim3 grid = gp_transpose_grid(rows, cols, 32, 32), block(32, 8);
#define LAUNCH(T) transpose_tile<T><<<grid, block, 0, s>>>(rows, cols, (const T *)in, ld_in, (T *)out, ld_out)
    GP_TRANSPOSE_BY_TYPE(elem_bytes, LAUNCH);
#undef LAUNCH
    return gp__launch_status();
}

GP_LAUNCHER(transpose_r02_launch, gp_transpose_args, ctx, p)
{
    return gp__transpose_r02_tile(ctx->dev, ctx->stream, p->elem_bytes, p->rows, p->cols, p->in, p->ld_in, p->out, p->ld_out);
}

static gp_kernel_info transpose_r02_kernel(void)
{
    gp_kernel_info k = {(const void *)transpose_tile<float>, 256, 0};
    return k;
}

GP_RUNG(gp__transpose_r02, "tile",
        "32x32 shared-memory tile: reads and writes coalesced, 32-way bank conflicts", 70, GP_RUNG_AUTO,
        transpose_r02_launch_entry, NULL, transpose_r02_kernel);
