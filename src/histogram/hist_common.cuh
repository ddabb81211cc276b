/* hist_common.cuh — what every histogram rung's kernels share: the bin of a sample per sample type, the
 * per-block shared-memory histogram (zeroing and merging into the global bins), the launch dispatch on the
 * sample type, and the grid size of a persistent kernel. CUDA C. */
#ifndef GP_HIST_COMMON_CUH
#define GP_HIST_COMMON_CUH
#include "../common/util.cuh"
#include "hist_internal.h"

/* The bin of one sample, -1 if it falls outside every bin (hist_bin.h defines the formulas). */
__device__ __forceinline__ int gp_hist_bin(uint8_t x, const gp_hist_params &) { return x; }
__device__ __forceinline__ int gp_hist_bin(float x, const gp_hist_params &p)
{
    return gp_hist_bin_f32(x, p.flo, p.fhi, p.fscale, p.num_bins);
}
__device__ __forceinline__ int gp_hist_bin(int32_t x, const gp_hist_params &p)
{
    return gp_hist_bin_i32(x, p.ilo, p.ihi, p.irange, p.num_bins, p.iwide);
}

/* Zeroes `words` counters of shared memory, then waits for the whole block. */
__device__ __forceinline__ void gp_hist_smem_zero(uint32_t *sh, int words)
{
    for (int i = threadIdx.x; i < words; i += blockDim.x) sh[i] = 0;
    __syncthreads();
}

/* Adds count to global bin b: 32-bit counts, or 64-bit if wide. */
__device__ __forceinline__ void gp_hist_global_add(void *bins, int wide, int b, uint32_t count)
{
    if (wide) atomicAdd((unsigned long long *)bins + b, (unsigned long long)count);
    else atomicAdd((uint32_t *)bins + b, count);
}

/* After the block's last shared update: adds the block's histogram into the global bins, one atomic per
 * non-zero bin (32- or 64-bit counts). The block holds 2^log2r copies, copy r of bin b at word
 * b * 2^log2r + r; a thread sums the copies of one bin starting at copy b mod 2^log2r, so the 32 threads of
 * a warp (32 consecutive bins) read 32 different banks when 2^log2r = 32. */
__device__ __forceinline__ void gp_hist_smem_merge(const uint32_t *sh, int num_bins, int log2r, void *bins, int wide)
{
    const int copies = 1 << log2r, mask = copies - 1;
    __syncthreads();
    for (int b = threadIdx.x; b < num_bins; b += blockDim.x) {
        const uint32_t *row = sh + ((int64_t)b << log2r);
        uint32_t sum = 0;
        for (int r = 0; r < copies; r++) sum += row[(r + b) & mask];
        if (sum) gp_hist_global_add(bins, wide, b, sum);
    }
}

/* Runs LAUNCH(T) with T the sample type of call c. */
#define GP_HIST_DISPATCH(c, LAUNCH)                      \
    switch ((c)->type) {                                 \
    case GP_HIST_U8: LAUNCH(uint8_t); break;             \
    case GP_HIST_F32: LAUNCH(float); break;              \
    default: LAUNCH(int32_t); break;                     \
    }

/* Blocks of a persistent grid-stride kernel: every SM filled with as many blocks as fit (threads, registers
 * and `smem` bytes of dynamic shared memory), but no more than `need`. */
static inline unsigned gp_hist_grid(const gp_device_info *dev, const void *fn, int threads, size_t smem, int64_t need)
{
    int per_sm = 0;
    int64_t g;
    if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, fn, threads, smem) != cudaSuccess || per_sm < 1) {
        (void)cudaGetLastError();
        per_sm = 1;
    }
    g = (int64_t)dev->sm_count * per_sm;
    if (need < g) g = need;
    return (unsigned)(g > 0 ? g : 1);
}

/* Allows `smem` bytes of dynamic shared memory for kernel fn (needed above 48 KiB); 0 on success. */
static inline int gp_hist_allow_smem(const void *fn, size_t smem)
{
    if (smem <= 48 * 1024) return 0;
    if (cudaFuncSetAttribute(fn, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem) != cudaSuccess) {
        (void)cudaGetLastError();
        return 1;
    }
    return 0;
}

/* Copies of the histogram per block for rungs 3 and 4: 2^log2r with log2r the largest of 5..1 whose
 * copies fit in 64 KiB (so several blocks stay resident per SM), else one copy (log2r = 0) if it fits in a
 * block's shared memory, else -1 (the bins do not fit: global atomics). 256 bins: 32 copies, 32 KiB. */
static inline int gp_hist_log2_copies(const gp_device_info *dev, int num_bins)
{
    for (int l = 5; l >= 1; l--)
        if (((int64_t)num_bins << l) * 4 <= 64 * 1024) return l;
    return (size_t)num_bins * 4 <= dev->smem_per_block_optin ? 0 : -1;
}

#endif
