/* test_sort_ref.c — the sort CPU reference (src/ref/ref_sort.c) against hand-worked cases: the f32 total order
 * with its specials, signed keys, descending order, bit ranges, and stability of the merge sort (against a
 * quadratic stable insertion sort on random keys with many ties). */
#include "tcheck.h"
#include "ref/ref.h"
#include "sort_data.h"
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static uint64_t f32(float f) { return gpt_sort_f32_bits(f); }

/* 1 if the stable sort puts keys[] (raw bits) in exactly the order want[] (input indices) */
static int sorts_to(int64_t n, const uint64_t *keys, gp_sort_key kt, int desc, int begin, int end, const int64_t *want)
{
    int64_t idx[16];
    if (gp_ref_sort(n, keys, kt, desc, begin, end, idx)) return 0;
    return memcmp(idx, want, (size_t)n * sizeof *idx) == 0;
}

int main(void)
{
    /* f32: -inf < -FLT_MAX < -1 < -denormal < -0.0 < +0.0 < denormal < 1 < FLT_MAX < +inf < NaN (any sign and
     * payload, all equal: input order) */
    {
        const uint64_t keys[] = {0x7fc00000u, f32(1.f), 0xff800000u, 0x80000000u, 0x00000000u, 0xffc00000u,
                                 f32(-1.f), 0x7f800000u, 0x00000001u, 0x80000001u, 0x7f7fffffu, 0xff7fffffu,
                                 0x7f800001u};
        const int64_t asc[] = {2, 11, 6, 9, 3, 4, 8, 1, 10, 7, 0, 5, 12};
        const int64_t desc[] = {0, 5, 12, 7, 10, 1, 8, 4, 3, 9, 6, 11, 2};
        CHECK(sorts_to(13, keys, GP_SORT_F32, 0, 0, 32, asc));
        CHECK(sorts_to(13, keys, GP_SORT_F32, 1, 0, 32, desc)); /* NaNs first, still in input order */
        CHECK(gp_ref_sort_order(0x7fc00000u, GP_SORT_F32, 0) == 0xffffffffu);
        CHECK(gp_ref_sort_order(0xffc12345u, GP_SORT_F32, 0) == 0xffffffffu);
        CHECK(gp_ref_sort_order(0x80000000u, GP_SORT_F32, 0) < gp_ref_sort_order(0u, GP_SORT_F32, 0));
        CHECK(gp_ref_sort_order(0x7f800000u, GP_SORT_F32, 0) < gp_ref_sort_order(0x7f800001u, GP_SORT_F32, 0));
    }
    /* signed: i32 and i64 with the sign bit flipped; u32 as bits */
    {
        const uint64_t k32[] = {(uint32_t)-5, 7, (uint32_t)INT32_MIN, 0, INT32_MAX};
        const int64_t i32_asc[] = {2, 0, 3, 1, 4}, u32_asc[] = {3, 1, 4, 2, 0};
        const uint64_t k64[] = {(uint64_t)-1ll, 1, (uint64_t)INT64_MIN, 0};
        const int64_t i64_asc[] = {2, 0, 3, 1}, u64_desc[] = {0, 2, 1, 3};
        CHECK(sorts_to(5, k32, GP_SORT_I32, 0, 0, 32, i32_asc));
        CHECK(sorts_to(5, k32, GP_SORT_U32, 0, 0, 32, u32_asc));
        CHECK(sorts_to(4, k64, GP_SORT_I64, 0, 0, 64, i64_asc));
        CHECK(sorts_to(4, k64, GP_SORT_U64, 1, 0, 64, u64_desc));
    }
    /* bit ranges: only [begin, end) of the order value; keys equal there keep their input order */
    {
        const uint64_t k[] = {0x1f0, 0x20f, 0x10f, 0x2f0, 0x100};
        const int64_t by_low_nibble[] = {0, 3, 4, 1, 2}; /* 0, 0, 0, f, f */
        const int64_t by_bits_4_8[] = {1, 2, 4, 0, 3};   /* 0, 0, 0, f, f */
        const int64_t none[] = {0, 1, 2, 3, 4};
        const int64_t top_desc[] = {1, 3, 0, 2, 4};      /* bits [8, 12) descending: 2, 2, 1, 1, 1 */
        CHECK(sorts_to(5, k, GP_SORT_U32, 0, 0, 4, by_low_nibble));
        CHECK(sorts_to(5, k, GP_SORT_U32, 0, 4, 8, by_bits_4_8));
        CHECK(sorts_to(5, k, GP_SORT_U32, 0, 7, 7, none));
        CHECK(sorts_to(5, k, GP_SORT_U32, 1, 8, 12, top_desc));
    }
    /* the merge sort against a stable insertion sort: 16 distinct keys in 1000 (many ties), both orders */
    {
        enum { N = 1000 };
        static uint64_t keys[N], proj[N];
        static int64_t got[N], want[N];
        for (int t = 0; t < GP_SORT_KEY_COUNT; t++)
            for (int desc = 0; desc < 2; desc++) {
                const gp_sort_key kt = (gp_sort_key)t;
                for (int64_t i = 0; i < N; i++) keys[i] = gpt_sort_key_bits(GPT_SORT_SIXTEEN, kt, i, N, 99 + t);
                for (int64_t i = 0; i < N; i++) {
                    int64_t j = i;
                    proj[i] = gp_ref_sort_order(keys[i], kt, desc);
                    want[i] = i;
                    while (j > 0 && proj[want[j - 1]] > proj[i]) want[j] = want[j - 1], j--;
                    want[j] = i;
                }
                CHECK_EQ_INT(gp_ref_sort(N, keys, kt, desc, 0, t >= GP_SORT_U64 ? 64 : 32, got), 0);
                CHECK(memcmp(got, want, sizeof got) == 0);
            }
    }
    /* the distributions (tools/sort_data.h) are what they say */
    for (int64_t i = 0; i < 1000; i++) {
        const uint64_t r = gpt_sort_key_bits(GPT_SORT_RANDOM, GP_SORT_F32, i, 1000, 5);
        float f;
        uint32_t u = (uint32_t)r;
        memcpy(&f, &u, 4);
        CHECK(isfinite(f) && f != 0.0f);
        CHECK(gpt_sort_key_bits(GPT_SORT_HIGH_EQUAL, GP_SORT_U64, i, 1000, 5) >> 32 == 0);
        CHECK((gpt_sort_key_bits(GPT_SORT_TOP_EQUAL, GP_SORT_U32, i, 1000, 5) >> 24) == 0x5a);
        CHECK((gpt_sort_key_bits(GPT_SORT_LOW_EQUAL, GP_SORT_U32, i, 1000, 5) & 0xff) == 0x77);
        CHECK(gpt_sort_key_bits(GPT_SORT_SORTED, GP_SORT_I32, i, 1000, 5) <= 0xffffffffu);
    }
    return tc_summary("test_sort_ref");
}
