/* cmd_analysis.c — `gpuprim occupancy|banks|coalesce|amdahl|gustafson` (CPU models of src/analysis/) and
 * `gpuprim explain PRIM --rung R` (GPU: function attributes, occupancy next to the runtime's, the achieved
 * rate, and ncu's bank-conflict/sector counters next to the models' predictions where ncu is on PATH).
 * Invalid arguments: a message on stderr and exit code 2. */
#define _POSIX_C_SOURCE 200809L /* popen, readlink, access */
#include "gpt.h"
#include "analysis/analysis.h"
#include <cuda_runtime.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BAD_ARGS 2

static int is_help(const char *a) { return !strcmp(a, "--help") || !strcmp(a, "-h"); }

static int bad(const char *cmd, const char *fmt, const char *a, const char *b)
{
    fprintf(stderr, "gpuprim %s: ", cmd);
    fprintf(stderr, fmt, a, b);
    fprintf(stderr, " (see 'gpuprim %s --help')\n", cmd);
    return BAD_ARGS;
}

/* An integer option value: digits with an optional k/M/G suffix (binary), in [lo, hi]. */
static int int_value(const char *cmd, int argc, char **argv, int *i, long long lo, long long hi, long long *out)
{
    const char *name = argv[*i];
    int64_t v;
    if (*i + 1 >= argc) return bad(cmd, "option %s needs a value%s", name, "");
    if (gpt_parse_count(argv[*i + 1], &v) || v < lo || v > hi) {
        fprintf(stderr, "gpuprim %s: %s takes a whole number from %lld to %lld, not '%s' (see 'gpuprim %s --help')\n",
                cmd, name, lo, hi, argv[*i + 1], cmd);
        return BAD_ARGS;
    }
    *out = v;
    (*i)++;
    return 0;
}

static int str_value(const char *cmd, int argc, char **argv, int *i, const char **out)
{
    if (*i + 1 >= argc) return bad(cmd, "option %s needs a value%s", argv[*i], "");
    *out = argv[++*i];
    return 0;
}

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

static void occupancy_help(void)
{
    printf("usage: gpuprim occupancy [--arch A] [--threads T] [--regs R] [--smem B]\n"
           "Theoretical occupancy of a kernel (the toolkit's cuda_occupancy.h rules): active blocks and warps\n"
           "per SM, the limiting resource and what change would raise it.\n"
           "  --arch A      sm_70, sm_75, sm_80, sm_86, sm_89, sm_90 (also 90, 9.0, sm_90a) or 'all'; default sm_90\n"
           "  --threads T   threads per block, 1..1024; default 256\n"
           "  --regs R      registers per thread, 0..255; default 32\n"
           "  --smem B      shared memory per block in bytes, static + dynamic (12288, 48k); default 0\n"
           "  --sweep       also tabulate every block size 32..1024 (multiples of 32) with these registers/smem\n"
           "A value of -1 in 'allowed by' means that resource sets no limit. Exit code 1 if not even one\n"
           "block fits (the launch would fail), 2 for invalid arguments.\n");
}

int gpt_cmd_occupancy(int argc, char **argv)
{
    const char *arch = "sm_90";
    long long threads = 256, regs = 32, smem = 0;
    int rc = 0, sweep = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (is_help(a)) { occupancy_help(); return 0; }
        else if (!strcmp(a, "--arch")) rc = str_value("occupancy", argc, argv, &i, &arch);
        else if (!strcmp(a, "--threads")) rc = int_value("occupancy", argc, argv, &i, 1, 1024, &threads);
        else if (!strcmp(a, "--regs")) rc = int_value("occupancy", argc, argv, &i, 0, 255, &regs);
        else if (!strcmp(a, "--smem")) rc = int_value("occupancy", argc, argv, &i, 0, 1 << 30, &smem);
        else if (!strcmp(a, "--sweep")) sweep = 1;
        else rc = bad("occupancy", "unknown argument '%s'%s", a, "");
        if (rc) return rc;
    }
    for (int k = 0; k < 64; k++) {
        const gpa_arch *ar = !strcmp(arch, "all") ? gpa_arch_at(k) : (k == 0 ? gpa_arch_find(arch) : NULL);
        gpa_occ_result o;
        if (!ar && k == 0) {
            fprintf(stderr, "gpuprim occupancy: unknown architecture '%s'; known:", arch);
            for (int j = 0; gpa_arch_at(j); j++) fprintf(stderr, " %s", gpa_arch_at(j)->name);
            fprintf(stderr, " all\n");
            return BAD_ARGS;
        }
        if (!ar) break;
        if (gpa_occupancy(ar, (int)threads, (int)regs, (size_t)smem, &o)) {
            fprintf(stderr, "gpuprim occupancy: %s\n", o.suggestion);
            return BAD_ARGS;
        }
        if (k) printf("\n");
        print_occupancy(ar, (int)threads, (int)regs, (size_t)smem, &o);
        if (o.blocks_per_sm == 0) rc = 1; /* such a launch fails */
        if (sweep) {
            printf("  block size sweep (%d registers, %lld B shared memory):\n  %7s %7s %6s %9s  %s\n", (int)regs,
                   smem, "threads", "blocks", "warps", "occupancy", "limited by");
            for (int t = ar->warp_size; t <= ar->max_threads_per_block; t += ar->warp_size) {
                gpa_occ_result so;
                if (gpa_occupancy(ar, t, (int)regs, (size_t)smem, &so)) continue;
                printf("  %7d %7d %6d %8.1f%%  %s%s\n", t, so.blocks_per_sm, so.warps_per_sm, 100.0 * so.occupancy,
                       gpa_limit_name(so.limit), t == threads ? "   <- this kernel" : "");
            }
        }
    }
    return rc;
}

/* ---------------------------------------------------------------- banks */

static void banks_help(void)
{
    printf("usage: gpuprim banks [--width W] [--pad P] [--elem 4|8|16] [--pattern row|column|stride|block]\n"
           "                     [--row R] [--col C] [--stride S] [--block BXxBY] [--warp W] [--read transposed|direct]\n"
           "Shared-memory banks of one warp's access to a shared array of rows W + P elements wide.\n"
           "  --width W     row width in elements; default 32\n"
           "  --pad P       padding elements per row (pitch = W + P); default 0\n"
           "  --elem E      element size in bytes: 4, 8 or 16; default 4\n"
           "  --pattern     row:    lane i reads (R, i)\n"
           "                column: lane i reads (i, C)   (the default)\n"
           "                stride: lane i reads element i*S of the flat array\n"
           "                block:  a BXxBY thread block, warp W; thread (tx, ty) reads (tx, ty+R) with --read\n"
           "                        transposed (a shared-tile transpose's read) or (ty+R, tx) with --read direct\n"
           "  --row R, --col C, --stride S, --block 32x8, --warp 0, --read transposed   (defaults 0, 0, 1, 32x8, 0)\n"
           "Model: 32 banks x 4 bytes; lanes reading the same word share it (broadcast). 4-byte accesses are one\n"
           "phase of 32 lanes, 8-byte accesses two half-warp phases, 16-byte accesses four quarter-warp phases;\n"
           "a phase costs as many wavefronts as the most distinct words in one bank (its n-way conflict).\n"
           "'extra wavefronts' is what ncu counts as l1tex__data_bank_conflicts_pipe_lsu_mem_shared_*.\n");
}

int gpt_banks_parse(int argc, char **argv, gpa_bank_access *a, int *help);

int gpt_banks_parse(int argc, char **argv, gpa_bank_access *a, int *help)
{
    long long v;
    int rc = 0;
    const char *s;
    memset(a, 0, sizeof *a);
    a->row_elems = 32;
    a->elem_bytes = 4;
    a->pattern = GPA_BANKS_COLUMN;
    a->stride = 1;
    a->block_x = 32;
    a->block_y = 8;
    a->transposed = 1;
    *help = 0;
    for (int i = 0; i < argc && !rc; i++) {
        const char *o = argv[i];
        if (is_help(o)) { *help = 1; return 0; }
        else if (!strcmp(o, "--width")) { if (!(rc = int_value("banks", argc, argv, &i, 1, 1 << 20, &v))) a->row_elems = (int)v; }
        else if (!strcmp(o, "--pad")) { if (!(rc = int_value("banks", argc, argv, &i, 0, 1 << 20, &v))) a->pad_elems = (int)v; }
        else if (!strcmp(o, "--elem")) {
            if (!(rc = int_value("banks", argc, argv, &i, 4, 16, &v))) {
                if (v != 4 && v != 8 && v != 16) rc = bad("banks", "--elem takes 4, 8 or 16 bytes, not '%s'%s", argv[i], "");
                a->elem_bytes = (int)v;
            }
        } else if (!strcmp(o, "--row")) { if (!(rc = int_value("banks", argc, argv, &i, 0, 1 << 20, &v))) a->row = (int)v; }
        else if (!strcmp(o, "--col")) { if (!(rc = int_value("banks", argc, argv, &i, 0, 1 << 20, &v))) a->col = (int)v; }
        else if (!strcmp(o, "--stride")) { if (!(rc = int_value("banks", argc, argv, &i, 0, 1 << 20, &v))) a->stride = (int)v; }
        else if (!strcmp(o, "--warp")) { if (!(rc = int_value("banks", argc, argv, &i, 0, 31, &v))) a->warp = (int)v; }
        else if (!strcmp(o, "--pattern")) {
            if (!(rc = str_value("banks", argc, argv, &i, &s))) {
                if (!strcmp(s, "row")) a->pattern = GPA_BANKS_ROW;
                else if (!strcmp(s, "column") || !strcmp(s, "col")) a->pattern = GPA_BANKS_COLUMN;
                else if (!strcmp(s, "stride")) a->pattern = GPA_BANKS_STRIDE;
                else if (!strcmp(s, "block")) a->pattern = GPA_BANKS_BLOCK;
                else rc = bad("banks", "--pattern takes row, column, stride or block, not '%s'%s", s, "");
            }
        } else if (!strcmp(o, "--read")) {
            if (!(rc = str_value("banks", argc, argv, &i, &s))) {
                if (!strcmp(s, "transposed")) a->transposed = 1;
                else if (!strcmp(s, "direct")) a->transposed = 0;
                else rc = bad("banks", "--read takes transposed or direct, not '%s'%s", s, "");
            }
        } else if (!strcmp(o, "--block")) {
            if (!(rc = str_value("banks", argc, argv, &i, &s))) {
                int bx = 0, by = 0, used = 0;
                if (sscanf(s, "%dx%d%n", &bx, &by, &used) != 2 || s[used] || bx < 1 || by < 1 || bx > 1024 ||
                    by > 1024 || bx * by > 1024)
                    rc = bad("banks", "--block takes BXxBY with BX*BY <= 1024 (e.g. 32x8), not '%s'%s", s, "");
                a->block_x = bx;
                a->block_y = by;
            }
        } else rc = bad("banks", "unknown argument '%s'%s", o, "");
    }
    return rc;
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

int gpt_cmd_banks(int argc, char **argv)
{
    gpa_bank_access a;
    gpa_bank_result r;
    char msg[256], pat[128];
    int help, pitch;
    int rc = gpt_banks_parse(argc, argv, &a, &help);
    if (rc) return rc;
    if (help) { banks_help(); return 0; }
    if (gpa_banks(&a, &r, msg, sizeof msg)) {
        fprintf(stderr, "gpuprim banks: %s (see 'gpuprim banks --help')\n", msg);
        return BAD_ARGS;
    }
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

/* ---------------------------------------------------------------- coalesce */

static void coalesce_help(void)
{
    printf("usage: gpuprim coalesce [--elem E] [--stride S] [--offset B] [--lanes L]\n"
           "Global-memory coalescing of one warp's access: lane i (i < L) reads E bytes at B + i*S*E.\n"
           "  --elem E     element size in bytes: 1, 2, 4, 8 or 16; default 4\n"
           "  --stride S   elements between consecutive lanes (0 = all lanes read one element); default 1\n"
           "  --offset B   bytes of lane 0's address past a 128-byte boundary (a multiple of E); default 0\n"
           "  --lanes L    active lanes, 1..32; default 32\n"
           "Reports the 32-byte sectors and 128-byte lines touched, bytes requested vs moved and the efficiency\n"
           "(distinct bytes requested / bytes moved). ncu: l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum per\n"
           "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum is the sectors per request.\n");
}

int gpt_cmd_coalesce(int argc, char **argv)
{
    gpa_coalesce_access a = {4, 1, 0, 32};
    gpa_coalesce_result r;
    char msg[256];
    long long v;
    int rc = 0;
    for (int i = 0; i < argc && !rc; i++) {
        const char *o = argv[i];
        if (is_help(o)) { coalesce_help(); return 0; }
        else if (!strcmp(o, "--elem")) {
            if (!(rc = int_value("coalesce", argc, argv, &i, 1, 16, &v))) {
                if (v & (v - 1)) rc = bad("coalesce", "--elem takes 1, 2, 4, 8 or 16 bytes, not '%s'%s", argv[i], "");
                a.elem_bytes = (int)v;
            }
        } else if (!strcmp(o, "--stride")) { if (!(rc = int_value("coalesce", argc, argv, &i, 0, 1 << 24, &v))) a.stride = (int)v; }
        else if (!strcmp(o, "--offset")) { if (!(rc = int_value("coalesce", argc, argv, &i, 0, 1 << 24, &v))) a.offset = (int)v; }
        else if (!strcmp(o, "--lanes")) { if (!(rc = int_value("coalesce", argc, argv, &i, 1, 32, &v))) a.lanes = (int)v; }
        else rc = bad("coalesce", "unknown argument '%s'%s", o, "");
    }
    if (rc) return rc;
    if (gpa_coalesce(&a, &r, msg, sizeof msg)) {
        fprintf(stderr, "gpuprim coalesce: %s (see 'gpuprim coalesce --help')\n", msg);
        return BAD_ARGS;
    }
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

/* ---------------------------------------------------------------- amdahl / gustafson */

static int parse_list(const char *cmd, const char *opt, const char *s, double *out, int max, int integer,
                      double lo, double hi)
{
    int n = 0;
    const char *p = s;
    while (*p) {
        char *end;
        double v;
        errno = 0;
        v = strtod(p, &end);
        if (end == p || errno || !(v >= lo && v <= hi) || (integer && v != (double)(long long)v) ||
            (*end && *end != ',') || n >= max) {
            fprintf(stderr, "gpuprim %s: %s takes a comma-separated list of at most %d %s in [%g, %g], not '%s' "
                            "(see 'gpuprim %s --help')\n", cmd, opt, max, integer ? "whole numbers" : "numbers",
                    lo, hi, s, cmd);
            return -1;
        }
        out[n++] = v;
        p = *end ? end + 1 : end;
        if (*end && !*p) { n = max + 1; break; } /* trailing comma */
    }
    if (n == 0 || n > max) {
        fprintf(stderr, "gpuprim %s: %s needs a list of values such as 0.5,0.9 (see 'gpuprim %s --help')\n", cmd,
                opt, cmd);
        return -1;
    }
    return n;
}

static int speedup(const char *cmd, int argc, char **argv, int law) /* law: 1 amdahl, 2 gustafson, 3 both */
{
    double fr[16] = {0.5, 0.75, 0.9, 0.95, 0.99, 0.999}, pr[32] = {1, 2, 4, 8, 16, 32, 64, 128, 132, 256, 1024, 16384};
    int nf = 6, np = 12;
    for (int i = 0; i < argc; i++) {
        const char *o = argv[i], *v;
        if (is_help(o)) {
            printf("usage: gpuprim %s [--fractions F1,F2,...] [--procs N1,N2,...]%s\n"
                   "Speed-up tables. Amdahl (fixed problem): S = 1 / ((1 - p) + p / N);\n"
                   "Gustafson (problem grown with N, fixed time): S = (1 - p) + p * N.\n"
                   "  --fractions   parallel fractions p in [0, 1]; default 0.5,0.75,0.9,0.95,0.99,0.999\n"
                   "  --procs       processor counts N >= 1; default 1,2,4,...,128,132,256,1024,16384\n"
                   "%s", cmd, law == 3 ? " [--law amdahl|gustafson|both]" : "",
                   law == 3 ? "  --law         which table(s); default both\n" : "");
            return 0;
        }
        if (!strcmp(o, "--fractions")) {
            if (str_value(cmd, argc, argv, &i, &v)) return BAD_ARGS;
            if ((nf = parse_list(cmd, o, v, fr, 16, 0, 0.0, 1.0)) < 0) return BAD_ARGS;
        } else if (!strcmp(o, "--procs")) {
            if (str_value(cmd, argc, argv, &i, &v)) return BAD_ARGS;
            if ((np = parse_list(cmd, o, v, pr, 32, 1, 1.0, 1e12)) < 0) return BAD_ARGS;
        } else if (!strcmp(o, "--law") && law == 3) {
            if (str_value(cmd, argc, argv, &i, &v)) return BAD_ARGS;
            if (!strcmp(v, "amdahl")) law = 1;
            else if (!strcmp(v, "gustafson")) law = 2;
            else if (!strcmp(v, "both")) law = 3;
            else return bad(cmd, "--law takes amdahl, gustafson or both, not '%s'%s", v, "");
        } else return bad(cmd, "unknown argument '%s'%s", o, "");
    }
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

int gpt_cmd_amdahl(int argc, char **argv) { return speedup("amdahl", argc, argv, 3); }
int gpt_cmd_gustafson(int argc, char **argv) { return speedup("gustafson", argc, argv, 2); }

/* ---------------------------------------------------------------- explain (GPU) */

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

static void explain_help(void)
{
    printf("usage: gpuprim explain PRIM --rung R [--n N] [--m M] [--k K] [--no-bench] [--no-ncu]\n"
           "On a GPU: the rung's main kernel's registers, shared memory and spills (cudaFuncGetAttributes), its\n"
           "theoretical occupancy (gpuprim occupancy with this device's limits) next to the runtime's\n"
           "cudaOccupancyMaxActiveBlocksPerMultiprocessor, the achieved rate (gpuprim bench PRIM --rung R), and\n"
           "where ncu is on PATH the measured sectors per request and shared-memory wavefronts/bank conflicts of\n"
           "`gpuprim verify PRIM --rung R` next to the coalescing and bank models' predictions.\n"
           "  --n, --m, --k  sizes passed to bench and verify;  --no-bench, --no-ncu  skip those parts\n");
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

int gpt_cmd_explain(int argc, char **argv)
{
    gpt_opts o;
    const char *words[4];
    int nw, rung, no_bench = 0, no_ncu = 0, nargs = 0, blocks_rt = -1, rc = 0;
    char *args[32];
    const gpt_prim_cli *pc = NULL;
    gp_rung_info ki;
    struct cudaFuncAttributes fa;
    gpa_arch arch;
    char arch_name[16];
    gpa_occ_result occ;
    gp_handle h;
    for (int i = 0; i < argc; i++) {
        if (is_help(argv[i])) { explain_help(); return 0; }
        if (!strcmp(argv[i], "--no-bench")) no_bench = 1;
        else if (!strcmp(argv[i], "--no-ncu")) no_ncu = 1;
        else if (nargs < 32) args[nargs++] = argv[i];
        else return bad("explain", "too many arguments%s%s", "", "");
    }
    gpt_opts_default(&o);
    if (gpt_parse_opts(nargs, args, &o, words, 4, &nw)) return BAD_ARGS;
    if (nw != 1) return bad("explain", "needs one primitive, e.g. 'gpuprim explain map --rung 3'%s%s", "", "");
    for (int i = 0; i < gpt_prim_count; i++)
        if (!strcmp(gpt_prims[i].name, words[0])) pc = &gpt_prims[i];
    if (!pc) return bad("explain", "unknown primitive '%s'%s", words[0], "");
    rung = o.rung;
    if (rung < 1 || rung > gp_rung_count(pc->prim)) {
        fprintf(stderr, "gpuprim explain: --rung must be 1..%d for %s (see 'gpuprim list')\n",
                gp_rung_count(pc->prim), pc->name);
        return BAD_ARGS;
    }
    if (gp_get_rung_info(pc->prim, rung, &ki) != GP_SUCCESS || !ki.kernel) {
        fprintf(stderr, "gpuprim explain: %s rung %d names no kernel\n", pc->name, rung);
        return BAD_ARGS;
    }
    if (!gpt_have_device()) {
        fprintf(stderr, "gpuprim explain: no CUDA device found on this machine; explain needs an NVIDIA GPU "
                        "(gpuprim occupancy/banks/coalesce work without one)\n");
        return BAD_ARGS;
    }
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

    if (!no_bench) {
        gpt_report r;
        gpt_opts bo = o;
        int fails;
        if (gp_create(&h) != GP_SUCCESS) {
            fprintf(stderr, "gpuprim explain: gp_create failed\n");
            return 1;
        }
        gpt_report_init(&r);
        bo.rung = rung;
        printf("\nachieved rate (gpuprim bench %s --rung %d):\n", pc->name, rung);
        r.copy_gbps = gpt_measure_copy_gbps((size_t)1 << 30, &bo);
        {
            struct cudaDeviceProp p;
            if (cudaGetDeviceProperties(&p, 0) == cudaSuccess) {
                snprintf(r.device, sizeof r.device, "%s", p.name);
                r.sm_count = p.multiProcessorCount;
                r.l2_mb = p.l2CacheSize / 1e6;
            }
        }
        fails = pc->bench(h, &bo, &r);
        for (int i = 0; i < r.count; i++)
            if (r.rows[i].rung == rung)
                printf("  %s: %.1f %s (%.1f%% of the ceiling), %s\n", r.rows[i].variant, r.rows[i].rate,
                       r.rows[i].unit, r.rows[i].pct_ceiling, r.rows[i].verified == 1 ? "verified" : "NOT verified");
        if (fails) rc = 1;
        gpt_report_free(&r);
        gp_destroy(h);
    }

    if (!no_ncu) {
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
