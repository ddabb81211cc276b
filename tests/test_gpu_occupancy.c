/* test_gpu_occupancy.c — the occupancy model (src/analysis, cuda_occupancy.h fed from this device's
 * properties and each kernel's cudaFuncGetAttributes) against the runtime's
 * cudaOccupancyMaxActiveBlocksPerMultiprocessor, for the main kernel of every rung of every primitive, at its
 * launch configuration and at other block sizes; and the CPU tool's architecture table against this device.
 * Exits 77 (skipped) without a CUDA device. */
#include "tcheck.h"
#include "devdata.h"
#include "gpuprim.h"
#include "analysis/analysis.h"
#include <cuda_runtime.h>
#include <string.h>

static int compare(const gpa_arch *arch, const char *what, const void *fn, int threads, size_t dyn,
                   const struct cudaFuncAttributes *fa)
{
    gpa_occ_result o;
    int rt = -1;
    CHECK_EQ_INT(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&rt, fn, threads, dyn), cudaSuccess);
    CHECK_EQ_INT(gpa_occupancy(arch, threads, fa->numRegs, fa->sharedSizeBytes + dyn, &o), 0);
    if (o.blocks_per_sm != rt)
        fprintf(stderr, "  %s, %d threads, %d regs, %zu+%zu B smem: model %d blocks/SM, runtime %d\n", what, threads,
                fa->numRegs, fa->sharedSizeBytes, dyn, o.blocks_per_sm, rt);
    CHECK_EQ_INT(o.blocks_per_sm, rt);
    return o.blocks_per_sm == rt;
}

int main(void)
{
    gpa_arch arch;
    char arch_name[16];
    const gpa_arch *table;
    int kernels = 0;
    gpt_skip_without_device("test_gpu_occupancy");
    CHECK_EQ_INT(gpt_arch_from_device(0, &arch, arch_name, sizeof arch_name), 0);
    printf("device %s: %d SMs, %d threads/SM, %zu B shared/SM, %zu opt-in, %zu reserved\n", arch_name,
           arch.sm_count, arch.max_threads_per_sm, arch.smem_per_sm, arch.smem_per_block_optin,
           arch.smem_reserved_per_block);
    /* the CPU tool's table entry for this architecture must describe this device (SM count aside) */
    table = gpa_arch_find(arch_name);
    if (table) {
        CHECK_EQ_INT(table->max_threads_per_block, arch.max_threads_per_block);
        CHECK_EQ_INT(table->max_threads_per_sm, arch.max_threads_per_sm);
        CHECK_EQ_INT(table->regs_per_block, arch.regs_per_block);
        CHECK_EQ_INT(table->regs_per_sm, arch.regs_per_sm);
        CHECK_EQ_INT(table->warp_size, arch.warp_size);
        CHECK_EQ_INT(table->smem_per_block, arch.smem_per_block);
        CHECK_EQ_INT(table->smem_per_sm, arch.smem_per_sm);
        CHECK_EQ_INT(table->smem_per_block_optin, arch.smem_per_block_optin);
        CHECK_EQ_INT(table->smem_reserved_per_block, arch.smem_reserved_per_block);
    } else {
        printf("note: %s is not in the CPU tool's table\n", arch_name);
    }
    for (int p = 0; p < GP_PRIM_COUNT; p++) {
        for (int r = 1; r <= gp_rung_count((gp_prim)p); r++) {
            gp_rung_info ki;
            struct cudaFuncAttributes fa;
            char what[96];
            gpa_occ_result o;
            int rt = -1;
            if (gp_get_rung_info((gp_prim)p, r, &ki) != GP_SUCCESS || !ki.kernel) {
                printf("%s rung %d: no kernel registered\n", gp_prim_name((gp_prim)p), r);
                continue;
            }
            snprintf(what, sizeof what, "%s %02d %s", gp_prim_name((gp_prim)p), r, gp_rung_name((gp_prim)p, r));
            CHECK_EQ_INT(cudaFuncGetAttributes(&fa, ki.kernel), cudaSuccess);
            CHECK(ki.threads >= 1 && ki.threads <= fa.maxThreadsPerBlock);
            /* a kernel launched with more than the default 48 KiB has opted in; do the same here */
            if (ki.dyn_smem > (size_t)fa.maxDynamicSharedSizeBytes) {
                CHECK_EQ_INT(cudaFuncSetAttribute(ki.kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)ki.dyn_smem),
                             cudaSuccess);
                CHECK_EQ_INT(cudaFuncGetAttributes(&fa, ki.kernel), cudaSuccess);
            }
            kernels++;
            compare(&arch, what, ki.kernel, ki.threads, ki.dyn_smem, &fa);
            gpa_occupancy(&arch, ki.threads, fa.numRegs, fa.sharedSizeBytes + ki.dyn_smem, &o);
            cudaOccupancyMaxActiveBlocksPerMultiprocessor(&rt, ki.kernel, ki.threads, ki.dyn_smem);
            printf("%-28s %4d threads %3d regs %6zu+%-6zu B smem %4zu B local: %2d blocks/SM (runtime %2d), "
                   "%5.1f%%, %s\n", what, ki.threads, fa.numRegs, fa.sharedSizeBytes, ki.dyn_smem, fa.localSizeBytes,
                   o.blocks_per_sm, rt, 100.0 * o.occupancy, gpa_limit_name(o.limit));
            /* other block sizes, same kernel (registers and shared memory as compiled) */
            for (int t = 32; t <= fa.maxThreadsPerBlock; t *= 2) compare(&arch, what, ki.kernel, t, ki.dyn_smem, &fa);
            if (fa.maxThreadsPerBlock >= 96) compare(&arch, what, ki.kernel, 96, ki.dyn_smem, &fa);
            if (fa.maxThreadsPerBlock >= 768) compare(&arch, what, ki.kernel, 768, ki.dyn_smem, &fa);
        }
    }
    printf("%d kernels compared\n", kernels);
    CHECK(kernels > 0);
    CHECK_EQ_INT(cudaGetLastError(), cudaSuccess);
    return tc_summary("test_gpu_occupancy");
}
