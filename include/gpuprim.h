/* gpuprim.h — the one public header of gpuprim: fast GPU parallel primitives in C.
 *
 * Conventions (as in cuBLAS / CUB):
 *  - every pointer to data is a device pointer (cudaMalloc, managed or mapped memory); a plain host pointer
 *    is refused with GP_ERROR_HOST_POINTER, never dereferenced;
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

const char *gp_status_string(gp_status s);

/* ---- handle ------------------------------------------------------------------------------------------ */
typedef struct gp_handle_s *gp_handle;

/* Creates a handle on the current device: reads the device's properties and allocates the default
 * workspace (GP_DEFAULT_WORKSPACE_BYTES). Returns GP_ERROR_NO_DEVICE where there is no CUDA device. */
#define GP_DEFAULT_WORKSPACE_BYTES ((size_t)32 << 20)
gp_status gp_create(gp_handle *h);
gp_status gp_destroy(gp_handle h);
gp_status gp_set_stream(gp_handle h, cudaStream_t stream);
gp_status gp_get_stream(gp_handle h, cudaStream_t *stream);
/* Uses the caller's device memory as workspace (NULL/0 returns to the handle's own). */
gp_status gp_set_workspace(gp_handle h, void *workspace, size_t bytes);
gp_status gp_get_workspace(gp_handle h, void **workspace, size_t *bytes);

/* ---- primitives and rungs ---------------------------------------------------------------------------- */
typedef enum gp_prim {
    GP_PRIM_MAP = 0,
    GP_PRIM_REDUCE,
    GP_PRIM_SCAN,
    GP_PRIM_COMPACT,
    GP_PRIM_HISTOGRAM,
    GP_PRIM_TRANSPOSE,
    GP_PRIM_SGEMM,
    GP_PRIM_COUNT
} gp_prim;

const char *gp_prim_name(gp_prim p);              /* "map", "reduce", ... ; NULL if out of range */
int gp_rung_count(gp_prim p);                     /* rungs are numbered 1..count; 0 if none are built */
const char *gp_rung_name(gp_prim p, int rung);    /* short name, e.g. "float4"; NULL if out of range */
const char *gp_rung_summary(gp_prim p, int rung); /* one line: what the rung changes over the previous */
/* 0 = automatic (the default: the dispatcher picks the fastest rung for the shape). */
gp_status gp_set_rung(gp_handle h, gp_prim p, int rung);
gp_status gp_get_rung(gp_handle h, gp_prim p, int *rung);
/* The rung the last call of primitive p actually ran (after automatic choice and fall-backs); 0 if none. */
gp_status gp_get_last_rung(gp_handle h, gp_prim p, int *rung);

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
gp_status gp_map_f32(gp_handle h, gp_binop op, int64_t n, const float *a, const float *b, float *c);
gp_status gp_vector_add_f32(gp_handle h, int64_t n, const float *a, const float *b, float *c);

/* ---- reduce ------------------------------------------------------------------------------------------ */
/* BEGIN reduce API */
/* END reduce API */

/* ---- scan and compaction ----------------------------------------------------------------------------- */
/* BEGIN scan API */
/* END scan API */

/* ---- histogram --------------------------------------------------------------------------------------- */
/* BEGIN histogram API */
/* END histogram API */

/* ---- transpose --------------------------------------------------------------------------------------- */
/* BEGIN transpose API */
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
 * is not 16-byte aligned with ld a multiple of 4. The rungs that use a 2-D grid refuse more than 65535
 * tile rows (GP_ERROR_NOT_SUPPORTED); the automatic choice has no such limit. */
gp_status gp_sgemm(gp_handle h, gp_trans ta, gp_trans tb, int64_t m, int64_t n, int64_t k, float alpha,
                   const float *A, int64_t lda, const float *B, int64_t ldb, float beta, float *C, int64_t ldc);
/* END sgemm API */

#ifdef __cplusplus
}
#endif
#endif /* GPUPRIM_H */
