/* test_cli.c — CPU tests of the command's option parser (tools/opts.c) and of the checks the GPU commands
 * make before looking for a GPU (tools/cmd_ladder.c). The command itself: tests/cli_tests.cmake. */
#include "tcheck.h"
#include "cli.h"
#include "driver.h"
#include <string.h>

static int parse(const gpt_command *cmd, int argc, char **argv, gpt_opts *o, const char **w, int *nw)
{
    gpt_opts_default(o);
    return gpt_parse(cmd, argc, argv, o, w, nw);
}

/* Parses argv for `cmd` and checks what it names; the exit code the command would return before the GPU. */
static int check(const gpt_command *cmd, int argc, char **argv)
{
    gpt_opts o;
    const char *w[16];
    unsigned selected;
    int nw, rc = parse(cmd, argc, argv, &o, w, &nw);
    return rc ? rc : gpt_check_ladder_args(cmd, w, nw, &o, &selected);
}

int main(void)
{
    int64_t v = -7;
    CHECK(gpt_parse_count("268435456", &v) == 0 && v == 268435456);
    CHECK(gpt_parse_count("2^28", &v) == 0 && v == ((int64_t)1 << 28));
    CHECK(gpt_parse_count("2^0", &v) == 0 && v == 1);
    CHECK(gpt_parse_count("64M", &v) == 0 && v == ((int64_t)64 << 20));
    CHECK(gpt_parse_count("1G", &v) == 0 && v == ((int64_t)1 << 30));
    CHECK(gpt_parse_count("3k", &v) == 0 && v == 3072);
    CHECK(gpt_parse_count("0", &v) == 0 && v == 0);
    CHECK(gpt_parse_count("-5", &v) != 0);
    CHECK(gpt_parse_count("", &v) != 0);
    CHECK(gpt_parse_count("abc", &v) != 0);
    CHECK(gpt_parse_count("12x", &v) != 0);
    CHECK(gpt_parse_count("3^4", &v) != 0);
    CHECK(gpt_parse_count("2^63", &v) != 0);
    CHECK(gpt_parse_count("2^", &v) != 0);
    CHECK(gpt_parse_count("2^-1", &v) != 0);
    CHECK(gpt_parse_count("99999999999G", &v) != 0);
    CHECK(gpt_parse_count("1MM", &v) != 0);

    {
        gpt_opts o;
        const char *w[16];
        int nw;
        char *a1[] = {"map", "--rung", "3", "--n", "2^20", "--seed", "42", "--json", "x.json", "--quick", "--reps=7"};
        CHECK_EQ_INT(parse(&gpt_cmd_bench, 11, a1, &o, w, &nw), 0);
        CHECK_EQ_INT(nw, 1);
        CHECK(strcmp(w[0], "map") == 0);
        CHECK_EQ_INT(o.rung.number, 3);
        CHECK_EQ_INT(o.n, (int64_t)1 << 20);
        CHECK_EQ_INT(o.seed, 42);
        CHECK(o.json && strcmp(o.json, "x.json") == 0);
        CHECK_EQ_INT(o.quick, 1);
        CHECK_EQ_INT(o.reps, 7);
        CHECK_EQ_INT(o.m, -1);

        char *a2[] = {"--rung", "auto", "--m", "7", "--k", "9", "--op", "max", "-v"};
        CHECK_EQ_INT(parse(&gpt_cmd_verify, 9, a2, &o, w, &nw), 0);
        CHECK_EQ_INT(o.rung.number, GPT_RUNG_AUTO);
        CHECK_EQ_INT(o.m, 7);
        CHECK_EQ_INT(o.k, 9);
        CHECK(o.op && strcmp(o.op, "max") == 0);
        CHECK_EQ_INT(o.verbose, 1);
        CHECK_EQ_INT(nw, 0);

        char *a3[] = {"--rung", "all"};
        CHECK(parse(&gpt_cmd_verify, 2, a3, &o, w, &nw) == 0 && o.rung.number == GPT_RUNG_ALL);
        char *a4[] = {"--rung", "float4"}; /* a name, resolved per primitive */
        CHECK(parse(&gpt_cmd_verify, 2, a4, &o, w, &nw) == 0 && o.rung.number == GPT_RUNG_NAMED);
        CHECK_EQ_INT(gpt_opts_rung(&o, GP_PRIM_MAP), gp_rung_find(GP_PRIM_MAP, "float4"));
        char *a5[] = {"--n", "0"}; /* verify takes n = 0, bench does not */
        CHECK_EQ_INT(parse(&gpt_cmd_verify, 2, a5, &o, w, &nw), 0);
        CHECK_EQ_INT(parse(&gpt_cmd_bench, 2, a5, &o, w, &nw), GPT_EXIT_USAGE);
        char *help[] = {"--n", "5", "--help"};
        CHECK_EQ_INT(parse(&gpt_cmd_bench, 3, help, &o, w, &nw), GPT_PARSE_HELP);

        /* every bad value class of every kind is a usage error */
        char *bad[][2] = {{"--rung", "0"},   {"--rung", "-1"},  {"--reps", "0"},     {"--reps", "-1"},
                          {"--reps", "100001"}, {"--reps", "1k"}, {"--n", "-3"},     {"--n", "2^63"},
                          {"--n", "12x"},   {"--seed", "-1"},  {"--seed", "1.5"},   {"--json", ""}};
        for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) CHECK_EQ_INT(parse(&gpt_cmd_bench, 2, bad[i], &o, w, &nw), GPT_EXIT_USAGE);
        char *missing[] = {"--n"};
        CHECK_EQ_INT(parse(&gpt_cmd_bench, 1, missing, &o, w, &nw), GPT_EXIT_USAGE);
        char *unknown[] = {"--frob"};
        CHECK_EQ_INT(parse(&gpt_cmd_bench, 1, unknown, &o, w, &nw), GPT_EXIT_USAGE);
        char *flag_value[] = {"--quick=1"};
        CHECK_EQ_INT(parse(&gpt_cmd_bench, 1, flag_value, &o, w, &nw), GPT_EXIT_USAGE);
        char *reps_max[] = {"--reps", "100000"};
        CHECK_EQ_INT(parse(&gpt_cmd_bench, 2, reps_max, &o, w, &nw), 0);
    }

    /* what the arguments name, checked without a GPU */
    {
        char *ok1[] = {"map", "--rung", "4"};
        CHECK_EQ_INT(check(&gpt_cmd_verify, 3, ok1), 0);
        /* --batch and --ld-pad: one sgemm case only */
        char *sg_batch[] = {"sgemm", "--batch", "32", "--ld-pad", "1", "--m", "256"};
        CHECK_EQ_INT(check(&gpt_cmd_bench, 7, sg_batch), 0);
        char *all_batch[] = {"--batch", "2"};                              /* every primitive */
        CHECK_EQ_INT(check(&gpt_cmd_bench, 2, all_batch), GPT_EXIT_USAGE);
        char *map_pad[] = {"map", "sgemm", "--ld-pad", "1"};
        CHECK_EQ_INT(check(&gpt_cmd_bench, 4, map_pad), GPT_EXIT_USAGE);
        char *sweep_batch[] = {"sgemm", "--sweep", "--batch", "4"};
        CHECK_EQ_INT(check(&gpt_cmd_bench, 4, sweep_batch), GPT_EXIT_USAGE);
        char *batch0[] = {"sgemm", "--batch", "0"};
        CHECK_EQ_INT(check(&gpt_cmd_bench, 3, batch0), GPT_EXIT_USAGE);
        /* --trans: one gemm case's layout */
        char *gm_tn[] = {"gemm", "--trans", "TN", "--m", "512", "--k", "32768"};
        CHECK_EQ_INT(check(&gpt_cmd_bench, 7, gm_tn), 0);
        char *gm_bad[][3] = {{"gemm", "--trans", "TX"}, {"gemm", "--trans", "N"}, {"gemm", "--trans", "NNN"},
                             {"gemm", "--trans", "tn"}, {"sgemm", "--trans", "NT"}};
        for (size_t i = 0; i < sizeof gm_bad / sizeof gm_bad[0]; i++) CHECK_EQ_INT(check(&gpt_cmd_bench, 3, gm_bad[i]), GPT_EXIT_USAGE);
        char *gm_sweep[] = {"gemm", "--sweep", "--trans", "NT"};
        CHECK_EQ_INT(check(&gpt_cmd_bench, 4, gm_sweep), GPT_EXIT_USAGE);
        char *all_trans[] = {"--trans", "NT"}; /* every primitive */
        CHECK_EQ_INT(check(&gpt_cmd_bench, 2, all_trans), GPT_EXIT_USAGE);
        char *ok2[] = {"map", "reduce", "--rung", "float4"}; /* reduce has no rung 'float4' */
        CHECK_EQ_INT(check(&gpt_cmd_verify, 4, ok2), GPT_EXIT_USAGE);
        char *bad_rung[] = {"map", "--rung", "99"};
        CHECK_EQ_INT(check(&gpt_cmd_verify, 3, bad_rung), GPT_EXIT_USAGE);
        char *bad_rung_all[] = {"--rung", "5"}; /* map has 4 rungs */
        CHECK_EQ_INT(check(&gpt_cmd_verify, 2, bad_rung_all), GPT_EXIT_USAGE);
        char *bad_prim[] = {"nosuch"};
        CHECK_EQ_INT(check(&gpt_cmd_verify, 1, bad_prim), GPT_EXIT_USAGE);
        char *bad_op[] = {"map", "--op", "sum"};
        CHECK_EQ_INT(check(&gpt_cmd_verify, 3, bad_op), GPT_EXIT_USAGE);
        char *ok_op[] = {"reduce", "--op", "sum"};
        CHECK_EQ_INT(check(&gpt_cmd_verify, 3, ok_op), 0);
        char *op_no_variants[] = {"scan", "--op", "sum"};
        CHECK_EQ_INT(check(&gpt_cmd_verify, 3, op_no_variants), GPT_EXIT_USAGE);
        char *scan_too_big[] = {"scan", "--n", "2^31"}; /* CUB's int sizes */
        CHECK_EQ_INT(check(&gpt_cmd_bench, 3, scan_too_big), GPT_EXIT_USAGE);
        CHECK_EQ_INT(check(&gpt_cmd_verify, 3, scan_too_big), 0);
    }

    /* every primitive's module is registered under its library name */
    for (int i = 0; i < gpt_prim_count; i++) CHECK(strcmp(gpt_prims[i]->name, gp_prim_name(gpt_prims[i]->prim)) == 0);
    CHECK_EQ_INT(gpt_prim_count, GP_PRIM_COUNT);
    return tc_summary("test_cli");
}
