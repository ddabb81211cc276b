/* bench.h — the measuring side of the ladder benchmark: honest GPU timing (CUDA events around each run or group of runs,
 * warm-up, the median of many runs), the copy ceiling, and the report (rows, ratios to the vendor and the
 * ceiling, the table, JSON and CSV). Used by the gpuprim command (tools/); knows nothing of it. */
#ifndef GPB_BENCH_H
#define GPB_BENCH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- timing (harness.c) ---- */
#define GPB_MAX_REPS 100000
/* Enqueues run `iter` (0, 1, 2, ...) on the stream; non-zero = failure. */
typedef int (*gpb_run_fn)(void *ctx, int iter);
typedef struct gpb_timing {
    double median_ms, min_ms, max_ms;
    int reps;
} gpb_timing;
/* Two warm-up runs (the second timed as an estimate; short runs then repeat until ~2 ms have passed: GPB_WARM_MS),
 * then `reps` timed runs back to back with an event between each, and their median. Runs under 0.1 ms are timed in
 * groups of up to 32 between events, each group's time divided among its runs (harness.c, GPB_GROUP_MS). reps 0 =
 * auto: about 0.2 s, at least 10 and at most 500 runs (so runs under 10 us are timed for a few ms only);
 * 1..GPB_MAX_REPS: exactly that many (more is refused, never capped). Returns 0 on success. */
int gpb_time(cudaStream_t s, gpb_run_fn fn, void *ctx, int reps, gpb_timing *t);
/* Two runs timed in alternating blocks (a, b, a, b, ... `rounds` blocks each, reps / rounds runs per block, or
 * about 0.2 s per block with reps 0), so that both see the same clocks: under sustained tensor-core load the
 * H100's clocks drift by up to 10% within a few seconds, which a vendor timed once before every rung turns
 * into a bias. Each timing's median is the median of its blocks' medians; min, max and reps over all blocks.
 * b runs last. Returns 0 on success. */
int gpb_time_paired(cudaStream_t s, gpb_run_fn a, void *actx, gpb_run_fn b, void *bctx, int reps, int rounds,
                    gpb_timing *ta, gpb_timing *tb);
/* The device-to-device copy rate (GB/s, bytes read + written) of `bytes` from src to dst, timed as above on
 * the default stream; 0 if it failed. */
double gpb_copy_gbps(void *dst, const void *src, size_t bytes, int reps);

/* ---- the report (report.c) ---- */
typedef struct gpb_row {
    char prim[16];
    char shape[64];
    char variant[48];   /* "03 float4", "auto (04)", "cudaMemcpy D2D", "cub::DeviceReduce::Sum" */
    int rung;           /* k > 0 rung, 0 = automatic dispatch, -1 = vendor baseline */
    gpb_timing t;
    double rate;        /* in `unit` */
    const char *unit;   /* "GB/s" or "TFLOP/s" */
    double pct_ceiling; /* rate / measured ceiling * 100; 0 if none */
    double vs_vendor;   /* rate / vendor's rate in the same run; 0 if none */
    double vendor_rate; /* > 0: the vendor's rate timed interleaved with this row (gpb_time_paired), which
                           vs_vendor is then relative to */
    int verified;       /* 1 pass, 0 FAIL, -1 not checked */
} gpb_row;

typedef struct gpb_report {
    gpb_row *rows;
    int count, cap;
    char device[256];
    int sm_count;
    double l2_mb;
    double copy_gbps;   /* the device-to-device copy ceiling measured in this run */
    int failures;       /* rows with verified == 0 */
} gpb_report;

void gpb_report_init(gpb_report *r);
void gpb_report_free(gpb_report *r);
gpb_row *gpb_report_add(gpb_report *r, const char *prim, const char *shape, const char *variant, int rung,
                        const gpb_timing *t, double rate, const char *unit, int verified);
/* For rows [first, count): vs_vendor = rate / rows[vendor].rate; pct_ceiling = rate / ceiling. */
void gpb_report_relate(gpb_report *r, int first, int vendor, double ceiling);
void gpb_report_print_group(const gpb_report *r, int first, FILE *f);
int gpb_report_write_json(const gpb_report *r, const char *path);
int gpb_report_write_csv(const gpb_report *r, const char *path);
/* "[bench] ..." on stderr: what is being measured now. */
void gpb_progress(const char *fmt, ...);

/* Returns 1 from the calling function when a CUDA runtime call fails, with the call on stderr. */
#define GPB_CUDA(call)                                                                            \
    do {                                                                                          \
        cudaError_t gpb_e = (call);                                                               \
        if (gpb_e != cudaSuccess) {                                                               \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(gpb_e)); \
            return 1;                                                                             \
        }                                                                                         \
    } while (0)

#ifdef __cplusplus
}
#endif
#endif
