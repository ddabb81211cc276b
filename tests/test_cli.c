/* test_cli.c — CPU tests of the command's option parsing. */
#include "tcheck.h"
#include "gpt.h"
#include <string.h>

static int parse(int argc, char **argv, gpt_opts *o, const char **w, int *nw)
{
    gpt_opts_default(o);
    return gpt_parse_opts(argc, argv, o, w, 8, nw);
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
    CHECK(gpt_parse_count("99999999999G", &v) != 0);
    CHECK(gpt_parse_count("1MM", &v) != 0);

    {
        gpt_opts o;
        const char *w[8];
        int nw;
        char *a1[] = {"map", "--rung", "3", "--n", "2^20", "--seed", "42", "--json", "x.json", "--quick"};
        CHECK(parse(10, a1, &o, w, &nw) == 0);
        CHECK_EQ_INT(nw, 1);
        CHECK(strcmp(w[0], "map") == 0);
        CHECK_EQ_INT(o.rung, 3);
        CHECK_EQ_INT(o.n, (int64_t)1 << 20);
        CHECK_EQ_INT(o.seed, 42);
        CHECK(o.json && strcmp(o.json, "x.json") == 0);
        CHECK_EQ_INT(o.quick, 1);
        CHECK_EQ_INT(o.m, -1);

        char *a2[] = {"--rung", "auto", "--m", "7", "--k", "9", "--op", "max"};
        CHECK(parse(8, a2, &o, w, &nw) == 0);
        CHECK_EQ_INT(o.rung, 0);
        CHECK_EQ_INT(o.m, 7);
        CHECK_EQ_INT(o.k, 9);
        CHECK(o.op && strcmp(o.op, "max") == 0);
        CHECK_EQ_INT(nw, 0);

        char *a3[] = {"--rung", "all"};
        CHECK(parse(2, a3, &o, w, &nw) == 0 && o.rung == -1);
        char *bad1[] = {"--rung", "0"};
        CHECK(parse(2, bad1, &o, w, &nw) != 0);
        char *bad2[] = {"--n"};
        CHECK(parse(1, bad2, &o, w, &nw) != 0);
        char *bad3[] = {"--frob"};
        CHECK(parse(1, bad3, &o, w, &nw) != 0);
        char *bad4[] = {"--reps", "0"};
        CHECK(parse(2, bad4, &o, w, &nw) != 0);
        char *bad5[] = {"--n", "-3"};
        CHECK(parse(2, bad5, &o, w, &nw) != 0);
    }
    return tc_summary("test_cli");
}
