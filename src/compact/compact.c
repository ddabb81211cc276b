/* compact.c — stream compaction (select if / flagged): argument checks; the rung is chosen by the common picker. */
#include "compact_internal.h"
#include <stdint.h>
#include <string.h>

#define COMPACT_RUNGS(X) X(gp__compact_r01) X(gp__compact_r02) X(gp__compact_r03) X(gp__compact_r04)
GP_PRIM_TABLE(gp__compact_prim, "compact", COMPACT_RUNGS);

static gp_status select_common(gp_handle h, int64_t n, const void *in, const uint8_t *flags, gp__select_type type,
                        int pred, uint32_t value_bits, void *out, int64_t *num_selected)
{
    gp_compact_args a;
    GP_TRY(gp__check_handle(h));
    if (type != GP__SEL_FLAGGED && (pred < 0 || pred >= GP_SELECT_PRED_COUNT)) return GP_ERROR_INVALID_VALUE;
    GP_TRY(gp__check_size(n));
    GP_TRY(gp__check_dev_ptr(num_selected));
    if ((uintptr_t)num_selected % 8) return GP_ERROR_INVALID_VALUE;
    if (n == 0) return cudaMemsetAsync(num_selected, 0, sizeof(int64_t), h->stream) == cudaSuccess ? GP_SUCCESS : GP_ERROR_CUDA;
    GP_TRY(gp__check_dev_ptr(in));
    GP_TRY(gp__check_dev_ptr(out));
    if (type == GP__SEL_FLAGGED) GP_TRY(gp__check_dev_ptr(flags));
    if (((uintptr_t)in | (uintptr_t)out) % 4) return GP_ERROR_INVALID_VALUE;
    if (gp__ranges_overlap(in, (size_t)n * 4, out, (size_t)n * 4)) return GP_ERROR_OVERLAP;
    if (gp__ranges_overlap(num_selected, 8, out, (size_t)n * 4)) return GP_ERROR_OVERLAP;
    if (flags && gp__ranges_overlap(flags, (size_t)n, out, (size_t)n * 4)) return GP_ERROR_OVERLAP;
    a.type = type;
    a.pred = pred;
    a.value_bits = value_bits;
    a.n = n;
    a.in = in;
    a.flags = flags;
    a.out = out;
    a.num_selected = num_selected;
    return gp__dispatch(h, GP_PRIM_COMPACT, &a);
}

gp_status gp_select_if_f32(gp_handle h, int64_t n, const float *in, gp_select_pred pred, float value, float *out,
                           int64_t *num_selected)
{
    uint32_t bits;
    memcpy(&bits, &value, 4);
    return select_common(h, n, in, NULL, GP__SEL_F32, (int)pred, bits, out, num_selected);
}

gp_status gp_select_if_i32(gp_handle h, int64_t n, const int32_t *in, gp_select_pred pred, int32_t value,
                           int32_t *out, int64_t *num_selected)
{
    return select_common(h, n, in, NULL, GP__SEL_I32, (int)pred, (uint32_t)value, out, num_selected);
}

gp_status gp_select_flagged_f32(gp_handle h, int64_t n, const float *in, const uint8_t *flags, float *out,
                                int64_t *num_selected)
{
    return select_common(h, n, in, flags, GP__SEL_FLAGGED, 0, 0, out, num_selected);
}

gp_status gp_select_flagged_i32(gp_handle h, int64_t n, const int32_t *in, const uint8_t *flags, int32_t *out,
                                int64_t *num_selected)
{
    return select_common(h, n, in, flags, GP__SEL_FLAGGED, 0, 0, out, num_selected);
}
