/* util.cuh — small device/launch helpers shared by every primitive's kernels (CUDA C). */
#ifndef GP_COMMON_UTIL_CUH
#define GP_COMMON_UTIL_CUH

#include <stdint.h>
#include <cuda_runtime.h>
#include "../core/internal.h"

static inline int64_t gp_ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

/* Blocks for a grid-stride kernel: enough resident blocks to fill every SM `waves` times, but no more
 * than the work needs. */
static inline unsigned gp_grid_for(const gp_device_info *d, int threads, int64_t work_items, int waves)
{
    int64_t per_sm = d->max_threads_per_sm / threads;
    int64_t full = (int64_t)d->sm_count * (per_sm > 0 ? per_sm : 1) * waves;
    int64_t need = gp_ceil_div(work_items, threads);
    int64_t g = need < full ? need : full;
    return (unsigned)(g > 0 ? g : 1);
}

/* 1 if p is aligned to `bytes`. */
static inline int gp_aligned(const void *p, unsigned bytes) { return ((uintptr_t)p % bytes) == 0; }

#define GP_MAX_DEVICES 64
/* Asks for the most shared memory per SM for kernel fn (the L1/shared carveout), so that its shared memory,
 * not the default carveout, bounds its blocks per SM. Host work, so done once per kernel and device:
 * done[device] is the kernel's flag (relaxed atomics; two threads may both set the attribute, harmlessly).
 * A failure is left for the launch's cudaGetLastError to report. */
static inline void gp_prefer_max_shared(const void *fn, int device, int *done)
{
    const int known = device >= 0 && device < GP_MAX_DEVICES;
    if (known && __atomic_load_n(&done[device], __ATOMIC_RELAXED)) return;
    if (cudaFuncSetAttribute(fn, cudaFuncAttributePreferredSharedMemoryCarveout, (int)cudaSharedmemCarveoutMaxShared) ==
            cudaSuccess &&
        known)
        __atomic_store_n(&done[device], 1, __ATOMIC_RELAXED);
}

#endif
