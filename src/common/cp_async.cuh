/* cp_async.cuh — cp.async (sm_80+): copies from global to shared memory that do not pass through
 * registers and complete asynchronously, in commit groups the thread waits for. Used by the sgemm
 * pipeline (rungs 09-10) and the staged tiles (common/staged_tile.cuh: scan rungs 06-07, compaction rungs 03-04).
 * `src_bytes` < the copy size reads only that many bytes and zero-fills the rest (0: reads nothing, and
 * the source must still be a valid address: callers pass the array's base). */
#ifndef GP_COMMON_CP_ASYNC_CUH
#define GP_COMMON_CP_ASYNC_CUH

__device__ __forceinline__ unsigned gp_smem_addr(const void *p) { return (unsigned)__cvta_generic_to_shared(p); }

/* 16 bytes, L2 only (.cg: streaming data need not occupy L1) */
__device__ __forceinline__ void gp_cp_async16(void *smem, const void *gmem, int src_bytes)
{
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(gp_smem_addr(smem)), "l"(gmem), "r"(src_bytes));
}
__device__ __forceinline__ void gp_cp_async16_full(void *smem, const void *gmem)
{
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(gp_smem_addr(smem)), "l"(gmem));
}
/* 4 bytes (.ca: the only cache mode cp.async allows below 16 bytes) */
__device__ __forceinline__ void gp_cp_async4(void *smem, const void *gmem, int src_bytes)
{
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;\n" ::"r"(gp_smem_addr(smem)), "l"(gmem), "r"(src_bytes));
}
__device__ __forceinline__ void gp_cp_async4_full(void *smem, const void *gmem)
{
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" ::"r"(gp_smem_addr(smem)), "l"(gmem));
}
__device__ __forceinline__ void gp_cp_async_commit() { asm volatile("cp.async.commit_group;\n" ::); }
/* waits until at most N of this thread's commit groups are still in flight */
template <int N>
__device__ __forceinline__ void gp_cp_async_wait() { asm volatile("cp.async.wait_group %0;\n" ::"n"(N)); }

/* Asks L2 to fetch bytes from p on (p 16-byte aligned, bytes a multiple of 16) and returns at once: nothing
 * comes to the SM, so it holds no registers or shared memory while DRAM answers. sm_90: one bulk prefetch
 * (cp.async.bulk.prefetch.L2, the TMA unit); before: a prefetch per 128-byte line, spread over the block. */
__device__ __forceinline__ void gp_prefetch_l2(const void *p, unsigned bytes, bool one_thread)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    if (one_thread && bytes) asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" ::"l"(p), "r"(bytes) : "memory");
#else
    (void)one_thread;
    for (unsigned o = threadIdx.x * 128u; o < bytes; o += blockDim.x * 128u)
        asm volatile("prefetch.global.L2 [%0];" ::"l"((const char *)p + o));
#endif
}

#endif
