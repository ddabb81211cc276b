/* prim_map.c — map (c = a OP b, element-wise) in the gpuprim command: its verify case and cases, and its
 * bench case (vendor: a device-to-device copy of one array) for the generic driver. */
#include "driver.h"
#include "check.h"
#include "devdata.h"
#include "verify_cases.h"
#include "ref/ref.h"
#include <cuda_runtime.h>
#include <stdlib.h>

static const char *const op_names[] = {"add", "sub", "mul", "min", "max", NULL};

static gp_binop map_op(const gpt_opts *o)
{
    int i = gpt_op_index(op_names, o);
    return i < 0 ? GP_BINOP_ADD : (gp_binop)i;
}

int gpt_verify_map_case(gp_handle h, int rung, gp_binop op, int64_t n, int off_a, int off_b, int off_c,
                        uint64_t seed, int verbose)
{
    /* exactly what the call reads and writes, from each buffer's aligned base to its last element */
    const int64_t len_a = off_a + n, len_b = off_b + n, len_c = off_c + n;
    float *da = NULL, *db = NULL, *dc = NULL, *ha = NULL, *hb = NULL, *hc = NULL, *want = NULL;
    int fail = 1;
    cudaStream_t s;
    char label[64], what[64];
    gp_get_stream(h, &s);
    if (gpt_dev_alloc((void **)&da, len_a * 4) || gpt_dev_alloc((void **)&db, len_b * 4) ||
        gpt_dev_alloc((void **)&dc, len_c * 4))
        goto out;
    want = (float *)malloc((size_t)(n ? n : 1) * 4);
    if (!want) goto out;
    gpt_fill_f32(da, len_a, -100.f, 100.f, seed, s);
    gpt_fill_f32(db, len_b, -100.f, 100.f, seed + 1, s);
    gpt_poison(dc, len_c * 4, s);
    gp_set_rung(h, GP_PRIM_MAP, rung);
    snprintf(what, sizeof what, "map n=%lld", (long long)n);
    if (gpt_call_done(h, GP_PRIM_MAP, rung, gp_map_f32(h, op, n, da + off_a, db + off_b, dc + off_c), what, label,
                      sizeof label))
        goto out;
    ha = (float *)gpt_host_copy(da, len_a * 4);
    hb = (float *)gpt_host_copy(db, len_b * 4);
    hc = (float *)gpt_host_copy(dc, len_c * 4);
    if (!ha || !hb || !hc) goto out;
    gp_ref_map_f32(op, n, ha + off_a, hb + off_b, want);
    {
        int64_t bad = gpt_compare_f32_exact("map", hc + off_c, want, n);
        int64_t guard = gpt_count_unpoisoned(hc, 0, off_c, 4); /* before the output: still poison */
        if (guard) fprintf(stderr, "  map: %lld elements written outside the output\n", (long long)guard);
        fail = bad != 0 || guard != 0;
        if (verbose || fail)
            printf("map %-14s op=%d n=%-10lld offsets=%d,%d,%d  %s\n", label, (int)op, (long long)n, off_a, off_b,
                   off_c, fail ? "FAIL" : "ok");
    }
out:
    if (fail && cudaGetLastError() != cudaSuccess) fprintf(stderr, "map: CUDA error\n");
    cudaFree(da); cudaFree(db); cudaFree(dc);
    free(ha); free(hb); free(hc); free(want);
    return fail;
}

static int map_verify(gp_handle h, const gpt_opts *o, int rung, char *detail, size_t len)
{
    const gp_binop op = map_op(o);
    const int64_t n = o->n >= 0 ? o->n : ((int64_t)1 << 24) + 3;
    int f = gpt_verify_map_case(h, rung, op, n, 0, 0, 0, o->seed, o->verbose);
    f += gpt_verify_map_case(h, rung, op, n, 1, 1, 1, o->seed, o->verbose); /* equally misaligned: peeled */
    f += gpt_verify_map_case(h, rung, op, n, 1, 2, 3, o->seed, o->verbose); /* unequal: scalar fall-back */
    snprintf(detail, len, "%s n=%lld", op_names[op], (long long)n);
    return f;
}

/* ---- bench: n f32 elements, 12n bytes per run; the vendor copies 8n ---- */
enum { MAP_A, MAP_B, MAP_C };
struct map_bench {
    gp_binop op;
    int64_t n;
    float *want, *got;
};

static int map_setup(gpt_bench *b, gpt_case *c)
{
    struct map_bench *m = (struct map_bench *)c->state;
    const size_t bytes = (size_t)m->n * 4;
    float *ha, *hb;
    gpt_case_buffer(c, bytes, GPT_INPUT);
    gpt_case_buffer(c, bytes, GPT_INPUT);
    gpt_case_buffer(c, bytes, GPT_OUTPUT);
    c->set_bytes = 3 * bytes;
    if (gpt_case_alloc(b, c)) return 1;
    for (int k = 0; k < c->sets; k++) {
        gpt_fill_f32((float *)c->buf[k][MAP_A], m->n, -100.f, 100.f, b->o->seed + 2 * k, b->stream);
        gpt_fill_f32((float *)c->buf[k][MAP_B], m->n, -100.f, 100.f, b->o->seed + 2 * k + 1, b->stream);
    }
    ha = (float *)gpt_host_copy(c->buf[0][MAP_A], bytes);
    hb = (float *)gpt_host_copy(c->buf[0][MAP_B], bytes);
    m->want = (float *)malloc(bytes);
    m->got = (float *)malloc(bytes);
    if (ha && hb && m->want) gp_ref_map_f32(m->op, m->n, ha, hb, m->want);
    free(ha);
    free(hb);
    snprintf(c->shape, sizeof c->shape, "n=%lld f32, %d buffer sets", (long long)m->n, c->sets);
    c->paired = 4; /* each row timed in blocks alternating with the vendor's (driver.h: why) */
    snprintf(c->vendor, sizeof c->vendor, "cudaMemcpy D2D (vendor)");
    c->work = 12.0 * m->n;
    c->vendor_work = 8.0 * m->n; /* the ceiling's copy: one array read and written */
    return !ha || !hb || !m->want || !m->got;
}

static int map_run(gpt_case *c, int set)
{
    const struct map_bench *m = (const struct map_bench *)c->state;
    return gp_map_f32(c->bench->h, m->op, m->n, (const float *)c->buf[set][MAP_A], (const float *)c->buf[set][MAP_B],
                      (float *)c->buf[set][MAP_C]) != GP_SUCCESS;
}

static int map_vendor(gpt_case *c, int set)
{
    const struct map_bench *m = (const struct map_bench *)c->state;
    return cudaMemcpyAsync(c->buf[set][MAP_C], c->buf[set][MAP_A], (size_t)m->n * 4, cudaMemcpyDeviceToDevice,
                           c->bench->stream) != cudaSuccess;
}

static int map_check(gpt_case *c, int vendor, const char *label)
{
    struct map_bench *m = (struct map_bench *)c->state;
    (void)label;
    if (vendor) return -1; /* a copy, not the map */
    if (cudaMemcpy(m->got, c->buf[0][MAP_C], (size_t)m->n * 4, cudaMemcpyDeviceToHost) != cudaSuccess) return 0;
    return gpt_compare_f32_exact("map bench", m->got, m->want, m->n) == 0;
}

static void map_teardown(gpt_case *c)
{
    struct map_bench *m = (struct map_bench *)c->state;
    free(m->want);
    free(m->got);
}

static int map_bench(gpt_bench *b)
{
    static const gpt_case_hooks hooks = {map_setup, map_run, map_vendor, map_check, map_teardown, NULL};
    struct map_bench m = {map_op(b->o), b->o->n > 0 ? b->o->n : (b->o->quick ? (int64_t)1 << 24 : (int64_t)1 << 28),
                          NULL, NULL};
    int fails = 0;
    if (!b->o->sweep) return gpt_bench_case(b, &hooks, &m);
    for (int p = GPT_SWEEP_LOG2_MIN; p <= GPT_SWEEP_LOG2_MAX; p++) {
        m.n = (int64_t)1 << p;
        fails += gpt_bench_case(b, &hooks, &m);
    }
    return fails;
}

const gpt_prim_cli gpt_map_cli = {"map", GP_PRIM_MAP, op_names, "add", 0, map_verify, map_bench, NULL};
