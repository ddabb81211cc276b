// vendor_scan.cu — the CUB baselines of the scan and compact benches: cub::DeviceScan::InclusiveSum and
// cub::DeviceSelect::If. Temporary storage is sized for the largest call and allocated once, outside the
// timed region (gpb_vendor_scan_init); the timed calls only launch.
#include "vendor.h"
#include <cub/cub.cuh>

static void *temp;
static size_t temp_bytes;

struct GreaterThan {
    float v;
    __device__ __forceinline__ bool operator()(const float &x) const { return x > v; }
};

extern "C" int gpb_vendor_scan_init(int64_t n)
{
    size_t a = 0, b = 0, c = 0;
    if (n > INT32_MAX || n < 1) return 1;
    cub::DeviceScan::InclusiveSum(NULL, a, (const int *)NULL, (int *)NULL, (int)n);
    cub::DeviceScan::InclusiveSum(NULL, b, (const float *)NULL, (float *)NULL, (int)n);
    cub::DeviceSelect::If(NULL, c, (const float *)NULL, (float *)NULL, (int64_t *)NULL, (int)n, GreaterThan{0.5f});
    size_t need = a > b ? a : b;
    need = need > c ? need : c;
    if (need > temp_bytes) {
        cudaFree(temp);
        temp = NULL;
        temp_bytes = 0;
        if (cudaMalloc(&temp, need) != cudaSuccess) return 1;
        temp_bytes = need;
    }
    return 0;
}

extern "C" void gpb_vendor_scan_free(void)
{
    cudaFree(temp);
    temp = NULL;
    temp_bytes = 0;
}

extern "C" int gpb_vendor_inclusive_sum_i32(const int32_t *in, int32_t *out, int64_t n, cudaStream_t s)
{
    size_t bytes = temp_bytes;
    return cub::DeviceScan::InclusiveSum(temp, bytes, in, out, (int)n, s) != cudaSuccess;
}

extern "C" int gpb_vendor_inclusive_sum_f32(const float *in, float *out, int64_t n, cudaStream_t s)
{
    size_t bytes = temp_bytes;
    return cub::DeviceScan::InclusiveSum(temp, bytes, in, out, (int)n, s) != cudaSuccess;
}

extern "C" int gpb_vendor_select_gt_f32(const float *in, float *out, int64_t *num_selected, int64_t n, float value,
                                        cudaStream_t s)
{
    size_t bytes = temp_bytes;
    return cub::DeviceSelect::If(temp, bytes, in, out, num_selected, (int)n, GreaterThan{value}, s) != cudaSuccess;
}
