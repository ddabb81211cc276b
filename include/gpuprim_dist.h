/* gpuprim_dist.h — gpuprim across several GPUs through NCCL (library gpuprim_dist, an optional part of the
 * build): distributed reduce, histogram, exclusive scan and sort on the caller's NCCL communicator.
 *
 * Status: on the CPU, the sample sort's logic (tests/test_dist_plan.c) and the host code against stand-ins for
 * CUDA, NCCL and gpuprim (tests/dist/test_dist_mock.c); the 2-rank merge kernels on one GPU
 * (tests/test_gpu_dist_merge.c). On 2 H200s (results/h200-2026-11-24/call1-dist) the GPU test
 * (tests/test_gpu_dist.c) passed every sort case with the earlier final re-sort; the 2-rank merge path that
 * replaced it has not yet run on 2 GPUs (scripts/dist-check.sh does it).
 *
 * Conventions (gpuprim.h's, plus):
 *  - one rank per GPU, in as many processes or threads as the caller likes (as with NCCL). Each rank passes
 *    its communicator and the gp_handle of its GPU: the handle gives the stream (every kernel and every NCCL
 *    call is queued on it) and, for reduce, histogram and scan, the workspace. The communicator's device must
 *    be the current device (else GP_ERROR_INVALID_VALUE), and the handle one created on it (not checked).
 *  - these are collective calls: every rank of the communicator must make the same call (same function, same
 *    op, same bins, ...) in the same order. Argument errors are found on each rank before it communicates,
 *    so a rank that gets one has not joined the collective and the others wait for it, as in NCCL: check
 *    your arguments on every rank.
 *  - sizes are per rank, int64_t; a rank may hold 0 elements (it still makes the call; its pointers may then
 *    be NULL). Results are written on the stream; no call synchronises the host except the sorts (below).
 *  - a failing NCCL call is reported as GP_ERROR_INVALID_VALUE (ncclInvalidArgument, ncclInvalidUsage) or
 *    GP_ERROR_CUDA (any other ncclResult_t); asynchronous NCCL errors show through ncclCommGetAsyncError.
 *  - the library sets nothing in NCCL's environment; the project's GPU test and bench set NCCL_NVLS_ENABLE=0
 *    (NVLink multicast off) before NCCL starts.
 * Link libgpuprim_dist.so, libgpuprim.so and libnccl. The core library (gpuprim.h) does not depend on NCCL. */
#ifndef GPUPRIM_DIST_H
#define GPUPRIM_DIST_H

#include "gpuprim.h"
#include <nccl.h>

#if defined(_WIN32)
#ifdef GPUPRIM_DIST_BUILDING
#define GP_DIST_API __declspec(dllexport)
#else
#define GP_DIST_API __declspec(dllimport)
#endif
#else
#define GP_DIST_API __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---- reduce: *out = op over every rank's in[0, n_local), on every rank ------------------------------------
 * gp_reduce_f32 on each rank into out, then ncclAllReduce in place (ncclSum, ncclMin, ncclMax). out is one
 * float of device memory; an empty rank contributes the identity (0, +inf, -inf). min / max are exact; a sum
 * rounds as gp_reduce_f32 does on each rank plus NCCL's sum of the P partial sums (an order that depends on
 * NCCL's algorithm). Workspace: gp_reduce_f32's, from the handle. */
GP_DIST_API gp_status gp_dist_reduce_f32(gp_handle h, ncclComm_t comm, gp_reduce_op op, int64_t n_local,
                                         const float *in, float *out);

/* ---- histogram: the bins of every rank's samples, on every rank ------------------------------------------
 * gp_histogram_even_f32's arguments and bin rule; the local counts go into bins, then ncclAllReduce (sum of
 * uint32, wrapping modulo 2^32 as the local counts do) in place. Every rank must pass the same num_bins,
 * lower and upper. */
GP_DIST_API gp_status gp_dist_histogram_even_f32(gp_handle h, ncclComm_t comm, int64_t n_local, const float *samples,
                                                 int num_bins, float lower, float upper, uint32_t *bins);

/* ---- exclusive scan across ranks -------------------------------------------------------------------------
 * Rank r's out[i] = the sum of every element of ranks 0..r-1 plus in[0..i-1] of its own: the exclusive scan
 * of the ranks' inputs concatenated in rank order. Steps: local gp_scan_*(GP_SCAN_EXCLUSIVE); the rank's
 * total (last input + last output) on the device; ncclAllGather of the P totals; a kernel adds the lower
 * ranks' totals to every output. i32 wraps modulo 2^32, so it is exactly the single-GPU result; f32 adds the
 * lower totals (summed in double, rounded once) to a local scan, so it rounds differently from a single-GPU
 * scan. in == out is allowed. Workspace: the handle's; the call keeps its last 4 (P + 2) bytes, rounded up to
 * 256, for the totals and runs the local scan on the rest (through gp_set_workspace, restored before it
 * returns), so it needs that much on top of gp_scan's need (else GP_ERROR_WORKSPACE_TOO_SMALL). */
GP_DIST_API gp_status gp_dist_exclusive_scan_i32(gp_handle h, ncclComm_t comm, int64_t n_local, const int32_t *in,
                                                 int32_t *out);
GP_DIST_API gp_status gp_dist_exclusive_scan_f32(gp_handle h, ncclComm_t comm, int64_t n_local, const float *in,
                                                 float *out);

/* ---- sort: a sample sort of u32 keys (and u32 values) over the ranks ---------------------------------------
 * Each rank gives n_local keys (n_local may differ between ranks, and be 0); afterwards rank r holds the r-th
 * range of the globally sorted keys, sorted, in keys_out[0, *n_out): the ranks' outputs concatenated in rank
 * order are the ascending sort of their inputs concatenated in rank order. gp_dist_sort_pairs_u32 moves
 * values_in[i] with its key and is stable: equal keys keep the order of that concatenation.
 * Steps (all on the handle's stream):
 *  1. gp_sort_keys / gp_sort_pairs of the local input;
 *  2. S = 64 P regular samples of the sorted keys as (key, rank, index) tuples (fewer per peer beyond 32
 *     ranks: P S <= 65536), ncclAllGather, sorted identically on every rank (on the device);
 *  3. P - 1 splitters at regular weights of the samples; each rank's bucket boundaries by binary search in its
 *     sorted keys, in the order (key, rank, index): the tie-break spreads equal keys over the ranks, so even
 *     all-equal keys are balanced;
 *  4. the count rows (a rank's send counts and its out_capacity) gathered on every rank (ncclAllGather);
 *  5. THE ONE HOST SYNCHRONISATION: the call waits for its stream (cudaStreamSynchronize) to read the counts,
 *     which size the receives. So it cannot be captured into a CUDA graph (GP_ERROR_NOT_SUPPORTED on a
 *     capturing stream), and it returns only after the work queued before it on the stream has finished.
 *     The counts land in a host buffer of 8 P (P + 3) bytes, malloc'ed and freed by the call;
 *  6. the buckets exchanged with grouped ncclSend / ncclRecv (a rank's own bucket with a device copy) into
 *     the workspace, in rank order;
 *  7. gp_sort_keys / gp_sort_pairs of the P received runs into keys_out (values_out).
 *  With 2 ranks, 6 and 7 are instead: the peer's bucket arrives in up to 4 chunks (grouped ncclSend /
 *  ncclRecv on a stream the call creates with the device's highest priority, and destroys), and after each
 *  chunk the handle's stream merges this rank's own bucket (in place) with the keys received so far, as far as
 *  they decide the output (a stable merge: ties to rank 0's keys). The merging overlaps the transfers, and no
 *  second sort is needed.
 *  Everything after step 5 is queued without waiting: *n_out is known at return, the keys when the stream
 *  gets there.
 * Balance: every rank receives at most gp_dist_sort_capacity_bound(P, N, n_max) keys (N the keys of all
 * ranks, n_max the most on one rank): about N/P (1 + 2/64) + N/(64P) for up to 32 ranks, for any keys.
 * Capacity: keys_out (and values_out) hold out_capacity elements (a rank's own choice; 0 is allowed, with
 * NULL outputs). If any rank would receive more than its out_capacity, EVERY rank returns
 * GP_ERROR_WORKSPACE_TOO_SMALL after step 5 and before any key is exchanged: the outputs are untouched and
 * *n_out is the count this rank would have received. Calling again on every rank with out_capacity >= that
 * *n_out succeeds (the same input gives the same splitters and counts); an out_capacity of
 * gp_dist_sort_capacity_bound(...) never fails. The call does not move keys to ranks with room to spare.
 * Workspace: gp_dist_sort_workspace_size bytes at `workspace` (device memory, any alignment); NULL uses the
 * handle's workspace (and ignores workspace_bytes). Less: GP_ERROR_WORKSPACE_TOO_SMALL before anything is
 * queued. It holds the sorted local input and the received buffer (n_local + out_capacity keys, and values),
 * the samples, the merge's tile starts (2 ranks: 8 bytes per 1792 outputs), and the local sorts' own workspace
 * (gp_sort_workspace_size for the handle's current rung; with 2 ranks only for the n_local keys).
 * Keys and values 4-byte aligned; the outputs must not overlap the inputs or the workspace (GP_ERROR_OVERLAP).
 * n_out is a host pointer. Other errors (arguments, a capturing stream, too small a workspace) are returned
 * before the rank communicates. */
GP_DIST_API gp_status gp_dist_sort_workspace_size(gp_handle h, ncclComm_t comm, int value_bytes, int64_t n_local,
                                                  int64_t out_capacity, size_t *bytes); /* value_bytes 0 or 4 */
GP_DIST_API gp_status gp_dist_sort_keys_u32(gp_handle h, ncclComm_t comm, int64_t n_local, const uint32_t *keys_in,
                                            uint32_t *keys_out, int64_t out_capacity, int64_t *n_out, void *workspace,
                                            size_t workspace_bytes);
GP_DIST_API gp_status gp_dist_sort_pairs_u32(gp_handle h, ncclComm_t comm, int64_t n_local, const uint32_t *keys_in,
                                             const uint32_t *values_in, uint32_t *keys_out, uint32_t *values_out,
                                             int64_t out_capacity, int64_t *n_out, void *workspace,
                                             size_t workspace_bytes);
/* *bound = the most keys a rank can receive in a sort over `ranks` ranks of n_total keys with at most
 * n_max_local on one rank: ceil(N/P) + ceil(n_max/S) + ceil(N/S) + P with S the samples per rank. Pure (no
 * GPU); GP_ERROR_INVALID_VALUE for ranks < 1, negative sizes or n_max_local > n_total. */
GP_DIST_API gp_status gp_dist_sort_capacity_bound(int ranks, int64_t n_total, int64_t n_max_local, int64_t *bound);

/* For benchmarks: the next sorts made by the calling thread record events[0..4] on their stream at the
 * boundaries of their phases: [0] start, [1] local sort done, [2] samples, splitters and counts done (before
 * the synchronisation), [3] exchange done, [4] final sort done (cudaEventElapsedTime between them). The
 * events are the caller's (cudaEventCreate); count 5 turns it on, events NULL / count 0 off. A sort that
 * fails records none after the point of failure. GP_ERROR_INVALID_VALUE for another count. */
#define GP_DIST_SORT_EVENTS 5
GP_DIST_API gp_status gp_dist_sort_record_events(const cudaEvent_t *events, int count);
/* For benchmarks: the keys the calling thread's last sort sent to and received from the other ranks (its own
 * bucket, copied on the device, not counted); 0 and 0 if that sort stopped before its exchange. */
GP_DIST_API gp_status gp_dist_sort_last_exchange(int64_t *keys_sent, int64_t *keys_received);

#ifdef __cplusplus
}
#endif
#endif /* GPUPRIM_DIST_H */
