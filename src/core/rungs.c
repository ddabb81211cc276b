/* rungs.c — the registry of primitives and their rungs. Each primitive's dispatcher owns its table. */
#include "internal.h"
#include <stddef.h>

extern const gp_rung_desc gp__map_rungs[];
extern const int gp__map_rung_count;
extern const gp_rung_desc gp__reduce_rungs[];
extern const int gp__reduce_rung_count;
extern const gp_rung_desc gp__scan_rungs[], gp__compact_rungs[];
extern const int gp__scan_rung_count, gp__compact_rung_count;
extern const gp_rung_desc gp__histogram_rungs[];
extern const int gp__histogram_rung_count;
extern const gp_rung_desc gp__transpose_rungs[];
extern const int gp__transpose_rung_count;
extern const gp_rung_desc gp__sgemm_rungs[];
extern const int gp__sgemm_rung_count;

static const char *const prim_names[GP_PRIM_COUNT] = {
    "map", "reduce", "scan", "compact", "histogram", "transpose", "sgemm"
};

static const gp_rung_desc *table(gp_prim p, int *count)
{
    *count = 0;
    switch (p) {
    case GP_PRIM_MAP: *count = gp__map_rung_count; return gp__map_rungs;
    case GP_PRIM_REDUCE: *count = gp__reduce_rung_count; return gp__reduce_rungs;
    case GP_PRIM_SCAN: *count = gp__scan_rung_count; return gp__scan_rungs;
    case GP_PRIM_COMPACT: *count = gp__compact_rung_count; return gp__compact_rungs;
    case GP_PRIM_HISTOGRAM: *count = gp__histogram_rung_count; return gp__histogram_rungs;
    case GP_PRIM_TRANSPOSE: *count = gp__transpose_rung_count; return gp__transpose_rungs;
    case GP_PRIM_SGEMM: *count = gp__sgemm_rung_count; return gp__sgemm_rungs;
    default: return NULL;
    }
}

const char *gp_prim_name(gp_prim p)
{
    return ((int)p >= 0 && p < GP_PRIM_COUNT) ? prim_names[p] : NULL;
}

int gp_rung_count(gp_prim p)
{
    int n;
    if ((int)p < 0 || p >= GP_PRIM_COUNT) return 0;
    table(p, &n);
    return n;
}

const char *gp_rung_name(gp_prim p, int rung)
{
    int n;
    const gp_rung_desc *t = ((int)p >= 0 && p < GP_PRIM_COUNT) ? table(p, &n) : NULL;
    return (t && rung >= 1 && rung <= n) ? t[rung - 1].name : NULL;
}

const char *gp_rung_summary(gp_prim p, int rung)
{
    int n;
    const gp_rung_desc *t = ((int)p >= 0 && p < GP_PRIM_COUNT) ? table(p, &n) : NULL;
    return (t && rung >= 1 && rung <= n) ? t[rung - 1].summary : NULL;
}

int gp__rung_kernel(gp_prim p, int rung, gp_kernel_info *out)
{
    int n;
    const gp_rung_desc *t = ((int)p >= 0 && p < GP_PRIM_COUNT) ? table(p, &n) : NULL;
    if (!t || rung < 1 || rung > n || !t[rung - 1].kernel) return 1;
    *out = t[rung - 1].kernel();
    return 0;
}
