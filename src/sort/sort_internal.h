/* sort_internal.h — the sort rungs' argument struct, the host pieces they share (sort_common.c) and their
 * entry points. C header, also included from the .cu rungs and from the experiment harness
 * (scripts/experiments/sort/sort_bench.cu), which calls the rungs' entry points directly.
 *
 * What a sort call means (every rung gives exactly this result; the public contract is in gpuprim.h):
 *  - keys are ordered by their order-preserving unsigned form u(key) (sort_keys.cuh): u32 as is, i32 / i64
 *    with the sign bit flipped, f32 by the total order -inf < ... < -0.0 < +0.0 < ... < +inf < NaN, where
 *    every NaN (any sign, any payload) maps to the same largest value, so NaNs compare equal, come last and
 *    keep their input order. Descending sorts use ~u(key): NaNs first, and equal keys still in input order.
 *  - only the bits [begin_bit, end_bit) of u(key) are compared, as CUB's begin_bit / end_bit (for
 *    descending, of ~u(key)); keys equal in those bits keep their input order: the sort is stable.
 *  - keys (and values) are moved, never converted: the output holds the input's bit patterns (NaN payloads
 *    and the bits outside the range included).
 *  - out of place: keys_in / values_in are only read (keys_in != keys_out, no overlap); keys_out and
 *    values_out receive the n sorted keys / the values that travelled with them.
 *  - scratch: gp__sort_workspace_bytes(rung, a) bytes at a->workspace (any alignment); less is
 *    GP_ERROR_WORKSPACE_TOO_SMALL, returned before anything is queued. It holds the second key/value buffer
 *    of the ping-pong passes and the digit counts / look-back words. The library's launchers (GP_LAUNCHER in
 *    each rung file) pass the args' workspace, which sort.c has set to the caller's or the handle's: they do
 *    not use ctx->workspace.
 *  - asynchronous on the stream: no allocation, no host synchronisation (cudaMemsetAsync / cudaMemcpyAsync
 *    on the stream only). n = 0 queues nothing; begin_bit == end_bit (nothing to compare) and n = 1 copy. */
#ifndef GP_SORT_INTERNAL_H
#define GP_SORT_INTERNAL_H
#include <stddef.h>
#include <stdint.h>
#include "../core/internal.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef struct gp_sort_args {
    gp_sort_key key_type;
    int value_bytes;               /* 0 (keys only), 4 or 8 */
    int64_t n;
    int descending;
    int begin_bit, end_bit;        /* bit range of the key's order-preserving unsigned form, as CUB */
    const void *keys_in;
    void *keys_out;
    const void *values_in;
    void *values_out;
    void *workspace;
    size_t workspace_bytes;
    int forced_path;               /* rung 05: 0 = its size rule; 1 + k = configuration k (gp_set_config), where
                                      it can hold the call (sort_rule.h, gp_sort_r05_choose) */
} gp_sort_args;

#define GP_SORT_RUNGS 5

/* ---- sort_common.c: host-only, no kernels (the harness links it with the rung files alone) ---- */
/* Workspace bytes rung `rung` (1..GP_SORT_RUNGS) needs for this call; pure, host-only (no CUDA call); 0 for
 * an unknown rung. The workspace pointer may have any alignment (the rungs align inside). */
size_t gp__sort_workspace_bytes(int rung, const gp_sort_args *a);

/* Bytes of a key of this type (4 or 8; 0 for an unknown type). */
int gp__sort_key_bytes(gp_sort_key t);
/* Argument checks every launcher makes before queueing anything: a known key type, value_bytes 0/4/8,
 * n >= 0, 0 <= begin_bit <= end_bit <= key bits (GP_ERROR_INVALID_VALUE); non-NULL keys (and values when
 * value_bytes != 0) when n > 0 (GP_ERROR_NULL_POINTER); pointers aligned to their element size
 * (GP_ERROR_INVALID_VALUE); outputs not overlapping the inputs or each other (GP_ERROR_OVERLAP). */
gp_status gp__sort_check(const gp_sort_args *a);
/* The calls that need no sorting pass: n == 0 (nothing), n == 1 or begin_bit == end_bit (a copy on the
 * stream). Returns 1 and sets *st when it handled the call, 0 otherwise. */
int gp__sort_trivial(cudaStream_t s, const gp_sort_args *a, gp_status *st);
/* Digit passes of `bits`-bit digits over the range: ceil((end_bit - begin_bit) / bits). */
int gp__sort_passes(const gp_sort_args *a, int bits);

/* ---- the rungs' entry points (the harness calls them directly; the library through the rung table). Each
 * checks its arguments (gp__sort_check), returns GP_ERROR_WORKSPACE_TOO_SMALL before launching anything if
 * the workspace is short, else GP_SUCCESS or gp__launch_status(). Rung 04 runs rung 03 above one tile (the
 * library's picker never sends it such a call: its accepts-predicate refuses it). ---- */
gp_status gp__sort_r01_bitonic(const gp_device_info *dev, cudaStream_t s, const gp_sort_args *a);
gp_status gp__sort_r02_radix_rts(const gp_device_info *dev, cudaStream_t s, const gp_sort_args *a);
gp_status gp__sort_r03_onesweep(const gp_device_info *dev, cudaStream_t s, const gp_sort_args *a);
gp_status gp__sort_r04_one_block(const gp_device_info *dev, cudaStream_t s, const gp_sort_args *a);
gp_status gp__sort_r05_onesweep_lean(const gp_device_info *dev, cudaStream_t s, const gp_sort_args *a);

size_t gp__sort_r01_workspace(const gp_sort_args *a);
size_t gp__sort_r02_workspace(const gp_sort_args *a);
size_t gp__sort_r03_workspace(const gp_sort_args *a);
size_t gp__sort_r04_workspace(const gp_sort_args *a);
size_t gp__sort_r05_workspace(const gp_sort_args *a);

gp_kernel_info gp__sort_r01_kernel(void);
gp_kernel_info gp__sort_r02_kernel(void);
gp_kernel_info gp__sort_r03_kernel(void);
gp_kernel_info gp__sort_r04_kernel(void);
gp_kernel_info gp__sort_r05_kernel(void);

/* Experiment hook of rung 05 (harnesses only): while gp__sort_r05_trace is non-zero, each onesweep call
 * records an event before its memset and after each of its operations (memset, histogram, every pass);
 * gp__sort_r05_trace_read waits for the last call's events and writes the times between them (ms) in
 * order, returning how many (at most max). Not thread-safe; one call at a time. */
#define GP_SORT_R05_TRACE_MAX 16
extern int gp__sort_r05_trace;
int gp__sort_r05_trace_read(float *ms, int max);
/* Elements per tile of rung 05's onesweep passes in this build (its knobs), for harnesses' edge sizes. */
int gp__sort_r05_tile(int key_bytes, int value_bytes);
/* The path rung 05 runs for this call (sort_rule.h: 0 the onesweep passes, 1-4 a one-block configuration),
 * -1 for a call that needs no pass (n <= 1, begin_bit == end_bit). */
int gp__sort_r05_path_of(const gp_sort_args *a);

#ifdef __cplusplus
}
#endif
#endif
