/* test_dist_plan.c — gpuprim_dist's sample sort simulated on the CPU with the library's own pure logic
 * (src/dist/dist_plan.c, included here, so this test needs neither NCCL nor a GPU): P = 1, 2, 3, 8 ranks, each
 * an array of keys (with their global positions as values), run through every step the GPU code takes —
 * local sort, S samples per rank, the gathered samples ordered by a stable sort on their 64-bit (key, rank)
 * key as on the device, splitters, bucket boundaries by binary search, the count rows and the capacity check,
 * the exchange as copies in rank order, the final sort. Checks: the ranks' outputs concatenated are exactly
 * the stable sort of the inputs concatenated; each rank holds at most gp__dist_bucket_bound(...) keys and, for
 * large inputs, at most ceil(N/P) (1 + 5%); a capacity too small on any rank stops every rank before the
 * exchange with the count it needs, and a retry with that count succeeds. Inputs: random, few distinct
 * values, sorted, reverse sorted, all equal, two values, one rank with all keys, a rank with 0 keys, unequal
 * sizes. Plus the unit pieces (sample positions, targets, the order, binary search, offsets, layout). */
#include "tcheck.h"
#include "dist/dist_plan.c"
#include <stdlib.h>
#include <string.h>

#define MAXP 8

static uint64_t rng_state;
static uint64_t rnd(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* (key, value) pairs; values are global input positions, so this order is the stable sort by key. */
typedef struct kv { uint32_t k, v; } kv;
static int kv_cmp(const void *a, const void *b)
{
    const kv *x = (const kv *)a, *y = (const kv *)b;
    if (x->k != y->k) return x->k < y->k ? -1 : 1;
    return x->v < y->v ? -1 : x->v > y->v;
}

/* The device orders the gathered samples by a stable sort on gp__dist_sample_sort_key; a merge sort here. */
static const gp__dist_sample *msort_samples;
static void stable_sort_order(uint32_t *order, uint32_t *tmp, int64_t lo, int64_t hi)
{
    if (hi - lo < 2) return;
    const int64_t mid = lo + (hi - lo) / 2;
    stable_sort_order(order, tmp, lo, mid);
    stable_sort_order(order, tmp, mid, hi);
    int64_t i = lo, j = mid, o = lo;
    while (i < mid && j < hi) {
        const uint64_t a = gp__dist_sample_sort_key(&msort_samples[order[i]]);
        const uint64_t b = gp__dist_sample_sort_key(&msort_samples[order[j]]);
        tmp[o++] = b < a ? order[j++] : order[i++];
    }
    while (i < mid) tmp[o++] = order[i++];
    while (j < hi) tmp[o++] = order[j++];
    memcpy(order + lo, tmp + lo, sizeof(uint32_t) * (size_t)(hi - lo));
}

/* One simulated sort. in[r][0, n[r]) are rank r's pairs; cap[r] its capacity. Fills out[r] (allocated here,
 * cap[r] entries) and n_out[r]. Returns the number of ranks over capacity (then out[] is left untouched). */
static int simulate(int P, const int64_t *n, kv *const *in, const int64_t *cap, kv **out, int64_t *n_out)
{
    const int64_t S = gp__dist_samples_per_rank(P), m = (int64_t)P * S;
    const int stride = P + 1;
    kv *sorted[MAXP];
    uint32_t *keys[MAXP];
    gp__dist_sample *all = malloc(sizeof *all * (size_t)m), split[MAXP];
    uint32_t *order = malloc(sizeof *order * (size_t)m), *tmp = malloc(sizeof *tmp * (size_t)m);
    int64_t rows[MAXP * (MAXP + 1)] = {0}, send_off[MAXP], recv_off[MAXP];
    int over, ok_order = 1;

    for (int r = 0; r < P; r++) { /* 1. local sort */
        sorted[r] = malloc(sizeof(kv) * (size_t)(n[r] + 1));
        keys[r] = malloc(sizeof(uint32_t) * (size_t)(n[r] + 1));
        memcpy(sorted[r], in[r], sizeof(kv) * (size_t)n[r]);
        qsort(sorted[r], (size_t)n[r], sizeof(kv), kv_cmp);
        for (int64_t i = 0; i < n[r]; i++) keys[r][i] = sorted[r][i].k;
    }
    for (int r = 0; r < P; r++) /* 2. samples, "gathered" rank-major */
        for (int64_t j = 0; j < S; j++) all[r * S + j] = gp__dist_make_sample(keys[r], n[r], (uint32_t)r, S, j);
    for (int64_t i = 0; i < m; i++) order[i] = (uint32_t)i;
    msort_samples = all;
    stable_sort_order(order, tmp, 0, m);
    for (int64_t i = 1; i < m; i++) /* the stable 64-bit sort gives the full tuple order */
        if (gp__dist_sample_less(&all[order[i]], &all[order[i - 1]])) ok_order = 0;
    CHECK(ok_order);
    gp__dist_pick_splitters(all, order, m, P, split); /* 3. splitters, bucket sizes, count rows */
    for (int k = 1; k + 1 < P; k++) CHECK(!gp__dist_sample_less(&split[k], &split[k - 1]));
    for (int r = 0; r < P; r++) {
        int64_t prev = 0;
        for (int k = 0; k < P; k++) {
            const int64_t a = gp__dist_bucket_start(keys[r], n[r], (uint32_t)r, split, P, k);
            const int64_t b = gp__dist_bucket_start(keys[r], n[r], (uint32_t)r, split, P, k + 1);
            CHECK(a == prev && b >= a);
            rows[r * stride + k] = b - a;
            prev = b;
        }
        CHECK_EQ_INT(prev, n[r]);
        rows[r * stride + P] = cap[r];
    }
    over = gp__dist_over_capacity(rows, P, stride);
    for (int me = 0; me < P; me++) n_out[me] = gp__dist_recv_layout(rows, P, stride, me, recv_off);
    if (over == 0) { /* 6. exchange by copies, 7. final sort */
        for (int me = 0; me < P; me++) {
            gp__dist_recv_layout(rows, P, stride, me, recv_off);
            for (int r = 0; r < P; r++) {
                gp__dist_send_offsets(rows, P, stride, r, send_off);
                memcpy(out[me] + recv_off[r], sorted[r] + send_off[me], sizeof(kv) * (size_t)rows[r * stride + me]);
            }
            qsort(out[me], (size_t)n_out[me], sizeof(kv), kv_cmp);
        }
    }
    for (int r = 0; r < P; r++) {
        free(sorted[r]);
        free(keys[r]);
    }
    free(all);
    free(order);
    free(tmp);
    return over;
}

enum { D_RANDOM, D_FEW, D_SORTED, D_REVERSE, D_EQUAL, D_TWO, D_COUNT };
static const char *dist_name[D_COUNT] = {"random", "few distinct", "sorted", "reverse", "all equal", "two values"};

static uint32_t key_of(int d, int64_t g, int64_t N)
{
    switch (d) {
    case D_RANDOM: return (uint32_t)rnd();
    case D_FEW: return (uint32_t)(rnd() % 5) * 1000u;
    case D_SORTED: return (uint32_t)g;
    case D_REVERSE: return (uint32_t)(N - g);
    case D_EQUAL: return 42u;
    default: return (rnd() & 1) ? 0xffffffffu : 0u;
    }
}

/* Runs one case with capacities = the bound, then with one rank one key short, then the retry. */
static void run_case(int P, const int64_t *n, int d)
{
    kv *in[MAXP], *out[MAXP], *ref;
    int64_t N = 0, n_max = 0, cap[MAXP], n_out[MAXP], n_out2[MAXP], g = 0;
    const int64_t S = gp__dist_samples_per_rank(P);
    int64_t bound, at = 0, worst = 0;
    int over, same = 1, fails = 0;
    for (int r = 0; r < P; r++) {
        N += n[r];
        if (n[r] > n_max) n_max = n[r];
    }
    bound = gp__dist_bucket_bound(N, P, S, n_max);
    ref = malloc(sizeof(kv) * (size_t)(N + 1));
    for (int r = 0; r < P; r++) {
        in[r] = malloc(sizeof(kv) * (size_t)(n[r] + 1));
        for (int64_t i = 0; i < n[r]; i++, g++) {
            in[r][i].k = key_of(d, g, N);
            in[r][i].v = (uint32_t)g;
            ref[g] = in[r][i];
        }
        cap[r] = bound;
        out[r] = malloc(sizeof(kv) * (size_t)(bound + 1));
    }
    qsort(ref, (size_t)N, sizeof(kv), kv_cmp);

    over = simulate(P, n, in, cap, out, n_out);
    CHECK_EQ_INT(over, 0);
    for (int r = 0; r < P; r++) {
        for (int64_t i = 0; i < n_out[r]; i++, at++)
            if (at >= N || out[r][i].k != ref[at].k || out[r][i].v != ref[at].v) { same = 0; break; }
        if (n_out[r] > worst) worst = n_out[r];
        if (n_out[r] > bound) fails++;
    }
    CHECK(same && at == N);
    CHECK_EQ_INT(fails, 0);
    if (N / P >= 20000) CHECK(worst <= (int64_t)((double)((N + P - 1) / P) * 1.05));
    if (!same || at != N || fails)
        fprintf(stderr, "  case P=%d %s N=%lld: same %d at %lld worst %lld bound %lld\n", P, dist_name[d],
                (long long)N, same, (long long)at, (long long)worst, (long long)bound);

    /* one key short on the fullest rank: every rank stops, the outputs stay untouched, the counts say why */
    if (N > 0 && over == 0 && fails == 0) { /* (out[] holds `bound` pairs) */
        int fullest = 0;
        for (int r = 0; r < P; r++) {
            cap[r] = n_out[r];
            if (n_out[r] > n_out[fullest]) fullest = r;
            memset(out[r], 0xab, sizeof(kv) * (size_t)(bound + 1));
        }
        cap[fullest] = n_out[fullest] - 1;
        over = simulate(P, n, in, cap, out, n_out2);
        CHECK_EQ_INT(over, 1);
        for (int r = 0; r < P; r++) {
            CHECK_EQ_INT(n_out2[r], n_out[r]); /* the count each rank needs */
            CHECK(out[r][0].k == 0xababababu);
        }
        cap[fullest] = n_out2[fullest]; /* the retry with the reported count */
        over = simulate(P, n, in, cap, out, n_out2);
        CHECK_EQ_INT(over, 0);
        at = 0;
        same = 1;
        for (int r = 0; r < P; r++)
            for (int64_t i = 0; i < n_out2[r]; i++, at++)
                if (out[r][i].k != ref[at].k || out[r][i].v != ref[at].v) same = 0;
        CHECK(same && at == N);
    }
    printf("P=%d %-12s N=%8lld: most on one rank %lld (N/P %lld, bound %lld)\n", P, dist_name[d], (long long)N,
           (long long)worst, (long long)((N + P - 1) / P), (long long)bound);
    for (int r = 0; r < P; r++) {
        free(in[r]);
        free(out[r]);
    }
    free(ref);
}

static void units(void)
{
    /* sample positions: floor(j n / slots) exactly, also near 2^62 */
    for (int t = 0; t < 10000; t++) {
        const int64_t slots = 1 + (int64_t)(rnd() % 70000), j = (int64_t)(rnd() % (uint64_t)(slots + 1));
        const int64_t n = (int64_t)(rnd() >> (t % 2 ? 2 : 40));
        CHECK((unsigned __int128)gp__dist_sample_pos(n, slots, j) == (unsigned __int128)j * n / slots);
    }
    CHECK_EQ_INT(gp__dist_target(1, 2, 7), 3);
    CHECK_EQ_INT(gp__dist_target(7, 8, INT64_MAX), (int64_t)((unsigned __int128)7 * INT64_MAX / 8));
    /* the order */
    CHECK(gp__dist_less(1, 5, 9, 2, 0, 0));
    CHECK(gp__dist_less(1, 0, 9, 1, 1, 0));
    CHECK(gp__dist_less(1, 1, 3, 1, 1, 4));
    CHECK(!gp__dist_less(1, 1, 4, 1, 1, 4));
    /* samples: a rank with fewer keys than slots fills n of them, weight 1; an empty rank none */
    {
        const uint32_t k[3] = {5, 6, 7};
        gp__dist_sample s = gp__dist_make_sample(k, 3, 1, 8, 2), e = gp__dist_make_sample(k, 3, 1, 8, 3);
        CHECK(s.key == 7 && s.rank == 1 && s.index == 2 && s.weight == 1);
        CHECK(e.weight == 0 && e.rank == GP_DIST_NO_RANK && e.key == 0xffffffffu && e.index == INT64_MAX);
        e = gp__dist_make_sample(NULL, 0, 0, 8, 0);
        CHECK(e.weight == 0 && e.rank == GP_DIST_NO_RANK);
        int64_t w = 0;
        const int64_t nn = 1000003, SS = 128;
        uint32_t *big = calloc((size_t)nn, 4);
        for (int64_t j = 0; j < SS; j++) {
            s = gp__dist_make_sample(big, nn, 0, SS, j);
            CHECK(s.index == w && (s.weight == nn / SS || s.weight == nn / SS + 1));
            w += s.weight;
        }
        CHECK_EQ_INT(w, nn);
        free(big);
    }
    /* binary search = a linear count, for splitters of every kind */
    {
        uint32_t k[200];
        for (int i = 0; i < 200; i++) k[i] = (uint32_t)(i / 10);
        for (int t = 0; t < 2000; t++) {
            gp__dist_sample s = {(uint32_t)(rnd() % 25), (uint32_t)(rnd() % 4), (int64_t)(rnd() % 210), 0};
            int64_t lin = 0;
            if (t % 50 == 0) s = gp__dist_infinity();
            for (int i = 0; i < 200; i++) lin += gp__dist_less(k[i], 2, i, s.key, s.rank, s.index);
            CHECK_EQ_INT(gp__dist_lower_bound(k, 200, 2, &s), lin);
        }
    }
    /* slots per rank: 64 per peer while P * S fits the budget, never fewer than P */
    CHECK_EQ_INT(gp__dist_samples_per_rank(0), 0);
    CHECK_EQ_INT(gp__dist_samples_per_rank(1), 64);
    CHECK_EQ_INT(gp__dist_samples_per_rank(2), 128);
    CHECK_EQ_INT(gp__dist_samples_per_rank(8), 512);
    CHECK_EQ_INT(gp__dist_samples_per_rank(32), 2048);
    CHECK_EQ_INT(gp__dist_samples_per_rank(64), 1024);
    CHECK_EQ_INT(gp__dist_samples_per_rank(1000), 1000);
    /* offsets from count rows (P = 3, stride 4: counts, then capacity) */
    {
        const int64_t rows[12] = {1, 2, 3, 100, 4, 5, 6, 100, 7, 8, 9, 17};
        int64_t off[3];
        CHECK_EQ_INT(gp__dist_recv_layout(rows, 3, 4, 1, off), 15);
        CHECK(off[0] == 0 && off[1] == 2 && off[2] == 7);
        gp__dist_send_offsets(rows, 3, 4, 2, off);
        CHECK(off[0] == 0 && off[1] == 7 && off[2] == 15);
        CHECK_EQ_INT(gp__dist_over_capacity(rows, 3, 4), 1); /* rank 2 gets 18 > 17 */
    }
    /* workspace layout: aligned, disjoint, in order; overflow refused */
    {
        gp__dist_sort_layout L;
        CHECK(gp__dist_sort_layout_of(1000, 1100, 4, 2, 128, 5000, &L));
        const size_t at[] = {L.sorted_keys, L.sorted_values, L.recv_keys, L.recv_values, L.samples, L.all_samples,
                             L.sample_keys[0], L.sample_keys[1], L.sample_order[0], L.sample_order[1], L.splitters,
                             L.row, L.rows, L.merge_state, L.merge_parts, L.scratch, L.end};
        const size_t need[] = {4000, 4000, 4400, 4400, 128 * 24, 256 * 24, 256 * 8, 256 * 8, 256 * 4, 256 * 4,
                               2 * 24, 3 * 8, 6 * 8, 8 * GP_DIST_MS_COUNT, 8 * (1100 / GP_DIST_MERGE_TILE + 2), 5000};
        int ok = 1;
        for (int i = 0; i + 1 < (int)(sizeof at / sizeof at[0]); i++)
            ok &= at[i] % 256 == 0 && at[i + 1] >= at[i] + need[i];
        CHECK(ok);
        CHECK_EQ_INT(L.total, L.end + 255);
        CHECK(gp__dist_sort_layout_of(0, 0, 0, 1, 64, 0, &L) && L.sorted_values == L.recv_keys);
        CHECK(!gp__dist_sort_layout_of(INT64_MAX / 2, 0, 4, 2, 128, 0, &L));
        CHECK(!gp__dist_sort_layout_of(-1, 0, 4, 2, 128, 0, &L));
    }
    CHECK_EQ_INT(gp__dist_bucket_bound(0, 4, 256, 0), 0);
    CHECK_EQ_INT(gp__dist_bucket_bound(1000, 2, 128, 1000), 500 + 8 + 8 + 2);
}

/* The 2-rank merge: merge_path at every diagonal against a stable merge made here, both tie rules, runs with
 * repeated keys; merge_count against a linear count; the exchange's chunking. */
static void merge_units(void)
{
    enum { NA = 300, NB = 217 };
    static uint32_t a[NA], b[NB];
    for (int trial = 0; trial < 40; trial++) {
        const int na = trial == 0 ? 0 : (int)(rnd() % NA), nb = trial == 1 ? 0 : (int)(rnd() % NB);
        const uint32_t range = trial % 3 == 0 ? 4u : trial % 3 == 1 ? 100u : 0xffffffffu;
        uint32_t x = 0;
        for (int i = 0; i < na; i++) a[i] = x += (uint32_t)(rnd() % 3 == 0) * (uint32_t)(rnd() % 5) % range;
        x = 0;
        for (int i = 0; i < nb; i++) b[i] = x += (uint32_t)(rnd() % 3 == 0) * (uint32_t)(rnd() % 5) % range;
        for (int a_first = 0; a_first < 2; a_first++) {
            int ok = 1, from_a = 0, i = 0, j = 0;
            for (int d = 0; d <= na + nb; d++) {
                ok &= gp__dist_merge_path(a, na, b, nb, d, a_first) == from_a;
                if (d == na + nb) break;
                /* the reference merge's output d: a[i] unless b[j] is strictly before it under the tie rule */
                if (j >= nb || (i < na && (a_first ? a[i] <= b[j] : a[i] < b[j]))) { i++; from_a++; }
                else j++;
            }
            CHECK(ok);
            for (int k = 0; k < nb; k++) {
                int64_t lin = 0;
                for (int q = 0; q < na; q++) lin += a_first ? a[q] <= b[k] : a[q] < b[k];
                ok &= gp__dist_merge_count(a, 0, na, b[k], a_first) == lin;
            }
            CHECK(ok);
        }
    }
    CHECK_EQ_INT(gp__dist_exchange_chunk(0, 0), GP_DIST_EXCHANGE_MIN_CHUNK);
    CHECK_EQ_INT(gp__dist_exchange_chunk(5, (int64_t)1 << 29), ((int64_t)1 << 29) / GP_DIST_EXCHANGE_STEPS);
    CHECK_EQ_INT(gp__dist_exchange_chunk((int64_t)1 << 29, 5), gp__dist_exchange_chunk(5, (int64_t)1 << 29));
    CHECK_EQ_INT(gp__dist_exchange_chunk(GP_DIST_EXCHANGE_STEPS * GP_DIST_EXCHANGE_MIN_CHUNK + 1, 0),
                 GP_DIST_EXCHANGE_MIN_CHUNK + 1);
}

int main(void)
{
    const int Ps[] = {1, 2, 3, 8};
    rng_state = 20261124;
    units();
    merge_units();
    for (int pi = 0; pi < 4; pi++) {
        const int P = Ps[pi];
        int64_t n[MAXP];
        for (int d = 0; d < D_COUNT; d++) {
            for (int r = 0; r < P; r++) n[r] = 40000; /* equal sizes */
            run_case(P, n, d);
            for (int r = 0; r < P; r++) n[r] = (int64_t)(rnd() % 90000) + (r == P - 1 ? 0 : 1); /* unequal */
            if (P > 1) n[1] = 0;                                                                 /* a rank with 0 */
            run_case(P, n, d);
            for (int r = 0; r < P; r++) n[r] = r == 0 ? 150000 : 0; /* everything on one rank */
            run_case(P, n, d);
            for (int r = 0; r < P; r++) n[r] = (int64_t)(rnd() % 7); /* tiny: fewer keys than ranks or slots */
            run_case(P, n, d);
        }
        for (int r = 0; r < P; r++) n[r] = 0; /* nothing anywhere */
        run_case(P, n, D_RANDOM);
    }
    return tc_summary("test_dist_plan");
}
