/* prim_compact.c — stream compaction (select if / flagged) in the gpuprim command: its verify cases, and
 * its bench case (vendor: cub::DeviceSelect::If) for the generic driver. */
#include "driver.h"
#include "check.h"
#include "devdata.h"
#include "vendor.h"
#include "verify_cases.h"
#include "ref/ref.h"
#include <cuda_runtime.h>
#include <stdlib.h>
#include <string.h>

static const char *const sel_type_names[GPT_SEL_TYPE_COUNT] = {"f32", "i32", "flagged f32", "flagged i32"};
static const char *const pred_names[GP_SELECT_PRED_COUNT] = {"gt", "ge", "lt", "le", "eq", "ne", "nonzero"};

static gp_status select_call(gp_handle h, gpt_select_type type, gp_select_pred pred, int32_t value, int64_t n,
                             const void *in, const uint8_t *flags, void *out, int64_t *num)
{
    switch (type) {
    case GPT_SEL_F32: return gp_select_if_f32(h, n, (const float *)in, pred, (float)value, (float *)out, num);
    case GPT_SEL_I32: return gp_select_if_i32(h, n, (const int32_t *)in, pred, value, (int32_t *)out, num);
    case GPT_SEL_FLAGGED_F32: return gp_select_flagged_f32(h, n, (const float *)in, flags, (float *)out, num);
    default: return gp_select_flagged_i32(h, n, (const int32_t *)in, flags, (int32_t *)out, num);
    }
}

/* Random integers in [lo, hi] at in[0, len) (as floats for the f32 types), on the device and on the host;
 * flags non-zero (any byte value) with probability flag_pct/100. */
static int compact_inputs(gpt_select_type type, int32_t lo, int32_t hi, int flag_pct, int64_t len, uint64_t seed,
                          void *din, uint8_t *dflags, uint32_t *hin, uint8_t *hflags, cudaStream_t s)
{
    if (len == 0) return 0;
    gpt_fill_i32((int32_t *)din, len, lo, hi, seed, s);
    if (cudaStreamSynchronize(s) || cudaMemcpy(hin, din, (size_t)len * 4, cudaMemcpyDeviceToHost)) return 1;
    if (type == GPT_SEL_F32 || type == GPT_SEL_FLAGGED_F32) {
        for (int64_t i = 0; i < len; i++) {
            float f = (float)(int32_t)hin[i];
            memcpy(&hin[i], &f, 4);
        }
        if (cudaMemcpy(din, hin, (size_t)len * 4, cudaMemcpyHostToDevice)) return 1;
    }
    for (int64_t i = 0; i < len; i++) {
        uint64_t r = gpt_mix64(seed * 0x9E37u + (uint64_t)i);
        hflags[i] = (int)(r % 100) < flag_pct ? (uint8_t)(1 + (r >> 32) % 255) : 0;
    }
    return cudaMemcpy(dflags, hflags, (size_t)len, cudaMemcpyHostToDevice) != cudaSuccess;
}

int gpt_verify_compact_case(gp_handle h, int rung, gpt_select_type type, gp_select_pred pred, int32_t value,
                            int32_t lo, int32_t hi, int flag_pct, int64_t n, int off_in, int off_out,
                            uint64_t seed, int verbose)
{
    /* exactly what the call may touch: n inputs and flags after off_in, n outputs after off_out (the API's
     * promise: out holds n elements, those past k are not written) */
    const int64_t len_in = off_in + n, len_out = off_out + n;
    const int flagged = type == GPT_SEL_FLAGGED_F32 || type == GPT_SEL_FLAGGED_I32;
    void *din = NULL, *dout = NULL;
    uint8_t *dflags = NULL, *hflags = NULL;
    int64_t *dnum = NULL, num = -1, k = 0;
    uint32_t *hin = NULL, *hout = NULL, *want = NULL;
    int fail = 1;
    cudaStream_t s;
    char label[64], what[192];
    gp_get_stream(h, &s);
    if (gpt_dev_alloc(&din, (size_t)len_in * 4) || gpt_dev_alloc(&dout, (size_t)len_out * 4) ||
        gpt_dev_alloc((void **)&dnum, 8) || gpt_dev_alloc((void **)&dflags, (size_t)len_in))
        goto out;
    hin = (uint32_t *)malloc((size_t)(len_in ? len_in : 1) * 4);
    want = (uint32_t *)malloc((size_t)(n ? n : 1) * 4);
    hflags = (uint8_t *)malloc((size_t)(len_in ? len_in : 1));
    if (!hin || !want || !hflags) goto out;
    if (compact_inputs(type, lo, hi, flag_pct, len_in, seed, din, dflags, hin, hflags, s)) goto out;
    gpt_poison(dout, (size_t)len_out * 4, s);
    gpt_poison(dnum, 8, s);
    gp_set_rung(h, GP_PRIM_COMPACT, rung);
    snprintf(what, sizeof what, "compact %s %s %d n=%lld off=%d,%d", sel_type_names[type],
             flagged ? "flags" : pred_names[pred], flagged ? flag_pct : value, (long long)n, off_in, off_out);
    if (gpt_call_done(h, GP_PRIM_COMPACT, rung,
                      select_call(h, type, pred, value, n, (const uint32_t *)din + off_in, dflags + off_in,
                                  (uint32_t *)dout + off_out, dnum),
                      what, label, sizeof label) ||
        !(hout = (uint32_t *)gpt_host_copy(dout, (size_t)len_out * 4)) ||
        cudaMemcpy(&num, dnum, 8, cudaMemcpyDeviceToHost))
        goto out;
    if (flagged) k = gp_ref_select_flagged_u32(n, hin + off_in, hflags + off_in, want);
    else if (type == GPT_SEL_F32) k = gp_ref_select_f32(n, (const float *)hin + off_in, pred, (float)value, (float *)want);
    else k = gp_ref_select_i32(n, (const int32_t *)hin + off_in, pred, value, (int32_t *)want);
    {
        int64_t bad = 0, guard;
        if (num != k) fprintf(stderr, "  %s %s: num_selected %lld, want %lld\n", what, label, (long long)num, (long long)k);
        for (int64_t i = 0; i < k; i++)
            if (hout[off_out + i] != want[i] && bad++ < 5)
                fprintf(stderr, "  %s %s: out[%lld] = 0x%08x, want 0x%08x\n", what, label, (long long)i, hout[off_out + i],
                        want[i]);
        /* before the output, and past the k selected elements: still poison */
        guard = gpt_count_unpoisoned(hout, 0, off_out, 4) + gpt_count_unpoisoned(hout, off_out + k, len_out, 4);
        if (guard) fprintf(stderr, "  %s %s: %lld elements written outside out[0, k)\n", what, label, (long long)guard);
        fail = num != k || bad != 0 || guard != 0;
        if (verbose || fail) printf("%s %-16s k=%lld %s\n", what, label, (long long)k, fail ? "FAIL" : "ok");
    }
out:
    if (fail && cudaGetLastError() != cudaSuccess) fprintf(stderr, "compact: CUDA error\n");
    cudaFree(din); cudaFree(dout); cudaFree(dnum); cudaFree(dflags);
    free(hin); free(hout); free(want); free(hflags);
    return fail;
}

static int compact_verify(gp_handle h, const gpt_opts *o, int rung, char *detail, size_t len)
{
    const int64_t n = o->n >= 0 ? o->n : ((int64_t)1 << 24) + 3;
    const uint64_t seed = o->seed;
    int f = 0;
    f += gpt_verify_compact_case(h, rung, GPT_SEL_F32, GP_SELECT_GT, 0, -100, 100, 0, n, 0, 0, seed, o->verbose);
    f += gpt_verify_compact_case(h, rung, GPT_SEL_I32, GP_SELECT_LE, 10, -100, 100, 0, n, 1, 3, seed + 1, o->verbose);
    f += gpt_verify_compact_case(h, rung, GPT_SEL_FLAGGED_F32, GP_SELECT_GT, 0, -100, 100, 50, n, 0, 0, seed + 2,
                                 o->verbose);
    snprintf(detail, len, "f32 gt, i32 le, flagged f32 n=%lld", (long long)n);
    return f;
}

/* ---- bench: select x > 0.5 from n f32 uniform in [0, 1) (~50% kept); GB/s of input = 4n / time ---- */
enum { SEL_IN, SEL_OUT, SEL_NUM };
struct compact_bench {
    int64_t n;
    uint32_t *hin, *hout;
};

static int compact_setup(gpt_bench *b, gpt_case *c)
{
    struct compact_bench *m = (struct compact_bench *)c->state;
    const size_t bytes = (size_t)m->n * 4;
    gpt_case_buffer(c, bytes, GPT_INPUT);
    gpt_case_buffer(c, bytes, GPT_OUTPUT);
    gpt_case_buffer(c, 8, GPT_OUTPUT);
    c->set_bytes = 2 * bytes;
    if (gpt_case_alloc(b, c) || gpb_vendor_scan_init(m->n)) return 1;
    for (int k = 0; k < c->sets; k++)
        gpt_fill_f32((float *)c->buf[k][SEL_IN], m->n, 0.f, 1.f, b->o->seed + k, b->stream);
    m->hin = (uint32_t *)gpt_host_copy(c->buf[0][SEL_IN], bytes);
    m->hout = (uint32_t *)malloc(bytes);
    snprintf(c->shape, sizeof c->shape, "n=%lld f32 x>0.5 (~50%%), GB/s of input=4n/t", (long long)m->n);
    gpt_case_shape_sets(c);
    c->paired = 4; /* each row timed in blocks alternating with the vendor's (driver.h: why) */
    snprintf(c->vendor, sizeof c->vendor, "cub::DeviceSelect::If (vendor)");
    c->work = 4.0 * m->n;
    return !m->hin || !m->hout;
}

static int compact_run(gpt_case *c, int set)
{
    const struct compact_bench *m = (const struct compact_bench *)c->state;
    return gp_select_if_f32(c->bench->h, m->n, (const float *)c->buf[set][SEL_IN], GP_SELECT_GT, 0.5f,
                            (float *)c->buf[set][SEL_OUT], (int64_t *)c->buf[set][SEL_NUM]) != GP_SUCCESS;
}

static int compact_vendor(gpt_case *c, int set)
{
    const struct compact_bench *m = (const struct compact_bench *)c->state;
    return gpb_vendor_select_gt_f32((const float *)c->buf[set][SEL_IN], (float *)c->buf[set][SEL_OUT],
                                    (int64_t *)c->buf[set][SEL_NUM], m->n, 0.5f, c->bench->stream);
}

static int compact_check(gpt_case *c, int vendor, const char *label)
{
    const struct compact_bench *m = (const struct compact_bench *)c->state;
    const float *x = (const float *)m->hin;
    int64_t num = -1, k = 0, bad = 0;
    (void)vendor;
    if (cudaMemcpy(m->hout, c->buf[0][SEL_OUT], (size_t)m->n * 4, cudaMemcpyDeviceToHost) ||
        cudaMemcpy(&num, c->buf[0][SEL_NUM], 8, cudaMemcpyDeviceToHost))
        return 0;
    for (int64_t i = 0; i < m->n; i++)
        if (x[i] > 0.5f && m->hout[k++] != m->hin[i] && bad++ < 5)
            fprintf(stderr, "  compact bench %s: out[%lld] wrong\n", label, (long long)(k - 1));
    if (num != k) fprintf(stderr, "  compact bench %s: num_selected %lld, want %lld\n", label, (long long)num, (long long)k);
    return num == k && bad == 0;
}

static void compact_teardown(gpt_case *c)
{
    struct compact_bench *m = (struct compact_bench *)c->state;
    free(m->hin);
    free(m->hout);
    gpb_vendor_scan_free();
}

static int compact_bench(gpt_bench *b)
{
    static const gpt_case_hooks hooks = {compact_setup, compact_run, compact_vendor, compact_check, compact_teardown,
                                         NULL};
    struct compact_bench m = {b->o->n > 0 ? b->o->n : (b->o->quick ? (int64_t)1 << 24 : (int64_t)1 << 28), NULL, NULL};
    int fails = 0;
    if (!b->o->sweep) return gpt_bench_case(b, &hooks, &m);
    for (int p = GPT_SWEEP_LOG2_MIN; p <= GPT_SWEEP_LOG2_MAX; p++) {
        m.n = (int64_t)1 << p;
        fails += gpt_bench_case(b, &hooks, &m);
    }
    return fails;
}

/* CUB's select takes int sizes. */
const gpt_prim_cli gpt_compact_cli = {"compact", GP_PRIM_COMPACT, NULL, NULL, INT32_MAX, compact_verify, compact_bench, NULL};
