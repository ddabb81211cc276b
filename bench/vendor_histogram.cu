// vendor_histogram.cu — the vendor baseline for the histogram ladder: cub::DeviceHistogram::HistogramEven
// with num_bins + 1 even levels from lower to upper and 32-bit counters (u8: levels 0..256, 256 bins).
#include <cub/device/device_histogram.cuh>
#include "vendor.h"

template <typename T, typename L>
static int cub_even(void *temp, size_t *temp_bytes, const void *samples, int64_t n, int num_bins, L lo, L hi,
                    uint32_t *bins, cudaStream_t s)
{
    /* int sample counts where they fit (CUB's usual instantiation), 64-bit beyond */
    if (n <= 0x7FFFFFFF)
        return cub::DeviceHistogram::HistogramEven(temp, *temp_bytes, (const T *)samples, (unsigned int *)bins,
                                                   num_bins + 1, lo, hi, (int)n, s) != cudaSuccess;
    return cub::DeviceHistogram::HistogramEven(temp, *temp_bytes, (const T *)samples, (unsigned int *)bins,
                                               num_bins + 1, lo, hi, n, s) != cudaSuccess;
}

extern "C" int gpb_vendor_histogram_even(gpb_type type, void *temp, size_t *temp_bytes, const void *samples,
                                         int64_t n, int num_bins, double lower, double upper, uint32_t *bins,
                                         cudaStream_t s)
{
    switch (type) {
    case GPB_U8: return cub_even<uint8_t, int>(temp, temp_bytes, samples, n, 256, 0, 256, bins, s);
    case GPB_F32:
        return cub_even<float, float>(temp, temp_bytes, samples, n, num_bins, (float)lower, (float)upper, bins, s);
    case GPB_I32:
        return cub_even<int32_t, int>(temp, temp_bytes, samples, n, num_bins, (int)lower, (int)upper, bins, s);
    default: return 1;
    }
}
