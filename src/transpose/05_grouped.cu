// 05_grouped.cu — transpose rung 5: rung 4's tiles, visited in groups of 16 tile columns.
// Over rung 4: the ~600-700 blocks resident at once (132 SMs x 5 blocks) cover, in rung 4's row-major tile
// order, 2-3 tile rows across the whole width (at 16384 x 16384 f32): their reads are long contiguous row
// runs, but their writes land on every row of the output, 256-768 bytes per output row at a time, so DRAM
// pages are opened for little data on the write side. Here a 1-D grid walks the tiles down a group of 16
// tile columns before moving to the next group: the resident blocks (~41 tile rows x 16 tile columns)
// read 4 KB runs (16 x 256 B) of ~2600 input rows and write ~10 KB runs (41 x 256 B) of 1024 output rows,
// page locality for both directions. Bytes, tile
// code and shared-memory layout are rung 4's; only the block -> tile map changes. Predicted: a few percent
// over rung 4 where the write side loses to DRAM page misses, nothing where the L2 already merges them.
// H100 80GB HBM3, 2026-11-22 (results/h100-2026-11-22, `gpuprim bench transpose`; vendor timed in the same run):
//   16384x16384 f32: 2883 GB/s, 95.9% of D2D copy, 1.003x cublasSgeam
//   16383x16385 f32: 1727 GB/s, 57.4% of D2D copy, 0.779x cublasSgeam
#include "transpose_vec.cuh"

#define TR_GROUP 16 /* tile columns per group */
#define TR_MAX_BLOCKS ((int64_t)1 << 30) /* grid-stride over the tiles beyond this */

template <typename T>
__global__ void __launch_bounds__(256) transpose_grouped(int64_t tile_rows, int64_t tile_cols,
                                                         const T *__restrict__ in, int64_t ld_in,
                                                         T *__restrict__ out, int64_t ld_out)
{
    constexpr int TILE = gp_vec_tile<T>::TILE;
    __shared__ typename gp_vec16<T>::type s[TILE][TR_CHUNKS];
    const int64_t tiles = tile_rows * tile_cols, per_group = TR_GROUP * tile_rows;
    for (int64_t t = blockIdx.x; t < tiles; t += gridDim.x) {
        const int64_t g = t / per_group, local = t - g * per_group;
        const int64_t first_col = g * TR_GROUP;
        const int64_t width = tile_cols - first_col < TR_GROUP ? tile_cols - first_col : TR_GROUP; /* last group may be narrower */
        const int64_t tr = local / width, tc = first_col + local % width;
        gp_transpose_vec_tile<T>(in, ld_in, out, ld_out, tr * TILE, tc * TILE, s);
    }
}

static gp_status gp__transpose_r05_grouped(const gp_device_info *dev, cudaStream_t s, int elem_bytes,
                                               int64_t rows, int64_t cols, const void *in, int64_t ld_in, void *out,
                                               int64_t ld_out)
{
    const int tile = TR_CHUNKS * (16 / elem_bytes);
    const int64_t tile_rows = rows / tile, tile_cols = cols / tile;
    if (!gp__transpose_vec_ok(elem_bytes, in, ld_in, out, ld_out)) return GP_ERROR_INVALID_VALUE;
    if (tile_rows > 0 && tile_cols > 0) {
        const int64_t tiles = tile_rows * tile_cols;
        const unsigned blocks = (unsigned)(tiles < TR_MAX_BLOCKS ? tiles : TR_MAX_BLOCKS);
#define LAUNCH(T) \
    transpose_grouped<T><<<blocks, 256, 0, s>>>(tile_rows, tile_cols, (const T *)in, ld_in, (T *)out, ld_out)
        GP_TRANSPOSE_BY_TYPE(elem_bytes, LAUNCH);
#undef LAUNCH
        GP_TRY(gp__launch_status());
    }
    /* the edge strips, fewer than one tile wide, go to rung 3 */
    return gp_transpose_vec_edges(dev, s, elem_bytes, rows, cols, tile_rows * tile, tile_cols * tile, in, ld_in, out,
                                  ld_out);
}

GP_LAUNCHER(transpose_r05_launch, gp_transpose_args, ctx, p)
{
    return gp__transpose_r05_grouped(ctx->dev, ctx->stream, p->elem_bytes, p->rows, p->cols, p->in, p->ld_in, p->out, p->ld_out);
}

/* rows of in and out on 16-byte boundaries (else the call runs rung 03) */
GP_ACCEPTS(transpose_vec_accepts, gp_transpose_args, dev, p)
{
    (void)dev;
    return gp__transpose_vec_ok(p->elem_bytes, p->in, p->ld_in, p->out, p->ld_out);
}

static gp_kernel_info transpose_r05_kernel(void)
{
    gp_kernel_info k = {(const void *)transpose_grouped<float>, 256, 0};
    return k;
}

GP_RUNG(gp__transpose_r05, "grouped",
        "rung 4's tiles in groups of 16 tile columns: DRAM page locality for reads and writes", 70, GP_RUNG_NOT_AUTO,
        transpose_r05_launch_entry, transpose_vec_accepts_entry, transpose_r05_kernel);
