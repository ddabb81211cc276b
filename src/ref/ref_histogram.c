/* ref_histogram.c — CPU reference for the histograms: the bin formulas of src/histogram/hist_bin.h, the same
 * code the kernels run, so the counts must match exactly. */
#include "ref.h"
#include "histogram/hist_bin.h"
#include <string.h>

void gp_ref_histogram_u8(int64_t n, const uint8_t *samples, uint32_t *bins)
{
    memset(bins, 0, 256 * sizeof(uint32_t));
    for (int64_t i = 0; i < n; i++) bins[samples[i]]++;
}

int gp_ref_histogram_even_f32(int64_t n, const float *samples, int num_bins, float lower, float upper,
                              uint32_t *bins)
{
    gp_hist_params p;
    if (gp_hist_params_f32(&p, num_bins, lower, upper)) return 1;
    memset(bins, 0, (size_t)num_bins * sizeof(uint32_t));
    for (int64_t i = 0; i < n; i++) {
        int b = gp_hist_bin_f32(samples[i], p.flo, p.fhi, p.fscale, p.num_bins);
        if (b >= 0) bins[b]++;
    }
    return 0;
}

int gp_ref_histogram_even_i32(int64_t n, const int32_t *samples, int num_bins, int32_t lower, int32_t upper,
                              uint32_t *bins)
{
    gp_hist_params p;
    if (gp_hist_params_i32(&p, num_bins, lower, upper)) return 1;
    memset(bins, 0, (size_t)num_bins * sizeof(uint32_t));
    for (int64_t i = 0; i < n; i++) {
        int b = gp_hist_bin_i32(samples[i], p.ilo, p.ihi, p.irange, p.num_bins, p.iwide);
        if (b >= 0) bins[b]++;
    }
    return 0;
}

int gp_ref_histogram_bin_f32(float x, int num_bins, float lower, float upper)
{
    gp_hist_params p;
    if (gp_hist_params_f32(&p, num_bins, lower, upper)) return -2;
    return gp_hist_bin_f32(x, p.flo, p.fhi, p.fscale, p.num_bins);
}

int gp_ref_histogram_bin_i32(int32_t x, int num_bins, int32_t lower, int32_t upper)
{
    gp_hist_params p;
    if (gp_hist_params_i32(&p, num_bins, lower, upper)) return -2;
    return gp_hist_bin_i32(x, p.ilo, p.ihi, p.irange, p.num_bins, p.iwide);
}
