/* cmd_ladder.c — `gpuprim list`, `gpuprim verify` and `gpuprim bench`: their options, and the checks of
 * what the GPU commands name (primitives, rungs, variants, sizes) made before the GPU is looked for. */
#define _POSIX_C_SOURCE 200809L /* access */
#include "driver.h"
#include "devdata.h"
#include <cuda_runtime.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_PRIM_WORDS 16

void gpt_opts_default(gpt_opts *o)
{
    memset(o, 0, sizeof *o);
    o->rung.number = GPT_RUNG_ALL;
    o->n = o->m = o->k = -1;
}

int gpt_opts_rung(const gpt_opts *o, gp_prim p)
{
    return o->rung.number == GPT_RUNG_NAMED ? gp_rung_find(p, o->rung.name) : o->rung.number;
}

/* "01 naive, 02 gridstride, ..." */
static void rung_names(gp_prim p, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = 0;
    for (int r = 1; r <= gp_rung_count(p) && used < len; r++)
        used += (size_t)snprintf(buf + used, len - used, "%s%02d %s", r > 1 ? ", " : "", r, gp_rung_name(p, r));
}

static int unknown_prim(const gpt_command *cmd, const char *name)
{
    char known[256];
    size_t used = 0;
    known[0] = 0;
    for (int i = 0; i < gpt_prim_count && used < sizeof known; i++)
        used += (size_t)snprintf(known + used, sizeof known - used, " %s", gpt_prims[i]->name);
    return gpt_usage_error(cmd, "unknown primitive '%s'; known:%s", name, known);
}

/* The primitives named in words (all if none): bit i for gpt_prims[i]. 0 or a usage error. */
static int select_prims(const gpt_command *cmd, const char **words, int nwords, unsigned *selected)
{
    *selected = nwords ? 0u : (1u << gpt_prim_count) - 1u;
    for (int w = 0; w < nwords; w++) {
        int found = 0;
        for (int i = 0; i < gpt_prim_count; i++)
            if (!strcmp(words[w], gpt_prims[i]->name)) *selected |= 1u << i, found = 1;
        if (!found) return unknown_prim(cmd, words[w]);
    }
    return 0;
}

static int check_rung(const gpt_command *cmd, const gpt_prim_cli *cli, const gpt_rung_arg *rung)
{
    const int count = gp_rung_count(cli->prim);
    char names[512];
    if (rung->number != GPT_RUNG_NAMED && rung->number <= count) return 0;
    if (rung->number == GPT_RUNG_NAMED && gp_rung_find(cli->prim, rung->name)) return 0;
    rung_names(cli->prim, names, sizeof names);
    if (rung->number == GPT_RUNG_NAMED)
        return gpt_usage_error(cmd, "--rung takes a rung of %s (%s), 'auto' or 'all', not '%s'", cli->name, names,
                               rung->name);
    return gpt_usage_error(cmd, "--rung takes a rung of %s from 1 to %d (%s), 'auto' or 'all', not '%d'", cli->name,
                           count, names, rung->number);
}

static int check_op(const gpt_command *cmd, const gpt_prim_cli *cli, const char *op)
{
    char list[256];
    size_t used = 0;
    for (int i = 0; cli->ops && cli->ops[i]; i++)
        if (!strcmp(op, cli->ops[i])) return 0;
    if (!cli->ops) return 0; /* a primitive without variants ignores --op */
    for (int i = 0; cli->ops[i] && used < sizeof list; i++)
        used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", i == 0 ? "" : cli->ops[i + 1] ? ", " : " or ",
                                 cli->ops[i]);
    return gpt_usage_error(cmd, "--op for %s takes %s, not '%s'", cli->name, list, op);
}

/* An option that sets one case of primitive `prim` (bench sgemm's --batch, bench gemm's --trans): a usage error for
 * any other primitive selected (`only`: the message's start, naming the option and the primitive) and with --sweep. */
static int one_case_only(const gpt_command *cmd, unsigned selected, int sweep, gp_prim prim, const char *only,
                         const char *with_sweep)
{
    for (int i = 0; i < gpt_prim_count; i++)
        if ((selected >> i & 1u) && gpt_prims[i]->prim != prim)
            return gpt_usage_error(cmd, "%s, not to %s", only, gpt_prims[i]->name);
    return sweep ? gpt_usage_error(cmd, "%s", with_sweep) : 0;
}

int gpt_check_ladder_args(const gpt_command *cmd, const char **words, int nwords, const gpt_opts *o,
                          unsigned *selected)
{
    int rc = select_prims(cmd, words, nwords, selected), takes_op = 0;
    for (int i = 0; i < gpt_prim_count && !rc; i++) {
        const gpt_prim_cli *cli = gpt_prims[i];
        if (!(*selected >> i & 1u)) continue;
        takes_op |= cli->ops != NULL;
        rc = check_rung(cmd, cli, &o->rung);
        if (!rc && o->op) rc = check_op(cmd, cli, o->op);
        if (!rc && cli->check_args) {
            char why[160];
            if (cli->check_args(o, why, sizeof why)) rc = gpt_usage_error(cmd, "%s", why);
        }
        if (!rc && cmd == &gpt_cmd_bench && cli->bench_max_n && o->n > cli->bench_max_n)
            rc = gpt_usage_error(cmd, "--n for %s takes a count from 1 to %lld (its vendor baseline's limit), not %lld",
                                 cli->name, (long long)cli->bench_max_n, (long long)o->n);
    }
    if (!rc && o->op && !takes_op)
        rc = gpt_usage_error(cmd, "--op: none of the primitives named has variants (see 'gpuprim list')");
    if (!rc && o->trans)
        rc = one_case_only(cmd, *selected, o->sweep, GP_PRIM_GEMM, "--trans applies to gemm only ('bench gemm')",
                           "--trans sets one gemm case; the sweep has every layout");
    if (!rc && (o->batch > 0 || o->ld_pad > 0))
        rc = one_case_only(cmd, *selected, o->sweep, GP_PRIM_SGEMM, "--batch and --ld-pad apply to sgemm only ('bench sgemm')",
                           "--batch and --ld-pad set one sgemm case; the sweep has its own");
    return rc;
}

int gpt_open_handle(const char *cmd, gp_handle *h)
{
    gp_status st;
    if (!gpt_have_device()) {
        fprintf(stderr, "gpuprim %s: no usable GPU: no CUDA device found on this machine ('%s' needs an NVIDIA GPU; "
                        "list, help, occupancy, banks, coalesce, amdahl and gustafson work without one)\n", cmd, cmd);
        return GPT_EXIT_NO_GPU;
    }
    st = gp_create(h);
    if (st != GP_SUCCESS) {
        fprintf(stderr, "gpuprim %s: no usable GPU: gp_create failed: %s\n", cmd, gp_status_string(st));
        return GPT_EXIT_NO_GPU;
    }
    return 0;
}

void gpt_print_prims_help(FILE *f)
{
    fprintf(f, "primitives (their rungs: 'gpuprim list PRIM'):\n");
    for (int i = 0; i < gpt_prim_count; i++) {
        const gpt_prim_cli *cli = gpt_prims[i];
        fprintf(f, "  %-10s rungs 1-%02d", cli->name, gp_rung_count(cli->prim));
        if (cli->ops) {
            fprintf(f, "; --op");
            for (int k = 0; cli->ops[k]; k++) fprintf(f, "%s%s", k ? "|" : " ", cli->ops[k]);
            fprintf(f, " (default %s)", cli->ops_default);
        }
        fprintf(f, "\n");
    }
}

/* ---------------------------------------------------------------- list */

typedef struct list_opts {
    int unused;
} list_opts;

static const gpt_option list_options[] = {GPT_END};

static void list_one(const gpt_prim_cli *cli)
{
    printf("%s\n", cli->name);
    for (int r = 1; r <= gp_rung_count(cli->prim); r++) {
        gp_rung_info ri;
        char arch[16];
        if (gp_get_rung_info(cli->prim, r, &ri) != GP_SUCCESS) continue;
        snprintf(arch, sizeof arch, "sm_%d+", ri.min_cc);
        printf("  %02d %-16s %-7s %-6s %s\n", r, ri.name, arch, ri.automatic ? "auto" : "forced", ri.summary);
        for (int c = 0; c < ri.configs; c++)
            printf("       cfg%d %s\n", c, gp_rung_config_name(cli->prim, r, c));
    }
}

static int run_list(int argc, char **argv)
{
    list_opts o;
    const char *words[MAX_PRIM_WORDS];
    unsigned selected;
    int nw, rc;
    if ((rc = gpt_parse(&gpt_cmd_list, argc, argv, &o, words, &nw))) return rc == GPT_PARSE_HELP ? GPT_EXIT_OK : rc;
    if ((rc = select_prims(&gpt_cmd_list, words, nw, &selected))) return rc;
    for (int i = 0; i < gpt_prim_count; i++)
        if (selected >> i & 1u) list_one(gpt_prims[i]);
    printf("columns: rung, name, the architecture it needs, whether the automatic choice may pick it (forced: only\n"
           "with --rung; measured slower than a rung below), what it changes; cfgN: tile configurations\n"
           "(gp_set_config; 'gpuprim bench PRIM -v' times each)\n");
    return GPT_EXIT_OK;
}

const gpt_command gpt_cmd_list = {
    "list", "[PRIM...]", "list the primitives (or those named) and their rungs; needs no GPU",
    list_options, MAX_PRIM_WORDS, NULL, gpt_print_prims_help, "exit codes: 0 success, 2 usage error\n", run_list};

/* ---------------------------------------------------------------- verify and bench */

#define RUNG_DOMAIN "a rung number or name of each primitive named ('gpuprim list'), 'auto' or 'all'"
#define OPT_RUNG(HELP) {"--rung", "-r", GPT_OPT_RUNG, offsetof(gpt_opts, rung), "R", 0, 0, NULL, NULL, RUNG_DOMAIN, HELP}
/* --n, --m, --k from MIN (verify takes empty inputs, bench does not) */
#define OPT_SIZES(MIN, N_DEFAULT)                                                                              \
    GPT_COUNT("--n", "-n", gpt_opts, n, "N", MIN, (int64_t)1 << 62, "elements, or columns; default per primitive " N_DEFAULT), \
    GPT_COUNT("--m", NULL, gpt_opts, m, "M", MIN, (int64_t)1 << 62, "rows of the 2-D primitives"),              \
    GPT_COUNT("--k", NULL, gpt_opts, k, "K", MIN, (int64_t)1 << 62,                                             \
              "sgemm/gemm: the inner dimension; conv2d/separable: the filter edge (odd); jacobi: the steps")
#define OPT_OP(HELP) GPT_STRING("--op", gpt_opts, op, "OP", "a variant of each primitive named (below)", HELP)
#define OPT_SEED GPT_INT("--seed", gpt_opts, seed, "S", 0, INT64_MAX, "random inputs; 0 or none: from the clock (printed)")

static const gpt_option verify_options[] = {
    OPT_RUNG("the rungs to check; default all (every rung, then auto)"),
    OPT_SIZES(0, "(2^24+3)"),
    OPT_OP("the variant checked"),
    OPT_SEED,
    GPT_FLAG("--verbose", "-v", gpt_opts, verbose, "a line for every case, not only failures"),
    GPT_END};

static const gpt_option bench_options[] = {
    OPT_RUNG("the rungs to time; default all (every rung, then auto)"),
    OPT_SIZES(1, "(2^28)"),
    OPT_OP("only this variant"),
    GPT_INT("--reps", gpt_opts, reps, "R", 1, GPB_MAX_REPS, "timed runs per row; default: about 0.2 s, 10 to 500"),
    GPT_INT("--batch", gpt_opts, batch, "B", 1, 65536, "sgemm: B products of the shape in one strided-batched call"),
    GPT_INT("--ld-pad", gpt_opts, ld_pad, "P", 0, 4096, "sgemm: P elements added to every leading dimension (rows off 16 bytes)"),
    GPT_STRING("--trans", gpt_opts, trans, "XY", "NN, NT, TN or TT", "gemm: op(A) and op(B) of the one shape given; default NN"),
    OPT_SEED,
    GPT_FLAG("--quick", NULL, gpt_opts, quick, "fewer and smaller cases"),
    GPT_FLAG("--sweep", NULL, gpt_opts, sweep, "each primitive's size or shape sweep: the vendor and auto (or one --rung) at each"),
    GPT_STRING("--json", gpt_opts, json, "FILE", "a file name in a writable folder", "also write the rows as JSON"),
    GPT_STRING("--csv", gpt_opts, csv, "FILE", "a file name in a writable folder", "also write the rows as CSV"),
    GPT_FLAG("--verbose", "-v", gpt_opts, verbose, "also time each tile configuration of rungs that have them"),
    GPT_END};

/* Parses and checks the options and primitives of verify or bench; the seed is chosen here when none was
 * given. 0, GPT_PARSE_HELP or GPT_EXIT_USAGE. */
static int ladder_args(const gpt_command *cmd, int argc, char **argv, gpt_opts *o, unsigned *selected)
{
    const char *words[MAX_PRIM_WORDS];
    int nw, rc;
    gpt_opts_default(o);
    if ((rc = gpt_parse(cmd, argc, argv, o, words, &nw))) return rc;
    if ((rc = gpt_check_ladder_args(cmd, words, nw, o, selected))) return rc;
    if (!o->seed) o->seed = (int64_t)(gpt_clock_seed() >> 1) | 1;
    return 0;
}

/* A file the report can be written to: its folder exists and is writable, and so is the file if it exists. */
static int check_writable(const gpt_command *cmd, const char *flag, const char *path)
{
    char dir[4096];
    const char *slash;
    if (!path) return 0;
    slash = strrchr(path, '/');
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) + 1 : 1, slash ? path : ".");
    if (access(dir, W_OK) != 0 || (access(path, F_OK) == 0 && access(path, W_OK) != 0))
        return gpt_usage_error(cmd, "%s takes a file name in a writable folder, not '%s'", flag, path);
    return 0;
}

static int run_verify(int argc, char **argv)
{
    gpt_opts o;
    unsigned selected;
    gp_handle h;
    int rc, fails = 0;
    if ((rc = ladder_args(&gpt_cmd_verify, argc, argv, &o, &selected))) return rc == GPT_PARSE_HELP ? GPT_EXIT_OK : rc;
    if ((rc = gpt_open_handle("verify", &h))) return rc;
    for (int i = 0; i < gpt_prim_count; i++)
        if (selected >> i & 1u) fails += gpt_verify_prim(h, gpt_prims[i], &o);
    gp_destroy(h);
    printf("verify: %s (seed %llu)\n", fails ? "FAILED" : "all passed", (unsigned long long)o.seed);
    return fails ? GPT_EXIT_FAILED : GPT_EXIT_OK;
}

static int run_bench(int argc, char **argv)
{
    gpt_opts o;
    unsigned selected;
    gp_handle h;
    gpb_report r;
    int rc, fails = 0;
    if ((rc = ladder_args(&gpt_cmd_bench, argc, argv, &o, &selected))) return rc == GPT_PARSE_HELP ? GPT_EXIT_OK : rc;
    if ((rc = check_writable(&gpt_cmd_bench, "--json", o.json)) || (rc = check_writable(&gpt_cmd_bench, "--csv", o.csv)))
        return rc;
    if (o.sweep && o.rung.number == GPT_RUNG_ALL) o.rung.number = GPT_RUNG_AUTO; /* a sweep times auto (or one rung) */
    if ((rc = gpt_open_handle("bench", &h))) return rc;
    gpb_report_init(&r);
    if (gpt_bench_begin(&r, (int)o.reps)) {
        fprintf(stderr, "gpuprim bench: cannot read the device's properties\n");
        fails++;
    }
    printf("device: %s, %d SMs, L2 %.1f MB; copy ceiling (D2D, read+write, 1 GiB): %.1f GB/s; seed %llu\n", r.device,
           r.sm_count, r.l2_mb, r.copy_gbps, (unsigned long long)o.seed);
    for (int i = 0; i < gpt_prim_count; i++)
        if (selected >> i & 1u) fails += gpt_bench_prim(h, gpt_prims[i], &o, &r);
    if (o.json && gpb_report_write_json(&r, o.json)) fprintf(stderr, "gpuprim bench: cannot write %s\n", o.json), fails++;
    if (o.csv && gpb_report_write_csv(&r, o.csv)) fprintf(stderr, "gpuprim bench: cannot write %s\n", o.csv), fails++;
    printf("\nbench: %d rows, %d verification failures\n", r.count, r.failures);
    gpb_report_free(&r);
    gp_destroy(h);
    return fails ? GPT_EXIT_FAILED : GPT_EXIT_OK;
}

const gpt_command gpt_cmd_verify = {
    "verify", "[PRIM...] [OPTIONS]",
    "check the rungs of the primitives named (default all) against the CPU reference",
    verify_options, MAX_PRIM_WORDS,
    "Random input, poisoned output, every element compared, nothing written outside the output.\n"
    "Arguments are checked before the GPU is looked for. One line per primitive and rung: PASS or FAIL.\n",
    gpt_print_prims_help, NULL, run_verify};

const gpt_command gpt_cmd_bench = {
    "bench", "[PRIM...] [OPTIONS]",
    "the ladder benchmark of the primitives named (default all): each rung against the vendor",
    bench_options, MAX_PRIM_WORDS,
    "Per case the vendor baseline, then each rung and auto, timed (CUDA events, median) and checked, as GB/s\n"
    "or TFLOP/s, % of the ceiling and x vendor. Inputs are random and rotated over buffer sets larger than 4x the L2; outputs are poisoned before each\n"
    "rung and set 0's checked after it. The ceiling is the device-to-device copy (sgemm: cuBLAS's rate).\n"
    "Arguments are checked before the GPU is looked for.\n",
    gpt_print_prims_help, NULL, run_bench};
