/* opts.c — the one option parser of the gpuprim command: each command declares its options in a table
 * (name, kind, domain, help) and gets parsing, messages that name the flag and its domain, and its --help
 * from it. Tested on the CPU by tests/test_cli.c and tests/cli_tests.cmake. */
#include "cli.h"
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

int gpt_parse_count(const char *s, int64_t *out)
{
    char *end;
    long long v;
    if (!s || !*s || !isdigit((unsigned char)*s)) return 1;
    errno = 0;
    v = strtoll(s, &end, 10);
    if (errno) return 1;
    if (*end == '^') { /* 2^28 */
        char *e2;
        long long p = strtoll(end + 1, &e2, 10);
        if (v != 2 || *e2 || p < 0 || p > 62 || e2 == end + 1 || !isdigit((unsigned char)end[1])) return 1;
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

/* A whole number, optionally negative, digits only. */
static int parse_whole(const char *s, int64_t *out)
{
    char *end;
    long long v;
    const char *d = *s == '-' ? s + 1 : s;
    if (!isdigit((unsigned char)*d)) return 1;
    errno = 0;
    v = strtoll(s, &end, 10);
    if (errno || *end) return 1;
    *out = v;
    return 0;
}

/* 2^k for powers of two from 2^20, else the number. */
static const char *count_text(int64_t v, char *buf, size_t len)
{
    if (v >= (1 << 20) && !(v & (v - 1))) {
        int k = 0;
        while (((int64_t)1 << k) != v) k++;
        snprintf(buf, len, "2^%d", k);
    } else {
        snprintf(buf, len, "%lld", (long long)v);
    }
    return buf;
}

/* What a value of this option may be, as a phrase: "a whole number from 1 to 100000". */
static const char *domain_text(const gpt_option *op, char *buf, size_t len)
{
    char lo[32], hi[32];
    size_t k = 0;
    switch (op->kind) {
    case GPT_OPT_FLAG: snprintf(buf, len, "no value"); break;
    case GPT_OPT_COUNT:
        snprintf(buf, len, "a count from %s to %s (e.g. 1000, 2^28, 64M, 1G)", count_text(op->min, lo, sizeof lo),
                 count_text(op->max, hi, sizeof hi));
        break;
    case GPT_OPT_INT: snprintf(buf, len, "a whole number from %lld to %lld", (long long)op->min, (long long)op->max); break;
    case GPT_OPT_LIST:
        snprintf(buf, len, "a comma-separated list of at most %d %s from %g to %g", op->list->max_items,
                 op->list->whole ? "whole numbers" : "numbers", op->list->lo, op->list->hi);
        break;
    case GPT_OPT_ENUM:
        for (int i = 0; op->choices[i] && k < len; i++)
            k += (size_t)snprintf(buf + k, len - k, "%s%s", i == 0 ? "" : op->choices[i + 1] ? ", " : " or ",
                                  op->choices[i]);
        break;
    default: snprintf(buf, len, "%s", op->domain ? op->domain : "a value"); break;
    }
    return buf;
}

int gpt_usage_error(const gpt_command *cmd, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "gpuprim %s: ", cmd->name);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, " (see 'gpuprim %s --help')\n", cmd->name);
    return GPT_EXIT_USAGE;
}

static int bad_value(const gpt_command *cmd, const gpt_option *op, const char *value)
{
    char dom[512];
    return gpt_usage_error(cmd, "%s takes %s, not '%s'", op->name, domain_text(op, dom, sizeof dom), value);
}

static int parse_list(const gpt_option *op, const char *s, gpt_list *out)
{
    const gpt_list_domain *d = op->list;
    const char *p = s;
    int n = 0;
    while (1) {
        char *end;
        double v;
        errno = 0;
        v = strtod(p, &end);
        if (end == p || errno || !(v >= d->lo && v <= d->hi) || (d->whole && v != (double)(long long)v) ||
            (*end && *end != ',') || n >= d->max_items)
            return 1;
        out->v[n++] = v;
        if (!*end) break;
        p = end + 1;
    }
    out->count = n;
    return 0;
}

static int parse_rung(const char *s, gpt_rung_arg *out)
{
    int64_t v;
    if (!strcmp(s, "all")) out->number = GPT_RUNG_ALL;
    else if (!strcmp(s, "auto")) out->number = GPT_RUNG_AUTO;
    else if (isdigit((unsigned char)*s)) {
        if (parse_whole(s, &v) || v < 1 || v > 999) return 1;
        out->number = (int)v;
    } else if (isalpha((unsigned char)*s)) {
        out->number = GPT_RUNG_NAMED;
        out->name = s;
    } else {
        return 1;
    }
    return 0;
}

/* Stores `value` (NULL for a flag) into the option's field; 0 or a usage error. */
static int store(const gpt_command *cmd, const gpt_option *op, const char *value, void *values)
{
    char *field = (char *)values + op->offset;
    int64_t v;
    switch (op->kind) {
    case GPT_OPT_FLAG: *(int *)field = 1; return 0;
    case GPT_OPT_COUNT:
        if (gpt_parse_count(value, &v) || v < op->min || v > op->max) return bad_value(cmd, op, value);
        *(int64_t *)field = v;
        return 0;
    case GPT_OPT_INT:
        if (parse_whole(value, &v) || v < op->min || v > op->max) return bad_value(cmd, op, value);
        *(int64_t *)field = v;
        return 0;
    case GPT_OPT_LIST: return parse_list(op, value, (gpt_list *)field) ? bad_value(cmd, op, value) : 0;
    case GPT_OPT_ENUM:
        for (int i = 0; op->choices[i]; i++)
            if (!strcmp(value, op->choices[i])) {
                *(int *)field = i;
                return 0;
            }
        return bad_value(cmd, op, value);
    case GPT_OPT_STRING:
        if (!*value) return bad_value(cmd, op, value);
        *(const char **)field = value;
        return 0;
    case GPT_OPT_RUNG: return parse_rung(value, (gpt_rung_arg *)field) ? bad_value(cmd, op, value) : 0;
    }
    return bad_value(cmd, op, value);
}

static const gpt_option *find_option(const gpt_command *cmd, const char *arg, size_t len)
{
    for (const gpt_option *op = cmd->options; op && op->name; op++)
        if ((strlen(op->name) == len && !strncmp(op->name, arg, len)) ||
            (op->alias && strlen(op->alias) == len && !strncmp(op->alias, arg, len)))
            return op;
    return NULL;
}

int gpt_parse(const gpt_command *cmd, int argc, char **argv, void *values, const char **words, int *nwords)
{
    int only_words = 0;
    *nwords = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *eq, *value;
        const gpt_option *op;
        size_t len;
        if (only_words || a[0] != '-' || !a[1]) {
            if (*nwords >= cmd->max_words)
                return cmd->max_words ? gpt_usage_error(cmd, "takes at most %d name%s, not also '%s'", cmd->max_words,
                                                        cmd->max_words > 1 ? "s" : "", a)
                                      : gpt_usage_error(cmd, "takes no arguments besides options, not '%s'", a);
            words[(*nwords)++] = a;
            continue;
        }
        if (!strcmp(a, "--")) {
            only_words = 1;
            continue;
        }
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            gpt_print_help(cmd, stdout);
            return GPT_PARSE_HELP;
        }
        eq = a[1] == '-' ? strchr(a, '=') : NULL;
        len = eq ? (size_t)(eq - a) : strlen(a);
        op = find_option(cmd, a, len);
        if (!op) return gpt_usage_error(cmd, "unknown option '%.*s'", (int)len, a);
        if (op->kind == GPT_OPT_FLAG) {
            if (eq) return gpt_usage_error(cmd, "%s takes no value, not '%s'", op->name, eq + 1);
            value = NULL;
        } else if (eq) {
            value = eq + 1;
        } else if (i + 1 < argc) {
            value = argv[++i];
        } else {
            char dom[512];
            return gpt_usage_error(cmd, "%s needs a value: %s", op->name, domain_text(op, dom, sizeof dom));
        }
        if (store(cmd, op, value, values)) return GPT_EXIT_USAGE;
    }
    return 0;
}

void gpt_print_help(const gpt_command *cmd, FILE *f)
{
    fprintf(f, "usage: gpuprim %s %s\n%s\n", cmd->name, cmd->args, cmd->summary);
    fprintf(f, "\noptions:\n");
    for (const gpt_option *op = cmd->options; op && op->name; op++) {
        char left[64], dom[512];
        snprintf(left, sizeof left, "%s%s%s%s%s", op->alias ? op->alias : "", op->alias ? ", " : "    ", op->name,
                 op->metavar ? " " : "", op->metavar ? op->metavar : "");
        fprintf(f, "  %-22s %s\n", left, op->help);
        if (op->kind != GPT_OPT_FLAG) fprintf(f, "  %-22s [%s]\n", "", domain_text(op, dom, sizeof dom));
    }
    fprintf(f, "  %-22s %s\n", "-h, --help", "this text");
    if (cmd->details) fprintf(f, "\n%s", cmd->details);
    if (cmd->more_help) {
        fprintf(f, "\n");
        cmd->more_help(f);
    }
    fprintf(f, "\n%s", cmd->exit_codes ? cmd->exit_codes : GPT_EXIT_CODES_HELP);
}
