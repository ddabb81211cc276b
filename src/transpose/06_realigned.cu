// 06_realigned.cu — transpose rung 6: rung 4's 16-byte tiles for any alignment and shape, in one launch.
// Over rung 4: rung 4 needs every row of in and out on a 16-byte boundary, else the call runs rung 3 (32x32
// tiles, 4-byte accesses); and it moves whole tiles only, leaving the right and bottom strips to two more
// launches of rung 3. Here one kernel covers every tile:
// - Reads: the 64 elements of a tile row start at some offset sh (0..3 f32, 0..1 f64) inside a 16-byte
//   chunk. Each of the 16 threads of the row loads the aligned chunk that holds its first element; the
//   chunk after it comes from the next lane (warp shuffle; the 16th lane loads a 17th chunk), and the thread
//   takes its VE elements from the pair: 17 aligned chunks per tile row, each sector read whole. (nvcc compiles
//   the f32 chunk loads to four 4-byte loads each, as it merges them with the edge path's; 16-byte loads in PTX
//   measured the same, session 15 below.)
// - Writes: the output row's 64 elements are re-cut on 16-byte boundaries the same way (the previous lane's
//   chunk by shuffle): 15 whole aligned chunks stored with STG.128, the two partial ones at the row's ends
//   with scalar stores (their other elements belong to the neighbouring tile).
// - Edges: tiles that pass the matrix's last row or column, and chunks that would cross the start or end of
//   the matrix's span, use per-element bounds; chunks wholly outside the matrix's columns are not read. Inner
//   tiles of an aligned matrix compile to rung 4's code (the ALIGNED instantiation: no shuffles).
// - Order: blockIdx.x walks the row tiles of `in` (rung 4: the column tiles), so the blocks that write the two
//   parts of an output sector run side by side (measured below).
// Global bytes: as rung 4 (2 * rows * cols * sizeof(T)), plus the 17th chunk per misaligned tile row (which
// the neighbouring tile reads too: an L2 hit). Predicted: unaligned rows near rung 4's aligned rate (rung 3
// reaches 57% of copy there, cublasSgeam 74%); sizes that are not tile multiples in one launch instead of 3
// (1000^2 f32: rung 4 + two rung-3 launches ran at 0.62x cublasSgeam, 1024^2 at 1.23x).
// H100 80GB HBM3, 2026-11-23, first version, in rung 4's tile order (results/h100-2026-11-23g/call1, `gpuprim
// bench transpose --rung 6` and `gpuprim bench --sweep transpose`; cublasSgeam in the same run):
//   16384x16384 f32: 2911 GB/s, 96.8% of D2D copy, 1.018x (rung 4: 2908 GB/s, 1.018x)
//   16383x16385 f32: 2074 GB/s, 69.0% of copy, 0.933x (rung 3: 1727 GB/s, 0.776x)
//   4097x4095 0.858x (rung 3 0.815x), 1000x1000 1.299x (rung 4 + edges 0.704x), 256x256 1.027x;
//   1x4194304 0.953x and 4194304x1 1.378x, where rung 3 runs 2.2x / 2.5x: picked automatically, this rung hands
//   a single row or column to rung 3, and aligned matrices of whole tiles to rung 4 (gp__transpose_r06_runs).
// Unaligned rows stayed below the aligned rate (69% vs 97% of copy) with the tiles in rung 4's order (blockIdx.x
// along the column tiles), although every load and every whole store is 16 bytes: each 256-byte output segment
// starts and ends inside a 32-byte sector that the neighbouring row tile (another block, then ~256 blocks later)
// completes. ncu (results/h100-2026-11-23g/call3/ncu-transpose.txt): DRAM bytes the same as aligned (1.10 + 1.07
// GB vs 1.07 + 1.05 at 16384^2), L2 write sectors +30% (65.3 M vs 50.3 M), DRAM throughput 63% vs 87%: not
// extra DRAM traffic but a slower drain. So blockIdx.x walks the row tiles instead: the blocks that complete
// each other's sectors run side by side. H100 (call3/transpose-order-*.txt, two rounds, cublasSgeam in the same
// process): 16383x16385 0.937x -> 1.075x, 4097x4095 0.865x -> 0.944x, 16384^2 1.019x -> 1.020x.
// Picked automatically, it hands aligned matrices of whole tiles to rung 4's kernel (smaller, no edge paths):
// 256^2 7.0 -> 4.8 us (0.882x -> 1.362x), equal at 16384^2. Sweep with both (results/h100-2026-11-23g/call5):
// geomean 1.305x cublasSgeam, worst 4097x4095 0.935x, every other shape >= 1.017x.
// Session 15 (results/h100-2026-11-24d/call3/transpose-knobs.txt; knob-sweep.sh, two rounds, cublasSgeam in the same
// process): at 40 registers the kernel ran 6 blocks of 256 threads per SM. __launch_bounds__(256, 8) holds it to 32
// registers without spills, 8 blocks per SM: 4097x4095 0.941-0.946x -> 0.983-0.987x, 16383x16385 1.076x -> 1.137-1.139x,
// 8191x8193 1.067x -> 1.072-1.074x. Tried: 16-byte loads in PTX (0.940-0.945x at 4097x4095: the 4-byte loads were not
// the limit); every row's load issued before the first shuffle (64 registers, 4 blocks per SM: 0.78x; bounded to 5
// blocks, spills: 0.86x; call2/transpose-batch-knobs.txt). The thread count resident per SM is what moves this kernel.
// Sweep (calls 5, 6, 8): 4097x4095 0.982-0.986x; geomean 1.25-1.30x.
#include "transpose_vec.cuh"

template <typename T> struct gp_lanes {
    static constexpr int VE = 16 / sizeof(T);
    T v[VE];
};

template <typename T>
__device__ __forceinline__ gp_lanes<T> gp_unpack(const typename gp_vec16<T>::type &x)
{
    gp_lanes<T> r;
#pragma unroll
    for (int i = 0; i < gp_lanes<T>::VE; i++) r.v[i] = vget(x, i);
    return r;
}

template <typename T>
__device__ __forceinline__ typename gp_vec16<T>::type gp_pack(const gp_lanes<T> &x)
{
    typename gp_vec16<T>::type r;
#pragma unroll
    for (int i = 0; i < gp_lanes<T>::VE; i++) vset(r, i, x.v[i]);
    return r;
}

/* The VE elements at in[lo..lo+VE) (lo + the base's misalignment is a multiple of VE): one 16-byte load when
 * the chunk lies inside the span [0, ext), else element by element inside it (0 outside). */
template <typename T>
__device__ __forceinline__ gp_lanes<T> gp_load_chunk(const T *__restrict__ in, int64_t lo, int64_t ext, bool inside)
{
    constexpr int VE = gp_lanes<T>::VE;
    if (inside || (lo >= 0 && lo + VE <= ext))
        return gp_unpack<T>(*reinterpret_cast<const typename gp_vec16<T>::type *>(in + lo));
    gp_lanes<T> r;
#pragma unroll
    for (int i = 0; i < VE; i++) r.v[i] = lo + i >= 0 && lo + i < ext ? in[lo + i] : T(0);
    return r;
}

template <typename T>
__device__ __forceinline__ gp_lanes<T> gp_shfl_lanes(const gp_lanes<T> &x, bool down)
{
    gp_lanes<T> r;
#pragma unroll
    for (int i = 0; i < gp_lanes<T>::VE; i++)
        r.v[i] = down ? __shfl_down_sync(0xffffffffu, x.v[i], 1, TR_CHUNKS)
                      : __shfl_up_sync(0xffffffffu, x.v[i], 1, TR_CHUNKS);
    return r;
}

template <typename T, bool ALIGNED>
__global__ void __launch_bounds__(256, 8) transpose_realigned(int64_t rows, int64_t cols, const T *__restrict__ in,
                                                           int64_t ld_in, int mis_in, int64_t ext_in,
                                                           T *__restrict__ out, int64_t ld_out, int mis_out)
{
    typedef gp_vec_tile<T> G;
    typedef typename G::V V;
    constexpr int VE = G::VE, TILE = G::TILE;
    __shared__ V s[TILE][TR_CHUNKS];
    const int lane = threadIdx.x % TR_CHUNKS, row4 = threadIdx.x / TR_CHUNKS; /* 16 lanes per tile row */
    /* blockIdx.x walks the row tiles of `in`: consecutive blocks write consecutive segments of the same output
     * rows (and complete each other's partial sectors while they are in L2) */
    const int64_t r0 = (int64_t)blockIdx.x * TILE;
    for (int64_t c0 = (int64_t)blockIdx.y * TILE; c0 < cols; c0 += (int64_t)gridDim.y * TILE) {
        const bool full = r0 + TILE <= rows && c0 + TILE <= cols;
        /* read: this thread's micro-block rows VE*row4 + k, columns c0 + VE*lane .. + VE-1 */
        V a[VE];
#pragma unroll
        for (int k = 0; k < VE; k++) {
            const int64_t r = r0 + VE * row4 + k;
            const bool row_ok = r < rows;
            const int64_t e0 = row_ok ? r * ld_in + c0 : 0; /* offset of (r, c0) in `in` */
            const int sh = ALIGNED || !row_ok ? 0 : (int)((uint64_t)(e0 + mis_in) & (VE - 1));
            const int64_t lo = e0 - sh + VE * lane;  /* this lane's aligned chunk */
            const bool col_ok = c0 + VE * lane - sh < cols; /* the chunk holds a column of the matrix */
            gp_lanes<T> cur = {};
            if (row_ok && col_ok) cur = gp_load_chunk<T>(in, lo, ext_in, ALIGNED && full);
            gp_lanes<T> w = cur;
            if (!ALIGNED) {
                gp_lanes<T> nxt = gp_shfl_lanes<T>(cur, true); /* every lane takes part */
                if (lane == TR_CHUNKS - 1 && sh != 0 && row_ok && c0 + TILE - sh < cols)
                    nxt = gp_load_chunk<T>(in, lo + VE, ext_in, false);
#pragma unroll
                for (int j = 1; j < VE; j++)
                    if (sh == j) {
#pragma unroll
                        for (int i = 0; i < VE; i++) w.v[i] = i + j < VE ? cur.v[i + j] : nxt.v[i + j - VE];
                    }
            }
            a[k] = gp_pack<T>(w);
        }
        gp_vec_stage_microblock<T>(a, s);
        __syncthreads();
        /* write: output row c0 + orow holds tile column orow; lane writes the aligned chunk `lane` of its
         * 64-element segment (columns r0..r0+TILE-1 of out), the last lane also the tail chunk */
#pragma unroll
        for (int p = 0; p < G::PASSES; p++) {
            const int orow = p * G::ROWS_PER_PASS + row4;
            const int64_t R = c0 + orow;
            const gp_lanes<T> cur = gp_unpack<T>(s[orow][lane ^ ((orow / VE) & 7)]);
            const bool row_ok = R < cols;
            const int64_t e0 = row_ok ? R * ld_out + r0 : 0;
            const int sh = ALIGNED || !row_ok ? 0 : (int)((uint64_t)(e0 + mis_out) & (VE - 1));
            gp_lanes<T> w = cur;
            if (!ALIGNED) {
                const gp_lanes<T> prv = gp_shfl_lanes<T>(cur, false);
#pragma unroll
                for (int j = 1; j < VE; j++)
                    if (sh == j) {
#pragma unroll
                        for (int i = 0; i < VE; i++) w.v[i] = i < j ? prv.v[VE - j + i] : cur.v[i - j];
                    }
            }
            if (!row_ok) continue;
            const int first = VE * lane - sh; /* tile-local output column of w.v[0] */
            const int64_t lo = e0 + first;
            if (first >= 0 && r0 + first + VE <= rows) {
                st_global16(out + lo, gp_pack<T>(w));
            } else {
#pragma unroll
                for (int i = 0; i < VE; i++)
                    if (first + i >= 0 && r0 + first + i < rows) out[lo + i] = w.v[i];
            }
            if (!ALIGNED && lane == TR_CHUNKS - 1) { /* tail: tile columns TILE-sh .. TILE-1 */
#pragma unroll
                for (int j = 1; j < VE; j++)
                    if (sh == j) {
#pragma unroll
                        for (int i = 0; i < j; i++)
                            if (r0 + TILE - j + i < rows) out[e0 + TILE - j + i] = cur.v[VE - j + i];
                    }
            }
        }
        __syncthreads(); /* s is rewritten by the next tile */
    }
}

static gp_status gp__transpose_r06_realigned(cudaStream_t s, int elem_bytes, int64_t rows, int64_t cols,
                                             const void *in, int64_t ld_in, void *out, int64_t ld_out)
{
    const int tile = TR_CHUNKS * (16 / elem_bytes);
    const int ve = 16 / elem_bytes;
    const int aligned = gp__transpose_vec_ok(elem_bytes, in, ld_in, out, ld_out);
    const int mis_in = (int)((uintptr_t)in / (uintptr_t)elem_bytes % (uintptr_t)ve);
    const int mis_out = (int)((uintptr_t)out / (uintptr_t)elem_bytes % (uintptr_t)ve);
    /* loads stay inside in's span; stores need none: each one is an element of out */
    const int64_t ext_in = gp__transpose_extent(rows, cols, ld_in, elem_bytes);
    if (!gp_transpose_grid_ok(rows, tile)) return GP_ERROR_INVALID_VALUE;
    const dim3 grid = gp_transpose_grid(cols, rows, tile, tile), block(256); /* x: row tiles, y: column tiles */
#define LAUNCH(T)                                                                                              \
    do {                                                                                                       \
        if (aligned)                                                                                           \
            transpose_realigned<T, true><<<grid, block, 0, s>>>(rows, cols, (const T *)in, ld_in, 0, ext_in,    \
                                                                (T *)out, ld_out, 0);                           \
        else                                                                                                   \
            transpose_realigned<T, false><<<grid, block, 0, s>>>(rows, cols, (const T *)in, ld_in, mis_in, ext_in, \
                                                                 (T *)out, ld_out, mis_out);                   \
    } while (0)
    GP_TRANSPOSE_BY_TYPE(elem_bytes, LAUNCH);
#undef LAUNCH
    return gp__launch_status();
}

extern "C" gp_status gp__transpose_r06_auto(const gp_device_info *dev, cudaStream_t s, int elem_bytes, int64_t rows,
                                           int64_t cols, const void *in, int64_t ld_in, void *out, int64_t ld_out,
                                           int *ran)
{
    const int tile = TR_CHUNKS * (16 / elem_bytes);
    const int r = gp__transpose_r06_runs(rows, cols, tile, gp__transpose_vec_ok(elem_bytes, in, ld_in, out, ld_out));
    if (ran) *ran = r;
    if (r == 3) return gp__transpose_r03_padded(dev, s, elem_bytes, rows, cols, in, ld_in, out, ld_out);
    if (r == 4) return gp__transpose_r04_vec4(dev, s, elem_bytes, rows, cols, in, ld_in, out, ld_out);
    return gp__transpose_r06_realigned(s, elem_bytes, rows, cols, in, ld_in, out, ld_out);
}

GP_LAUNCHER(transpose_r06_launch, gp_transpose_args, ctx, p)
{
    if (ctx->forced == 0) /* picked automatically: a single row or column to rung 3, whole aligned tiles to 4 */
        return gp__transpose_r06_auto(ctx->dev, ctx->stream, p->elem_bytes, p->rows, p->cols, p->in, p->ld_in, p->out,
                                      p->ld_out, &ctx->ran_rung);
    return gp__transpose_r06_realigned(ctx->stream, p->elem_bytes, p->rows, p->cols, p->in, p->ld_in, p->out,
                                       p->ld_out);
}

static gp_kernel_info transpose_r06_kernel(void)
{
    gp_kernel_info k = {(const void *)transpose_realigned<float, false>, 256, 0};
    return k;
}

GP_RUNG(gp__transpose_r06, "realigned",
        "rung 4's 16-byte tiles for any alignment (chunks re-cut by warp shuffles) and edges in the same launch",
        70, GP_RUNG_AUTO, transpose_r06_launch_entry, NULL, transpose_r06_kernel);
