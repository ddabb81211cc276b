/* map_internal.h — the map rungs' launchers, called by the dispatcher (map.c). */
#ifndef GP_MAP_INTERNAL_H
#define GP_MAP_INTERNAL_H
#include "../core/internal.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef gp_status (*gp_map_f32_launcher)(const gp_device_info *dev, cudaStream_t s, gp_binop op, int64_t n,
                                         const float *a, const float *b, float *c);

gp_status gp__map_f32_r01_naive(const gp_device_info *, cudaStream_t, gp_binop, int64_t, const float *, const float *, float *);
gp_status gp__map_f32_r02_gridstride(const gp_device_info *, cudaStream_t, gp_binop, int64_t, const float *, const float *, float *);
gp_status gp__map_f32_r03_float4(const gp_device_info *, cudaStream_t, gp_binop, int64_t, const float *, const float *, float *);
gp_status gp__map_f32_r04_ilp(const gp_device_info *, cudaStream_t, gp_binop, int64_t, const float *, const float *, float *);

gp_kernel_info gp__map_r01_kernel(void);
gp_kernel_info gp__map_r02_kernel(void);
gp_kernel_info gp__map_r03_kernel(void);
gp_kernel_info gp__map_r04_kernel(void);

#ifdef __cplusplus
}
#endif
#endif
