/* dist_internal.h — what gpuprim_dist's host code (dist.c) and its kernels (dist_kernels.cu) share: the kernel
 * launchers. Private to gpuprim_dist. */
#ifndef GP_DIST_INTERNAL_H
#define GP_DIST_INTERNAL_H

#include "dist_plan.h"
#include <cuda_runtime_api.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

cudaError_t gp__dist_launch_make_samples(const uint32_t *sorted, int64_t n, uint32_t rank, int64_t S,
                                         gp__dist_sample *out, cudaStream_t stream);
cudaError_t gp__dist_launch_sample_keys(const gp__dist_sample *all, int64_t m, uint64_t *keys, uint32_t *order,
                                        cudaStream_t stream);
cudaError_t gp__dist_launch_splitters(const gp__dist_sample *all, const uint32_t *order, int64_t m, int P,
                                      gp__dist_sample *splitters, cudaStream_t stream);
cudaError_t gp__dist_launch_send_counts(const uint32_t *sorted, int64_t n, uint32_t rank,
                                        const gp__dist_sample *splitters, int P, int64_t capacity, int64_t *row,
                                        cudaStream_t stream);
/* One step of the 2-rank merge (dist_plan.h): A = a_k[0, na) (and a_v), this rank's bucket; B = b_k, the
 * peer's, of which b_hi keys have arrived (last: all of them); out = the merged output. first: the first step
 * (the state starts at 0). parts: parts_len int64 (at least outputs / GP_DIST_MERGE_TILE + 2, and 2).
 * expect: the outputs this step is likely to make (sizes the grid only). Three kernels
 * on the stream: the step's ranges into state, the tiles' merge path into parts, the merge. */
cudaError_t gp__dist_launch_merge_step(const uint32_t *a_k, const uint32_t *a_v, int64_t na, const uint32_t *b_k,
                                       const uint32_t *b_v, int64_t b_hi, int last, int first, int a_first,
                                       uint32_t *out_k, uint32_t *out_v, int64_t *state, int64_t *parts,
                                       int64_t parts_len, int64_t expect, cudaStream_t stream);
/* is_f32: float, else int32. */
cudaError_t gp__dist_launch_scan_total(int is_f32, const void *saved_last, const void *out, int64_t n, void *total,
                                       cudaStream_t stream);
cudaError_t gp__dist_launch_add_offset(int is_f32, void *out, int64_t n, const void *totals, int me,
                                       cudaStream_t stream);

#ifdef __cplusplus
}
#endif
#endif
