/* hist_internal.h — the histogram rungs' argument struct, shared by the dispatcher (histogram.c) and the rungs. */
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

/* Rung 01's launcher; rungs 02-04 fall back to it (and record rung 1 in ctx->ran_rung) when the shared
 * memory they need cannot be granted at run time. */
gp_status gp__hist_global(gp_ctx *ctx, const gp_hist_call *c);

#ifdef __cplusplus
}
#endif
#endif
