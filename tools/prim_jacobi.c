/* prim_jacobi.c — the 5-point Jacobi stencil (gp_jacobi5_f32) in the gpuprim command: its verify cases (bit-exact
 * against the CPU reference, every configuration of a configurable rung), and its bench cases for the generic
 * driver: one step (against the copy ceiling) and 16 steps (each single-step rung launched 16 times, and temporal
 * blocking; effective GB/s = 8 bytes per cell and step). --m/--n: the grid; --k: the steps. */
#include "driver.h"
#include "check.h"
#include "devdata.h"
#include "verify_cases.h"
#include "ref/ref.h"
#include <cuda_runtime.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

static int64_t span(int64_t rows, int64_t cols, int64_t ld) { return rows > 0 && cols > 0 ? (rows - 1) * ld + cols : 0; }
static float unit(uint64_t seed, int64_t i) { return (float)((gpt_mix64(seed + (uint64_t)i) >> 40) * (1.0 / 8388608.0)) - 1.f; }

gpt_jacobi_case gpt_jacobi_case_of(int rung, int64_t rows, int64_t cols, int steps, int layout)
{
    /* conv2d's leading dimensions and offsets for the same layout */
    const gpt_conv_case l = gpt_conv_case_of(0, rows, cols, 1, 1, GP_CONV_SAME, layout);
    gpt_jacobi_case c;
    memset(&c, 0, sizeof c);
    c.rung = rung; c.config = -1; c.rows = rows; c.cols = cols; c.steps = steps;
    c.pad = l.pad_in; c.off0 = l.off_in; c.off1 = l.off_out;
    return c;
}

/* Elements of a grid's allocation outside the grid (before `off`, padding columns) that lost the poison. */
static int64_t outside_written(const float *buf, int64_t off, int64_t rows, int64_t cols, int64_t ld)
{
    int64_t n = gpt_count_unpoisoned(buf, 0, off, 4);
    for (int64_t r = 0; r + 1 < rows; r++) n += gpt_count_unpoisoned(buf, off + r * ld + cols, off + (r + 1) * ld, 4);
    return n;
}

int gpt_verify_jacobi_case(gp_handle h, const gpt_jacobi_case *c, uint64_t seed, int verbose)
{
    const int64_t ld = (c->cols > 1 ? c->cols : 1) + c->pad, sp = span(c->rows, c->cols, ld);
    const int64_t n0 = sp ? c->off0 + sp : 0, n1 = sp ? c->off1 + sp : 0;
    const int temporal = gp_rung_find(GP_PRIM_JACOBI, "temporal");
    float *d0 = NULL, *d1 = NULL, *init = (float *)malloc((size_t)n0 * 4 + 4), *r0 = (float *)malloc((size_t)sp * 4 + 4);
    float *r1 = (float *)malloc((size_t)sp * 4 + 4), *g0 = NULL, *g1 = NULL;
    int fail = 1, ran = 0, ran_cfg = -1, ran_ok = 1;
    int64_t bad = 0, boundary = 0, outside = 0;
    cudaStream_t s;
    char label[64], what[128];
    gp_get_stream(h, &s);
    snprintf(what, sizeof what, "jacobi %lldx%lld %d steps", (long long)c->rows, (long long)c->cols, c->steps);
    if (!init || !r0 || !r1 || gpt_dev_alloc((void **)&d0, (size_t)n0 * 4) || gpt_dev_alloc((void **)&d1, (size_t)n1 * 4)) {
        fprintf(stderr, "%s: allocation failed\n", what);
        goto out;
    }
    /* random cells; the padding (and what precedes the grid) poisoned, in both buffers */
    memset(init, 0xFF, (size_t)n0 * 4);
    for (int64_t r = 0; r < c->rows; r++)
        for (int64_t k = 0; k < c->cols; k++) init[c->off0 + r * ld + k] = unit(seed, r * ld + k);
    if (n0 && cudaMemcpy(d0, init, (size_t)n0 * 4, cudaMemcpyHostToDevice) != cudaSuccess) goto out;
    gpt_poison(d1, (size_t)n1 * 4, s);
    memcpy(r0, init + c->off0, (size_t)sp * 4);
    memset(r1, 0xFF, (size_t)sp * 4);
    gp_ref_jacobi5_f32(c->rows, c->cols, r0, r1, ld, c->steps);
    gp_set_rung(h, GP_PRIM_JACOBI, c->rung);
    gp_set_config(h, GP_PRIM_JACOBI, c->config);
    {
        const gp_status st = gp_jacobi5_f32(h, c->rows, c->cols, d0 ? d0 + c->off0 : NULL, d1 ? d1 + c->off1 : NULL, ld,
                                            c->steps);
        gp_set_config(h, GP_PRIM_JACOBI, -1);
        if (gpt_call_done(h, GP_PRIM_JACOBI, c->rung, st, what, label, sizeof label)) goto out;
    }
    gp_get_last_rung(h, GP_PRIM_JACOBI, &ran);
    gp_get_last_config(h, GP_PRIM_JACOBI, &ran_cfg);
    snprintf(what, sizeof what, "jacobi %s %lldx%lld %d steps", label, (long long)c->rows, (long long)c->cols, c->steps);
    if (sp) {
        const float *want = (c->steps & 1) ? r1 : r0, *got;
        if (!(g0 = (float *)gpt_host_copy(d0, (size_t)n0 * 4)) || !(g1 = (float *)gpt_host_copy(d1, (size_t)n1 * 4)))
            goto out;
        got = (c->steps & 1) ? g1 + c->off1 : g0 + c->off0; /* the other buffer: a rung-dependent intermediate */
        for (int64_t r = 0; r < c->rows; r++)
            for (int64_t k = 0; k < c->cols; k++) {
                const int64_t i = r * ld + k;
                if (memcmp(&got[i], &want[i], 4)) {
                    if (bad++ < 4)
                        fprintf(stderr, "  %s: [%lld][%lld] = %.9g, want %.9g\n", what, (long long)r, (long long)k,
                                got[i], want[i]);
                }
                /* every written grid includes the boundary: u1's is u0's initial one */
                if (c->steps && (r == 0 || r == c->rows - 1 || k == 0 || k == c->cols - 1) &&
                    memcmp(&g1[c->off1 + i], &init[c->off0 + i], 4))
                    boundary++;
            }
        /* no steps: u1 is not written at all */
        outside = outside_written(g0, c->off0, c->rows, c->cols, ld) +
                  (c->steps ? outside_written(g1, c->off1, c->rows, c->cols, ld) : gpt_count_unpoisoned(g1, 0, n1, 4));
        if (bad) fprintf(stderr, "  %s: %lld cells differ (bit-exact expected)\n", what, (long long)bad);
        if (boundary) fprintf(stderr, "  %s: %lld boundary cells of u1 differ from u0's\n", what, (long long)boundary);
        if (outside) fprintf(stderr, "  %s: %lld elements outside the grids written\n", what, (long long)outside);
        /* a forced rung runs, except temporal with one step (then the rung below it) */
        if (c->rung > 0 && c->steps > 0)
            ran_ok = ran == c->rung || (c->rung == temporal && c->steps < 2 && ran == temporal - 1);
        if (ran_ok && c->steps > 0 && c->config >= 0 && ran == c->rung) ran_ok = ran_cfg == c->config;
        if (!ran_ok) fprintf(stderr, "  %s: rung %d configuration %d forced, rung %d configuration %d ran\n", what,
                             c->rung, c->config, ran, ran_cfg);
    }
    fail = bad || boundary || outside || !ran_ok;
    if (verbose || fail)
        printf("%s cfg %d ld %lld offsets %d,%d  %s\n", what, c->config, (long long)ld, c->off0, c->off1,
               fail ? "FAIL" : "ok");
out:
    if (fail && cudaGetLastError() != cudaSuccess) fprintf(stderr, "%s: CUDA error\n", what);
    cudaFree(d0); cudaFree(d1);
    free(init); free(r0); free(r1); free(g0); free(g1);
    return fail;
}

/* grid shapes around rung 02's 32x32 tiles, rung 03's 128-column strips and rung 04's 64-row tiles of
 * 128 - 2T columns (T = 8: 112), thin grids (no interior), and step counts whose passes differ in parity */
static const int64_t verify_shapes[][2] = {{1, 1},   {1, 300},  {300, 1},  {2, 2},    {3, 3},    {3, 130},
                                           {37, 130}, {63, 111}, {64, 112}, {65, 113}, {129, 225}, {200, 97}};
static const int verify_steps[] = {1, 2, 3, 16, 17};

static int jacobi_verify(gp_handle h, const gpt_opts *o, int rung, char *detail, size_t len)
{
    gp_rung_info ri;
    const int configs = rung > 0 && gp_get_rung_info(GP_PRIM_JACOBI, rung, &ri) == GP_SUCCESS ? ri.configs : 0;
    const int nsteps = o->k >= 0 ? 1 : (int)(sizeof verify_steps / sizeof verify_steps[0]);
    uint64_t seed = (uint64_t)o->seed;
    int f = 0, calls = 0;
    for (size_t i = 0; i < sizeof verify_shapes / sizeof verify_shapes[0]; i++)
        for (int s = 0; s < nsteps; s++)
            for (int layout = 0; layout < GPT_CONV_LAYOUTS; layout++)
                for (int cfg = -1; cfg < configs; cfg++, calls++) { /* -1: the rung's own choice */
                    gpt_jacobi_case c = gpt_jacobi_case_of(rung, o->m >= 0 ? o->m : verify_shapes[i][0],
                                                           o->n >= 0 ? o->n : verify_shapes[i][1],
                                                           o->k >= 0 ? (int)o->k : verify_steps[s], layout);
                    c.config = cfg;
                    f += gpt_verify_jacobi_case(h, &c, seed++, o->verbose);
                }
    snprintf(detail, len, "%d calls bit-exact: steps %s, 3 layouts%s", calls, o->k >= 0 ? "as given" : "1-17",
             configs ? ", every configuration" : "");
    return f;
}

/* ---- bench: a rows x cols grid, `steps` steps; GB/s = 8 bytes per cell and step ---- */
enum { JB_U0, JB_U1 };
struct jacobi_bench {
    int64_t rows, cols;
    int steps;
    float *init, *want, *got;
    int rungs[8];
};

static int jacobi_setup(gpt_bench *b, gpt_case *c)
{
    struct jacobi_bench *x = (struct jacobi_bench *)c->state;
    const int64_t n = x->rows * x->cols;
    const int temporal = gp_rung_find(GP_PRIM_JACOBI, "temporal");
    float *other = NULL;
    int fail = 0;
    gpt_case_buffer(c, (size_t)n * 4, GPT_INPUT); /* u0: also written by even steps; the check restores it */
    gpt_case_buffer(c, (size_t)n * 4, GPT_OUTPUT);
    c->set_bytes = (size_t)n * 8;
    if (gpt_case_alloc(b, c)) return 1;
    for (int k = 0; k < c->sets; k++)
        gpt_fill_f32((float *)c->buf[k][JB_U0], n, -1.f, 1.f, (uint64_t)b->o->seed + (uint64_t)k, b->stream);
    fail |= cudaStreamSynchronize(b->stream) != cudaSuccess;
    x->init = (float *)gpt_host_copy(c->buf[0][JB_U0], (size_t)n * 4);
    x->want = (float *)malloc((size_t)n * 4);
    x->got = (float *)malloc((size_t)n * 4);
    other = (float *)malloc((size_t)n * 4);
    if (fail || !x->init || !x->want || !x->got || !other) {
        free(other);
        return 1;
    }
    gpb_progress("jacobi: CPU reference of %d steps on %lldx%lld", x->steps, (long long)x->rows, (long long)x->cols);
    memcpy(other, x->init, (size_t)n * 4);
    gp_ref_jacobi5_f32(x->rows, x->cols, other, x->want, x->cols, x->steps); /* u0 = other, u1 = want */
    if (!(x->steps & 1)) memcpy(x->want, other, (size_t)n * 4);              /* an even count ends in u0 */
    free(other);
    snprintf(c->shape, sizeof c->shape, "%lldx%lld f32, %d step%s", (long long)x->rows, (long long)x->cols, x->steps,
             x->steps == 1 ? "" : "s");
    gpt_case_shape_sets(c);
    snprintf(c->vendor, sizeof c->vendor, "cudaMemcpy D2D (vendor)");
    c->work = 8.0 * (double)n * x->steps;
    c->vendor_work = 8.0 * (double)n; /* one copy: the ceiling a step per launch can reach */
    if (x->steps == 1) { /* temporal blocking takes two steps or more: the single-step rungs, then auto */
        int k = 0;
        for (int r = 1; r <= gp_rung_count(GP_PRIM_JACOBI) && k < 7; r++)
            if (r != temporal) x->rungs[k++] = r;
        x->rungs[k++] = 0;
        c->rungs = x->rungs;
        c->nrungs = k;
    } else {
        snprintf(c->note, sizeof c->note, "  GB/s: 8 bytes per cell and step over the call's time (%d launches of a "
                 "single-step rung; temporal: T steps per pass)", x->steps);
    }
    return 0;
}

static int jacobi_run(gpt_case *c, int set)
{
    const struct jacobi_bench *x = (const struct jacobi_bench *)c->state;
    return gp_jacobi5_f32(c->bench->h, x->rows, x->cols, (float *)c->buf[set][JB_U0], (float *)c->buf[set][JB_U1],
                          x->cols, x->steps) != GP_SUCCESS;
}

static int jacobi_vendor(gpt_case *c, int set)
{
    const struct jacobi_bench *x = (const struct jacobi_bench *)c->state;
    return cudaMemcpyAsync(c->buf[set][JB_U1], c->buf[set][JB_U0], (size_t)(x->rows * x->cols) * 4,
                           cudaMemcpyDeviceToDevice, c->bench->stream) != cudaSuccess;
}

/* The timed runs kept iterating set 0: it is reset to the initial grid and the call (its rung still forced) run
 * once more, then compared bit for bit. */
static int jacobi_check(gpt_case *c, int vendor, const char *label)
{
    struct jacobi_bench *x = (struct jacobi_bench *)c->state;
    const size_t bytes = (size_t)(x->rows * x->cols) * 4;
    char what[96];
    if (vendor) return -1; /* a copy */
    if (cudaMemcpy(c->buf[0][JB_U0], x->init, bytes, cudaMemcpyHostToDevice) != cudaSuccess) return 0;
    gpt_poison(c->buf[0][JB_U1], bytes, c->bench->stream);
    if (jacobi_run(c, 0) || cudaStreamSynchronize(c->bench->stream) != cudaSuccess ||
        cudaMemcpy(x->got, c->buf[0][(x->steps & 1) ? JB_U1 : JB_U0], bytes, cudaMemcpyDeviceToHost) != cudaSuccess)
        return 0;
    snprintf(what, sizeof what, "jacobi bench %s %s", c->shape, label);
    for (int64_t i = 0; i < x->rows * x->cols; i++)
        if (memcmp(&x->got[i], &x->want[i], 4)) {
            fprintf(stderr, "%s: cell %lld = %.9g, want %.9g (bit-exact expected)\n", what, (long long)i, x->got[i],
                    x->want[i]);
            return 0;
        }
    return 1;
}

static void jacobi_teardown(gpt_case *c)
{
    struct jacobi_bench *x = (struct jacobi_bench *)c->state;
    free(x->init); free(x->want); free(x->got);
    x->init = x->want = x->got = NULL;
}

/* After a many-step case: the best single-step rung (one launch per step) and temporal blocking against it. */
static void many_steps_summary(const gpb_report *r, int first, int steps)
{
    const int temporal = gp_rung_find(GP_PRIM_JACOBI, "temporal");
    const gpb_row *best = NULL, *tb = NULL;
    for (int i = first; i < r->count; i++) {
        const gpb_row *w = &r->rows[i];
        if (w->rung >= 1 && w->rung != temporal && (!best || w->rate > best->rate)) best = w;
        if (w->rung == temporal && !tb) tb = w; /* its own configuration choice (listed first) */
    }
    if (best && tb)
        printf("  %d steps: best single-step rung %s (%d launches) %.3f ms; %s %.3f ms: %.2fx the best single-step "
               "rung\n", steps, best->variant, steps, best->t.median_ms, tb->variant, tb->t.median_ms,
               best->t.median_ms / tb->t.median_ms);
}

static int jacobi_bench(gpt_bench *b)
{
    static const gpt_case_hooks hooks = {jacobi_setup, jacobi_run, jacobi_vendor, jacobi_check, jacobi_teardown, NULL};
    const gpt_opts *o = b->o;
    const int64_t big = o->quick ? 2048 : 8192;
    const int steps[2] = {1, 16}, ncases = o->k > 0 ? 1 : 2;
    int fails = 0;
    for (int i = 0; i < ncases; i++) {
        struct jacobi_bench x;
        const int first = b->r->count;
        memset(&x, 0, sizeof x);
        x.rows = o->m > 0 ? o->m : (o->n > 0 ? o->n : big);
        x.cols = o->n > 0 ? o->n : x.rows;
        x.steps = o->k > 0 ? (int)o->k : steps[i];
        fails += gpt_bench_case(b, &hooks, &x);
        if (x.steps > 1) many_steps_summary(b->r, first, x.steps);
    }
    return fails;
}

static int jacobi_check_args(const gpt_opts *o, char *why, size_t len)
{
    if (o->k <= INT_MAX) return 0;
    snprintf(why, len, "--k for jacobi takes the steps: at most %d, not '%lld'", INT_MAX, (long long)o->k);
    return 1;
}

const gpt_prim_cli gpt_jacobi_cli = {"jacobi", GP_PRIM_JACOBI, NULL, NULL, 0, jacobi_verify, jacobi_bench,
                                     jacobi_check_args};
