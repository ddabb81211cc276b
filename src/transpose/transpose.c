/* transpose.c — the transpose primitive: argument checks and the choice of rung. */
#include "transpose_internal.h"
#include <stdint.h>

const gp_rung_desc gp__transpose_rungs[] = {
    {"naive", "coalesced reads, one scattered 4-byte store per element", gp__transpose_r01_kernel},
    {"tile", "32x32 shared-memory tile: reads and writes coalesced, 32-way bank conflicts", gp__transpose_r02_kernel},
    {"padded", "tile padded to [32][33]: no bank conflicts", gp__transpose_r03_kernel},
    {"vec4", "64x64 tiles, 4x4 per thread, 16-byte loads/stores, swizzled shared memory", gp__transpose_r04_kernel},
    {"grouped", "rung 4's tiles in groups of 16 tile columns: DRAM page locality for reads and writes", gp__transpose_r05_kernel},
};
const int gp__transpose_rung_count = (int)(sizeof gp__transpose_rungs / sizeof gp__transpose_rungs[0]);

static const gp_transpose_launcher launchers[] = {
    gp__transpose_r01_naive, gp__transpose_r02_tile, gp__transpose_r03_padded, gp__transpose_r04_vec4,
    gp__transpose_r05_grouped,
};

/* Elements spanned by a rows x cols matrix with leading dimension ld (rows, cols >= 1): (rows-1)*ld + cols,
 * or -1 if that (in bytes) does not fit in int64_t. */
static int64_t extent(int64_t rows, int64_t cols, int64_t ld, int elem_bytes)
{
    const int64_t lim = INT64_MAX / elem_bytes;
    if (cols > lim) return -1;
    if (rows - 1 > 0 && ld > (lim - cols) / (rows - 1)) return -1;
    return (rows - 1) * ld + cols;
}

static gp_status transpose(gp_handle h, int elem_bytes, int64_t rows, int64_t cols, const void *in, int64_t ld_in,
                           void *out, int64_t ld_out)
{
    int64_t in_n, out_n;
    int rung;
    GP_TRY(gp__check_handle(h));
    GP_TRY(gp__check_matrix(rows, cols, ld_in));
    GP_TRY(gp__check_matrix(cols, rows, ld_out));
    if (rows == 0 || cols == 0) return GP_SUCCESS;
    GP_TRY(gp__check_dev_ptr(in));
    GP_TRY(gp__check_dev_ptr(out));
    if (((uintptr_t)in | (uintptr_t)out) % (uintptr_t)elem_bytes) return GP_ERROR_INVALID_VALUE;
    in_n = extent(rows, cols, ld_in, elem_bytes);
    out_n = extent(cols, rows, ld_out, elem_bytes);
    if (in_n < 0 || out_n < 0) return GP_ERROR_INVALID_VALUE;
    if ((const void *)in == (const void *)out) return GP_ERROR_NOT_SUPPORTED; /* in-place not implemented */
    if (gp__ranges_overlap(in, (size_t)in_n * elem_bytes, out, (size_t)out_n * elem_bytes)) return GP_ERROR_OVERLAP;

    rung = h->rung[GP_PRIM_TRANSPOSE] ? h->rung[GP_PRIM_TRANSPOSE] : 4; /* measured fastest on the H100 at 16384^2 (2894 vs 2882 GB/s for 05) */
    /* Rungs 4 and 5 need every row of in and out to start on a 16-byte boundary; otherwise rung 3 (any
     * alignment, conflict-free too). */
    if (rung >= 4 && !gp__transpose_vec_ok(elem_bytes, in, ld_in, out, ld_out)) rung = 3;
    h->last_rung[GP_PRIM_TRANSPOSE] = rung;
    return launchers[rung - 1](&h->dev, h->stream, elem_bytes, rows, cols, in, ld_in, out, ld_out);
}

gp_status gp_transpose_f32(gp_handle h, int64_t rows, int64_t cols, const float *in, int64_t ld_in, float *out,
                           int64_t ld_out)
{
    return transpose(h, 4, rows, cols, in, ld_in, out, ld_out);
}

gp_status gp_transpose_f64(gp_handle h, int64_t rows, int64_t cols, const double *in, int64_t ld_in, double *out,
                           int64_t ld_out)
{
    return transpose(h, 8, rows, cols, in, ld_in, out, ld_out);
}
