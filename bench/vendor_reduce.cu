// vendor_reduce.cu — the vendor baseline for reduce: cub::DeviceReduce (Sum / Min / Max / ArgMax), for the bench.
// Called twice: with temp == NULL it only sets *temp_bytes (allocate once, outside the timed region).
#include <cub/device/device_reduce.cuh>
#include <stdint.h>
#include "vendor.h"

template <typename In, typename Out>
static cudaError_t cub_reduce(int op, int64_t n, const In *in, Out *out, void *temp, size_t *bytes, cudaStream_t s)
{
    if (op == GP_REDUCE_SUM) return cub::DeviceReduce::Sum(temp, *bytes, in, out, n, s);
    if (op == GP_REDUCE_MIN) return cub::DeviceReduce::Min(temp, *bytes, in, out, n, s);
    return cub::DeviceReduce::Max(temp, *bytes, in, out, n, s);
}

extern "C" int gpb_vendor_reduce(gpb_type type, gp_reduce_op op, int64_t n, const void *in, void *out,
                                 void *temp, size_t *temp_bytes, cudaStream_t s)
{
    cudaError_t e;
    switch (type) {
    case GPB_F32: e = cub_reduce(op, n, (const float *)in, (float *)out, temp, temp_bytes, s); break;
    case GPB_F64: e = cub_reduce(op, n, (const double *)in, (double *)out, temp, temp_bytes, s); break;
    case GPB_I32: e = cub_reduce(op, n, (const int32_t *)in, (int64_t *)out, temp, temp_bytes, s); break;
    default: return 1;
    }
    return e != cudaSuccess;
}

extern "C" int gpb_vendor_argmax_f32(int64_t n, const float *in, float *max_out, int64_t *index_out, void *temp,
                                     size_t *temp_bytes, cudaStream_t s)
{
    return cub::DeviceReduce::ArgMax(temp, *temp_bytes, in, max_out, index_out, n, s) != cudaSuccess;
}
