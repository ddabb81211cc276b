/* driver.c — the generic verify/bench driver: every primitive's rungs are verified, timed, labelled,
 * checked and reported here, the same way; tools/prim_*.c supply only what is specific to a primitive. */
#include "driver.h"
#include "devdata.h"
#include <cuda_runtime.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ROWS 128 /* rungs plus configurations of one case */

int gpt_rungs_to_run(gp_prim p, const gpt_opts *o, int *out, int max)
{
    int n = 0, count = gp_rung_count(p), asked = gpt_opts_rung(o, p);
    if (asked > 0) {
        if (asked <= count && max > 0) out[n++] = asked;
        return n;
    }
    if (asked == GPT_RUNG_ALL)
        for (int r = 1; r <= count && n < max; r++) out[n++] = r;
    if (n < max) out[n++] = 0; /* automatic choice */
    return n;
}

void gpt_rung_label(gp_prim p, int rung, int ran, char *buf, size_t len)
{
    const char *name = gp_rung_name(p, rung), *ran_name = gp_rung_name(p, ran);
    if (rung == 0 && ran <= 0)
        snprintf(buf, len, "auto");
    else if (rung == 0)
        snprintf(buf, len, "auto (%02d %s)", ran, ran_name ? ran_name : "?");
    else if (ran != rung && ran > 0)
        snprintf(buf, len, "%02d %s -> %02d", rung, name ? name : "?", ran);
    else
        snprintf(buf, len, "%02d %s", rung, name ? name : "?");
}

int gpt_call_done(gp_handle h, gp_prim p, int rung, gp_status st, const char *what, char *label, size_t len)
{
    int ran = 0;
    cudaStream_t s = 0;
    gp_get_last_rung(h, p, &ran);
    gp_set_rung(h, p, 0);
    gp_get_stream(h, &s);
    gpt_rung_label(p, rung, ran, label, len);
    if (st != GP_SUCCESS) {
        fprintf(stderr, "%s %s: %s\n", what, label, gp_status_string(st));
        return 1;
    }
    if (cudaStreamSynchronize(s) != cudaSuccess || cudaGetLastError() != cudaSuccess) {
        fprintf(stderr, "%s %s: kernel failed: %s\n", what, label, cudaGetErrorString(cudaGetLastError()));
        return 1;
    }
    return 0;
}

int gpt_op_index(const char *const *ops, const gpt_opts *o)
{
    for (int i = 0; o->op && ops && ops[i]; i++)
        if (!strcmp(o->op, ops[i])) return i;
    return -1;
}

int gpt_verify_prim(gp_handle h, const gpt_prim_cli *cli, const gpt_opts *o)
{
    int rungs[MAX_ROWS], nr = gpt_rungs_to_run(cli->prim, o, rungs, MAX_ROWS), fails = 0;
    for (int i = 0; i < nr; i++) {
        char label[64], detail[160] = "";
        int f = cli->verify(h, o, rungs[i], detail, sizeof detail);
        gpt_rung_label(cli->prim, rungs[i], rungs[i], label, sizeof label);
        printf("verify %s %-20s %s seed=%llu: %s\n", cli->name, label, detail, (unsigned long long)o->seed,
               f ? "FAIL" : "PASS");
        fflush(stdout);
        fails += f != 0;
    }
    return fails;
}

/* ---- bench ---- */

int gpt_bench_begin(gpb_report *r, int reps)
{
    struct cudaDeviceProp prop;
    const size_t bytes = (size_t)1 << 30;
    void *src = NULL, *dst = NULL;
    int dev = 0;
    if (cudaGetDevice(&dev) != cudaSuccess || cudaGetDeviceProperties(&prop, dev) != cudaSuccess) return 1;
    snprintf(r->device, sizeof r->device, "%s", prop.name);
    r->sm_count = prop.multiProcessorCount;
    r->l2_mb = prop.l2CacheSize / 1e6;
    gpb_progress("device-to-device copy ceiling (1 GiB)");
    if (gpt_dev_alloc(&src, bytes) == 0 && gpt_dev_alloc(&dst, bytes) == 0) {
        gpt_fill_u8((uint8_t *)src, (int64_t)bytes, 1, 0);
        r->copy_gbps = gpb_copy_gbps(dst, src, bytes, reps);
    }
    (void)cudaGetLastError();
    cudaFree(src);
    cudaFree(dst);
    return 0;
}

int gpt_bench_prim(gp_handle h, const gpt_prim_cli *cli, const gpt_opts *o, gpb_report *r)
{
    gpt_bench b;
    memset(&b, 0, sizeof b);
    b.h = h;
    b.o = o;
    b.r = r;
    b.cli = cli;
    b.l2_bytes = (size_t)(r->l2_mb * 1e6);
    gp_get_stream(h, &b.stream);
    return cli->bench(&b);
}

int gpt_case_buffer(gpt_case *c, size_t bytes, int is_output)
{
    if (c->nbuf >= GPT_MAX_BUFFERS) return -1;
    c->bytes[c->nbuf] = bytes;
    c->is_output[c->nbuf] = is_output;
    return c->nbuf++;
}

int gpt_case_alloc(gpt_bench *b, gpt_case *c)
{
    const size_t per_set = c->set_bytes ? c->set_bytes : 1;
    const int most = c->max_sets > 0 && c->max_sets < GPT_MAX_SETS ? c->max_sets : GPT_MAX_SETS;
    c->sets = (int)((4 * b->l2_bytes + per_set - 1) / per_set); /* rotate so the data stays out of L2 */
    if (c->sets < 1) c->sets = 1;
    if (c->sets > most) c->sets = most;
    for (int k = 0; k < c->sets; k++)
        for (int i = 0; i < c->nbuf; i++)
            if (gpt_dev_alloc(&c->buf[k][i], c->bytes[i])) {
                fprintf(stderr, "%s: cudaMalloc of %zu bytes failed (buffer set %d of %d)\n", b->cli->name,
                        c->bytes[i], k + 1, c->sets);
                return 1;
            }
    return 0;
}

void gpt_case_shape_sets(gpt_case *c)
{
    size_t used = strlen(c->shape);
    if (c->sets > 1) snprintf(c->shape + used, sizeof c->shape - used, ", %d sets", c->sets);
}

static void free_buffers(gpt_case *c)
{
    for (int k = 0; k < GPT_MAX_SETS; k++)
        for (int i = 0; i < c->nbuf; i++) cudaFree(c->buf[k][i]);
}

/* Every output of every set poisoned (0xFF) or zeroed, on the stream. */
static void prepare_outputs(const gpt_case *c, cudaStream_t s, int zero)
{
    for (int k = 0; k < c->sets; k++)
        for (int i = 0; i < c->nbuf; i++)
            if (c->is_output[i] && zero) cudaMemsetAsync(c->buf[k][i], 0, c->bytes[i], s);
            else if (c->is_output[i]) gpt_poison(c->buf[k][i], c->bytes[i], s);
}

/* The harness's run `iter` is the hook's run on buffer set iter % sets. */
struct timed_hook {
    gpt_case *c;
    int (*fn)(gpt_case *c, int set);
};
static int run_hook(void *p, int iter)
{
    struct timed_hook *t = (struct timed_hook *)p;
    return t->fn(t->c, iter % t->c->sets);
}

static double rate(const gpt_case *c, double work, const gpb_timing *t)
{
    return c->flops ? work / (t->median_ms * 1e9) : work / (t->median_ms * 1e6);
}

static const char *unit(const gpt_case *c)
{
    return c->unit ? c->unit : c->flops ? "TFLOP/s" : "GB/s";
}

/* The rows of a case: its rungs (the case's own list with --rung all), then with -v each configuration of
 * each rung that has them (unless another rung was forced). cfg[i] = -1: the rung's own choice. */
static int plan_rows(const gpt_bench *b, const gpt_case *c, int *rung, int *cfg)
{
    const gp_prim p = b->cli->prim;
    const int asked = gpt_opts_rung(b->o, p);
    int n = 0;
    if (asked == GPT_RUNG_ALL && c->rungs)
        for (int i = 0; i < c->nrungs && n < MAX_ROWS; i++) rung[n++] = c->rungs[i];
    else
        n = gpt_rungs_to_run(p, b->o, rung, MAX_ROWS);
    for (int i = 0; i < n; i++) cfg[i] = -1;
    for (int r = 1; b->o->verbose && r <= gp_rung_count(p); r++) {
        gp_rung_info ri;
        if (gp_get_rung_info(p, r, &ri) != GP_SUCCESS || (asked > 0 && asked != r)) continue;
        for (int k = 0; k < ri.configs && n < MAX_ROWS; k++, n++) {
            rung[n] = r;
            cfg[n] = k;
        }
    }
    return n;
}

/* One row: the rung (and configuration) poisoned, timed, labelled with what ran, checked, reported.
 * Returns 1 if it could not be timed, 0 otherwise (a wrong result is a report failure, not an error). */
static int bench_row(gpt_bench *b, const gpt_case_hooks *hooks, gpt_case *c, int rung, int cfg)
{
    const gp_prim p = b->cli->prim;
    const char *name = b->cli->name;
    struct timed_hook timed = {c, hooks->run};
    int reps = (int)b->o->reps, ran = 0, ran_cfg = -1, supported = 1, failed, verified = -1;
    gpb_timing t, tv;
    gpb_row *row;
    char label[64];
    if (hooks->reps) reps = hooks->reps(c, rung, reps);
    if (reps < 0) {
        printf("  %s %s: rung %02d skipped (seconds per run at this size)\n", name, c->shape, rung);
        return 0;
    }
    if (rung > 0 && gp_rung_supported(b->h, p, rung, &supported) == GP_SUCCESS && !supported) {
        gp_rung_info ri;
        gp_get_rung_info(p, rung, &ri);
        printf("  %s %s: rung %02d skipped (needs sm_%d; not on this GPU or build)\n", name, c->shape, rung,
               ri.min_cc);
        return 0;
    }
    gpt_rung_label(p, rung, rung, label, sizeof label);
    if (cfg >= 0) snprintf(label, sizeof label, "%02d cfg%d %s", rung, cfg, gp_rung_config_name(p, rung, cfg));
    gpb_progress("%s %s: %s", name, c->shape, label);
    prepare_outputs(c, b->stream, 0);
    gp_set_rung(b->h, p, rung);
    if (cfg >= 0) gp_set_config(b->h, p, cfg);
    if (c->paired > 0) {
        /* alternating blocks with the vendor (which writes the same outputs), then poisoned outputs and one
         * run of the rung on set 0 for the check */
        struct timed_hook vt = {c, hooks->vendor};
        failed = gpb_time_paired(b->stream, run_hook, &vt, run_hook, &timed, reps, c->paired, &tv, &t);
        if (!failed) {
            prepare_outputs(c, b->stream, 0);
            failed = hooks->run(c, 0) != 0;
        }
    } else {
        failed = gpb_time(b->stream, run_hook, &timed, reps, &t);
    }
    gp_get_last_rung(b->h, p, &ran);
    gp_get_last_config(b->h, p, &ran_cfg);
    failed = failed || cudaStreamSynchronize(b->stream) != cudaSuccess;
    if (!failed) {
        if (cfg < 0) gpt_rung_label(p, rung, ran, label, sizeof label);
        if (cfg >= 0 && ran_cfg != cfg) { /* a forced configuration that could not take the call */
            size_t len = strlen(label);
            snprintf(label + len, sizeof label - len, " -> cfg%d", ran_cfg);
        }
        if (rung == 0 && ran_cfg >= 0) {
            size_t len = strlen(label);
            snprintf(label + len, sizeof label - len, " cfg%d", ran_cfg);
        }
        verified = hooks->check(c, 0, label); /* the rung and configuration still forced */
    }
    if (cfg >= 0) gp_set_config(b->h, p, -1);
    gp_set_rung(b->h, p, 0);
    if (failed) {
        fprintf(stderr, "%s %s: %s: a run failed (%s)\n", name, c->shape, label, cudaGetErrorString(cudaGetLastError()));
        return 1;
    }
    row = gpb_report_add(b->r, name, c->shape, label, rung, &t, rate(c, c->work, &t), unit(c), verified);
    if (row && c->paired > 0) row->vendor_rate = rate(c, c->vendor_work > 0 ? c->vendor_work : c->work, &tv);
    return 0;
}

/* A baseline (which = 1 the vendor, 2 the second baseline) on the same inputs, timed and checked like a rung;
 * its row's index, or -1 if it failed. */
static int baseline_row(gpt_bench *b, const gpt_case_hooks *hooks, gpt_case *c, int which)
{
    struct timed_hook timed = {c, which == 1 ? hooks->vendor : c->baseline};
    const char *variant = which == 1 ? c->vendor : c->baseline_name;
    const double work = which == 1 && c->vendor_work > 0 ? c->vendor_work : c->work;
    gpb_timing t;
    gpb_progress("%s %s: %s", b->cli->name, c->shape, variant);
    prepare_outputs(c, b->stream, c->vendor_zeroed);
    if (gpb_time(b->stream, run_hook, &timed, (int)b->o->reps, &t) || cudaStreamSynchronize(b->stream) != cudaSuccess) {
        fprintf(stderr, "%s %s: %s failed (%s)\n", b->cli->name, c->shape, variant, cudaGetErrorString(cudaGetLastError()));
        return -1;
    }
    gpb_report_add(b->r, b->cli->name, c->shape, variant, -1, &t, rate(c, work, &t), unit(c),
                   hooks->check(c, which, variant));
    return b->r->count - 1;
}

int gpt_bench_case(gpt_bench *b, const gpt_case_hooks *hooks, void *state)
{
    gpt_case c;
    const char *name = b->cli->name;
    const int first = b->r->count, failures_before = b->r->failures;
    int rungs[MAX_ROWS], cfgs[MAX_ROWS], nrows, vendor_row, errors = 0;
    memset(&c, 0, sizeof c);
    c.bench = b;
    c.state = state;
    if (hooks->setup(b, &c)) {
        fprintf(stderr, "%s %s: setting up the case failed\n", name, c.shape);
        errors = 1;
        goto out;
    }
    vendor_row = baseline_row(b, hooks, &c, 1);
    if (vendor_row < 0 || (c.baseline && baseline_row(b, hooks, &c, 2) < 0)) {
        errors = 1;
        goto out;
    }
    nrows = plan_rows(b, &c, rungs, cfgs);
    for (int i = 0; i < nrows && !errors; i++) errors = bench_row(b, hooks, &c, rungs[i], cfgs[i]);
    gpb_report_relate(b->r, first, vendor_row,
                      c.ceiling > 0 ? c.ceiling : c.flops ? b->r->rows[vendor_row].rate : b->r->copy_gbps);
    gpb_report_print_group(b->r, first, stdout);
    if (c.note[0]) printf("%s\n", c.note);
    if (c.paired > 0)
        printf("  vs vendor: each row timed in %d blocks alternating with the vendor's, against that vendor time (the "
               "clocks drift under sustained load)\n", c.paired);
    fflush(stdout);
out:
    if (hooks->teardown) hooks->teardown(&c);
    free_buffers(&c);
    (void)cudaGetLastError();
    return errors + (b->r->failures - failures_before);
}
