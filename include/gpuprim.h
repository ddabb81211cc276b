/* gpuprim.h — the one public header of gpuprim: fast GPU parallel primitives in C.
 *
 * Conventions (as in cuBLAS / CUB):
 *  - every pointer to data is a device pointer (cudaMalloc, managed or mapped memory); a plain host pointer
 *    is refused with GP_ERROR_HOST_POINTER, never dereferenced (the check is cudaPointerGetAttributes: an
 *    address that is no allocation at all, such as 0x1234, is outside what it can tell apart, and on one H100
 *    machine the CUDA driver crashed inside that call);
 *  - sizes are 64-bit signed (int64_t); a negative size is GP_ERROR_INVALID_VALUE; a size of 0 is a no-op
 *    (outputs that have a defined value for empty input, such as a sum, are still written);
 *  - work is queued on the handle's stream (gp_set_stream); no call synchronises the host or allocates
 *    memory: scratch space comes from the handle's workspace, allocated once by gp_create;
 *  - results that are single values (a sum, a count) are written to device memory, on the stream;
 *  - calls are asynchronous, so an error inside a kernel shows at the next synchronisation, as in CUDA;
 *    launch errors are returned as GP_ERROR_LAUNCH_FAILED;
 *  - each primitive is a ladder of numbered rungs; by default the fastest rung for the shape is used,
 *    gp_set_rung forces one (for teaching, tests and benchmarks).
 *  - a handle is not thread-safe; one handle per host thread, as with cuBLAS. Its workspace is shared by
 *    every call made through it: calls on one stream are ordered; if you switch streams between calls,
 *    order them yourself (events) or use one handle per stream.
 */
#ifndef GPUPRIM_H
#define GPUPRIM_H

#include <stddef.h>
#include <stdint.h>
#include <cuda_runtime_api.h>

/* GP_API marks the public functions: the shared library is built with hidden visibility and exports only
 * these (GPUPRIM_STATIC: the static library, nothing to export or import). */
#if defined(GPUPRIM_STATIC)
#define GP_API
#elif defined(_WIN32)
#ifdef GPUPRIM_BUILDING
#define GP_API __declspec(dllexport)
#else
#define GP_API __declspec(dllimport)
#endif
#else
#define GP_API __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

#define GPUPRIM_VERSION_MAJOR 0
#define GPUPRIM_VERSION_MINOR 1

/* ---- status ------------------------------------------------------------------------------------------ */
typedef enum gp_status {
    GP_SUCCESS = 0,
    GP_ERROR_INVALID_HANDLE,     /* the handle is NULL or was destroyed */
    GP_ERROR_NULL_POINTER,       /* a required pointer is NULL */
    GP_ERROR_HOST_POINTER,       /* a pointer is host memory the GPU cannot read or write */
    GP_ERROR_INVALID_VALUE,      /* a size, leading dimension, enum or range is out of its domain */
    GP_ERROR_INVALID_RUNG,       /* gp_set_rung with a rung this primitive does not have */
    GP_ERROR_NOT_SUPPORTED,      /* a valid request this build does not implement (e.g. in-place transpose) */
    GP_ERROR_OVERLAP,            /* input and output overlap where the primitive does not allow it */
    GP_ERROR_WORKSPACE_TOO_SMALL,/* the workspace given with gp_set_workspace is too small for this call */
    GP_ERROR_ALLOC_FAILED,       /* gp_create could not allocate the workspace */
    GP_ERROR_NO_DEVICE,          /* no CUDA device is present or usable */
    GP_ERROR_LAUNCH_FAILED,      /* a kernel launch was refused by the CUDA runtime */
    GP_ERROR_CUDA                /* another CUDA runtime call failed */
} gp_status;

GP_API const char *gp_status_string(gp_status s);

/* ---- handle ------------------------------------------------------------------------------------------ */
typedef struct gp_handle_s *gp_handle;

/* Creates a handle on the current device: reads the device's properties and allocates the default
 * workspace (GP_DEFAULT_WORKSPACE_BYTES). Returns GP_ERROR_NO_DEVICE where there is no CUDA device. */
#define GP_DEFAULT_WORKSPACE_BYTES ((size_t)32 << 20)
GP_API gp_status gp_create(gp_handle *h);
GP_API gp_status gp_destroy(gp_handle h);
GP_API gp_status gp_set_stream(gp_handle h, cudaStream_t stream);
GP_API gp_status gp_get_stream(gp_handle h, cudaStream_t *stream);
/* Uses the caller's device memory as workspace (NULL/0 returns to the handle's own). */
GP_API gp_status gp_set_workspace(gp_handle h, void *workspace, size_t bytes);
GP_API gp_status gp_get_workspace(gp_handle h, void **workspace, size_t *bytes);

/* ---- primitives and rungs ---------------------------------------------------------------------------- */
typedef enum gp_prim {
    GP_PRIM_MAP = 0,
    GP_PRIM_REDUCE,
    GP_PRIM_SCAN,
    GP_PRIM_COMPACT,
    GP_PRIM_HISTOGRAM,
    GP_PRIM_TRANSPOSE,
    GP_PRIM_SGEMM,
    GP_PRIM_GEMM,
    GP_PRIM_SORT,
    GP_PRIM_CONV2D,
    GP_PRIM_SEPARABLE,
    GP_PRIM_JACOBI,
    GP_PRIM_COUNT
} gp_prim;

GP_API const char *gp_prim_name(gp_prim p);              /* "map", "reduce", ... ; NULL if out of range */
GP_API int gp_rung_count(gp_prim p);                     /* rungs are numbered 1..count; 0 if none are built */
GP_API const char *gp_rung_name(gp_prim p, int rung);    /* short name, e.g. "float4"; NULL if out of range */
GP_API const char *gp_rung_summary(gp_prim p, int rung); /* one line: what the rung changes over the previous */
GP_API int gp_rung_find(gp_prim p, const char *name);   /* the rung named `name` ("float4"), 0 if none */

/* What a rung is, for tools and teaching (`gpuprim list`, `gpuprim explain`). */
typedef struct gp_rung_info {
    const char *name;
    const char *summary;
    int min_cc;          /* compute capability the rung needs, x10: 70 = sm_70, 80 = sm_80, 90 = sm_90(a) */
    int automatic;       /* 1 if the automatic choice may pick it; 0 if it is measured slower than a rung below */
    int configs;         /* tile configurations the rung chooses from per shape (gp_set_config); 0 if none */
    const void *kernel;  /* the rung's main kernel (a CUDA host stub for cudaFuncGetAttributes), NULL if none */
    int threads;         /* threads per block of that kernel, as launched at the primitive's benchmark size */
    size_t dyn_smem;     /* its dynamic shared memory per block at that size, bytes */
} gp_rung_info;
/* GP_ERROR_INVALID_VALUE for an unknown primitive, GP_ERROR_INVALID_RUNG for a rung out of 1..count. */
GP_API gp_status gp_get_rung_info(gp_prim p, int rung, gp_rung_info *info);
/* Name of a rung's tile configuration, e.g. "128x256x16 s3"; NULL if out of range. */
GP_API const char *gp_rung_config_name(gp_prim p, int rung, int config);

/* 0 = automatic (the default: the dispatcher picks the fastest rung for the shape and device).
 * A forced rung runs if the handle's device and this build support it; else the call returns
 * GP_ERROR_NOT_SUPPORTED. A forced rung that cannot take a call's arguments (e.g. a vectorised rung and
 * unaligned pointers; each primitive's comment says which) runs the nearest rung below it that can,
 * and gp_get_last_rung says which ran.
 * The automatic choice: the highest-numbered rung that the device and build support, that accepts the
 * arguments, and that is not marked slower than a rung below it (gp_rung_info.automatic). */
GP_API gp_status gp_set_rung(gp_handle h, gp_prim p, int rung);
GP_API gp_status gp_get_rung(gp_handle h, gp_prim p, int *rung);
/* The rung the last call of primitive p actually ran (after automatic choice and fall-backs); 0 if none. */
GP_API gp_status gp_get_last_rung(gp_handle h, gp_prim p, int *rung);
/* *supported = 1 if rung `rung` of p can run on the handle's device with this build (architecture and
 * compiled code), 0 if not. */
GP_API gp_status gp_rung_supported(gp_handle h, gp_prim p, int rung, int *supported);
/* Forces tile configuration `config` (0..configs-1) of the rungs of p that have configurations; -1 (the
 * default) returns to each rung's own per-shape rule. For tuning sweeps and tests. */
GP_API gp_status gp_set_config(gp_handle h, gp_prim p, int config);
/* The configuration the last call of p ran (-1 if its rung has none). */
GP_API gp_status gp_get_last_config(gp_handle h, gp_prim p, int *config);

/* ---- map: element-wise c[i] = a[i] OP b[i] --------------------------------------------------------- */
typedef enum gp_binop {
    GP_BINOP_ADD = 0,
    GP_BINOP_SUB,
    GP_BINOP_MUL,
    GP_BINOP_MIN,
    GP_BINOP_MAX,
    GP_BINOP_COUNT
} gp_binop;
/* a, b and c may alias each other exactly (c == a is fine), but must not partially overlap.
 * Any alignment is accepted: the vectorised rungs fall back to a scalar path where pointers are not
 * equally aligned. */
GP_API gp_status gp_map_f32(gp_handle h, gp_binop op, int64_t n, const float *a, const float *b, float *c);
GP_API gp_status gp_vector_add_f32(gp_handle h, int64_t n, const float *a, const float *b, float *c);

/* ---- reduce ------------------------------------------------------------------------------------------ */
/* BEGIN reduce API */
typedef enum gp_reduce_op {
    GP_REDUCE_SUM = 0,
    GP_REDUCE_MIN,
    GP_REDUCE_MAX,
    GP_REDUCE_OP_COUNT
} gp_reduce_op;
/* *out = op over in[0, n), written to device memory on the handle's stream (no host synchronisation).
 *  - in and out are device pointers aligned to their element type; in may have any such alignment (the
 *    vectorised rungs peel to a 16-byte boundary). out may point into in (it is written after every read).
 *  - n == 0 writes the identity: 0 for sums, +inf / -inf for f32/f64 min / max, INT32_MAX / INT32_MIN for
 *    i32 min / max; in may then be NULL. n < 0 or an unknown op is GP_ERROR_INVALID_VALUE.
 *  - f32/f64 sums accumulate in their own type, per thread and then in trees, so they round differently
 *    from a sequential sum: |result - exact| <= d u sum|x_i| with u = 2^-24 (f32) or 2^-53 (f64) and
 *    d <= n / 2^16 + 2 log2(n) + 80 on GPUs with >= 32 SMs (typical errors are far smaller). min/max are
 *    exact and follow fminf/fmaxf: NaNs are ignored (all-NaN input gives the identity); sums propagate NaN.
 *  - i32: the result is int64 (out is int64_t *): sums are exact (no overflow for n < 2^32); min/max as
 *    int32 values widened.
 *  - Reproducibility. Every rung combines values in an order fixed by n, the grid and the input pointer's
 *    alignment modulo 16 bytes (no floating-point atomics). So the default path is bit-identical from run
 *    to run for the same input, n, pointer, device model and library build; the result may differ between
 *    devices (the grid follows the SM count), between rungs, and when the same data sits at another
 *    alignment. With gp_set_deterministic(h, 1) the dispatcher uses only the single-pass fixed-order rung
 *    (a forced rung other than 08 is then overridden) with a grid independent of the device, so the result
 *    is also identical across GPUs for the same input, n and alignment. Integer results and min/max are
 *    exact, hence identical, in every mode (up to the sign of a zero min/max when both -0 and +0 occur).
 *  - Workspace: up to ~1.6 MB of the handle's workspace (partials); less gives GP_ERROR_WORKSPACE_TOO_SMALL. */
GP_API gp_status gp_reduce_f32(gp_handle h, gp_reduce_op op, int64_t n, const float *in, float *out);
GP_API gp_status gp_reduce_f64(gp_handle h, gp_reduce_op op, int64_t n, const double *in, double *out);
GP_API gp_status gp_reduce_i32(gp_handle h, gp_reduce_op op, int64_t n, const int32_t *in, int64_t *out);
/* *out_index = the first index i of the largest value in in[0, n), as int64, on the stream. NaNs are
 * ignored; -inf counts as a value; n == 0 or all-NaN input writes -1. The ordering is total (value, then
 * lower index), so the result is exact and identical for every rung and mode. Same pointer rules as
 * gp_reduce_f32. */
GP_API gp_status gp_argmax_f32(gp_handle h, int64_t n, const float *in, int64_t *out_index);
/* on != 0: reductions through h are reproducible across runs and devices (see above); 0: the default. */
GP_API gp_status gp_set_deterministic(gp_handle h, int on);
GP_API gp_status gp_get_deterministic(gp_handle h, int *on);
/* END reduce API */

/* ---- scan and compaction ----------------------------------------------------------------------------- */
/* BEGIN scan API */
/* Prefix sums. Inclusive: out[i] = in[0] + ... + in[i]; exclusive: out[0] = 0, out[i] = in[0] + ... +
 * in[i-1]. Integer sums wrap modulo 2^32 (two's complement); f32 sums are computed in float in a
 * rung-dependent order (tree within a tile, chained across tiles), so they differ from a sequential sum
 * by rounding only. in == out (in place) is allowed; a partial overlap is GP_ERROR_OVERLAP. Pointers
 * must be aligned to the element size (16-byte aligned ones take vector loads). n = 0 is
 * a no-op (the pointers are not checked). Scratch comes from the workspace: the default rung needs
 * 8 bytes per 4096 elements + 256 (GP_ERROR_WORKSPACE_TOO_SMALL otherwise). */
typedef enum gp_scan_kind { GP_SCAN_INCLUSIVE = 0, GP_SCAN_EXCLUSIVE, GP_SCAN_KIND_COUNT } gp_scan_kind;
GP_API gp_status gp_scan_i32(gp_handle h, gp_scan_kind kind, int64_t n, const int32_t *in, int32_t *out);
GP_API gp_status gp_scan_u32(gp_handle h, gp_scan_kind kind, int64_t n, const uint32_t *in, uint32_t *out);
GP_API gp_status gp_scan_f32(gp_handle h, gp_scan_kind kind, int64_t n, const float *in, float *out);
/* f64 (8-byte aligned pointers) runs on rungs 01-03 only: a forced rung 04-07 and the automatic
 * choice run rung 03 (gp_get_last_rung says so). */
GP_API gp_status gp_scan_f64(gp_handle h, gp_scan_kind kind, int64_t n, const double *in, double *out);

/* Stream compaction (primitive GP_PRIM_COMPACT): copies the elements of in[0, n) that satisfy the
 * predicate to out[0, k), in their input order (stable), and writes k to *num_selected (device memory,
 * on the stream). out must hold n elements and must not overlap in (GP_ERROR_OVERLAP); elements of out
 * past k are not written. Comparisons are C's: x > value etc.; NaN fails all but NE; NONZERO is
 * x != 0 (value is ignored; -0.0f counts as zero). The flagged form keeps in[i] where flags[i] != 0.
 * n = 0 writes 0 to *num_selected. Scratch comes from the workspace (8 bytes per 4096 elements + 256
 * for the default rung). */
typedef enum gp_select_pred {
    GP_SELECT_GT = 0,   /* x >  value */
    GP_SELECT_GE,       /* x >= value */
    GP_SELECT_LT,       /* x <  value */
    GP_SELECT_LE,       /* x <= value */
    GP_SELECT_EQ,       /* x == value */
    GP_SELECT_NE,       /* x != value */
    GP_SELECT_NONZERO,  /* x != 0 */
    GP_SELECT_PRED_COUNT
} gp_select_pred;
GP_API gp_status gp_select_if_f32(gp_handle h, int64_t n, const float *in, gp_select_pred pred, float value, float *out,
                           int64_t *num_selected);
GP_API gp_status gp_select_if_i32(gp_handle h, int64_t n, const int32_t *in, gp_select_pred pred, int32_t value,
                           int32_t *out, int64_t *num_selected);
GP_API gp_status gp_select_flagged_f32(gp_handle h, int64_t n, const float *in, const uint8_t *flags, float *out,
                                int64_t *num_selected);
GP_API gp_status gp_select_flagged_i32(gp_handle h, int64_t n, const int32_t *in, const uint8_t *flags, int32_t *out,
                                int64_t *num_selected);
/* END scan API */

/* ---- histogram --------------------------------------------------------------------------------------- */
/* BEGIN histogram API */
/* Histograms of n samples into bins of 32-bit counts. The bins are overwritten, not accumulated: each call
 * zeroes them on the stream and then counts (no host synchronisation). n = 0 writes all-zero bins (samples
 * may then be NULL). 32-bit counts wrap modulo 2^32; the _u64 variants below count in 64 bits.
 * samples must be aligned to their element size (else GP_ERROR_INVALID_VALUE) and must not overlap bins
 * (GP_ERROR_OVERLAP); bins must be 4-byte aligned. The counts are exact and do not depend on the rung.
 *
 * gp_histogram_u8: 256 bins, sample x counts in bin x. */
GP_API gp_status gp_histogram_u8(gp_handle h, int64_t n, const uint8_t *samples, uint32_t *bins);
/* Even bins over [lower, upper), as cub::DeviceHistogram::HistogramEven with num_bins + 1 levels from
 * lower to upper: a sample x with lower <= x < upper counts in bin (int)((x - lower) * scale), where
 * scale = (float)num_bins / (upper - lower) is computed once in float and each operation is rounded to the
 * nearest float; if that rounds to num_bins (x just below upper) the sample goes to bin num_bins - 1.
 * Samples below lower, at or above upper, and NaN are ignored (not counted anywhere).
 * GP_ERROR_INVALID_VALUE unless num_bins >= 1, lower < upper, both finite and upper - lower and scale finite.
 * Any bin count works: bins that fit in shared memory are counted there, others with global atomics. */
GP_API gp_status gp_histogram_even_f32(gp_handle h, int64_t n, const float *samples, int num_bins, float lower,
                                float upper, uint32_t *bins);
/* Integer even bins: a sample x with lower <= x < upper counts in bin
 * floor((x - lower) * num_bins / (upper - lower)), computed exactly (64-bit) for any range; other samples
 * are ignored. GP_ERROR_INVALID_VALUE unless num_bins >= 1 and lower < upper. */
GP_API gp_status gp_histogram_even_i32(gp_handle h, int64_t n, const int32_t *samples, int num_bins, int32_t lower,
                                int32_t upper, uint32_t *bins);
/* The same with 64-bit counts (bins 8-byte aligned), for more than 2^32 - 1 samples in a bin. Each block
 * of the GPU still counts its share in 32 bits, so this holds while no block counts 2^32 samples of one
 * bin: n up to about 2^32 x (blocks in the grid), hundreds of blocks on a full GPU. */
GP_API gp_status gp_histogram_u8_u64(gp_handle h, int64_t n, const uint8_t *samples, uint64_t *bins);
GP_API gp_status gp_histogram_even_f32_u64(gp_handle h, int64_t n, const float *samples, int num_bins, float lower,
                                    float upper, uint64_t *bins);
GP_API gp_status gp_histogram_even_i32_u64(gp_handle h, int64_t n, const int32_t *samples, int num_bins, int32_t lower,
                                    int32_t upper, uint64_t *bins);
/* END histogram API */

/* ---- transpose --------------------------------------------------------------------------------------- */
/* BEGIN transpose API */
/* out = in^T, out of place. `in` is a rows x cols row-major matrix with leading dimension ld_in >= cols
 * (element (r, c) at in[r * ld_in + c]); `out` is the cols x rows row-major result with ld_out >= rows
 * (out[c * ld_out + r] = in[r * ld_in + c]). Only those cols x rows elements are written: the padding
 * columns of out (ld_out > rows) are left untouched. Any rows, cols (not only multiples of 32) and any
 * leading dimensions; pointers must be aligned to the element size (else GP_ERROR_INVALID_VALUE); the
 * fastest rung needs 16-byte aligned bases and leading dimensions that are multiples of 16 bytes, and
 * the call falls back to a slower rung otherwise. rows or cols == 0 is a no-op (pointers not checked).
 * in == out (in-place transpose) is not implemented: GP_ERROR_NOT_SUPPORTED; any other overlap of the
 * two matrices' memory ranges: GP_ERROR_OVERLAP. Bit-exact: elements are copied, never converted. */
GP_API gp_status gp_transpose_f32(gp_handle h, int64_t rows, int64_t cols, const float *in, int64_t ld_in, float *out,
                           int64_t ld_out);
/* The same for 64-bit elements (double; also usable for any 8-byte type). */
GP_API gp_status gp_transpose_f64(gp_handle h, int64_t rows, int64_t cols, const double *in, int64_t ld_in, double *out,
                           int64_t ld_out);
/* END transpose API */

/* ---- matrix multiply (f32, CUDA cores) ----------------------------------------------------------------- */
/* BEGIN sgemm API */
typedef enum gp_trans { GP_NO_TRANS = 0, GP_TRANS = 1 } gp_trans;
/* C = alpha * op(A) * op(B) + beta * C in f32 on CUDA cores (FMA, f32 accumulation), all row-major.
 * C is m x n with ldc >= n. op(A) is m x k: A is stored m x k (lda >= k) if ta == GP_NO_TRANS, k x m
 * (lda >= m) if GP_TRANS; likewise op(B) is k x n: B stored k x n (ldb >= n) or n x k (ldb >= k).
 * Only the m x n elements of C are written (the columns past n in each row of C are untouched).
 * m == 0 or n == 0: no-op. k == 0 or alpha == 0: C = beta * C, and A and B are not read.
 * beta == 0: C is not read (NaN in C does not propagate). C must not overlap A or B (GP_ERROR_OVERLAP;
 * the check compares the byte spans [first, last] of each matrix). Any alignment of the pointers and any
 * leading dimension are accepted: the vectorised rungs fall back to scalar loads/stores where a matrix
 * is not 16-byte aligned with ld a multiple of 4. The rungs that use a 2-D grid (01-08) refuse more than
 * 65535 tile rows, or batches of more than 65535 matrices (GP_ERROR_NOT_SUPPORTED); the automatic choice
 * has no such limit. Rung 11 (the automatic choice) cuts k into slices when the tiles of C do not fill the
 * GPU and adds the slices' partial products in a fixed order: it uses up to 256 x m x n x 4 bytes of the
 * workspace (less workspace: fewer slices), and the result stays identical from run to run. */
GP_API gp_status gp_sgemm(gp_handle h, gp_trans ta, gp_trans tb, int64_t m, int64_t n, int64_t k, float alpha,
                   const float *A, int64_t lda, const float *B, int64_t ldb, float beta, float *C, int64_t ldc);
/* batch_count products at once, as cublasSgemmStridedBatched: matrix z (0 <= z < batch_count) is A + z *
 * stride_a, B + z * stride_b, C + z * stride_c (strides in elements, >= 0; a stride of 0 reuses one A or B
 * for every product). Each product follows gp_sgemm's rules. The C matrices must not overlap one another
 * (stride_c >= (m - 1) * ldc + n, else GP_ERROR_OVERLAP) and the byte range of all of C must not overlap
 * that of all of A or of all of B. batch_count == 0: no-op. */
GP_API gp_status gp_sgemm_strided_batched(gp_handle h, gp_trans ta, gp_trans tb, int64_t m, int64_t n, int64_t k,
                                          float alpha, const float *A, int64_t lda, int64_t stride_a,
                                          const float *B, int64_t ldb, int64_t stride_b, float beta, float *C,
                                          int64_t ldc, int64_t stride_c, int64_t batch_count);
/* END sgemm API */

/* ---- matrix multiply on tensor cores (bf16, fp16, tf32) ------------------------------------------------ */
/* BEGIN gemm API */
typedef enum gp_dtype { GP_DTYPE_F32 = 0, GP_DTYPE_F16, GP_DTYPE_BF16, GP_DTYPE_COUNT } gp_dtype;
typedef enum gp_compute {
    GP_COMPUTE_F32 = 0, /* f16 / bf16 inputs: products exact in f32, f32 accumulation */
    GP_COMPUTE_TF32,    /* f32 inputs rounded to tf32 (10-bit mantissa), f32 accumulation */
    GP_COMPUTE_COUNT
} gp_compute;
/* C = alpha * op(A) * op(B) + beta * C on the tensor cores, row-major, with gp_sgemm's layout rules (A stored
 * m x k, lda >= k, or k x m, lda >= m, when transposed; B stored k x n, ldb >= n, or n x k, ldb >= k; C m x n,
 * ldc >= n; only C's m x n window is written; m or n == 0: no-op; k == 0 or alpha == 0: C = beta * C without
 * reading A or B; beta == 0: C is not read; C must not overlap A or B: GP_ERROR_OVERLAP).
 * Type combinations (else GP_ERROR_INVALID_VALUE):
 *   compute GP_COMPUTE_F32:  a_type == b_type == GP_DTYPE_F16 or GP_DTYPE_BF16; c_type GP_DTYPE_F32 or the
 *                            input type (converted with round-to-nearest-even after alpha/beta, in f32);
 *   compute GP_COMPUTE_TF32: a_type == b_type == c_type == GP_DTYPE_F32; inputs rounded to tf32 by the rung
 *                            (the mma.sync rungs: to nearest, ties away from zero, cvt.rna.tf32.f32).
 * Pointers must be aligned to their element size. Matrices whose base is 16-byte aligned and whose rows
 * start on 16-byte boundaries (ld x element size a multiple of 16) take the fast copies; others take a slower
 * element-wise copy inside the same kernels. The sums over k are accumulated in f32 in a rung-dependent order.
 * No allocation, no synchronisation. */
GP_API gp_status gp_gemm(gp_handle h, gp_trans ta, gp_trans tb, int64_t m, int64_t n, int64_t k, float alpha,
                         const void *A, gp_dtype a_type, int64_t lda, const void *B, gp_dtype b_type, int64_t ldb,
                         float beta, void *C, gp_dtype c_type, int64_t ldc, gp_compute compute);
/* END gemm API */

/* ---- sort (radix sort of keys, or of keys with values) ---------------------------------------------- */
/* BEGIN sort API */
/* Key types. Keys are ordered by value; f32 by the total order
 *     -inf < ... < -0.0 < +0.0 < ... < +inf < NaN,
 * where every NaN (either sign, any payload) equals every other NaN: NaNs come last, in their input order
 * (first in descending order, as torch.sort). */
typedef enum gp_sort_key { GP_SORT_U32 = 0, GP_SORT_I32, GP_SORT_F32, GP_SORT_U64, GP_SORT_I64, GP_SORT_KEY_COUNT } gp_sort_key;
typedef enum gp_sort_order { GP_SORT_ASCENDING = 0, GP_SORT_DESCENDING = 1, GP_SORT_ORDER_COUNT } gp_sort_order;

/* gp_sort_keys sorts keys_in[0, n) into keys_out[0, n); gp_sort_pairs also moves values_in[i] with its key,
 * values of value_bytes 4 or 8 (any 4- or 8-byte type: u32, u64, float, indices). Both are stable: keys that
 * compare equal keep their input order, in descending order too (descending reverses the key order, not
 * the order of equal keys). Out of place: keys_in and values_in are only read (never written, not even as
 * scratch); the outputs must not overlap the inputs, each other or the workspace (GP_ERROR_OVERLAP).
 *  - Bit range (as cub::DeviceRadixSort's begin_bit / end_bit): only bits [begin_bit, end_bit) of the key's
 *    order-preserving unsigned form are compared: the bits themselves for u32 / u64, with the sign bit
 *    flipped for i32 / i64, and for f32 the form of the order above (positive floats with the sign bit set,
 *    negative floats inverted, every NaN 0xffffffff; descending: all bits inverted). 0 <= begin_bit <=
 *    end_bit <= 8 x key bytes, else GP_ERROR_INVALID_VALUE; 0 and 32 (64) sort by the whole key; fewer bits
 *    sort faster (one digit pass per 8 bits); begin_bit == end_bit compares nothing: a copy.
 *  - Keys and values are moved, never converted: the outputs hold the inputs' bit patterns (NaN payloads and
 *    the bits outside the range included).
 *  - n is 64-bit: n >= 2^31 works where memory allows; n < 0: GP_ERROR_INVALID_VALUE; n = 0: nothing (the
 *    pointers are not checked); n = 1: a copy. Keys must be aligned to the key size, values to the value
 *    size (GP_ERROR_INVALID_VALUE); any such alignment works (16-byte aligned data loads faster).
 *  - Scratch: workspace_bytes at `workspace` (device memory, any alignment, no initial contents needed,
 *    garbage afterwards); workspace == NULL uses the handle's workspace (gp_set_workspace; gp_create's own is
 *    GP_DEFAULT_WORKSPACE_BYTES) and ignores workspace_bytes. gp_sort_workspace_size says how much a call
 *    needs; less is GP_ERROR_WORKSPACE_TOO_SMALL, returned before anything is queued.
 *  - Queued on the handle's stream: no allocation, no host synchronisation.
 * The rungs (GP_PRIM_SORT; gp_set_rung forces one; the automatic choice is the highest that the device
 * supports and that accepts the call), and what each needs:
 *   01 bitonic        sm_70; records (key bits, index) through a bitonic network, then a gather: O(n log^2 n).
 *                     Workspace 8 bytes per key (16 where the range bits + log2(n) exceed 64: 64-bit keys).
 *   02 radix_rts      sm_70; LSD radix sort, 8-bit digits, 3 kernels per pass (count, scan, scatter).
 *                     Workspace: a second buffer of n keys and values + 12 bytes x 256 x min(tiles, 1024).
 *   03 onesweep       sm_70; one histogram kernel for every pass, then one kernel per pass (decoupled
 *                     look-back over the tiles' digit counts). Workspace: a second buffer of n keys and
 *                     values + 2 KB per tile of 3456-6912 keys (0.3-0.6 bytes per key) + 4 KB per pass.
 *   04 one_block      sm_70; an input of one rung-03 tile (6912 u32 keys; 3456-5376 for wider elements) is
 *                     sorted by one block in one launch, no workspace. It takes only such inputs: a forced
 *                     rung 04 runs rung 03 above one tile (gp_get_last_rung says so).
 *   05 onesweep_lean  sm_80 and 128 KB of shared memory per block (A100, H100; not sm_86 / sm_89, which get
 *                     rungs 03-04); 3 blocks per SM, conflict-free histogram, passes whose keys share one
 *                     digit skipped. Up to 16384 keys (4-byte keys; 4096-8192 for wider elements): one block,
 *                     no workspace; above: a second buffer of n keys and values + 2 KB per tile of 3840-7680
 *                     keys (0.27-0.53 bytes per key) + 4 KB per pass. Configurations (gp_set_config, for tests and
 *                     tuning; gp_get_last_config says which ran): 0 the onesweep passes, 1-4 one block of
 *                     384x4, 1024x4, 1024x8 (elements of <= 8 bytes), 1024x16 keys (4-byte keys alone);
 *                     a forced configuration that cannot hold the call runs the size rule's choice. */
/* *bytes = the workspace a sort of n keys of key_type (with values of value_bytes 0, 4 or 8) needs through h,
 * for any order and bit range, with the rung and configuration h is set to now (0 where one block sorts the
 * input, or n <= 1). GP_ERROR_INVALID_VALUE for an unknown key type, value_bytes or n < 0. */
GP_API gp_status gp_sort_workspace_size(gp_handle h, gp_sort_key key_type, int value_bytes, int64_t n, size_t *bytes);
GP_API gp_status gp_sort_keys(gp_handle h, gp_sort_key key_type, int64_t n, const void *keys_in, void *keys_out,
                              gp_sort_order order, int begin_bit, int end_bit, void *workspace, size_t workspace_bytes);
GP_API gp_status gp_sort_pairs(gp_handle h, gp_sort_key key_type, int value_bytes, int64_t n, const void *keys_in,
                               void *keys_out, const void *values_in, void *values_out, gp_sort_order order,
                               int begin_bit, int end_bit, void *workspace, size_t workspace_bytes);
/* END sort API */

/* ---- stencils and convolutions (f32) ----------------------------------------------------------------- */
/* BEGIN stencil API */
/* Images are row-major rows x cols with a leading dimension (element (r, c) at in[r * ld_in + c],
 * ld_in >= cols); only the out_rows x out_cols elements of out are written (its padding columns are left
 * untouched). Filters are dense, row-major, in DEVICE memory (as in cuDNN and PyTorch), of odd sizes >= 1
 * (a size <= 0 or even is GP_ERROR_INVALID_VALUE). Every pointer must be 4-byte aligned (else
 * GP_ERROR_INVALID_VALUE); any alignment and any leading dimension work, and 16-byte aligned rows take the
 * vector paths. in and out must not overlap, nor a filter and out (GP_ERROR_OVERLAP: byte spans compared).
 * rows or cols == 0 is a no-op (pointers not checked). Arithmetic: f32 products accumulated in f32 with
 * fused multiply-adds in a rung-dependent order, so results differ between rungs by rounding only
 * (|got - exact| <= (taps + 2) 2^-24 sum |f||x|); border padding is zero values that are multiplied like
 * any other (a non-finite filter value gives NaN next to the border, as in cuDNN).
 *
 * Correlation (no filter flip: cuDNN's CUDNN_CROSS_CORRELATION, PyTorch's conv2d):
 *   GP_CONV_SAME:  out is rows x cols, out[r][c] = sum_{i<fr, j<fc} f[i][j] * in[r+i-fr/2][c+j-fc/2], with
 *                  in = 0 outside the image (filters larger than the image are fine);
 *   GP_CONV_VALID: out is (rows-fr+1) x (cols-fc+1), out[r][c] = sum f[i][j] * in[r+i][c+j]; a filter
 *                  larger than the image gives an empty output: a no-op that returns GP_SUCCESS. */
typedef enum gp_conv_mode {
    GP_CONV_SAME = 0,
    GP_CONV_VALID,
    GP_CONV_MODE_COUNT
} gp_conv_mode;
/* 2D correlation with an fr x fc filter. Filters up to 31 x 31 run on every rung (rungs 02-04 copy the
 * filter into constant memory, on the stream); a larger filter (any odd size) runs rung 01, which reads
 * it from global memory (the other rungs do not accept it, so a forced rung falls back to 01). No
 * workspace. */
GP_API gp_status gp_conv2d_f32(gp_handle h, int64_t rows, int64_t cols, const float *in, int64_t ld_in,
                               const float *filter, int fr, int fc, gp_conv_mode mode, float *out, int64_t ld_out);
/* Separable 2D filter (primitive GP_PRIM_SEPARABLE): the same as gp_conv2d_f32 with the fr x fc filter
 * f[i][j] = col_filter[i] * row_filter[j], computed as a row pass (fc taps, rounded to f32) followed by a
 * column pass (fr taps). Rung 01 (any odd sizes) writes the row pass to the workspace in strips of rows:
 * it needs fr * out_cols * 4 bytes of workspace at least (else GP_ERROR_WORKSPACE_TOO_SMALL); rung 02
 * (both filters up to 31 taps) fuses the two passes in shared memory and needs no workspace. */
GP_API gp_status gp_conv2d_separable_f32(gp_handle h, int64_t rows, int64_t cols, const float *in, int64_t ld_in,
                                         const float *row_filter, int fc, const float *col_filter, int fr,
                                         gp_conv_mode mode, float *out, int64_t ld_out);
/* 1D correlation of in[0, n) with k taps: SAME out[i] = sum_j filter[j] * in[i+j-k/2] (0 outside), n
 * outputs; VALID out[i] = sum_j filter[j] * in[i+j], n-k+1 outputs (none if k > n: a no-op). Runs as the
 * row pass of GP_PRIM_SEPARABLE's rung 01 on a 1 x n image (any odd k, no workspace; gp_get_last_rung on
 * GP_PRIM_SEPARABLE says 1). */
GP_API gp_status gp_conv1d_f32(gp_handle h, int64_t n, const float *in, const float *filter, int k, gp_conv_mode mode,
                               float *out);
/* 5-point Jacobi iteration over a rows x cols grid (leading dimension ld >= cols for both buffers).
 * u0 holds the initial grid. The boundary cells (row 0, row rows-1, column 0, column cols-1) are fixed;
 * each step sets every interior cell to 0.25f * (((u[i-1][j] + u[i+1][j]) + u[i][j-1]) + u[i][j+1]),
 * in exactly that order of float operations on every rung, so results are bit-identical across rungs.
 * Steps alternate u0 -> u1 -> u0 ...: the result is in u0 if steps is even, in u1 if it is odd. Both buffers
 * may be written: the other one then holds an intermediate state (which one depends on the rung), and
 * every grid written includes the boundary (so u1's boundary equals u0's once u1 is written).
 * steps == 0 (or rows or cols == 0) is a no-op; steps < 0 is GP_ERROR_INVALID_VALUE. u0 and u1 must not
 * overlap (GP_ERROR_OVERLAP). Rung 04 (temporal blocking) runs several steps per pass over the grid; it
 * takes calls with steps >= 2 (a single step runs rung 03). No workspace. */
GP_API gp_status gp_jacobi5_f32(gp_handle h, int64_t rows, int64_t cols, float *u0, float *u1, int64_t ld, int steps);
/* END stencil API */

#ifdef __cplusplus
}
#endif
#endif /* GPUPRIM_H */
