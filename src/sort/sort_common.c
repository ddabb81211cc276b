/* sort_common.c — host-side pieces every sort rung shares: argument checks, the calls that need no pass, and
 * the workspace of each rung. No kernels and no handle, so that the experiment harness can link it with the
 * rung files alone (scripts/experiments/sort/run.sh); the public entry points are in sort.c. */
#include "sort_internal.h"
#include <cuda_runtime_api.h>

int gp__sort_key_bytes(gp_sort_key t)
{
    switch (t) {
    case GP_SORT_U32: case GP_SORT_I32: case GP_SORT_F32: return 4;
    case GP_SORT_U64: case GP_SORT_I64: return 8;
    default: return 0;
    }
}

int gp__sort_passes(const gp_sort_args *a, int bits)
{
    return (a->end_bit - a->begin_bit + bits - 1) / bits;
}

gp_status gp__sort_check(const gp_sort_args *a)
{
    const int kb = a ? gp__sort_key_bytes(a->key_type) : 0;
    const int vb = a ? a->value_bytes : 0;
    size_t kbytes, vbytes;
    if (!a) return GP_ERROR_NULL_POINTER;
    if (kb == 0 || (vb != 0 && vb != 4 && vb != 8) || a->n < 0) return GP_ERROR_INVALID_VALUE;
    if (a->begin_bit < 0 || a->begin_bit > a->end_bit || a->end_bit > 8 * kb) return GP_ERROR_INVALID_VALUE;
    if (a->n == 0) return GP_SUCCESS;
    if (!a->keys_in || !a->keys_out || (vb && (!a->values_in || !a->values_out))) return GP_ERROR_NULL_POINTER;
    if (((uintptr_t)a->keys_in | (uintptr_t)a->keys_out) % (uintptr_t)kb) return GP_ERROR_INVALID_VALUE;
    if (vb && ((uintptr_t)a->values_in | (uintptr_t)a->values_out) % (uintptr_t)vb) return GP_ERROR_INVALID_VALUE;
    kbytes = (size_t)a->n * (size_t)kb;
    vbytes = (size_t)a->n * (size_t)vb;
    if (gp__ranges_overlap(a->keys_in, kbytes, a->keys_out, kbytes)) return GP_ERROR_OVERLAP;
    if (vb && (gp__ranges_overlap(a->values_in, vbytes, a->values_out, vbytes) ||
               gp__ranges_overlap(a->keys_in, kbytes, a->values_out, vbytes) ||
               gp__ranges_overlap(a->values_in, vbytes, a->keys_out, kbytes) ||
               gp__ranges_overlap(a->keys_out, kbytes, a->values_out, vbytes)))
        return GP_ERROR_OVERLAP;
    return GP_SUCCESS;
}

int gp__sort_trivial(cudaStream_t s, const gp_sort_args *a, gp_status *st)
{
    const size_t kb = (size_t)gp__sort_key_bytes(a->key_type), vb = (size_t)a->value_bytes;
    *st = GP_SUCCESS;
    if (a->n == 0) return 1;
    if (a->n > 1 && a->begin_bit < a->end_bit) return 0;
    /* one key, or no bits to compare: every key is equal, and a stable sort is the identity */
    if (cudaMemcpyAsync(a->keys_out, a->keys_in, (size_t)a->n * kb, cudaMemcpyDeviceToDevice, s) != cudaSuccess ||
        (vb && cudaMemcpyAsync(a->values_out, a->values_in, (size_t)a->n * vb, cudaMemcpyDeviceToDevice, s) !=
                   cudaSuccess)) {
        (void)cudaGetLastError();
        *st = GP_ERROR_CUDA;
    }
    return 1;
}

size_t gp__sort_workspace_bytes(int rung, const gp_sort_args *a)
{
    if (!a || gp__sort_key_bytes(a->key_type) == 0 || a->n < 0) return 0;
    switch (rung) {
    case 1: return gp__sort_r01_workspace(a);
    case 2: return gp__sort_r02_workspace(a);
    case 3: return gp__sort_r03_workspace(a);
    case 4: return gp__sort_r04_workspace(a);
    case 5: return gp__sort_r05_workspace(a);
    }
    return 0;
}
