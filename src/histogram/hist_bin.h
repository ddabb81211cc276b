/* hist_bin.h — the bin of one sample, shared by the kernels (device) and the CPU reference (host), so both
 * compute it with the same float operations in the same order. C and CUDA C.
 *
 * Even bins over [lower, upper), the formula of cub::DeviceHistogram::HistogramEven:
 *  - f32: a sample x counts when lower <= x < upper (NaN never does); with scale = (float)num_bins /
 *    (upper - lower) computed once in float on the host, bin = (int)((x - lower) * scale), each operation
 *    rounded to nearest float and the product truncated. Where the rounding of that product reaches
 *    num_bins (x just below upper), the sample goes to the last bin (CUB has no such clamp).
 *  - i32: a sample x counts when lower <= x < upper; bin = floor((x - lower) * num_bins / (upper - lower))
 *    in exact integer arithmetic (64-bit where the product could pass 2^32), for any range.
 *  - u8: the bin is the sample (256 bins). */
#ifndef GP_HIST_BIN_H
#define GP_HIST_BIN_H
#include <stdint.h>

#if defined(__CUDACC__)
#define GP_HD __host__ __device__ __forceinline__
#else
#define GP_HD static inline
#endif

/* The parameters of even binning, as the kernels receive them. */
typedef struct gp_hist_params {
    int num_bins;
    float flo, fhi, fscale;  /* f32 samples */
    int32_t ilo, ihi;        /* i32 samples */
    uint32_t irange;         /* (uint32_t)(ihi - ilo), in [1, 2^32 - 1] */
    int iwide;               /* 1 if irange * num_bins may pass 2^32: 64-bit product and division */
} gp_hist_params;

/* -1 if x falls outside every bin. Branch-free (selects only), so the kernels predicate the count instead
 * of branching around it; the int conversion is only taken for 0 <= t < 2^31. */
GP_HD int gp_hist_bin_f32(float x, float lo, float hi, float scale, int num_bins)
{
    const float t = (x - lo) * scale; /* two roundings, never fused: (a - b) * c has no FMA form */
    int b = (t >= 0.f && t < 2147483520.f) ? (int)t : 2147483647;
    b = b < num_bins ? b : num_bins - 1;
    return (x >= lo && x < hi) ? b : -1; /* out of range or NaN: not counted */
}

GP_HD int gp_hist_bin_i32(int32_t x, int32_t lo, int32_t hi, uint32_t range, int num_bins, int wide)
{
    uint32_t d;
    if (x < lo || x >= hi) return -1;
    d = (uint32_t)x - (uint32_t)lo; /* exact: 0 <= x - lo < 2^32 */
    if (wide) return (int)(((uint64_t)d * (uint64_t)num_bins) / range);
    return (int)((d * (uint32_t)num_bins) / range);
}

/* Fills p for f32 or i32 even bins; 0 if the arguments are valid (num_bins >= 1, lower < upper, finite
 * bounds whose difference and scale are finite), non-zero otherwise. */
GP_HD int gp_hist_params_f32(gp_hist_params *p, int num_bins, float lower, float upper)
{
    float range, scale;
    if (num_bins < 1 || !(lower < upper)) return 1;
    range = upper - lower;
    if (!(range <= 3.402823466e38f)) return 1; /* bounds infinite or their difference overflows */
    scale = (float)num_bins / range;
    if (!(scale <= 3.402823466e38f)) return 1;
    p->num_bins = num_bins;
    p->flo = lower; p->fhi = upper; p->fscale = scale;
    p->ilo = 0; p->ihi = 0; p->irange = 1; p->iwide = 0;
    return 0;
}

GP_HD int gp_hist_params_i32(gp_hist_params *p, int num_bins, int32_t lower, int32_t upper)
{
    if (num_bins < 1 || !(lower < upper)) return 1;
    p->num_bins = num_bins;
    p->flo = 0.f; p->fhi = 0.f; p->fscale = 0.f;
    p->ilo = lower; p->ihi = upper;
    p->irange = (uint32_t)upper - (uint32_t)lower;
    p->iwide = (uint64_t)p->irange * (uint64_t)num_bins > 0xFFFFFFFFull;
    return 0;
}

#endif
