/* checks.c — argument checks shared by every primitive. */
#include "internal.h"
#include <cuda_runtime.h>

gp_status gp__check_handle(gp_handle h)
{
    return (h && h->magic == GP_HANDLE_MAGIC) ? GP_SUCCESS : GP_ERROR_INVALID_HANDLE;
}

gp_status gp__check_dev_ptr(const void *p)
{
    struct cudaPointerAttributes a;
    if (!p) return GP_ERROR_NULL_POINTER;
    if (cudaPointerGetAttributes(&a, p) != cudaSuccess) {
        (void)cudaGetLastError(); /* not a sticky error: clear it */
        return GP_ERROR_HOST_POINTER;
    }
    switch (a.type) {
    case cudaMemoryTypeDevice:
    case cudaMemoryTypeManaged:
        return GP_SUCCESS;
    case cudaMemoryTypeHost: /* pinned host memory: usable only if mapped into the device's space */
        return a.devicePointer ? GP_SUCCESS : GP_ERROR_HOST_POINTER;
    default:
        return GP_ERROR_HOST_POINTER;
    }
}

gp_status gp__check_size(int64_t n)
{
    return n < 0 ? GP_ERROR_INVALID_VALUE : GP_SUCCESS;
}

gp_status gp__check_matrix(int64_t rows, int64_t cols, int64_t ld)
{
    if (rows < 0 || cols < 0) return GP_ERROR_INVALID_VALUE;
    if (ld < (cols > 1 ? cols : 1)) return GP_ERROR_INVALID_VALUE;
    return GP_SUCCESS;
}

int gp__ranges_overlap(const void *a, size_t abytes, const void *b, size_t bbytes)
{
    uintptr_t a0 = (uintptr_t)a, b0 = (uintptr_t)b;
    if (abytes == 0 || bbytes == 0) return 0;
    return a0 < b0 + bbytes && b0 < a0 + abytes;
}

gp_status gp__launch_status(void)
{
    cudaError_t e = cudaGetLastError();
    if (e == cudaSuccess) return GP_SUCCESS;
    return (e == cudaErrorInvalidConfiguration || e == cudaErrorLaunchOutOfResources ||
            e == cudaErrorInvalidDeviceFunction || e == cudaErrorNoKernelImageForDevice)
               ? GP_ERROR_LAUNCH_FAILED : GP_ERROR_CUDA;
}
