/* internal.h — what every primitive's host code shares: the handle's layout, argument checks, the rung
 * registry. Private to the library (C, also included from .cu launchers). */
#ifndef GP_INTERNAL_H
#define GP_INTERNAL_H

#include "gpuprim.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Properties of the handle's device that launchers need, read once by gp_create. */
typedef struct gp_device_info {
    int device;
    int cc_major, cc_minor;
    int sm_count;
    int max_threads_per_sm;
    int max_blocks_per_sm;
    size_t l2_bytes;
    size_t smem_per_block_optin;   /* shared memory a block may use after cudaFuncSetAttribute */
    size_t smem_per_sm;
} gp_device_info;

#define GP_HANDLE_MAGIC 0x67707231u /* "gpr1" */

struct gp_handle_s {
    unsigned magic;
    gp_device_info dev;
    cudaStream_t stream;
    int rung[GP_PRIM_COUNT];       /* 0 = auto */
    int last_rung[GP_PRIM_COUNT];
    int deterministic;             /* used by reduce */
    void *workspace;
    size_t workspace_bytes;
    void *own_workspace;           /* allocated by gp_create */
    size_t own_workspace_bytes;
};

/* A rung's main kernel, for the analysis tools (occupancy, `gpuprim explain`): its function pointer (one
 * representative instantiation, e.g. the f32/add one), threads per block and dynamic shared memory as
 * launched at the primitive's benchmark size. */
typedef struct gp_kernel_info {
    const void *fn;
    int threads;
    size_t dyn_smem;
} gp_kernel_info;

/* A rung as listed by gp_rung_name / gp_rung_summary. */
typedef struct gp_rung_desc {
    const char *name;
    const char *summary;
    gp_kernel_info (*kernel)(void); /* may be NULL (e.g. a rung that only calls other rungs) */
} gp_rung_desc;

/* The main kernel of a rung (rungs.c); 0 on success, non-zero if the rung has none or does not exist. */
int gp__rung_kernel(gp_prim p, int rung, gp_kernel_info *out);

/* ---- argument checks (checks.c). Each returns GP_SUCCESS or the status to report. ---- */
gp_status gp__check_handle(gp_handle h);
/* NULL -> GP_ERROR_NULL_POINTER; host memory the device cannot reach -> GP_ERROR_HOST_POINTER. */
gp_status gp__check_dev_ptr(const void *p);
/* Pure checks, no CUDA (unit-tested on the CPU). */
gp_status gp__check_size(int64_t n);
/* A rows x cols row-major matrix with leading dimension ld: rows, cols >= 0, ld >= max(1, cols). */
gp_status gp__check_matrix(int64_t rows, int64_t cols, int64_t ld);
/* 1 if the byte ranges [a, a+abytes) and [b, b+bbytes) intersect. */
int gp__ranges_overlap(const void *a, size_t abytes, const void *b, size_t bbytes);
/* The rung to run: forced by gp_set_rung, else 'automatic'. Records it as the last rung. */
int gp__pick_rung(gp_handle h, gp_prim p, int automatic);
/* Maps a CUDA error after a launch to a status (clears sticky-free errors). */
gp_status gp__launch_status(void);

#define GP_TRY(expr) do { gp_status gp__s = (expr); if (gp__s != GP_SUCCESS) return gp__s; } while (0)

#ifdef __cplusplus
}
#endif
#endif
