/* scan_internal.h — the scan rungs' argument struct, shared by the dispatcher (scan.c), the rung files and
 * the compaction ladder (compact rung 01 scans its flags with scan rung 05). */
#ifndef GP_SCAN_INTERNAL_H
#define GP_SCAN_INTERNAL_H
#include "../core/internal.h"
#ifdef __cplusplus
extern "C" {
#endif

/* Element types as the kernels see them: i32 runs as u32 (a sum in two's complement is the same bits). */
/* f64 runs on rungs 01-03 only (the dispatcher sends rungs 04-07 to 03: the tile I/O is for 4-byte
 * elements, and a 64-bit look-back status word cannot hold a flag and a double). */
typedef enum gp__scan_type { GP__SCAN_U32 = 0, GP__SCAN_F32 = 1, GP__SCAN_F64 = 2 } gp__scan_type;

/* One call, checked by the dispatcher: scans n >= 1 elements of `in` into `out` (in == out allowed).
 * Every rung returns GP_ERROR_WORKSPACE_TOO_SMALL, before launching anything, when the workspace is short. */
typedef struct gp_scan_args {
    gp__scan_type type;
    int exclusive;
    int64_t n;
    const void *in;
    void *out;
} gp_scan_args;

/* Rungs 04-07 take 4-byte elements only (their tile I/O and 64-bit look-back words). */
int gp__scan_4byte_accepts(const gp_device_info *dev, const void *args);

/* The rungs other primitives call directly (compaction rung 01 scans its flags with rung 05). */
extern const gp_rung_desc gp__scan_r05, gp__scan_r06;

/* Workspace bytes rung 05 needs for n elements (compact rung 01 sizes its chunks with it). */
size_t gp__scan_r05_workspace(int64_t n);

/* The kernel of rungs 06 and 07 (ahead > 0: each block asks L2 for the tile `ahead` tiles after its own). */
gp_status gp__scan_staged_launch(const gp_ctx *ctx, const gp_scan_args *p, int64_t ahead);

#ifdef __cplusplus
}
#endif
#endif
