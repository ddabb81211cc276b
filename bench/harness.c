/* harness.c — honest GPU timing: CUDA events around each run (or each group of short runs), warm-up, many runs, the
 * median.
 * Inputs are sized or rotated by each primitive's bench so that they do not sit in the 50 MB L2. */
#include "bench.h"
#include <cuda_runtime.h>
#include <stdlib.h>

/* Warm-up the timed runs follow: at least this long back to back. A run of 8-34 us timed right after the host's check
 * of the previous row may start while the clocks are still low, and with at most 500 runs a block lasts only a few ms
 * (single rows 2-2.5x slower in one sweep and not the next: results/h100-2026-11-25b/call8, call10). */
#define GPB_WARM_MS 2.0
#define GPB_WARM_MAX_RUNS 1000
/* Runs shorter than GPB_GROUP_MS are timed in groups of consecutive runs between two events (at most GPB_GROUP_MAX):
 * an event between every run keeps the next run's kernel from starting before the previous one has ended, as a kernel
 * launched as a programmatic dependent does in an application's stream, and adds the event's own gap to each run
 * (gp_gemm bf16 1000^3 back to back: 9.7 us a call, 13.9 with an event after each; session 25,
 * results/h100-2026-11-25f). */
#define GPB_GROUP_MS 0.1
#define GPB_GROUP_MAX 32

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Sorts v and returns its median. */
static double median_of(double *v, int n)
{
    qsort(v, (size_t)n, sizeof(double), cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

int gpb_time(cudaStream_t s, gpb_run_fn fn, void *ctx, int reps, gpb_timing *t)
{
    cudaEvent_t ev[2];
    float ms = 0;
    int iter = 0;
    double *times;
    if (reps < 0 || reps > GPB_MAX_REPS) {
        fprintf(stderr, "gpb_time: %d repetitions asked; 1 to %d (0 = auto)\n", reps, GPB_MAX_REPS);
        return 1;
    }
    GPB_CUDA(cudaEventCreate(&ev[0]));
    GPB_CUDA(cudaEventCreate(&ev[1]));
    /* warm-up: module load, first-touch, clocks up; the second one is timed as an estimate */
    if (fn(ctx, iter++)) return 1;
    GPB_CUDA(cudaEventRecord(ev[0], s));
    if (fn(ctx, iter++)) return 1;
    GPB_CUDA(cudaEventRecord(ev[1], s));
    GPB_CUDA(cudaEventSynchronize(ev[1]));
    GPB_CUDA(cudaEventElapsedTime(&ms, ev[0], ev[1]));
    /* then back-to-back runs until GPB_WARM_MS have passed (short runs only: two were enough for long ones) */
    for (int w = 0; w < GPB_WARM_MAX_RUNS && (w + 1) * (double)ms < GPB_WARM_MS; w++)
        if (fn(ctx, iter++)) return 1;
    if (reps == 0) {
        reps = (int)(200.0 / (ms > 0.001 ? ms : 0.001));
        reps = reps < 10 ? 10 : reps > 500 ? 500 : reps;
    }
    /* groups of `group` runs between events; `samples` groups, the last one completing reps */
    int group = ms >= GPB_GROUP_MS ? 1 : (int)(GPB_GROUP_MS / (ms > 0.001 ? ms : 0.001)) + 1;
    if (group > GPB_GROUP_MAX) group = GPB_GROUP_MAX;
    if (group > reps) group = reps;
    const int samples = (reps + group - 1) / group, last = reps - (samples - 1) * group; /* runs in the last group */
    times = (double *)malloc(sizeof(double) * (size_t)samples);
    cudaEvent_t *evs = (cudaEvent_t *)malloc(sizeof(cudaEvent_t) * (size_t)(samples + 1));
    if (!times || !evs) return 1;
    for (int i = 0; i <= samples; i++) GPB_CUDA(cudaEventCreate(&evs[i]));
    /* back-to-back runs, one event between each group: no host round trip inside the timed region */
    GPB_CUDA(cudaEventRecord(evs[0], s));
    for (int i = 0; i < samples; i++) {
        for (int r = 0; r < (i < samples - 1 ? group : last); r++)
            if (fn(ctx, iter++)) return 1;
        GPB_CUDA(cudaEventRecord(evs[i + 1], s));
    }
    GPB_CUDA(cudaEventSynchronize(evs[samples]));
    GPB_CUDA(cudaGetLastError());
    for (int i = 0; i < samples; i++) {
        GPB_CUDA(cudaEventElapsedTime(&ms, evs[i], evs[i + 1]));
        times[i] = ms / (i < samples - 1 ? group : last);
    }
    for (int i = 0; i <= samples; i++) cudaEventDestroy(evs[i]);
    cudaEventDestroy(ev[0]);
    cudaEventDestroy(ev[1]);
    t->median_ms = median_of(times, samples);
    t->reps = reps;
    t->min_ms = times[0];
    t->max_ms = times[samples - 1];
    free(times);
    free(evs);
    return 0;
}

struct copy_ctx { void *dst; const void *src; size_t bytes; };
static int run_copy(void *p, int iter)
{
    struct copy_ctx *c = (struct copy_ctx *)p;
    (void)iter;
    return cudaMemcpyAsync(c->dst, c->src, c->bytes, cudaMemcpyDeviceToDevice, 0) != cudaSuccess;
}

/* t takes in block x's runs: its reps, min and max (the first block starts t). */
static void add_block(gpb_timing *t, const gpb_timing *x, int first)
{
    if (first) {
        *t = *x;
        return;
    }
    t->reps += x->reps;
    if (x->min_ms < t->min_ms) t->min_ms = x->min_ms;
    if (x->max_ms > t->max_ms) t->max_ms = x->max_ms;
}

int gpb_time_paired(cudaStream_t s, gpb_run_fn a, void *actx, gpb_run_fn b, void *bctx, int reps, int rounds,
                    gpb_timing *ta, gpb_timing *tb)
{
    double ma[16], mb[16];
    const int per = reps > 0 ? (reps + rounds - 1) / rounds : 0;
    if (rounds < 1 || rounds > 16) return 1;
    for (int k = 0; k < rounds; k++) {
        gpb_timing x, y;
        if (gpb_time(s, a, actx, per, &x) || gpb_time(s, b, bctx, per, &y)) return 1;
        ma[k] = x.median_ms;
        mb[k] = y.median_ms;
        add_block(ta, &x, k == 0);
        add_block(tb, &y, k == 0);
    }
    ta->median_ms = median_of(ma, rounds);
    tb->median_ms = median_of(mb, rounds);
    return 0;
}

double gpb_copy_gbps(void *dst, const void *src, size_t bytes, int reps)
{
    struct copy_ctx c = {dst, src, bytes};
    gpb_timing t;
    double g = 0;
    if (gpb_time(0, run_copy, &c, reps, &t) == 0) g = 2.0 * (double)bytes / (t.median_ms * 1e6);
    (void)cudaGetLastError();
    return g;
}
