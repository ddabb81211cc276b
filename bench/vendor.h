/* vendor.h — the vendor baselines the ladders are measured against (CUB, cuBLAS, cuDNN), behind plain C calls.
 * bench/vendor_*.cu are the only code that links them. Each call returns 0 on success and only enqueues
 * work on its stream; temporary storage is sized by a first call and allocated outside the timed runs. */
#ifndef GPB_VENDOR_H
#define GPB_VENDOR_H

#include <stddef.h>
#include <stdint.h>
#include "gpuprim.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Element types of the baselines' inputs. */
typedef enum gpb_type { GPB_U8 = 0, GPB_I32, GPB_F32, GPB_F64 } gpb_type;

/* cub::DeviceReduce::Sum/Min/Max of n elements of `type` (F32, F64 or I32) into *out (float, double, or
 * int64 for I32); temp == NULL sets *temp_bytes only (vendor_reduce.cu). */
int gpb_vendor_reduce(gpb_type type, gp_reduce_op op, int64_t n, const void *in, void *out, void *temp,
                      size_t *temp_bytes, cudaStream_t s);
/* cub::DeviceReduce::ArgMax (value and index outputs); temp == NULL sets *temp_bytes only. */
int gpb_vendor_argmax_f32(int64_t n, const float *in, float *max_out, int64_t *index_out, void *temp,
                          size_t *temp_bytes, cudaStream_t s);

/* cub::DeviceScan::InclusiveSum and cub::DeviceSelect::If (x > value) (vendor_scan.cu). init sizes the
 * temporary storage once for n elements (n <= INT32_MAX: CUB's int sizes); free releases it. */
int gpb_vendor_scan_init(int64_t n);
void gpb_vendor_scan_free(void);
int gpb_vendor_inclusive_sum_i32(const int32_t *in, int32_t *out, int64_t n, cudaStream_t s);
int gpb_vendor_inclusive_sum_f32(const float *in, float *out, int64_t n, cudaStream_t s);
int gpb_vendor_select_gt_f32(const float *in, float *out, int64_t *num_selected, int64_t n, float value,
                             cudaStream_t s);

/* cub::DeviceHistogram::HistogramEven into 32-bit counts, samples of `type` (U8: 256 bins, lower/upper
 * ignored; F32; I32); temp == NULL only sets *temp_bytes (vendor_histogram.cu). */
int gpb_vendor_histogram_even(gpb_type type, void *temp, size_t *temp_bytes, const void *samples, int64_t n,
                              int num_bins, double lower, double upper, uint32_t *bins, cudaStream_t s);

/* out = in^T with cublasSgeam, same layout as gp_transpose_f32 (vendor_transpose.cu). create makes the
 * cuBLAS handle once, on stream s; the transpose only enqueues. */
int gpb_vendor_transpose_create(cudaStream_t s);
int gpb_vendor_transpose_f32(int64_t rows, int64_t cols, const float *in, int64_t ld_in, float *out,
                             int64_t ld_out);
void gpb_vendor_transpose_destroy(void);

/* cublasSgemm (pedantic fp32) on row-major operands, same arguments as gp_sgemm (vendor_sgemm.cu). */
int gpb_vendor_sgemm(int ta, int tb, int64_t m, int64_t n, int64_t k, float alpha, const float *A, int64_t lda,
                     const float *B, int64_t ldb, float beta, float *C, int64_t ldc, cudaStream_t s);

/* cublasSgemmStridedBatched (pedantic fp32), same arguments as gp_sgemm_strided_batched. */
int gpb_vendor_sgemm_strided_batched(int ta, int tb, int64_t m, int64_t n, int64_t k, float alpha, const float *A,
                                     int64_t lda, int64_t stride_a, const float *B, int64_t ldb, int64_t stride_b,
                                     float beta, float *C, int64_t ldc, int64_t stride_c, int64_t batch,
                                     cudaStream_t s);

/* cublasLtMatmul on row-major operands, same arguments as gp_gemm (vendor_gemm.cu): the fastest of the
 * heuristic's algorithms for the call, chosen by timing each (gpb_time, 10 runs) the first time a shape is seen (that call
 * synchronises the stream and overwrites C; the following calls of the same shape only enqueue). */
int gpb_vendor_gemm(int ta, int tb, int64_t m, int64_t n, int64_t k, float alpha, const void *A, int64_t lda,
                    const void *B, int64_t ldb, float beta, void *C, int64_t ldc, gp_dtype ab, gp_dtype c,
                    gp_compute compute, cudaStream_t s);

/* cub::DeviceRadixSort::SortKeys (keys_in .. keys_out) or, with values_in, SortPairs of u32 keys and u32 values,
 * over the whole key, ascending (vendor_sort.cu). Keys: GP_SORT_U32, GP_SORT_F32 or GP_SORT_U64; n <= INT32_MAX
 * (CUB's int sizes); temp == NULL only sets *temp_bytes. CUB's f32 order differs from gp_sort_keys' in two
 * places only: -0.0 and +0.0 are equal (input order), and NaNs with the sign bit set come first. */
int gpb_vendor_sort(gp_sort_key key, int64_t n, const void *keys_in, void *keys_out, const void *values_in,
                    void *values_out, void *temp, size_t *temp_bytes, cudaStream_t s);

/* cuDNN's f32 correlation of a dense rows x cols image (NCHW 1x1xHxW) with a dense fr x fc filter, SAME (zero
 * padding fr/2, fc/2) or VALID, into a dense output, as gp_conv2d_f32 computes it (vendor_conv.cu; FMA math, no
 * TF32). plan finds the fastest algorithm for the shape on the call's own buffers (out is overwritten; it
 * synchronises), allocates its workspace once and describes it in desc ("fft tiling, 123 B workspace"); 1 if
 * there is no cuDNN baseline, with the reason in desc ("cuDNN not available (built without it)", a cuDNN error).
 * gpb_vendor_conv then only enqueues the planned call; destroy frees the plan and the cuDNN handle. */
int gpb_vendor_conv_plan(int64_t rows, int64_t cols, int fr, int fc, int valid, const float *in, const float *filter,
                         float *out, cudaStream_t s, char *desc, size_t len);
int gpb_vendor_conv(const float *in, const float *filter, float *out, cudaStream_t s);
void gpb_vendor_conv_destroy(void);

#ifdef __cplusplus
}
#endif
#endif
