// transpose_grid.cuh — the tile grid shared by every transpose rung.
// gridDim.x walks the column tiles of `in` (up to 2^31-1 of them); gridDim.y is capped at 65535, so a block
// walks the row tiles with a stride of gridDim.y. Any rows x cols fits. All element indices are 64-bit.
#ifndef GP_TRANSPOSE_GRID_CUH
#define GP_TRANSPOSE_GRID_CUH
#include "../common/util.cuh"

#define GP_TRANSPOSE_MAX_GRID_Y 65535

static inline dim3 gp_transpose_grid(int64_t rows, int64_t cols, int tile_rows, int tile_cols)
{
    int64_t gx = gp_ceil_div(cols, tile_cols), gy = gp_ceil_div(rows, tile_rows);
    if (gy > GP_TRANSPOSE_MAX_GRID_Y) gy = GP_TRANSPOSE_MAX_GRID_Y;
    return dim3((unsigned)gx, (unsigned)gy, 1);
}

/* The launch fails cleanly (GP_ERROR_INVALID_VALUE) for more column tiles than gridDim.x can hold. */
static inline int gp_transpose_grid_ok(int64_t cols, int tile_cols)
{
    return gp_ceil_div(cols, tile_cols) <= 0x7fffffff;
}

/* Shared body of the launchers: pick the element type. */
#define GP_TRANSPOSE_BY_TYPE(elem_bytes, LAUNCH)       \
    do {                                               \
        if ((elem_bytes) == 8) { LAUNCH(double); }     \
        else { LAUNCH(float); }                        \
    } while (0)

#endif
