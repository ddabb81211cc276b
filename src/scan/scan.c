/* scan.c — the scan primitive (prefix sums): argument checks; the rung is chosen by the common picker. */
#include "scan_internal.h"
#include <stdint.h>

#define SCAN_RUNGS(X) X(gp__scan_r01) X(gp__scan_r02) X(gp__scan_r03) X(gp__scan_r04) X(gp__scan_r05) \
    X(gp__scan_r06) X(gp__scan_r07)
GP_PRIM_TABLE(gp__scan_prim, "scan", SCAN_RUNGS);

int gp__scan_4byte_accepts(const gp_device_info *dev, const void *args)
{
    (void)dev;
    return ((const gp_scan_args *)args)->type != GP__SCAN_F64;
}

static gp_status scan(gp_handle h, gp_scan_kind kind, int64_t n, const void *in, void *out, gp__scan_type type)
{
    const size_t esz = type == GP__SCAN_F64 ? 8 : 4;
    gp_scan_args a;
    GP_TRY(gp__check_handle(h));
    if ((int)kind < 0 || kind >= GP_SCAN_KIND_COUNT) return GP_ERROR_INVALID_VALUE;
    GP_TRY(gp__check_size(n));
    if (n == 0) return GP_SUCCESS;
    GP_TRY(gp__check_dev_ptr(in));
    GP_TRY(gp__check_dev_ptr(out));
    if (((uintptr_t)in | (uintptr_t)out) % esz) return GP_ERROR_INVALID_VALUE;
    if (in != out && gp__ranges_overlap(in, (size_t)n * esz, out, (size_t)n * esz)) return GP_ERROR_OVERLAP;
    a.type = type;
    a.exclusive = kind == GP_SCAN_EXCLUSIVE;
    a.n = n;
    a.in = in;
    a.out = out;
    /* f64 has no tile I/O (04) or 64-bit look-back word (05-07): those rungs do not accept it, so it runs
     * on the reduce-then-scan rung */
    return gp__dispatch(h, GP_PRIM_SCAN, &a);
}

gp_status gp_scan_i32(gp_handle h, gp_scan_kind kind, int64_t n, const int32_t *in, int32_t *out)
{
    return scan(h, kind, n, in, out, GP__SCAN_U32);
}

gp_status gp_scan_u32(gp_handle h, gp_scan_kind kind, int64_t n, const uint32_t *in, uint32_t *out)
{
    return scan(h, kind, n, in, out, GP__SCAN_U32);
}

gp_status gp_scan_f32(gp_handle h, gp_scan_kind kind, int64_t n, const float *in, float *out)
{
    return scan(h, kind, n, in, out, GP__SCAN_F32);
}

gp_status gp_scan_f64(gp_handle h, gp_scan_kind kind, int64_t n, const double *in, double *out)
{
    return scan(h, kind, n, in, out, GP__SCAN_F64);
}
