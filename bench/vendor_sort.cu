// vendor_sort.cu — the vendor baseline for the sort ladder: cub::DeviceRadixSort::SortKeys / SortPairs over the
// whole key, ascending, with int sizes (the instantiation CUB users get for n < 2^31, and what the sort
// harness timed: scripts/experiments/sort/sort_bench.cu). Only the four cases the bench times are compiled
// (each costs ~15 s of compile time).
#include <cub/device/device_radix_sort.cuh>
#include "vendor.h"

template <typename K> static int cub_keys(const void *in, void *out, int n, void *temp, size_t *temp_bytes, cudaStream_t s)
{
    return cub::DeviceRadixSort::SortKeys(temp, *temp_bytes, (const K *)in, (K *)out, n, 0, (int)sizeof(K) * 8, s) !=
           cudaSuccess;
}

extern "C" int gpb_vendor_sort(gp_sort_key key, int64_t n, const void *keys_in, void *keys_out, const void *values_in,
                               void *values_out, void *temp, size_t *temp_bytes, cudaStream_t s)
{
    if (n < 0 || n > INT32_MAX) return 1;
    if (values_in) {
        if (key != GP_SORT_U32) return 1;
        return cub::DeviceRadixSort::SortPairs(temp, *temp_bytes, (const uint32_t *)keys_in, (uint32_t *)keys_out,
                                               (const uint32_t *)values_in, (uint32_t *)values_out, (int)n, 0, 32,
                                               s) != cudaSuccess;
    }
    switch (key) {
    case GP_SORT_U32: return cub_keys<uint32_t>(keys_in, keys_out, (int)n, temp, temp_bytes, s);
    case GP_SORT_F32: return cub_keys<float>(keys_in, keys_out, (int)n, temp, temp_bytes, s);
    case GP_SORT_U64: return cub_keys<uint64_t>(keys_in, keys_out, (int)n, temp, temp_bytes, s);
    default: return 1;
    }
}
