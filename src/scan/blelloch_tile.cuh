/* blelloch_tile.cuh — the Blelloch (work-efficient) block scan as a tile kernel for scan_3phase.cuh;
 * used by rung 02 (scan-then-propagate) and rung 03 (reduce-then-scan).
 * 512 threads scan 1024 elements held in shared memory: an up-sweep builds partial sums in a balanced
 * tree (n-1 additions), the root is cleared, a down-sweep distributes prefixes (n-1 additions and swaps):
 * 2·log2(1024) = 20 barrier steps and O(n) work. Shared-memory index i is padded to i + i/32 (GPU Gems 3,
 * ch. 39) so the power-of-two strides of the tree do not all land in one of the 32 banks. */
#ifndef GP_SCAN_BLELLOCH_TILE_CUH
#define GP_SCAN_BLELLOCH_TILE_CUH

#include "scan_3phase.cuh"

#define BL_THREADS 512
#define BL_TILE (2 * BL_THREADS)
#define BL_PAD(i) ((i) + ((i) >> 5))

template <typename T>
__global__ void __launch_bounds__(BL_THREADS) blelloch_tile(const T *in, T *out, int64_t n, int exclusive,
                                                            const T *seeds, T *totals)
{
    __shared__ T s[BL_PAD(BL_TILE - 1) + 1];
    __shared__ T total_sh;
    const int t = threadIdx.x;
    const int64_t base = (int64_t)blockIdx.x * BL_TILE;
    const int ia = t, ib = t + BL_THREADS; /* coalesced loads: two halves of the tile */
    const T xa = base + ia < n ? in[base + ia] : (T)0;
    const T xb = base + ib < n ? in[base + ib] : (T)0;
    s[BL_PAD(ia)] = xa;
    s[BL_PAD(ib)] = xb;
    int offset = 1;
    for (int d = BL_TILE >> 1; d > 0; d >>= 1) { /* up-sweep */
        __syncthreads();
        if (t < d) {
            int a = offset * (2 * t + 1) - 1, b = offset * (2 * t + 2) - 1;
            s[BL_PAD(b)] = s[BL_PAD(a)] + s[BL_PAD(b)];
        }
        offset <<= 1;
    }
    __syncthreads();
    if (t == 0) {
        total_sh = s[BL_PAD(BL_TILE - 1)];
        s[BL_PAD(BL_TILE - 1)] = (T)0;
    }
    for (int d = 1; d < BL_TILE; d <<= 1) { /* down-sweep */
        offset >>= 1;
        __syncthreads();
        if (t < d) {
            int a = offset * (2 * t + 1) - 1, b = offset * (2 * t + 2) - 1;
            T v = s[BL_PAD(a)];
            s[BL_PAD(a)] = s[BL_PAD(b)];
            s[BL_PAD(b)] = v + s[BL_PAD(b)];
        }
    }
    __syncthreads();
    if (out) {
        const T seed = seeds ? seeds[blockIdx.x] : (T)0;
        T ea = s[BL_PAD(ia)], eb = s[BL_PAD(ib)];
        if (base + ia < n) out[base + ia] = seed + (exclusive ? ea : ea + xa);
        if (base + ib < n) out[base + ib] = seed + (exclusive ? eb : eb + xb);
    }
    if (totals && t == 0) totals[blockIdx.x] = total_sh;
}

template <typename T>
static void blelloch_launch(unsigned blocks, cudaStream_t s, const T *in, T *out, int64_t n, int exclusive,
                            const T *seeds, T *totals, int vec)
{
    (void)vec;
    blelloch_tile<T><<<blocks, BL_THREADS, 0, s>>>(in, out, n, exclusive, seeds, totals);
}

#endif
