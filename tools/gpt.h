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

/* reduce (prim_reduce.c) */
typedef enum gpt_reduce_type { GPT_REDUCE_F32 = 0, GPT_REDUCE_F64, GPT_REDUCE_I32 } gpt_reduce_type;
/* Input distributions for reduce checks: uniform in [-1, 1) (f32/f64; i32 uniform in [-2^20, 2^20]), and
 * small integers in [-16, 16] (exact in f32 partial sums, so an f32/f64 sum must match exactly: catches a
 * dropped or doubled element that the rounding bound would hide). */
enum { GPT_DIST_UNIFORM = 0, GPT_DIST_SMALL_INT = 1 };
/* Fills len elements of device memory d with `dist` (small integers are made on the host, in chunks, and
 * copied; uniform values on the device). Synchronises. 0 on success. */
int gpt_reduce_fill(gpt_reduce_type t, void *d, int64_t len, int dist, uint64_t seed, cudaStream_t s);
/* One reduce call checked against the CPU reference: random input at element offset `off` from a
 * 256-byte aligned base, output poisoned and guarded. 0 on pass. */
int gpt_verify_reduce_case(gp_handle h, int rung, gpt_reduce_type type, gp_reduce_op op, int64_t n, int off,
                           int dist, uint64_t seed, int verbose);
/* gp_argmax_f32 checked likewise; nans: 0 none, 1 some (index 0 and every 5th), 2 all. 0 on pass. */
int gpt_verify_argmax_case(gp_handle h, int rung, int64_t n, int off, int dist, int nans, uint64_t seed,
                           int verbose);
/* The deterministic mode run `runs` times on the same n random floats; 0 if every result is bitwise equal. */
int gpt_reduce_repeatability(gp_handle h, int64_t n, int runs, uint64_t seed);
int gpt_verify_reduce(gp_handle h, const gpt_opts *o);
int gpt_bench_reduce(gp_handle h, const gpt_opts *o, gpt_report *r);
/* cub::DeviceReduce (bench/vendor_reduce.cu); temp == NULL sets *temp_bytes only. 0 on success. */
int gpt_vendor_reduce(gpt_reduce_type type, gp_reduce_op op, int64_t n, const void *in, void *out, void *temp,
                      size_t *temp_bytes, cudaStream_t s);
/* cub::DeviceReduce::ArgMax (value and index outputs); temp == NULL sets *temp_bytes only. */
int gpt_vendor_argmax_f32(int64_t n, const float *in, float *max_out, int64_t *index_out, void *temp,
                          size_t *temp_bytes, cudaStream_t s);
/* scan and compact (prim_scan.c) */
/* Scan element types of the verify cases: i32 (full range, wraps), u32, f32 / f64 uniform in [-1, 1)
 * checked with a rounding bound, f32 / f64 with small integer values checked exactly. */
typedef enum gpt_scan_type {
    GPT_SCAN_I32 = 0, GPT_SCAN_U32, GPT_SCAN_F32, GPT_SCAN_F32_INT, GPT_SCAN_F64, GPT_SCAN_F64_INT, GPT_SCAN_TYPE_COUNT
} gpt_scan_type;
/* One scan case: off_in/off_out are element offsets from 256-byte aligned buffers; off_out < 0 = in place
 * (output over the input at off_in). Returns 0 on success. */
int gpt_verify_scan_case(gp_handle h, int rung, gpt_scan_type type, gp_scan_kind kind, int64_t n, int off_in,
                         int off_out, uint64_t seed, int verbose);
/* Compaction element types: f32 / i32 with a predicate, or the flagged forms. */
typedef enum gpt_select_type { GPT_SEL_F32 = 0, GPT_SEL_I32, GPT_SEL_FLAGGED_F32, GPT_SEL_FLAGGED_I32, GPT_SEL_TYPE_COUNT } gpt_select_type;
/* One compaction case on random integers in [lo, hi] (as floats for f32); flagged: flags non-zero with
 * probability flag_pct/100. Returns 0 on success. */
int gpt_verify_compact_case(gp_handle h, int rung, gpt_select_type type, gp_select_pred pred, int32_t value,
                            int32_t lo, int32_t hi, int flag_pct, int64_t n, int off_in, int off_out,
                            uint64_t seed, int verbose);
int gpt_verify_scan(gp_handle h, const gpt_opts *o);
int gpt_bench_scan(gp_handle h, const gpt_opts *o, gpt_report *r);
int gpt_verify_compact(gp_handle h, const gpt_opts *o);
int gpt_bench_compact(gp_handle h, const gpt_opts *o, gpt_report *r);
/* CUB baselines (bench/vendor_scan.cu); init sizes the temporary storage once for n elements. */
int gpt_vendor_scan_init(int64_t n);
void gpt_vendor_scan_free(void);
int gpt_vendor_inclusive_sum_i32(const int32_t *in, int32_t *out, int64_t n, cudaStream_t s);
int gpt_vendor_inclusive_sum_f32(const float *in, float *out, int64_t n, cudaStream_t s);
int gpt_vendor_select_gt_f32(const float *in, float *out, int64_t *num_selected, int64_t n, float value, cudaStream_t s);
/* histogram (prim_histogram.c, bench/vendor_histogram.cu) */
typedef enum gpt_hist_kind { GPT_HIST_U8 = 0, GPT_HIST_F32, GPT_HIST_I32 } gpt_hist_kind;
/* Sample patterns: random (u8: any byte; f32/i32: over a range 10% wider than the bins', with NaN, +-inf,
 * INT_MIN/INT_MAX and the exact bounds mixed in), all samples one value, three hot values. */
typedef enum gpt_hist_data { GPT_HIST_RANDOM = 0, GPT_HIST_ONE, GPT_HIST_HOT } gpt_hist_data;
/* The bin ranges the verify cases use: f32 [-1.5, 2.5), i32 [-100000, 1234567). */
#define GPT_HIST_F32_LO (-1.5f)
#define GPT_HIST_F32_HI 2.5f
#define GPT_HIST_I32_LO (-100000)
#define GPT_HIST_I32_HI 1234567
/* One checked call: samples at `offset` elements from a 256-byte aligned base, bins poisoned before and
 * compared exactly with the CPU reference, guard words after the bins checked; u64: the _u64 API. 0 = pass. */
int gpt_verify_histogram_case(gp_handle h, int rung, gpt_hist_kind kind, int64_t n, int num_bins, int offset,
                              gpt_hist_data data, int u64, uint64_t seed, int verbose);
int gpt_verify_histogram(gp_handle h, const gpt_opts *o);
int gpt_bench_histogram(gp_handle h, const gpt_opts *o, gpt_report *r);
/* cub::DeviceHistogram::HistogramEven into 32-bit counts (u8: 256 bins, lower/upper ignored); temp = NULL
 * only sets *temp_bytes. 0 on success. */
int gpt_cub_histogram_even(gpt_hist_kind kind, void *temp, size_t *temp_bytes, const void *samples, int64_t n,
                           int num_bins, double lower, double upper, uint32_t *bins, cudaStream_t s);
/* transpose (prim_transpose.c) */
/* One checked call of gp_transpose_f32 (elem_bytes 4) or gp_transpose_f64 (8) forced to `rung` (0 = auto):
 * in rows x cols with ld_in, out cols x rows with ld_out, each placed `off_*` elements past a 256-byte
 * aligned base. Every output element is compared bit for bit, the padding of out (and the guard before
 * and after it) must still hold the poison. Returns 0 on success. */
int gpt_verify_transpose_case(gp_handle h, int rung, int elem_bytes, int64_t rows, int64_t cols, int64_t ld_in,
                              int64_t ld_out, int off_in, int off_out, uint64_t seed, int verbose);
int gpt_verify_transpose(gp_handle h, const gpt_opts *o);
int gpt_bench_transpose(gp_handle h, const gpt_opts *o, gpt_report *r);
/* vendor baseline (bench/vendor_transpose.cu): out = in^T with cublasSgeam, same layout as
 * gp_transpose_f32. create makes the cuBLAS handle once, on stream s; run only enqueues; 0 on success. */
int gpt_vendor_transpose_create(cudaStream_t s);
int gpt_vendor_transpose_f32(int64_t rows, int64_t cols, const float *in, int64_t ld_in, float *out, int64_t ld_out);
void gpt_vendor_transpose_destroy(void);
/* sgemm (prim_sgemm.c, bench/vendor_sgemm.cu) */
/* cublasSgemm (pedantic fp32) on row-major operands, same arguments as gp_sgemm; 0 on success. */
int gpt_vendor_sgemm(int ta, int tb, int64_t m, int64_t n, int64_t k, float alpha, const float *A, int64_t lda,
                     const float *B, int64_t ldb, float beta, float *C, int64_t ldc, cudaStream_t s);
/* The relative Frobenius error bound used against a double reference or cuBLAS: 16 * 2^-24 * sqrt(k),
 * at least 1e-5 (a random-walk model of f32 rounding over k terms, 16x margin). */
double gpt_sgemm_tol(int64_t k);
/* One checked call: A, B, C with ld = dims + pad, element offsets from 256-byte aligned bases, random
 * inputs; C poisoned (NaN) when beta == 0. Checks every element of C against the double CPU reference
 * (use_vendor == 0) or cuBLAS (1), and that nothing outside C's m x n window changed. 0 = pass. */
typedef struct gpt_sgemm_case {
    int rung, ta, tb;
    int64_t m, n, k;
    float alpha, beta;
    int pad_a, pad_b, pad_c;  /* extra columns of ld */
    int off_a, off_b, off_c;  /* element offsets of the base pointers */
    int use_vendor;
} gpt_sgemm_case;
int gpt_verify_sgemm_case(gp_handle h, const gpt_sgemm_case *c, uint64_t seed, int verbose);
int gpt_verify_sgemm(gp_handle h, const gpt_opts *o);
int gpt_bench_sgemm(gp_handle h, const gpt_opts *o, gpt_report *r);

#ifdef __cplusplus
}
#endif
#endif
