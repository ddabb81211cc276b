// 04_vec.cu — transpose rung 4: 64x64 tiles (f32; 32x32 for f64) moved in 16-byte pieces.
// Over rung 3: each of the 256 threads owns a 4x4 micro-block of the tile (2x2 for f64). It reads the
// micro-block's 4 rows with 4 independent 16-byte loads (LDG.E.128; a half-warp reads one 256-byte row
// segment), transposes it in registers, and stores its 4 output rows into shared memory with 4 STS.128;
// after the barrier each thread reads one 16-byte chunk of an output row (LDS.128) and writes it with one
// STG.E.128 (a half-warp writes 256 contiguous bytes). A thread moves its 16 elements with 4+4+4+4
// memory instructions where rung 3 needs 16+16+16+16, and keeps 64 bytes of loads in flight instead of 16,
// so fewer resident warps cover DRAM latency (Little's law: ~2 MB in flight for ~3 TB/s). Shared memory holds the transposed tile as [64 rows][16 chunks] of 16 bytes (16 KB), the
// chunk index XOR-swizzled with (row / 4) mod 8: the 8 lanes of each quarter-warp (one 16-byte access
// phase) then hit 8 different 16-byte bank groups, on the store and on the load, so no conflicts and no
// padding. Global bytes: 2 * rows * cols * sizeof(T), as rung 3; predicted: at or near the copy rate.
// The kernel does whole tiles only, with no bounds checks; the strips along the right and bottom edges
// (fewer than 64 columns/rows) are transposed by rung 3's kernel in up to two more launches. The 16-byte
// path needs 16-byte aligned bases and leading dimensions that are multiples of 16 bytes; the dispatcher
// sends anything else to rung 3.
// H100 80GB HBM3, 2026-11-22 (results/h100-2026-11-22, `gpuprim bench transpose`; vendor timed in the same run):
//   16384x16384 f32: 2894 GB/s, 96.2% of D2D copy, 1.007x cublasSgeam
//   16383x16385 f32: 1727 GB/s, 57.4% of D2D copy, 0.779x cublasSgeam
#include "transpose_vec.cuh"

template <typename T>
__global__ void __launch_bounds__(256) transpose_vec(int64_t full_rows, const T *__restrict__ in, int64_t ld_in,
                                                     T *__restrict__ out, int64_t ld_out)
{
    constexpr int TILE = gp_vec_tile<T>::TILE;
    __shared__ typename gp_vec16<T>::type s[TILE][TR_CHUNKS];
    const int64_t c0 = (int64_t)blockIdx.x * TILE;
    for (int64_t r0 = (int64_t)blockIdx.y * TILE; r0 < full_rows; r0 += (int64_t)gridDim.y * TILE)
        gp_transpose_vec_tile<T>(in, ld_in, out, ld_out, r0, c0, s);
}

extern "C" int gp__transpose_vec_ok(int elem_bytes, const void *in, int64_t ld_in, const void *out, int64_t ld_out)
{
    const int64_t per16 = 16 / elem_bytes; /* elements per 16 bytes; ld * elem_bytes could overflow for 1-row matrices */
    return gp_aligned(in, 16) && gp_aligned(out, 16) && ld_in % per16 == 0 && ld_out % per16 == 0;
}

extern "C" gp_status gp__transpose_r04_vec4(const gp_device_info *dev, cudaStream_t s, int elem_bytes, int64_t rows,
                                            int64_t cols, const void *in, int64_t ld_in, void *out, int64_t ld_out)
{
    const int tile = TR_CHUNKS * (16 / elem_bytes);
    const int64_t full_rows = rows / tile * tile, full_cols = cols / tile * tile;
    if (!gp__transpose_vec_ok(elem_bytes, in, ld_in, out, ld_out)) return GP_ERROR_INVALID_VALUE;
    if (full_rows > 0 && full_cols > 0) {
        if (!gp_transpose_grid_ok(full_cols, tile)) return GP_ERROR_INVALID_VALUE;
        const dim3 grid = gp_transpose_grid(full_rows, full_cols, tile, tile), block(256);
#define LAUNCH(T) transpose_vec<T><<<grid, block, 0, s>>>(full_rows, (const T *)in, ld_in, (T *)out, ld_out)
        GP_TRANSPOSE_BY_TYPE(elem_bytes, LAUNCH);
#undef LAUNCH
        GP_TRY(gp__launch_status());
    }
    /* the edge strips, fewer than one tile wide, go to rung 3 */
    return gp_transpose_vec_edges(dev, s, elem_bytes, rows, cols, full_rows, full_cols, in, ld_in, out, ld_out);
}

GP_LAUNCHER(transpose_r04_launch, gp_transpose_args, ctx, p)
{
    return gp__transpose_r04_vec4(ctx->dev, ctx->stream, p->elem_bytes, p->rows, p->cols, p->in, p->ld_in, p->out, p->ld_out);
}

/* rows of in and out on 16-byte boundaries (else the call runs rung 03) */
GP_ACCEPTS(transpose_vec_accepts, gp_transpose_args, dev, p)
{
    (void)dev;
    return gp__transpose_vec_ok(p->elem_bytes, p->in, p->ld_in, p->out, p->ld_out);
}

static gp_kernel_info transpose_r04_kernel(void)
{
    gp_kernel_info k = {(const void *)transpose_vec<float>, 256, 0};
    return k;
}

GP_RUNG(gp__transpose_r04, "vec4",
        "64x64 tiles, 4x4 per thread, 16-byte loads/stores, swizzled shared memory", 70, GP_RUNG_AUTO,
        transpose_r04_launch_entry, transpose_vec_accepts_entry, transpose_r04_kernel);
