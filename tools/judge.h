/* judge.h — `gpuprim judge`: a user's LeetGPU-style `solve()` checked and timed offline, and placed on the
 * ladder of the matching primitive. The parts shared by the command (cmd_judge.c, the parent process) and
 * the runner (judge_runner.c, the child process that loads the user's code):
 *   - the problems: LeetGPU's exact `solve` signatures, contracts, tolerances, benchmark sizes, starters and
 *     the ladder each one is placed on (judge_problems.c);
 *   - the functional cases of each problem and the CPU checks of a result (judge_check.c);
 *   - the line protocol between runner and command, the reading of `nvcc -Xptxas -v`, and the place of a
 *     rate on a ladder (judge_check.c).
 * Everything here runs on the CPU and is tested by tests/test_judge.c. */
#ifndef GPT_JUDGE_H
#define GPT_JUDGE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "bench.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- problems (judge_problems.c) ---- */
typedef enum gpj_kind {
    GPJ_VECTOR_ADD = 0,
    GPJ_REDUCTION,
    GPJ_PREFIX_SUM,
    GPJ_HISTOGRAM,
    GPJ_TRANSPOSE,
    GPJ_MATMUL,
    GPJ_COMPACTION,
    GPJ_SORT,
    GPJ_CONV2D,
    GPJ_GEMM_F16,
    GPJ_KIND_COUNT
} gpj_kind;

typedef struct gpj_problem {
    const char *name;        /* the --problem name: "vector_add" */
    gpj_kind kind;
    const char *leetgpu;     /* which LeetGPU challenge, and where its signature was confirmed */
    const char *prototype;   /* the exact declaration, without ';' */
    const char *task;        /* what solve must compute, one or two lines */
    const char *before;      /* what the judge puts in the outputs before each call */
    const char *tolerance;   /* how a result is compared (LeetGPU's atol/rtol) */
    double atol, rtol;       /* |got - want| <= atol + rtol |want| (0, 0: exact) */
    int dims;                /* how many of bench[] are sizes: 1 (N), 2 (rows, cols), 3 (M, N, K), 4 (conv) */
    int64_t bench[4];        /* the benchmark size: LeetGPU's performance-test size */
    const char *bench_text;  /* "N = 25,000,000" */
    const char *ladder;      /* the primitive it is placed on ('gpuprim list'), or NULL: none has landed yet */
    const char *ladder_op;   /* --op of that primitive's bench, or NULL */
    const char *ladder_case; /* a word of the bench group's shape that picks the case, or NULL: the first */
    const char *ladder_note; /* how the ladder's case relates to the problem */
    const char *work_text;   /* the rate's formula: "12N bytes (read A, B; write C)" */
    int flops;               /* 1: the rate is in TFLOP/s, 0: GB/s */
    const char *starter;     /* a starter file: compiles, launches, does not solve */
} gpj_problem;

extern const gpj_problem gpj_problems[];
extern const int gpj_problem_count;
/* The problem names, NULL-terminated, in table order (the --problem and --starter choices). */
extern const char *const gpj_problem_names[];
const gpj_problem *gpj_find_problem(const char *name);
/* The header the user's file is compiled with (nvcc -include): the runtime and fp16 headers and the
 * problem's `extern "C"` prototype, so that a solve of another signature is a compile error. */
void gpj_prototype_header(const gpj_problem *p, char *buf, size_t len);
/* The work of one call at the sizes d[] (bytes, or FLOPs when p->flops), as the ladder counts it. */
double gpj_work(const gpj_problem *p, const int64_t *d);
/* The sizes as text: "N=25000000", "rows=7000 cols=6000", "M=8192 N=6144 K=4096", ... */
void gpj_size_text(const gpj_problem *p, const int64_t *d, char *buf, size_t len);
/* The benchmark size with --n (n > 0) applied: N for 1-D problems, every matrix side otherwise (a conv2d's
 * input is n x n, its kernel keeps its size). */
void gpj_bench_size(const gpj_problem *p, int64_t n, int64_t *d);

/* ---- functional cases (judge_check.c) ---- */
/* How a case's inputs are made. */
typedef enum gpj_data {
    GPJ_DATA_RANDOM = 0,  /* uniform in the problem's LeetGPU range */
    GPJ_DATA_SMALL_INT,   /* small integers: every float sum is exact, whatever the order */
    GPJ_DATA_POSITIVE,    /* uniform in [0, hi): sums that do not cancel (LeetGPU's large reduction) */
    GPJ_DATA_EQUAL,       /* one value everywhere (histogram: one bin; sort: all equal) */
    GPJ_DATA_SORTED,      /* ascending (sort) */
    GPJ_DATA_REVERSED,    /* descending (sort) */
    GPJ_DATA_SIGNS,       /* compaction: zeros, -0.0, tiny and negative values mixed with positives */
    GPJ_DATA_NONE_KEPT,   /* compaction: nothing is positive */
    GPJ_DATA_ALL_KEPT     /* compaction: everything is positive */
} gpj_data;

typedef struct gpj_case {
    char name[48];       /* "n=1", "tile+1 n=257", "32x33 odd" */
    int64_t d[4];        /* sizes, as in gpj_problem.bench */
    gpj_data data;
    float alpha, beta;   /* gemm */
} gpj_case;

#define GPJ_MAX_CASES 40
/* The functional cases of p: edge sizes (1, odd, powers of two, tile +- 1, large), random and adversarial
 * data. Returns the count. */
int gpj_cases(const gpj_problem *p, gpj_case *out, int max);

/* The first index where got and want differ beyond |got - want| <= atol + rtol |want| (NaN in got always
 * counts; NaN in want needs NaN in got), or -1 if none; *bad receives how many differ. */
int64_t gpj_first_mismatch_f64(const double *got, const double *want, int64_t n, double atol, double rtol,
                               int64_t *bad);
int64_t gpj_first_mismatch_f32(const float *got, const float *want, int64_t n, double atol, double rtol,
                               int64_t *bad);
/* The same with a per-element allowance added to atol + rtol |want| (slack may be NULL: none). */
int64_t gpj_first_mismatch_f64_slack(const double *got, const double *want, const double *slack, int64_t n,
                                     double atol, double rtol, int64_t *bad);
int64_t gpj_first_mismatch_i32(const int32_t *got, const int32_t *want, int64_t n, int64_t *bad);
/* A sizes-and-index text for a flat index of an output: "[17]" or "[row 3, col 5]" (cols = row length). */
void gpj_index_text(int64_t index, int64_t cols, char *buf, size_t len);

/* The judge's own sort reference (conv2d's is the library's gp_ref_conv2d_f32 in VALID mode: F.conv2d's
 * cross-correlation without padding). */
void gpj_ref_sort_f32(int64_t n, float *data);
/* The most that summing `terms` products in f32, in any order, can be off: terms 2^-24 sum |products|
 * (the recursive-summation bound; the products of two f32 are exact in double). */
double gpj_f32_sum_slack(int64_t terms, double abs_sum);
float gpj_half_to_float(uint16_t h);

/* ---- the runner's protocol ----
 * The runner writes one record a line on fd 3: a tag and key=value fields without spaces, then optionally
 * " msg=" and free text to the end of the line. Tags: case (start / pass / fail / error), launch, time,
 * benchcheck, error, done. */
#define GPJ_PROTOCOL_FD 3
/* The value of field `key` in a record line ("msg" takes the rest of the line). 0 if found. */
int gpj_field(const char *line, const char *key, char *out, size_t len);
/* 1 if the line's tag is `tag`. */
int gpj_tag_is(const char *line, const char *tag);

/* ---- nvcc -Xptxas -v ---- */
typedef struct gpj_ptxas_kernel {
    char name[256];      /* mangled */
    int regs;
    int spill_stores, spill_loads, stack;  /* bytes */
    int smem;            /* static shared memory, bytes */
} gpj_ptxas_kernel;
/* Reads ptxas's verbose report (the compiler's stderr); returns how many kernels (at most max). */
int gpj_parse_ptxas(const char *text, gpj_ptxas_kernel *out, int max);

/* ---- the place on the ladder ---- */
/* Among the rows with rung > 0: *slower = the fastest whose rate is <= rate, *faster = the slowest whose rate
 * is > rate (indices into rows, -1 if none). */
void gpj_place(const gpb_row *rows, int n, double rate, int *slower, int *faster);
/* `rate` (in the rows' unit) as a % of the ceiling the ladder's rows use (rate / (pct_ceiling / 100) of the
 * first row that has both: the copy rate in GB/s, or e.g. sort's DRAM floor in G keys/s); 0 if no row has. */
double gpj_pct_of_ceiling(const gpb_row *rows, int n, double rate);

/* The nvcc the judge uses: $NVCC if set (even when missing, so that the error names it), else nvcc on
 * PATH, else `fallback` (the build's compiler), else /usr/local/cuda/bin/nvcc. NULL if none is
 * executable; *tried names what was looked at. */
const char *gpj_find_nvcc(const char *fallback, char *buf, size_t len, const char **tried);

#ifdef __cplusplus
}
#endif
#endif
