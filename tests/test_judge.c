/* test_judge.c — the CPU parts of `gpuprim judge`: the problem table (LeetGPU's signatures, names, starters,
 * benchmark sizes), the functional cases (edge sizes, LeetGPU's constraints), the comparisons (first wrong
 * index, tolerances, NaN), the references it carries (sort, conv2d, half), the runner's line protocol, the
 * reading of ptxas's report, and the place of a rate on a ladder. */
#include "tcheck.h"
#include "judge.h"
#include "driver.h"
#include "ref/ref.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* LeetGPU's signatures, each as in its starter.cu (the judge must not drift from them). */
static const char *const leetgpu[][2] = {
    {"vector_add", "extern \"C\" void solve(const float* A, const float* B, float* C, int N)"},
    {"reduction", "extern \"C\" void solve(const float* input, float* output, int N)"},
    {"prefix_sum", "extern \"C\" void solve(const float* input, float* output, int N)"},
    {"histogramming", "extern \"C\" void solve(const int* input, int* histogram, int N, int num_bins)"},
    {"matrix_transpose", "extern \"C\" void solve(const float* input, float* output, int rows, int cols)"},
    {"matrix_multiplication", "extern \"C\" void solve(const float* A, const float* B, float* C, int M, int N, int K)"},
    {"stream_compaction", "extern \"C\" void solve(const float* A, int N, float* out)"},
    {"sorting", "extern \"C\" void solve(float* data, int N)"},
    {"convolution_2d", "extern \"C\" void solve(const float* input, const float* kernel, float* output, int input_rows, "
                       "int input_cols, int kernel_rows, int kernel_cols)"},
    {"gemm", "extern \"C\" void solve(const half* A, const half* B, half* C, int M, int N, int K, float alpha, float beta)"},
};

/* text with every run of white space made one space */
static void squeeze(const char *in, char *out, size_t len)
{
    size_t n = 0;
    for (; *in && n + 1 < len; in++)
        if (*in == ' ' || *in == '\n') {
            if (n && out[n - 1] != ' ') out[n++] = ' ';
        } else {
            out[n++] = *in;
        }
    out[n] = 0;
}

static void test_problems(void)
{
    const int n = (int)(sizeof leetgpu / sizeof leetgpu[0]);
    CHECK_EQ_INT(gpj_problem_count, n);
    for (int i = 0; i < n; i++) {
        const gpj_problem *p = gpj_find_problem(leetgpu[i][0]);
        char header[2048];
        CHECK(p != NULL);
        if (!p) continue;
        CHECK(!strcmp(p->prototype, leetgpu[i][1]));
        CHECK(!strcmp(gpj_problem_names[i], p->name)); /* the --problem choices follow the table */
        CHECK_EQ_INT(p->kind, i);
        CHECK(p->starter && strstr(p->starter, "extern \"C\" void solve("));
        /* the starter defines solve with exactly the signature's parameter list */
        {
            static char starter[8192];
            squeeze(p->starter, starter, sizeof starter);
            CHECK(strstr(starter, p->prototype) != NULL);
        }
        CHECK(p->bench[0] > 0 && p->dims >= 1 && p->dims <= 4);
        CHECK(gpj_work(p, p->bench) > 0);
        CHECK(p->ladder == NULL || p->ladder_note != NULL);
        gpj_prototype_header(p, header, sizeof header);
        CHECK(strstr(header, p->prototype) != NULL && strstr(header, "#include <cuda_fp16.h>") != NULL);
    }
    CHECK(gpj_problem_names[n] == NULL);
    CHECK(gpj_find_problem("nosuch") == NULL && gpj_find_problem(NULL) == NULL);
    /* the ladders the problems are placed on */
    CHECK(!strcmp(gpj_find_problem("vector_add")->ladder, "map"));
    CHECK(!strcmp(gpj_find_problem("matrix_multiplication")->ladder, "sgemm"));
    CHECK(!strcmp(gpj_find_problem("gemm")->ladder, "gemm") && !strcmp(gpj_find_problem("gemm")->ladder_op, "f16"));
    CHECK(!strcmp(gpj_find_problem("sorting")->ladder, "sort") && !strcmp(gpj_find_problem("sorting")->ladder_op, "f32"));
    CHECK(gpj_find_problem("convolution_2d")->ladder == NULL); /* conv2d's bench has no VALID-mode FLOP case yet */
    /* LeetGPU's benchmark sizes and the work counted on them */
    CHECK_EQ_INT(gpj_find_problem("vector_add")->bench[0], 25000000);
    CHECK(gpj_work(gpj_find_problem("vector_add"), gpj_find_problem("vector_add")->bench) == 12.0 * 25000000);
    {
        const gpj_problem *mm = gpj_find_problem("matrix_multiplication"), *cv = gpj_find_problem("convolution_2d");
        const int64_t d[4] = {8192, 6144, 4096, 0}, c[4] = {3072, 3072, 15, 15};
        CHECK(gpj_work(mm, d) == 2.0 * 8192 * 6144 * 4096);
        CHECK(gpj_work(cv, c) == 2.0 * 3058 * 3058 * 225);
    }
}

/* Each ladder a problem names is a primitive of the command, and its --op one of that primitive's variants. */
static void test_ladders(void)
{
    for (int i = 0; i < gpj_problem_count; i++) {
        const gpj_problem *p = &gpj_problems[i];
        const gpt_prim_cli *cli = p->ladder ? gpt_find_prim(p->ladder) : NULL;
        gpt_opts o;
        if (!p->ladder) continue;
        CHECK(cli != NULL);
        if (!cli || !p->ladder_op) continue;
        gpt_opts_default(&o);
        o.op = p->ladder_op;
        CHECK(gpt_op_index(cli->ops, &o) >= 0);
        CHECK(cli->bench_max_n == 0 || p->bench[0] <= cli->bench_max_n);
    }
}

static void test_bench_size(void)
{
    int64_t d[4];
    gpj_bench_size(gpj_find_problem("reduction"), 0, d);
    CHECK_EQ_INT(d[0], 4194304);
    gpj_bench_size(gpj_find_problem("reduction"), 1000, d);
    CHECK_EQ_INT(d[0], 1000);
    gpj_bench_size(gpj_find_problem("histogramming"), 1000, d);
    CHECK(d[0] == 1000 && d[1] == 256);
    gpj_bench_size(gpj_find_problem("matrix_multiplication"), 512, d);
    CHECK(d[0] == 512 && d[1] == 512 && d[2] == 512);
    gpj_bench_size(gpj_find_problem("matrix_transpose"), 100, d);
    CHECK(d[0] == 100 && d[1] == 100 && d[2] == 0);
    gpj_bench_size(gpj_find_problem("convolution_2d"), 10, d); /* never smaller than the 15 x 15 kernel */
    CHECK(d[0] == 15 && d[1] == 15 && d[2] == 15 && d[3] == 15);
    {
        char t[96];
        gpj_size_text(gpj_find_problem("matrix_multiplication"), gpj_find_problem("matrix_multiplication")->bench, t,
                      sizeof t);
        CHECK(!strcmp(t, "M=8192 N=6144 K=4096"));
    }
}

static void test_cases(void)
{
    for (int i = 0; i < gpj_problem_count; i++) {
        const gpj_problem *p = &gpj_problems[i];
        gpj_case c[GPJ_MAX_CASES];
        const int n = gpj_cases(p, c, GPJ_MAX_CASES);
        int has_one = 0, has_odd = 0, has_pow2 = 0, has_large = 0;
        CHECK(n >= 8 && n <= GPJ_MAX_CASES);
        for (int k = 0; k < n; k++) {
            const int64_t a = c[k].d[0];
            CHECK(c[k].name[0] != 0);
            has_one |= a == 1;
            has_odd |= a > 1 && a % 2 == 1;
            has_pow2 |= a >= 32 && !(a & (a - 1));
            has_large |= a >= 1000;
            /* LeetGPU's constraints */
            if (p->kind == GPJ_HISTOGRAM) CHECK(c[k].d[1] >= 1 && c[k].d[1] <= 1024);
            if (p->kind == GPJ_SORT) CHECK(a <= 1000000);
            if (p->kind == GPJ_CONV2D) CHECK(c[k].d[2] <= a && c[k].d[3] <= c[k].d[1] && c[k].d[2] <= 31 && c[k].d[3] <= 31);
            if (p->kind == GPJ_GEMM_F16) CHECK(a >= 16 && c[k].d[1] >= 16 && c[k].d[2] >= 16);
            if (p->kind == GPJ_MATMUL || p->kind == GPJ_TRANSPOSE) CHECK(a >= 1 && c[k].d[1] >= 1);
        }
        CHECK(has_odd && has_large);
        if (p->kind != GPJ_GEMM_F16) CHECK(has_one);
        if (p->dims == 1) CHECK(has_pow2);
    }
    {   /* the 1-D edge sizes: 1, a tile +- 1, a large odd size */
        gpj_case c[GPJ_MAX_CASES];
        int n = gpj_cases(gpj_find_problem("vector_add"), c, GPJ_MAX_CASES), found = 0;
        for (int k = 0; k < n; k++) found += c[k].d[0] == 255 || c[k].d[0] == 257 || c[k].d[0] == 1000003;
        CHECK_EQ_INT(found, 3);
        CHECK_EQ_INT(c[0].d[0], 1); /* the first case is N = 1: vector_add_no_tail fails there */
        CHECK_EQ_INT(gpj_cases(gpj_find_problem("vector_add"), c, 3), 3); /* never more than asked */
    }
}

static void test_compare(void)
{
    const double want[] = {1.0, 2.0, 3.0, 1e6, NAN};
    double got[] = {1.0, 2.0, 3.0, 1e6, NAN};
    const float wf[] = {1.f, -0.f, 5.f};
    float gf[] = {1.f, 0.f, 5.f};
    const int32_t wi[] = {1, 2, 3};
    int32_t gi[] = {1, 2, 3};
    int64_t bad = -1;
    CHECK_EQ_INT(gpj_first_mismatch_f64(got, want, 5, 1e-5, 1e-5, &bad), -1);
    CHECK_EQ_INT(bad, 0);
    got[3] = 1e6 + 9.0; /* within 1e-5 + 1e-5 * 1e6 = 10.00001 */
    CHECK_EQ_INT(gpj_first_mismatch_f64(got, want, 5, 1e-5, 1e-5, &bad), -1);
    got[3] = 1e6 + 11.0;
    got[1] = NAN; /* the poison left in place */
    CHECK_EQ_INT(gpj_first_mismatch_f64(got, want, 5, 1e-5, 1e-5, &bad), 1);
    CHECK_EQ_INT(bad, 2);
    got[4] = 0.0; /* NaN expected: only NaN matches */
    CHECK_EQ_INT(gpj_first_mismatch_f64(got + 4, want + 4, 1, 1.0, 1.0, &bad), 0);
    CHECK_EQ_INT(gpj_first_mismatch_f32(gf, wf, 3, 0, 0, &bad), -1); /* -0 == +0: exact compaction */
    gf[2] = 5.0001f;
    CHECK_EQ_INT(gpj_first_mismatch_f32(gf, wf, 3, 0, 0, &bad), 2);
    CHECK_EQ_INT(gpj_first_mismatch_i32(gi, wi, 3, &bad), -1);
    gi[0] = 0;
    CHECK_EQ_INT(gpj_first_mismatch_i32(gi, wi, 3, &bad), 0);
    {
        char t[64];
        gpj_index_text(17, 0, t, sizeof t);
        CHECK(!strcmp(t, "[17]"));
        gpj_index_text(17, 5, t, sizeof t);
        CHECK(!strcmp(t, "[3][2]"));
    }
}

static void test_references(void)
{
    float x[] = {3.f, -1.f, 2.f, -0.f, 0.f, -7.5f};
    const float in[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}; /* 3 x 4 */
    const float k[] = {1, 0, 0, -1};                             /* 2 x 2 */
    double out[6];
    gpj_ref_sort_f32(6, x);
    CHECK(x[0] == -7.5f && x[1] == -1.f && x[2] == 0.f && x[3] == 0.f && x[4] == 2.f && x[5] == 3.f);
    /* the judge's conv2d reference: the library's VALID cross-correlation (F.conv2d), even filters too */
    gp_ref_conv2d_f32(3, 4, in, 4, k, 2, 2, GP_CONV_VALID, out, NULL); /* out 2 x 3: in[i][j] - in[i+1][j+1] = -5 */
    for (int i = 0; i < 6; i++) CHECK(out[i] == -5.0);
    {   /* the accumulation allowance: each slack is 4 terms 2^-24 sum |x w| = 4 2^-24 (in[i][j] + in[i+1][j+1]) */
        double slack[6], got[6];
        gp_ref_conv2d_f32(3, 4, in, 4, k, 2, 2, GP_CONV_VALID, out, slack);
        for (int i = 0; i < 6; i++) slack[i] = gpj_f32_sum_slack(4, slack[i]);
        CHECK(slack[0] == 4 * ldexp(1.0, -24) * (1 + 6) && slack[5] == 4 * ldexp(1.0, -24) * (7 + 12));
        for (int i = 0; i < 6; i++) got[i] = out[i] + 0.9 * slack[i] + 1e-5 + 1e-5 * 5; /* inside the bound */
        CHECK(gpj_first_mismatch_f64_slack(got, out, slack, 6, 1e-5, 1e-5, NULL) == -1);
        CHECK(gpj_first_mismatch_f64(got, out, 6, 1e-5, 1e-5, NULL) == 0); /* without the allowance: wrong */
        got[4] = out[4] + 2 * slack[4] + 1e-5 + 1e-5 * 5; /* past it */
        CHECK(gpj_first_mismatch_f64_slack(got, out, slack, 6, 1e-5, 1e-5, NULL) == 4);
    }
    CHECK(gpj_half_to_float(0x3C00) == 1.f);
    CHECK(gpj_half_to_float(0xC000) == -2.f);
    CHECK(gpj_half_to_float(0x0001) == ldexpf(1.f, -24));
    CHECK(gpj_half_to_float(0x7BFF) == 65504.f);
    CHECK(isinf(gpj_half_to_float(0x7C00)) && isnan(gpj_half_to_float(0x7E00)));
}

static void test_protocol(void)
{
    const char *line = "case index=3 status=fail index2=9 where=[0][2] got=nan expected=1.5 msg=an illegal memory access was encountered got=7";
    char v[128];
    CHECK(gpj_tag_is(line, "case") && !gpj_tag_is(line, "cas") && !gpj_tag_is(line, "launch"));
    CHECK(gpj_tag_is("done", "done"));
    CHECK(gpj_field(line, "index", v, sizeof v) == 0 && !strcmp(v, "3")); /* not index2 */
    CHECK(gpj_field(line, "where", v, sizeof v) == 0 && !strcmp(v, "[0][2]"));
    CHECK(gpj_field(line, "got", v, sizeof v) == 0 && !strcmp(v, "nan")); /* not the one inside msg */
    CHECK(gpj_field(line, "msg", v, sizeof v) == 0 && !strcmp(v, "an illegal memory access was encountered got=7"));
    CHECK(gpj_field(line, "nosuch", v, sizeof v) != 0 && v[0] == 0);
    CHECK(gpj_field("launch kernel=_Z3addPKfS0_Pfi block=256,1,1\n", "block", v, sizeof v) == 0 && !strcmp(v, "256,1,1"));
    CHECK(gpj_field(line, "expected", v, 3) == 0 && !strcmp(v, "1.")); /* cut to the buffer */
}

static void test_ptxas(void)
{
    static const char report[] =
        "ptxas info    : 0 bytes gmem\n"
        "ptxas info    : Function properties for _Z6helperf\n"
        "    8 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
        "ptxas info    : Compiling entry function '_Z10vector_addPKfS0_Pfi' for 'sm_90a'\n"
        "ptxas info    : Function properties for _Z10vector_addPKfS0_Pfi\n"
        "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
        "ptxas info    : Used 12 registers, used 0 barriers\n"
        "ptxas info    : Compile time = 8.275 ms\n"
        "ptxas info    : Compiling entry function '_Z5tiledPKfS0_Pfiii' for 'sm_90a'\n"
        "ptxas info    : Function properties for _Z5tiledPKfS0_Pfiii\n"
        "    24 bytes stack frame, 16 bytes spill stores, 20 bytes spill loads\n"
        "ptxas info    : Used 255 registers, used 1 barriers, 2048 bytes smem, 400 bytes cmem[0]\n";
    gpj_ptxas_kernel k[4];
    CHECK_EQ_INT(gpj_parse_ptxas(report, k, 4), 2);
    CHECK(!strcmp(k[0].name, "_Z10vector_addPKfS0_Pfi"));
    CHECK(k[0].regs == 12 && k[0].smem == 0 && k[0].spill_stores == 0 && k[0].stack == 0);
    CHECK(!strcmp(k[1].name, "_Z5tiledPKfS0_Pfiii"));
    CHECK(k[1].regs == 255 && k[1].smem == 2048 && k[1].spill_stores == 16 && k[1].spill_loads == 20 && k[1].stack == 24);
    CHECK_EQ_INT(gpj_parse_ptxas(report, k, 1), 1);
    CHECK_EQ_INT(gpj_parse_ptxas("", k, 4), 0);
}

static gpb_row row(int rung, double rate)
{
    gpb_row r;
    memset(&r, 0, sizeof r);
    r.rung = rung;
    r.rate = rate;
    return r;
}

static void test_place(void)
{
    /* vendor first, rungs not in rate order, auto last */
    gpb_row rows[] = {row(-1, 3000), row(1, 500), row(2, 900), row(3, 800), row(4, 2500), row(0, 2500)};
    int slower, faster;
    gpj_place(rows, 6, 850, &slower, &faster);
    CHECK(slower == 3 && faster == 2); /* between rung 03 (800) and rung 02 (900) */
    gpj_place(rows, 6, 100, &slower, &faster);
    CHECK(slower == -1 && faster == 1); /* below every rung */
    gpj_place(rows, 6, 2900, &slower, &faster);
    CHECK(slower == 4 && faster == -1); /* above every rung, below the vendor: the vendor does not count */
    gpj_place(rows, 6, 900, &slower, &faster);
    CHECK(slower == 2 && faster == 4); /* a tie counts as reached */
    gpj_place(rows, 0, 900, &slower, &faster);
    CHECK(slower == -1 && faster == -1);
}

static void test_pct_of_ceiling(void)
{
    /* sort's rows: G keys/s against a DRAM floor of 86 G keys/s (the H100 run: 2.5 G keys/s = 2.9%); a
     * user's 0.9 G keys/s is about 1.0% of it, not 0.9 / copy GB/s */
    gpb_row rows[] = {row(-1, 12.2), row(1, 2.5), row(2, 3.6)};
    CHECK(gpj_pct_of_ceiling(rows, 3, 0.9) == 0); /* no row has a ceiling */
    rows[1].pct_ceiling = 2.9;
    rows[2].pct_ceiling = 4.3;
    const double pct = gpj_pct_of_ceiling(rows, 3, 0.9);
    CHECK(pct > 1.04 && pct < 1.05);
    CHECK(gpj_pct_of_ceiling(rows, 3, 2.5) == 2.9);
}

int main(void)
{
    test_problems();
    test_ladders();
    test_bench_size();
    test_cases();
    test_compare();
    test_references();
    test_protocol();
    test_ptxas();
    test_place();
    test_pct_of_ceiling();
    return tc_summary("test_judge");
}
