/* prim_sort.c — sort (radix sort of keys, or of keys with values) in the gpuprim command: its verify cases
 * (every key distribution of sort_data.h, f32 specials, stability through the values, bit ranges, descending,
 * edge sizes, exact-span allocations, poisoned outputs), and its bench cases against cub::DeviceRadixSort
 * (rates in G keys/s) for the generic driver. */
#include "driver.h"
#include "check.h"
#include "devdata.h"
#include "sort_data.h"
#include "vendor.h"
#include "verify_cases.h"
#include "ref/ref.h"
#include <cuda_runtime.h>
#include <stdlib.h>
#include <string.h>

static int key_bytes(gp_sort_key kt) { return kt == GP_SORT_U64 || kt == GP_SORT_I64 ? 8 : 4; }

/* Element i of an array of 4- or 8-byte words. */
static void put_word(void *base, int64_t i, int bytes, uint64_t v)
{
    if (bytes == 4) ((uint32_t *)base)[i] = (uint32_t)v;
    else ((uint64_t *)base)[i] = v;
}
static uint64_t get_word(const void *base, int64_t i, int bytes)
{
    return bytes == 4 ? ((const uint32_t *)base)[i] : ((const uint64_t *)base)[i];
}
/* The value that travels with input key i: its index (unique, so stability and the permutation both show),
 * tagged in the high bits of 8-byte values. */
static uint64_t sort_value(int vb, int64_t i) { return vb == 8 ? (uint64_t)i | 0xabc0000000000000ull : (uint32_t)i; }

gp_status gpt_sort_call(gp_handle h, gp_sort_key key, int value_bytes, int64_t n, const void *keys_in, void *keys_out,
                        const void *values_in, void *values_out, gp_sort_order order, int begin_bit, int end_bit,
                        void *ws, size_t ws_bytes)
{
    if (!value_bytes) return gp_sort_keys(h, key, n, keys_in, keys_out, order, begin_bit, end_bit, ws, ws_bytes);
    return gp_sort_pairs(h, key, value_bytes, n, keys_in, keys_out, values_in, values_out, order, begin_bit, end_bit,
                         ws, ws_bytes);
}

gpt_sort_case gpt_sort_case_of(int rung, gp_sort_key key, int value_bytes, int64_t n, int dist, gp_sort_order order)
{
    gpt_sort_case c;
    memset(&c, 0, sizeof c);
    c.rung = rung;
    c.config = -1;
    c.key = key;
    c.value_bytes = value_bytes;
    c.n = n;
    c.dist = dist;
    c.order = order;
    c.end_bit = -1;
    return c;
}

/* Elements of the sorted output that differ from the reference (keys[idx[j]] and its value); the first few on
 * stderr. */
static int64_t sort_mismatches(const gpt_sort_case *c, const uint64_t *keys, const int64_t *idx, const void *got_k,
                               const void *got_v, const char *what)
{
    const int kb = key_bytes(c->key), vb = c->value_bytes;
    const uint64_t kmask = kb == 4 ? 0xffffffffull : ~0ull;
    int64_t bad = 0;
    for (int64_t j = 0; j < c->n; j++) {
        const uint64_t wk = keys[idx[j]] & kmask, gk = get_word(got_k, j, kb);
        const uint64_t wv = vb ? sort_value(vb, idx[j]) : 0, gv = vb ? get_word(got_v, j, vb) : 0;
        if ((gk != wk || gv != wv) && bad++ < 3)
            fprintf(stderr, "  %s: [%lld] key %llx value %llx, want key %llx value %llx (input %lld)\n", what,
                    (long long)j, (unsigned long long)gk, (unsigned long long)gv, (unsigned long long)wk,
                    (unsigned long long)wv, (long long)idx[j]);
    }
    return bad;
}

/* One array: `off` poisoned words (a guard), then n keys (UP_KEYS: keys[]), values (UP_VALUES: sort_value) or
 * poison (UP_POISON: an output), as a host image and an exact device allocation holding it. 0 on success. */
enum { UP_POISON, UP_KEYS, UP_VALUES };
static int sort_upload(void **d, unsigned char **host, int64_t off, int64_t n, int bytes, int what,
                       const uint64_t *keys)
{
    const size_t total = (size_t)(off + n) * (size_t)bytes;
    *host = (unsigned char *)malloc(total ? total : 1);
    if (!*host || gpt_dev_alloc(d, total)) return 1;
    memset(*host, 0xFF, total);
    for (int64_t i = 0; i < n && what != UP_POISON; i++)
        put_word(*host + off * bytes, i, bytes, what == UP_KEYS ? keys[i] : sort_value(bytes, i));
    return total && cudaMemcpy(*d, *host, total, cudaMemcpyHostToDevice) != cudaSuccess;
}

/* A host copy of `bytes` of device memory (a 1-byte buffer for none). */
static unsigned char *host_copy(const void *d, size_t bytes)
{
    return bytes ? (unsigned char *)gpt_host_copy(d, bytes) : (unsigned char *)malloc(1);
}

int gpt_verify_sort_case(gp_handle h, const gpt_sort_case *c, uint64_t seed, int verbose)
{
    const int kb = key_bytes(c->key), vb = c->value_bytes;
    const int64_t n = c->n;
    const int begin = c->end_bit < 0 ? 0 : c->begin_bit, end = c->end_bit < 0 ? 8 * kb : c->end_bit;
    void *dki = NULL, *dko = NULL, *dvi = NULL, *dvo = NULL, *wsalloc = NULL, *ws = NULL;
    unsigned char *hki = NULL, *hko = NULL, *hvi = NULL, *hvo = NULL, *gki = NULL, *gko = NULL, *gvi = NULL, *gvo = NULL;
    uint64_t *keys = (uint64_t *)malloc((size_t)(n > 0 ? n : 1) * sizeof *keys);
    int64_t *idx = (int64_t *)malloc((size_t)(n > 0 ? n : 1) * sizeof *idx);
    size_t need = 0, hws = 0;
    int fail = 1, ran_cfg = -1;
    gp_status st;
    cudaStream_t s;
    char label[64], what[200];
    gp_get_stream(h, &s);
    snprintf(what, sizeof what, "sort %s%s %s n=%lld bits [%d,%d) %s off=%d,%d%s%s", gpt_sort_key_name(c->key),
             vb == 4 ? "/u32" : vb == 8 ? "/u64" : "", gpt_sort_dist_name(c->dist), (long long)n, begin, end,
             c->order == GP_SORT_DESCENDING ? "desc" : "asc", c->off_in, c->off_out, c->handle_ws ? " handle-ws" : "",
             c->config >= 0 ? " cfg" : "");
    if (c->config >= 0) snprintf(what + strlen(what), sizeof what - strlen(what), "%d", c->config);
    if (!keys || !idx) goto out;
    for (int64_t i = 0; i < n; i++) keys[i] = gpt_sort_key_bits(c->dist, c->key, i, n, seed);
    if (gp_ref_sort(n, keys, c->key, c->order == GP_SORT_DESCENDING, begin, end, idx)) goto out;
    /* exact spans: each array ends at its last element, a poisoned guard before its offset */
    if (sort_upload(&dki, &hki, c->off_in, n, kb, UP_KEYS, keys) ||
        sort_upload(&dko, &hko, c->off_out, n, kb, UP_POISON, NULL))
        goto out;
    if (vb && (sort_upload(&dvi, &hvi, c->off_in, n, vb, UP_VALUES, NULL) ||
               sort_upload(&dvo, &hvo, c->off_out, n, vb, UP_POISON, NULL)))
        goto out;
    gp_set_rung(h, GP_PRIM_SORT, c->rung);
    gp_set_config(h, GP_PRIM_SORT, c->config);
    st = gp_sort_workspace_size(h, c->key, vb, n, &need);
    gp_get_workspace(h, NULL, &hws);
    if (st == GP_SUCCESS && (!c->handle_ws || need > hws) && need) {
        /* the caller's: garbage (poison) in it, at an odd address, ending the allocation */
        if (gpt_dev_alloc(&wsalloc, need + 3)) {
            st = GP_ERROR_ALLOC_FAILED;
        } else {
            gpt_poison(wsalloc, need + 3, s);
            ws = (char *)wsalloc + 3;
        }
    }
    if (st == GP_SUCCESS)
        st = gpt_sort_call(h, c->key, vb, n, dki ? (char *)dki + c->off_in * kb : NULL,
                           dko ? (char *)dko + c->off_out * kb : NULL, dvi ? (char *)dvi + c->off_in * vb : NULL,
                           dvo ? (char *)dvo + c->off_out * vb : NULL, c->order, begin, end, ws, need);
    gp_get_last_config(h, GP_PRIM_SORT, &ran_cfg);
    gp_set_config(h, GP_PRIM_SORT, -1);
    if (gpt_call_done(h, GP_PRIM_SORT, c->rung, st, what, label, sizeof label)) goto out;
    if (ran_cfg >= 0) snprintf(label + strlen(label), sizeof label - strlen(label), " cfg%d", ran_cfg);
    {
        const size_t kin = (size_t)(c->off_in + n) * kb, kout = (size_t)(c->off_out + n) * kb;
        const size_t vin = (size_t)(c->off_in + n) * vb, vout = (size_t)(c->off_out + n) * vb;
        int64_t bad, guard = 0, inputs = 0;
        if (!(gki = host_copy(dki, kin)) || !(gko = host_copy(dko, kout)) || !(gvi = host_copy(dvi, vin)) ||
            !(gvo = host_copy(dvo, vout)))
            goto out;
        bad = sort_mismatches(c, keys, idx, gko + c->off_out * kb, vb ? gvo + c->off_out * vb : NULL, what);
        guard = gpt_count_unpoisoned(gko, 0, c->off_out, kb) + (vb ? gpt_count_unpoisoned(gvo, 0, c->off_out, vb) : 0);
        inputs = (kin && memcmp(gki, hki, kin) != 0) + (vb && memcmp(gvi, hvi, vin) != 0);
        if (wsalloc) { /* the 3 bytes before the workspace */
            unsigned char pre[3];
            if (cudaMemcpy(pre, wsalloc, 3, cudaMemcpyDeviceToHost) != cudaSuccess) goto out;
            guard += pre[0] != 0xFF || pre[1] != 0xFF || pre[2] != 0xFF;
        }
        if (guard) fprintf(stderr, "  %s %s: %lld elements written outside the outputs\n", what, label, (long long)guard);
        if (inputs) fprintf(stderr, "  %s %s: an input was modified\n", what, label);
        fail = bad != 0 || guard != 0 || inputs != 0;
        if (verbose || fail) printf("%s %-22s %s\n", what, label, fail ? "FAIL" : "ok");
    }
out:
    if (fail && cudaGetLastError() != cudaSuccess) fprintf(stderr, "sort: CUDA error\n");
    cudaFree(dki);
    cudaFree(dko);
    cudaFree(dvi);
    cudaFree(dvo);
    cudaFree(wsalloc);
    free(keys);
    free(idx);
    free(hki);
    free(hko);
    free(hvi);
    free(hvo);
    free(gki);
    free(gko);
    free(gvi);
    free(gvo);
    return fail;
}

/* --op: the bench's cases; verify keeps the cases of that kind */
static const char *const sort_ops[] = {"u32", "pairs", "f32", "u64", NULL};
enum { SORT_OP_U32 = 0, SORT_OP_PAIRS, SORT_OP_F32, SORT_OP_U64 };
static int sort_op_takes(int op, gp_sort_key key, int value_bytes)
{
    switch (op) {
    case SORT_OP_U32: return key == GP_SORT_U32 && !value_bytes;
    case SORT_OP_PAIRS: return value_bytes != 0;
    case SORT_OP_F32: return key == GP_SORT_F32;
    case SORT_OP_U64: return key == GP_SORT_U64;
    default: return 1; /* no --op */
    }
}

static int sort_verify(gp_handle h, const gpt_opts *o, int rung, char *detail, size_t len)
{
    static const int vbs[3] = {0, 4, 8};
    static const int64_t edges[] = {0, 1, 2, 33, 1537, 4097, 6913, 7681, 16385};
    const int64_t n = o->n >= 0 ? o->n : 1000003;
    const int op = gpt_op_index(sort_ops, o);
    gpt_sort_case cs[64];
    int nc = 0, f = 0, ran = 0;
    /* every distribution, the key types and value sizes rotating, both orders, offset pointers */
    for (int d = 0; d < GPT_SORT_DIST_COUNT; d++) {
        const gp_sort_key kt = d == GPT_SORT_F32_SPECIAL ? GP_SORT_F32 : (gp_sort_key)(d % GP_SORT_KEY_COUNT);
        cs[nc] = gpt_sort_case_of(rung, kt, vbs[d % 3], n, d, (gp_sort_order)(d & 1));
        cs[nc].off_in = d % 3;
        cs[nc++].off_out = (d + 1) % 4;
    }
    /* stability: few distinct keys, the values say the order kept */
    cs[nc++] = gpt_sort_case_of(rung, GP_SORT_U64, 4, n, GPT_SORT_SIXTEEN, GP_SORT_DESCENDING);
    cs[nc++] = gpt_sort_case_of(rung, GP_SORT_I32, 8, n, GPT_SORT_TWO, GP_SORT_ASCENDING);
    cs[nc++] = gpt_sort_case_of(rung, GP_SORT_F32, 4, n, GPT_SORT_EQUAL, GP_SORT_DESCENDING);
    cs[nc++] = gpt_sort_case_of(rung, GP_SORT_U32, 4, n, GPT_SORT_SIXTEEN, GP_SORT_ASCENDING);
    /* f32 specials: -0.0 < +0.0, NaNs last (first descending) in input order, with values and in a bit range */
    cs[nc++] = gpt_sort_case_of(rung, GP_SORT_F32, 8, n, GPT_SORT_F32_SPECIAL, GP_SORT_ASCENDING);
    cs[nc++] = gpt_sort_case_of(rung, GP_SORT_F32, 4, n, GPT_SORT_F32_SPECIAL, GP_SORT_DESCENDING);
    /* bit ranges of the order-preserving form (stability among keys equal in the range) */
    {
        static const struct { gp_sort_key kt; int vb, begin, end, dist; gp_sort_order order; } r[] = {
            {GP_SORT_F32, 0, 16, 32, GPT_SORT_F32_SPECIAL, GP_SORT_DESCENDING},
            {GP_SORT_U32, 4, 7, 23, GPT_SORT_RANDOM, GP_SORT_ASCENDING},
            {GP_SORT_I64, 0, 3, 41, GPT_SORT_RANDOM, GP_SORT_DESCENDING},
            {GP_SORT_U64, 4, 60, 64, GPT_SORT_RANDOM, GP_SORT_ASCENDING},
            {GP_SORT_I32, 8, 31, 32, GPT_SORT_SIXTEEN, GP_SORT_ASCENDING},
            {GP_SORT_U64, 8, 12, 12, GPT_SORT_RANDOM, GP_SORT_ASCENDING}, /* no bits: a copy */
            {GP_SORT_U32, 0, 0, 24, GPT_SORT_HIGH_EQUAL, GP_SORT_DESCENDING},
        };
        for (size_t i = 0; i < sizeof r / sizeof r[0]; i++) {
            cs[nc] = gpt_sort_case_of(rung, r[i].kt, r[i].vb, n, r[i].dist, r[i].order);
            cs[nc].begin_bit = r[i].begin;
            cs[nc++].end_bit = r[i].end;
        }
    }
    /* edge sizes (one-block capacities, tiles of 3840-7680 keys), through the handle's workspace */
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++) {
        cs[nc] = gpt_sort_case_of(rung, i & 1 ? GP_SORT_U64 : GP_SORT_U32, i & 1 ? 8 : 0, edges[i], GPT_SORT_RANDOM,
                                  (gp_sort_order)(i & 1));
        cs[nc++].handle_ws = 1;
    }
    for (int i = 0; i < nc; i++) {
        if (!sort_op_takes(op, cs[i].key, cs[i].value_bytes)) continue;
        f += gpt_verify_sort_case(h, &cs[i], o->seed + (uint64_t)i, o->verbose);
        ran++;
    }
    snprintf(detail, len, "%d cases: distributions, stability, f32 specials, bit ranges, edge sizes; n=%lld", ran,
             (long long)n);
    return f;
}

/* ---- bench: n keys (and u32 values) sorted by the whole key; rate in G keys/s; each output checked against
 * CUB's (the same stable order: the keys have no -0.0 and no NaN) ---- */
enum { SORT_KIN, SORT_KOUT, SORT_VIN, SORT_VOUT };
struct sort_bench {
    gp_sort_key key;
    int vb;            /* 0, or 4: u32 values (their input index) */
    int64_t n;
    void *ws;          /* the workspace: the most any row asks (gp_sort_workspace_size), allocated once */
    size_t ws_bytes;
    void *temp;        /* CUB's temporary storage */
    size_t temp_bytes;
    unsigned char *want_k, *want_v, *got; /* CUB's output of set 0; a host copy of a row's */
};

static int sort_bench_vendor(gpt_case *c, int set)
{
    struct sort_bench *m = (struct sort_bench *)c->state;
    return gpb_vendor_sort(m->key, m->n, c->buf[set][SORT_KIN], c->buf[set][SORT_KOUT],
                           m->vb ? c->buf[set][SORT_VIN] : NULL, m->vb ? c->buf[set][SORT_VOUT] : NULL, m->temp,
                           &m->temp_bytes, c->bench->stream);
}

/* The workspace of every row the driver may run (the rungs asked for, each configuration of rung 05 with -v). */
static size_t sort_bench_workspace(gpt_bench *b, const struct sort_bench *m)
{
    int rungs[64], configs = 0;
    const int nr = gpt_rungs_to_run(GP_PRIM_SORT, b->o, rungs, 64);
    size_t most = 0;
    for (int r = 1; r <= gp_rung_count(GP_PRIM_SORT); r++) {
        gp_rung_info ri;
        if (gp_get_rung_info(GP_PRIM_SORT, r, &ri) == GP_SUCCESS && ri.configs > configs) configs = ri.configs;
    }
    for (int i = 0; i < nr; i++)
        for (int cfg = -1; cfg < (b->o->verbose ? configs : 0); cfg++) {
            size_t need = 0;
            gp_set_rung(b->h, GP_PRIM_SORT, rungs[i]);
            if (gp_set_config(b->h, GP_PRIM_SORT, cfg) != GP_SUCCESS) continue;
            if (gp_sort_workspace_size(b->h, m->key, m->vb, m->n, &need) == GP_SUCCESS && need > most) most = need;
        }
    gp_set_rung(b->h, GP_PRIM_SORT, 0);
    gp_set_config(b->h, GP_PRIM_SORT, -1);
    return most;
}

static int sort_bench_setup(gpt_bench *b, gpt_case *c)
{
    struct sort_bench *m = (struct sort_bench *)c->state;
    const int kb = key_bytes(m->key);
    const size_t kbytes = (size_t)m->n * kb, vbytes = (size_t)m->n * m->vb;
    const int passes = kb; /* 8-bit digits */
    unsigned char *hk = (unsigned char *)malloc(kbytes), *hv = m->vb ? (unsigned char *)malloc(vbytes) : NULL;
    int err = !hk || (m->vb && !hv);
    gpt_case_buffer(c, kbytes, GPT_INPUT);
    gpt_case_buffer(c, kbytes, GPT_OUTPUT);
    if (m->vb) {
        gpt_case_buffer(c, vbytes, GPT_INPUT);
        gpt_case_buffer(c, vbytes, GPT_OUTPUT);
    }
    c->set_bytes = 2 * (kbytes + vbytes);
    if (err || gpt_case_alloc(b, c)) goto done;
    for (int64_t i = 0; m->vb && i < m->n; i++) put_word(hv, i, 4, (uint32_t)i);
    for (int k = 0; k < c->sets && !err; k++) {
        for (int64_t i = 0; i < m->n; i++)
            put_word(hk, i, kb, gpt_sort_key_bits(GPT_SORT_RANDOM, m->key, i, m->n, b->o->seed + (uint64_t)k));
        err = cudaMemcpy(c->buf[k][SORT_KIN], hk, kbytes, cudaMemcpyHostToDevice) != cudaSuccess ||
              (m->vb && cudaMemcpy(c->buf[k][SORT_VIN], hv, vbytes, cudaMemcpyHostToDevice) != cudaSuccess);
    }
    m->ws_bytes = sort_bench_workspace(b, m);
    m->temp = NULL; /* NULL temp: CUB's size query */
    err = err || gpt_dev_alloc(&m->ws, m->ws_bytes) || sort_bench_vendor(c, 0) ||
          gpt_dev_alloc(&m->temp, m->temp_bytes ? m->temp_bytes : 1);
    /* the reference: CUB's output on set 0 */
    err = err || sort_bench_vendor(c, 0) || cudaStreamSynchronize(b->stream) != cudaSuccess ||
          !(m->want_k = (unsigned char *)gpt_host_copy(c->buf[0][SORT_KOUT], kbytes)) ||
          (m->vb && !(m->want_v = (unsigned char *)gpt_host_copy(c->buf[0][SORT_VOUT], vbytes))) ||
          !(m->got = (unsigned char *)malloc(kbytes > vbytes ? kbytes : vbytes));
    snprintf(c->shape, sizeof c->shape, "n=%lld %s%s", (long long)m->n, gpt_sort_key_name(m->key),
             m->vb ? "/u32 pairs" : " keys");
    gpt_case_shape_sets(c);
    snprintf(c->vendor, sizeof c->vendor, "cub::DeviceRadixSort::%s", m->vb ? "SortPairs" : "SortKeys");
    c->work = (double)m->n;
    c->unit = "G keys/s";
    /* %ceil: the DRAM floor of an 8-bit LSD onesweep sort at the copy rate: the keys read once for the
     * histogram, then read and written by each pass, keys and values */
    c->ceiling = b->r->copy_gbps / ((double)kb * (1 + 2 * passes) + 2.0 * passes * m->vb);
    snprintf(c->note, sizeof c->note, "  (%%ceil: of %.1f G keys/s, the copy rate over %d bytes per key: the keys "
             "read once, then read and written by %d passes)", c->ceiling, kb * (1 + 2 * passes) + 2 * passes * m->vb,
             passes);
done:
    free(hk);
    free(hv);
    return err;
}

static int sort_bench_run(gpt_case *c, int set)
{
    const struct sort_bench *m = (const struct sort_bench *)c->state;
    return gpt_sort_call(c->bench->h, m->key, m->vb, m->n, c->buf[set][SORT_KIN], c->buf[set][SORT_KOUT],
                         m->vb ? c->buf[set][SORT_VIN] : NULL, m->vb ? c->buf[set][SORT_VOUT] : NULL,
                         GP_SORT_ASCENDING, 0, 8 * key_bytes(m->key), m->ws, m->ws_bytes) != GP_SUCCESS;
}

static int sort_bench_check(gpt_case *c, int vendor, const char *label)
{
    struct sort_bench *m = (struct sort_bench *)c->state;
    const size_t kbytes = (size_t)m->n * key_bytes(m->key), vbytes = (size_t)m->n * m->vb;
    int ok;
    (void)vendor;
    if (cudaMemcpy(m->got, c->buf[0][SORT_KOUT], kbytes, cudaMemcpyDeviceToHost) != cudaSuccess) return 0;
    ok = memcmp(m->got, m->want_k, kbytes) == 0;
    if (ok && m->vb) {
        if (cudaMemcpy(m->got, c->buf[0][SORT_VOUT], vbytes, cudaMemcpyDeviceToHost) != cudaSuccess) return 0;
        ok = memcmp(m->got, m->want_v, vbytes) == 0;
    }
    if (!ok) fprintf(stderr, "  sort %s %s: output differs from CUB's\n", c->shape, label);
    return ok;
}

static void sort_bench_teardown(gpt_case *c)
{
    struct sort_bench *m = (struct sort_bench *)c->state;
    cudaFree(m->ws);
    cudaFree(m->temp);
    free(m->want_k);
    free(m->want_v);
    free(m->got);
}

/* 2^28 keys (--quick 2^24): u32 keys, u32/u32 pairs, f32 keys, u64 keys (--op one of them); --sweep: u32 keys
 * at every power of two. */
static int sort_bench(gpt_bench *b)
{
    static const gpt_case_hooks hooks = {sort_bench_setup, sort_bench_run, sort_bench_vendor, sort_bench_check,
                                         sort_bench_teardown, NULL};
    const gpt_opts *o = b->o;
    const int64_t n = o->n > 0 ? o->n : (o->quick ? (int64_t)1 << 24 : (int64_t)1 << 28);
    const int op = gpt_op_index(sort_ops, o);
    struct sort_bench cases[] = {{GP_SORT_U32, 0, n, NULL, 0, NULL, 0, NULL, NULL, NULL},
                                 {GP_SORT_U32, 4, n, NULL, 0, NULL, 0, NULL, NULL, NULL},
                                 {GP_SORT_F32, 0, n, NULL, 0, NULL, 0, NULL, NULL, NULL},
                                 {GP_SORT_U64, 0, n, NULL, 0, NULL, 0, NULL, NULL, NULL}};
    int fails = 0;
    if (o->sweep) {
        for (int p = GPT_SWEEP_LOG2_MIN; p <= GPT_SWEEP_LOG2_MAX; p++) {
            struct sort_bench one = cases[op >= 0 ? op : SORT_OP_U32];
            one.n = (int64_t)1 << p;
            fails += gpt_bench_case(b, &hooks, &one);
        }
        return fails;
    }
    for (int i = 0; i < 4; i++)
        if (op < 0 || op == i) fails += gpt_bench_case(b, &hooks, &cases[i]);
    return fails;
}

/* CUB's radix sort is timed with int sizes. */
const gpt_prim_cli gpt_sort_cli = {"sort", GP_PRIM_SORT, sort_ops, "u32, pairs, f32 and u64", INT32_MAX, sort_verify,
                                   sort_bench, NULL};
