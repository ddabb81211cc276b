/* reduce_internal.h — the reduce rungs' launchers, called by the dispatcher (reduce.c). */
#ifndef GP_REDUCE_INTERNAL_H
#define GP_REDUCE_INTERNAL_H
#include "../core/internal.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef enum gp_reduce_type { GP_RT_F32 = 0, GP_RT_F64, GP_RT_I32 } gp_reduce_type;

/* One reduce call, as the dispatcher hands it to a rung. out is float*, double* or int64_t* (i32). */
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

typedef gp_status (*gp_reduce_launcher)(const gp_reduce_args *a);

gp_status gp__reduce_r01(const gp_reduce_args *a);
gp_status gp__reduce_r02(const gp_reduce_args *a);
gp_status gp__reduce_r03(const gp_reduce_args *a);
gp_status gp__reduce_r04(const gp_reduce_args *a);
gp_status gp__reduce_r05(const gp_reduce_args *a);
gp_status gp__reduce_r06(const gp_reduce_args *a);
gp_status gp__reduce_r07(const gp_reduce_args *a);
gp_status gp__reduce_r08(const gp_reduce_args *a);

gp_kernel_info gp__reduce_r01_kernel(void);
gp_kernel_info gp__reduce_r02_kernel(void);
gp_kernel_info gp__reduce_r03_kernel(void);
gp_kernel_info gp__reduce_r04_kernel(void);
gp_kernel_info gp__reduce_r05_kernel(void);
gp_kernel_info gp__reduce_r06_kernel(void);
gp_kernel_info gp__reduce_r07_kernel(void);
gp_kernel_info gp__reduce_r08_kernel(void);

#ifdef __cplusplus
}
#endif
#endif
