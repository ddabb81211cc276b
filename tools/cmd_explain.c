/* cmd_explain.c — `gpuprim explain PRIM --rung R` (GPU): the rung's main kernel's function attributes, its
 * occupancy from the model next to the runtime's, the achieved rate (the bench driver at that rung), and
 * ncu's bank-conflict/sector counters next to the models' predictions where ncu is on PATH. */
#define _POSIX_C_SOURCE 200809L /* popen, readlink, access */
#include "driver.h"
#include "devdata.h"
#include "analysis/analysis.h"
#include <cuda_runtime.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* What each rung's main kernel does to memory, for the predictions shown next to ncu's counters. Keyed by the
 * primitive's name so that rungs merged from other branches find theirs; a rung without an entry shows the
 * measured counters alone. Transpose entries assume the classic 32x32 tile read by a 32x8 block. */
typedef struct access_model {
    const char *prim;
    int rung;
    int ld_elem, ld_stride;     /* global loads: element bytes, lane stride in elements (0: none) */
    int st_elem, st_stride;     /* global stores; stride -1 = a column of the output (one sector per lane) */
    int smem;                   /* 1: shared tile of 32 + smem_pad columns, written by row, read transposed */
    int smem_pad;
} access_model;

static const access_model models[] = {
    {"map", 1, 4, 1, 4, 1, 0, 0},
    {"map", 2, 4, 1, 4, 1, 0, 0},
    {"map", 3, 16, 1, 16, 1, 0, 0},
    {"map", 4, 16, 1, 16, 1, 0, 0},
    {"transpose", 1, 4, 1, 4, -1, 0, 0},
    {"transpose", 2, 4, 1, 4, 1, 1, 0},
    {"transpose", 3, 4, 1, 4, 1, 1, 1},
};

static const char *ncu_metrics[] = {
    "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
    "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum",
    "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum",
    "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
    "smsp__inst_executed_op_shared_ld.sum",
    "smsp__inst_executed_op_shared_st.sum",
};
#define NCU_METRICS ((int)(sizeof ncu_metrics / sizeof ncu_metrics[0]))

static int have_ncu(void)
{
    const char *path = getenv("PATH");
    char buf[4096];
    while (path && *path) {
        const char *c = strchr(path, ':');
        size_t len = c ? (size_t)(c - path) : strlen(path);
        if (len && len < sizeof buf - 8) {
            snprintf(buf, sizeof buf, "%.*s/ncu", (int)len, path);
            if (access(buf, X_OK) == 0) return 1;
        }
        path = c ? c + 1 : NULL;
    }
    return 0;
}

static int run_ncu(const char *self, const char *prim, int rung, const gpt_opts *o, const char *filter_opt,
                   double *val)
{
    char cmd[4096], line[1024];
    size_t k;
    FILE *f;
    int found = 0;
    k = (size_t)snprintf(cmd, sizeof cmd, "ncu --clock-control none --csv --print-units base --launch-count 1 %s --metrics ",
                         filter_opt);
    for (int i = 0; i < NCU_METRICS && k < sizeof cmd; i++)
        k += (size_t)snprintf(cmd + k, sizeof cmd - k, "%s%s", i ? "," : "", ncu_metrics[i]);
    if (k < sizeof cmd)
        k += (size_t)snprintf(cmd + k, sizeof cmd - k, " '%s' verify %s --rung %d", self, prim, rung);
    if (o->n >= 0 && k < sizeof cmd) k += (size_t)snprintf(cmd + k, sizeof cmd - k, " --n %lld", (long long)o->n);
    if (o->m >= 0 && k < sizeof cmd) k += (size_t)snprintf(cmd + k, sizeof cmd - k, " --m %lld", (long long)o->m);
    if (o->k >= 0 && k < sizeof cmd) k += (size_t)snprintf(cmd + k, sizeof cmd - k, " --k %lld", (long long)o->k);
    if (k < sizeof cmd) snprintf(cmd + k, sizeof cmd - k, " 2>&1");
    printf("  $ %s\n", cmd);
    fflush(stdout);
    for (int i = 0; i < NCU_METRICS; i++) val[i] = -1;
    f = popen(cmd, "r");
    if (!f) return 0;
    while (fgets(line, sizeof line, f)) {
        int hit = 0;
        for (int i = 0; i < NCU_METRICS; i++)
            if (strstr(line, ncu_metrics[i])) { val[i] = gpa_ncu_csv_value(line); hit = found = 1; }
        if (!hit && (strstr(line, "==ERROR==") || strstr(line, "==WARNING==") || strstr(line, "ERR_NVGPUCTRPERM")))
            printf("  ncu: %s", line);
    }
    pclose(f);
    return found;
}

int gpt_arch_from_device(int device, gpa_arch *a, char *name, size_t name_len)
{
    struct cudaDeviceProp p;
    if (cudaGetDeviceProperties(&p, device) != cudaSuccess) return 1;
    snprintf(name, name_len, "sm_%d%d", p.major, p.minor);
    memset(a, 0, sizeof *a);
    a->name = name;
    a->example = "this device";
    a->cc_major = p.major;
    a->cc_minor = p.minor;
    a->sm_count = p.multiProcessorCount;
    a->max_threads_per_block = p.maxThreadsPerBlock;
    a->max_threads_per_sm = p.maxThreadsPerMultiProcessor;
    a->regs_per_block = p.regsPerBlock;
    a->regs_per_sm = p.regsPerMultiprocessor;
    a->warp_size = p.warpSize;
    a->smem_per_block = p.sharedMemPerBlock;
    a->smem_per_sm = p.sharedMemPerMultiprocessor;
    a->smem_per_block_optin = p.sharedMemPerBlockOptin;
    a->smem_reserved_per_block = p.reservedSharedMemPerBlock;
    return 0;
}

static const gpt_option explain_options[] = {
    {"--rung", "-r", GPT_OPT_RUNG, offsetof(gpt_opts, rung), "R", 0, 0, NULL, NULL,
     "a rung number or name of PRIM ('gpuprim list PRIM')", "the rung to explain (required)"},
    GPT_COUNT("--n", "-n", gpt_opts, n, "N", 1, (int64_t)1 << 62, "elements, or columns, for bench and verify"),
    GPT_COUNT("--m", NULL, gpt_opts, m, "M", 1, (int64_t)1 << 62, "rows (transpose, sgemm)"),
    GPT_COUNT("--k", NULL, gpt_opts, k, "K", 1, (int64_t)1 << 62, "the inner dimension (sgemm)"),
    GPT_FLAG("--no-bench", NULL, gpt_opts, no_bench, "skip the achieved rate"),
    GPT_FLAG("--no-ncu", NULL, gpt_opts, no_ncu, "skip the ncu counters"),
    GPT_END};

static int run_explain(int argc, char **argv)
{
    const gpt_command *cmd = &gpt_cmd_explain;
    gpt_opts o;
    const char *words[1];
    unsigned selected;
    int nw, rung, blocks_rt = -1, rc = 0;
    const gpt_prim_cli *pc = NULL;
    gp_rung_info ki;
    struct cudaFuncAttributes fa;
    gpa_arch arch;
    char arch_name[16];
    gpa_occ_result occ;
    gp_handle h;
    gpt_opts_default(&o);
    o.rung.number = GPT_RUNG_AUTO;
    if ((rc = gpt_parse(cmd, argc, argv, &o, words, &nw))) return rc == GPT_PARSE_HELP ? GPT_EXIT_OK : rc;
    if (nw != 1) return gpt_usage_error(cmd, "needs one primitive, e.g. 'gpuprim explain map --rung 3'");
    if ((rc = gpt_check_ladder_args(cmd, words, nw, &o, &selected))) return rc;
    pc = gpt_find_prim(words[0]);
    rung = gpt_opts_rung(&o, pc->prim);
    if (rung < 1)
        return gpt_usage_error(cmd, "needs one rung: --rung R with a rung number or name of %s (not 'auto' or 'all')",
                               pc->name);
    if (gp_get_rung_info(pc->prim, rung, &ki) != GP_SUCCESS || !ki.kernel)
        return gpt_usage_error(cmd, "%s rung %d names no kernel", pc->name, rung);
    if (!gpt_have_device()) {
        fprintf(stderr, "gpuprim explain: no usable GPU: no CUDA device found on this machine; explain needs an "
                        "NVIDIA GPU (gpuprim occupancy/banks/coalesce work without one)\n");
        return GPT_EXIT_NO_GPU;
    }
    if (!o.seed) o.seed = (int64_t)(gpt_clock_seed() >> 1) | 1;
    if (cudaFuncGetAttributes(&fa, ki.kernel) != cudaSuccess || gpt_arch_from_device(0, &arch, arch_name, sizeof arch_name)) {
        fprintf(stderr, "gpuprim explain: cannot read the kernel's attributes: %s\n",
                cudaGetErrorString(cudaGetLastError()));
        return 1;
    }
    /* a launch with more than the default 48 KiB of dynamic shared memory has opted in; do the same so that
     * the runtime's occupancy sees what the launch sees */
    if (ki.dyn_smem > (size_t)fa.maxDynamicSharedSizeBytes &&
        (cudaFuncSetAttribute(ki.kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)ki.dyn_smem) != cudaSuccess ||
         cudaFuncGetAttributes(&fa, ki.kernel) != cudaSuccess)) {
        fprintf(stderr, "gpuprim explain: cannot opt in to %zu B of dynamic shared memory\n", ki.dyn_smem);
        return 1;
    }
    {
        const char *kname = NULL;
        if (cudaFuncGetName(&kname, ki.kernel) != cudaSuccess) kname = NULL;
        printf("%s rung %02d %s: %s\n", pc->name, rung, gp_rung_name(pc->prim, rung), gp_rung_summary(pc->prim, rung));
        printf("  kernel:                  %s\n", kname ? kname : "?");
    }
    printf("  launch:                  %d threads/block, %zu B dynamic shared memory\n", ki.threads, ki.dyn_smem);
    printf("  registers/thread:        %d\n", fa.numRegs);
    printf("  static shared memory:    %zu B\n", fa.sharedSizeBytes);
    printf("  local memory (spills):   %zu B/thread%s\n", fa.localSizeBytes, fa.localSizeBytes ? "  <- spills or local arrays" : "");
    printf("  binary/PTX version:      sm_%d / %d\n", fa.binaryVersion, fa.ptxVersion);
    if (gpa_occupancy(&arch, ki.threads, fa.numRegs, fa.sharedSizeBytes + ki.dyn_smem, &occ)) {
        printf("  occupancy model:         %s\n", occ.suggestion);
    } else {
        printf("  occupancy (model):       %d blocks/SM, %d of %d warps = %.1f%%, limited by %s\n", occ.blocks_per_sm,
               occ.warps_per_sm, occ.max_warps_per_sm, 100.0 * occ.occupancy, gpa_limit_name(occ.limit));
        printf("  suggestion:              %s\n", occ.suggestion);
    }
    if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks_rt, ki.kernel, ki.threads, ki.dyn_smem) == cudaSuccess)
        printf("  occupancy (CUDA runtime): %d blocks/SM  %s\n", blocks_rt,
               blocks_rt == occ.blocks_per_sm ? "(matches the model)" : "<- DIFFERS from the model");
    if (blocks_rt >= 0 && blocks_rt != occ.blocks_per_sm) rc = 1;

    if (!o.no_bench) {
        gpb_report r;
        gpt_opts bo = o;
        int fails;
        if ((rc = gpt_open_handle("explain", &h))) return rc;
        gpb_report_init(&r);
        bo.rung.number = rung;
        printf("\nachieved rate (gpuprim bench %s --rung %d):\n", pc->name, rung);
        if (gpt_bench_begin(&r, 0)) fprintf(stderr, "gpuprim explain: cannot read the device's properties\n");
        fails = gpt_bench_prim(h, pc, &bo, &r);
        for (int i = 0; i < r.count; i++)
            if (r.rows[i].rung == rung)
                printf("  %s: %.1f %s (%.1f%% of the ceiling), %s\n", r.rows[i].variant, r.rows[i].rate,
                       r.rows[i].unit, r.rows[i].pct_ceiling, r.rows[i].verified == 1 ? "verified" : "NOT verified");
        if (fails) rc = 1;
        gpb_report_free(&r);
        gp_destroy(h);
    }

    if (!o.no_ncu) {
        double val[NCU_METRICS];
        char self[4096], filter[600], base[256];
        const char *kname = NULL;
        ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
        const access_model *m = NULL;
        printf("\nmeasured (ncu) vs predicted:\n");
        if (!have_ncu()) {
            printf("  ncu is not on PATH; skipped\n");
            return rc;
        }
        if (len <= 0 || cudaFuncGetName(&kname, ki.kernel) != cudaSuccess || !kname) {
            printf("  cannot find this program's path or the kernel's name; skipped\n");
            return rc;
        }
        self[len] = 0;
        gpa_kernel_base_name(kname, base, sizeof base);
        snprintf(filter, sizeof filter, "--kernel-name-base mangled --kernel-name '%.500s'", kname);
        if (strchr(kname, '\'') || !run_ncu(self, pc->name, rung, &o, filter, val)) {
            snprintf(filter, sizeof filter, "--kernel-name-base function --kernel-name 'regex:^%.240s$'", base);
            if (!run_ncu(self, pc->name, rung, &o, filter, val)) {
                printf("  ncu reported none of the metrics (no permission for the counters, or no launch of %s)\n",
                       kname);
                return rc;
            }
        }
        for (size_t i = 0; i < sizeof models / sizeof models[0]; i++)
            if (!strcmp(models[i].prim, pc->name) && models[i].rung == rung) m = &models[i];
        for (int i = 0; i < NCU_METRICS; i++) printf("  %-58s %.0f\n", ncu_metrics[i], val[i]);
        {
            double ld = val[1] > 0 ? val[0] / val[1] : -1, st = val[3] > 0 ? val[2] / val[3] : -1;
            double wld = val[8] > 0 ? val[6] / val[8] : -1, wst = val[9] > 0 ? val[7] / val[9] : -1;
            double cld = val[8] > 0 ? val[4] / val[8] : -1, cst = val[9] > 0 ? val[5] / val[9] : -1;
            gpa_coalesce_result cr;
            gpa_bank_result br;
            char msg[128];
            printf("  %-40s %10s %10s\n", "per warp request", "measured", "predicted");
            if (m && m->ld_elem) {
                gpa_coalesce_access ca = {m->ld_elem, m->ld_stride, 0, 32};
                gpa_coalesce(&ca, &cr, msg, sizeof msg);
                printf("  %-40s %10.2f %10d\n", "global load sectors/request", ld, cr.sectors);
            } else printf("  %-40s %10.2f %10s\n", "global load sectors/request", ld, "-");
            if (m && m->st_elem) {
                gpa_coalesce_access ca = {m->st_elem, m->st_stride < 0 ? 1024 : m->st_stride, 0, 32};
                gpa_coalesce(&ca, &cr, msg, sizeof msg);
                printf("  %-40s %10.2f %10d\n", "global store sectors/request", st, cr.sectors);
            } else printf("  %-40s %10.2f %10s\n", "global store sectors/request", st, "-");
            if (m && m->smem) {
                gpa_bank_access ba;
                memset(&ba, 0, sizeof ba);
                ba.row_elems = 32; ba.pad_elems = m->smem_pad; ba.elem_bytes = 4;
                ba.pattern = GPA_BANKS_BLOCK; ba.block_x = 32; ba.block_y = 8; ba.transposed = 0;
                gpa_banks(&ba, &br, msg, sizeof msg);
                printf("  %-40s %10.2f %10d\n", "shared store wavefronts/instruction", wst, br.wavefronts);
                printf("  %-40s %10.2f %10d\n", "shared store bank conflicts/instruction", cst, br.extra_wavefronts);
                ba.transposed = 1;
                gpa_banks(&ba, &br, msg, sizeof msg);
                printf("  %-40s %10.2f %10d\n", "shared load wavefronts/instruction", wld, br.wavefronts);
                printf("  %-40s %10.2f %10d\n", "shared load bank conflicts/instruction", cld, br.extra_wavefronts);
            } else if (val[8] > 0 || val[9] > 0) {
                printf("  %-40s %10.2f %10s\n", "shared load wavefronts/instruction", wld, "-");
                printf("  %-40s %10.2f %10s\n", "shared store wavefronts/instruction", wst, "-");
            }
            if (!m) printf("  (no access model for %s rung %d: predictions not shown)\n", pc->name, rung);
        }
    }
    return rc;
}

const gpt_command gpt_cmd_explain = {
    "explain", "PRIM --rung R [OPTIONS]",
    "on a GPU: a rung's registers, spills, occupancy (model vs runtime), achieved rate and ncu counters",
    explain_options, 1,
    "The rung's main kernel's registers, shared memory and spills (cudaFuncGetAttributes), its theoretical\n"
    "occupancy (gpuprim occupancy with this device's limits) next to the runtime's\n"
    "cudaOccupancyMaxActiveBlocksPerMultiprocessor, the achieved rate (gpuprim bench PRIM --rung R), and\n"
    "where ncu is on PATH the measured sectors per request and shared-memory wavefronts/bank conflicts of\n"
    "`gpuprim verify PRIM --rung R` next to the coalescing and bank models' predictions.\n"
    "Arguments are checked before the GPU is looked for.\n",
    gpt_print_prims_help,
    "exit codes: 0 success, 1 the model and the runtime differ or a result did not verify, 2 usage error,\n"
    "3 no usable GPU\n",
    run_explain};
