/* compact_internal.h — the compaction rungs' argument struct, shared by the dispatcher (compact.c) and the rungs. */
#ifndef GP_COMPACT_INTERNAL_H
#define GP_COMPACT_INTERNAL_H
#include "../core/internal.h"
#ifdef __cplusplus
extern "C" {
#endif

/* Element types as the kernels see them. The flagged form only moves 4-byte words, so f32 and i32 share
 * one instantiation (GP__SEL_FLAGGED, on unsigned words). */
typedef enum gp__select_type { GP__SEL_F32 = 0, GP__SEL_I32 = 1, GP__SEL_FLAGGED = 2 } gp__select_type;

/* One call, checked by the dispatcher. pred: a gp_select_pred (ignored for GP__SEL_FLAGGED); value_bits:
 * the comparison value's bits. n >= 1; flags is NULL except for GP__SEL_FLAGGED. Every rung returns
 * GP_ERROR_WORKSPACE_TOO_SMALL before launching anything when the workspace is short. */
typedef struct gp_compact_args {
    gp__select_type type;
    int pred;
    uint32_t value_bits;
    int64_t n;
    const void *in;
    const uint8_t *flags;
    void *out;
    int64_t *num_selected;
} gp_compact_args;

extern const gp_rung_desc gp__compact_r03;

/* The kernel of rungs 03 and 04 (ahead > 0: each block asks L2 for the tile `ahead` tiles after its own). */
gp_status gp__compact_staged_launch(const gp_ctx *ctx, const gp_compact_args *p, int64_t ahead);

#ifdef __cplusplus
}
#endif
#endif
