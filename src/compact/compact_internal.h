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

extern const gp_rung_desc gp__compact_r02, gp__compact_r03;

/* 1 where rung 04, picked automatically, runs its own kernel; 0 for n in (2^16, 2^20], which it hands to
 * rung 02 (recorded as the rung that ran): there the grid is at most a few tiles per SM, and rung 02's
 * 8192-element tiles of 256 threads finish sooner than rung 03/04's 9216-element tiles of 128 threads. H100,
 * CUB in the same run (results/h100-2026-11-23g/call1/compact-mid.txt), rung 02 / rung 04: 2^16 9.6 / 9.3 us,
 * 2^17 9.7 / 11.2, 2^18 8.6 / 11.5, 2^19 9.1 / 12.0, 2^20 10.7 / 12.1 (CUB 12-14 us). Forced, rung 04 runs
 * its own kernel at every size. */
static inline int gp__compact_r04_own(int64_t n) { return n <= ((int64_t)1 << 16) || n > ((int64_t)1 << 20); }

/* The kernel of rungs 03 and 04 (ahead > 0: each block asks L2 for the tile `ahead` tiles after its own). */
gp_status gp__compact_staged_launch(const gp_ctx *ctx, const gp_compact_args *p, int64_t ahead);

#ifdef __cplusplus
}
#endif
#endif
