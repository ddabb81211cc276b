/* gpt.h — the gpuprim tool kit shared by the `gpuprim` command and the tests: options, device test data,
 * checks against the CPU references, the timing harness and the bench report. Not part of the library. */
#ifndef GPT_H
#define GPT_H

#include <stdint.h>
#include <stdio.h>
#include "gpuprim.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- options of `gpuprim verify|bench` (args.c) ---- */
typedef struct gpt_opts {
    int rung;          /* -1 = every rung and auto (default), 0 = auto only, k = rung k */
    int64_t n;         /* element count, or columns; -1 = the primitive's default */
    int64_t m, k;      /* rows (m) and inner dimension (k) for 2-D primitives; -1 = default */
    uint64_t seed;     /* random inputs; 0 = from the clock */
    int reps;          /* timed repetitions; 0 = auto (about 0.2 s per variant, at least 10) */
    int quick;         /* bench: fewer and smaller cases */
    int verbose;
    const char *op;    /* primitive-specific variant ("add", "sum", "max", ...); NULL = default */
    const char *json;  /* bench: write JSON here */
    const char *csv;   /* bench: write CSV here */
} gpt_opts;

void gpt_opts_default(gpt_opts *o);
/* "268435456", "2^28", "256M", "1G", "64k" (binary multiples); returns 0 on success. */
int gpt_parse_count(const char *s, int64_t *out);
/* Parses the options that follow `verify PRIM` / `bench [PRIM...]`; returns 0, or prints a message to
 * stderr and returns non-zero. Words that are not options are returned in words[] (at most max_words). */
int gpt_parse_opts(int argc, char **argv, gpt_opts *o, const char **words, int max_words, int *nwords);

/* ---- device data (devdata.cu) ---- */
void gpt_fill_f32(float *d, int64_t n, float lo, float hi, uint64_t seed, cudaStream_t s);
void gpt_fill_f64(double *d, int64_t n, double lo, double hi, uint64_t seed, cudaStream_t s);
void gpt_fill_i32(int32_t *d, int64_t n, int32_t lo, int32_t hi, uint64_t seed, cudaStream_t s); /* [lo, hi] */
void gpt_fill_u8(uint8_t *d, int64_t n, uint64_t seed, cudaStream_t s);
/* Fills with 0xFF bytes: NaN for floats, -1 for integers. */
void gpt_poison(void *d, size_t bytes, cudaStream_t s);
/* 1 if a CUDA device is usable. */
int gpt_have_device(void);
/* Exits with 77 (CTest's skip) if there is no usable device. */
void gpt_skip_without_device(const char *test_name);
uint64_t gpt_seed(const gpt_opts *o);

/* ---- checks (check.c) ---- */
/* Number of elements where got != want bitwise-equal as floats (NaN in got always counts); reports the
 * first few to stderr with `what`. */
int64_t gpt_compare_f32_exact(const char *what, const float *got, const float *want, int64_t n);
/* Relative error ||got - want|| / ||want|| (2-norm, double); a NaN anywhere returns +inf. */
double gpt_rel_l2_f32(const float *got, const double *want, int64_t n);

/* ---- timing (harness.c) ---- */
typedef int (*gpt_run_fn)(void *ctx, int iter); /* enqueue one run on the stream; non-zero = failure */
typedef struct gpt_timing {
    double median_ms, min_ms, max_ms;
    int reps;
} gpt_timing;
/* CUDA events around each run; two warm-ups; `reps` (or auto) timed runs; median. 0 on success. */
int gpt_time(cudaStream_t s, gpt_run_fn fn, void *ctx, const gpt_opts *o, gpt_timing *t);

/* ---- the bench report (report.c) ---- */
typedef struct gpt_row {
    char prim[16];
    char shape[64];
    char variant[48];   /* "03 float4", "auto (04)", "cudaMemcpy D2D", "cub::DeviceReduce::Sum" */
    int rung;           /* k > 0 rung, 0 = automatic dispatch, -1 = vendor baseline, -2 = ceiling */
    gpt_timing t;
    double rate;        /* in `unit` */
    const char *unit;   /* "GB/s" or "TFLOP/s" */
    double pct_ceiling; /* rate / measured ceiling * 100; 0 if none */
    double vs_vendor;   /* rate / vendor's rate in the same run; 0 if none */
    int verified;       /* 1 pass, 0 FAIL, -1 not checked */
} gpt_row;

typedef struct gpt_report {
    gpt_row *rows;
    int count, cap;
    char device[256];
    int sm_count;
    double l2_mb;
    double copy_gbps;   /* the device-to-device copy ceiling measured in this run */
    int failures;
} gpt_report;

void gpt_report_init(gpt_report *r);
void gpt_report_free(gpt_report *r);
gpt_row *gpt_report_add(gpt_report *r, const char *prim, const char *shape, const char *variant, int rung,
                        const gpt_timing *t, double rate, const char *unit, int verified);
/* For rows [first, count): vs_vendor = rate / rows[vendor].rate; pct_ceiling = rate / ceiling. */
void gpt_report_relate(gpt_report *r, int first, int vendor, double ceiling);
void gpt_report_print_group(const gpt_report *r, int first, FILE *f);
int gpt_report_write_json(const gpt_report *r, const char *path);
int gpt_report_write_csv(const gpt_report *r, const char *path);
void gpt_progress(const char *fmt, ...);
/* Measures the device-to-device copy ceiling (GB/s, read + write) on `bytes` bytes. */
double gpt_measure_copy_gbps(size_t bytes, const gpt_opts *o);

/* ---- per-primitive verify/bench (prim_*.c) ---- */
typedef struct gpt_prim_cli {
    const char *name;
    gp_prim prim;
    int (*verify)(gp_handle h, const gpt_opts *o);                 /* returns failures */
    int (*bench)(gp_handle h, const gpt_opts *o, gpt_report *r);   /* returns failures */
} gpt_prim_cli;

extern const gpt_prim_cli gpt_prims[];
extern const int gpt_prim_count;

/* map (prim_map.c); the tests call this directly. Offsets are in elements from a 256-byte aligned base. */
int gpt_verify_map_case(gp_handle h, int rung, gp_binop op, int64_t n, int off_a, int off_b, int off_c,
                        uint64_t seed, int verbose);
int gpt_verify_map(gp_handle h, const gpt_opts *o);
int gpt_bench_map(gp_handle h, const gpt_opts *o, gpt_report *r);

/* The rungs a verify/bench run covers: fills out[] (0 = auto) and returns the count. */
int gpt_rungs_to_run(gp_prim p, const gpt_opts *o, int *out, int max);
/* "03 float4" or "auto (04)" */
void gpt_rung_label(gp_prim p, int rung, int ran, char *buf, size_t len);

/* analysis commands (cmd_analysis.c): gpuprim occupancy, banks, coalesce, amdahl, gustafson, explain.
 * Each returns the exit code: 0, 1 (explain: a mismatch or failure), 2 for invalid arguments. */
int gpt_cmd_occupancy(int argc, char **argv);
int gpt_cmd_banks(int argc, char **argv);
int gpt_cmd_coalesce(int argc, char **argv);
int gpt_cmd_amdahl(int argc, char **argv);
int gpt_cmd_gustafson(int argc, char **argv);
int gpt_cmd_explain(int argc, char **argv);
/* Fills a gpa_arch (src/analysis/analysis.h) from cudaGetDeviceProperties(device); `name` receives "sm_XY"
 * and a->name points to it. 0 on success. */
struct gpa_arch;
int gpt_arch_from_device(int device, struct gpa_arch *a, char *name, size_t name_len);

#define GPT_CUDA(call)                                                                            \
    do {                                                                                          \
        cudaError_t gpt_e = (call);                                                               \
        if (gpt_e != cudaSuccess) {                                                               \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(gpt_e)); \
            return 1;                                                                             \
        }                                                                                         \
    } while (0)

#ifdef __cplusplus
}
#endif
#endif
