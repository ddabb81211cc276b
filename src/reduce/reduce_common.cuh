/* reduce_common.cuh — what the reduce rungs share: the (type, op) -> template dispatch, the multi-pass
 * driver of the tree rungs 01-06, the workspace layout, and the vectorised loop of rungs 07-08. */
#ifndef GP_REDUCE_COMMON_CUH
#define GP_REDUCE_COMMON_CUH
#include "../common/util.cuh"
#include "../common/block_reduce.cuh"
#include "reduce_internal.h"

#define GP_RED_THREADS 256
/* Rungs 01-06 cap their grid here: a block walks several tiles when n > this many tiles, which bounds the
 * partials (and so the workspace) at 2^16 values whatever n is. */
#define GP_RED_MAX_BLOCKS 65536
/* Deterministic mode: rungs 07-08 use this grid whatever the device, so the result does not depend on the
 * SM count. */
#define GP_RED_FIXED_GRID 1024

/* Workspace: [0, 256) the ticket counter of rung 08; partials from byte 256 of the 256-aligned base. */
static inline char *gp_red_ws_base(void *ws) { return (char *)(((uintptr_t)ws + 255) & ~(uintptr_t)255); }
static inline size_t gp_red_ws_need(size_t partial_bytes) { return 255 + 256 + partial_bytes; }
static inline unsigned *gp_red_counter(void *ws) { return (unsigned *)gp_red_ws_base(ws); }
template <typename T> static inline T *gp_red_partials(void *ws) { return (T *)(gp_red_ws_base(ws) + 256); }

/* R<In, Op, Out>::run(args): the rung for input type In, operator Op (Op::T is the accumulator), final
 * output type Out. i32 sums accumulate in int64 (|sum| <= n * 2^31 < 2^63 for n < 2^32: no overflow),
 * i32 min/max in int32; both are written as int64. */
template <template <typename, typename, typename> class R>
static gp_status gp_reduce_dispatch(gp_ctx *c, const gp_reduce_args *p)
{
    gp_reduce_args call = *p;
    const gp_reduce_args *a = &call;
    call.dev = c->dev;
    call.stream = c->stream;
    call.workspace = c->workspace;
    call.workspace_bytes = c->workspace_bytes;
    if (a->argmax) return R<float, gp_op_argmax_f32, int64_t>::run(a);
    switch (a->type) {
    case GP_RT_F32:
        if (a->op == GP_REDUCE_SUM) return R<float, gp_op_sum<float>, float>::run(a);
        if (a->op == GP_REDUCE_MIN) return R<float, gp_op_min<float>, float>::run(a);
        return R<float, gp_op_max<float>, float>::run(a);
    case GP_RT_F64:
        if (a->op == GP_REDUCE_SUM) return R<double, gp_op_sum<double>, double>::run(a);
        if (a->op == GP_REDUCE_MIN) return R<double, gp_op_min<double>, double>::run(a);
        return R<double, gp_op_max<double>, double>::run(a);
    default:
        if (a->op == GP_REDUCE_SUM) return R<int32_t, gp_op_sum<int64_t>, int64_t>::run(a);
        if (a->op == GP_REDUCE_MIN) return R<int32_t, gp_op_min<int32_t>, int64_t>::run(a);
        return R<int32_t, gp_op_max<int32_t>, int64_t>::run(a);
    }
}

/* Element i of in[0, n) as the accumulator type, or the identity past the end. */
template <typename Op, typename In>
__device__ __forceinline__ typename Op::T gp_red_load(const In *__restrict__ in, int64_t i, int64_t n)
{
    return i < n ? Op::lift(in[i], i) : Op::identity();
}

/* Multi-pass driver of the tree rungs. K<In, Op, Out> has `static const int per_block` (elements one block
 * reduces per tile) and `static void launch(unsigned grid, cudaStream_t, const In *, int64_t n, Out *)`,
 * which writes Op over the block's tiles to out[blockIdx.x]. Pass 1 reads the input and writes up to
 * GP_RED_MAX_BLOCKS partials; further passes reduce the partials (ping-pong in the workspace) until one
 * block is left, which writes the result. All on the stream, no host synchronisation. */
template <template <typename, typename, typename> class K, typename In, typename Op, typename Out>
static gp_status gp_reduce_multipass(const gp_reduce_args *a)
{
    typedef typename Op::T Acc;
    const int per = K<In, Op, Acc>::per_block;
    const In *in = (const In *)a->in;
    int64_t tiles = gp_ceil_div(a->n, per);
    if (tiles <= 1) {
        K<In, Op, Out>::launch(1, a->stream, in, a->n, (Out *)a->out);
        return gp__launch_status();
    }
    if (a->workspace_bytes < gp_red_ws_need((size_t)(GP_RED_MAX_BLOCKS + GP_RED_MAX_BLOCKS / 2) * sizeof(Acc)))
        return GP_ERROR_WORKSPACE_TOO_SMALL;
    Acc *src = gp_red_partials<Acc>(a->workspace), *dst = src + GP_RED_MAX_BLOCKS;
    int64_t m = tiles < GP_RED_MAX_BLOCKS ? tiles : GP_RED_MAX_BLOCKS;
    K<In, Op, Acc>::launch((unsigned)m, a->stream, in, a->n, src);
    for (;;) {
        int64_t t = gp_ceil_div(m, per);
        if (t <= 1) {
            K<Acc, Op, Out>::launch(1, a->stream, src, m, (Out *)a->out);
            break;
        }
        K<Acc, Op, Acc>::launch((unsigned)t, a->stream, src, m, dst); /* t <= 2^16 / per: fits in dst */
        m = t;
        Acc *x = src; src = dst; dst = x;
    }
    return gp__launch_status();
}

/* ---- rungs 07-08: 16-byte loads, UNROLL of them in flight per thread, grid-stride ---- */

/* 16 bytes of In. */
template <typename In> union gp_red_vec {
    int4 raw;
    In v[16 / sizeof(In)];
};

/* Elements before the first 16-byte boundary of p (at most n). */
template <typename In> static inline int64_t gp_red_head(const In *p, int64_t n)
{
    int64_t h = (int64_t)((16 - ((uintptr_t)p & 15)) & 15) / (int64_t)sizeof(In);
    return h < n ? h : n;
}

/* Op over this thread's share of in[0, n): the scalar head (before the 16-byte boundary, < 16/sizeof(In)
 * elements) and tail, and a grid-stride walk over the 16-byte vectors of the body in which each thread
 * loads UNROLL vectors (UNROLL * 16 bytes) before it combines any. The element -> thread assignment and the
 * order each thread combines in depend only on n, the grid, and the alignment of `in`, so the result is
 * bit-reproducible. */
template <int BLOCK, int UNROLL, typename In, typename Op>
__device__ __forceinline__ typename Op::T gp_red_thread_vec(const In *__restrict__ in, int64_t n, int64_t head)
{
    typedef typename Op::T Acc;
    const int VEC = 16 / sizeof(In);
    const int64_t nvec = (n - head) / VEC;
    const int4 *__restrict__ p = reinterpret_cast<const int4 *>(in + head);
    const int64_t tile = (int64_t)BLOCK * UNROLL;
    const int64_t step = (int64_t)gridDim.x * tile;
    const int64_t gtid = (int64_t)blockIdx.x * BLOCK + threadIdx.x;
    Acc acc = Op::identity();
    for (int64_t base = (int64_t)blockIdx.x * tile + threadIdx.x; base < nvec; base += step) {
        gp_red_vec<In> x[UNROLL];
        if (base + (int64_t)(UNROLL - 1) * BLOCK < nvec) {
#pragma unroll
            for (int u = 0; u < UNROLL; u++) x[u].raw = __ldg(p + base + u * BLOCK); /* all loads first */
#pragma unroll
            for (int u = 0; u < UNROLL; u++)
#pragma unroll
                for (int k = 0; k < VEC; k++)
                    acc = Op::apply(acc, Op::lift(x[u].v[k], head + (base + u * BLOCK) * VEC + k));
        } else {
            for (int u = 0; u < UNROLL; u++) {
                if (base + u * BLOCK >= nvec) break;
                x[0].raw = __ldg(p + base + u * BLOCK);
#pragma unroll
                for (int k = 0; k < VEC; k++)
                    acc = Op::apply(acc, Op::lift(x[0].v[k], head + (base + u * BLOCK) * VEC + k));
            }
        }
    }
    if (gtid < head) acc = Op::apply(acc, Op::lift(in[gtid], gtid));
    const int64_t tail = head + nvec * VEC;
    if (tail + gtid < n) acc = Op::apply(acc, Op::lift(in[tail + gtid], tail + gtid));
    return acc;
}

/* Resident blocks per SM of `kernel` at `threads` threads (registers and shared memory counted); asked of
 * the runtime once per kernel (a host-side calculation, no synchronisation), then cached. */
static inline int gp_red_blocks_per_sm(const void *kernel, int threads, int *cache)
{
    if (*cache <= 0) {
        int b = 0;
        if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&b, kernel, threads, 0) != cudaSuccess || b < 1) {
            (void)cudaGetLastError();
            b = 1;
        }
        *cache = b;
    }
    return *cache;
}

/* One wave of blocks: every SM full (blocks_per_sm resident blocks), no more than the work needs; a fixed
 * GP_RED_FIXED_GRID in deterministic mode (then possibly more than one wave on a small GPU, still correct:
 * no block waits for another). */
static inline unsigned gp_red_wave_grid(const gp_reduce_args *a, int threads, int unroll, int vec, int blocks_per_sm)
{
    int64_t work = gp_ceil_div(a->n, (int64_t)threads * unroll * vec);
    int64_t full = a->fixed_grid ? GP_RED_FIXED_GRID : (int64_t)a->dev->sm_count * blocks_per_sm;
    int64_t g = work < full ? work : full;
    return (unsigned)(g > 0 ? g : 1);
}

#endif
