/* args.c — option parsing for the gpuprim command (tested on the CPU by tests/test_cli.c). */
#include "gpt.h"
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

void gpt_opts_default(gpt_opts *o)
{
    memset(o, 0, sizeof *o);
    o->rung = -1;
    o->n = o->m = o->k = -1;
}

int gpt_parse_count(const char *s, int64_t *out)
{
    char *end;
    long long v;
    if (!s || !*s || *s == '-' || !isdigit((unsigned char)*s)) return 1;
    errno = 0;
    v = strtoll(s, &end, 10);
    if (errno) return 1;
    if (*end == '^') { /* 2^28 */
        char *e2;
        long long p = strtoll(end + 1, &e2, 10);
        if (v != 2 || *e2 || p < 0 || p > 62 || e2 == end + 1) return 1;
        *out = (int64_t)1 << p;
        return 0;
    }
    if (*end) {
        int shift = 0;
        switch (toupper((unsigned char)*end)) {
        case 'K': shift = 10; break;
        case 'M': shift = 20; break;
        case 'G': shift = 30; break;
        default: return 1;
        }
        if (end[1]) return 1;
        if (v > (INT64_MAX >> shift)) return 1;
        v <<= shift;
    }
    *out = v;
    return 0;
}

static int need_value(int i, int argc, const char *name)
{
    if (i + 1 >= argc) {
        fprintf(stderr, "gpuprim: option %s needs a value\n", name);
        return 1;
    }
    return 0;
}

int gpt_parse_opts(int argc, char **argv, gpt_opts *o, const char **words, int max_words, int *nwords)
{
    *nwords = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        int64_t v;
        if (!strcmp(a, "--rung") || !strcmp(a, "-r")) {
            if (need_value(i, argc, a)) return 1;
            a = argv[++i];
            if (!strcmp(a, "all")) o->rung = -1;
            else if (!strcmp(a, "auto")) o->rung = 0;
            else if (gpt_parse_count(a, &v) || v < 1 || v > 99) {
                fprintf(stderr, "gpuprim: --rung takes a rung number, 'auto' or 'all', not '%s'\n", a);
                return 1;
            } else o->rung = (int)v;
        } else if (!strcmp(a, "--n") || !strcmp(a, "-n") || !strcmp(a, "--m") || !strcmp(a, "--k") ||
                   !strcmp(a, "--reps") || !strcmp(a, "--seed")) {
            if (need_value(i, argc, a)) return 1;
            if (gpt_parse_count(argv[i + 1], &v)) {
                fprintf(stderr, "gpuprim: %s takes a non-negative count (e.g. 1000, 2^28, 64M), not '%s'\n", a,
                        argv[i + 1]);
                return 1;
            }
            i++;
            if (a[2] == 'n' || a[1] == 'n') o->n = v;
            else if (a[2] == 'm') o->m = v;
            else if (a[2] == 'k') o->k = v;
            else if (a[2] == 's') o->seed = (uint64_t)v;
            else {
                if (v < 1 || v > 100000) {
                    fprintf(stderr, "gpuprim: --reps must be between 1 and 100000\n");
                    return 1;
                }
                o->reps = (int)v;
            }
        } else if (!strcmp(a, "--op")) {
            if (need_value(i, argc, a)) return 1;
            o->op = argv[++i];
        } else if (!strcmp(a, "--json")) {
            if (need_value(i, argc, a)) return 1;
            o->json = argv[++i];
        } else if (!strcmp(a, "--csv")) {
            if (need_value(i, argc, a)) return 1;
            o->csv = argv[++i];
        } else if (!strcmp(a, "--quick")) {
            o->quick = 1;
        } else if (!strcmp(a, "--verbose") || !strcmp(a, "-v")) {
            o->verbose = 1;
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "gpuprim: unknown option '%s'\n", a);
            return 1;
        } else {
            if (*nwords >= max_words) {
                fprintf(stderr, "gpuprim: too many arguments ('%s')\n", a);
                return 1;
            }
            words[(*nwords)++] = a;
        }
    }
    return 0;
}
