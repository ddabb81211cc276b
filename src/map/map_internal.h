/* map_internal.h — the map rungs' argument struct, shared by the dispatcher (map.c) and the rung files. */
#ifndef GP_MAP_INTERNAL_H
#define GP_MAP_INTERNAL_H
#include "../core/internal.h"
#ifdef __cplusplus
extern "C" {
#endif

/* One call, checked by the dispatcher: c[i] = a[i] op b[i] for i < n, n >= 1. */
typedef struct gp_map_args {
    gp_binop op;
    int64_t n;
    const float *a;
    const float *b;
    float *c;
} gp_map_args;

/* The vectorised rungs (03, 04) accept a, b, c only when equally aligned modulo 16 bytes. */
int gp__map_vec_accepts(const gp_device_info *dev, const void *args);

#ifdef __cplusplus
}
#endif
#endif
