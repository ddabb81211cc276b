/* verify_cases.h — one checked call of each primitive, used by `gpuprim verify` and by the GPU tests:
 * random input, output poisoned, every element compared with the CPU reference, and nothing written
 * outside the output. Inputs are allocated to exactly the span the call may read (from a 256-byte aligned
 * base to the last element, the tested offset included) and outputs end at the last element the call may
 * write, so compute-sanitizer memcheck reports any access past them; poisoned guards sit only inside the
 * allocation: before an offset and in the padding columns of a matrix. Each returns 0 on pass. */
#ifndef GPT_VERIFY_CASES_H
#define GPT_VERIFY_CASES_H

#include <stdint.h>
#include "gpuprim.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- map (prim_map.c). Offsets are in elements from 256-byte aligned bases. ---- */
int gpt_verify_map_case(gp_handle h, int rung, gp_binop op, int64_t n, int off_a, int off_b, int off_c,
                        uint64_t seed, int verbose);

/* ---- reduce (prim_reduce.c) ---- */
typedef enum gpt_reduce_type { GPT_REDUCE_F32 = 0, GPT_REDUCE_F64, GPT_REDUCE_I32 } gpt_reduce_type;
/* Input distributions for reduce checks: uniform in [-1, 1) (f32/f64; i32 uniform in [-2^20, 2^20]), and
 * small integers in [-16, 16] (exact in f32 partial sums, so an f32/f64 sum must match exactly: catches a
 * dropped or doubled element that the rounding bound would hide). */
enum { GPT_DIST_UNIFORM = 0, GPT_DIST_SMALL_INT = 1 };
/* Fills len elements of device memory d with `dist` (small integers are made on the host, in chunks, and
 * copied; uniform values on the device). Synchronises. 0 on success. */
int gpt_reduce_fill(gpt_reduce_type t, void *d, int64_t len, int dist, uint64_t seed, cudaStream_t s);
/* One reduce call: input at element offset `off`, the output element poisoned with a guard before it. */
int gpt_verify_reduce_case(gp_handle h, int rung, gpt_reduce_type type, gp_reduce_op op, int64_t n, int off,
                           int dist, uint64_t seed, int verbose);
/* gp_argmax_f32 checked likewise; nans: 0 none, 1 some (index 0 and every 5th), 2 all. */
int gpt_verify_argmax_case(gp_handle h, int rung, int64_t n, int off, int dist, int nans, uint64_t seed,
                           int verbose);
/* The deterministic mode run `runs` times on the same n random floats; 0 if every result is bitwise equal. */
int gpt_reduce_repeatability(gp_handle h, int64_t n, int runs, uint64_t seed);

/* ---- scan (prim_scan.c) ---- */
/* Element types: i32 (full range, wraps), u32, f32 / f64 uniform in [-1, 1) checked with a rounding bound,
 * f32 / f64 with small integer values checked exactly. */
typedef enum gpt_scan_type {
    GPT_SCAN_I32 = 0, GPT_SCAN_U32, GPT_SCAN_F32, GPT_SCAN_F32_INT, GPT_SCAN_F64, GPT_SCAN_F64_INT, GPT_SCAN_TYPE_COUNT
} gpt_scan_type;
/* off_in/off_out are element offsets from 256-byte aligned buffers; off_out < 0 = in place (output over
 * the input at off_in). */
int gpt_verify_scan_case(gp_handle h, int rung, gpt_scan_type type, gp_scan_kind kind, int64_t n, int off_in,
                         int off_out, uint64_t seed, int verbose);

/* ---- compaction (prim_compact.c) ---- */
/* Element types: f32 / i32 with a predicate, or the flagged forms. */
typedef enum gpt_select_type { GPT_SEL_F32 = 0, GPT_SEL_I32, GPT_SEL_FLAGGED_F32, GPT_SEL_FLAGGED_I32, GPT_SEL_TYPE_COUNT } gpt_select_type;
/* Random integers in [lo, hi] (as floats for f32); flagged: flags non-zero with probability flag_pct/100.
 * The output holds n elements (the API's promise); those past k must keep the poison. */
int gpt_verify_compact_case(gp_handle h, int rung, gpt_select_type type, gp_select_pred pred, int32_t value,
                            int32_t lo, int32_t hi, int flag_pct, int64_t n, int off_in, int off_out,
                            uint64_t seed, int verbose);

/* ---- histogram (prim_histogram.c) ---- */
typedef enum gpt_hist_kind { GPT_HIST_U8 = 0, GPT_HIST_F32, GPT_HIST_I32 } gpt_hist_kind;
/* Sample patterns: random (u8: any byte; f32/i32: over a range 10% wider than the bins', with NaN, +-inf,
 * INT_MIN/INT_MAX and the exact bounds mixed in), all samples one value, three hot values. */
typedef enum gpt_hist_data { GPT_HIST_RANDOM = 0, GPT_HIST_ONE, GPT_HIST_HOT } gpt_hist_data;
/* The bin ranges the verify cases use: f32 [-1.5, 2.5), i32 [-100000, 1234567). */
#define GPT_HIST_F32_LO (-1.5f)
#define GPT_HIST_F32_HI 2.5f
#define GPT_HIST_I32_LO (-100000)
#define GPT_HIST_I32_HI 1234567
/* Samples at `offset` elements from a 256-byte aligned base; the bins follow a 16-byte poisoned guard and
 * end the allocation; compared exactly with the CPU reference; u64: the _u64 API. */
int gpt_verify_histogram_case(gp_handle h, int rung, gpt_hist_kind kind, int64_t n, int num_bins, int offset,
                              gpt_hist_data data, int u64, uint64_t seed, int verbose);

/* ---- transpose (prim_transpose.c) ---- */
/* gp_transpose_f32 (elem_bytes 4) or gp_transpose_f64 (8) forced to `rung` (0 = auto): in rows x cols with
 * ld_in, out cols x rows with ld_out, each placed `off_*` elements past a 256-byte aligned base. Every
 * output element is compared bit for bit; the padding of out and the elements before it must still hold
 * the poison. */
int gpt_verify_transpose_case(gp_handle h, int rung, int elem_bytes, int64_t rows, int64_t cols, int64_t ld_in,
                              int64_t ld_out, int off_in, int off_out, uint64_t seed, int verbose);

/* ---- sgemm (prim_sgemm.c) ---- */
/* The relative Frobenius error bound used against a double reference or cuBLAS: 16 * 2^-24 * sqrt(k),
 * at least 1e-5 (a random-walk model of f32 rounding over k terms, 16x margin). */
double gpt_sgemm_tol(int64_t k);
/* One call: A, B, C with ld = dims + pad, element offsets from 256-byte aligned bases, random inputs; C
 * poisoned (NaN) when beta == 0. Checks every element of C against the double CPU reference
 * (use_vendor == 0) or cuBLAS (1), and that nothing outside C's m x n window changed. */
typedef struct gpt_sgemm_case {
    int rung, ta, tb;
    int64_t m, n, k;
    float alpha, beta;
    int pad_a, pad_b, pad_c;  /* extra columns of ld */
    int off_a, off_b, off_c;  /* element offsets of the base pointers */
    int use_vendor;
} gpt_sgemm_case;
int gpt_verify_sgemm_case(gp_handle h, const gpt_sgemm_case *c, uint64_t seed, int verbose);

/* ---- gemm on tensor cores (prim_gemm.c) ---- */
/* One call of gp_gemm forced to `rung` (0 = auto): inputs v/256 (exact in bf16, f16 and tf32; low_bits: f32
 * inputs with random bits below tf32's precision), each matrix exactly its span from offset `off_*`, C poisoned
 * when beta == 0. Every element of C is checked against a double CPU reference with the bound
 * ((k+2) 2^-23 [+ 2^-9 with low_bits]) |alpha| sum|a b| + the output type's rounding, and nothing outside C's
 * m x n window may change. */
typedef struct gpt_gemm_case {
    int rung, ta, tb;
    int64_t m, n, k;
    float alpha, beta;
    int ab, c, compute;       /* gp_dtype of A and B, of C; gp_compute */
    int pad_a, pad_b, pad_c;  /* extra columns of ld */
    int off_a, off_b, off_c;  /* element offsets of the base pointers */
    int low_bits;
} gpt_gemm_case;
int gpt_verify_gemm_case(gp_handle h, const gpt_gemm_case *c, uint64_t seed, int verbose);
/* The API's type combinations: 0 bf16->bf16, 1 bf16->f32, 2 f16->f16, 3 f16->f32, 4 tf32; and a case of one
 * (alpha 1, beta 0, no padding or offsets). */
int gpt_gemm_combo_count(void);
gpt_gemm_case gpt_gemm_case_of(int rung, int combo, int ta, int tb, int64_t m, int64_t n, int64_t k);

/* ---- sort (prim_sort.c) ---- */
/* One call of gp_sort_keys (value_bytes 0) or gp_sort_pairs (4, 8: each value is its key's input index, 8-byte
 * ones tagged in the high bits, so that stability and the permutation both show), with rung `rung` (0 = auto)
 * and configuration `config` (-1 = the rung's own rule) forced. Keys from sort_data.h's distribution `dist`;
 * every output element is compared with the CPU reference (src/ref/ref_sort.c); the inputs must come back
 * unchanged, the guards before the offsets and before the workspace poisoned. The workspace is what
 * gp_sort_workspace_size says, exactly: an allocation of that many bytes at an odd address, poisoned; or, with
 * handle_ws, NULL (the handle's) where the handle's is large enough. */
typedef struct gpt_sort_case {
    int rung, config;
    gp_sort_key key;
    int value_bytes;
    int64_t n;
    int dist;                 /* GPT_SORT_* of sort_data.h */
    gp_sort_order order;
    int begin_bit, end_bit;   /* end_bit < 0: the whole key */
    int off_in, off_out;      /* element offsets of keys_in / values_in and of the outputs from 256-byte bases */
    int handle_ws;
} gpt_sort_case;
int gpt_verify_sort_case(gp_handle h, const gpt_sort_case *c, uint64_t seed, int verbose);
/* A case of the whole key, no offsets, the caller's workspace, the rung's own configuration. */
gpt_sort_case gpt_sort_case_of(int rung, gp_sort_key key, int value_bytes, int64_t n, int dist, gp_sort_order order);
/* gp_sort_keys for value_bytes 0, else gp_sort_pairs. */
gp_status gpt_sort_call(gp_handle h, gp_sort_key key, int value_bytes, int64_t n, const void *keys_in, void *keys_out,
                        const void *values_in, void *values_out, gp_sort_order order, int begin_bit, int end_bit,
                        void *ws, size_t ws_bytes);

/* ---- conv2d (prim_conv2d.c) and the separable filter (prim_separable.c); both in conv_kit.c ---- */
/* One call forced to `rung` (0 = auto) on a rows x cols image of random values in [-1, 1): gp_conv2d_f32 with a
 * dense fr x fc filter, or gp_conv2d_separable_f32 with a row filter of fc taps and a column filter of fr taps.
 * ld_in = cols + pad_in, ld_out = out_cols + pad_out; the image, the output and the filters start off_in, off_out
 * and off_f elements past 256-byte aligned bases, and each allocation ends at the last element the call may
 * touch (an empty output, VALID with a filter larger than the image: 64 elements that must stay untouched). The
 * output is poisoned; every element is checked against the double reference within (taps + 2) 2^-24 sum|f x|
 * (taps = fr fc, or fr + fc for the separable filter's two roundings) and nothing outside it may change. A forced
 * rung must run, unless a filter is larger than the rung takes (> 31 taps: rung 01 runs). ws_rows > 0 (separable):
 * the call gets a workspace of exactly ws_rows rows of the row pass, so rung 01 works in strips of
 * ws_rows - fr + 1 output rows. */
typedef struct gpt_conv_case {
    int rung;
    int64_t rows, cols;
    int fr, fc, mode;             /* filter rows and columns (separable: column and row taps); gp_conv_mode */
    int pad_in, pad_out;          /* extra columns of ld */
    int off_in, off_out, off_f;   /* element offsets of the base pointers */
    int64_t ws_rows;
} gpt_conv_case;
/* The layouts the tests cover: 0 dense, 16-byte aligned; 1 odd leading dimensions with misaligned bases; 2 ld a
 * multiple of 4 with padding columns and aligned bases (the vector paths beside padding). */
#define GPT_CONV_LAYOUTS 3
gpt_conv_case gpt_conv_case_of(int rung, int64_t rows, int64_t cols, int fr, int fc, int mode, int layout);
int gpt_verify_conv2d_case(gp_handle h, const gpt_conv_case *c, uint64_t seed, int verbose);
int gpt_verify_separable_case(gp_handle h, const gpt_conv_case *c, uint64_t seed, int verbose);
/* The constant-memory filter ring (rungs that copy the filter into a __constant__ slot on the stream): `threads`
 * host threads at once, each with its own handle on its own non-blocking stream, each making `calls` calls with
 * its own filters (taps x taps, or taps + taps separable) on a rows x cols image, SAME, forced to `rung` (0: each
 * call the next of rungs 02..last in turn). Every output is checked against the reference of its own filter. */
int gpt_verify_conv_ring(int sep, int rung, int threads, int calls, int64_t rows, int64_t cols, int taps, uint64_t seed,
                         int verbose);
/* gp_conv1d_f32 (the separable rung 01's row pass) on n samples with k taps; input, filter and output each `off`
 * elements past an aligned base, the output poisoned, checked as above. */
int gpt_verify_conv1d_case(gp_handle h, int64_t n, int k, int mode, int off, uint64_t seed, int verbose);

/* ---- jacobi (prim_jacobi.c) ---- */
/* gp_jacobi5_f32 forced to `rung` (0 = auto) and `config` (-1: the rung's own choice) on a rows x cols grid of
 * random values in [-1, 1), ld = cols + pad, u0 and u1 at off0 and off1 elements past 256-byte aligned bases and
 * ending at their last element. Padding of both and all of u1 start poisoned. The result (u0 after an even number
 * of steps, u1 after an odd one) must equal the CPU reference bit for bit, u1's boundary the initial one, and the
 * padding keep the poison. A forced rung must run unless it refuses the call (temporal takes steps >= 2). */
typedef struct gpt_jacobi_case {
    int rung, config;
    int64_t rows, cols;
    int steps;
    int pad, off0, off1;
} gpt_jacobi_case;
/* Layouts as GPT_CONV_LAYOUTS: 0 dense, 1 odd ld and misaligned bases, 2 ld % 4 == 0 with padding. */
gpt_jacobi_case gpt_jacobi_case_of(int rung, int64_t rows, int64_t cols, int steps, int layout);
int gpt_verify_jacobi_case(gp_handle h, const gpt_jacobi_case *c, uint64_t seed, int verbose);

#ifdef __cplusplus
}
#endif
#endif
