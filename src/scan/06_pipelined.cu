// 06_pipelined.cu — scan rung 6: persistent blocks that prefetch the next tiles during the look-back.
// Over rung 5: measured on the H100, rung 5's tile I/O without the look-back runs at 2987 GB/s (99% of a
// copy) and with it at 2406 GB/s: a tile holds its registers and its slot on the SM while it waits for the
// predecessors' sums, and during that wait its block has no loads in flight. Here a grid of exactly the
// resident blocks loops over tiles (ids from the atomic counter, so every tile's predecessors are held by
// running blocks); each block keeps a ring of STAGES tile buffers in shared memory filled by cp.async
// (src/common/tile_pipe.cuh), and refills a buffer with its next tile as soon as the current tile is in
// registers, before the look-back: the memory system always has the next tiles' loads to work on.
// Per tile the work is rung 5's: blocked registers, warp-shuffle block scan, decoupled look-back
// (src/common/lookback.cuh), 16-byte stores through the tile_io transpose.
// Configurations (threads x items x stages) are compiled in and timed by `gpuprim bench scan -v`.
#include "../common/util.cuh"
#include "../common/block_scan.cuh"
#include "../common/tile_pipe.cuh"
#include "../common/lookback.cuh"
#include "scan_internal.h"
#include <limits.h>

#define PS_HEADER 256 /* bytes before the status words: the tile counter */

template <int THREADS, int ITEMS, int STAGES>
struct gp_ps_cfg {
    static constexpr int TILE = THREADS * ITEMS;
    static constexpr size_t SMEM = (size_t)STAGES * TILE * 4 + (size_t)GP_TILE_SMEM_WORDS(THREADS, ITEMS) * 4;
};

template <typename T, int THREADS, int ITEMS, int STAGES>
__global__ void __launch_bounds__(THREADS) pipelined_scan(const T *in, T *out, int64_t n, int64_t tiles,
                                                          int exclusive, int vec, unsigned long long *status,
                                                          unsigned *tile_counter)
{
    typedef gp_ps_cfg<THREADS, ITEMS, STAGES> C;
    extern __shared__ uint4 ps_smem[];
    T *stages = reinterpret_cast<T *>(ps_smem);
    T *staging = stages + STAGES * C::TILE; /* the store transpose */
    __shared__ T warp_totals[THREADS / 32];
    __shared__ unsigned tile_of[STAGES]; /* the tile each buffer holds, in the order they were taken */
    __shared__ T tile_prefix;

    if (threadIdx.x == 0)
        for (int s = 0; s < STAGES; s++) tile_of[s] = atomicAdd(tile_counter, 1u);
    __syncthreads();
#pragma unroll
    for (int s = 0; s < STAGES; s++) {
        if (tile_of[s] < tiles) gp_pipe_issue<T, THREADS, C::TILE>(stages + s * C::TILE, in, (int64_t)tile_of[s] * C::TILE, n, vec);
        gp_cp_async_commit();
    }
    for (int s = 0;; s = s + 1 == STAGES ? 0 : s + 1) {
        const int64_t tile = tile_of[s];
        if (tile >= tiles) break; /* tiles are taken in order: the later buffers hold none either */
        const int64_t base = tile * C::TILE;
        T *buf = stages + s * C::TILE;
        gp_cp_async_wait<STAGES - 1>(); /* this thread's copies of the oldest group (buffer s) landed */
        __syncthreads();                /* everybody's did */
        T x[ITEMS];
        gp_pipe_read_blocked<T, ITEMS>(buf, x);
        if (threadIdx.x == 0) tile_of[s] = atomicAdd(tile_counter, 1u); /* read by all after the scan's barrier */
        T sum = x[0];
#pragma unroll
        for (int k = 1; k < ITEMS; k++) sum = sum + x[k];
        T aggregate;
        T prefix = gp_block_exclusive_scan<T, gp_op_sum<T>, THREADS>(sum, warp_totals, &aggregate);
        /* buffer s is in registers everywhere (the scan's barrier): refill it before the look-back */
        const unsigned next = tile_of[s];
        if (next < tiles) gp_pipe_issue<T, THREADS, C::TILE>(buf, in, (int64_t)next * C::TILE, n, vec);
        gp_cp_async_commit(); /* an empty group when there is no next tile keeps the wait counts uniform */
        if (threadIdx.x < 32) {
            T p = gp_lookback_exclusive<T, gp_op_sum<T>>(status, tile, aggregate);
            if (threadIdx.x == 0) tile_prefix = p;
        }
        __syncthreads();
        prefix = tile_prefix + prefix;
#pragma unroll
        for (int k = 0; k < ITEMS; k++) {
            T v = x[k];
            x[k] = exclusive ? prefix : prefix + v;
            prefix = prefix + v;
        }
        gp_tile_store<T, THREADS, ITEMS>(out, base, n, vec, x, staging);
    }
    gp_cp_async_wait<0>();
}

/* Every configuration: threads, items per thread, buffers. */
#define PS_CONFIGS(X) X(0, 128, 32, 2) X(1, 128, 32, 3) X(2, 256, 16, 2) X(3, 256, 16, 3) X(4, 128, 16, 3) X(5, 256, 32, 2)
#define PS_DEFAULT 0

static int force_cfg = -1;
extern "C" void gp__scan_r06_force(int cfg) { force_cfg = cfg; }
extern "C" const char *gp__scan_r06_config_name(int cfg)
{
#define PS_NAME(i, t, it, st) case i: return #t "x" #it " " #st " buffers";
    switch (cfg) { PS_CONFIGS(PS_NAME) default: return "?"; }
#undef PS_NAME
}

template <int THREADS, int ITEMS, int STAGES>
static gp_status ps_launch(const gp_device_info *dev, cudaStream_t s, void *ws, size_t ws_bytes, gp__scan_type type,
                           int exclusive, int64_t n, const void *in, void *out)
{
    typedef gp_ps_cfg<THREADS, ITEMS, STAGES> C;
    static int resident[64]; /* blocks per SM, per device ordinal (0: not asked yet) */
    const int64_t tiles = gp_ceil_div(n, C::TILE);
    const size_t need = PS_HEADER + (size_t)tiles * sizeof(unsigned long long);
    unsigned *counter = (unsigned *)ws;
    unsigned long long *status = (unsigned long long *)((char *)ws + PS_HEADER);
    const int vec = gp_aligned(in, 16) && gp_aligned(out, 16);
    void (*kf)(const float *, float *, int64_t, int64_t, int, int, unsigned long long *, unsigned *) =
        pipelined_scan<float, THREADS, ITEMS, STAGES>;
    void (*ku)(const unsigned *, unsigned *, int64_t, int64_t, int, int, unsigned long long *, unsigned *) =
        pipelined_scan<unsigned, THREADS, ITEMS, STAGES>;
    const int d = dev->device >= 0 && dev->device < 64 ? dev->device : 0;
    if (tiles > INT_MAX || type == GP__SCAN_F64) return GP_ERROR_NOT_SUPPORTED; /* f64: see scan.c */
    if (need > ws_bytes || !gp_aligned(ws, 8)) return GP_ERROR_WORKSPACE_TOO_SMALL;
    if (!resident[d]) {
        int a = 0, b = 0;
        if (cudaFuncSetAttribute((const void *)kf, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)C::SMEM) != cudaSuccess ||
            cudaFuncSetAttribute((const void *)ku, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)C::SMEM) != cudaSuccess ||
            cudaOccupancyMaxActiveBlocksPerMultiprocessor(&a, (const void *)kf, THREADS, C::SMEM) != cudaSuccess ||
            cudaOccupancyMaxActiveBlocksPerMultiprocessor(&b, (const void *)ku, THREADS, C::SMEM) != cudaSuccess)
            return gp__launch_status();
        if (a < 1 || b < 1) return GP_ERROR_NOT_SUPPORTED;
        resident[d] = a < b ? a : b;
    }
    const int64_t full = (int64_t)resident[d] * dev->sm_count;
    const unsigned grid = (unsigned)(tiles < full ? tiles : full);
    if (cudaMemsetAsync(ws, 0, need, s) != cudaSuccess) return GP_ERROR_CUDA;
    if (type == GP__SCAN_F32)
        kf<<<grid, THREADS, C::SMEM, s>>>((const float *)in, (float *)out, n, tiles, exclusive, vec, status, counter);
    else
        ku<<<grid, THREADS, C::SMEM, s>>>((const unsigned *)in, (unsigned *)out, n, tiles, exclusive, vec, status, counter);
    return gp__launch_status();
}

extern "C" size_t gp__scan_r06_workspace(int64_t n)
{
    /* the smallest tile of every configuration: enough status words for any of them */
    return PS_HEADER + (size_t)gp_ceil_div(n, 128 * 16) * sizeof(unsigned long long);
}

extern "C" gp_status gp__scan_r06_pipelined(const gp_device_info *dev, cudaStream_t s, void *ws, size_t ws_bytes,
                                           gp__scan_type type, int exclusive, int64_t n, const void *in, void *out)
{
#define PS_CASE(i, t, it, st) case i: return ps_launch<t, it, st>(dev, s, ws, ws_bytes, type, exclusive, n, in, out);
    switch (force_cfg >= 0 ? force_cfg : PS_DEFAULT) {
        PS_CONFIGS(PS_CASE)
    default: return GP_ERROR_INVALID_VALUE;
    }
#undef PS_CASE
}

extern "C" gp_kernel_info gp__scan_r06_kernel(void)
{
    /* the default configuration */
    gp_kernel_info k = {(const void *)pipelined_scan<float, 128, 32, 2>, 128, gp_ps_cfg<128, 32, 2>::SMEM};
    return k;
}
