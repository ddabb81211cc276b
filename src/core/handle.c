/* handle.c — gp_create / gp_destroy, stream, workspace, rung selection. */
#include "internal.h"
#include <cuda_runtime.h>
#include <stdlib.h>
#include <string.h>

gp_status gp_create(gp_handle *out)
{
    int dev = 0, count = 0;
    gp_handle h;
    if (!out) return GP_ERROR_NULL_POINTER;
    *out = NULL;
    if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
        (void)cudaGetLastError();
        return GP_ERROR_NO_DEVICE;
    }
    if (cudaGetDevice(&dev) != cudaSuccess) return GP_ERROR_NO_DEVICE;
    h = (gp_handle)calloc(1, sizeof *h);
    if (!h) return GP_ERROR_ALLOC_FAILED;
    h->dev.device = dev;
    {
        int v = 0;
#define GP_ATTR(field, attr) do { if (cudaDeviceGetAttribute(&v, attr, dev) != cudaSuccess) goto fail; field = v; } while (0)
        GP_ATTR(h->dev.cc_major, cudaDevAttrComputeCapabilityMajor);
        GP_ATTR(h->dev.cc_minor, cudaDevAttrComputeCapabilityMinor);
        GP_ATTR(h->dev.sm_count, cudaDevAttrMultiProcessorCount);
        GP_ATTR(h->dev.max_threads_per_sm, cudaDevAttrMaxThreadsPerMultiProcessor);
        GP_ATTR(h->dev.max_blocks_per_sm, cudaDevAttrMaxBlocksPerMultiprocessor);
        GP_ATTR(h->dev.l2_bytes, cudaDevAttrL2CacheSize);
        GP_ATTR(h->dev.smem_per_block_optin, cudaDevAttrMaxSharedMemoryPerBlockOptin);
        GP_ATTR(h->dev.smem_per_sm, cudaDevAttrMaxSharedMemoryPerMultiprocessor);
#undef GP_ATTR
        /* peak DRAM bandwidth (double data rate: 2 transfers a clock); left 0 where the device does not say */
        int mem_khz = 0, bus_bits = 0;
        if (cudaDeviceGetAttribute(&mem_khz, cudaDevAttrMemoryClockRate, dev) == cudaSuccess &&
            cudaDeviceGetAttribute(&bus_bits, cudaDevAttrGlobalMemoryBusWidth, dev) == cudaSuccess)
            h->dev.dram_gbps = (int)((int64_t)mem_khz * bus_bits / 4000000);
        (void)cudaGetLastError();
    }
    if (cudaMalloc(&h->own_workspace, GP_DEFAULT_WORKSPACE_BYTES) != cudaSuccess) {
        (void)cudaGetLastError();
        free(h);
        return GP_ERROR_ALLOC_FAILED;
    }
    /* zeroed once, so primitives that keep counters in the workspace start from a known state */
    if (cudaMemset(h->own_workspace, 0, GP_DEFAULT_WORKSPACE_BYTES) != cudaSuccess) {
        (void)cudaGetLastError();
        cudaFree(h->own_workspace);
        free(h);
        return GP_ERROR_CUDA;
    }
    h->own_workspace_bytes = GP_DEFAULT_WORKSPACE_BYTES;
    h->workspace = h->own_workspace;
    h->workspace_bytes = h->own_workspace_bytes;
    h->stream = 0;
    for (int p = 0; p < GP_PRIM_COUNT; p++) h->config[p] = h->last_config[p] = -1;
    h->magic = GP_HANDLE_MAGIC;
    *out = h;
    return GP_SUCCESS;
fail:
    (void)cudaGetLastError();
    free(h);
    return GP_ERROR_CUDA;
}

gp_status gp_destroy(gp_handle h)
{
    GP_TRY(gp__check_handle(h));
    h->magic = 0;
    if (h->own_workspace) cudaFree(h->own_workspace);
    free(h);
    return GP_SUCCESS;
}

gp_status gp_set_stream(gp_handle h, cudaStream_t s)
{
    GP_TRY(gp__check_handle(h));
    h->stream = s;
    return GP_SUCCESS;
}

gp_status gp_get_stream(gp_handle h, cudaStream_t *s)
{
    GP_TRY(gp__check_handle(h));
    if (!s) return GP_ERROR_NULL_POINTER;
    *s = h->stream;
    return GP_SUCCESS;
}

gp_status gp_set_workspace(gp_handle h, void *ws, size_t bytes)
{
    GP_TRY(gp__check_handle(h));
    if (!ws || bytes == 0) {
        h->workspace = h->own_workspace;
        h->workspace_bytes = h->own_workspace_bytes;
        return GP_SUCCESS;
    }
    GP_TRY(gp__check_dev_ptr(ws));
    if ((uintptr_t)ws % 256) return GP_ERROR_INVALID_VALUE; /* as from cudaMalloc */
    h->workspace = ws;
    h->workspace_bytes = bytes;
    return GP_SUCCESS;
}

gp_status gp_get_workspace(gp_handle h, void **ws, size_t *bytes)
{
    GP_TRY(gp__check_handle(h));
    if (ws) *ws = h->workspace;
    if (bytes) *bytes = h->workspace_bytes;
    return GP_SUCCESS;
}

gp_status gp_set_rung(gp_handle h, gp_prim p, int rung)
{
    GP_TRY(gp__check_handle(h));
    if ((int)p < 0 || p >= GP_PRIM_COUNT) return GP_ERROR_INVALID_VALUE;
    if (rung < 0 || rung > gp_rung_count(p)) return GP_ERROR_INVALID_RUNG;
    h->rung[p] = rung;
    return GP_SUCCESS;
}

gp_status gp_get_rung(gp_handle h, gp_prim p, int *rung)
{
    GP_TRY(gp__check_handle(h));
    if ((int)p < 0 || p >= GP_PRIM_COUNT) return GP_ERROR_INVALID_VALUE;
    if (!rung) return GP_ERROR_NULL_POINTER;
    *rung = h->rung[p];
    return GP_SUCCESS;
}

gp_status gp_get_last_rung(gp_handle h, gp_prim p, int *rung)
{
    GP_TRY(gp__check_handle(h));
    if ((int)p < 0 || p >= GP_PRIM_COUNT) return GP_ERROR_INVALID_VALUE;
    if (!rung) return GP_ERROR_NULL_POINTER;
    *rung = h->last_rung[p];
    return GP_SUCCESS;
}

gp_status gp_rung_supported(gp_handle h, gp_prim p, int rung, int *supported)
{
    GP_TRY(gp__check_handle(h));
    if ((int)p < 0 || p >= GP_PRIM_COUNT) return GP_ERROR_INVALID_VALUE;
    if (!supported) return GP_ERROR_NULL_POINTER;
    if (rung < 1 || rung > gp_rung_count(p)) return GP_ERROR_INVALID_RUNG;
    *supported = (int)(gp__supported_rungs(h, p) >> rung & 1u);
    return GP_SUCCESS;
}

gp_status gp_set_config(gp_handle h, gp_prim p, int config)
{
    int most = 0;
    GP_TRY(gp__check_handle(h));
    if ((int)p < 0 || p >= GP_PRIM_COUNT) return GP_ERROR_INVALID_VALUE;
    for (int r = 1; r <= gp_rung_count(p); r++) {
        gp_rung_info ri;
        if (gp_get_rung_info(p, r, &ri) == GP_SUCCESS && ri.configs > most) most = ri.configs;
    }
    if (config < -1 || config >= most) return GP_ERROR_INVALID_VALUE;
    h->config[p] = config;
    return GP_SUCCESS;
}

gp_status gp_get_last_config(gp_handle h, gp_prim p, int *config)
{
    GP_TRY(gp__check_handle(h));
    if ((int)p < 0 || p >= GP_PRIM_COUNT) return GP_ERROR_INVALID_VALUE;
    if (!config) return GP_ERROR_NULL_POINTER;
    *config = h->last_config[p];
    return GP_SUCCESS;
}
