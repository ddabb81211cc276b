/* jacobi_internal.h — the Jacobi rungs' argument struct and the update every rung applies, shared by the
 * dispatcher (jacobi.c) and the rungs. */
#ifndef GP_JACOBI_INTERNAL_H
#define GP_JACOBI_INTERNAL_H
#include "../core/internal.h"
#ifdef __cplusplus
extern "C" {
#endif

/* One call, checked by the dispatcher: rows, cols >= 1, steps >= 1, u0 and u1 disjoint, both with leading
 * dimension ld. Step s reads the buffer that holds step s-1 (u0 for s = 1) and writes the other. */
typedef struct gp_jacobi_args {
    int64_t rows, cols;
    float *u0, *u1;
    int64_t ld;
    int steps;
} gp_jacobi_args;

#ifdef __cplusplus
}
#endif

#ifdef __CUDACC__
/* The interior update, in exactly this order of float operations on every rung (and in the CPU reference):
 * ((up + down) + left) + right, then times 0.25f. Adds and a multiply: nothing for the compiler to contract
 * into an FMA, so the result is bit-identical everywhere. */
__device__ __forceinline__ float gp_jacobi_update(float up, float down, float left, float right)
{
    return 0.25f * (((up + down) + left) + right);
}
#endif

#endif
