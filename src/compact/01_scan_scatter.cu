// 01_scan_scatter.cu — compaction rung 1: flags, scan, scatter (3 kernels per chunk).
// The textbook construction on top of a scan: (1) write flag[i] = keep(in[i]) as 32-bit 0/1, (2) scan
// the flags (exclusive) with the scan primitive's own launcher (scan rung 05, not a copy) giving every
// kept element its output position, (3) every thread re-evaluates its predicate and, if kept, writes
// in[i] to out[base + pos[i]]. The flags live in the workspace, so n is processed in chunks of as many
// elements as fit (about 8M with the default 32 MiB); the running count stays in device memory (two
// slots, so a chunk's scatter reads one and writes the other) and the last chunk writes *num_selected —
// no host synchronisation. Bytes per element: 4 (read) + 4 (flag) + 4 + 4 (scan) + 4 (read) + 4 (pos)
// + 4 per kept: about 6-7x the 4n + 4k minimum, so expect a fraction of rung 2.
// H100 80GB HBM3, 2026-11-22 (results/h100-2026-11-22, `gpuprim bench compact`; vendor timed in the same run):
//   n=268435456 f32 x>0.5 (~50%), GB/s of input=4n/t: 323 GB/s, 10.8% of D2D copy, 0.212x cub::DeviceSelect::If
#include "select_ops.cuh"
#include "../common/util.cuh"
#include "../scan/scan_internal.h"

#define SS_THREADS 256
#define SS_HEADER 256 /* two running-count slots */

template <typename T, int PRED>
__global__ void __launch_bounds__(SS_THREADS)
    select_flags(const T *in, const uint8_t *flags, T value, unsigned *f, int64_t len)
{
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < len; i += (int64_t)gridDim.x * blockDim.x)
        f[i] = gp_sel_keep<T, PRED>(in[i], value, flags, i) ? 1u : 0u;
}

template <typename T, int PRED>
__global__ void __launch_bounds__(SS_THREADS)
    select_scatter(const T *in, const uint8_t *flags, T value, const unsigned *pos, int64_t len, T *out,
                   const unsigned long long *count_in, unsigned long long *count_out, long long *num_selected)
{
    const unsigned long long base = *count_in;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < len; i += (int64_t)gridDim.x * blockDim.x) {
        const T x = in[i];
        const bool kept = gp_sel_keep<T, PRED>(x, value, flags, i);
        if (kept) out[base + pos[i]] = x;
        if (i == len - 1) {
            unsigned long long total = base + pos[i] + (kept ? 1u : 0u);
            *count_out = total;
            if (num_selected) *num_selected = (long long)total;
        }
    }
}

/* Bytes of the flag/position array for a chunk, rounded up to 256. */
static size_t flag_bytes(int64_t chunk) { return ((size_t)chunk * 4 + 255) & ~(size_t)255; }

GP_LAUNCHER(compact_r01_launch, gp_compact_args, ctx, p)
{
    const gp_device_info *dev = ctx->dev;
    cudaStream_t s = ctx->stream;
    void *ws = ctx->workspace;
    const size_t ws_bytes = ctx->workspace_bytes;
    const gp__select_type type = p->type;
    const int pred = p->pred;
    const uint32_t value_bits = p->value_bits;
    const int64_t n = p->n;
    const void *in = p->in;
    const uint8_t *flags = p->flags;
    void *out = p->out;
    int64_t *num_selected = p->num_selected;
    const size_t esz = 4;
    unsigned long long *counts = (unsigned long long *)ws; /* slots 0 and 1 */
    unsigned *f = (unsigned *)((char *)ws + SS_HEADER);
    int64_t chunk = 0;
    if (ws_bytes > SS_HEADER + 1024 && gp_aligned(ws, 256)) {
        chunk = (int64_t)((ws_bytes - SS_HEADER - 1024) / 4) & ~(int64_t)4095;
        if (chunk > ((int64_t)1 << 30)) chunk = (int64_t)1 << 30;
        while (chunk > 0 && SS_HEADER + flag_bytes(chunk) + gp__scan_r05_workspace(chunk) > ws_bytes) chunk -= 4096;
        if (chunk > n) chunk = n;
        if (chunk > 0 && SS_HEADER + flag_bytes(chunk) + gp__scan_r05_workspace(chunk) > ws_bytes) chunk = 0;
    }
    if (chunk <= 0) return GP_ERROR_WORKSPACE_TOO_SMALL;
    /* the scan's status words follow the flags, 256-byte aligned */
    void *scan_ws = (char *)ws + SS_HEADER + flag_bytes(chunk);
    const size_t scan_ws_bytes = ws_bytes - SS_HEADER - flag_bytes(chunk);
    if (cudaMemsetAsync(counts, 0, sizeof(unsigned long long), s) != cudaSuccess) return GP_ERROR_CUDA;
    int k = 0;
    for (int64_t c0 = 0; c0 < n; c0 += chunk, k++) {
        const int64_t len = n - c0 < chunk ? n - c0 : chunk;
        const unsigned grid = gp_grid_for(dev, SS_THREADS, len, 4);
        const char *cin = (const char *)in + (size_t)c0 * esz;
        char *cout = (char *)out;
        const uint8_t *cflags = flags ? flags + c0 : NULL;
        long long *last = c0 + len >= n ? (long long *)num_selected : NULL;
#define LAUNCH(T, P)                                                                                     \
    select_flags<T, P><<<grid, SS_THREADS, 0, s>>>((const T *)cin, cflags, gp_bits_to<T>(value_bits), f, len)
        GP_SELECT_DISPATCH(type, pred, LAUNCH);
#undef LAUNCH
        GP_TRY(gp__launch_status());
        {
            gp_ctx sc = *ctx;
            gp_scan_args sa = {GP__SCAN_U32, 1, len, f, f};
            sc.workspace = scan_ws;
            sc.workspace_bytes = scan_ws_bytes;
            GP_TRY(gp__scan_r05.launch(&sc, &sa));
        }
#define LAUNCH(T, P)                                                                                     \
    select_scatter<T, P><<<grid, SS_THREADS, 0, s>>>((const T *)cin, cflags, gp_bits_to<T>(value_bits), f, len, \
                                                     (T *)cout, counts + (k & 1), counts + ((k + 1) & 1), last)
        GP_SELECT_DISPATCH(type, pred, LAUNCH);
#undef LAUNCH
        GP_TRY(gp__launch_status());
    }
    return GP_SUCCESS;
}

static gp_kernel_info compact_r01_kernel(void)
{
    gp_kernel_info k = {(const void *)select_scatter<float, GP_SELECT_GT>, SS_THREADS, 0};
    return k;
}

GP_RUNG(gp__compact_r01, "scan_scatter",
        "flags -> scan (scan rung 05) -> scatter, 3 kernels per workspace-sized chunk", 70, GP_RUNG_AUTO,
        compact_r01_launch_entry, NULL, compact_r01_kernel);
