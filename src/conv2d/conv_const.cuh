/* conv_const.cuh — filters in constant memory for the convolution rungs (conv2d 02-04, separable 02).
 *
 * The filters of gp_conv2d_f32 live in device memory. A rung that wants them in constant memory (so that
 * every thread of a warp reads the same filter value through the constant cache, and the FFMA takes it as
 * an operand from the uniform datapath instead of a per-thread load) copies them into a __constant__ array
 * with a device-to-device copy on the handle's stream, then launches its kernel. A __constant__ array is
 * one per device, shared by every stream and host thread, so two calls on different streams (or from two
 * host threads) could overwrite each other's filter before their kernels run. Hence a ring of
 * GP_CONV_SLOTS slots per rung and device:
 *   - a call takes the next slot (an atomic counter; a slot another host thread holds right now is skipped);
 *   - it holds the slot's host lock (a spin lock: the section is a few asynchronous API calls, no waiting
 *     on the GPU) while it makes its stream wait on the slot's event (cudaStreamWaitEvent: the last kernel
 *     that read the slot has finished before the copy overwrites it; no host synchronisation), copies the
 *     filter (cudaMemcpyToSymbolAsync, device to device, at the slot's offset), launches the kernel with the
 *     slot number, and records the slot's event after the kernel;
 *   - the events are created once per rung and device (cudaEventDisableTiming), guarded against concurrent
 *     first calls by a state word (0 -> 1 by one thread with a compare-and-swap, others wait for 2).
 * Calls on one stream simply run in order; calls on different streams only wait for each other when one
 * reuses a slot the other's kernel is still reading (eight calls later). The events live as long as the
 * process (like cuBLAS's per-device state). A stream being captured into a CUDA graph cannot wait on an
 * event recorded outside the capture: these rungs are not capturable until every slot was first used
 * inside the same capture.
 *
 * Each rung file defines its own __constant__ array (without relocatable device code a __constant__
 * variable belongs to its translation unit) and its own static gp_conv_ring. A slot is GP_CONV_SLOT_FLOATS
 * floats: a 2D filter is stored dense, row-major (row stride fc); separable rungs store the row filter at 0
 * and the column filter at GP_CONV_SLOT_COL. */
#ifndef GP_CONV_CONST_CUH
#define GP_CONV_CONST_CUH
#include <sched.h>
#include "../common/util.cuh"

#define GP_CONV_SLOTS 8
#define GP_CONV_SLOT_FLOATS 1024 /* >= 31 x 31 */
#define GP_CONV_SLOT_COL 512     /* separable: column filter offset within a slot */

typedef struct gp_conv_ring {
    int state[GP_MAX_DEVICES]; /* 0 not made, 1 being made, 2 ready, 3 failed */
    cudaEvent_t done[GP_MAX_DEVICES][GP_CONV_SLOTS];
    int busy[GP_MAX_DEVICES][GP_CONV_SLOTS];
    unsigned next[GP_MAX_DEVICES];
} gp_conv_ring;

static inline gp_status gp_conv_ring_ready(gp_conv_ring *r, int device)
{
    int expect = 0;
    if (device < 0 || device >= GP_MAX_DEVICES) return GP_ERROR_NOT_SUPPORTED;
    if (__atomic_load_n(&r->state[device], __ATOMIC_ACQUIRE) == 2) return GP_SUCCESS;
    if (__atomic_compare_exchange_n(&r->state[device], &expect, 1, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
        int ok = 1;
        for (int k = 0; ok && k < GP_CONV_SLOTS; k++)
            ok = cudaEventCreateWithFlags(&r->done[device][k], cudaEventDisableTiming) == cudaSuccess;
        if (!ok) (void)cudaGetLastError();
        __atomic_store_n(&r->state[device], ok ? 2 : 3, __ATOMIC_RELEASE);
    }
    for (;;) {
        int st = __atomic_load_n(&r->state[device], __ATOMIC_ACQUIRE);
        if (st == 2) return GP_SUCCESS;
        if (st == 3) return GP_ERROR_CUDA;
        sched_yield();
    }
}

/* Takes a slot for a call on stream s: on success the caller holds *slot and must call gp_conv_ring_release
 * after its launch, whatever happened. */
static inline gp_status gp_conv_ring_acquire(gp_conv_ring *r, int device, cudaStream_t s, int *slot)
{
    unsigned k;
    GP_TRY(gp_conv_ring_ready(r, device));
    k = __atomic_fetch_add(&r->next[device], 1u, __ATOMIC_RELAXED);
    for (;; k++) {
        int *lock = &r->busy[device][k % GP_CONV_SLOTS];
        if (!__atomic_exchange_n(lock, 1, __ATOMIC_ACQUIRE)) break;
        if (k % GP_CONV_SLOTS == GP_CONV_SLOTS - 1) sched_yield(); /* every slot held: let the others finish */
    }
    k %= GP_CONV_SLOTS;
    if (cudaStreamWaitEvent(s, r->done[device][k], 0) != cudaSuccess) {
        (void)cudaGetLastError();
        __atomic_store_n(&r->busy[device][k], 0, __ATOMIC_RELEASE);
        return GP_ERROR_CUDA;
    }
    *slot = (int)k;
    return GP_SUCCESS;
}

/* Records the slot's event after the work queued on s (the kernel that reads the slot) and unlocks it. */
static inline gp_status gp_conv_ring_release(gp_conv_ring *r, int device, int slot, cudaStream_t s)
{
    cudaError_t e = cudaEventRecord(r->done[device][slot], s);
    __atomic_store_n(&r->busy[device][slot], 0, __ATOMIC_RELEASE);
    if (e != cudaSuccess) {
        (void)cudaGetLastError();
        return GP_ERROR_CUDA;
    }
    return GP_SUCCESS;
}

/* Copies n floats (device memory) into slot `slot` of the rung's __constant__ array `symbol`, `at` floats
 * into the slot, on stream s. */
static inline gp_status gp_conv_copy_taps(const void *symbol, int slot, size_t at, const float *taps, size_t n,
                                          cudaStream_t s)
{
    const size_t offset = ((size_t)slot * GP_CONV_SLOT_FLOATS + at) * sizeof(float);
    if (cudaMemcpyToSymbolAsync(symbol, taps, n * sizeof(float), offset, cudaMemcpyDeviceToDevice, s) != cudaSuccess) {
        (void)cudaGetLastError();
        return GP_ERROR_CUDA;
    }
    return GP_SUCCESS;
}

#endif
