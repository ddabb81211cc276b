/* jacobi_common.cuh — what the Jacobi rungs share: the tile grid and the step loop of the one-step rungs. */
#ifndef GP_JACOBI_COMMON_CUH
#define GP_JACOBI_COMMON_CUH
#include "jacobi_internal.h"
#include "../conv2d/conv_common.cuh"

/* Launches `step(src, dst)` steps times, alternating u0 -> u1 -> u0 ... (the one-step-per-launch rungs). */
#define GP_JACOBI_STEPS(p, STEP)                                                                             \
    do {                                                                                                     \
        for (int s_ = 0; s_ < (p)->steps; s_++) {                                                            \
            const float *src_ = (s_ & 1) ? (p)->u1 : (p)->u0;                                                \
            float *dst_ = (s_ & 1) ? (p)->u0 : (p)->u1;                                                      \
            STEP(src_, dst_);                                                                                \
            GP_TRY(gp__launch_status());                                                                     \
        }                                                                                                    \
    } while (0)

#endif
