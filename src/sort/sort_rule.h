/* sort_rule.h — the pure decisions of sort rung 05, in C (host and device), so that the CPU tests can check
 * them exhaustively (tests/test_sort_rule.c) without a GPU:
 *   gp_sort_r05_path:  which kernel a call runs, from n and the key / value sizes only (gp_sort_r05_choose:
 *                      with a configuration forced by gp_set_config);
 *   gp_sort_pass_plan: what each digit pass does once the digit counts are known (run by the histogram
 *                      kernel's last block on the GPU), so that passes whose keys all share one digit move
 *                      nothing. */
#ifndef GP_SORT_RULE_H
#define GP_SORT_RULE_H
#include <stdint.h>

#ifdef __CUDACC__
#define GP_SORT_HD __host__ __device__ __forceinline__
#else
#define GP_SORT_HD static inline
#endif

/* ---- which kernel -------------------------------------------------------------------------------------
 * Rung 05 sorts an input of up to one block's tile in one launch with no workspace (every pass in shared
 * memory), else with the onesweep passes. One-block configurations (threads x keys per thread), the smallest
 * that holds n and suits the element size (key + value bytes: ITEMS keys and values fit in 64 bytes of
 * registers a thread at 1024 threads, 128 at 512):
 *   1: 512 x 4 = 2048 (every type)        2: 512 x 8 = 4096 (every type)
 *   3: 1024 x 8 = 8192 (key + value <= 8 bytes)   4: 1024 x 16 = 16384 (4-byte keys, no values)
 * Timed on the H100 (run 1): a one-block launch of 384 x 4 sorted 2^10 u32 keys in 10.4 us, of 384 x 18 in
 * 19.5 us (~0.16 us per round of 32 keys per warp and pass, latency-bound with 12 warps); rung 03 needs ~40 us
 * at any n <= 2^16 (6 launches). 0 = the onesweep passes. The five paths are rung 05's configurations 0-4
 * (gp_set_config forces one where it can hold the call: gp_sort_r05_choose).
 * Configurations 1-2 until session 9 were 384 x 4 = 1536 and 1024 x 4 = 4096: 2048-4096 u32 keys then ran at
 * 0.855-0.892x CUB. Session 10 (results/h100-2026-11-23g/call1/sort-small-*.txt, u32 keys / u32 pairs vs CUB
 * in the same process): 512 x 4 and 512 x 8: 1024 keys 1.23x (384 x 4: 1.37x), 2048 1.25x, 3000 0.95x,
 * 4096 0.99x / pairs 1.06-1.36x; 384 x 6 and 384 x 11: 2048 1.21x, 4096 0.92x. Fewer, longer warps win for the
 * 1024-thread configuration's sizes: its block-wide steps cost more per warp than the extra keys per thread. */
#define GP_SORT_OB_CONFIGS 4
/* (experiment knobs: -DGP_SORT_OB1_THREADS=512 etc. through GP_KNOB_FLAGS with GP_KNOB_SOURCES=src/sort/) */
#ifndef GP_SORT_OB1_THREADS
#define GP_SORT_OB1_THREADS 512
#endif
#ifndef GP_SORT_OB1_ITEMS
#define GP_SORT_OB1_ITEMS 4
#endif
#ifndef GP_SORT_OB2_THREADS
#define GP_SORT_OB2_THREADS 512
#endif
#ifndef GP_SORT_OB2_ITEMS
#define GP_SORT_OB2_ITEMS 8
#endif
#define GP_SORT_OB3_THREADS 1024
#define GP_SORT_OB3_ITEMS 8
#define GP_SORT_OB4_THREADS 1024
#define GP_SORT_OB4_ITEMS 16

/* Keys the one-block configuration `path` (1-4) holds for this element size; 0 where it does not suit it
 * (configurations 3 and 4 are compiled only for the element sizes the rule gives them). */
GP_SORT_HD int64_t gp_sort_ob_capacity(int path, int key_bytes, int value_bytes)
{
    const int eb = key_bytes + value_bytes;
    switch (path) {
    case 1: return (int64_t)GP_SORT_OB1_THREADS * GP_SORT_OB1_ITEMS;
    case 2: return (int64_t)GP_SORT_OB2_THREADS * GP_SORT_OB2_ITEMS;
    case 3: return eb <= 8 ? (int64_t)GP_SORT_OB3_THREADS * GP_SORT_OB3_ITEMS : 0;
    case 4: return eb <= 4 ? (int64_t)GP_SORT_OB4_THREADS * GP_SORT_OB4_ITEMS : 0;
    }
    return 0;
}

/* The size rule: the smallest one-block configuration that holds n keys, else 0 (the onesweep passes). */
GP_SORT_HD int gp_sort_r05_path(int64_t n, int key_bytes, int value_bytes)
{
    for (int path = 1; path <= GP_SORT_OB_CONFIGS; path++)
        if (n <= gp_sort_ob_capacity(path, key_bytes, value_bytes)) return path;
    return 0;
}

/* The path a call runs when configuration `forced` is asked for (gp_set_config; -1: none): a forced path that
 * can hold the call (the onesweep passes hold any n, a one-block configuration n <= its capacity), else the
 * size rule's. */
GP_SORT_HD int gp_sort_r05_choose(int forced, int64_t n, int key_bytes, int value_bytes)
{
    if (forced == 0) return 0;
    if (forced >= 1 && forced <= GP_SORT_OB_CONFIGS && n <= gp_sort_ob_capacity(forced, key_bytes, value_bytes))
        return forced;
    return gp_sort_r05_path(n, key_bytes, value_bytes);
}

/* ---- what each pass does ------------------------------------------------------------------------------
 * Buffers: IN (keys_in / values_in, never written), ALT (the workspace's second buffer), OUT. The host
 * launches pass p with fixed buffers, before the counts exist (no host synchronisation):
 *   src(0) = IN, src(p) = dst(p - 1), dst(p) = OUT when (passes - 1 - p) is even, else ALT,
 * so that the last pass writes OUT. A pass is trivial when every key has the same digit in it (one digit
 * count equals n): its output is its input. The plan lets every non-trivial pass run with those fixed
 * buffers and leaves the trivial ones out:
 *   - REAL: sort the digit, src(p) -> dst(p);
 *   - SKIP: nothing;
 *   - COPY (src id, dst id): copy the keys (and values) between two buffers, where the data must move.
 * In a run of trivial passes a..b-1 followed by a real pass b (or by the end, b = passes), the data sits in
 * dst(a-1) (IN when a = 0) and must be in src(b) = dst(b-1) (OUT at the end). dst alternates, so when
 * a >= 1 and b - a is even it is already there and every pass of the run is skipped; otherwise the run's
 * last pass copies it. So keys_in is never written, the output always ends in OUT, and a skipped pass costs
 * one launch whose blocks exit (plus, on the GPU, the tile reads already issued). */
enum { GP_SORT_PLAN_REAL = 0, GP_SORT_PLAN_SKIP = 1, GP_SORT_PLAN_COPY = 2 };
/* plan word flag of a REAL pass: the lanes of a warp rarely share a digit (gp_sort_few_matches) */
#define GP_SORT_PLAN_FEW_MATCHES 64u
enum { GP_SORT_BUF_IN = 0, GP_SORT_BUF_ALT = 1, GP_SORT_BUF_OUT = 2 };

GP_SORT_HD int gp_sort_plan_dst(int passes, int p) { return (passes - 1 - p) % 2 == 0 ? GP_SORT_BUF_OUT : GP_SORT_BUF_ALT; }
GP_SORT_HD int gp_sort_plan_src(int passes, int p) { return p == 0 ? GP_SORT_BUF_IN : gp_sort_plan_dst(passes, p - 1); }
/* plan word: mode in bits 0-1, copy source id in bits 2-3, copy destination id in bits 4-5 */
GP_SORT_HD unsigned gp_sort_plan_word(int mode, int src, int dst) { return (unsigned)mode | ((unsigned)src << 2) | ((unsigned)dst << 4); }

/* plan[p] for p < passes (passes <= 8) from bit p of trivial_mask (pass p is trivial). */
GP_SORT_HD void gp_sort_pass_plan(int passes, unsigned trivial_mask, unsigned *plan)
{
    int loc = GP_SORT_BUF_IN; /* where the keys are before pass p */
    for (int p = 0; p < passes; p++) {
        if (!((trivial_mask >> p) & 1u)) {
            plan[p] = gp_sort_plan_word(GP_SORT_PLAN_REAL, 0, 0);
            loc = gp_sort_plan_dst(passes, p); /* loc was src(p): see below */
            continue;
        }
        const int last_of_run = p + 1 == passes || !((trivial_mask >> (p + 1)) & 1u);
        const int want = p + 1 == passes ? GP_SORT_BUF_OUT : gp_sort_plan_src(passes, p + 1);
        if (last_of_run && loc != want) {
            plan[p] = gp_sort_plan_word(GP_SORT_PLAN_COPY, loc, want);
            loc = want;
        } else {
            plan[p] = gp_sort_plan_word(GP_SORT_PLAN_SKIP, 0, 0);
        }
    }
}

/* ---- the histogram kernel's grid ------------------------------------------------------------------------
 * Rung 05's histogram kernel (OS5_HIST 1) gives each lane of a warp its own column of counters, shared by the
 * same lane of every warp of the block: counter (pass, digit, lane), so that a warp's 32 shared atomics go to
 * 32 different banks and never to one address, whatever the keys. One block of GP_SORT_HIST_THREADS threads
 * per SM (its 128 KB of counters). 4-byte keys: 32-bit counters [4 passes][256 digits][32 lanes]; 8-byte
 * keys: [4 pass pairs][256 digits][32 lanes], two 16-bit counters per word (pass 2k in the low half).
 * Each step a thread loads `vec` 16-byte vectors (16 / key bytes keys each) of a chunk of
 * GP_SORT_HIST_THREADS x vec vectors; chunks go round the grid. A 16-bit counter is incremented by 32 threads
 * (one per warp), each counting at most (chunks per block) x vec x (16 / key bytes) keys, plus one key of the
 * unaligned head and one of the tail: the grid is large enough that this stays below 2^16. */
#define GP_SORT_HIST_THREADS 1024
/* chunks of 16-byte vectors covering n keys (an upper bound: the unaligned head is counted apart) */
GP_SORT_HD int64_t gp_sort_hist_chunks(int64_t n, int key_bytes, int vec)
{
    const int64_t vectors = (n * key_bytes + 15) / 16;
    const int64_t per_chunk = (int64_t)GP_SORT_HIST_THREADS * vec;
    return (vectors + per_chunk - 1) / per_chunk;
}
/* the most chunks one block may count with 16-bit counters (8-byte keys): 32 x (m x vec x 2 + 2) < 2^16 */
GP_SORT_HD int64_t gp_sort_hist_max_chunks(int key_bytes, int vec)
{
    if (key_bytes != 8) return INT64_MAX; /* 32-bit counters */
    return ((65535 / 32) - 2) / ((int64_t)vec * (16 / key_bytes));
}
/* blocks: one per SM (fewer when there are fewer chunks), more when 16-bit counters need them */
GP_SORT_HD int64_t gp_sort_hist_grid(int64_t n, int key_bytes, int vec, int sm_count)
{
    const int64_t chunks = gp_sort_hist_chunks(n, key_bytes, vec);
    const int64_t mx = gp_sort_hist_max_chunks(key_bytes, vec);
    int64_t g = chunks < (int64_t)sm_count ? chunks : (int64_t)sm_count;
    const int64_t need = chunks / mx + (chunks % mx != 0);
    if (g < need) g = need;
    return g > 0 ? g : 1;
}

/* Whether a pass's digits collide rarely inside a warp of 32 keys: sum_sq = sum over the digits of
 * (count / n)^2 is the chance that two keys share a digit; a lane then shares its digit with 31 x sum_sq
 * other lanes on average. Random 8-bit digits: 1/256 (0.12 lanes); 16 equally likely digits: 1/16 (1.9). The
 * atomicOr match (rung 05, OS5_MATCH 2) is taken below one lane: its same-address atomics serialise. */
GP_SORT_HD int gp_sort_few_matches(float sum_sq) { return 31.0f * sum_sq < 1.0f; }

#endif
