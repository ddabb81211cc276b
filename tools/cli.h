/* cli.h — the gpuprim command line: the exit codes, one table-driven option parser for every command
 * (opts.c), the commands (main.c and cmd_*.c), and the options of the GPU commands verify, bench and explain
 * with the checks of what they name (cmd_ladder.c). */
#ifndef GPT_CLI_H
#define GPT_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "gpuprim.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Exit codes of every command. */
enum {
    GPT_EXIT_OK = 0,      /* success */
    GPT_EXIT_FAILED = 1,  /* a result did not verify (or a check of the command failed) */
    GPT_EXIT_USAGE = 2,   /* bad arguments: unknown command, option, primitive or rung, a value out of its domain */
    GPT_EXIT_NO_GPU = 3   /* no usable GPU (checked only after the arguments) */
};
#define GPT_EXIT_CODES_HELP "exit codes: 0 success, 1 a result did not verify, 2 usage error, 3 no usable GPU\n"

/* ---- options (opts.c) ---- */
typedef enum gpt_opt_kind {
    GPT_OPT_FLAG,    /* no value; sets an int to 1 */
    GPT_OPT_COUNT,   /* 1000, 2^28, 64M, 1G (binary K/M/G) in [min, max]; int64_t */
    GPT_OPT_INT,     /* a whole number in [min, max]; int64_t */
    GPT_OPT_LIST,    /* comma-separated numbers in the option's gpt_list_domain; gpt_list */
    GPT_OPT_ENUM,    /* one of `choices`; int: its index */
    GPT_OPT_STRING,  /* any non-empty text; const char * */
    GPT_OPT_RUNG     /* a rung number or name, 'auto' or 'all'; gpt_rung_arg, checked per primitive later */
} gpt_opt_kind;

#define GPT_LIST_MAX 32
typedef struct gpt_list {
    int count;
    double v[GPT_LIST_MAX];
} gpt_list;
typedef struct gpt_list_domain {
    double lo, hi;
    int whole;       /* 1: whole numbers only */
    int max_items;   /* <= GPT_LIST_MAX */
} gpt_list_domain;

typedef struct gpt_option {
    const char *name;             /* "--reps"; NULL ends a table */
    const char *alias;            /* "-n", or NULL */
    gpt_opt_kind kind;
    size_t offset;                /* of the value in the command's options struct */
    const char *metavar;          /* "N" in the help */
    int64_t min, max;             /* COUNT, INT */
    const char *const *choices;   /* ENUM: NULL-terminated */
    const gpt_list_domain *list;  /* LIST */
    const char *domain;           /* STRING, RUNG: what the value may be, for the help and the messages */
    const char *help;             /* one line */
} gpt_option;

/* Table lines: T is the options struct, F the field. */
#define GPT_FLAG(NAME, ALIAS, T, F, HELP) {NAME, ALIAS, GPT_OPT_FLAG, offsetof(T, F), NULL, 0, 0, NULL, NULL, NULL, HELP}
#define GPT_COUNT(NAME, ALIAS, T, F, VAR, MIN, MAX, HELP) \
    {NAME, ALIAS, GPT_OPT_COUNT, offsetof(T, F), VAR, MIN, MAX, NULL, NULL, NULL, HELP}
#define GPT_INT(NAME, T, F, VAR, MIN, MAX, HELP) {NAME, NULL, GPT_OPT_INT, offsetof(T, F), VAR, MIN, MAX, NULL, NULL, NULL, HELP}
#define GPT_LIST(NAME, T, F, VAR, DOMAIN, HELP) {NAME, NULL, GPT_OPT_LIST, offsetof(T, F), VAR, 0, 0, NULL, DOMAIN, NULL, HELP}
#define GPT_ENUM(NAME, T, F, VAR, CHOICES, HELP) {NAME, NULL, GPT_OPT_ENUM, offsetof(T, F), VAR, 0, 0, CHOICES, NULL, NULL, HELP}
#define GPT_STRING(NAME, T, F, VAR, DOMAIN, HELP) \
    {NAME, NULL, GPT_OPT_STRING, offsetof(T, F), VAR, 0, 0, NULL, NULL, DOMAIN, HELP}
#define GPT_END {NULL, NULL, GPT_OPT_FLAG, 0, NULL, 0, 0, NULL, NULL, NULL, NULL}

/* A command: its usage, its options, and what runs it. */
typedef struct gpt_command {
    const char *name;
    const char *args;            /* the usage line after the name, e.g. "[PRIM...] [OPTIONS]" */
    const char *summary;         /* one line, for 'gpuprim help' */
    const gpt_option *options;   /* ended by GPT_END */
    int max_words;               /* arguments that are not options (primitive or command names) */
    const char *details;         /* printed after the options, or NULL */
    void (*more_help)(FILE *f);  /* printed after the details (the primitives and their variants), or NULL */
    const char *exit_codes;      /* NULL: GPT_EXIT_CODES_HELP */
    int (*run)(int argc, char **argv);
} gpt_command;

/* Parses argv against cmd's options into `values`; other words go to words[] (at most cmd->max_words).
 * Accepts --name VALUE and --name=VALUE. Returns 0, GPT_PARSE_HELP after printing the command's help for
 * --help / -h (exit 0), or GPT_EXIT_USAGE after a message that names the flag and its domain. */
#define GPT_PARSE_HELP (-1)
int gpt_parse(const gpt_command *cmd, int argc, char **argv, void *values, const char **words, int *nwords);
/* The command's usage, options (with their domains), details and exit codes. */
void gpt_print_help(const gpt_command *cmd, FILE *f);
/* "gpuprim CMD: MESSAGE (see 'gpuprim CMD --help')" on stderr; returns GPT_EXIT_USAGE. */
int gpt_usage_error(const gpt_command *cmd, const char *fmt, ...);
/* "268435456", "2^28", "256M", "1G", "64k" (binary multiples), >= 0; returns 0 on success. */
int gpt_parse_count(const char *s, int64_t *out);

/* ---- the commands (main.c lists them) ---- */
extern const gpt_command gpt_cmd_list, gpt_cmd_verify, gpt_cmd_bench, gpt_cmd_explain, gpt_cmd_occupancy,
    gpt_cmd_banks, gpt_cmd_coalesce, gpt_cmd_amdahl, gpt_cmd_gustafson, gpt_cmd_judge, gpt_cmd_help;
/* The command named `name`, or NULL. */
const gpt_command *gpt_find_command(const char *name);

/* ---- the GPU commands' options (cmd_ladder.c) ---- */
enum { GPT_RUNG_ALL = -1, GPT_RUNG_AUTO = 0, GPT_RUNG_NAMED = -2 };
typedef struct gpt_rung_arg {
    int number;        /* GPT_RUNG_ALL, GPT_RUNG_AUTO, a rung number k >= 1, or GPT_RUNG_NAMED */
    const char *name;  /* the rung's name when GPT_RUNG_NAMED */
} gpt_rung_arg;

typedef struct gpt_opts {
    gpt_rung_arg rung;  /* default: all (verify, bench) */
    int64_t n;          /* element count, or columns; -1 = the primitive's default */
    int64_t m, k;       /* rows (m) and inner dimension (k) of 2-D primitives; -1 = default */
    int64_t seed;       /* random inputs; 0 = from the clock (chosen once per command, and printed) */
    int64_t reps;       /* timed repetitions; 0 = auto (about 0.2 s per row, 10 to 500) */
    int64_t batch;      /* bench sgemm: products in a strided batch; 0 = one */
    int64_t ld_pad;     /* bench sgemm: elements added to every leading dimension */
    int quick;          /* bench: fewer and smaller cases */
    int sweep;          /* bench: each primitive's size or shape sweep (vendor and auto, or the rung given) */
    int verbose;
    const char *op;     /* primitive-specific variant ("add", "sum", "u8", ...); NULL = default */
    const char *json;   /* bench: write JSON here */
    const char *csv;    /* bench: write CSV here */
    const char *trans;  /* bench gemm: op(A) op(B) of the one shape given, "NN" "NT" "TN" or "TT"; NULL = NN */
    int no_bench, no_ncu; /* explain */
} gpt_opts;

void gpt_opts_default(gpt_opts *o);
/* The rungs of p these options ask for: GPT_RUNG_ALL, GPT_RUNG_AUTO or a rung number (a name resolved). */
int gpt_opts_rung(const gpt_opts *o, gp_prim p);
/* Checks the words (primitive names; none = all) and, for each primitive named, the rung (within its
 * gp_rung_count, or one of its rung names) and --op (one of its variants); bench also the sizes it
 * takes. Sets bit i of *selected for gpt_prims[i]. 0, or GPT_EXIT_USAGE after a message. */
int gpt_check_ladder_args(const gpt_command *cmd, const char **words, int nwords, const gpt_opts *o,
                          unsigned *selected);
/* gp_create on the current device; GPT_EXIT_NO_GPU with a message if there is no usable GPU. */
int gpt_open_handle(const char *cmd, gp_handle *h);
/* Prints the primitives, their rungs and --op variants (the GPU commands' help). */
void gpt_print_prims_help(FILE *f);

#ifdef __cplusplus
}
#endif
#endif
