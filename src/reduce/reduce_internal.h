/* reduce_internal.h — the reduce rungs' launchers, called by the dispatcher (reduce.c). */
#ifndef GP_REDUCE_INTERNAL_H
#define GP_REDUCE_INTERNAL_H
#include "../core/internal.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef enum gp_reduce_type { GP_RT_F32 = 0, GP_RT_F64, GP_RT_I32 } gp_reduce_type;

/* One reduce call, as the dispatcher hands it to a rung. out is float*, double* or int64_t* (i32).
 * dev, stream and the workspace are filled from the rung's gp_ctx by gp_reduce_dispatch. */
typedef struct gp_reduce_args {
    const gp_device_info *dev;
    cudaStream_t stream;
    gp_reduce_type type;
    gp_reduce_op op;
    int64_t n;
    const void *in;
    void *out;
    void *workspace;
    size_t workspace_bytes;
    int argmax;      /* 1: argmax over f32 (type and op are ignored); out is int64_t * */
    int fixed_grid;  /* 1: grid size independent of the device (deterministic mode), rungs 07-08 */
} gp_reduce_args;

/* Rungs 01-07 take only calls with a device-dependent grid (fixed_grid == 0): deterministic mode runs on 08. */
int gp__reduce_any_grid_accepts(const gp_device_info *dev, const void *args);

#ifdef __cplusplus
}
#endif
#endif
