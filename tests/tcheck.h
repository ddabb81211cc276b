/* tcheck.h — a minimal assertion kit for the C tests: every CHECK counts, the summary line is
 * "N passed, N failed" and the exit code is non-zero on any failure. */
#ifndef TCHECK_H
#define TCHECK_H
#include <stdio.h>
static int tc_pass, tc_fail;
#define CHECK(cond)                                                                      \
    do {                                                                                 \
        if (cond) tc_pass++;                                                             \
        else { tc_fail++; fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); } \
    } while (0)
#define CHECK_EQ_INT(a, b)                                                               \
    do {                                                                                 \
        long long tc_a = (long long)(a), tc_b = (long long)(b);                          \
        if (tc_a == tc_b) tc_pass++;                                                     \
        else { tc_fail++; fprintf(stderr, "%s:%d: CHECK failed: %s == %s (%lld vs %lld)\n", __FILE__, __LINE__, #a, #b, tc_a, tc_b); } \
    } while (0)
static int tc_summary(const char *name)
{
    printf("%s: %d passed, %d failed\n", name, tc_pass, tc_fail);
    return tc_fail ? 1 : 0;
}
#endif
