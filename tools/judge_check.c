/* judge_check.c — the CPU side of `gpuprim judge` shared by the command and the runner: each problem's
 * functional cases, comparing a result with its reference (first wrong index), the references the
 * project does not have yet (sort, conv2d), the runner's line protocol, the reading of ptxas's report,
 * the place of a rate on a ladder, and finding nvcc. */
#define _POSIX_C_SOURCE 200809L /* access, strnlen */
#include "judge.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- functional cases ---- */

static int add_case(gpj_case *out, int max, int n, const char *name, int64_t a, int64_t b, int64_t c, int64_t e,
                    gpj_data data)
{
    if (n >= max) return n;
    memset(&out[n], 0, sizeof out[n]);
    snprintf(out[n].name, sizeof out[n].name, "%s", name);
    out[n].d[0] = a, out[n].d[1] = b, out[n].d[2] = c, out[n].d[3] = e;
    out[n].data = data;
    out[n].alpha = 1.f;
    out[n].beta = 0.f;
    return n + 1;
}

/* The 1-D edge sizes: one element, odd, a warp and around it, a 256-thread tile and around it, powers of
 * two, a large odd size. */
static const struct { const char *name; int64_t n; } sizes_1d[] = {
    {"n=1", 1},           {"odd n=3", 3},         {"warp-1 n=31", 31},        {"warp n=32", 32},
    {"warp+1 n=33", 33},  {"tile-1 n=255", 255},  {"tile n=256", 256},        {"tile+1 n=257", 257},
    {"n=1000", 1000},     {"2^10 n=1024", 1024},  {"2^10+1 n=1025", 1025},    {"odd n=4097", 4097},
    {"2^16 n=65536", 65536}, {"large odd n=1000003", 1000003},
};
#define SIZES_1D ((int)(sizeof sizes_1d / sizeof sizes_1d[0]))

static int cases_1d(gpj_case *out, int max, int n, gpj_data data, int64_t most)
{
    for (int i = 0; i < SIZES_1D; i++)
        if (sizes_1d[i].n <= most) n = add_case(out, max, n, sizes_1d[i].name, sizes_1d[i].n, 0, 0, 0, data);
    return n;
}

int gpj_cases(const gpj_problem *p, gpj_case *out, int max)
{
    int n = 0;
    const int64_t big = ((int64_t)1 << 24) + 1;
    switch (p->kind) {
    case GPJ_VECTOR_ADD:
        n = cases_1d(out, max, n, GPJ_DATA_RANDOM, big);
        n = add_case(out, max, n, "large 2^24+1", big, 0, 0, 0, GPJ_DATA_RANDOM);
        break;
    case GPJ_REDUCTION: /* positive values (no cancellation) and small integers (exact in any order) */
        n = cases_1d(out, max, n, GPJ_DATA_POSITIVE, big);
        for (int i = 0; i < SIZES_1D; i += 3)
            n = add_case(out, max, n, sizes_1d[i].name, sizes_1d[i].n, 0, 0, 0, GPJ_DATA_SMALL_INT);
        n = add_case(out, max, n, "LeetGPU size 4194304", 4194304, 0, 0, 0, GPJ_DATA_POSITIVE);
        n = add_case(out, max, n, "large 2^24+1 exact", big, 0, 0, 0, GPJ_DATA_SMALL_INT);
        break;
    case GPJ_PREFIX_SUM:
        n = cases_1d(out, max, n, GPJ_DATA_RANDOM, 4097);
        n = add_case(out, max, n, "2^16 n=65536", 65536, 0, 0, 0, GPJ_DATA_POSITIVE);
        n = add_case(out, max, n, "large odd n=1000003", 1000003, 0, 0, 0, GPJ_DATA_POSITIVE);
        n = add_case(out, max, n, "exact n=1025", 1025, 0, 0, 0, GPJ_DATA_SMALL_INT);
        n = add_case(out, max, n, "exact 2^20+1", ((int64_t)1 << 20) + 1, 0, 0, 0, GPJ_DATA_SMALL_INT);
        n = add_case(out, max, n, "large exact 2^24+1", big, 0, 0, 0, GPJ_DATA_SMALL_INT);
        break;
    case GPJ_HISTOGRAM:
        n = add_case(out, max, n, "n=1 bins=1", 1, 1, 0, 0, GPJ_DATA_RANDOM);
        n = add_case(out, max, n, "n=5 bins=3", 5, 3, 0, 0, GPJ_DATA_RANDOM);
        n = add_case(out, max, n, "one value n=16 bins=5", 16, 5, 0, 0, GPJ_DATA_EQUAL);
        n = add_case(out, max, n, "n=33 bins=4", 33, 4, 0, 0, GPJ_DATA_RANDOM);
        n = add_case(out, max, n, "n=257 bins=1024", 257, 1024, 0, 0, GPJ_DATA_RANDOM);
        n = add_case(out, max, n, "n=1000 bins=10", 1000, 10, 0, 0, GPJ_DATA_RANDOM);
        n = add_case(out, max, n, "n=4097 bins=256", 4097, 256, 0, 0, GPJ_DATA_RANDOM);
        n = add_case(out, max, n, "n=10000 bins=128", 10000, 128, 0, 0, GPJ_DATA_RANDOM);
        n = add_case(out, max, n, "n=65537 bins=1000", 65537, 1000, 0, 0, GPJ_DATA_RANDOM);
        n = add_case(out, max, n, "n=1000003 bins=1023", 1000003, 1023, 0, 0, GPJ_DATA_RANDOM);
        n = add_case(out, max, n, "one bin 2^20 bins=1", (int64_t)1 << 20, 1, 0, 0, GPJ_DATA_EQUAL);
        n = add_case(out, max, n, "one value 2^20+3 bins=1024", ((int64_t)1 << 20) + 3, 1024, 0, 0, GPJ_DATA_EQUAL);
        n = add_case(out, max, n, "large 2^24+1 bins=256", big, 256, 0, 0, GPJ_DATA_RANDOM);
        break;
    case GPJ_TRANSPOSE: {
        static const int64_t s[][2] = {{1, 1},   {1, 7},     {7, 1},      {31, 33},     {32, 32},   {33, 31},
                                       {33, 33}, {64, 64},   {1, 1000},   {1000, 1},    {100, 257}, {255, 257},
                                       {1025, 1023}, {2048, 2048}, {3001, 2999}};
        for (size_t i = 0; i < sizeof s / sizeof s[0]; i++) {
            char name[48];
            snprintf(name, sizeof name, "%lldx%lld", (long long)s[i][0], (long long)s[i][1]);
            n = add_case(out, max, n, name, s[i][0], s[i][1], 0, 0, GPJ_DATA_RANDOM);
        }
        break;
    }
    case GPJ_MATMUL: {
        static const int64_t s[][3] = {{1, 1, 1},     {1, 7, 1},      {7, 1, 1},       {1, 1, 7},
                                       {16, 16, 16},  {17, 17, 17},   {31, 33, 17},    {32, 32, 32},
                                       {33, 31, 65},  {64, 1, 64},    {1, 1024, 1},    {100, 3, 100},
                                       {128, 128, 128}, {129, 127, 131}, {255, 256, 257}, {512, 512, 512},
                                       {1000, 1001, 999}};
        for (size_t i = 0; i < sizeof s / sizeof s[0]; i++) {
            char name[48];
            snprintf(name, sizeof name, "M=%lld N=%lld K=%lld", (long long)s[i][0], (long long)s[i][1],
                     (long long)s[i][2]);
            n = add_case(out, max, n, name, s[i][0], s[i][1], s[i][2], 0, GPJ_DATA_RANDOM);
        }
        break;
    }
    case GPJ_COMPACTION:
        n = cases_1d(out, max, n, GPJ_DATA_RANDOM, big);
        n = add_case(out, max, n, "zeros and signs n=1000", 1000, 0, 0, 0, GPJ_DATA_SIGNS);
        n = add_case(out, max, n, "zeros and signs n=65537", 65537, 0, 0, 0, GPJ_DATA_SIGNS);
        n = add_case(out, max, n, "none kept n=4097", 4097, 0, 0, 0, GPJ_DATA_NONE_KEPT);
        n = add_case(out, max, n, "all kept n=4097", 4097, 0, 0, 0, GPJ_DATA_ALL_KEPT);
        n = add_case(out, max, n, "all kept n=1", 1, 0, 0, 0, GPJ_DATA_ALL_KEPT);
        n = add_case(out, max, n, "large 2^24+1", big, 0, 0, 0, GPJ_DATA_RANDOM);
        break;
    case GPJ_SORT:
        n = cases_1d(out, max, n, GPJ_DATA_RANDOM, 1000000);
        n = add_case(out, max, n, "sorted n=4097", 4097, 0, 0, 0, GPJ_DATA_SORTED);
        n = add_case(out, max, n, "reversed n=65537", 65537, 0, 0, 0, GPJ_DATA_REVERSED);
        n = add_case(out, max, n, "all equal n=1025", 1025, 0, 0, 0, GPJ_DATA_EQUAL);
        n = add_case(out, max, n, "duplicates n=100000", 100000, 0, 0, 0, GPJ_DATA_SMALL_INT);
        n = add_case(out, max, n, "signs and zeros n=4097", 4097, 0, 0, 0, GPJ_DATA_SIGNS);
        n = add_case(out, max, n, "largest n=1000000", 1000000, 0, 0, 0, GPJ_DATA_RANDOM);
        break;
    case GPJ_CONV2D: {
        static const int64_t s[][4] = {{1, 1, 1, 1},     {5, 5, 3, 3},      {3, 7, 3, 7},     {7, 3, 7, 3},
                                       {31, 33, 5, 3},   {32, 32, 3, 3},    {33, 33, 4, 4},   {64, 64, 7, 7},
                                       {100, 1, 31, 1},  {1, 100, 1, 31},   {257, 129, 31, 31}, {512, 512, 15, 15},
                                       {1024, 1023, 15, 15}};
        for (size_t i = 0; i < sizeof s / sizeof s[0]; i++) {
            char name[48];
            snprintf(name, sizeof name, "%lldx%lld kernel %lldx%lld", (long long)s[i][0], (long long)s[i][1],
                     (long long)s[i][2], (long long)s[i][3]);
            n = add_case(out, max, n, name, s[i][0], s[i][1], s[i][2], s[i][3], GPJ_DATA_RANDOM);
        }
        break;
    }
    case GPJ_GEMM_F16: {
        static const int64_t s[][3] = {{16, 16, 16},    {17, 19, 23},    {32, 32, 32},    {33, 31, 47},
                                       {64, 48, 80},    {100, 200, 50},  {128, 128, 128}, {255, 257, 129},
                                       {256, 256, 256}, {512, 512, 512}, {1024, 1024, 1024}};
        static const float ab[][2] = {{1.f, 0.f}, {1.f, 1.f}, {0.5f, -2.f}, {2.f, 0.25f}};
        for (size_t i = 0; i < sizeof s / sizeof s[0]; i++) {
            char name[48];
            const float *w = ab[i % 4];
            snprintf(name, sizeof name, "M=%lld N=%lld K=%lld a=%g b=%g", (long long)s[i][0], (long long)s[i][1],
                     (long long)s[i][2], w[0], w[1]);
            n = add_case(out, max, n, name, s[i][0], s[i][1], s[i][2], 0, GPJ_DATA_RANDOM);
            out[n - 1].alpha = w[0];
            out[n - 1].beta = w[1];
        }
        break;
    }
    default: break;
    }
    return n;
}

/* ---- comparing ---- */

static int close_enough(double got, double want, double atol, double rtol, double slack)
{
    if (isnan(want)) return isnan(got);
    if (isnan(got)) return 0;
    if (isinf(want)) return got == want;
    return fabs(got - want) <= atol + rtol * fabs(want) + slack;
}

int64_t gpj_first_mismatch_f64(const double *got, const double *want, int64_t n, double atol, double rtol,
                               int64_t *bad)
{
    return gpj_first_mismatch_f64_slack(got, want, NULL, n, atol, rtol, bad);
}

int64_t gpj_first_mismatch_f64_slack(const double *got, const double *want, const double *slack, int64_t n,
                                     double atol, double rtol, int64_t *bad)
{
    int64_t first = -1, count = 0;
    for (int64_t i = 0; i < n; i++)
        if (!close_enough(got[i], want[i], atol, rtol, slack ? slack[i] : 0)) {
            if (first < 0) first = i;
            count++;
        }
    if (bad) *bad = count;
    return first;
}

int64_t gpj_first_mismatch_f32(const float *got, const float *want, int64_t n, double atol, double rtol,
                               int64_t *bad)
{
    int64_t first = -1, count = 0;
    for (int64_t i = 0; i < n; i++)
        if (!close_enough(got[i], want[i], atol, rtol, 0)) {
            if (first < 0) first = i;
            count++;
        }
    if (bad) *bad = count;
    return first;
}

int64_t gpj_first_mismatch_i32(const int32_t *got, const int32_t *want, int64_t n, int64_t *bad)
{
    int64_t first = -1, count = 0;
    for (int64_t i = 0; i < n; i++)
        if (got[i] != want[i]) {
            if (first < 0) first = i;
            count++;
        }
    if (bad) *bad = count;
    return first;
}

void gpj_index_text(int64_t index, int64_t cols, char *buf, size_t len)
{
    if (cols > 0) snprintf(buf, len, "[%lld][%lld]", (long long)(index / cols), (long long)(index % cols));
    else snprintf(buf, len, "[%lld]", (long long)index);
}

/* ---- references the project does not have yet ---- */

static int cmp_float(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

void gpj_ref_sort_f32(int64_t n, float *data) { qsort(data, (size_t)n, sizeof(float), cmp_float); }

double gpj_f32_sum_slack(int64_t terms, double abs_sum) { return (double)terms * ldexp(1.0, -24) * abs_sum; }

float gpj_half_to_float(uint16_t h)
{
    const int sign = h >> 15, exp = (h >> 10) & 31, man = h & 1023;
    float v;
    if (exp == 0) v = ldexpf((float)man, -24);
    else if (exp == 31) v = man ? NAN : INFINITY;
    else v = ldexpf((float)(man | 1024), exp - 25);
    return sign ? -v : v;
}

/* ---- the protocol ---- */

int gpj_tag_is(const char *line, const char *tag)
{
    size_t n = strlen(tag);
    return !strncmp(line, tag, n) && (line[n] == ' ' || line[n] == '\n' || line[n] == 0);
}

int gpj_field(const char *line, const char *key, char *out, size_t len)
{
    const char *msg = strstr(line, " msg="), *p = line, *v = NULL, *end;
    const size_t klen = strlen(key);
    const int is_msg = !strcmp(key, "msg");
    size_t n;
    if (len) out[0] = 0;
    if (is_msg) v = msg ? msg + 5 : NULL;
    else
        while ((p = strstr(p, key)) != NULL && (!msg || p < msg)) {
            if (p > line && p[-1] == ' ' && p[klen] == '=') {
                v = p + klen + 1;
                break;
            }
            p += klen;
        }
    if (!v) return 1;
    end = v + strcspn(v, is_msg ? "\n" : " \n");
    n = (size_t)(end - v);
    if (len) {
        if (n >= len) n = len - 1;
        memcpy(out, v, n);
        out[n] = 0;
    }
    return 0;
}

/* ---- ptxas -v ----
 *   ptxas info    : Compiling entry function '_Z6kernelPKfS0_Pfi' for 'sm_90a'
 *   ptxas info    : Function properties for _Z6kernelPKfS0_Pfi
 *       0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
 *   ptxas info    : Used 12 registers, used 0 barriers, 2048 bytes smem
 * (device functions that are not entries have "Function properties" lines too; only entries count). */
int gpj_parse_ptxas(const char *text, gpj_ptxas_kernel *out, int max)
{
    int n = 0, cur = -1;
    const char *line = text;
    while (line && *line) {
        const char *eol = strchr(line, '\n'), *p;
        size_t len = eol ? (size_t)(eol - line) : strlen(line);
        char buf[1024];
        if (len >= sizeof buf) len = sizeof buf - 1;
        memcpy(buf, line, len);
        buf[len] = 0;
        if ((p = strstr(buf, "Compiling entry function '")) != NULL) {
            const char *name = p + strlen("Compiling entry function '"), *q = strchr(name, '\'');
            cur = -1;
            if (q && n < max) {
                cur = n++;
                memset(&out[cur], 0, sizeof out[cur]);
                snprintf(out[cur].name, sizeof out[cur].name, "%.*s", (int)(q - name), name);
            }
        } else if ((p = strstr(buf, "Function properties for ")) != NULL) {
            const char *name = p + strlen("Function properties for ");
            if (cur >= 0 && strcmp(name, out[cur].name)) cur = -1; /* a device function's: not an entry's */
            for (int i = 0; i < n && cur < 0; i++)
                if (!strcmp(out[i].name, name)) cur = i;
        } else if (cur >= 0 && strstr(buf, "bytes stack frame")) {
            int stack = 0, st = 0, ld = 0;
            if (sscanf(buf, " %d bytes stack frame, %d bytes spill stores, %d bytes spill loads", &stack, &st, &ld) == 3) {
                out[cur].stack = stack;
                out[cur].spill_stores = st;
                out[cur].spill_loads = ld;
            }
        } else if (cur >= 0 && (p = strstr(buf, "Used ")) != NULL) {
            const char *s = strstr(buf, "bytes smem");
            out[cur].regs = atoi(p + 5);
            if (s) {
                const char *b = s;
                while (b > buf && b[-1] == ' ') b--;
                while (b > buf && b[-1] >= '0' && b[-1] <= '9') b--;
                out[cur].smem = atoi(b);
            }
        }
        line = eol ? eol + 1 : NULL;
    }
    return n;
}

/* ---- the place on the ladder ---- */

double gpj_pct_of_ceiling(const gpb_row *rows, int n, double rate)
{
    for (int i = 0; i < n; i++)
        if (rows[i].rate > 0 && rows[i].pct_ceiling > 0) return rate * rows[i].pct_ceiling / rows[i].rate;
    return 0;
}

void gpj_place(const gpb_row *rows, int n, double rate, int *slower, int *faster)
{
    *slower = *faster = -1;
    for (int i = 0; i < n; i++) {
        if (rows[i].rung <= 0 || rows[i].rate <= 0) continue;
        if (rows[i].rate <= rate) {
            if (*slower < 0 || rows[i].rate > rows[*slower].rate) *slower = i;
        } else if (*faster < 0 || rows[i].rate < rows[*faster].rate) {
            *faster = i;
        }
    }
}

/* ---- nvcc ---- */

const char *gpj_find_nvcc(const char *fallback, char *buf, size_t len, const char **tried)
{
    const char *env = getenv("NVCC"), *path = getenv("PATH");
    if (env && *env) {
        *tried = "$NVCC";
        snprintf(buf, len, "%s", env);
        return access(buf, X_OK) == 0 ? buf : NULL;
    }
    *tried = "PATH, the build's nvcc and /usr/local/cuda/bin";
    while (path && *path) {
        const char *c = strchr(path, ':');
        size_t n = c ? (size_t)(c - path) : strlen(path);
        if (n && n + 6 < len) {
            snprintf(buf, len, "%.*s/nvcc", (int)n, path);
            if (access(buf, X_OK) == 0) return buf;
        }
        path = c ? c + 1 : NULL;
    }
    if (fallback && *fallback && access(fallback, X_OK) == 0) {
        snprintf(buf, len, "%s", fallback);
        return buf;
    }
    snprintf(buf, len, "/usr/local/cuda/bin/nvcc");
    return access(buf, X_OK) == 0 ? buf : NULL;
}
