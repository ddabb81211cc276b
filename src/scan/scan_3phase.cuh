/* scan_3phase.cuh — the multi-block structure shared by scan rungs 01–04: a block-level scan turned into
 * a device scan of any n with three kernel passes and a recursion on the per-tile totals.
 *   scan-then-propagate (rungs 01, 02): (1) every block scans its tile, writes it and its total;
 *     (2) the totals are scanned (exclusive, recursively if there are more than one tile of them);
 *     (3) every tile but the first adds its offset. Moves 4n elements (read, write, read, write).
 *   reduce-then-scan (rungs 03, 04): (1) every block only reduces its tile to a total; (2) as above;
 *     (3) every block scans its tile again, seeded with its offset, and writes it. Moves 3n elements.
 * A rung supplies a tile kernel with the signature of gp_scan3_launch_fn: it scans the tile, adds
 * seeds[block] when seeds != NULL, writes to out when out != NULL and its total to totals[block] when
 * totals != NULL. The totals of each level live in the workspace, each level padded to 4 elements. */
#ifndef GP_SCAN_3PHASE_CUH
#define GP_SCAN_3PHASE_CUH

#include <limits.h>
#include "../common/util.cuh"
#include "scan_internal.h"

template <typename T>
struct gp_scan3_cfg {
    int tile;             /* elements per block */
    int reduce_then_scan; /* 0: scan-then-propagate */
    void (*launch)(unsigned blocks, cudaStream_t s, const T *in, T *out, int64_t n, int exclusive,
                   const T *seeds, T *totals, int vec);
};

/* Phase 3 of scan-then-propagate: block b adds sums[b + 1] to tile b + 1. */
template <typename T>
__global__ void __launch_bounds__(256) gp_scan_add_offsets(T *out, const T *sums, int64_t n, int tile)
{
    const int64_t b = (int64_t)blockIdx.x + 1;
    const int64_t base = b * tile;
    const T off = sums[b];
    for (int i = threadIdx.x; i < tile; i += blockDim.x) {
        int64_t g = base + i;
        if (g < n) out[g] = off + out[g];
    }
}

static inline int64_t gp_round4(int64_t x) { return (x + 3) & ~(int64_t)3; }

/* Elements of workspace the recursion needs for n elements. */
static inline int64_t gp_scan3_ws_elems(int64_t n, int tile)
{
    int64_t total = 0;
    while (n > tile) {
        n = gp_ceil_div(n, tile);
        total += gp_round4(n);
    }
    return total;
}

template <typename T>
static gp_status gp_scan3_level(const gp_scan3_cfg<T> *c, cudaStream_t s, T *ws, int exclusive, int64_t n,
                                const T *in, T *out)
{
    const int vec = gp_aligned(in, 16) && gp_aligned(out, 16);
    const int64_t tiles = gp_ceil_div(n, c->tile);
    if (tiles == 1) {
        c->launch(1, s, in, out, n, exclusive, NULL, NULL, vec);
        return gp__launch_status();
    }
    T *sums = ws;
    if (!c->reduce_then_scan) {
        c->launch((unsigned)tiles, s, in, out, n, exclusive, NULL, sums, vec);
        GP_TRY(gp__launch_status());
        GP_TRY(gp_scan3_level(c, s, ws + gp_round4(tiles), 1, tiles, sums, sums));
        gp_scan_add_offsets<T><<<(unsigned)(tiles - 1), 256, 0, s>>>(out, sums, n, c->tile);
    } else {
        c->launch((unsigned)tiles, s, in, NULL, n, exclusive, NULL, sums, vec);
        GP_TRY(gp__launch_status());
        GP_TRY(gp_scan3_level(c, s, ws + gp_round4(tiles), 1, tiles, sums, sums));
        c->launch((unsigned)tiles, s, in, out, n, exclusive, sums, NULL, vec);
    }
    return gp__launch_status();
}

/* Checks the workspace (before launching anything) and runs the recursion. */
template <typename T>
static gp_status gp_scan3_run(const gp_scan3_cfg<T> *c, cudaStream_t s, void *ws, size_t ws_bytes, int exclusive,
                              int64_t n, const T *in, T *out)
{
    if (gp_ceil_div(n, c->tile) > INT_MAX) return GP_ERROR_NOT_SUPPORTED;
    if ((size_t)gp_scan3_ws_elems(n, c->tile) * sizeof(T) > ws_bytes || (!gp_aligned(ws, 16) && n > c->tile))
        return GP_ERROR_WORKSPACE_TOO_SMALL;
    return gp_scan3_level(c, s, (T *)ws, exclusive, n, in, out);
}

/* The entry point of a 3-phase rung: dispatch on the element type. F64_CASE: a statement for f64. */
#define GP_SCAN3_F64(CFG_F64) \
    return gp_scan3_run<double>(&CFG_F64, s, ws, ws_bytes, p->exclusive, p->n, (const double *)p->in, (double *)p->out)
#define GP_SCAN3_NO_F64 return GP_ERROR_NOT_SUPPORTED
#define GP_SCAN3_ENTRY(NAME, CFG_U32, CFG_F32, F64_CASE)                                                 \
    GP_LAUNCHER(NAME, gp_scan_args, ctx, p)                                                              \
    {                                                                                                    \
        cudaStream_t s = ctx->stream;                                                                    \
        void *ws = ctx->workspace;                                                                       \
        const size_t ws_bytes = ctx->workspace_bytes;                                                    \
        if (p->type == GP__SCAN_F64) F64_CASE;                                                           \
        if (p->type == GP__SCAN_F32)                                                                     \
            return gp_scan3_run<float>(&CFG_F32, s, ws, ws_bytes, p->exclusive, p->n, (const float *)p->in, \
                                       (float *)p->out);                                                 \
        return gp_scan3_run<unsigned>(&CFG_U32, s, ws, ws_bytes, p->exclusive, p->n, (const unsigned *)p->in, \
                                      (unsigned *)p->out);                                               \
    }

#endif
