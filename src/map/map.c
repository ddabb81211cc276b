/* map.c — the map primitive: argument checks; the rung is chosen by the common picker (core/rungs.c). */
#include "map_internal.h"
#include <stdint.h>

#define MAP_RUNGS(X) X(gp__map_r01) X(gp__map_r02) X(gp__map_r03) X(gp__map_r04)
GP_PRIM_TABLE(gp__map_prim, "map", MAP_RUNGS);

int gp__map_vec_accepts(const gp_device_info *dev, const void *args)
{
    const gp_map_args *m = (const gp_map_args *)args;
    (void)dev;
    return ((uintptr_t)m->a ^ (uintptr_t)m->b) % 16 == 0 && ((uintptr_t)m->a ^ (uintptr_t)m->c) % 16 == 0;
}

/* Exact aliasing (c == a) is an element-wise in-place update and is fine; a partial overlap is not. */
static int partial_overlap(const float *x, const float *y, int64_t n)
{
    return x != y && gp__ranges_overlap(x, (size_t)n * sizeof(float), y, (size_t)n * sizeof(float));
}

gp_status gp_map_f32(gp_handle h, gp_binop op, int64_t n, const float *a, const float *b, float *c)
{
    gp_map_args args;
    GP_TRY(gp__check_handle(h));
    if ((int)op < 0 || op >= GP_BINOP_COUNT) return GP_ERROR_INVALID_VALUE;
    GP_TRY(gp__check_size(n));
    if (n == 0) return GP_SUCCESS;
    GP_TRY(gp__check_dev_ptr(a));
    GP_TRY(gp__check_dev_ptr(b));
    GP_TRY(gp__check_dev_ptr(c));
    if (((uintptr_t)a | (uintptr_t)b | (uintptr_t)c) % sizeof(float)) return GP_ERROR_INVALID_VALUE;
    if (partial_overlap(a, c, n) || partial_overlap(b, c, n)) return GP_ERROR_OVERLAP;
    args.op = op;
    args.n = n;
    args.a = a;
    args.b = b;
    args.c = c;
    return gp__dispatch(h, GP_PRIM_MAP, &args);
}

gp_status gp_vector_add_f32(gp_handle h, int64_t n, const float *a, const float *b, float *c)
{
    return gp_map_f32(h, GP_BINOP_ADD, n, a, b, c);
}
