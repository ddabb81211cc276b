/* status.c — status codes to text. */
#include "gpuprim.h"

const char *gp_status_string(gp_status s)
{
    switch (s) {
    case GP_SUCCESS: return "success";
    case GP_ERROR_INVALID_HANDLE: return "invalid handle (NULL or destroyed)";
    case GP_ERROR_NULL_POINTER: return "a required pointer is NULL";
    case GP_ERROR_HOST_POINTER: return "a pointer is host memory that the GPU cannot access (need a device pointer)";
    case GP_ERROR_INVALID_VALUE: return "invalid value (size, leading dimension, enum or range)";
    case GP_ERROR_INVALID_RUNG: return "no such rung for this primitive";
    case GP_ERROR_NOT_SUPPORTED: return "not supported by this build";
    case GP_ERROR_OVERLAP: return "input and output overlap";
    case GP_ERROR_WORKSPACE_TOO_SMALL: return "workspace too small for this call";
    case GP_ERROR_ALLOC_FAILED: return "device memory allocation failed";
    case GP_ERROR_NO_DEVICE: return "no CUDA device available";
    case GP_ERROR_LAUNCH_FAILED: return "kernel launch failed";
    case GP_ERROR_CUDA: return "CUDA runtime error";
    }
    return "unknown status";
}
