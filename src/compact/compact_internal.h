/* compact_internal.h — the compaction rungs' launchers, called by the dispatcher (compact.c). */
#ifndef GP_COMPACT_INTERNAL_H
#define GP_COMPACT_INTERNAL_H
#include "../core/internal.h"
#ifdef __cplusplus
extern "C" {
#endif

/* Element types as the kernels see them. The flagged form only moves 4-byte words, so f32 and i32 share
 * one instantiation (GP__SEL_FLAGGED, on unsigned words). */
typedef enum gp__select_type { GP__SEL_F32 = 0, GP__SEL_I32 = 1, GP__SEL_FLAGGED = 2 } gp__select_type;

/* pred: a gp_select_pred (ignored for GP__SEL_FLAGGED); value_bits: the comparison value's bits.
 * n >= 1; flags is NULL except for GP__SEL_FLAGGED. Returns GP_ERROR_WORKSPACE_TOO_SMALL before
 * launching anything when ws is short. */
typedef gp_status (*gp__compact_launcher)(const gp_device_info *dev, cudaStream_t s, void *ws, size_t ws_bytes,
                                          gp__select_type type, int pred, uint32_t value_bits, int64_t n,
                                          const void *in, const uint8_t *flags, void *out, int64_t *num_selected);

gp_status gp__compact_r01_scan_scatter(const gp_device_info *, cudaStream_t, void *, size_t, gp__select_type, int,
                                       uint32_t, int64_t, const void *, const uint8_t *, void *, int64_t *);
gp_status gp__compact_r02_lookback(const gp_device_info *, cudaStream_t, void *, size_t, gp__select_type, int,
                                   uint32_t, int64_t, const void *, const uint8_t *, void *, int64_t *);

gp_status gp__compact_r03_smem_staged(const gp_device_info *, cudaStream_t, void *, size_t, gp__select_type, int,
                                      uint32_t, int64_t, const void *, const uint8_t *, void *, int64_t *);

gp_status gp__compact_r04_l2_prefetch(const gp_device_info *, cudaStream_t, void *, size_t, gp__select_type, int,
                                      uint32_t, int64_t, const void *, const uint8_t *, void *, int64_t *);

gp_kernel_info gp__compact_r01_kernel(void);
gp_kernel_info gp__compact_r02_kernel(void);
gp_kernel_info gp__compact_r03_kernel(void);
gp_kernel_info gp__compact_r04_kernel(void);

#ifdef __cplusplus
}
#endif
#endif
