/* cmd_analysis.c — `gpuprim occupancy|banks|coalesce|amdahl|gustafson`: the CPU models of src/analysis/ as
 * commands (no GPU needed). Options come from each command's table (opts.c); invalid arguments give a message
 * that names the flag, and exit code 2. */
#include "cli.h"
#include "analysis/analysis.h"
#include <stdlib.h>
#include <string.h>

static int parsed(int rc) { return rc == GPT_PARSE_HELP ? GPT_EXIT_OK : rc; }

/* ---------------------------------------------------------------- occupancy */

static void print_occupancy(const gpa_arch *a, int threads, int regs, size_t smem, const gpa_occ_result *o)
{
    printf("occupancy on %s (%s, cc %d.%d): %d threads/block, %d registers/thread, %zu B shared memory/block\n",
           a->name, a->example, a->cc_major, a->cc_minor, threads, regs, smem);
    printf("  allocated per block:     %d registers, %zu B shared memory (incl. %zu B reserved by the driver)\n",
           o->regs_per_block, o->smem_per_block, a->smem_reserved_per_block);
    printf("  blocks per SM allowed by: registers %d, shared memory %d, threads %d, block slots %d\n",
           o->limit_regs == 0x7fffffff ? -1 : o->limit_regs, o->limit_smem == 0x7fffffff ? -1 : o->limit_smem,
           o->limit_warps, o->limit_blocks);
    printf("  active blocks per SM:    %d\n", o->blocks_per_sm);
    printf("  active warps per SM:     %d of %d\n", o->warps_per_sm, o->max_warps_per_sm);
    printf("  theoretical occupancy:   %.1f%%\n", 100.0 * o->occupancy);
    printf("  limited by:              %s", gpa_limit_name(o->limit));
    for (int l = GPA_LIMIT_REGISTERS; l <= GPA_LIMIT_BARRIERS; l++)
        if (l != (int)o->limit && (o->limit_mask & (1u << l))) printf(" (and %s)", gpa_limit_name((gpa_limit)l));
    printf("\n  suggestion:              %s\n", o->suggestion);
}

typedef struct occupancy_opts {
    const char *arch;
    int64_t threads, regs, smem;
    int sweep;
} occupancy_opts;

static const gpt_option occupancy_options[] = {
    GPT_STRING("--arch", occupancy_opts, arch, "A", "sm_70, sm_75, sm_80, sm_86, sm_89, sm_90 (also 90, 9.0, sm_90a) or all",
               "the architecture's limits; default sm_90"),
    GPT_INT("--threads", occupancy_opts, threads, "T", 1, 1024, "threads per block; default 256"),
    GPT_INT("--regs", occupancy_opts, regs, "R", 0, 255, "registers per thread; default 32"),
    GPT_COUNT("--smem", NULL, occupancy_opts, smem, "B", 0, (int64_t)1 << 30,
              "shared memory per block in bytes, static + dynamic (12288, 48k); default 0"),
    GPT_FLAG("--sweep", NULL, occupancy_opts, sweep,
             "also tabulate every block size 32..1024 (multiples of 32) with these registers/smem"),
    GPT_END};

static int run_occupancy(int argc, char **argv)
{
    const gpt_command *cmd = &gpt_cmd_occupancy;
    occupancy_opts op = {"sm_90", 256, 32, 0, 0};
    const char *arch;
    int threads, regs, rc, nw;
    long long smem;
    if ((rc = gpt_parse(cmd, argc, argv, &op, NULL, &nw))) return parsed(rc);
    arch = op.arch;
    threads = (int)op.threads;
    regs = (int)op.regs;
    smem = (long long)op.smem;
    if (strcmp(arch, "all") && !gpa_arch_find(arch)) {
        char known[256];
        size_t used = 0;
        for (int j = 0; gpa_arch_at(j) && used < sizeof known; j++)
            used += (size_t)snprintf(known + used, sizeof known - used, "%s, ", gpa_arch_at(j)->name);
        return gpt_usage_error(cmd, "--arch takes %sall (also 90, 9.0, sm_90a), not '%s'", known, arch);
    }
    for (int k = 0; k < 64; k++) {
        const gpa_arch *ar = !strcmp(arch, "all") ? gpa_arch_at(k) : (k == 0 ? gpa_arch_find(arch) : NULL);
        gpa_occ_result o;
        if (!ar) break;
        if (gpa_occupancy(ar, threads, regs, (size_t)smem, &o)) return gpt_usage_error(cmd, "%s", o.suggestion);
        if (k) printf("\n");
        print_occupancy(ar, threads, regs, (size_t)smem, &o);
        if (o.blocks_per_sm == 0) rc = 1; /* such a launch fails */
        if (op.sweep) {
            printf("  block size sweep (%d registers, %lld B shared memory):\n  %7s %7s %6s %9s  %s\n", regs,
                   smem, "threads", "blocks", "warps", "occupancy", "limited by");
            for (int t = ar->warp_size; t <= ar->max_threads_per_block; t += ar->warp_size) {
                gpa_occ_result so;
                if (gpa_occupancy(ar, t, regs, (size_t)smem, &so)) continue;
                printf("  %7d %7d %6d %8.1f%%  %s%s\n", t, so.blocks_per_sm, so.warps_per_sm, 100.0 * so.occupancy,
                       gpa_limit_name(so.limit), t == threads ? "   <- this kernel" : "");
            }
        }
    }
    return rc;
}

const gpt_command gpt_cmd_occupancy = {
    "occupancy", "[OPTIONS]",
    "theoretical occupancy of a kernel: blocks/warps per SM, the limiter, what would raise it",
    occupancy_options, 0,
    "The toolkit's cuda_occupancy.h rules: active blocks and warps per SM, the limiting resource and what\n"
    "change would raise it. A value of -1 in 'allowed by' means that resource sets no limit.\n", NULL,
    "exit codes: 0 success, 1 not even one block fits (the launch would fail), 2 usage error\n", run_occupancy};

/* ---------------------------------------------------------------- banks */

typedef struct banks_opts {
    int64_t width, pad, row, col, stride, warp;
    int elem, pattern, read;   /* indices into the choices below */
    const char *block;
} banks_opts;

static const char *const elem_choices[] = {"4", "8", "16", NULL};
static const char *const pattern_choices[] = {"row", "column", "stride", "block", "col", NULL}; /* GPA_BANKS_*; col = column */
static const char *const read_choices[] = {"transposed", "direct", NULL};

static const gpt_option banks_options[] = {
    GPT_INT("--width", banks_opts, width, "W", 1, 1 << 20, "row width in elements; default 32"),
    GPT_INT("--pad", banks_opts, pad, "P", 0, 1 << 20, "padding elements per row (pitch = W + P); default 0"),
    GPT_ENUM("--elem", banks_opts, elem, "E", elem_choices, "element size in bytes; default 4"),
    GPT_ENUM("--pattern", banks_opts, pattern, "P", pattern_choices, "the access (below); default column"),
    GPT_INT("--row", banks_opts, row, "R", 0, 1 << 20, "the row of 'row', the first row of 'block'; default 0"),
    GPT_INT("--col", banks_opts, col, "C", 0, 1 << 20, "the column of 'column'; default 0"),
    GPT_INT("--stride", banks_opts, stride, "S", 0, 1 << 20, "the lane stride of 'stride'; default 1"),
    GPT_STRING("--block", banks_opts, block, "BXxBY", "BXxBY with BX*BY <= 1024 (e.g. 32x8)",
               "the thread block of 'block'; default 32x8"),
    GPT_INT("--warp", banks_opts, warp, "W", 0, 31, "the warp of 'block'; default 0"),
    GPT_ENUM("--read", banks_opts, read, "HOW", read_choices, "how 'block' reads its tile; default transposed"),
    GPT_END};

/* The access the options describe; 0 or a usage error. */
static int banks_access(int argc, char **argv, gpa_bank_access *a)
{
    const gpt_command *cmd = &gpt_cmd_banks;
    banks_opts o = {32, 0, 0, 0, 1, 0, 0, GPA_BANKS_COLUMN, 0, "32x8"};
    int rc, nw, bx = 0, by = 0, used = 0;
    if ((rc = gpt_parse(cmd, argc, argv, &o, NULL, &nw))) return rc;
    if (sscanf(o.block, "%dx%d%n", &bx, &by, &used) != 2 || o.block[used] || bx < 1 || by < 1 || bx > 1024 ||
        by > 1024 || bx * by > 1024)
        return gpt_usage_error(cmd, "--block takes BXxBY with BX*BY <= 1024 (e.g. 32x8), not '%s'", o.block);
    memset(a, 0, sizeof *a);
    a->row_elems = (int)o.width;
    a->pad_elems = (int)o.pad;
    a->elem_bytes = atoi(elem_choices[o.elem]);
    a->pattern = o.pattern == 4 ? GPA_BANKS_COLUMN : (gpa_bank_pattern)o.pattern;
    a->row = (int)o.row;
    a->col = (int)o.col;
    a->stride = (int)o.stride;
    a->warp = (int)o.warp;
    a->block_x = bx;
    a->block_y = by;
    a->transposed = o.read == 0;
    return 0;
}

static const char *pattern_text(const gpa_bank_access *a, char *buf, size_t n)
{
    switch (a->pattern) {
    case GPA_BANKS_ROW: snprintf(buf, n, "row %d: lane i reads (%d, i)", a->row, a->row); break;
    case GPA_BANKS_COLUMN: snprintf(buf, n, "column %d: lane i reads (i, %d)", a->col, a->col); break;
    case GPA_BANKS_STRIDE: snprintf(buf, n, "stride %d: lane i reads element %d*i", a->stride, a->stride); break;
    default:
        snprintf(buf, n, "%dx%d block, warp %d: thread (tx, ty) reads %s", a->block_x, a->block_y, a->warp,
                 a->transposed ? "(tx, ty+row) (transposed)" : "(ty+row, tx) (direct)");
    }
    return buf;
}

static int run_banks(int argc, char **argv)
{
    gpa_bank_access a;
    gpa_bank_result r;
    char msg[256], pat[128];
    int pitch, rc = banks_access(argc, argv, &a);
    if (rc) return parsed(rc);
    if (gpa_banks(&a, &r, msg, sizeof msg)) return gpt_usage_error(&gpt_cmd_banks, "%s", msg);
    pitch = a.row_elems + a.pad_elems;
    printf("shared array: rows of %d + %d padding = %d elements of %d bytes (pitch %d B)\n", a.row_elems,
           a.pad_elems, pitch, a.elem_bytes, pitch * a.elem_bytes);
    printf("access: %s\n", pattern_text(&a, pat, sizeof pat));
    printf("model: 32 banks x 4 B; %d phase%s of %d lanes; each lane covers %d bank%s\n\n", r.phases,
           r.phases > 1 ? "s" : "", r.lanes_per_phase, r.banks_per_lane, r.banks_per_lane > 1 ? "s" : "");
    printf("lane: (row, col) -> bank\n");
    for (int l = 0; l < GPA_WARP; l++) {
        printf("  %2d: (%4lld,%4lld) -> %2d%s", l, (long long)(r.elem[l] / pitch), (long long)(r.elem[l] % pitch),
               r.bank[l], (l % 4 == 3) ? "\n" : "   ");
    }
    /* picture: for each phase, banks across, one row per wavefront; a cell is the lane served */
    for (int ph = 0; ph < r.phases; ph++) {
        int64_t words[GPA_BANKS][GPA_WARP * 4];
        int lane_of[GPA_BANKS][GPA_WARP * 4], share[GPA_BANKS][GPA_WARP * 4];
        int count[GPA_BANKS] = {0}, depth = 0;
        for (int l = ph * r.lanes_per_phase; l < (ph + 1) * r.lanes_per_phase; l++)
            for (int k = 0; k < r.banks_per_lane; k++) {
                int64_t w = r.elem[l] * r.banks_per_lane + k;
                int b = (int)(w % GPA_BANKS), j;
                for (j = 0; j < count[b] && words[b][j] != w; j++) {}
                if (j == count[b]) { words[b][j] = w; lane_of[b][j] = l; share[b][j] = 1; count[b]++; }
                else share[b][j]++;
            }
        for (int b = 0; b < GPA_BANKS; b++) if (count[b] > depth) depth = count[b];
        printf("\nphase %d (lanes %d-%d): %d-way, %d wavefront%s; lanes -> banks (cell = lane, + = shared word)\n",
               ph + 1, ph * r.lanes_per_phase, (ph + 1) * r.lanes_per_phase - 1, depth, depth,
               depth > 1 ? "s" : "");
        printf("bank ");
        for (int b = 0; b < GPA_BANKS; b++) printf("%2d ", b);
        printf("\n");
        for (int d = 0; d < depth; d++) {
            printf("wf%-2d ", d + 1);
            for (int b = 0; b < GPA_BANKS; b++) {
                if (d < count[b]) printf("%2d%c", lane_of[b][d], share[b][d] > 1 ? '+' : ' ');
                else printf(" . ");
            }
            printf("\n");
        }
    }
    printf("\nresult: %d-way bank conflict; %d wavefront%s for the request (conflict-free minimum %d, "
           "%d extra)\n", r.nway, r.wavefronts, r.wavefronts > 1 ? "s" : "", r.ideal_wavefronts, r.extra_wavefronts);
    return 0;
}

const gpt_command gpt_cmd_banks = {
    "banks", "[OPTIONS]",
    "bank of each lane, n-way conflict, lanes->banks picture of one warp's shared-memory access",
    banks_options, 0,
    "A shared array of rows W + P elements wide, read by one warp.\n"
    "patterns: row:    lane i reads (R, i)\n"
    "          column: lane i reads (i, C)   (the default)\n"
    "          stride: lane i reads element i*S of the flat array\n"
    "          block:  a BXxBY thread block, warp W; thread (tx, ty) reads (tx, ty+R) with --read transposed\n"
    "                  (a shared-tile transpose's read) or (ty+R, tx) with --read direct\n"
    "Model: 32 banks x 4 bytes; lanes reading the same word share it (broadcast). 4-byte accesses are one\n"
    "phase of 32 lanes, 8-byte accesses two half-warp phases, 16-byte accesses four quarter-warp phases;\n"
    "a phase costs as many wavefronts as the most distinct words in one bank (its n-way conflict).\n"
    "'extra wavefronts' is what ncu counts as l1tex__data_bank_conflicts_pipe_lsu_mem_shared_*.\n",
    NULL, "exit codes: 0 success, 2 usage error (also an access outside the array)\n", run_banks};

/* ---------------------------------------------------------------- coalesce */

typedef struct coalesce_opts {
    int elem;
    int64_t stride, offset, lanes;
} coalesce_opts;

static const char *const coalesce_elem_choices[] = {"1", "2", "4", "8", "16", NULL};

static const gpt_option coalesce_options[] = {
    GPT_ENUM("--elem", coalesce_opts, elem, "E", coalesce_elem_choices, "element size in bytes; default 4"),
    GPT_INT("--stride", coalesce_opts, stride, "S", 0, 1 << 24,
            "elements between consecutive lanes (0 = all lanes read one element); default 1"),
    GPT_INT("--offset", coalesce_opts, offset, "B", 0, 1 << 24,
            "bytes of lane 0's address past a 128-byte boundary (a multiple of E); default 0"),
    GPT_INT("--lanes", coalesce_opts, lanes, "L", 1, 32, "active lanes; default 32"),
    GPT_END};

static int run_coalesce(int argc, char **argv)
{
    coalesce_opts o = {2, 1, 0, 32};
    gpa_coalesce_access a;
    gpa_coalesce_result r;
    char msg[256];
    int rc, nw;
    if ((rc = gpt_parse(&gpt_cmd_coalesce, argc, argv, &o, NULL, &nw))) return parsed(rc);
    a.elem_bytes = atoi(coalesce_elem_choices[o.elem]);
    a.stride = (int)o.stride;
    a.offset = (int)o.offset;
    a.lanes = (int)o.lanes;
    if (gpa_coalesce(&a, &r, msg, sizeof msg)) return gpt_usage_error(&gpt_cmd_coalesce, "%s", msg);
    printf("warp access: %d lanes, %d-byte elements, stride %d elements, offset %d B from a 128-B boundary\n",
           a.lanes, a.elem_bytes, a.stride, a.offset);
    /* picture: each touched 128-byte line with its four sectors, '#' = touched */
    {
        long long last_line = -1;
        int shown = 0;
        for (int i = 0; i < a.lanes && shown < 32; i++) {
            long long addr = a.offset + (long long)i * a.stride * a.elem_bytes, line = addr / 128;
            if (line == last_line) continue;
            {
                int seen = 0;
                for (int j = 0; j < i; j++) seen |= (a.offset + (long long)j * a.stride * a.elem_bytes) / 128 == line;
                if (seen) continue;
            }
            printf("  line @%8lld B: sectors [", line * 128);
            for (int sct = 0; sct < 4; sct++) {
                int hit = 0;
                for (int j = 0; j < a.lanes; j++) {
                    long long ad = a.offset + (long long)j * a.stride * a.elem_bytes;
                    hit |= ad / 32 == line * 4 + sct;
                }
                printf("%c", hit ? '#' : '.');
            }
            printf("]\n");
            last_line = line;
            shown++;
        }
    }
    printf("sectors (32 B) touched:  %d (fewest possible %d)\n", r.sectors, r.min_sectors);
    printf("cache lines (128 B):     %d\n", r.lines);
    printf("bytes requested:         %lld (%lld distinct)\n", (long long)r.bytes_requested, (long long)r.bytes_unique);
    printf("bytes moved:             %lld\n", (long long)r.bytes_moved);
    printf("efficiency:              %.1f%%\n", 100.0 * r.efficiency);
    return 0;
}

const gpt_command gpt_cmd_coalesce = {
    "coalesce", "[OPTIONS]",
    "32-byte sectors, bytes requested vs moved, efficiency of one warp's global access",
    coalesce_options, 0,
    "Lane i (i < L) reads E bytes at B + i*S*E. Reports the 32-byte sectors and 128-byte lines touched, bytes requested vs moved and the efficiency\n"
    "(distinct bytes requested / bytes moved). ncu: l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum per\n"
    "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum is the sectors per request.\n",
    NULL, "exit codes: 0 success, 2 usage error (also an offset that is not a multiple of E)\n", run_coalesce};

/* ---------------------------------------------------------------- amdahl / gustafson */

typedef struct speedup_opts {
    gpt_list fractions, procs;
    int law;  /* index into law_choices */
} speedup_opts;

static const char *const law_choices[] = {"both", "amdahl", "gustafson", NULL}; /* index 1 and 2: the law's bit */
static const gpt_list_domain fraction_domain = {0.0, 1.0, 0, 16}, procs_domain = {1.0, 1e12, 1, 32};

#define SPEEDUP_OPTIONS                                                                                        \
    GPT_LIST("--fractions", speedup_opts, fractions, "F1,F2,...", &fraction_domain,                             \
             "parallel fractions p; default 0.5,0.75,0.9,0.95,0.99,0.999"),                                     \
    GPT_LIST("--procs", speedup_opts, procs, "N1,N2,...", &procs_domain,                                       \
             "processor counts N; default 1,2,4,...,128,132,256,1024,16384")
static const gpt_option amdahl_options[] = {
    SPEEDUP_OPTIONS, GPT_ENUM("--law", speedup_opts, law, "LAW", law_choices, "which table(s); default both"), GPT_END};
static const gpt_option gustafson_options[] = {SPEEDUP_OPTIONS, GPT_END};

static int speedup(const gpt_command *cmd, int argc, char **argv, int law_default)
{
    speedup_opts o = {{6, {0.5, 0.75, 0.9, 0.95, 0.99, 0.999}},
                      {12, {1, 2, 4, 8, 16, 32, 64, 128, 132, 256, 1024, 16384}},
                      law_default};
    const double *fr = o.fractions.v, *pr = o.procs.v;
    int rc, nw, nf, np, law;
    if ((rc = gpt_parse(cmd, argc, argv, &o, NULL, &nw))) return parsed(rc);
    nf = o.fractions.count;
    np = o.procs.count;
    law = o.law == 0 ? 3 : o.law; /* 1 amdahl, 2 gustafson, 3 both */
    for (int which = 1; which <= 2; which++) {
        if (!(law & which)) continue;
        printf("%s speed-up%s\n%10s", which == 1 ? "Amdahl" : "Gustafson",
               which == 1 ? " (fixed problem size): S = 1 / ((1-p) + p/N)" : " (scaled problem): S = (1-p) + p*N",
               "N \\ p");
        for (int f = 0; f < nf; f++) printf(" %10g", fr[f]);
        printf("\n");
        for (int k = 0; k < np; k++) {
            printf("%10.0f", pr[k]);
            for (int f = 0; f < nf; f++)
                printf(" %10.4g", which == 1 ? gpa_amdahl(fr[f], pr[k]) : gpa_gustafson(fr[f], pr[k]));
            printf("\n");
        }
        if (which == 1) {
            printf("%10s", "N -> inf");
            for (int f = 0; f < nf; f++) {
                if (fr[f] >= 1.0) printf(" %10s", "inf");
                else printf(" %10.4g", 1.0 / (1.0 - fr[f]));
            }
            printf("\n");
        }
        if (law == 3 && which == 1) printf("\n");
    }
    return 0;
}

static int run_amdahl(int argc, char **argv) { return speedup(&gpt_cmd_amdahl, argc, argv, 0); }
static int run_gustafson(int argc, char **argv) { return speedup(&gpt_cmd_gustafson, argc, argv, 2); }

#define SPEEDUP_DETAILS                                                                                        \
    "Amdahl (fixed problem): S = 1 / ((1 - p) + p / N); Gustafson (problem grown with N, fixed time):\n"        \
    "S = (1 - p) + p * N.\n"
const gpt_command gpt_cmd_amdahl = {"amdahl", "[OPTIONS]", "Amdahl and Gustafson speed-up tables", amdahl_options, 0,
                                    SPEEDUP_DETAILS, NULL, "exit codes: 0 success, 2 usage error\n", run_amdahl};
const gpt_command gpt_cmd_gustafson = {"gustafson", "[OPTIONS]", "the scaled (Gustafson) speed-up table",
                                       gustafson_options, 0, SPEEDUP_DETAILS, NULL,
                                       "exit codes: 0 success, 2 usage error\n", run_gustafson};
