/* test_sort_rule.c — sort rung 05's pure decisions (src/sort/sort_rule.h) on the CPU: which kernel runs for
 * (n, key bytes, value bytes), with and without a configuration forced by gp_set_config, and the pass plan for every set of trivial passes (1 to 8 passes): each real
 * pass finds the keys in its fixed source buffer, keys_in is never written, and the keys end in the output. */
#include "tcheck.h"
#include "sort/sort_rule.h"
#include <stdint.h>

static const int OB_THREADS[GP_SORT_OB_CONFIGS + 1] = {0, GP_SORT_OB1_THREADS, GP_SORT_OB2_THREADS,
                                                       GP_SORT_OB3_THREADS, GP_SORT_OB4_THREADS};
static const int OB_ITEMS[GP_SORT_OB_CONFIGS + 1] = {0, GP_SORT_OB1_ITEMS, GP_SORT_OB2_ITEMS, GP_SORT_OB3_ITEMS,
                                                     GP_SORT_OB4_ITEMS};

/* Simulates a plan: returns 1 if it is valid for this mask. */
static int plan_ok(int passes, unsigned mask, int *copies)
{
    unsigned plan[8];
    int loc = GP_SORT_BUF_IN;
    gp_sort_pass_plan(passes, mask, plan);
    *copies = 0;
    for (int p = 0; p < passes; p++) {
        const int mode = (int)(plan[p] & 3u), src = (int)((plan[p] >> 2) & 3u), dst = (int)((plan[p] >> 4) & 3u);
        const int trivial = (int)((mask >> p) & 1u);
        if (mode == GP_SORT_PLAN_REAL) {
            if (trivial) return 0; /* a trivial pass is never sorted */
            if (loc != gp_sort_plan_src(passes, p)) return 0;
            if (gp_sort_plan_dst(passes, p) == GP_SORT_BUF_IN) return 0;
            loc = gp_sort_plan_dst(passes, p);
        } else if (mode == GP_SORT_PLAN_COPY) {
            if (!trivial || src != loc || dst == GP_SORT_BUF_IN || dst == src) return 0;
            if (dst == GP_SORT_BUF_ALT && passes < 2) return 0; /* no ALT buffer with one pass */
            loc = dst;
            ++*copies;
        } else if (mode != GP_SORT_PLAN_SKIP || !trivial) {
            return 0;
        }
    }
    return loc == GP_SORT_BUF_OUT;
}

int main(void)
{
    /* plans: every mask of 1..8 passes */
    for (int passes = 1; passes <= 8; passes++) {
        for (unsigned mask = 0; mask < (1u << passes); mask++) {
            int copies;
            const int ok = plan_ok(passes, mask, &copies);
            CHECK(ok);
            if (!ok) fprintf(stderr, "  passes %d, trivial mask 0x%x\n", passes, mask);
            CHECK(copies <= 1 + passes / 2); /* at most one copy per run of trivial passes */
            if (mask == 0) CHECK_EQ_INT(copies, 0);
        }
    }
    /* the examples of the header: u64 keys < 2^32 (passes 4-7 trivial) skip all four; f32 with one trivial
     * top pass copies once; every pass trivial: one copy IN -> OUT */
    {
        unsigned plan[8];
        gp_sort_pass_plan(8, 0xf0u, plan);
        for (int p = 4; p < 8; p++) CHECK_EQ_INT(plan[p] & 3u, GP_SORT_PLAN_SKIP);
        gp_sort_pass_plan(4, 0x8u, plan);
        CHECK_EQ_INT(plan[3], gp_sort_plan_word(GP_SORT_PLAN_COPY, GP_SORT_BUF_ALT, GP_SORT_BUF_OUT));
        gp_sort_pass_plan(4, 0xfu, plan);
        CHECK_EQ_INT(plan[0] & 3u, GP_SORT_PLAN_SKIP);
        CHECK_EQ_INT(plan[3], gp_sort_plan_word(GP_SORT_PLAN_COPY, GP_SORT_BUF_IN, GP_SORT_BUF_OUT));
        gp_sort_pass_plan(1, 0x1u, plan);
        CHECK_EQ_INT(plan[0], gp_sort_plan_word(GP_SORT_PLAN_COPY, GP_SORT_BUF_IN, GP_SORT_BUF_OUT));
    }

    /* path: a one-block configuration holds n, suits the element size, and is the smallest that does */
    static const int kv[][2] = {{4, 0}, {4, 4}, {4, 8}, {8, 0}, {8, 4}, {8, 8}};
    for (int i = 0; i < 6; i++) {
        const int kb = kv[i][0], vb = kv[i][1];
        int last = 1;
        for (int64_t n = 2; n <= (1 << 20); n = n < 64 ? n + 1 : n + n / 7 + 1) {
            const int path = gp_sort_r05_path(n, kb, vb);
            CHECK(path >= 0 && path <= GP_SORT_OB_CONFIGS);
            if (path > 0) {
                CHECK(n <= (int64_t)OB_THREADS[path] * OB_ITEMS[path]);
                CHECK(path == 1 || n > (int64_t)OB_THREADS[path - 1] * OB_ITEMS[path - 1]);
                /* keys and values in registers: 64 bytes a thread at 1024 threads (at most 64 registers each) */
                CHECK((int64_t)OB_ITEMS[path] * (kb + vb) * OB_THREADS[path] <= 64 * 1024);
                CHECK(last != 0 && path >= last);    /* grows with n, never back from the passes */
            }
            last = path;
        }
        CHECK_EQ_INT(gp_sort_r05_path(1 << 20, kb, vb), 0);
        CHECK_EQ_INT(gp_sort_r05_path(16385, kb, vb), 0);
    }
    /* the sizes of the H100 sweep (u32 keys) */
    CHECK_EQ_INT(gp_sort_r05_path(1 << 10, 4, 0), 1);
    CHECK_EQ_INT(gp_sort_r05_path(1 << 11, 4, 0), 1);
    CHECK_EQ_INT(gp_sort_r05_path((1 << 11) + 1, 4, 0), 2);
    CHECK_EQ_INT(gp_sort_r05_path(1 << 12, 4, 0), 2);
    CHECK_EQ_INT(gp_sort_r05_path(1 << 13, 4, 0), 3);
    CHECK_EQ_INT(gp_sort_r05_path(1 << 14, 4, 0), 4);
    CHECK_EQ_INT(gp_sort_r05_path((1 << 14) + 1, 4, 0), 0);
    CHECK_EQ_INT(gp_sort_r05_path(1 << 13, 8, 4), 0);
    CHECK_EQ_INT(gp_sort_r05_path(1 << 12, 8, 8), 2);
    /* a forced configuration (gp_set_config): the onesweep passes always; a one-block configuration where it holds
     * n and suits the element size; anything else (too small, unsuited, out of range, -1 = none) the size rule */
    for (int i = 0; i < 6; i++) {
        const int kb = kv[i][0], vb = kv[i][1];
        for (int64_t n = 2; n <= 20000; n = n < 64 ? n + 1 : n + n / 5 + 1)
            for (int forced = -1; forced <= GP_SORT_OB_CONFIGS + 1; forced++) {
                const int got = gp_sort_r05_choose(forced, n, kb, vb), rule = gp_sort_r05_path(n, kb, vb);
                const int64_t cap = forced >= 1 ? gp_sort_ob_capacity(forced, kb, vb) : 0;
                if (forced == 0) CHECK_EQ_INT(got, 0);
                else if (forced >= 1 && forced <= GP_SORT_OB_CONFIGS && n <= cap) CHECK_EQ_INT(got, forced);
                else CHECK_EQ_INT(got, rule);
                if (got > 0) CHECK(n <= gp_sort_ob_capacity(got, kb, vb));
            }
        for (int path = 1; path <= GP_SORT_OB_CONFIGS; path++) {
            const int64_t cap = gp_sort_ob_capacity(path, kb, vb);
            CHECK(cap == 0 || cap == (int64_t)OB_THREADS[path] * OB_ITEMS[path]);
            CHECK(cap == 0 || (int64_t)OB_ITEMS[path] * (kb + vb) * OB_THREADS[path] <= 64 * 1024);
        }
    }
    CHECK_EQ_INT(gp_sort_r05_choose(4, 100, 4, 0), 4);      /* 1024 x 16 for 100 keys, when asked */
    CHECK_EQ_INT(gp_sort_r05_choose(4, 100, 4, 4), 1);      /* 1024 x 16 holds 4-byte keys alone: the rule */
    CHECK_EQ_INT(gp_sort_r05_choose(3, 9000, 4, 0), 4);     /* 8192 < 9000: the rule */
    CHECK_EQ_INT(gp_sort_r05_choose(0, 3, 8, 8), 0);        /* the passes at any size */
    CHECK_EQ_INT(gp_sort_r05_choose(-1, 1 << 20, 4, 0), 0);
    /* histogram grid: at least one block, at most one per chunk or per SM unless 16-bit counters need more,
     * and then never so few that a 16-bit counter could reach 2^16 (32 threads per lane column, each counting
     * its chunks' keys plus one head and one tail key) */
    {
        static const int vecs[] = {1, 2, 4, 8};
        static const int sms[] = {1, 2, 7, 108, 132, 144};
        for (int kb = 4; kb <= 8; kb += 4)
            for (int vi = 0; vi < 4; vi++)
                for (int si = 0; si < 6; si++)
                    for (int64_t n = 1; n <= ((int64_t)1 << 36); n = n < 100 ? n + 1 : n + n / 3 + 7) {
                        const int vec = vecs[vi], sm = sms[si];
                        const int64_t chunks = gp_sort_hist_chunks(n, kb, vec);
                        const int64_t g = gp_sort_hist_grid(n, kb, vec, sm);
                        const int64_t per_block = (chunks + g - 1) / g;
                        CHECK(g >= 1 && g <= 0x7fffffff);
                        CHECK(chunks * GP_SORT_HIST_THREADS * vec * 16 >= n * kb); /* the chunks cover the keys */
                        if (kb == 8) CHECK(32 * (per_block * vec * (16 / kb) + 2) <= 65535);
                        else CHECK(g <= sm && g <= (chunks > 0 ? chunks : 1));
                        if (kb == 8 && g > sm) /* no more blocks than the counters need: one fewer would overflow */
                            CHECK(32 * ((chunks + g - 2) / (g - 1) * vec * 2 + 2) > 65535);
                    }
        /* the H100 cases: 2^28 u32 / u64 keys, 132 SMs, 4 vectors: one block per SM */
        CHECK_EQ_INT((int)gp_sort_hist_grid((int64_t)1 << 28, 4, 4, 132), 132);
        CHECK_EQ_INT((int)gp_sort_hist_grid((int64_t)1 << 28, 8, 4, 132), 132);
        CHECK_EQ_INT((int)gp_sort_hist_grid((int64_t)1 << 31, 8, 4, 132), 1029);
    }
    /* few matches: random 8-bit digits yes, 16 equally likely digits no, one digit no */
    CHECK(gp_sort_few_matches(1.0f / 256));
    CHECK(gp_sort_few_matches(1.0f / 32 - 0.001f));
    CHECK(!gp_sort_few_matches(1.0f / 16));
    CHECK(!gp_sort_few_matches(1.0f));
    return tc_summary("test_sort_rule");
}
