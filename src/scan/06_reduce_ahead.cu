// 06_reduce_ahead.cu — scan rung 6: single pass, each segment reduced one step ahead and scanned from L2.
// Over rung 5: a rung-05 tile holds its registers and its place on the SM from its load until all its
// predecessors have published their sums, so the SM keeps fewer loads in flight than a copy would
// (results/scan-experiments-2026-11-22: the same kernel without the look-back moves 99% of a copy).
// Here persistent blocks work on segments of R6_SUB tiles in a two-step pipeline:
//   1. reduce segment j+1 straight from DRAM (16-byte loads, nothing kept: the data stays in L2) and
//      publish its aggregate at once;
//   2. look back for segment j (whose predecessors had the whole of step 1 to publish), then scan it
//      tile by tile re-reading it from L2 (the rung-05 tile I/O and block scan, with a running carry).
// DRAM still sees one read and one write per element; the segment waiting for its prefix is held by L2,
// not by registers, so the waits no longer throttle the loads. The look-back window reads R6_V words per
// lane, since the predecessors' words are mostly AGGREGATE by the time a segment looks back.
// Segment ids come from an atomic counter and a segment's aggregate is published right after it is
// taken and read, with no wait in between, so every look-back ends whatever the blocks' residency.
#include "../common/util.cuh"
#include "../common/block_scan.cuh"
#include "../common/block_reduce.cuh"
#include "../common/reduce_ops.cuh"
#include "../common/tile_io.cuh"
#include "../common/lookback.cuh"
#include "scan_internal.h"
#include <limits.h>

#ifndef R6_THREADS
#define R6_THREADS 128 /* threads per block */
#endif
#ifndef R6_ITEMS
#define R6_ITEMS 32 /* elements per thread in the scan step (one tile = R6_THREADS * R6_ITEMS) */
#endif
#ifndef R6_SUB
#define R6_SUB 2 /* tiles per segment */
#endif
#ifndef R6_BPS
#define R6_BPS 4 /* persistent blocks per SM */
#endif
#ifndef R6_V
#define R6_V 4 /* look-back words per lane (window 32 * R6_V segments) */
#endif
#ifndef R6_UNROLL
#define R6_UNROLL 16 /* 16-byte loads in flight per thread in the reduce step */
#endif
#ifndef R6_HINT
#define R6_HINT 0 /* 1: reduce-step loads with an L2 evict_last policy, so the segment survives until scanned */
#endif
#define R6_TILE (R6_THREADS * R6_ITEMS)
#define R6_SEG (R6_TILE * R6_SUB)
#define R6_HEADER 256 /* bytes before the status words: the segment counter */

__device__ __forceinline__ uint4 r6_load16(const uint4 *p)
{
#if R6_HINT
    uint4 r;
    unsigned long long pol;
    asm volatile("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;" : "=l"(pol));
    asm volatile("ld.global.L1::no_allocate.L2::cache_hint.v4.u32 {%0,%1,%2,%3}, [%4], %5;"
                 : "=r"(r.x), "=r"(r.y), "=r"(r.z), "=r"(r.w)
                 : "l"(p), "l"(pol));
    return r;
#else
    return *p;
#endif
}

/* The sum of in[base, min(base + R6_SEG, n)), returned on every thread. */
template <typename T>
__device__ T r6_segment_sum(const T *in, int64_t base, int64_t n, int vec, gp_block_reduce_storage<T, R6_THREADS> &st,
                            T *bcast)
{
    T s = (T)0;
    if (vec && base + R6_SEG <= n) {
        constexpr int CHUNKS = R6_SEG / 4 / R6_THREADS;
        constexpr int U = CHUNKS < R6_UNROLL ? CHUNKS : R6_UNROLL;
        static_assert(CHUNKS % U == 0, "chunks per thread must be a multiple of the unroll");
        const uint4 *v = reinterpret_cast<const uint4 *>(in + base) + threadIdx.x;
#pragma unroll 1
        for (int i = 0; i < CHUNKS; i += U) {
            uint4 r[U];
#pragma unroll
            for (int u = 0; u < U; u++) r[u] = r6_load16(v + (i + u) * R6_THREADS);
#pragma unroll
            for (int u = 0; u < U; u++)
                s = s + ((gp_from_bits<T>(r[u].x) + gp_from_bits<T>(r[u].y)) +
                         (gp_from_bits<T>(r[u].z) + gp_from_bits<T>(r[u].w)));
        }
    } else {
        const int64_t end = base + R6_SEG < n ? base + R6_SEG : n;
        for (int64_t e = base + threadIdx.x; e < end; e += R6_THREADS) s = s + in[e];
    }
    s = gp_block_reduce<gp_op_sum<T>, R6_THREADS>(s, st);
    if (threadIdx.x == 0) *bcast = s;
    __syncthreads();
    return *bcast;
}

template <typename T>
__global__ void __launch_bounds__(R6_THREADS) reduce_ahead_scan(const T *in, T *out, int64_t n, int exclusive,
                                                                int vec, int64_t segs,
                                                                unsigned long long *status, unsigned *counter)
{
    typedef gp_lb_pack<T> P;
    __shared__ T smem[GP_TILE_SMEM_WORDS(R6_THREADS, R6_ITEMS)];
    __shared__ T warp_totals[R6_THREADS / 32];
    __shared__ gp_block_reduce_storage<T, R6_THREADS> red;
    __shared__ T agg_sh, prefix_sh;
    __shared__ unsigned seg_sh;
    if (threadIdx.x == 0) seg_sh = atomicAdd(counter, 1u);
    __syncthreads();
    int64_t cur = seg_sh;
    if (cur >= segs) return;
    T agg_cur = r6_segment_sum(in, cur * R6_SEG, n, vec, red, &agg_sh);
    if (threadIdx.x == 0) gp_lb_store(status + cur, P::pack(cur == 0 ? GP_LB_PREFIX : GP_LB_AGGREGATE, agg_cur));
    for (;;) {
        /* step 1: take and reduce the next segment */
        if (threadIdx.x == 0) seg_sh = atomicAdd(counter, 1u);
        __syncthreads();
        const int64_t next = seg_sh;
        T agg_next = (T)0;
        if (next < segs) {
            agg_next = r6_segment_sum(in, next * R6_SEG, n, vec, red, &agg_sh);
            if (threadIdx.x == 0) gp_lb_store(status + next, P::pack(GP_LB_AGGREGATE, agg_next));
        }
        /* step 2: the prefix of the current segment, then its scan */
        if (threadIdx.x < 32) {
            T p = gp_lookback_exclusive<T, gp_op_sum<T>, R6_V>(status, cur, agg_cur, false);
            if (threadIdx.x == 0) prefix_sh = p;
        }
        __syncthreads();
        T carry = prefix_sh;
#pragma unroll 1
        for (int t = 0; t < R6_SUB; t++) {
            const int64_t base = cur * R6_SEG + (int64_t)t * R6_TILE;
            if (base >= n) break;
            T x[R6_ITEMS];
            gp_tile_load<T, R6_THREADS, R6_ITEMS>(in, base, n, vec, (T)0, x, smem);
            T sum = x[0];
#pragma unroll
            for (int k = 1; k < R6_ITEMS; k++) sum = sum + x[k];
            T tile_total;
            T prefix = gp_block_exclusive_scan<T, gp_op_sum<T>, R6_THREADS>(sum, warp_totals, &tile_total);
            prefix = carry + prefix;
#pragma unroll
            for (int k = 0; k < R6_ITEMS; k++) {
                const T v = x[k];
                x[k] = exclusive ? prefix : prefix + v;
                prefix = prefix + v;
            }
            gp_tile_store<T, R6_THREADS, R6_ITEMS>(out, base, n, vec, x, smem);
            carry = carry + tile_total;
            __syncthreads(); /* warp_totals is written again by the next tile's block scan */
        }
        if (next >= segs) break;
        cur = next;
        agg_cur = agg_next;
    }
}

extern "C" size_t gp__scan_r06_workspace(int64_t n)
{
    return R6_HEADER + (size_t)gp_ceil_div(n, R6_SEG) * sizeof(unsigned long long);
}

extern "C" gp_status gp__scan_r06_reduce_ahead(const gp_device_info *dev, cudaStream_t s, void *ws, size_t ws_bytes,
                                              gp__scan_type type, int exclusive, int64_t n, const void *in, void *out)
{
    const int64_t segs = gp_ceil_div(n, R6_SEG);
    const size_t need = gp__scan_r06_workspace(n);
    unsigned *counter = (unsigned *)ws;
    unsigned long long *status = (unsigned long long *)((char *)ws + R6_HEADER);
    const int vec = gp_aligned(in, 16) && gp_aligned(out, 16);
    const int64_t full = (int64_t)dev->sm_count * R6_BPS;
    const unsigned grid = (unsigned)(segs < full ? segs : full);
    if (segs > INT_MAX || type == GP__SCAN_F64) return GP_ERROR_NOT_SUPPORTED; /* f64: see scan.c */
    if (need > ws_bytes || !gp_aligned(ws, 8)) return GP_ERROR_WORKSPACE_TOO_SMALL;
    if (cudaMemsetAsync(ws, 0, need, s) != cudaSuccess) return GP_ERROR_CUDA;
    if (type == GP__SCAN_F32)
        reduce_ahead_scan<float><<<grid, R6_THREADS, 0, s>>>((const float *)in, (float *)out, n, exclusive, vec, segs,
                                                             status, counter);
    else
        reduce_ahead_scan<unsigned><<<grid, R6_THREADS, 0, s>>>((const unsigned *)in, (unsigned *)out, n, exclusive,
                                                                vec, segs, status, counter);
    return gp__launch_status();
}

extern "C" gp_kernel_info gp__scan_r06_kernel(void)
{
    gp_kernel_info k = {(const void *)reduce_ahead_scan<float>, R6_THREADS, 0};
    return k;
}
