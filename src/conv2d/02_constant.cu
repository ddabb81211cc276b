// 02_constant.cu — conv2d rung 2: rung 1 with the filter in constant memory.
// Over rung 1: the filter (up to 31 x 31) is copied, on the stream, into a __constant__ slot
// (conv_const.cuh: a ring of 8 slots per device with an event each, so that calls on other streams or host
// threads cannot overwrite it before this kernel has read it). Every thread of a warp reads the same tap at
// the same time, which is what the constant cache is built for: a tap is one LDC R, c[0x3][R+imm] (SASS),
// served by the constant cache as a broadcast, instead of an LDG through the LSU and L1, so the load pipe
// carries only the fr * fc input loads per output: half of rung 1's load instructions. (An FFMA cannot
// take an indexed constant operand, and the slot, hence the tap's address, is only known at run time; rung
// 4, whose tap indices are compile-time offsets from the slot, gets them into uniform registers instead.)
// The input window is still read from global memory (L1/L2 hits for the overlap), one load per FMA.
// Filters larger than 31 x 31 are not accepted (they run rung 1).
// Bytes that must move: 8 per output pixel; FLOPs 2 * fr * fc per output. Predicted: LSU-bound like rung 1,
// about 1.5-2x faster than rung 1 for the larger filters.
// measured (H100, results/h100-2026-11-23d/bench.txt): 8192^2 3x3 672 GB/s, 5x5 394 GB/s, 3072^2 15x15 3.6 TFLOP/s (0.91x cuDNN): the broadcast of the filter barely shows while the window still comes from L1/L2
#include "conv2d_internal.h"
#include "conv_common.cuh"
#include "conv_const.cuh"

static __constant__ float c02_filter[GP_CONV_SLOTS * GP_CONV_SLOT_FLOATS];
static gp_conv_ring c02_ring;

__global__ void __launch_bounds__(256) conv2d_constant(int64_t rows, int64_t cols, const float *__restrict__ in,
                                                       int64_t ld_in, int slot, int fr, int fc, int64_t off_r,
                                                       int64_t off_c, int64_t out_rows, int64_t out_cols,
                                                       float *__restrict__ out, int64_t ld_out, int64_t tiles_x)
{
    const int64_t tile = blockIdx.x, tx = tile % tiles_x, ty = tile / tiles_x;
    const int64_t r = ty * 16 + threadIdx.y, c = tx * 16 + threadIdx.x;
    if (r >= out_rows || c >= out_cols) return;
    const float *f = c02_filter + slot * GP_CONV_SLOT_FLOATS;
    const int fs = fc;
    float acc = 0.f;
    for (int i = 0; i < fr; i++) {
        const int64_t gr = r + off_r + i;
        const bool row_in = gr >= 0 && gr < rows;
        const float *rowp = in + (row_in ? gr : 0) * ld_in;
        for (int j = 0; j < fc; j++) {
            const int64_t gc = c + off_c + j;
            const float x = (row_in && gc >= 0 && gc < cols) ? __ldg(rowp + gc) : 0.f;
            acc = fmaf(f[i * fs + j], x, acc);
        }
    }
    out[r * ld_out + c] = acc;
}

GP_LAUNCHER(conv2d_r02_launch, gp_conv2d_args, ctx, p)
{
    const int64_t tiles_x = gp_ceil_div(p->out_cols, 16), tiles_y = gp_ceil_div(p->out_rows, 16);
    const unsigned grid = gp_conv_grid(tiles_x, tiles_y);
    const int device = ctx->dev->device;
    cudaStream_t s = ctx->stream;
    gp_status st;
    int slot;
    if (!grid) return GP_ERROR_NOT_SUPPORTED;
    GP_TRY(gp_conv_ring_acquire(&c02_ring, device, s, &slot));
    st = gp_conv_copy_taps((const void *)c02_filter, slot, 0, p->filter, (size_t)p->fr * p->fc, s);
    if (st == GP_SUCCESS) {
        conv2d_constant<<<grid, dim3(16, 16), 0, s>>>(p->rows, p->cols, p->in, p->ld_in, slot, p->fr, p->fc,
                                                      p->dr - p->fr / 2, p->dc - p->fc / 2, p->out_rows, p->out_cols,
                                                      p->out, p->ld_out, tiles_x);
        st = gp__launch_status();
    }
    {
        gp_status rs = gp_conv_ring_release(&c02_ring, device, slot, s);
        return st != GP_SUCCESS ? st : rs;
    }
}

static gp_kernel_info conv2d_r02_kernel(void)
{
    gp_kernel_info k = {(const void *)conv2d_constant, 256, 0};
    return k;
}

GP_RUNG(gp__conv2d_r02, "constant", "filter in constant memory (a ring of slots per device), window from global",
        70, GP_RUNG_AUTO, conv2d_r02_launch_entry, gp__conv2d_small_filter, conv2d_r02_kernel);
