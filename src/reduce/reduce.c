/* reduce.c — the reduce primitive: argument checks; the rung is chosen by the common picker (core/rungs.c).
 *
 * The automatic choice comes out as rung 8 (single pass, the top rung) for every n. It reads the input once at full bandwidth (like
 * rung 7) and needs one launch plus a 4-byte memset, where rung 7 needs two launches; for small n both are
 * bound by launch latency and a single block does all the work either way. Rungs 1-6 are slower at every
 * size (one or two elements per thread per tile, several passes). Deterministic mode: rungs 1-7 do not
 * accept it (gp__reduce_any_grid_accepts), so any forced rung falls through to rung 8 with a
 * device-independent grid. */
#include "reduce_internal.h"
#include <stdint.h>

#define REDUCE_RUNGS(X) X(gp__reduce_r01) X(gp__reduce_r02) X(gp__reduce_r03) X(gp__reduce_r04) \
    X(gp__reduce_r05) X(gp__reduce_r06) X(gp__reduce_r07) X(gp__reduce_r08)
GP_PRIM_TABLE(gp__reduce_prim, "reduce", REDUCE_RUNGS);

int gp__reduce_any_grid_accepts(const gp_device_info *dev, const void *args)
{
    (void)dev;
    return !((const gp_reduce_args *)args)->fixed_grid;
}

static gp_status reduce(gp_handle h, gp_reduce_type type, size_t elem, size_t out_elem, gp_reduce_op op,
                        int argmax, int64_t n, const void *in, void *out)
{
    gp_reduce_args a;
    GP_TRY(gp__check_handle(h));
    if ((int)op < 0 || op >= GP_REDUCE_OP_COUNT) return GP_ERROR_INVALID_VALUE;
    GP_TRY(gp__check_size(n));
    GP_TRY(gp__check_dev_ptr(out));
    if ((uintptr_t)out % out_elem) return GP_ERROR_INVALID_VALUE;
    if (n > 0) {
        GP_TRY(gp__check_dev_ptr(in));
        if ((uintptr_t)in % elem) return GP_ERROR_INVALID_VALUE;
    }
    a.dev = NULL; /* dev, stream and workspace come from the rung's context */
    a.stream = 0;
    a.type = type;
    a.op = op;
    a.n = n;
    a.in = in;
    a.out = out;
    a.workspace = NULL;
    a.workspace_bytes = 0;
    a.argmax = argmax;
    a.fixed_grid = h->deterministic != 0;
    return gp__dispatch(h, GP_PRIM_REDUCE, &a);
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
