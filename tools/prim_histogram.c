/* prim_histogram.c — histogram (u8 256 bins; even bins over f32, i32) in the gpuprim command: its verify
 * cases, and its bench cases (vendor: cub::DeviceHistogram::HistogramEven) for the generic driver. */
#include "driver.h"
#include "check.h"
#include "devdata.h"
#include "vendor.h"
#include "verify_cases.h"
#include "ref/ref.h"
#include <cuda_runtime.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const kind_names[] = {"u8", "f32", "i32", NULL};
static const gpb_type vendor_type[] = {GPB_U8, GPB_F32, GPB_I32};
static const char *const data_names[] = {"random", "one", "hot"};

/* The splitmix64 sequence from *state. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t x = *state;
    *state += 0x9E3779B97F4A7C15ull;
    return gpt_mix64(x);
}

/* Host samples of the verify cases (see gpt_hist_data). */
static void make_samples(gpt_hist_kind kind, gpt_hist_data data, void *buf, int64_t len, uint64_t seed)
{
    uint64_t st = seed;
    if (kind == GPT_HIST_U8) {
        uint8_t *x = (uint8_t *)buf;
        for (int64_t i = 0; i < len; i++) {
            uint64_t r = next_random(&st);
            x[i] = data == GPT_HIST_RANDOM ? (uint8_t)r : data == GPT_HIST_ONE ? 0xA7 : (r % 10 < 8 ? 3 : (uint8_t)(200 + r % 2));
        }
    } else if (kind == GPT_HIST_F32) {
        const float lo = GPT_HIST_F32_LO, hi = GPT_HIST_F32_HI, w = hi - lo;
        const float special[] = {NAN, INFINITY, -INFINITY, lo, hi, nextafterf(hi, -INFINITY), nextafterf(lo, -INFINITY),
                                 -0.f, 0.f, 1e30f, -1e30f};
        float *x = (float *)buf;
        for (int64_t i = 0; i < len; i++) {
            uint64_t r = next_random(&st);
            float u = (float)(r >> 40) * (1.f / 16777216.f);
            if (data == GPT_HIST_ONE) x[i] = lo + 0.37f * w;
            else if (data == GPT_HIST_HOT) x[i] = r % 10 < 8 ? lo + 0.01f : (r % 2 ? 0.5f : hi - 0.001f);
            else if ((r & 63) == 0) x[i] = special[(r >> 8) % (sizeof special / sizeof special[0])];
            else x[i] = lo - 0.1f * w + u * 1.2f * w;
        }
    } else {
        const int32_t lo = GPT_HIST_I32_LO, hi = GPT_HIST_I32_HI;
        const int64_t w = (int64_t)hi - lo;
        const int32_t special[] = {INT_MIN, INT_MAX, lo, hi, hi - 1, lo - 1, 0, -1};
        int32_t *x = (int32_t *)buf;
        for (int64_t i = 0; i < len; i++) {
            uint64_t r = next_random(&st);
            if (data == GPT_HIST_ONE) x[i] = lo + (int32_t)(w / 3);
            else if (data == GPT_HIST_HOT) x[i] = r % 10 < 8 ? lo + 7 : (r % 2 ? 0 : hi - 1);
            else if ((r & 63) == 0) x[i] = special[(r >> 8) % (sizeof special / sizeof special[0])];
            else x[i] = (int32_t)(lo - w / 10 + (int64_t)((r >> 16) % (uint64_t)(w + w / 5)));
        }
    }
}

/* The CPU histogram of n samples of `kind` at x; the even kinds use the verify ranges unless lo < hi given. */
static void ref_hist(gpt_hist_kind kind, const void *x, int64_t n, int num_bins, double lo, double hi, uint32_t *bins)
{
    if (kind == GPT_HIST_U8) gp_ref_histogram_u8(n, (const uint8_t *)x, bins);
    else if (kind == GPT_HIST_F32) gp_ref_histogram_even_f32(n, (const float *)x, num_bins, (float)lo, (float)hi, bins);
    else gp_ref_histogram_even_i32(n, (const int32_t *)x, num_bins, (int32_t)lo, (int32_t)hi, bins);
}

static gp_status call_hist(gp_handle h, gpt_hist_kind kind, const void *x, int64_t n, int num_bins, double lo,
                           double hi, uint32_t *bins)
{
    if (kind == GPT_HIST_U8) return gp_histogram_u8(h, n, (const uint8_t *)x, bins);
    if (kind == GPT_HIST_F32) return gp_histogram_even_f32(h, n, (const float *)x, num_bins, (float)lo, (float)hi, bins);
    return gp_histogram_even_i32(h, n, (const int32_t *)x, num_bins, (int32_t)lo, (int32_t)hi, bins);
}

/* Number of bins where got != want; reports the first few. */
static int64_t compare_bins(const char *what, const uint32_t *got, const uint32_t *want, int num_bins)
{
    int64_t bad = 0;
    for (int b = 0; b < num_bins; b++)
        if (got[b] != want[b] && bad++ < 5)
            fprintf(stderr, "  %s: bin %d: got %u, want %u\n", what, b, got[b], want[b]);
    return bad;
}

static gp_status call_hist64(gp_handle h, gpt_hist_kind kind, const void *x, int64_t n, int num_bins, double lo,
                             double hi, uint64_t *bins)
{
    if (kind == GPT_HIST_U8) return gp_histogram_u8_u64(h, n, (const uint8_t *)x, bins);
    if (kind == GPT_HIST_F32)
        return gp_histogram_even_f32_u64(h, n, (const float *)x, num_bins, (float)lo, (float)hi, bins);
    return gp_histogram_even_i32_u64(h, n, (const int32_t *)x, num_bins, (int32_t)lo, (int32_t)hi, bins);
}


#define HIST_GUARD_BYTES 16 /* poisoned, before the bins: a guard that keeps them 16-byte aligned */

int gpt_verify_histogram_case(gp_handle h, int rung, gpt_hist_kind kind, int64_t n, int num_bins, int offset,
                              gpt_hist_data data, int u64, uint64_t seed, int verbose)
{
    const size_t es = kind == GPT_HIST_U8 ? 1 : 4, cs = u64 ? 8 : 4;
    const int nb = kind == GPT_HIST_U8 ? 256 : num_bins;
    const double lo = kind == GPT_HIST_F32 ? GPT_HIST_F32_LO : GPT_HIST_I32_LO;
    const double hi = kind == GPT_HIST_F32 ? GPT_HIST_F32_HI : GPT_HIST_I32_HI;
    const int64_t len = offset + n; /* exactly the samples the call may read */
    const size_t bins_bytes = (size_t)nb * cs;
    void *hx = NULL;
    unsigned char *hbins = NULL;
    char *dx = NULL, *dbins = NULL;
    uint32_t *want = NULL;
    int fail = 1;
    gp_status st;
    cudaStream_t s;
    char label[64], what[64];
    gp_get_stream(h, &s);
    hx = malloc(len ? (size_t)len * es : 1);
    want = (uint32_t *)malloc((size_t)nb * 4);
    if (!hx || !want) goto out;
    /* the bins end the allocation: a write past the last one is memcheck's to report */
    if (gpt_dev_alloc((void **)&dx, (size_t)len * es) || gpt_dev_alloc((void **)&dbins, HIST_GUARD_BYTES + bins_bytes))
        goto out;
    make_samples(kind, data, hx, len, seed);
    if (len && cudaMemcpy(dx, hx, (size_t)len * es, cudaMemcpyHostToDevice)) goto out;
    gpt_poison(dbins, HIST_GUARD_BYTES + bins_bytes, s);
    gp_set_rung(h, GP_PRIM_HISTOGRAM, rung);
    st = u64 ? call_hist64(h, kind, dx + (size_t)offset * es, n, nb, lo, hi, (uint64_t *)(dbins + HIST_GUARD_BYTES))
             : call_hist(h, kind, dx + (size_t)offset * es, n, nb, lo, hi, (uint32_t *)(dbins + HIST_GUARD_BYTES));
    snprintf(what, sizeof what, "histogram %s n=%lld bins=%d", kind_names[kind], (long long)n, nb);
    if (gpt_call_done(h, GP_PRIM_HISTOGRAM, rung, st, what, label, sizeof label) ||
        !(hbins = (unsigned char *)gpt_host_copy(dbins, HIST_GUARD_BYTES + bins_bytes)))
        goto out;
    ref_hist(kind, (const char *)hx + (size_t)offset * es, n, nb, lo, hi, want);
    {
        int64_t bad = 0, guards = gpt_count_unpoisoned(hbins, 0, HIST_GUARD_BYTES / cs, cs);
        if (u64) {
            const uint64_t *got64 = (const uint64_t *)(hbins + HIST_GUARD_BYTES);
            for (int b = 0; b < nb; b++)
                if (got64[b] != want[b] && bad++ < 5)
                    fprintf(stderr, "  histogram u64: bin %d: got %llu, want %u\n", b, (unsigned long long)got64[b],
                            want[b]);
        } else {
            bad = compare_bins("histogram", (const uint32_t *)(hbins + HIST_GUARD_BYTES), want, nb);
        }
        if (guards) fprintf(stderr, "  histogram: %lld words written before the bins\n", (long long)guards);
        fail = bad != 0 || guards != 0;
        if (verbose || fail)
            printf("histogram %-12s %-3s%s %-6s n=%-10lld bins=%-6d offset=%d  %s\n", label, kind_names[kind],
                   u64 ? " u64" : "", data_names[data], (long long)n, nb, offset, fail ? "FAIL" : "ok");
    }
out:
    if (fail && cudaGetLastError() != cudaSuccess) fprintf(stderr, "histogram: CUDA error\n");
    cudaFree(dx); cudaFree(dbins);
    free(hx); free(hbins); free(want);
    return fail;
}

/* --op u8|f32|i32 picks one sample type; default: all three. */
static int hist_kinds(const gpt_opts *o, gpt_hist_kind *kinds)
{
    int k = gpt_op_index(kind_names, o);
    if (k >= 0) {
        kinds[0] = (gpt_hist_kind)k;
        return 1;
    }
    kinds[0] = GPT_HIST_U8;
    kinds[1] = GPT_HIST_F32;
    kinds[2] = GPT_HIST_I32;
    return 3;
}

static int hist_verify(gp_handle h, const gpt_opts *o, int rung, char *detail, size_t len)
{
    gpt_hist_kind kinds[3];
    const int nk = hist_kinds(o, kinds);
    const int64_t n = o->n >= 0 ? o->n : ((int64_t)1 << 24) + 3;
    const uint64_t seed = o->seed;
    size_t used = 0;
    int f = 0;
    for (int k = 0; k < nk; k++) {
        f += gpt_verify_histogram_case(h, rung, kinds[k], n, 256, 0, GPT_HIST_RANDOM, 0, seed, o->verbose);
        f += gpt_verify_histogram_case(h, rung, kinds[k], n, 1000, 1, GPT_HIST_RANDOM, 0, seed + 1, o->verbose);
        f += gpt_verify_histogram_case(h, rung, kinds[k], n, 7, 3, GPT_HIST_ONE, 0, seed + 2, o->verbose);
        f += gpt_verify_histogram_case(h, rung, kinds[k], n, 1000, 0, GPT_HIST_RANDOM, 1, seed + 3, o->verbose);
        used += (size_t)snprintf(detail + used, used < len ? len - used : 0, "%s%s", k ? "," : "", kind_names[kinds[k]]);
    }
    if (used < len) snprintf(detail + used, len - used, " n=%lld", (long long)n);
    return f;
}

/* ---- bench: n samples, 256 bins; GB/s = sample bytes / time ---- */
enum { HIST_X, HIST_BINS };
struct hist_bench {
    gpt_hist_kind kind;   /* u8 (random, or all equal) or f32 uniform in [0, 1) */
    int64_t n;
    int skewed;           /* u8 all equal: every atomic on one bin */
    double lo, hi;
    void *temp;           /* CUB's temporary storage, allocated outside the timed runs */
    size_t temp_bytes;
    uint32_t want[256], got[256];
};

static int hist_vendor(gpt_case *c, int set)
{
    struct hist_bench *m = (struct hist_bench *)c->state;
    return gpb_vendor_histogram_even(vendor_type[m->kind], m->temp, &m->temp_bytes, c->buf[set][HIST_X], m->n, 256,
                                     m->lo, m->hi, (uint32_t *)c->buf[set][HIST_BINS], c->bench->stream);
}

static int hist_setup(gpt_bench *b, gpt_case *c)
{
    struct hist_bench *m = (struct hist_bench *)c->state;
    const size_t bytes = (size_t)m->n * (m->kind == GPT_HIST_U8 ? 1 : 4);
    void *hx;
    gpt_case_buffer(c, bytes, GPT_INPUT);
    gpt_case_buffer(c, 256 * 4, GPT_OUTPUT);
    c->set_bytes = bytes;
    if (gpt_case_alloc(b, c)) return 1;
    for (int k = 0; k < c->sets; k++) {
        void *x = c->buf[k][HIST_X];
        if (m->kind == GPT_HIST_F32) gpt_fill_f32((float *)x, m->n, 0.f, 1.f, b->o->seed + k, b->stream);
        else if (m->skewed) GPB_CUDA(cudaMemsetAsync(x, 0x5A, (size_t)m->n, b->stream));
        else gpt_fill_u8((uint8_t *)x, m->n, b->o->seed + k, b->stream);
    }
    if (!(hx = gpt_host_copy(c->buf[0][HIST_X], bytes))) return 1;
    ref_hist(m->kind, hx, m->n, 256, m->lo, m->hi, m->want);
    free(hx);
    m->temp = NULL; /* NULL temp: the size query */
    if (hist_vendor(c, 0) || gpt_dev_alloc(&m->temp, m->temp_bytes ? m->temp_bytes : 1)) return 1;
    snprintf(c->shape, sizeof c->shape, "n=%lld %s%s 256 bins, %d sets", (long long)m->n, kind_names[m->kind],
             m->skewed ? " all-equal" : "", c->sets);
    c->paired = 4; /* each row timed in blocks alternating with the vendor's (driver.h: why) */
    snprintf(c->vendor, sizeof c->vendor, "cub::DeviceHistogram::HistogramEven");
    c->work = (double)bytes;
    return 0;
}

static int hist_run(gpt_case *c, int set)
{
    const struct hist_bench *m = (const struct hist_bench *)c->state;
    return call_hist(c->bench->h, m->kind, c->buf[set][HIST_X], m->n, 256, m->lo, m->hi,
                     (uint32_t *)c->buf[set][HIST_BINS]) != GP_SUCCESS;
}

static int hist_check(gpt_case *c, int vendor, const char *label)
{
    struct hist_bench *m = (struct hist_bench *)c->state;
    (void)label;
    if (cudaMemcpy(m->got, c->buf[0][HIST_BINS], sizeof m->got, cudaMemcpyDeviceToHost) != cudaSuccess) return 0;
    return compare_bins(vendor ? "cub histogram" : "histogram bench", m->got, m->want, 256) == 0;
}

static void hist_teardown(gpt_case *c)
{
    cudaFree(((struct hist_bench *)c->state)->temp);
}

/* 1 GiB of random u8 and 2^28 f32 (1 GiB) in [0, 1), both with 256 bins, against CUB in the same run; then
 * 256 MiB of equal u8 samples (every atomic on one bin). --quick: 64 MiB each; --n: samples per case. */
static int hist_bench(gpt_bench *b)
{
    static const gpt_case_hooks hooks = {hist_setup, hist_run, hist_vendor, hist_check, hist_teardown, NULL};
    const gpt_opts *o = b->o;
    const int64_t big = o->quick ? (int64_t)1 << 26 : (int64_t)1 << 30;
    gpt_hist_kind kinds[3];
    int nk = hist_kinds(o, kinds), fails = 0;
    if (o->sweep) { /* random u8 samples, 256 bins, at every size */
        for (int p = GPT_SWEEP_LOG2_MIN; p <= GPT_SWEEP_LOG2_MAX; p++) {
            struct hist_bench u8 = {GPT_HIST_U8, (int64_t)1 << p, 0, 0.0, 256.0, NULL, 0, {0}, {0}};
            fails += gpt_bench_case(b, &hooks, &u8);
        }
        return fails;
    }
    for (int k = 0; k < nk; k++) {
        struct hist_bench u8 = {GPT_HIST_U8, o->n > 0 ? o->n : big, 0, 0.0, 256.0, NULL, 0, {0}, {0}};
        struct hist_bench u8_equal = {GPT_HIST_U8, o->n > 0 ? o->n : big / 4, 1, 0.0, 256.0, NULL, 0, {0}, {0}};
        struct hist_bench f32 = {GPT_HIST_F32, o->n > 0 ? o->n : big / 4, 0, 0.0, 1.0, NULL, 0, {0}, {0}};
        if (kinds[k] == GPT_HIST_U8) fails += gpt_bench_case(b, &hooks, &u8) + gpt_bench_case(b, &hooks, &u8_equal);
        else if (kinds[k] == GPT_HIST_F32) fails += gpt_bench_case(b, &hooks, &f32);
    }
    return fails;
}

const gpt_prim_cli gpt_histogram_cli = {"histogram", GP_PRIM_HISTOGRAM, kind_names, "u8, f32 and i32", 0, hist_verify,
                                        hist_bench, NULL};
