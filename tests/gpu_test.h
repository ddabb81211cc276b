/* gpu_test.h — what the GPU tests share besides tcheck.h: checks on the rung a call ran. */
#ifndef GPU_TEST_H
#define GPU_TEST_H
#include "gpuprim.h"
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* The random seed of a GPU test: GP_TEST_SEED if set (to re-run a failure exactly), else the clock.
 * Printed, so that every log names the seed it ran with. */
static inline uint64_t tc_seed(const char *test)
{
    const char *env = getenv("GP_TEST_SEED");
    setvbuf(stdout, NULL, _IOLBF, 0); /* each line reaches a log file even if a timeout kills the test */
    uint64_t seed = env && *env ? strtoull(env, NULL, 0) : (uint64_t)time(NULL);
    printf("%s: seed %llu%s (re-run with GP_TEST_SEED=%llu)\n", test, (unsigned long long)seed,
           env && *env ? " from GP_TEST_SEED" : "", (unsigned long long)seed);
    return seed;
}

/* GP_TEST_SMALL (any value) drops each test's big shapes for compute-sanitizer; GP_TEST_SMALL=2 also keeps only
 * the smallest shapes where a test's cases are slow under racecheck (every shared-memory access is checked): the
 * shapes still cover edge and multi-tile blocks. */
static inline int tc_tiny(void)
{
    const char *s = getenv("GP_TEST_SMALL");
    return s && atoi(s) >= 2;
}

/* GP_TEST_RUNGS="0,6" runs only the rungs listed (0: the automatic choice) in the tests' loops over rungs,
 * e.g. to split a long compute-sanitizer run over processes; unset or empty: every rung. */
static inline int tc_rung_selected(int r)
{
    const char *s = getenv("GP_TEST_RUNGS");
    if (!s || !*s) return 1;
    for (;;) {
        char *end;
        const long v = strtol(s, &end, 10);
        if (end == s) return 0; /* not a number: nothing selected */
        if (v == r) return 1;
        if (*end != ',') return 0;
        s = end + 1;
    }
}

/* The rung the last call of p ran, if it is one the automatic choice may pick and the device supports;
 * 0 otherwise. Tests check properties of the choice; which rung the rule picks is checked on the CPU
 * (test_pick.c), so that a new rung changes that one file. */
static inline int tc_auto_rung(gp_handle h, gp_prim p)
{
    int ran = 0, ok = 0;
    gp_rung_info ri;
    if (gp_get_last_rung(h, p, &ran) != GP_SUCCESS || gp_get_rung_info(p, ran, &ri) != GP_SUCCESS) return 0;
    if (gp_rung_supported(h, p, ran, &ok) != GP_SUCCESS || !ok || !ri.automatic) return 0;
    return ran;
}

static inline int tc_last_rung(gp_handle h, gp_prim p)
{
    int ran = 0;
    gp_get_last_rung(h, p, &ran);
    return ran;
}
#endif
