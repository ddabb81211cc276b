/* histogram.c — the histogram primitive: argument checks and zeroing of the bins; the rung
 * is chosen by the common picker. Rungs 02-04 accept only bin counts whose shared-memory histograms fit. */
#include "hist_internal.h"
#include <stdint.h>

#define HISTOGRAM_RUNGS(X) X(gp__histogram_r01) X(gp__histogram_r02) X(gp__histogram_r03) X(gp__histogram_r04)
GP_PRIM_TABLE(gp__histogram_prim, "histogram", HISTOGRAM_RUNGS);

static const size_t sample_bytes[] = {1, 4, 4};

static gp_status histogram(gp_handle h, gp_hist_call *c)
{
    const size_t count_bytes = c->wide ? sizeof(uint64_t) : sizeof(uint32_t);
    const size_t bins_bytes = (size_t)c->p.num_bins * count_bytes;
    GP_TRY(gp__check_dev_ptr(c->bins));
    if ((uintptr_t)c->bins % count_bytes) return GP_ERROR_INVALID_VALUE;
    if (c->n > 0) {
        GP_TRY(gp__check_dev_ptr(c->samples));
        if ((uintptr_t)c->samples % sample_bytes[c->type]) return GP_ERROR_INVALID_VALUE;
        if (gp__ranges_overlap(c->samples, (size_t)c->n * sample_bytes[c->type], c->bins, bins_bytes))
            return GP_ERROR_OVERLAP;
    }
    /* the bins are overwritten: zeroed on the stream, then the kernel adds every block's counts */
    if (cudaMemsetAsync(c->bins, 0, bins_bytes, h->stream) != cudaSuccess) {
        (void)cudaGetLastError();
        return GP_ERROR_CUDA;
    }
    if (c->n == 0) {
        h->last_rung[GP_PRIM_HISTOGRAM] = 0;
        return GP_SUCCESS;
    }
    return gp__dispatch(h, GP_PRIM_HISTOGRAM, c);
}

static gp_status u8(gp_handle h, int64_t n, const uint8_t *samples, void *bins, int wide)
{
    gp_hist_call c;
    GP_TRY(gp__check_handle(h));
    GP_TRY(gp__check_size(n));
    c.type = GP_HIST_U8;
    c.n = n;
    c.samples = samples;
    c.bins = bins;
    c.wide = wide;
    gp_hist_params_i32(&c.p, 256, 0, 256); /* only num_bins is used for u8 */
    return histogram(h, &c);
}

static gp_status even_f32(gp_handle h, int64_t n, const float *samples, int num_bins, float lower, float upper,
                          void *bins, int wide)
{
    gp_hist_call c;
    GP_TRY(gp__check_handle(h));
    GP_TRY(gp__check_size(n));
    if (gp_hist_params_f32(&c.p, num_bins, lower, upper)) return GP_ERROR_INVALID_VALUE;
    c.type = GP_HIST_F32;
    c.n = n;
    c.samples = samples;
    c.bins = bins;
    c.wide = wide;
    return histogram(h, &c);
}

static gp_status even_i32(gp_handle h, int64_t n, const int32_t *samples, int num_bins, int32_t lower,
                          int32_t upper, void *bins, int wide)
{
    gp_hist_call c;
    GP_TRY(gp__check_handle(h));
    GP_TRY(gp__check_size(n));
    if (gp_hist_params_i32(&c.p, num_bins, lower, upper)) return GP_ERROR_INVALID_VALUE;
    c.type = GP_HIST_I32;
    c.n = n;
    c.samples = samples;
    c.bins = bins;
    c.wide = wide;
    return histogram(h, &c);
}

gp_status gp_histogram_u8(gp_handle h, int64_t n, const uint8_t *samples, uint32_t *bins)
{
    return u8(h, n, samples, bins, 0);
}

gp_status gp_histogram_even_f32(gp_handle h, int64_t n, const float *samples, int num_bins, float lower,
                                float upper, uint32_t *bins)
{
    return even_f32(h, n, samples, num_bins, lower, upper, bins, 0);
}

gp_status gp_histogram_even_i32(gp_handle h, int64_t n, const int32_t *samples, int num_bins, int32_t lower,
                                int32_t upper, uint32_t *bins)
{
    return even_i32(h, n, samples, num_bins, lower, upper, bins, 0);
}

gp_status gp_histogram_u8_u64(gp_handle h, int64_t n, const uint8_t *samples, uint64_t *bins)
{
    return u8(h, n, samples, bins, 1);
}

gp_status gp_histogram_even_f32_u64(gp_handle h, int64_t n, const float *samples, int num_bins, float lower,
                                    float upper, uint64_t *bins)
{
    return even_f32(h, n, samples, num_bins, lower, upper, bins, 1);
}

gp_status gp_histogram_even_i32_u64(gp_handle h, int64_t n, const int32_t *samples, int num_bins, int32_t lower,
                                    int32_t upper, uint64_t *bins)
{
    return even_i32(h, n, samples, num_bins, lower, upper, bins, 1);
}
