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
/* out = in^T, out of place. `in` is a rows x cols row-major matrix with leading dimension ld_in >= cols
 * (element (r, c) at in[r * ld_in + c]); `out` is the cols x rows row-major result with ld_out >= rows
 * (out[c * ld_out + r] = in[r * ld_in + c]). Only those cols x rows elements are written: the padding
 * columns of out (ld_out > rows) are left untouched. Any rows, cols (not only multiples of 32) and any
 * leading dimensions; pointers must be aligned to the element size (else GP_ERROR_INVALID_VALUE); the
 * fastest rung needs 16-byte aligned bases and leading dimensions that are multiples of 16 bytes, and
 * the call falls back to a slower rung otherwise. rows or cols == 0 is a no-op (pointers not checked).
 * in == out (in-place transpose) is not implemented: GP_ERROR_NOT_SUPPORTED; any other overlap of the
 * two matrices' memory ranges: GP_ERROR_OVERLAP. Bit-exact: elements are copied, never converted. */
gp_status gp_transpose_f32(gp_handle h, int64_t rows, int64_t cols, const float *in, int64_t ld_in, float *out,
                           int64_t ld_out);
/* The same for 64-bit elements (double; also usable for any 8-byte type). */
gp_status gp_transpose_f64(gp_handle h, int64_t rows, int64_t cols, const double *in, int64_t ld_in, double *out,
                           int64_t ld_out);
/* END transpose API */

/* ---- matrix multiply (f32, CUDA cores) ----------------------------------------------------------------- */
/* BEGIN sgemm API */
/* END sgemm API */

#ifdef __cplusplus
}
#endif
#endif /* GPUPRIM_H */
