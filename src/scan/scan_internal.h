/* scan_internal.h — the scan rungs' launchers, called by the dispatcher (scan.c) and by the compaction
 * ladder (compact rung 01 scans its flags with gp__scan_r05_lookback). */
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

/* Scans n elements of `in` into `out` (in == out allowed) on stream s, using ws (ws_bytes) as scratch.
 * Returns GP_ERROR_WORKSPACE_TOO_SMALL, before launching anything, when ws is short. n >= 1. */
typedef gp_status (*gp__scan_launcher)(const gp_device_info *dev, cudaStream_t s, void *ws, size_t ws_bytes,
                                       gp__scan_type type, int exclusive, int64_t n, const void *in, void *out);

gp_status gp__scan_r01_hillis_steele(const gp_device_info *, cudaStream_t, void *, size_t, gp__scan_type, int, int64_t, const void *, void *);
gp_status gp__scan_r02_blelloch(const gp_device_info *, cudaStream_t, void *, size_t, gp__scan_type, int, int64_t, const void *, void *);
gp_status gp__scan_r03_reduce_then_scan(const gp_device_info *, cudaStream_t, void *, size_t, gp__scan_type, int, int64_t, const void *, void *);
gp_status gp__scan_r04_warp_shuffle(const gp_device_info *, cudaStream_t, void *, size_t, gp__scan_type, int, int64_t, const void *, void *);
gp_status gp__scan_r05_lookback(const gp_device_info *, cudaStream_t, void *, size_t, gp__scan_type, int, int64_t, const void *, void *);
gp_status gp__scan_r06_smem_staged(const gp_device_info *, cudaStream_t, void *, size_t, gp__scan_type, int, int64_t, const void *, void *);
gp_status gp__scan_r07_l2_prefetch(const gp_device_info *, cudaStream_t, void *, size_t, gp__scan_type, int, int64_t, const void *, void *);

/* Workspace bytes rung 05 needs for n elements (compact rung 01 sizes its chunks with it). */
size_t gp__scan_r05_workspace(int64_t n);

gp_kernel_info gp__scan_r01_kernel(void);
gp_kernel_info gp__scan_r02_kernel(void);
gp_kernel_info gp__scan_r03_kernel(void);
gp_kernel_info gp__scan_r04_kernel(void);
gp_kernel_info gp__scan_r05_kernel(void);
gp_kernel_info gp__scan_r06_kernel(void);
gp_kernel_info gp__scan_r07_kernel(void);

#ifdef __cplusplus
}
#endif
#endif
