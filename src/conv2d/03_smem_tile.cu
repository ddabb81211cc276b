// 03_smem_tile.cu — conv2d rung 3: the block's input tile, with its halo, loaded once into shared memory.
// Over rung 2: a block of 32x8 threads computes a 32x32 output tile (each thread 4 outputs, rows ty,
// ty+8, ty+16, ty+24). It first copies the (32+fr-1) x (32+fc-1) input pixels the tile needs (the tile
// plus a halo of fr/2 rows and fc/2 columns on each side, zeros outside the image) from global memory into
// shared memory with coalesced 4-byte loads, then every FMA reads its input from shared memory. Global
// loads per output fall from fr * fc (L1/L2 hits) to (32+fr-1)(32+fc-1)/1024: 1.13 for 3x3, 2.1 for 15x15;
// the rest are shared-memory loads (a warp reads 32 consecutive words of one row: no bank conflicts).
// Filter taps come from the constant-memory ring as in rung 2 (LDC c[0x3][R+imm], one per tap and 4 FMAs). Still one LDS per FMA, so the limit is
// now the shared-memory pipe (32 lanes per clock per SM): about 1 output per fr*fc/32 clocks per SM.
// Bytes that must move: 8 per output pixel; DRAM reads ~1x (neighbouring tiles' halos hit L2).
// measured (H100, results/h100-2026-11-23d/bench.txt): 8192^2 3x3 1482 GB/s (0.50 of copy), 5x5 923 GB/s, 3072^2 15x15 12.8 TFLOP/s (3.25x cuDNN)
#include "conv2d_internal.h"
#include "conv_common.cuh"
#include "conv_const.cuh"

static __constant__ float c03_filter[GP_CONV_SLOTS * GP_CONV_SLOT_FLOATS];
static gp_conv_ring c03_ring;

#define C03_TILE 32

__global__ void __launch_bounds__(256) conv2d_smem_tile(int64_t rows, int64_t cols, const float *__restrict__ in,
                                                        int64_t ld_in, int slot, int fr, int fc, int64_t off_r,
                                                        int64_t off_c, int64_t out_rows, int64_t out_cols,
                                                        float *__restrict__ out, int64_t ld_out, int64_t tiles_x)
{
    extern __shared__ float s[];
    const int64_t tile = blockIdx.x, r0 = tile / tiles_x * C03_TILE, c0 = tile % tiles_x * C03_TILE;
    const int sh = C03_TILE + fr - 1, sw = C03_TILE + fc - 1;
    const int tid = threadIdx.y * 32 + threadIdx.x;
    /* the input tile: rows r0 + off_r .., columns c0 + off_c .., zeros outside the image */
    for (int q = tid; q < sh * sw; q += 256) {
        const int t = q / sw, u = q - t * sw;
        const int64_t gr = r0 + off_r + t, gc = c0 + off_c + u;
        s[q] = (gr >= 0 && gr < rows && gc >= 0 && gc < cols) ? __ldg(in + gr * ld_in + gc) : 0.f;
    }
    __syncthreads();
    const float *f = c03_filter + slot * GP_CONV_SLOT_FLOATS;
    const int fs = fc;
    float acc[4] = {0.f, 0.f, 0.f, 0.f};
    for (int i = 0; i < fr; i++)
        for (int j = 0; j < fc; j++) {
            const float w = f[i * fs + j];
#pragma unroll
            for (int m = 0; m < 4; m++) acc[m] = fmaf(w, s[(threadIdx.y + 8 * m + i) * sw + threadIdx.x + j], acc[m]);
        }
    const int64_t c = c0 + threadIdx.x;
#pragma unroll
    for (int m = 0; m < 4; m++) {
        const int64_t r = r0 + threadIdx.y + 8 * m;
        if (r < out_rows && c < out_cols) out[r * ld_out + c] = acc[m];
    }
}

GP_LAUNCHER(conv2d_r03_launch, gp_conv2d_args, ctx, p)
{
    const int64_t tiles_x = gp_ceil_div(p->out_cols, C03_TILE), tiles_y = gp_ceil_div(p->out_rows, C03_TILE);
    const unsigned grid = gp_conv_grid(tiles_x, tiles_y);
    const size_t smem = (size_t)(C03_TILE + p->fr - 1) * (C03_TILE + p->fc - 1) * sizeof(float); /* <= 15 KB */
    const int device = ctx->dev->device;
    cudaStream_t s = ctx->stream;
    gp_status st;
    int slot;
    if (!grid) return GP_ERROR_NOT_SUPPORTED;
    GP_TRY(gp_conv_ring_acquire(&c03_ring, device, s, &slot));
    st = gp_conv_copy_taps((const void *)c03_filter, slot, 0, p->filter, (size_t)p->fr * p->fc, s);
    if (st == GP_SUCCESS) {
        conv2d_smem_tile<<<grid, dim3(32, 8), smem, s>>>(p->rows, p->cols, p->in, p->ld_in, slot, p->fr, p->fc,
                                                         p->dr - p->fr / 2, p->dc - p->fc / 2, p->out_rows,
                                                         p->out_cols, p->out, p->ld_out, tiles_x);
        st = gp__launch_status();
    }
    {
        gp_status rs = gp_conv_ring_release(&c03_ring, device, slot, s);
        return st != GP_SUCCESS ? st : rs;
    }
}

static gp_kernel_info conv2d_r03_kernel(void)
{
    gp_kernel_info k = {(const void *)conv2d_smem_tile, 256, (size_t)(C03_TILE + 2) * (C03_TILE + 2) * sizeof(float)};
    return k;
}

GP_RUNG(gp__conv2d_r03, "smem_tile", "32x32 output tile: input tile + halo loaded once into shared memory", 70,
        GP_RUNG_AUTO, conv2d_r03_launch_entry, gp__conv2d_small_filter, conv2d_r03_kernel);
