// b2b.cu — one gemm shape, ours (gp_gemm, automatic choice) and cublasLt's best algorithm (gpb_vendor_gemm), timed two
// ways (session 31): each call alone (events around it, the stream synchronised after it, as ncu sees a kernel) and
// back to back for SECONDS (an event every 16 calls, 8 buffer sets rotated as the bench does). Why: ncu put ours at
// 0.95x cublasLt at 2048x8192x1024 TT and 3072^3 TN where the bench put it at 0.80-0.93x. Each phase prints its host
// start and end (CLOCK_REALTIME) so that nvidia-smi's clock and power samples can be placed beside it.
//   nvcc -O2 -arch=sm_90a -I include -I bench b2b.cu -L build-90a -lgpbench -lgpuprim -lcublasLt -lcublas -o b2b
//   b2b OP TA TB M N K SECONDS [FLAGS]  (OP: bf16, f16 or tf32; TA, TB: 0 or 1)
// FLAGS (any of): r random inputs (multiples of 1/256 in [-1, 1), as the bench's; else every element 0x3c3c),
// L the legacy default stream (the bench's; else a non-blocking stream), gN an event every N calls (default 16;
// the bench puts one every 2-3 calls of 46-58 us), aN instead of the two phases: 40 blocks of about N ms each, ours and
// cublasLt in the order ours, cublasLt, cublasLt, ours, ... (the bench's blocks are ~25 ms), the per-call median of each
// block printed, iN with a: N ms of idle host before each block, RN ours on rung N (gp_set_rung; session 34).
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "gpuprim.h"
#include "vendor.h"
#include "exp_inputs.cuh"

static double wall(void)
{
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static int cmp(const void *a, const void *b)
{
    const float x = *(const float *)a, y = *(const float *)b;
    return x < y ? -1 : x > y;
}

static int cmpd(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

enum { SETS = 8, MAXG = 20000 }; /* groups of a phase: 0.6 s of 46-us calls in groups of 2 is ~6500 */
static int GROUP = 16;

static gp_handle h;
static gp_dtype ab, ct;
static gp_compute cm;
static int ta, tb;
static long long m, n, k;
static void *A[SETS], *B[SETS], *C[SETS];

static int call(int who, int s, cudaStream_t st)
{
    if (who == 0)
        return gp_gemm(h, ta ? GP_TRANS : GP_NO_TRANS, tb ? GP_TRANS : GP_NO_TRANS, m, n, k, 1.f, A[s], ab, ta ? m : k,
                       B[s], ab, tb ? k : n, 0.f, C[s], ct, n, cm) != GP_SUCCESS;
    return gpb_vendor_gemm(ta, tb, m, n, k, 1.f, A[s], ta ? m : k, B[s], tb ? k : n, 0.f, C[s], n, ab, ct, cm, st);
}

/* One block of about `ms` ms of back-to-back calls (events every GROUP calls): the median per call. */
static double block(int who, double ms, cudaStream_t st, double est_us)
{
    static cudaEvent_t ev[4097];
    static float g[4096];
    if (!ev[0]) for (int i = 0; i <= 4096; ++i) cudaEventCreate(&ev[i]);
    int ng = (int)(ms * 1e3 / (est_us * GROUP)) + 1;
    if (ng > 4096) ng = 4096;
    cudaEventRecord(ev[0], st);
    for (int j = 0; j < ng; ++j) {
        for (int i = 0; i < GROUP; ++i) call(who, (j * GROUP + i) % SETS, st);
        cudaEventRecord(ev[j + 1], st);
    }
    cudaStreamSynchronize(st);
    for (int j = 0; j < ng; ++j) cudaEventElapsedTime(&g[j], ev[j], ev[j + 1]);
    qsort(g, ng, sizeof(float), cmp);
    return g[ng / 2] * 1e3 / GROUP;
}

static void alternate(double ms, double idle_ms, cudaStream_t st)
{
    double est[2];
    for (int w = 0; w < 2; ++w) est[w] = block(w, 2.0, st, 50.0);
    double t[2][20];
    int nt[2] = {0, 0};
    printf("blocks of ~%.0f ms, %.0f ms idle before each (us a call):", ms, idle_ms);
    for (int b = 0; b < 40; ++b) {
        const int who = (b % 4 == 0 || b % 4 == 3) ? 0 : 1; /* ours, cublasLt, cublasLt, ours, ... */
        if (idle_ms > 0) {
            const double w0 = wall();
            while (wall() - w0 < idle_ms * 1e-3) {}
        }
        const double x = block(who, ms, st, est[who]);
        t[who][nt[who]++] = x;
        printf("%s%s %.2f", b % 8 == 0 ? "\n  " : "", who ? "v" : "o", x);
    }
    double mo[20], mv[20];
    memcpy(mo, t[0], sizeof mo);
    memcpy(mv, t[1], sizeof mv);
    qsort(mo, 20, sizeof(double), cmpd);
    qsort(mv, 20, sizeof(double), cmpd);
    printf("\n  median of blocks: ours %.2f us, cublasLt %.2f us, ratio %.3f\n", mo[10], mv[10], mv[10] / mo[10]);
}

static void phase(int who, double seconds, cudaStream_t st)
{
    const char *name = who ? "cublasLt" : "ours";
    cudaEvent_t e[2];
    cudaEventCreate(&e[0]);
    cudaEventCreate(&e[1]);
    /* alone: 40 calls, each between two events, the stream drained after it */
    float one[40];
    const double a0 = wall();
    for (int i = 0; i < 40; ++i) {
        cudaEventRecord(e[0], st);
        call(who, i % SETS, st);
        cudaEventRecord(e[1], st);
        cudaEventSynchronize(e[1]);
        cudaEventElapsedTime(&one[i], e[0], e[1]);
    }
    const double a1 = wall();
    qsort(one, 40, sizeof(float), cmp);
    printf("%-8s alone        median %8.2f us  min %8.2f  [%.3f .. %.3f]\n", name, one[20] * 1e3, one[0] * 1e3, a0, a1);
    /* back to back: groups of GROUP calls between events, for `seconds` */
    static cudaEvent_t ev[MAXG + 1];
    static float g[MAXG];
    int ng = 0;
    const double b0 = wall();
    if (!ev[0]) for (int i = 0; i <= MAXG; ++i) cudaEventCreate(&ev[i]);
    cudaEventRecord(ev[0], st);
    while (ng < MAXG && wall() - b0 < seconds) {
        for (int i = 0; i < GROUP; ++i) call(who, (ng * GROUP + i) % SETS, st);
        cudaEventRecord(ev[++ng], st);
        if (ng % 64 == 0) cudaEventSynchronize(ev[ng - 32]); /* keep the queue from growing without end */
    }
    cudaStreamSynchronize(st);
    const double b1 = wall();
    for (int i = 0; i < ng; ++i) cudaEventElapsedTime(&g[i], ev[i], ev[i + 1]);
    /* per call: the first tenth, the last tenth, the median of all */
    const int t = ng / 10 > 0 ? ng / 10 : 1;
    double first = 0, last = 0;
    for (int i = 0; i < t; ++i) {
        first += g[i];
        last += g[ng - 1 - i];
    }
    qsort(g, ng, sizeof(float), cmp);
    printf("%-8s back-to-back median %8.2f us  first tenth %8.2f  last tenth %8.2f  (%d calls) [%.3f .. %.3f]\n", name,
           g[ng / 2] * 1e3 / GROUP, first / t * 1e3 / GROUP, last / t * 1e3 / GROUP, ng * GROUP, b0, b1);
    cudaEventDestroy(e[0]);
    cudaEventDestroy(e[1]);
}

int main(int argc, char **argv)
{
    if (argc != 8 && argc != 9) {
        fprintf(stderr, "usage: b2b OP TA TB M N K SECONDS [FLAGS]\n");
        return 2;
    }
    const char *op = argv[1];
    ab = !strcmp(op, "bf16") ? GP_DTYPE_BF16 : !strcmp(op, "f16") ? GP_DTYPE_F16 : GP_DTYPE_F32;
    ct = ab;
    cm = !strcmp(op, "tf32") ? GP_COMPUTE_TF32 : GP_COMPUTE_F32;
    ta = atoi(argv[2]);
    tb = atoi(argv[3]);
    m = atoll(argv[4]);
    n = atoll(argv[5]);
    k = atoll(argv[6]);
    const double seconds = atof(argv[7]);
    const char *flags = argc > 8 ? argv[8] : "";
    const int rnd = strchr(flags, 'r') != NULL, legacy = strchr(flags, 'L') != NULL;
    if (strchr(flags, 'g')) GROUP = atoi(strchr(flags, 'g') + 1);
    if (GROUP < 1) GROUP = 1;
    const size_t es = ab == GP_DTYPE_F32 ? 4 : 2;
    for (int s = 0; s < SETS; ++s) {
        if (cudaMalloc(&A[s], m * k * es) || cudaMalloc(&B[s], k * n * es) || cudaMalloc(&C[s], m * n * es)) {
            fprintf(stderr, "b2b: out of memory\n");
            return 1;
        }
        if (!rnd) {
            cudaMemset(A[s], 0x3c, m * k * es); /* small finite values of each type */
            cudaMemset(B[s], 0x3c, k * n * es);
        } else {
            exp_fill(A[s], ab, m * k, 2 * s + 1);
            exp_fill(B[s], ab, k * n, 2 * s + 2);
        }
    }
    cudaDeviceSynchronize();
    cudaStream_t st = 0;
    if (!legacy) cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking);
    gp_create(&h);
    gp_set_stream(h, st);
    const int rung = strchr(flags, 'R') ? atoi(strchr(flags, 'R') + 1) : -1; /* -1: the automatic choice */
    if (rung >= 0 && gp_set_rung(h, GP_PRIM_GEMM, rung) != GP_SUCCESS) {
        fprintf(stderr, "b2b: no such rung\n");
        return 2;
    }
    for (int w = 0; w < 2; ++w) /* warm-up; cublasLt picks its algorithm at its first call */
        for (int i = 0; i < 20; ++i)
            if (call(w, i % SETS, st)) {
                fprintf(stderr, "b2b: %s call failed\n", w ? "cublasLt" : "gp_gemm");
                return 1;
            }
    cudaStreamSynchronize(st);
    char rung_txt[16] = ""; /* " R6": the forced rung, as smi_phases.py shows it */
    if (rung >= 0) snprintf(rung_txt, sizeof rung_txt, " R%d", rung);
    printf("%s %c%c %lldx%lldx%lld%s, %s inputs, %s stream, an event every %d calls\n", op, ta ? 'T' : 'N',
           tb ? 'T' : 'N', m, n, k, rung_txt, rnd ? "random" : "constant", legacy ? "legacy default" : "non-blocking",
           GROUP);
    if (strchr(flags, 'a')) {
        const double idle = strchr(flags, 'i') ? atof(strchr(flags, 'i') + 1) : 0.0;
        alternate(atof(strchr(flags, 'a') + 1), idle, st);
    } else {
        for (int r = 0; r < 2; ++r) {
            phase(0, seconds, st);
            phase(1, seconds, st);
        }
    }
    gp_destroy(h);
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
}
