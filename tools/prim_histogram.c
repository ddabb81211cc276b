/* prim_histogram.c — `gpuprim verify histogram` and `gpuprim bench histogram`. */
#include "gpt.h"
#include "../src/ref/ref.h"
#include <cuda_runtime.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const kind_names[] = {"u8", "f32", "i32"};
static const char *const data_names[] = {"random", "one", "hot"};

static uint64_t mix64(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Host samples of the verify cases (see gpt_hist_data). */
static void make_samples(gpt_hist_kind kind, gpt_hist_data data, void *buf, int64_t len, uint64_t seed)
{
    uint64_t st = seed;
    if (kind == GPT_HIST_U8) {
        uint8_t *x = (uint8_t *)buf;
        for (int64_t i = 0; i < len; i++) {
            uint64_t r = mix64(&st);
            x[i] = data == GPT_HIST_RANDOM ? (uint8_t)r : data == GPT_HIST_ONE ? 0xA7 : (r % 10 < 8 ? 3 : (uint8_t)(200 + r % 2));
        }
    } else if (kind == GPT_HIST_F32) {
        const float lo = GPT_HIST_F32_LO, hi = GPT_HIST_F32_HI, w = hi - lo;
        const float special[] = {NAN, INFINITY, -INFINITY, lo, hi, nextafterf(hi, -INFINITY), nextafterf(lo, -INFINITY),
                                 -0.f, 0.f, 1e30f, -1e30f};
        float *x = (float *)buf;
        for (int64_t i = 0; i < len; i++) {
            uint64_t r = mix64(&st);
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
            uint64_t r = mix64(&st);
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

int gpt_verify_histogram_case(gp_handle h, int rung, gpt_hist_kind kind, int64_t n, int num_bins, int offset,
                              gpt_hist_data data, int u64, uint64_t seed, int verbose)
{
    const size_t es = kind == GPT_HIST_U8 ? 1 : 4, cs = u64 ? 8 : 4;
    const int nb = kind == GPT_HIST_U8 ? 256 : num_bins;
    const double lo = kind == GPT_HIST_F32 ? GPT_HIST_F32_LO : GPT_HIST_I32_LO;
    const double hi = kind == GPT_HIST_F32 ? GPT_HIST_F32_HI : GPT_HIST_I32_HI;
    const int64_t len = n + offset + 16;
    const int guard = 8;
    void *hx = NULL, *dbins = NULL;
    char *dx = NULL;
    uint32_t *got = NULL, *want = NULL;
    uint64_t *got64 = NULL;
    int fail = 1, ran = 0;
    gp_status st;
    cudaStream_t s;
    char label[64];
    gp_get_stream(h, &s);
    hx = malloc((size_t)len * es);
    got = (uint32_t *)malloc((size_t)(nb + guard) * 4);
    got64 = (uint64_t *)malloc((size_t)(nb + guard) * 8);
    want = (uint32_t *)malloc((size_t)nb * 4);
    if (!hx || !got || !got64 || !want) goto out;
    if (cudaMalloc((void **)&dx, (size_t)len * es) || cudaMalloc(&dbins, (size_t)(nb + guard) * cs)) goto out;
    make_samples(kind, data, hx, len, seed);
    if (cudaMemcpy(dx, hx, (size_t)len * es, cudaMemcpyHostToDevice)) goto out;
    gpt_poison(dbins, (size_t)(nb + guard) * cs, s);
    gp_set_rung(h, GP_PRIM_HISTOGRAM, rung);
    st = u64 ? call_hist64(h, kind, dx + (size_t)offset * es, n, nb, lo, hi, (uint64_t *)dbins)
             : call_hist(h, kind, dx + (size_t)offset * es, n, nb, lo, hi, (uint32_t *)dbins);
    gp_get_last_rung(h, GP_PRIM_HISTOGRAM, &ran);
    gp_set_rung(h, GP_PRIM_HISTOGRAM, 0);
    gpt_rung_label(GP_PRIM_HISTOGRAM, rung, ran, label, sizeof label);
    if (st != GP_SUCCESS) {
        fprintf(stderr, "histogram %s %s n=%lld bins=%d: %s\n", label, kind_names[kind], (long long)n, nb,
                gp_status_string(st));
        goto out;
    }
    if (cudaStreamSynchronize(s) != cudaSuccess || cudaGetLastError() != cudaSuccess) {
        fprintf(stderr, "histogram %s n=%lld: kernel failed\n", label, (long long)n);
        goto out;
    }
    ref_hist(kind, (const char *)hx + (size_t)offset * es, n, nb, lo, hi, want);
    {
        int64_t bad = 0, guards = 0;
        if (u64) {
            if (cudaMemcpy(got64, dbins, (size_t)(nb + guard) * 8, cudaMemcpyDeviceToHost)) goto out;
            for (int b = 0; b < nb; b++)
                if (got64[b] != want[b] && bad++ < 5)
                    fprintf(stderr, "  histogram u64: bin %d: got %llu, want %u\n", b, (unsigned long long)got64[b],
                            want[b]);
            for (int g = 0; g < guard; g++) guards += got64[nb + g] != ~0ull;
        } else {
            if (cudaMemcpy(got, dbins, (size_t)(nb + guard) * 4, cudaMemcpyDeviceToHost)) goto out;
            bad = compare_bins("histogram", got, want, nb);
            for (int g = 0; g < guard; g++) guards += got[nb + g] != 0xFFFFFFFFu;
        }
        if (guards) fprintf(stderr, "  histogram: %lld words written after the bins\n", (long long)guards);
        fail = bad != 0 || guards != 0;
        if (verbose || fail)
            printf("histogram %-12s %-3s%s %-6s n=%-10lld bins=%-6d offset=%d  %s\n", label, kind_names[kind],
                   u64 ? " u64" : "", data_names[data], (long long)n, nb, offset, fail ? "FAIL" : "ok");
    }
out:
    if (fail && cudaGetLastError() != cudaSuccess) fprintf(stderr, "histogram: CUDA error\n");
    cudaFree(dx); cudaFree(dbins);
    free(hx); free(got); free(got64); free(want);
    return fail;
}

/* --op u8|f32|i32 picks one sample type; default: all three. */
static int parse_kinds(const char *op, gpt_hist_kind *kinds)
{
    if (!op) { kinds[0] = GPT_HIST_U8; kinds[1] = GPT_HIST_F32; kinds[2] = GPT_HIST_I32; return 3; }
    for (int k = 0; k < 3; k++)
        if (!strcmp(op, kind_names[k])) { kinds[0] = (gpt_hist_kind)k; return 1; }
    fprintf(stderr, "gpuprim: histogram --op takes u8, f32 or i32, not '%s'\n", op);
    return 0;
}

int gpt_verify_histogram(gp_handle h, const gpt_opts *o)
{
    gpt_hist_kind kinds[3];
    int rungs[32], nr, nk, fails = 0;
    int64_t n = o->n >= 0 ? o->n : ((int64_t)1 << 24) + 3;
    uint64_t seed = gpt_seed(o);
    nk = parse_kinds(o->op, kinds);
    if (!nk) return 1;
    nr = gpt_rungs_to_run(GP_PRIM_HISTOGRAM, o, rungs, 32);
    for (int i = 0; i < nr; i++)
        for (int k = 0; k < nk; k++) {
            char label[64];
            int f = gpt_verify_histogram_case(h, rungs[i], kinds[k], n, 256, 0, GPT_HIST_RANDOM, 0, seed, o->verbose);
            f += gpt_verify_histogram_case(h, rungs[i], kinds[k], n, 1000, 1, GPT_HIST_RANDOM, 0, seed + 1, o->verbose);
            f += gpt_verify_histogram_case(h, rungs[i], kinds[k], n, 7, 3, GPT_HIST_ONE, 0, seed + 2, o->verbose);
            f += gpt_verify_histogram_case(h, rungs[i], kinds[k], n, 1000, 0, GPT_HIST_RANDOM, 1, seed + 3, o->verbose);
            gpt_rung_label(GP_PRIM_HISTOGRAM, rungs[i], rungs[i], label, sizeof label);
            printf("verify histogram %-14s %-3s n=%lld seed=%llu: %s\n", label, kind_names[kinds[k]], (long long)n,
                   (unsigned long long)seed, f ? "FAIL" : "PASS");
            fails += f != 0;
        }
    return fails;
}

/* ---- bench ---- */
struct hist_ctx {
    gp_handle h;
    gpt_hist_kind kind;
    int64_t n;
    int sets;
    void **x;
    uint32_t **bins;
    double lo, hi;
    int vendor;
    void *temp;
    size_t temp_bytes;
    cudaStream_t s;
};

static int run_hist(void *p, int iter)
{
    struct hist_ctx *m = (struct hist_ctx *)p;
    int k = iter % m->sets;
    if (m->vendor)
        return gpt_cub_histogram_even(m->kind, m->temp, &m->temp_bytes, m->x[k], m->n, 256, m->lo, m->hi, m->bins[k], m->s);
    return call_hist(m->h, m->kind, m->x[k], m->n, 256, m->lo, m->hi, m->bins[k]) != GP_SUCCESS;
}

/* One bench group: n samples of `kind` (u8 random or all equal, f32 uniform in [0, 1)), 256 bins. */
static int bench_case(gp_handle h, const gpt_opts *o, gpt_report *r, gpt_hist_kind kind, int64_t n, int skewed)
{
    struct hist_ctx m;
    const size_t es = kind == GPT_HIST_U8 ? 1 : 4;
    const size_t l2 = (size_t)(r->l2_mb * 1e6);
    int rungs[32], nr, first = r->count, vendor_row, fails = 0;
    void *hx = NULL;
    uint32_t want[256], got[256];
    char shape[64];
    memset(&m, 0, sizeof m);
    m.h = h;
    m.kind = kind;
    m.n = n;
    m.lo = 0.0;
    m.hi = kind == GPT_HIST_F32 ? 1.0 : 256.0;
    gp_get_stream(h, &m.s);
    m.sets = (int)((4 * l2 + n * es - 1) / (n * es)); /* rotate so the inputs stay out of L2 */
    if (m.sets < 1) m.sets = 1;
    if (m.sets > 64) m.sets = 64;
    m.x = (void **)calloc(m.sets, sizeof(void *));
    m.bins = (uint32_t **)calloc(m.sets, sizeof(uint32_t *));
    hx = malloc(n * es);
    if (!m.x || !m.bins || !hx) return 1;
    for (int k = 0; k < m.sets; k++) {
        GPT_CUDA(cudaMalloc(&m.x[k], n * es));
        GPT_CUDA(cudaMalloc((void **)&m.bins[k], 256 * 4));
        if (kind == GPT_HIST_F32) gpt_fill_f32((float *)m.x[k], n, 0.f, 1.f, gpt_seed(o) + k, m.s);
        else if (skewed) GPT_CUDA(cudaMemsetAsync(m.x[k], 0x5A, n, m.s));
        else gpt_fill_u8((uint8_t *)m.x[k], n, gpt_seed(o) + k, m.s);
    }
    GPT_CUDA(cudaMemcpy(hx, m.x[0], n * es, cudaMemcpyDeviceToHost));
    ref_hist(kind, hx, n, 256, m.lo, m.hi, want);
    snprintf(shape, sizeof shape, "n=%lld %s%s 256 bins, %d sets", (long long)n, kind_names[kind],
             skewed ? " all-equal" : "", m.sets);

    /* vendor baseline: CUB, temporary storage allocated once outside the timed region; checked as well */
    {
        gpt_timing t;
        int ok;
        if (gpt_cub_histogram_even(kind, NULL, &m.temp_bytes, m.x[0], n, 256, m.lo, m.hi, m.bins[0], m.s)) return 1;
        GPT_CUDA(cudaMalloc(&m.temp, m.temp_bytes ? m.temp_bytes : 1));
        gpt_progress("histogram %s: cub::DeviceHistogram::HistogramEven", shape);
        for (int k = 0; k < m.sets; k++) gpt_poison(m.bins[k], 256 * 4, m.s);
        m.vendor = 1;
        if (gpt_time(m.s, run_hist, &m, o, &t)) return 1;
        m.vendor = 0;
        GPT_CUDA(cudaMemcpy(got, m.bins[0], sizeof got, cudaMemcpyDeviceToHost));
        ok = compare_bins("cub histogram", got, want, 256) == 0;
        fails += !ok;
        vendor_row = r->count;
        gpt_report_add(r, "histogram", shape, "cub::DeviceHistogram::HistogramEven", -1, &t,
                       (double)n * es / (t.median_ms * 1e6), "GB/s", ok);
    }
    nr = gpt_rungs_to_run(GP_PRIM_HISTOGRAM, o, rungs, 32);
    for (int i = 0; i < nr; i++) {
        gpt_timing t;
        char label[64];
        int ran = 0, ok;
        gpt_rung_label(GP_PRIM_HISTOGRAM, rungs[i], rungs[i], label, sizeof label);
        gpt_progress("histogram %s: %s", shape, label);
        for (int k = 0; k < m.sets; k++) gpt_poison(m.bins[k], 256 * 4, m.s);
        gp_set_rung(h, GP_PRIM_HISTOGRAM, rungs[i]);
        if (gpt_time(m.s, run_hist, &m, o, &t)) return 1;
        gp_get_last_rung(h, GP_PRIM_HISTOGRAM, &ran);
        gp_set_rung(h, GP_PRIM_HISTOGRAM, 0);
        GPT_CUDA(cudaMemcpy(got, m.bins[0], sizeof got, cudaMemcpyDeviceToHost));
        ok = compare_bins("histogram bench", got, want, 256) == 0;
        fails += !ok;
        gpt_rung_label(GP_PRIM_HISTOGRAM, rungs[i], ran, label, sizeof label);
        gpt_report_add(r, "histogram", shape, label, rungs[i], &t, (double)n * es / (t.median_ms * 1e6), "GB/s", ok);
    }
    gpt_report_relate(r, first, vendor_row, r->copy_gbps);
    gpt_report_print_group(r, first, stdout);
    for (int k = 0; k < m.sets; k++) { cudaFree(m.x[k]); cudaFree(m.bins[k]); }
    cudaFree(m.temp);
    free(m.x); free(m.bins); free(hx);
    return fails;
}

/* 1 GiB of random u8 and 2^28 f32 (1 GiB) in [0, 1), both with 256 bins, against CUB in the same run; then
 * 256 MiB of equal u8 samples (every atomic on one bin). --quick: 64 MiB each; --n: samples per case. */
int gpt_bench_histogram(gp_handle h, const gpt_opts *o, gpt_report *r)
{
    gpt_hist_kind kinds[3];
    int nk = parse_kinds(o->op, kinds), fails = 0;
    const int64_t big = o->quick ? (int64_t)1 << 26 : (int64_t)1 << 30;
    for (int k = 0; k < nk; k++) {
        if (kinds[k] == GPT_HIST_U8) {
            fails += bench_case(h, o, r, GPT_HIST_U8, o->n > 0 ? o->n : big, 0);
            fails += bench_case(h, o, r, GPT_HIST_U8, o->n > 0 ? o->n : big / 4, 1);
        } else if (kinds[k] == GPT_HIST_F32) {
            fails += bench_case(h, o, r, GPT_HIST_F32, o->n > 0 ? o->n : big / 4, 0);
        }
    }
    return fails;
}
