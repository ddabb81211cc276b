/* cmd_judge.c — `gpuprim judge FILE.cu --problem NAME`: a user's LeetGPU-style solve() built with nvcc for
 * the GPU found (with the problem's prototype, so a wrong signature does not compile), run in a child process
 * (gpuprim-judge-runner) on each functional case with a time limit, timed at the problem's benchmark size,
 * and placed on the ladder of the matching primitive measured in the same run. `--list` and `--starter NAME`
 * need no GPU; nor does the compile step (no GPU: sm_80, or --arch), which runs before the GPU is required. */
#define _GNU_SOURCE /* mkdtemp, posix_spawn, readlink */
#include "cli.h"
#include "driver.h"
#include "devdata.h"
#include "judge.h"
#include "analysis/analysis.h"
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <cuda_runtime.h>

extern char **environ;

#ifndef GPUPRIM_NVCC
#define GPUPRIM_NVCC ""
#endif

typedef struct judge_opts {
    int problem;        /* index into gpj_problems, -1: none */
    int list;
    int starter;        /* index, -1: none */
    const char *json;
    int64_t seed;
    int64_t timeout;    /* seconds per child process */
    int no_bench;
    int64_t n;
    int64_t reps;
    const char *arch;
    int verbose;
} judge_opts;

static const gpt_option judge_options[] = {
    GPT_ENUM("--problem", judge_opts, problem, "NAME", gpj_problem_names, "the problem FILE solves ('gpuprim judge --list')"),
    GPT_FLAG("--list", NULL, judge_opts, list, "every problem: its exact signature, contract, tolerance, benchmark size"),
    GPT_ENUM("--starter", judge_opts, starter, "NAME", gpj_problem_names, "print a starter file for the problem"),
    GPT_STRING("--json", judge_opts, json, "FILE", "a file name in a writable folder", "also write the verdict, tests, timing and ladder as JSON"),
    GPT_INT("--seed", judge_opts, seed, "S", 0, INT64_MAX, "random inputs; 0 or none: from the clock (printed)"),
    GPT_INT("--timeout", judge_opts, timeout, "S", 1, 3600, "time limit of each run of your code (tests, bench), seconds; default 60"),
    GPT_FLAG("--no-bench", NULL, judge_opts, no_bench, "only the functional tests"),
    GPT_COUNT("--n", "-n", judge_opts, n, "N", 1, INT32_MAX, "benchmark size: N of 1-D problems, every matrix side otherwise"),
    GPT_INT("--reps", judge_opts, reps, "R", 1, GPB_MAX_REPS, "timed runs; default: about 0.2 s, 10 to 500"),
    GPT_STRING("--arch", judge_opts, arch, "SM", "sm_XY, e.g. sm_80 or sm_90a", "compile for this architecture (default: the GPU's; sm_80 without one)"),
    GPT_FLAG("--verbose", "-v", judge_opts, verbose, "also show what your program printed, and the compiler's report"),
    GPT_END};

/* ---------------------------------------------------------------- --list and --starter */

static void print_list(FILE *f)
{
    f = f ? f : stdout;
    fprintf(f, "problems of 'gpuprim judge FILE.cu --problem NAME' (LeetGPU's signatures; solve gets device pointers,\n"
               "launches its kernels and may return before they finish: the judge synchronises the device after it):\n");
    for (int i = 0; i < gpj_problem_count; i++) {
        const gpj_problem *p = &gpj_problems[i];
        fprintf(f, "\n%s  (%s)\n", p->name, p->leetgpu);
        fprintf(f, "  signature:  %s;\n", p->prototype);
        fprintf(f, "  computes:   %s\n", p->task);
        fprintf(f, "  before:     %s\n", p->before);
        fprintf(f, "  tolerance:  %s\n", p->tolerance);
        fprintf(f, "  benchmark:  %s (LeetGPU's performance size); rate = %s\n", p->bench_text, p->work_text);
        if (p->ladder) fprintf(f, "  ladder:     %s: %s\n", p->ladder, p->ladder_note);
        else fprintf(f, "  ladder:     none yet (%s)\n", p->ladder_note);
        fprintf(f, "  starter:    gpuprim judge --starter %s > %s.cu\n", p->name, p->name);
    }
    fprintf(f, "\nsignatures: each as in the starter.cu of the challenge named, in LeetGPU's public challenge set (sizes\n"
               "are int, as its starters declare them). Tests: edge sizes (1, odd, powers of two, a tile +- 1, large), random and adversarial inputs,\n"
               "every element compared with the CPU reference; the first wrong index is shown with got/expected.\n");
}

/* ---------------------------------------------------------------- child processes */

typedef struct child_run {
    int exited, code, signaled, sig, timed_out;
    double seconds;
    char *out;      /* what it reported on fd 3 */
    size_t len;
} child_run;

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

/* Runs argv with fd 3 a pipe to us, stdout and stderr to log_path, killed after timeout_s. 0 if it ran. */
static int run_child(char *const argv[], int timeout_s, const char *log_path, child_run *r)
{
    int fds[2], rfd, wfd;
    pid_t pid;
    posix_spawn_file_actions_t fa;
    const double start = now_s(), deadline = start + timeout_s;
    size_t cap = 4096;
    memset(r, 0, sizeof *r);
    if (pipe(fds)) return 1;
    /* keep both ends clear of fds 0-3, which the child's actions set up */
    rfd = fcntl(fds[0], F_DUPFD_CLOEXEC, 10);
    wfd = fcntl(fds[1], F_DUPFD_CLOEXEC, 10);
    close(fds[0]);
    close(fds[1]);
    if (rfd < 0 || wfd < 0) return 1;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, wfd, GPJ_PROTOCOL_FD);
    posix_spawn_file_actions_addopen(&fa, 1, log_path, O_WRONLY | O_CREAT | O_APPEND, 0644);
    posix_spawn_file_actions_adddup2(&fa, 1, 2);
    if (posix_spawn(&pid, argv[0], &fa, NULL, argv, environ) != 0) {
        posix_spawn_file_actions_destroy(&fa);
        close(rfd);
        close(wfd);
        return 1;
    }
    posix_spawn_file_actions_destroy(&fa);
    close(wfd);
    r->out = (char *)malloc(cap);
    while (r->out) {
        struct pollfd p = {rfd, POLLIN, 0};
        const double left = deadline - now_s();
        ssize_t got;
        if (left <= 0) {
            r->timed_out = 1;
            break;
        }
        if (poll(&p, 1, (int)(left * 1000) + 1) <= 0) continue;
        if (r->len + 2048 > cap) {
            char *bigger = (char *)realloc(r->out, cap * 2);
            if (!bigger) break;
            r->out = bigger;
            cap *= 2;
        }
        got = read(rfd, r->out + r->len, cap - r->len - 1);
        if (got <= 0) break; /* end: the child closed fd 3 (it ended) */
        r->len += (size_t)got;
    }
    if (r->out) r->out[r->len] = 0;
    close(rfd);
    for (;;) { /* reap it, within the time limit */
        int st;
        pid_t w = waitpid(pid, &st, WNOHANG);
        if (w == pid) {
            r->exited = WIFEXITED(st);
            r->code = r->exited ? WEXITSTATUS(st) : -1;
            r->signaled = WIFSIGNALED(st);
            r->sig = r->signaled ? WTERMSIG(st) : 0;
            break;
        }
        if (w < 0 && errno != EINTR) break;
        if (r->timed_out || now_s() > deadline) {
            r->timed_out = 1;
            kill(pid, SIGKILL);
            waitpid(pid, &st, 0);
            break;
        }
        usleep(10000);
    }
    r->seconds = now_s() - start;
    return 0;
}

/* The last `lines` lines of a file, indented, to f. */
static void print_tail(FILE *f, const char *path, int lines, const char *title)
{
    FILE *in = fopen(path, "r");
    long size, from;
    char *buf;
    int seen = 0;
    if (!in) return;
    fseek(in, 0, SEEK_END);
    size = ftell(in);
    from = size > 8192 ? size - 8192 : 0;
    fseek(in, from, SEEK_SET);
    buf = (char *)calloc(1, (size_t)(size - from) + 1);
    if (buf && fread(buf, 1, (size_t)(size - from), in) > 0) {
        char *p = buf + strlen(buf);
        while (p > buf && seen <= lines) if (*--p == '\n') seen++;
        if (*p == '\n') p++;
        if (*p) {
            fprintf(f, "  %s\n", title);
            for (char *line = strtok(p, "\n"); line; line = strtok(NULL, "\n")) fprintf(f, "    | %s\n", line);
        }
    }
    free(buf);
    fclose(in);
}

/* ---------------------------------------------------------------- helpers */

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

/* sm_80, sm_90a, sm_100f: "sm_" then 2 or 3 digits and an optional a or f. */
static int valid_arch(const char *s)
{
    size_t digits = 0;
    if (strncmp(s, "sm_", 3)) return 0;
    for (s += 3; isdigit((unsigned char)*s); s++) digits++;
    if (*s == 'a' || *s == 'f') s++;
    return (digits == 2 || digits == 3) && !*s;
}

/* The runner: $GPUPRIM_JUDGE_RUNNER, or gpuprim-judge-runner beside this program. */
static int find_runner(char *buf, size_t len)
{
    const char *env = getenv("GPUPRIM_JUDGE_RUNNER");
    char self[4096];
    ssize_t n;
    if (env && *env) {
        snprintf(buf, len, "%s", env);
        return access(buf, X_OK);
    }
    n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) return 1;
    self[n] = 0;
    if (strrchr(self, '/')) *strrchr(self, '/') = 0;
    snprintf(buf, len, "%.4000s/gpuprim-judge-runner", self);
    return access(buf, X_OK);
}

static int write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f) return 1;
    fputs(text, f);
    return fclose(f) != 0;
}

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "r");
    long size;
    char *buf;
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    size = ftell(f);
    fseek(f, 0, SEEK_SET);
    buf = (char *)calloc(1, (size_t)(size > 0 ? size : 0) + 1);
    if (buf && size > 0 && fread(buf, 1, (size_t)size, f) != (size_t)size) buf[0] = 0;
    fclose(f);
    return buf;
}

static void remove_tree(const char *dir)
{
    static const char *const files[] = {"solve.h", "solve.so", "nvcc.log", "tests.log", "bench.log", NULL};
    char path[4200];
    for (int i = 0; files[i]; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        unlink(path);
    }
    rmdir(dir);
}

static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; s && *s; s++) {
        if (*s == '"' || *s == '\\') fprintf(f, "\\%c", *s);
        else if ((unsigned char)*s < 0x20) fprintf(f, "\\u%04x", *s);
        else fputc(*s, f);
    }
    fputc('"', f);
}

/* ---------------------------------------------------------------- the verdict */

#define MAX_KERNELS 16
typedef struct kernel_info {
    char name[256];
    unsigned block[3], grid[3];
    size_t dyn_smem, static_smem, local;
    int regs, calls, spill_stores, spill_loads, have_ptxas;
    double per_solve;   /* launches of it per call of solve */
    int rt_blocks;      /* blocks per SM by cudaOccupancyMaxActiveBlocksPerMultiprocessor; -1: unknown */
    gpa_occ_result occ;
    int occ_ok;
} kernel_info;

typedef struct verdict {
    const gpj_problem *p;
    const char *file, *arch;
    char device[256];
    int compiled, cases, passed, failed, not_run;
    char first_fail[512];          /* the first failing case, as printed */
    char outcome[512];             /* a crash, a CUDA error, a time-out: what ended the tests */
    int benched, bench_ok;
    int64_t d[4];
    double ms, rate, work, pct_ceiling, vs_vendor;
    int reps, sets;
    const char *unit;
    char place[512], hint[512], ladder_case[96], vendor[64];
    int nkernels;
    kernel_info k[MAX_KERNELS];
    char *compiler_log;            /* nvcc's output when the file did not compile */
    gpb_report r;                  /* the ladder measured now */
    int first_row, end_row;        /* the ladder group's rows in r */
} verdict;

static const char *signal_text(int sig)
{
    switch (sig) {
    case SIGSEGV: return "SIGSEGV: an invalid memory access on the host, e.g. a device pointer read there";
    case SIGBUS: return "SIGBUS";
    case SIGFPE: return "SIGFPE, an arithmetic error on the host";
    case SIGABRT: return "SIGABRT, an abort";
    case SIGILL: return "SIGILL";
    default: return "a signal";
    }
}

/* What a CUDA error reported by the runner means, in words. */
static void cuda_error_text(const char *line, char *buf, size_t len)
{
    char name[96], msg[256];
    gpj_field(line, "error", name, sizeof name);
    gpj_field(line, "msg", msg, sizeof msg);
    if (!strcmp(name, "cudaErrorIllegalAddress"))
        snprintf(buf, len, "out-of-bounds access: %s (%s)", msg, name);
    else if (!strcmp(name, "cudaErrorMisalignedAddress"))
        snprintf(buf, len, "misaligned access: %s (%s)", msg, name);
    else if (!strcmp(name, "cudaErrorInvalidConfiguration") || !strcmp(name, "cudaErrorInvalidValue"))
        snprintf(buf, len, "the launch was refused: %s (%s)", msg, name);
    else
        snprintf(buf, len, "CUDA error: %s (%s)", msg, name);
}

/* The kernels from the runner's launch records (and ptxas's spills), with occupancy on the device's arch. */
static void read_launches(verdict *v, const char *out, const gpj_ptxas_kernel *px, int npx, const gpa_arch *arch)
{
    const char *line = out;
    v->nkernels = 0;
    while (line && *line && v->nkernels < MAX_KERNELS) {
        const char *eol = strchr(line, '\n');
        char buf[1024], val[300];
        size_t n = eol ? (size_t)(eol - line) : strlen(line);
        snprintf(buf, sizeof buf, "%.*s", (int)(n < sizeof buf ? n : sizeof buf - 1), line);
        if (gpj_tag_is(buf, "launch")) {
            kernel_info *k = &v->k[v->nkernels++];
            char base[256], pbase[256];
            memset(k, 0, sizeof *k);
            gpj_field(buf, "kernel", k->name, sizeof k->name);
            gpj_field(buf, "grid", val, sizeof val);
            sscanf(val, "%u,%u,%u", &k->grid[0], &k->grid[1], &k->grid[2]);
            gpj_field(buf, "block", val, sizeof val);
            sscanf(val, "%u,%u,%u", &k->block[0], &k->block[1], &k->block[2]);
            gpj_field(buf, "dyn_smem", val, sizeof val), k->dyn_smem = strtoull(val, NULL, 10);
            gpj_field(buf, "static_smem", val, sizeof val), k->static_smem = strtoull(val, NULL, 10);
            gpj_field(buf, "local", val, sizeof val), k->local = strtoull(val, NULL, 10);
            gpj_field(buf, "regs", val, sizeof val), k->regs = atoi(val);
            gpj_field(buf, "calls", val, sizeof val), k->calls = atoi(val);
            gpj_field(buf, "per_solve", val, sizeof val), k->per_solve = atof(val);
            k->rt_blocks = gpj_field(buf, "rt_blocks", val, sizeof val) ? -1 : atoi(val);
            gpa_kernel_base_name(k->name, base, sizeof base);
            for (int i = 0; i < npx; i++) {
                gpa_kernel_base_name(px[i].name, pbase, sizeof pbase);
                if (!strcmp(px[i].name, k->name) || !strcmp(pbase, base)) {
                    k->spill_stores = px[i].spill_stores;
                    k->spill_loads = px[i].spill_loads;
                    k->have_ptxas = 1;
                    break;
                }
            }
            if (arch) {
                const int threads = (int)(k->block[0] * k->block[1] * k->block[2]);
                k->occ_ok = gpa_occupancy(arch, threads, k->regs, k->static_smem + k->dyn_smem, &k->occ) == 0;
            }
        }
        line = eol ? eol + 1 : NULL;
    }
}

static void print_kernels(const verdict *v, const gpj_ptxas_kernel *px, int npx)
{
    if (v->nkernels == 0) {
        printf("  kernels (ptxas; no launch seen, so no block size for the occupancy):\n");
        for (int i = 0; i < npx; i++) {
            char base[256];
            gpa_kernel_base_name(px[i].name, base, sizeof base);
            printf("    %-28s %3d registers, %d B spill stores, %d B spill loads, %d B shared\n", base, px[i].regs,
                   px[i].spill_stores, px[i].spill_loads, px[i].smem);
        }
        return;
    }
    printf("  kernels (one line per distinct launch in solve; registers and local memory from the runtime, spills\n"
           "  from ptxas, theoretical occupancy from gpuprim's model with this device's limits):\n");
    for (int i = 0; i < v->nkernels; i++) {
        const kernel_info *k = &v->k[i];
        char base[256];
        gpa_kernel_base_name(k->name, base, sizeof base);
        printf("    %-24s grid %u,%u,%u block %u,%u,%u, %g per solve: %d regs, %zu B local", base, k->grid[0],
               k->grid[1], k->grid[2], k->block[0], k->block[1], k->block[2], k->per_solve, k->regs, k->local);
        if (k->have_ptxas) printf(" (%d B spill stores, %d B spill loads)", k->spill_stores, k->spill_loads);
        printf(", %zu B shared", k->static_smem + k->dyn_smem);
        if (k->occ_ok)
            printf(", occupancy %.0f%% (%d blocks/SM, limited by %s%s)\n", 100.0 * k->occ.occupancy, k->occ.blocks_per_sm,
                   gpa_limit_name(k->occ.limit),
                   k->rt_blocks < 0 ? "" : k->rt_blocks == k->occ.blocks_per_sm ? "; the runtime agrees" : "; the runtime DIFFERS");
        else
            printf(", occupancy: -\n");
    }
}

/* The ladder of p measured now at sizes d; its group's rows in v->r [first_row, end_row). */
static int measure_ladder(verdict *v, const judge_opts *jo)
{
    const gpj_problem *p = v->p;
    const gpt_prim_cli *cli = gpt_find_prim(p->ladder);
    gpt_opts o;
    gp_handle h;
    int fails;
    if (!cli) return 1;
    gpt_opts_default(&o);
    o.seed = jo->seed;
    o.reps = jo->reps;
    o.op = p->ladder_op;
    switch (p->kind) {
    case GPJ_TRANSPOSE: o.m = v->d[0], o.n = v->d[1]; break;
    case GPJ_MATMUL: o.m = v->d[0], o.n = v->d[2], o.k = v->d[1]; break; /* C is M x K, the inner size is N */
    case GPJ_GEMM_F16: o.m = v->d[0], o.n = v->d[1], o.k = v->d[2]; break;
    default: o.n = v->d[0]; break;
    }
    if (gpt_open_handle("judge", &h)) return 1;
    if (gpt_bench_begin(&v->r, (int)o.reps)) fprintf(stderr, "gpuprim judge: cannot read the device's properties\n");
    {   /* the driver's own table is not shown: the judge prints the group with the user's row in it */
        int saved, devnull;
        fflush(stdout);
        saved = dup(1);
        devnull = open("/dev/null", O_WRONLY);
        if (saved >= 0 && devnull >= 0) dup2(devnull, 1);
        fails = gpt_bench_prim(h, cli, &o, &v->r);
        fflush(stdout);
        if (saved >= 0) dup2(saved, 1), close(saved);
        if (devnull >= 0) close(devnull);
    }
    gp_destroy(h);
    v->first_row = v->end_row = -1;
    for (int i = 0; i < v->r.count; i++) {
        if (v->r.rows[i].rung != -1) continue;
        if (v->first_row >= 0) {
            v->end_row = i;
            break;
        }
        if (!p->ladder_case || strstr(v->r.rows[i].shape, p->ladder_case)) v->first_row = i;
    }
    if (v->first_row >= 0 && v->end_row < 0) v->end_row = v->r.count;
    if (fails) fprintf(stderr, "gpuprim judge: %d ladder row(s) did not verify or could not be timed\n", fails);
    return v->first_row < 0;
}

/* The user's rate on the ladder's count of work, the place and the hint. */
static void place_on_ladder(verdict *v)
{
    const gpb_row *rows = v->r.rows + v->first_row;
    const int n = v->end_row - v->first_row;
    const gp_prim prim = gpt_find_prim(v->p->ladder)->prim;
    int slower, faster;
    /* the work as the ladder counts it: rate x time of its rows (the same bytes or FLOPs formula) */
    for (int i = 0; i < n; i++)
        if (rows[i].rung >= 0 && rows[i].rate > 0 && rows[i].t.median_ms > 0) {
            v->work = rows[i].rate * rows[i].t.median_ms * (rows[i].unit && !strcmp(rows[i].unit, "TFLOP/s") ? 1e9 : 1e6);
            break;
        }
    v->unit = rows[0].unit;
    v->rate = v->p->flops ? v->work / (v->ms * 1e9) : v->work / (v->ms * 1e6);
    v->vs_vendor = rows[0].rate > 0 ? v->rate / rows[0].rate : 0;
    /* on the ladder's own scale: the copy rate in GB/s, or e.g. sort's DRAM floor in G keys/s */
    v->pct_ceiling = v->p->flops ? 100.0 * v->vs_vendor : gpj_pct_of_ceiling(rows, n, v->rate);
    snprintf(v->vendor, sizeof v->vendor, "%s", rows[0].variant);
    snprintf(v->ladder_case, sizeof v->ladder_case, "%s", rows[0].shape);
    gpj_place(rows, n, v->rate, &slower, &faster);
    if (slower >= 0 && faster >= 0)
        snprintf(v->place, sizeof v->place, "between rung %s (%.1f %s) and rung %s (%.1f %s)", rows[slower].variant,
                 rows[slower].rate, v->unit, rows[faster].variant, rows[faster].rate, v->unit);
    else if (faster >= 0)
        snprintf(v->place, sizeof v->place, "below every rung (the slowest: rung %s, %.1f %s)", rows[faster].variant,
                 rows[faster].rate, v->unit);
    else if (slower >= 0)
        snprintf(v->place, sizeof v->place, "above every rung (the fastest: rung %s, %.1f %s)", rows[slower].variant,
                 rows[slower].rate, v->unit);
    if (faster >= 0)
        snprintf(v->hint, sizeof v->hint, "next rung up, %02d %s: %s", rows[faster].rung,
                 gp_rung_name(prim, rows[faster].rung), gp_rung_summary(prim, rows[faster].rung));
    else
        snprintf(v->hint, sizeof v->hint, "no rung is faster: compare with %s (%.3fx)", v->vendor, v->vs_vendor);
}

static void print_ladder(const verdict *v)
{
    const int n = v->end_row - v->first_row;
    int order[256], m = 0, you_done = 0;
    const gpb_row *rows = v->r.rows + v->first_row;
    for (int i = 0; i < n && m < 256; i++) order[m++] = i;
    for (int i = 1; i < m; i++) /* by rate, slowest first */
        for (int j = i; j > 0 && rows[order[j - 1]].rate > rows[order[j]].rate; j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    printf("  ladder (%s, measured now; slowest first):\n", v->ladder_case);
    printf("    %-32s %10s %10s %8s %7s %9s  %s\n", "variant", "time ms", "rate", "unit", "%ceil", "vs vendor", "check");
    for (int i = 0; i <= m; i++) {
        if (!you_done && (i == m || rows[order[i]].rate > v->rate)) {
            printf("  > %-32s %10.4f %10.1f %8s %6.1f%% %8.3fx  %s   <- your solve\n", "your solve", v->ms, v->rate,
                   v->unit, v->pct_ceiling, v->vs_vendor, v->bench_ok ? "ok" : "FAIL");
            you_done = 1;
        }
        if (i == m) break;
        {
            const gpb_row *w = &rows[order[i]];
            printf("    %-32s %10.4f %10.1f %8s %6.1f%% %8.3fx  %s\n", w->variant, w->t.median_ms, w->rate, w->unit,
                   w->pct_ceiling, w->vs_vendor, w->verified == 1 ? "ok" : w->verified == 0 ? "FAIL" : "-");
        }
    }
}

static int write_json(const verdict *v, const char *path, const char *tests_out, uint64_t seed)
{
    FILE *f = fopen(path, "w");
    char size[96];
    const char *line = tests_out;
    int first = 1;
    if (!f) return 1;
    fprintf(f, "{\n  \"problem\": ");
    json_str(f, v->p->name);
    fprintf(f, ",\n  \"signature\": ");
    json_str(f, v->p->prototype);
    fprintf(f, ",\n  \"file\": ");
    json_str(f, v->file);
    fprintf(f, ",\n  \"device\": ");
    json_str(f, v->device);
    fprintf(f, ",\n  \"arch\": ");
    json_str(f, v->arch);
    fprintf(f, ",\n  \"seed\": %llu,\n  \"compiled\": %d,\n  \"passed\": %d,\n  \"failed\": %d,\n  \"not_run\": %d,\n",
            (unsigned long long)seed, v->compiled, v->passed, v->failed, v->not_run);
    fprintf(f, "  \"outcome\": ");
    json_str(f, v->outcome);
    fprintf(f, ",\n  \"first_failure\": ");
    json_str(f, v->first_fail);
    if (v->compiler_log) {
        fprintf(f, ",\n  \"compiler_output\": ");
        json_str(f, v->compiler_log);
    }
    fprintf(f, ",\n  \"cases\": [");
    while (line && *line) { /* the runner's case records as they came */
        static gpj_case cases[GPJ_MAX_CASES];
        const int ncases = gpj_cases(v->p, cases, GPJ_MAX_CASES);
        const char *eol = strchr(line, '\n');
        char buf[1024], status[32], what[16], sz[96];
        size_t n = eol ? (size_t)(eol - line) : strlen(line);
        int i;
        snprintf(buf, sizeof buf, "%.*s", (int)(n < sizeof buf ? n : sizeof buf - 1), line);
        line = eol ? eol + 1 : NULL;
        if (!gpj_tag_is(buf, "case") || gpj_field(buf, "status", status, sizeof status) || !strcmp(status, "start"))
            continue;
        gpj_field(buf, "index", what, sizeof what);
        if ((i = atoi(what)) < 0 || i >= ncases) continue;
        gpj_size_text(v->p, cases[i].d, sz, sizeof sz);
        {
            fprintf(f, "%s\n    {\"index\": %d, \"name\": ", first ? "" : ",", i);
            json_str(f, cases[i].name);
            fprintf(f, ", \"size\": ");
            json_str(f, sz);
            fprintf(f, ", \"status\": ");
            json_str(f, status);
            fprintf(f, ", \"record\": ");
            json_str(f, buf);
            fprintf(f, "}");
            first = 0;
        }
    }
    fprintf(f, "\n  ],\n  \"kernels\": [");
    for (int i = 0; i < v->nkernels; i++) {
        const kernel_info *k = &v->k[i];
        fprintf(f, "%s\n    {\"name\": ", i ? "," : "");
        json_str(f, k->name);
        fprintf(f, ", \"grid\": [%u, %u, %u], \"block\": [%u, %u, %u], \"launches_per_solve\": %g, \"registers\": %d, "
                   "\"local_bytes\": %zu, \"spill_stores\": %d, \"spill_loads\": %d, \"shared_bytes\": %zu, "
                   "\"occupancy\": %.4f, \"blocks_per_sm\": %d, \"runtime_blocks_per_sm\": %d, \"limited_by\": ",
                k->grid[0], k->grid[1], k->grid[2], k->block[0], k->block[1], k->block[2], k->per_solve, k->regs, k->local,
                k->spill_stores, k->spill_loads, k->static_smem + k->dyn_smem, k->occ_ok ? k->occ.occupancy : 0.0,
                k->occ_ok ? k->occ.blocks_per_sm : 0, k->rt_blocks);
        json_str(f, k->occ_ok ? gpa_limit_name(k->occ.limit) : "");
        fprintf(f, "}");
    }
    fprintf(f, "\n  ]");
    if (v->benched) {
        gpj_size_text(v->p, v->d, size, sizeof size);
        fprintf(f, ",\n  \"bench\": {\"size\": ");
        json_str(f, size);
        fprintf(f, ", \"median_ms\": %.6f, \"reps\": %d, \"sets\": %d, \"verified\": %d, \"rate\": %.3f, \"unit\": ",
                v->ms, v->reps, v->sets, v->bench_ok, v->rate);
        json_str(f, v->unit ? v->unit : "");
        fprintf(f, ", \"pct_ceiling\": %.2f, \"vs_vendor\": %.4f, \"vendor\": ", v->pct_ceiling, v->vs_vendor);
        json_str(f, v->vendor);
        fprintf(f, ", \"place\": ");
        json_str(f, v->place);
        fprintf(f, ", \"hint\": ");
        json_str(f, v->hint);
        fprintf(f, ", \"ladder\": [");
        for (int i = v->first_row; i >= 0 && i < v->end_row; i++) {
            const gpb_row *w = &v->r.rows[i];
            fprintf(f, "%s\n      {\"variant\": ", i > v->first_row ? "," : "");
            json_str(f, w->variant);
            fprintf(f, ", \"rung\": %d, \"median_ms\": %.6f, \"rate\": %.3f, \"pct_ceiling\": %.2f, \"vs_vendor\": %.4f, "
                       "\"verified\": %d}",
                    w->rung, w->t.median_ms, w->rate, w->pct_ceiling, w->vs_vendor, w->verified);
        }
        fprintf(f, "\n    ]}");
    }
    fprintf(f, ",\n  \"verdict\": \"%s\"\n}\n",
            v->compiled && v->failed == 0 && v->not_run == 0 && !v->outcome[0] && (!v->benched || v->bench_ok) ? "passed"
                                                                                                                 : "failed");
    return fclose(f) != 0;
}

/* ---------------------------------------------------------------- the command */

static int run_judge(int argc, char **argv)
{
    const gpt_command *cmd = &gpt_cmd_judge;
    judge_opts o;
    const char *words[1];
    int nw, rc, have_gpu, npx = 0;
    char arch[32], nvcc_buf[4096], runner[4096], dir[] = "/tmp/gpuprim-judge-XXXXXX", path[4200], so[4200],
        log_nvcc[4200], log_run[4200], header[2048];
    const char *nvcc, *tried;
    gpj_ptxas_kernel px[MAX_KERNELS];
    gpa_arch dev_arch;
    static verdict v;
    child_run tests, bench;
    memset(&o, 0, sizeof o);
    o.problem = o.starter = -1;
    o.timeout = 60;
    if ((rc = gpt_parse(cmd, argc, argv, &o, words, &nw))) return rc == GPT_PARSE_HELP ? GPT_EXIT_OK : rc;
    if (o.list && o.starter >= 0) return gpt_usage_error(cmd, "takes --list or --starter, not both");
    if ((o.list || o.starter >= 0) && (nw || o.problem >= 0))
        return gpt_usage_error(cmd, "%s takes no FILE or --problem", o.list ? "--list" : "--starter");
    if (o.list) {
        print_list(stdout);
        return GPT_EXIT_OK;
    }
    if (o.starter >= 0) {
        fputs(gpj_problems[o.starter].starter, stdout);
        return GPT_EXIT_OK;
    }
    if (nw != 1) return gpt_usage_error(cmd, "needs a FILE.cu to judge, e.g. 'gpuprim judge solve.cu --problem reduction'");
    if (o.problem < 0) return gpt_usage_error(cmd, "needs --problem NAME (the problems: 'gpuprim judge --list')");
    if (access(words[0], R_OK) != 0) return gpt_usage_error(cmd, "cannot read the file '%s'", words[0]);
    if (o.arch && !valid_arch(o.arch)) return gpt_usage_error(cmd, "--arch takes sm_XY, e.g. sm_80 or sm_90a, not '%s'", o.arch);
    if ((rc = check_writable(cmd, "--json", o.json))) return rc;
    if (!o.seed) o.seed = (int64_t)(gpt_clock_seed() >> 1) | 1;

    memset(&v, 0, sizeof v);
    v.p = &gpj_problems[o.problem];
    v.file = words[0];
    have_gpu = gpt_have_device();
    snprintf(arch, sizeof arch, "%s", o.arch ? o.arch : "sm_80");
    if (have_gpu) {
        struct cudaDeviceProp prop;
        char name[16];
        if (gpt_arch_from_device(0, &dev_arch, name, sizeof name) == 0 && !o.arch) /* sm_90a: wgmma, TMA */
            snprintf(arch, sizeof arch, "%s%s", name, dev_arch.cc_major >= 9 ? "a" : "");
        if (cudaGetDeviceProperties(&prop, 0) == cudaSuccess) snprintf(v.device, sizeof v.device, "%s", prop.name);
    }
    v.arch = arch;
    printf("gpuprim judge: %s as '%s' (%s)\n  signature: %s;\n", v.file, v.p->name, v.p->leetgpu, v.p->prototype);

    /* ---- build: nvcc -shared with the problem's prototype ---- */
    fflush(stdout);
    if (!(nvcc = gpj_find_nvcc(GPUPRIM_NVCC, nvcc_buf, sizeof nvcc_buf, &tried))) {
        fprintf(stderr, "gpuprim judge: nvcc not found (%s: %s); install the CUDA toolkit or set NVCC to its nvcc\n", tried,
                !strcmp(tried, "$NVCC") ? nvcc_buf : "none is executable");
        return GPT_EXIT_FAILED;
    }
    if (!mkdtemp(dir)) {
        fprintf(stderr, "gpuprim judge: cannot make a temporary folder: %s\n", strerror(errno));
        return GPT_EXIT_FAILED;
    }
    snprintf(path, sizeof path, "%s/solve.h", dir);
    snprintf(so, sizeof so, "%s/solve.so", dir);
    snprintf(log_nvcc, sizeof log_nvcc, "%s/nvcc.log", dir);
    gpj_prototype_header(v.p, header, sizeof header);
    if (write_file(path, header)) {
        fprintf(stderr, "gpuprim judge: cannot write %s\n", path);
        remove_tree(dir);
        return GPT_EXIT_FAILED;
    }
    {
        char arch_flag[64];
        child_run cc;
        char *const nv_argv[] = {(char *)nvcc, "-shared", "-Xcompiler", "-fPIC", "-cudart", "shared", "-O3", arch_flag,
                                 "-Xptxas", "-v", "-include", path, (char *)v.file, "-o", so, NULL};
        char *log;
        snprintf(arch_flag, sizeof arch_flag, "-arch=%s", arch);
        printf("  compile:   %s -shared -Xcompiler -fPIC -cudart shared -O3 %s -Xptxas -v -include <signature> %s\n", nvcc,
               arch_flag, v.file);
        fflush(stdout);
        if (run_child(nv_argv, 600, log_nvcc, &cc) || !cc.exited || cc.code != 0) {
            log = read_file(log_nvcc);
            printf("\n%s does not compile for %s:\n%s", v.file, arch, log ? log : "(no output)\n");
            if (log && strstr(log, "has \"C\" linkage"))
                printf("\nthe signature of solve differs from the problem's; it must be:\n  %s;\n", v.p->prototype);
            else if (log && strstr(log, "\"solve\"") && strstr(log, "redeclared"))
                printf("\nthe signature of solve differs from the problem's; it must be:\n  %s;\n", v.p->prototype);
            printf("judge: FAILED (compile error)\n");
            snprintf(v.outcome, sizeof v.outcome, "compile error");
            v.compiler_log = log;
            if (o.json && write_json(&v, o.json, NULL, (uint64_t)o.seed))
                fprintf(stderr, "gpuprim judge: cannot write %s\n", o.json);
            free(log);
            free(cc.out);
            remove_tree(dir);
            return GPT_EXIT_FAILED;
        }
        free(cc.out);
        log = read_file(log_nvcc);
        if (log) npx = gpj_parse_ptxas(log, px, MAX_KERNELS);
        if (o.verbose && log) printf("%s", log);
        free(log);
        v.compiled = 1;
        printf("  compiled:  %d kernel%s for %s:", npx, npx == 1 ? "" : "s", arch);
        for (int i = 0; i < npx; i++) {
            char base[256];
            gpa_kernel_base_name(px[i].name, base, sizeof base);
            printf("%s %s %d regs%s", i ? "," : "", base, px[i].regs, px[i].spill_stores ? " (spills)" : "");
        }
        printf("\n");
    }
    fflush(stdout);
    /* GPUPRIM_JUDGE_FAKE_GPU: the seam of the CPU tests of this side of the judge: the runner named by
     * $GPUPRIM_JUDGE_RUNNER (a stand-in script) is run as if there were a GPU; the ladder is then not measured */
    if (getenv("GPUPRIM_JUDGE_FAKE_GPU") && getenv("GPUPRIM_JUDGE_RUNNER")) have_gpu = 1, strcpy(v.device, "none (a stand-in runner)");
    if (!have_gpu) {
        fprintf(stderr, "gpuprim judge: no usable GPU: %s compiled for %s, but running it needs an NVIDIA GPU "
                        "(--list and --starter work without one)\n", v.file, arch);
        snprintf(v.outcome, sizeof v.outcome, "no usable GPU (compiled for %s)", arch);
        if (o.json && write_json(&v, o.json, NULL, (uint64_t)o.seed)) fprintf(stderr, "gpuprim judge: cannot write %s\n", o.json);
        remove_tree(dir);
        return GPT_EXIT_NO_GPU;
    }
    if (find_runner(runner, sizeof runner)) {
        fprintf(stderr, "gpuprim judge: cannot find gpuprim-judge-runner beside this program (or $GPUPRIM_JUDGE_RUNNER: %s)\n",
                runner);
        remove_tree(dir);
        return GPT_EXIT_FAILED;
    }
    printf("  device:    %s\n", v.device);

    /* ---- the functional tests, in a child ---- */
    {
        char seed_s[32];
        char *const t_argv[] = {runner, (char *)v.p->name, so, "test", seed_s, NULL};
        gpj_case cases[GPJ_MAX_CASES];
        const char *line;
        int last_started = -1;
        v.cases = gpj_cases(v.p, cases, GPJ_MAX_CASES);
        snprintf(seed_s, sizeof seed_s, "%llu", (unsigned long long)o.seed);
        snprintf(log_run, sizeof log_run, "%s/tests.log", dir);
        printf("\ntests (%d cases, seed %llu; before each call: %s;\n       %s):\n", v.cases, (unsigned long long)o.seed,
               v.p->before, v.p->tolerance);
        fflush(stdout);
        if (run_child(t_argv, (int)o.timeout, log_run, &tests)) {
            fprintf(stderr, "gpuprim judge: cannot start %s\n", runner);
            remove_tree(dir);
            return GPT_EXIT_FAILED;
        }
        for (line = tests.out; line && *line;) {
            const char *eol = strchr(line, '\n');
            char buf[1024], status[32], idx[16], name[64];
            size_t n = eol ? (size_t)(eol - line) : strlen(line);
            int i;
            snprintf(buf, sizeof buf, "%.*s", (int)(n < sizeof buf ? n : sizeof buf - 1), line);
            line = eol ? eol + 1 : NULL;
            if (gpj_tag_is(buf, "error")) {
                char msg[512];
                gpj_field(buf, "msg", msg, sizeof msg);
                snprintf(v.outcome, sizeof v.outcome, "%s", msg);
                continue;
            }
            if (!gpj_tag_is(buf, "case") || gpj_field(buf, "status", status, sizeof status)) continue;
            gpj_field(buf, "index", idx, sizeof idx);
            i = atoi(idx);
            if (i < 0 || i >= v.cases) continue;
            snprintf(name, sizeof name, "%s", cases[i].name);
            if (!strcmp(status, "start")) {
                last_started = i;
                continue;
            }
            last_started = -1;
            if (!strcmp(status, "pass")) {
                v.passed++;
                printf("  PASS  %s\n", name);
            } else if (!strcmp(status, "fail")) {
                char where[64], got[64], want[64], wrong[32], of[32], text[512];
                gpj_field(buf, "where", where, sizeof where);
                gpj_field(buf, "got", got, sizeof got);
                gpj_field(buf, "expected", want, sizeof want);
                gpj_field(buf, "wrong", wrong, sizeof wrong);
                gpj_field(buf, "of", of, sizeof of);
                snprintf(text, sizeof text, "%s: first wrong index %s: got %s, expected %s (%s of %s wrong)", name, where,
                         got, want, wrong, of);
                printf("  FAIL  %s\n", text);
                if (!v.first_fail[0]) snprintf(v.first_fail, sizeof v.first_fail, "%s", text);
                v.failed++;
            } else if (!strcmp(status, "cuda-error")) {
                char text[400];
                cuda_error_text(buf, text, sizeof text);
                printf("  FAIL  %s: %s\n", name, text);
                if (!v.first_fail[0]) snprintf(v.first_fail, sizeof v.first_fail, "%s: %s", name, text);
                v.failed++;
                if (!tests.exited || tests.code == 4) snprintf(v.outcome, sizeof v.outcome, "%s in case '%s'", text, name);
            } else {
                char msg[256];
                gpj_field(buf, "msg", msg, sizeof msg);
                printf("  ERROR %s: %s\n", name, msg);
                snprintf(v.outcome, sizeof v.outcome, "the judge could not run case '%s': %s", name, msg);
            }
        }
        if (tests.timed_out)
            snprintf(v.outcome, sizeof v.outcome, "time limit of %lld s exceeded%s%s (killed)", (long long)o.timeout,
                     last_started >= 0 ? " in case " : "", last_started >= 0 ? cases[last_started].name : "");
        else if (tests.signaled)
            snprintf(v.outcome, sizeof v.outcome, "the program crashed with signal %d (%s)%s%s", tests.sig,
                     signal_text(tests.sig), last_started >= 0 ? " in case " : "",
                     last_started >= 0 ? cases[last_started].name : "");
        else if (last_started >= 0 && !v.outcome[0])
            snprintf(v.outcome, sizeof v.outcome, "the program exited (code %d) in case %s", tests.code,
                     cases[last_started].name);
        else if (!v.outcome[0] && !strstr(tests.out ? tests.out : "", "done "))
            snprintf(v.outcome, sizeof v.outcome, "the tests ended without their last record (exit code %d)", tests.code);
        if (last_started >= 0) {
            printf("  FAIL  %s: %s\n", cases[last_started].name, v.outcome);
            if (!v.first_fail[0]) snprintf(v.first_fail, sizeof v.first_fail, "%s: %.400s", cases[last_started].name, v.outcome);
            v.failed++;
        }
        v.not_run = v.cases - v.passed - v.failed;
        if (v.outcome[0]) printf("  the tests ended early: %s\n", v.outcome);
        if (v.outcome[0] || o.verbose) print_tail(stdout, log_run, o.verbose ? 200 : 20, "what your program printed (last lines):");
        printf("tests: %d passed, %d failed, %d not run\n", v.passed, v.failed, v.not_run);
        {
            gpa_arch a;
            char an[16];
            read_launches(&v, tests.out, px, npx, gpt_arch_from_device(0, &a, an, sizeof an) ? NULL : &a);
        }
    }

    /* ---- the benchmark and the ladder ---- */
    if (v.failed == 0 && v.not_run == 0 && !v.outcome[0] && !o.no_bench) {
        char seed_s[32], d_s[4][24], reps_s[24], size[96];
        char *const b_argv[] = {runner, (char *)v.p->name, so, "bench", seed_s, d_s[0], d_s[1], d_s[2], d_s[3], reps_s, NULL};
        const char *line;
        gpj_bench_size(v.p, o.n, v.d);
        snprintf(seed_s, sizeof seed_s, "%llu", (unsigned long long)o.seed);
        for (int i = 0; i < 4; i++) snprintf(d_s[i], sizeof d_s[i], "%lld", (long long)v.d[i]);
        snprintf(reps_s, sizeof reps_s, "%lld", (long long)o.reps);
        snprintf(log_run, sizeof log_run, "%s/bench.log", dir);
        gpj_size_text(v.p, v.d, size, sizeof size);
        printf("\nperformance (%s%s; CUDA events, warm-up, median):\n", size, o.n ? ", --n" : ", LeetGPU's benchmark size");
        fflush(stdout);
        if (run_child(b_argv, (int)o.timeout, log_run, &bench) == 0) {
            for (line = bench.out; line && *line;) {
                const char *eol = strchr(line, '\n');
                char buf[1024], val[64];
                size_t n = eol ? (size_t)(eol - line) : strlen(line);
                snprintf(buf, sizeof buf, "%.*s", (int)(n < sizeof buf ? n : sizeof buf - 1), line);
                line = eol ? eol + 1 : NULL;
                if (gpj_tag_is(buf, "time")) {
                    gpj_field(buf, "median_ms", val, sizeof val), v.ms = atof(val);
                    gpj_field(buf, "reps", val, sizeof val), v.reps = atoi(val);
                    gpj_field(buf, "sets", val, sizeof val), v.sets = atoi(val);
                    v.benched = 1;
                } else if (gpj_tag_is(buf, "benchcheck") || gpj_tag_is(buf, "bench")) {
                    gpj_field(buf, "status", val, sizeof val);
                    if (!strcmp(val, "pass")) v.bench_ok = 1;
                    else if (!strcmp(val, "fail")) {
                        char where[64], got[64], want[64];
                        gpj_field(buf, "where", where, sizeof where);
                        gpj_field(buf, "got", got, sizeof got);
                        gpj_field(buf, "expected", want, sizeof want);
                        snprintf(v.outcome, sizeof v.outcome, "wrong at the benchmark size: index %s got %s expected %s",
                                 where, got, want);
                    } else if (!strcmp(val, "cuda-error")) {
                        char text[400];
                        cuda_error_text(buf, text, sizeof text);
                        snprintf(v.outcome, sizeof v.outcome, "at the benchmark size: %s", text);
                    }
                } else if (gpj_tag_is(buf, "error")) {
                    gpj_field(buf, "msg", v.outcome, sizeof v.outcome);
                }
            }
            if (!v.benched && !v.outcome[0])
                snprintf(v.outcome, sizeof v.outcome, "the benchmark did not run to its end (exit code %d)", bench.code);
            if (bench.timed_out) snprintf(v.outcome, sizeof v.outcome, "time limit of %lld s exceeded in the benchmark", (long long)o.timeout);
            else if (bench.signaled) snprintf(v.outcome, sizeof v.outcome, "the program crashed in the benchmark with signal %d (%s)", bench.sig, signal_text(bench.sig));
            {
                gpa_arch a;
                char an[16];
                if (strstr(bench.out ? bench.out : "", "launch "))
                    read_launches(&v, bench.out, px, npx, gpt_arch_from_device(0, &a, an, sizeof an) ? NULL : &a);
            }
            free(bench.out);
        }
        if (v.outcome[0]) {
            printf("  %s\n", v.outcome);
            print_tail(stdout, log_run, 20, "what your program printed (last lines):");
        } else if (v.benched) {
            v.work = gpj_work(v.p, v.d);
            v.unit = v.p->flops ? "TFLOP/s" : "GB/s";
            v.rate = v.p->flops ? v.work / (v.ms * 1e9) : v.work / (v.ms * 1e6);
            if (v.p->ladder) {
                printf("  measuring the %s ladder at the same size (every rung and the vendor)...\n", v.p->ladder);
                fflush(stdout);
                if (measure_ladder(&v, &o) == 0) place_on_ladder(&v);
            }
            printf("  your solve: %.4f ms (median of %d, %d buffer set%s) = %.1f %s, counting %s; %s at the benchmark size\n",
                   v.ms, v.reps, v.sets, v.sets == 1 ? "" : "s", v.rate, v.unit, v.p->work_text,
                   v.bench_ok ? "verified" : "NOT verified");
            if (v.place[0]) {
                printf("  %.1f%% of the %s, %.3fx %s\n", v.pct_ceiling,
                       v.p->flops ? "vendor's rate"
                       : !strcmp(v.unit, "GB/s") ? "device-to-device copy ceiling"
                                                 : "ladder's ceiling (its %ceil column)",
                       v.vs_vendor, v.vendor);
                print_ladder(&v);
                printf("  place: %s\n  hint:  %s\n", v.place, v.hint);
            } else {
                if (v.p->ladder) printf("  ladder: could not be measured\n");
                else printf("  ladder: none yet (%s)\n", v.p->ladder_note);
            }
        }
        print_kernels(&v, px, npx);
    } else if (!o.no_bench) {
        printf("\nperformance: not measured (the tests did not all pass)\n");
    }
    if (o.json && write_json(&v, o.json, tests.out, (uint64_t)o.seed)) fprintf(stderr, "gpuprim judge: cannot write %s\n", o.json);
    {
        const int ok = v.failed == 0 && v.not_run == 0 && !v.outcome[0] && (!v.benched || v.bench_ok);
        if (ok) printf("\njudge: PASSED (%d of %d tests)\n", v.passed, v.cases);
        else if (v.first_fail[0]) printf("\njudge: FAILED (first failure: %s)\n", v.first_fail);
        else printf("\njudge: FAILED (%s)\n", v.outcome[0] ? v.outcome : "see above");
        free(tests.out);
        gpb_report_free(&v.r);
        remove_tree(dir);
        return ok ? GPT_EXIT_OK : GPT_EXIT_FAILED;
    }
}

const gpt_command gpt_cmd_judge = {
    "judge", "FILE.cu --problem NAME [OPTIONS] | --list | --starter NAME",
    "check and time your own LeetGPU-style solve() and place it on the primitive's ladder",
    judge_options, 1,
    "FILE.cu defines `extern \"C\" void solve(...)` with the problem's exact signature ('--list'). It is built\n"
    "with nvcc for the GPU found (sm_80 without one, or --arch) together with that prototype, so a solve of\n"
    "another signature is a compile error. It then runs in a child process, so that a crash, an out-of-bounds\n"
    "access or a hang (--timeout) is reported and the judge goes on: the functional cases (edge sizes, random\n"
    "and adversarial data, outputs poisoned, every element compared with the CPU reference: the first wrong\n"
    "index with got/expected), then the timing at the problem's benchmark size (CUDA events, warm-up, median,\n"
    "inputs rotated over more than 4x the L2) and the ladder of the matching primitive measured in the same\n"
    "run, with your row in its place, the next rung up as the hint, and your kernels' registers, spills and\n"
    "theoretical occupancy. solve may return before its kernels finish: the judge synchronises after it.\n"
    "Arguments are checked first; then the file is compiled; then the GPU is required.\n",
    NULL,
    "exit codes: 0 every test passed, 1 a test failed, the program crashed, hung or did not compile (or nvcc\n"
    "is missing), 2 usage error, 3 no usable GPU (after compiling)\n",
    run_judge};
