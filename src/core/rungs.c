/* rungs.c — the registry of primitives, the one picker and dispatcher every primitive calls, and the
 * public queries about rungs. Each primitive's dispatcher (<prim>.c) defines its table with GP_PRIM_TABLE. */
#include "internal.h"
#include <cuda_runtime.h>
#include <stddef.h>
#include <string.h>

/* One line per primitive. */
extern const gp_prim_desc gp__map_prim, gp__reduce_prim, gp__scan_prim, gp__compact_prim, gp__histogram_prim,
    gp__transpose_prim, gp__sgemm_prim, gp__gemm_prim, gp__sort_prim;
extern const gp_prim_desc gp__conv2d_prim, gp__separable_prim, gp__jacobi_prim;
static const gp_prim_desc *const prims[GP_PRIM_COUNT] = {
    [GP_PRIM_MAP] = &gp__map_prim,
    [GP_PRIM_REDUCE] = &gp__reduce_prim,
    [GP_PRIM_SCAN] = &gp__scan_prim,
    [GP_PRIM_COMPACT] = &gp__compact_prim,
    [GP_PRIM_HISTOGRAM] = &gp__histogram_prim,
    [GP_PRIM_TRANSPOSE] = &gp__transpose_prim,
    [GP_PRIM_SGEMM] = &gp__sgemm_prim,
    [GP_PRIM_GEMM] = &gp__gemm_prim,
    [GP_PRIM_SORT] = &gp__sort_prim,
    [GP_PRIM_CONV2D] = &gp__conv2d_prim,
    [GP_PRIM_SEPARABLE] = &gp__separable_prim,
    [GP_PRIM_JACOBI] = &gp__jacobi_prim,
};

const gp_prim_desc *gp__prim(gp_prim p)
{
    return ((int)p >= 0 && p < GP_PRIM_COUNT) ? prims[p] : NULL;
}

static const gp_rung_desc *rung_desc(gp_prim p, int rung)
{
    const gp_prim_desc *pd = gp__prim(p);
    return (pd && rung >= 1 && rung <= pd->count) ? pd->rungs[rung - 1] : NULL;
}

const char *gp_prim_name(gp_prim p)
{
    const gp_prim_desc *pd = gp__prim(p);
    return pd ? pd->name : NULL;
}

int gp_rung_count(gp_prim p)
{
    const gp_prim_desc *pd = gp__prim(p);
    return pd ? pd->count : 0;
}

const char *gp_rung_name(gp_prim p, int rung)
{
    const gp_rung_desc *r = rung_desc(p, rung);
    return r ? r->name : NULL;
}

const char *gp_rung_summary(gp_prim p, int rung)
{
    const gp_rung_desc *r = rung_desc(p, rung);
    return r ? r->summary : NULL;
}

int gp_rung_find(gp_prim p, const char *name)
{
    const gp_prim_desc *pd = gp__prim(p);
    if (!pd || !name) return 0;
    for (int r = 1; r <= pd->count; r++)
        if (!strcmp(pd->rungs[r - 1]->name, name)) return r;
    return 0;
}

gp_status gp_get_rung_info(gp_prim p, int rung, gp_rung_info *info)
{
    const gp_rung_desc *r;
    if (!gp__prim(p)) return GP_ERROR_INVALID_VALUE;
    if (!info) return GP_ERROR_NULL_POINTER;
    if (!(r = rung_desc(p, rung))) return GP_ERROR_INVALID_RUNG;
    info->name = r->name;
    info->summary = r->summary;
    info->min_cc = r->min_cc;
    info->automatic = !(r->flags & GP_RUNG_NOT_AUTO);
    info->configs = r->configs;
    info->kernel = NULL;
    info->threads = 0;
    info->dyn_smem = 0;
    if (r->kernel) {
        gp_kernel_info k = r->kernel();
        info->kernel = k.fn;
        info->threads = k.threads;
        info->dyn_smem = k.dyn_smem;
    }
    return GP_SUCCESS;
}

const char *gp_rung_config_name(gp_prim p, int rung, int config)
{
    const gp_rung_desc *r = rung_desc(p, rung);
    if (!r || !r->config_name || config < 0 || config >= r->configs) return NULL;
    return r->config_name(config);
}

static int accepts(const gp_rung_desc *r, const gp_device_info *dev, const void *args)
{
    return !r->accepts || r->accepts(dev, args);
}

int gp__pick(const gp_prim_desc *pd, int forced, uint32_t supported, const gp_device_info *dev, const void *args,
             gp_status *st)
{
    *st = GP_SUCCESS;
    if (forced > 0) {
        if (forced > pd->count || !(supported >> forced & 1u)) {
            *st = GP_ERROR_NOT_SUPPORTED;
            return 0;
        }
        for (int r = forced; r >= 1; r--)
            if ((supported >> r & 1u) && accepts(pd->rungs[r - 1], dev, args)) return r;
    }
    for (int r = pd->count; r >= 1; r--) {
        const gp_rung_desc *d = pd->rungs[r - 1];
        if ((supported >> r & 1u) && !(d->flags & GP_RUNG_NOT_AUTO) && accepts(d, dev, args)) return r;
    }
    *st = GP_ERROR_NOT_SUPPORTED;
    return 0;
}

uint32_t gp__supported_by_cc(const gp_prim_desc *pd, int cc)
{
    uint32_t mask = 0;
    for (int r = 1; r <= pd->count; r++)
        if (cc >= pd->rungs[r - 1]->min_cc) mask |= 1u << r;
    return mask;
}

uint32_t gp__supported_rungs(gp_handle h, gp_prim p)
{
    const gp_prim_desc *pd = gp__prim(p);
    uint32_t mask = gp__supported_by_cc(pd, h->dev.cc_major * 10 + h->dev.cc_minor);
    if (h->supported_known[p]) return h->supported[p];
    for (int r = 1; r <= pd->count; r++) {
        const gp_rung_desc *d = pd->rungs[r - 1];
        int ok = mask >> r & 1u;
        if (ok && d->kernel) {
            /* the code that would run on this device: none (e.g. an sm_90a-only build on an sm_80 GPU), or
             * compiled for an older architecture than the rung needs (its sm_90 paths left out), also when
             * the driver JIT-compiles older PTX for this device (ptxVersion is then the older one) */
            struct cudaFuncAttributes fa;
            gp_kernel_info k = d->kernel();
            if (k.fn) {
                if (cudaFuncGetAttributes(&fa, k.fn) != cudaSuccess) {
                    (void)cudaGetLastError();
                    ok = 0;
                } else if (fa.binaryVersion < d->min_cc || fa.ptxVersion < d->min_cc) {
                    ok = 0;
                }
            }
        }
        if (!ok) mask &= ~(1u << r);
    }
    h->supported[p] = mask;
    h->supported_known[p] = 1;
    return mask;
}

gp_status gp__dispatch(gp_handle h, gp_prim p, const void *args)
{
    const gp_prim_desc *pd = gp__prim(p);
    gp_status st;
    gp_ctx c;
    const uint32_t supported = gp__supported_rungs(h, p);
    int rung = gp__pick(pd, h->rung[p], supported, &h->dev, args, &st);
    h->last_rung[p] = rung;
    h->last_config[p] = -1;
    if (!rung) return st;
    c.dev = &h->dev;
    c.stream = h->stream;
    c.workspace = h->workspace;
    c.workspace_bytes = h->workspace ? h->workspace_bytes : 0;
    c.config = h->config[p];
    c.forced = h->rung[p];
    c.ran_config = -1;
    c.ran_rung = rung;
    c.supported = supported;
    st = pd->rungs[rung - 1]->launch(&c, args);
    h->last_rung[p] = c.ran_rung;
    h->last_config[p] = c.ran_config;
    return st;
}
