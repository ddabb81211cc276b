/* dist_plan.c — the host-side pure parts of gpuprim_dist's sample sort (dist_plan.h): slots per rank, the
 * balance bound, receive and send offsets, the capacity check, the workspace layout. No CUDA, no NCCL;
 * tests/test_dist_plan.c includes this file. */
#include "dist_plan.h"

int64_t gp__dist_samples_per_rank(int P)
{
    int64_t o = GP_DIST_OVERSAMPLING;
    if (P < 1) return 0;
    while (o > 1 && (int64_t)P * P * o > GP_DIST_SAMPLE_BUDGET) o /= 2;
    return o * P;
}

/* The bound. Write W_r(s) for the weight of rank r's samples below a tuple s, W(s) = sum_r W_r(s), and c(s)
 * for the number of elements below s (c_r(s) on rank r). Rank r's elements below s are a prefix of its sorted
 * keys; if its samples below s are the first m, that prefix ends after sample m-1's position and at or before
 * sample m's, i.e.  W_r(s) - b_r < c_r(s) <= W_r(s)  with b_r the largest weight of rank r's samples
 * (ceil(n_r / S) or less); so  W(s) - sum_r b_r <= c(s) <= W(s). A splitter s_k has t_k <= W(s_k) < t_k + w,
 * w the weight of the sample before it (<= ceil(n_max / S)). Bucket k holds c(s_{k+1}) - c(s_k) <=
 * W(s_{k+1}) - W(s_k) + sum_r b_r < t_{k+1} - t_k + ceil(n_max / S) + sum_r ceil(n_r / S), and
 * t_{k+1} - t_k <= ceil(N / P), sum_r ceil(n_r / S) <= ceil(N / S) + P - 1. The first and last buckets
 * (c(-inf) = 0, c(+inf) = N, splitters at +inf) obey the same sum. */
int64_t gp__dist_bucket_bound(int64_t N, int P, int64_t S, int64_t n_max)
{
    if (P < 1 || S < 1 || N <= 0) return 0;
    return (N + P - 1) / P + (n_max + S - 1) / S + (N + S - 1) / S + P;
}

int64_t gp__dist_recv_layout(const int64_t *rows, int P, int stride, int me, int64_t *recv_offsets)
{
    int64_t at = 0;
    for (int r = 0; r < P; r++) {
        recv_offsets[r] = at;
        at += rows[(size_t)r * stride + me];
    }
    return at;
}

void gp__dist_send_offsets(const int64_t *rows, int P, int stride, int me, int64_t *send_offsets)
{
    int64_t at = 0;
    for (int k = 0; k < P; k++) {
        send_offsets[k] = at;
        at += rows[(size_t)me * stride + k];
    }
}

int gp__dist_over_capacity(const int64_t *rows, int P, int stride)
{
    int over = 0;
    for (int k = 0; k < P; k++) {
        int64_t total = 0;
        for (int r = 0; r < P; r++) total += rows[(size_t)r * stride + k];
        if (total > rows[(size_t)k * stride + P]) over++;
    }
    return over;
}

/* Appends `bytes` at a 256-byte boundary; 0 on overflow. */
static int place(size_t *at, size_t *offset, uint64_t bytes)
{
    const size_t start = (*at + 255) & ~(size_t)255;
    if (start < *at || bytes > SIZE_MAX - start) return 0;
    *offset = start;
    *at = start + (size_t)bytes;
    return 1;
}

int gp__dist_sort_layout_of(int64_t n_local, int64_t capacity, int value_bytes, int P, int64_t S,
                            size_t scratch_bytes, gp__dist_sort_layout *L)
{
    const uint64_t limit = (uint64_t)1 << 60; /* any count past this overflows some byte count below */
    const uint64_t m = (uint64_t)P * (uint64_t)S;
    const uint64_t vb = value_bytes > 0 ? (uint64_t)value_bytes : 0;
    size_t at = 0;
    int ok = 1;
    if (n_local < 0 || capacity < 0 || P < 1 || S < 1 || (uint64_t)n_local > limit || (uint64_t)capacity > limit ||
        (uint64_t)S > limit / (uint64_t)P)
        return 0;
    ok &= place(&at, &L->sorted_keys, 4 * (uint64_t)n_local);
    ok &= place(&at, &L->sorted_values, vb * (uint64_t)n_local);
    ok &= place(&at, &L->recv_keys, 4 * (uint64_t)capacity);
    ok &= place(&at, &L->recv_values, vb * (uint64_t)capacity);
    ok &= place(&at, &L->samples, sizeof(gp__dist_sample) * (uint64_t)S);
    ok &= place(&at, &L->all_samples, sizeof(gp__dist_sample) * m);
    ok &= place(&at, &L->sample_keys[0], 8 * m);
    ok &= place(&at, &L->sample_keys[1], 8 * m);
    ok &= place(&at, &L->sample_order[0], 4 * m);
    ok &= place(&at, &L->sample_order[1], 4 * m);
    ok &= place(&at, &L->splitters, sizeof(gp__dist_sample) * (uint64_t)P);
    ok &= place(&at, &L->row, 8 * ((uint64_t)P + 1));
    ok &= place(&at, &L->rows, 8 * ((uint64_t)P + 1) * (uint64_t)P);
    ok &= place(&at, &L->merge_state, 8 * (uint64_t)GP_DIST_MS_COUNT);
    ok &= place(&at, &L->merge_parts, 8 * ((uint64_t)capacity / GP_DIST_MERGE_TILE + 3));
    /* at least 256 bytes: the local sorts always get a pointer into the workspace (gp_sort given NULL would use,
     * and check for overlap, the handle's workspace, which may be this very memory) */
    ok &= place(&at, &L->scratch, scratch_bytes > 256 ? scratch_bytes : 256);
    if (!ok || at > SIZE_MAX - 255) return 0;
    L->end = at;
    L->total = at + 255;
    return 1;
}
