/* hist_internal.h — the histogram rungs' launchers, called by the dispatcher (histogram.c). */
#ifndef GP_HIST_INTERNAL_H
#define GP_HIST_INTERNAL_H
#include "../core/internal.h"
#include "hist_bin.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef enum gp_hist_type { GP_HIST_U8 = 0, GP_HIST_F32, GP_HIST_I32 } gp_hist_type;

/* One histogram call, checked by the dispatcher: n >= 1 samples, bins already zeroed on the stream. */
typedef struct gp_hist_call {
    gp_hist_type type;
    int64_t n;
    const void *samples;
    void *bins;    /* uint32_t[num_bins], or uint64_t[num_bins] if wide */
    int wide;
    gp_hist_params p;
} gp_hist_call;

/* Each launcher queues the kernel on s and writes the rung that actually ran to *ran (a rung whose
 * shared-memory histogram does not fit falls back to rung 1, global atomics). */
typedef gp_status (*gp_hist_launcher)(const gp_device_info *dev, cudaStream_t s, const gp_hist_call *c, int *ran);

gp_status gp__hist_r01_global(const gp_device_info *, cudaStream_t, const gp_hist_call *, int *);
gp_status gp__hist_r02_shared(const gp_device_info *, cudaStream_t, const gp_hist_call *, int *);
gp_status gp__hist_r03_lanes(const gp_device_info *, cudaStream_t, const gp_hist_call *, int *);
gp_status gp__hist_r04_vector(const gp_device_info *, cudaStream_t, const gp_hist_call *, int *);

gp_kernel_info gp__hist_r01_kernel(void);
gp_kernel_info gp__hist_r02_kernel(void);
gp_kernel_info gp__hist_r03_kernel(void);
gp_kernel_info gp__hist_r04_kernel(void);

#ifdef __cplusplus
}
#endif
#endif
