/* ref_sort.c — the CPU reference of the sort primitive: the key order of gpuprim.h and a stable merge sort. */
#include "ref.h"
#include <stdlib.h>
#include <string.h>

uint64_t gp_ref_sort_order(uint64_t bits, gp_sort_key key, int descending)
{
    const int wide = key == GP_SORT_U64 || key == GP_SORT_I64;
    uint64_t u;
    switch (key) {
    case GP_SORT_U32: u = (uint32_t)bits; break;
    case GP_SORT_I32: u = (uint32_t)bits ^ 0x80000000u; break;
    case GP_SORT_F32: {
        const uint32_t x = (uint32_t)bits;
        if ((x & 0x7f800000u) == 0x7f800000u && (x & 0x007fffffu)) u = 0xffffffffu; /* any NaN: last, all equal */
        else if (x & 0x80000000u) u = (uint32_t)~x;                                 /* negative: reversed */
        else u = x | 0x80000000u;
        break;
    }
    case GP_SORT_U64: u = bits; break;
    default: u = bits ^ 0x8000000000000000ull; break;
    }
    if (descending) u = wide ? ~u : (uint32_t)~u;
    return u;
}

/* Merges the runs [lo, mid) and [mid, hi) of `from` into `to` by proj, the left run first on ties (stable). */
static void merge(const int64_t *from, int64_t *to, const uint64_t *proj, int64_t lo, int64_t mid, int64_t hi)
{
    int64_t i = lo, j = mid, k = lo;
    while (i < mid && j < hi) to[k++] = proj[from[j]] < proj[from[i]] ? from[j++] : from[i++];
    while (i < mid) to[k++] = from[i++];
    while (j < hi) to[k++] = from[j++];
}

int gp_ref_sort(int64_t n, const uint64_t *keys, gp_sort_key key, int descending, int begin_bit, int end_bit,
                int64_t *idx)
{
    const int bits = end_bit - begin_bit;
    const uint64_t mask = bits >= 64 ? ~0ull : ((1ull << bits) - 1);
    uint64_t *proj;
    int64_t *tmp, *a, *b;
    if (n <= 0) return 0;
    proj = (uint64_t *)malloc((size_t)n * sizeof *proj);
    tmp = (int64_t *)malloc((size_t)n * sizeof *tmp);
    if (!proj || !tmp) {
        free(proj);
        free(tmp);
        return 1;
    }
    for (int64_t i = 0; i < n; i++) {
        proj[i] = bits > 0 ? (gp_ref_sort_order(keys[i], key, descending) >> begin_bit) & mask : 0;
        idx[i] = i;
    }
    a = idx;
    b = tmp;
    for (int64_t w = 1; w < n; w *= 2) { /* bottom-up: runs of w, merged in pairs */
        for (int64_t lo = 0; lo < n; lo += 2 * w) {
            const int64_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
            merge(a, b, proj, lo, mid, hi);
        }
        int64_t *t = a;
        a = b;
        b = t;
    }
    if (a != idx) memcpy(idx, a, (size_t)n * sizeof *idx);
    free(proj);
    free(tmp);
    return 0;
}
