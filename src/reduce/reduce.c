/* reduce.c — the reduce primitive: argument checks and the choice of rung.
 *
 * Automatic choice: rung 8 (single pass) for every n. It reads the input once at full bandwidth (like
 * rung 7) and needs one launch plus a 4-byte memset, where rung 7 needs two launches; for small n both are
 * bound by launch latency and a single block does all the work either way. Rungs 1-6 are slower at every
 * size (one or two elements per thread per tile, several passes). Deterministic mode: rung 8 with a
 * device-independent grid, whatever rung is forced. */
#include "reduce_internal.h"
#include <stdint.h>

const gp_rung_desc gp__reduce_rungs[] = {
    {"interleaved", "shared-memory tree, tid % (2s) == 0 works: divergent warps", gp__reduce_r01_kernel},
    {"strided", "strided index 2*s*tid: no divergence, bank conflicts", gp__reduce_r02_kernel},
    {"sequential", "sequential addressing tid < s: conflict-free", gp__reduce_r03_kernel},
    {"first_add", "two elements per thread, added during the load", gp__reduce_r04_kernel},
    {"unroll_warp", "last warp unrolled with __syncwarp, no block barriers", gp__reduce_r05_kernel},
    {"shuffle", "warp shuffles (__shfl_down_sync) instead of the shared tree", gp__reduce_r06_kernel},
    {"vectorised", "one wave, grid-stride, 4 x 16-byte loads in flight per thread, 2 launches", gp__reduce_r07_kernel},
    {"single_pass", "one launch: last block (atomic ticket) combines partials in fixed order", gp__reduce_r08_kernel},
};
const int gp__reduce_rung_count = (int)(sizeof gp__reduce_rungs / sizeof gp__reduce_rungs[0]);

static const gp_reduce_launcher launchers[] = {
    gp__reduce_r01, gp__reduce_r02, gp__reduce_r03, gp__reduce_r04,
    gp__reduce_r05, gp__reduce_r06, gp__reduce_r07, gp__reduce_r08,
};

#define REDUCE_AUTO_RUNG 8
#define REDUCE_DETERMINISTIC_RUNG 8

static gp_status reduce(gp_handle h, gp_reduce_type type, size_t elem, size_t out_elem, gp_reduce_op op,
                        int argmax, int64_t n, const void *in, void *out)
{
    gp_reduce_args a;
    int rung;
    GP_TRY(gp__check_handle(h));
    if ((int)op < 0 || op >= GP_REDUCE_OP_COUNT) return GP_ERROR_INVALID_VALUE;
    GP_TRY(gp__check_size(n));
    GP_TRY(gp__check_dev_ptr(out));
    if ((uintptr_t)out % out_elem) return GP_ERROR_INVALID_VALUE;
    if (n > 0) {
        GP_TRY(gp__check_dev_ptr(in));
        if ((uintptr_t)in % elem) return GP_ERROR_INVALID_VALUE;
    }
    rung = h->deterministic ? REDUCE_DETERMINISTIC_RUNG
                            : (h->rung[GP_PRIM_REDUCE] ? h->rung[GP_PRIM_REDUCE] : REDUCE_AUTO_RUNG);
    h->last_rung[GP_PRIM_REDUCE] = rung;
    a.dev = &h->dev;
    a.stream = h->stream;
    a.type = type;
    a.op = op;
    a.n = n;
    a.in = in;
    a.out = out;
    a.workspace = h->workspace;
    a.workspace_bytes = h->workspace ? h->workspace_bytes : 0;
    a.argmax = argmax;
    a.fixed_grid = h->deterministic != 0;
    return launchers[rung - 1](&a);
}

gp_status gp_reduce_f32(gp_handle h, gp_reduce_op op, int64_t n, const float *in, float *out)
{
    return reduce(h, GP_RT_F32, sizeof(float), sizeof(float), op, 0, n, in, out);
}

gp_status gp_reduce_f64(gp_handle h, gp_reduce_op op, int64_t n, const double *in, double *out)
{
    return reduce(h, GP_RT_F64, sizeof(double), sizeof(double), op, 0, n, in, out);
}

gp_status gp_reduce_i32(gp_handle h, gp_reduce_op op, int64_t n, const int32_t *in, int64_t *out)
{
    return reduce(h, GP_RT_I32, sizeof(int32_t), sizeof(int64_t), op, 0, n, in, out);
}

/* argmax runs through the same rungs with a (value, index) pair as the reduction value. */
gp_status gp_argmax_f32(gp_handle h, int64_t n, const float *in, int64_t *out_index)
{
    return reduce(h, GP_RT_F32, sizeof(float), sizeof(int64_t), GP_REDUCE_MAX, 1, n, in, out_index);
}

gp_status gp_set_deterministic(gp_handle h, int on)
{
    GP_TRY(gp__check_handle(h));
    h->deterministic = on != 0;
    return GP_SUCCESS;
}

gp_status gp_get_deterministic(gp_handle h, int *on)
{
    GP_TRY(gp__check_handle(h));
    if (!on) return GP_ERROR_NULL_POINTER;
    *on = h->deterministic;
    return GP_SUCCESS;
}
