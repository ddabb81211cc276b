/* dist_plan.h — the pure logic of gpuprim_dist's sample sort: where a rank samples its sorted keys, the
 * (key, rank, index) order that makes every element of every rank distinct, the splitters picked from the
 * gathered samples, a rank's bucket boundaries, receive offsets, the capacity check and the workspace layout.
 * No CUDA, no NCCL. The inline functions (GP_DIST_HD) also run inside the library's kernels (nvcc compiles
 * them __host__ __device__); tests/test_dist_plan.c runs all of it on the CPU for simulated ranks.
 *
 * The order. Element i of rank r's locally sorted keys is the tuple (key, r, i). Tuples compare
 * lexicographically, so no two elements are equal, even when every key is: a splitter can cut a run of
 * equal keys anywhere, and all-equal input spreads over the ranks like any other. The global result in
 * this order is the stable sort of the ranks' inputs concatenated in rank order.
 *
 * Sampling. Rank r with n_r sorted keys offers S slots (gp__dist_samples_per_rank(P), the same on every
 * rank). It fills u = min(n_r, S) of them: slot j < u is the element at p_j = floor(j n_r / u) and stands
 * for the block [p_j, p_{j+1}) (its weight); the other slots are empty (+infinity, weight 0, after every
 * element). The weights of a rank add up to n_r, so unequal sizes per rank are sampled in proportion.
 *
 * Splitters. The P S gathered samples sorted in the tuple order; with N the sum of all weights and
 * t_k = floor(k N / P), splitter k (1 <= k < P) is the first sample whose preceding samples weigh >= t_k
 * (none: +infinity). Bucket k holds the elements e with splitter k <= e < splitter k+1 (splitter 0 = -inf,
 * splitter P = +inf) and goes to rank k.
 *
 * Balance (proof in gp__dist_bucket_bound's comment): every bucket holds at most
 *     ceil(N/P) + ceil(n_max/S) + ceil(N/S) + P   keys   (n_max = the largest n_r),
 * about N/P (1 + 2/o) for o = S/P samples per rank and peer, whatever the keys are. */
#ifndef GP_DIST_PLAN_H
#define GP_DIST_PLAN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __CUDACC__
#define GP_DIST_HD static inline __host__ __device__
#else
#define GP_DIST_HD static inline
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Samples per rank and peer (o), and the cap on the P * S samples every rank sorts. */
#define GP_DIST_OVERSAMPLING 64
#define GP_DIST_SAMPLE_BUDGET 65536
#define GP_DIST_NO_RANK 0xffffffffu /* the rank of an empty slot or of +infinity: after every element */

/* One sample, or one splitter: the element (key, rank, index) and the keys it stands for. 24 bytes, sent
 * through NCCL as 3 x 8 bytes. */
typedef struct gp__dist_sample {
    uint32_t key;
    uint32_t rank;   /* GP_DIST_NO_RANK (with key 0xffffffff, index INT64_MAX): +infinity / an empty slot */
    int64_t index;   /* position in the rank's sorted keys */
    int64_t weight;  /* the sample stands for positions [index, index + weight) of its rank */
} gp__dist_sample;

/* (ka, ra, ia) < (kb, rb, ib) in the lexicographic order. */
GP_DIST_HD int gp__dist_less(uint32_t ka, uint32_t ra, int64_t ia, uint32_t kb, uint32_t rb, int64_t ib)
{
    if (ka != kb) return ka < kb;
    if (ra != rb) return ra < rb;
    return ia < ib;
}

GP_DIST_HD int gp__dist_sample_less(const gp__dist_sample *a, const gp__dist_sample *b)
{
    return gp__dist_less(a->key, a->rank, a->index, b->key, b->rank, b->index);
}

/* The 64-bit key (key, rank) of a sample. The gathered samples are rank-major and each rank's run is in
 * ascending index, so a STABLE sort by this key puts them in the full (key, rank, index) order. */
GP_DIST_HD uint64_t gp__dist_sample_sort_key(const gp__dist_sample *s)
{
    return ((uint64_t)s->key << 32) | s->rank;
}

/* floor(j * n / slots) without overflow (0 <= j <= slots, slots >= 1, n >= 0). */
GP_DIST_HD int64_t gp__dist_sample_pos(int64_t n, int64_t slots, int64_t j)
{
    return j * (n / slots) + (j * (n % slots)) / slots;
}

/* +infinity: after every element; also an empty sample slot (weight 0). */
GP_DIST_HD gp__dist_sample gp__dist_infinity(void)
{
    gp__dist_sample s;
    s.key = 0xffffffffu;
    s.rank = GP_DIST_NO_RANK;
    s.index = INT64_MAX;
    s.weight = 0;
    return s;
}

/* Slot j (0 <= j < S) of a rank with n sorted keys. */
GP_DIST_HD gp__dist_sample gp__dist_make_sample(const uint32_t *sorted, int64_t n, uint32_t rank, int64_t S,
                                                int64_t j)
{
    gp__dist_sample s;
    const int64_t used = n < S ? n : S;
    if (j >= used) return gp__dist_infinity(); /* an empty slot: +infinity, weight 0 */
    s.index = gp__dist_sample_pos(n, used, j);
    s.key = sorted[s.index];
    s.rank = rank;
    s.weight = gp__dist_sample_pos(n, used, j + 1) - s.index;
    return s;
}

/* t_k = floor(k N / P) without overflow (0 <= k <= P). */
GP_DIST_HD int64_t gp__dist_target(int64_t k, int64_t P, int64_t N)
{
    return k * (N / P) + (k * (N % P)) / P;
}

/* Splitters 1..P-1 into splitters[0..P-2], from the m gathered samples in tuple order: samples[order[i]]
 * is the i-th (order == NULL: samples itself is in that order). One pass; every rank computes the same. */
GP_DIST_HD void gp__dist_pick_splitters(const gp__dist_sample *samples, const uint32_t *order, int64_t m, int P,
                                        gp__dist_sample *splitters)
{
    int64_t total = 0, before = 0;
    int k = 1;
    for (int64_t i = 0; i < m; i++) total += samples[i].weight;
    for (int64_t i = 0; i < m && k < P; i++) {
        const gp__dist_sample *s = &samples[order ? order[i] : i];
        while (k < P && before >= gp__dist_target(k, P, total)) splitters[(k++) - 1] = *s;
        before += s->weight;
    }
    while (k < P) splitters[(k++) - 1] = gp__dist_infinity();
}

/* How many of a rank's elements (sorted[i], rank, i), i < n, are below splitter s: a binary search (the
 * tuples increase with i). */
GP_DIST_HD int64_t gp__dist_lower_bound(const uint32_t *sorted, int64_t n, uint32_t rank, const gp__dist_sample *s)
{
    int64_t lo = 0, hi = n;
    while (lo < hi) {
        const int64_t mid = lo + (hi - lo) / 2;
        if (gp__dist_less(sorted[mid], rank, mid, s->key, s->rank, s->index)) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

/* Start of bucket k (0 <= k <= P) in a rank's sorted keys: 0 for k = 0, n for k = P. Non-decreasing in k. */
GP_DIST_HD int64_t gp__dist_bucket_start(const uint32_t *sorted, int64_t n, uint32_t rank,
                                         const gp__dist_sample *splitters, int P, int k)
{
    if (k <= 0) return 0;
    if (k >= P) return n;
    return gp__dist_lower_bound(sorted, n, rank, &splitters[k - 1]);
}

/* ---- the 2-rank merge (dist.c, dist_kernels.cu) ----
 * With 2 ranks each rank's output is the stable merge of two sorted runs: A, its own bucket (read in place from
 * its sorted keys), and B, the bucket the peer sends. Ties go to the run of the lower rank (a_first: A is from
 * the lower rank). The peer's bucket arrives in chunks; after each one the output is extended as far as the
 * keys received so far decide it, so the merging overlaps the exchange. */

/* Outputs per merge tile: GP_DIST_MERGE_THREADS threads x GP_DIST_MERGE_ITEMS each. */
#define GP_DIST_MERGE_THREADS 256
#define GP_DIST_MERGE_ITEMS 7
#define GP_DIST_MERGE_TILE (GP_DIST_MERGE_THREADS * GP_DIST_MERGE_ITEMS)
/* The exchange's steps: the larger of the two buckets that cross (the same on both ranks) in up to
 * GP_DIST_EXCHANGE_STEPS chunks of at least GP_DIST_EXCHANGE_MIN_CHUNK keys. */
/* 4, measured on 2 H200s at 2^31 random u32 keys (results/h200x2-2026-11-24/call2): 1 step exchanges at 299 GB/s (82%
 * of NCCL's send/recv) then merges for 5.0 ms: 31.6 ms; 4 steps 229 GB/s with a 1.2 ms merge tail: 30.0 ms; 16 steps
 * 121 GB/s, 37.5 ms: the merge of one chunk, on every SM, slows NCCL's transfer of the next. */
#ifndef GP_DIST_EXCHANGE_STEPS /* (a knob for measurements: -DGP_DIST_EXCHANGE_STEPS=1 exchanges, then merges) */
#define GP_DIST_EXCHANGE_STEPS 4
#endif
#define GP_DIST_EXCHANGE_MIN_CHUNK ((int64_t)1 << 16)
GP_DIST_HD int64_t gp__dist_exchange_chunk(int64_t to, int64_t from)
{
    const int64_t x = to > from ? to : from, c = (x + GP_DIST_EXCHANGE_STEPS - 1) / GP_DIST_EXCHANGE_STEPS;
    return c > GP_DIST_EXCHANGE_MIN_CHUNK ? c : GP_DIST_EXCHANGE_MIN_CHUNK;
}

/* a[i] goes before b[j] in the merged output (a_first: a wins ties). */
GP_DIST_HD int gp__dist_merge_before(uint32_t a, uint32_t b, int a_first) { return a_first ? a <= b : a < b; }

/* Merge path: how many of the first d outputs of merge(a[0, na), b[0, nb)) come from a (0 <= d <= na + nb). */
GP_DIST_HD int64_t gp__dist_merge_path(const uint32_t *a, int64_t na, const uint32_t *b, int64_t nb, int64_t d,
                                       int a_first)
{
    int64_t lo = d > nb ? d - nb : 0, hi = d < na ? d : na;
    while (lo < hi) {
        const int64_t mid = lo + (hi - lo) / 2;
        if (gp__dist_merge_before(a[mid], b[d - 1 - mid], a_first)) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

/* The elements of a[lo, n) (sorted) that go before a key x of b: the first i in [lo, n] with a[i] not before x. */
GP_DIST_HD int64_t gp__dist_merge_count(const uint32_t *a, int64_t lo, int64_t n, uint32_t x, int a_first)
{
    int64_t hi = n;
    while (lo < hi) {
        const int64_t mid = lo + (hi - lo) / 2;
        if (gp__dist_merge_before(a[mid], x, a_first)) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

/* The merge's state in the workspace (int64): what has been merged, then the current step's ranges. */
enum { GP_DIST_MS_A_DONE, GP_DIST_MS_B_DONE, GP_DIST_MS_A_LO, GP_DIST_MS_A_HI, GP_DIST_MS_B_LO, GP_DIST_MS_B_HI,
       GP_DIST_MS_COUNT };

/* One step's ranges into st: B (sorted) holds b_hi keys now (last: all of them); the output is decided up to A's
 * elements that go before B's last received key (all of A once B is complete). first: the state starts at 0. */
GP_DIST_HD void gp__dist_merge_step_ranges(const uint32_t *a, int64_t na, const uint32_t *b, int64_t b_hi, int last,
                                           int first, int a_first, int64_t *st)
{
    const int64_t a_lo = first ? 0 : st[GP_DIST_MS_A_DONE], b_lo = first ? 0 : st[GP_DIST_MS_B_DONE];
    int64_t a_hi = a_lo;
    if (last) a_hi = na;
    else if (b_hi > b_lo) a_hi = gp__dist_merge_count(a, a_lo, na, b[b_hi - 1], a_first);
    st[GP_DIST_MS_A_LO] = a_lo;
    st[GP_DIST_MS_A_HI] = a_hi;
    st[GP_DIST_MS_B_LO] = b_lo;
    st[GP_DIST_MS_B_HI] = b_hi;
    st[GP_DIST_MS_A_DONE] = a_hi;
    st[GP_DIST_MS_B_DONE] = b_hi;
}

/* ---- host only (dist_plan.c) ---- */

/* S, the slots per rank: GP_DIST_OVERSAMPLING x P, less where P * S would pass GP_DIST_SAMPLE_BUDGET (at
 * least P). Depends on P alone, so every rank computes the same. 0 for P < 1. */
int64_t gp__dist_samples_per_rank(int P);

/* The most keys one bucket can hold (module comment) for N keys in all, P ranks, S slots per rank and at
 * most n_max keys on one rank. */
int64_t gp__dist_bucket_bound(int64_t N, int P, int64_t S, int64_t n_max);

/* The gathered count rows: row r (stride >= P + 1 int64 values) = rank r's send counts to ranks 0..P-1,
 * then rank r's output capacity at [P].
 * Receive layout of rank me: recv_offsets[r] = where the keys from rank r start in its receive buffer
 * (r = 0..P-1, in rank order); returns the total it receives. */
int64_t gp__dist_recv_layout(const int64_t *rows, int P, int stride, int me, int64_t *recv_offsets);
/* Send offsets of rank me: where its bucket for rank k starts in its sorted keys (prefix sums of its row). */
void gp__dist_send_offsets(const int64_t *rows, int P, int stride, int me, int64_t *send_offsets);
/* The number of ranks that would receive more than their capacity (0: the exchange can go ahead). Every
 * rank computes the same from the same rows, so all of them go on or all of them stop. */
int gp__dist_over_capacity(const int64_t *rows, int P, int stride);

/* Byte offsets of the sort's buffers in the workspace (from its first 256-byte-aligned address). */
typedef struct gp__dist_sort_layout {
    size_t sorted_keys, sorted_values; /* the local sort's output: n_local each */
    size_t recv_keys, recv_values;     /* the exchange's output: capacity each */
    size_t samples;                    /* S samples of this rank */
    size_t all_samples;                /* P * S gathered */
    size_t sample_keys[2];             /* their 64-bit sort keys, in and out */
    size_t sample_order[2];            /* their positions, in and out */
    size_t splitters;                  /* P - 1 */
    size_t row;                        /* P + 1 int64: send counts, capacity */
    size_t rows;                       /* P rows gathered */
    size_t merge_state;                /* GP_DIST_MS_COUNT int64 (2 ranks) */
    size_t merge_parts;                /* ceil(capacity / GP_DIST_MERGE_TILE) + 2 int64: tile starts (2 ranks) */
    size_t scratch;                    /* the local sorts' workspace (at least 256 bytes) */
    size_t end;                        /* bytes used from the aligned base */
    size_t total;                      /* bytes to ask of the caller: end + 255 for the alignment of the base */
} gp__dist_sort_layout;
/* value_bytes 0 (keys) or 4; scratch_bytes: the most any of the call's gp_sort calls needs. Returns 0 if the
 * sizes overflow size_t (the call then reports GP_ERROR_INVALID_VALUE), 1 otherwise. */
int gp__dist_sort_layout_of(int64_t n_local, int64_t capacity, int value_bytes, int P, int64_t S,
                            size_t scratch_bytes, gp__dist_sort_layout *L);

#ifdef __cplusplus
}
#endif
#endif
