/* scan.c — the scan primitive (prefix sums): argument checks and the choice of rung. */
#include "scan_internal.h"
#include <stdint.h>

const gp_rung_desc gp__scan_rungs[] = {
    {"hillis_steele", "Hillis-Steele double-buffered block scan, 1 elt/thread; scan, scan totals, add offsets", gp__scan_r01_kernel},
    {"blelloch", "Blelloch up/down-sweep block scan (O(n) work), padded against bank conflicts, 2 elts/thread", gp__scan_r02_kernel},
    {"reduce_then_scan", "3 kernels: reduce tiles, scan totals, rescan tiles with offsets (3n instead of 4n moved)", gp__scan_r03_kernel},
    {"warp_shuffle", "warp-shuffle block scan, 16 elts/thread in registers, 16-byte loads via smem transpose", gp__scan_r04_kernel},
    {"lookback", "single pass: decoupled look-back over 64-bit tile status words, dynamic tile ids", gp__scan_r05_kernel},
    {"smem_staged", "single pass, look-back; tile held in shared memory (cp.async), not registers: more tiles in flight per SM", gp__scan_r06_kernel},
    {"l2_prefetch", "rung 06, each block first asking L2 (one bulk prefetch) for the tile half the SM count ahead", gp__scan_r07_kernel},
};
const int gp__scan_rung_count = (int)(sizeof gp__scan_rungs / sizeof gp__scan_rungs[0]);

static const gp__scan_launcher launchers[] = {
    gp__scan_r01_hillis_steele, gp__scan_r02_blelloch, gp__scan_r03_reduce_then_scan,
    gp__scan_r04_warp_shuffle, gp__scan_r05_lookback, gp__scan_r06_smem_staged,
    gp__scan_r07_l2_prefetch,
};

static gp_status scan(gp_handle h, gp_scan_kind kind, int64_t n, const void *in, void *out, gp__scan_type type)
{
    const size_t esz = type == GP__SCAN_F64 ? 8 : 4;
    int rung;
    GP_TRY(gp__check_handle(h));
    if ((int)kind < 0 || kind >= GP_SCAN_KIND_COUNT) return GP_ERROR_INVALID_VALUE;
    GP_TRY(gp__check_size(n));
    if (n == 0) return GP_SUCCESS;
    GP_TRY(gp__check_dev_ptr(in));
    GP_TRY(gp__check_dev_ptr(out));
    if (((uintptr_t)in | (uintptr_t)out) % esz) return GP_ERROR_INVALID_VALUE;
    if (in != out && gp__ranges_overlap(in, (size_t)n * esz, out, (size_t)n * esz)) return GP_ERROR_OVERLAP;
    rung = h->rung[GP_PRIM_SCAN] ? h->rung[GP_PRIM_SCAN] : 7;
    /* f64 has no tile-I/O (04) or 64-bit look-back word (05-07): it runs on the reduce-then-scan rung */
    if (type == GP__SCAN_F64 && rung > 3) rung = 3;
    h->last_rung[GP_PRIM_SCAN] = rung;
    return launchers[rung - 1](&h->dev, h->stream, h->workspace, h->workspace_bytes, type,
                               kind == GP_SCAN_EXCLUSIVE, n, in, out);
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
