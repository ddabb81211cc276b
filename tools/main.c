/* main.c — the gpuprim command: list, verify, bench (and the CPU analysis tools). */
#include "gpt.h"
#include <cuda_runtime.h>
#include <stdlib.h>
#include <string.h>

static const gpt_prim_cli *find_prim(const char *name)
{
    for (int i = 0; i < gpt_prim_count; i++)
        if (!strcmp(gpt_prims[i].name, name)) return &gpt_prims[i];
    return NULL;
}

static int unknown_prim(const char *name)
{
    fprintf(stderr, "gpuprim: unknown primitive '%s'; known:", name);
    for (int i = 0; i < gpt_prim_count; i++) fprintf(stderr, " %s", gpt_prims[i].name);
    fprintf(stderr, "\n");
    return 2;
}

static int cmd_list(int argc, char **argv)
{
    (void)argc; (void)argv;
    for (int i = 0; i < gpt_prim_count; i++) {
        gp_prim p = gpt_prims[i].prim;
        printf("%s\n", gpt_prims[i].name);
        for (int r = 1; r <= gp_rung_count(p); r++)
            printf("  %02d %-16s %s\n", r, gp_rung_name(p, r), gp_rung_summary(p, r));
    }
    return 0;
}

static int open_handle(gp_handle *h, const char *cmd)
{
    gp_status st;
    if (!gpt_have_device()) {
        fprintf(stderr, "gpuprim %s: no CUDA device found on this machine; '%s' needs an NVIDIA GPU "
                        "(the CPU tools list, occupancy, banks, coalesce and amdahl work without one)\n", cmd, cmd);
        return 2;
    }
    st = gp_create(h);
    if (st != GP_SUCCESS) {
        fprintf(stderr, "gpuprim %s: gp_create failed: %s\n", cmd, gp_status_string(st));
        return 2;
    }
    return 0;
}

static int cmd_verify(int argc, char **argv)
{
    gpt_opts o;
    const char *words[8];
    int nw, rc, fails = 0;
    gp_handle h;
    gpt_opts_default(&o);
    if (gpt_parse_opts(argc, argv, &o, words, 8, &nw)) return 2;
    for (int i = 0; i < nw; i++)
        if (!find_prim(words[i])) return unknown_prim(words[i]);
    if ((rc = open_handle(&h, "verify"))) return rc;
    for (int i = 0; i < gpt_prim_count; i++) {
        int wanted = nw == 0;
        for (int j = 0; j < nw; j++) wanted |= !strcmp(words[j], gpt_prims[i].name);
        if (wanted) fails += gpt_prims[i].verify(h, &o);
    }
    gp_destroy(h);
    printf("verify: %s\n", fails ? "FAILED" : "all passed");
    return fails ? 1 : 0;
}

static int cmd_bench(int argc, char **argv)
{
    gpt_opts o;
    const char *words[16];
    int nw, rc, fails = 0;
    gp_handle h;
    gpt_report r;
    struct cudaDeviceProp prop;
    gpt_opts_default(&o);
    if (gpt_parse_opts(argc, argv, &o, words, 16, &nw)) return 2;
    for (int i = 0; i < nw; i++)
        if (!find_prim(words[i])) return unknown_prim(words[i]);
    if ((rc = open_handle(&h, "bench"))) return rc;
    gpt_report_init(&r);
    if (cudaGetDeviceProperties(&prop, 0) == cudaSuccess) {
        snprintf(r.device, sizeof r.device, "%s", prop.name);
        r.sm_count = prop.multiProcessorCount;
        r.l2_mb = prop.l2CacheSize / 1e6;
    }
    gpt_progress("device-to-device copy ceiling (1 GiB)");
    r.copy_gbps = gpt_measure_copy_gbps((size_t)1 << 30, &o);
    printf("device: %s, %d SMs, L2 %.1f MB; copy ceiling (D2D, read+write, 1 GiB): %.1f GB/s\n", r.device,
           r.sm_count, r.l2_mb, r.copy_gbps);
    for (int i = 0; i < gpt_prim_count; i++) {
        int wanted = nw == 0;
        for (int j = 0; j < nw; j++) wanted |= !strcmp(words[j], gpt_prims[i].name);
        if (wanted) fails += gpt_prims[i].bench(h, &o, &r);
    }
    if (o.json && gpt_report_write_json(&r, o.json)) fprintf(stderr, "gpuprim: cannot write %s\n", o.json);
    if (o.csv && gpt_report_write_csv(&r, o.csv)) fprintf(stderr, "gpuprim: cannot write %s\n", o.csv);
    printf("\nbench: %d rows, %d verification failures\n", r.count, fails);
    gpt_report_free(&r);
    gp_destroy(h);
    return fails ? 1 : 0;
}

static int cmd_help(int argc, char **argv);

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *help;
} command;

static const command commands[] = {
    {"list", cmd_list, "list the primitives and their rungs"},
    {"verify", cmd_verify, "verify [PRIM...] [--rung R|auto|all] [--n N] [--op OP] [--seed S]: check against the CPU reference"},
    {"bench", cmd_bench, "bench [PRIM...] [--n N] [--reps R] [--quick] [--json F] [--csv F]: the ladder benchmark"},
    {"occupancy", gpt_cmd_occupancy, "occupancy [--arch sm_90] [--threads T] [--regs R] [--smem B]: theoretical occupancy, limiter"},
    {"banks", gpt_cmd_banks, "banks [--width W] [--pad P] [--elem 4|8|16] [--pattern row|column|stride|block]: bank conflicts"},
    {"coalesce", gpt_cmd_coalesce, "coalesce [--elem E] [--stride S] [--offset B] [--lanes L]: sectors of a warp's access"},
    {"amdahl", gpt_cmd_amdahl, "amdahl [--fractions 0.9,0.99] [--procs 1,8,64] [--law amdahl|gustafson|both]: speed-up tables"},
    {"gustafson", gpt_cmd_gustafson, "gustafson [--fractions ...] [--procs ...]: the scaled speed-up table"},
    {"explain", gpt_cmd_explain, "explain PRIM --rung R [--n N]: registers, spills, occupancy, rate, ncu counters (GPU)"},
    {"help", cmd_help, "this text (COMMAND --help for each command's options)"},
};
static const int command_count = (int)(sizeof commands / sizeof commands[0]);

static int cmd_help(int argc, char **argv)
{
    (void)argc; (void)argv;
    printf("usage: gpuprim COMMAND [ARGS]\n\ncommands:\n");
    for (int i = 0; i < command_count; i++) printf("  %-10s %s\n", commands[i].name, commands[i].help);
    printf("\nsizes accept 1000, 2^28, 64M, 1G; PRIM is one of:");
    for (int i = 0; i < gpt_prim_count; i++) printf(" %s", gpt_prims[i].name);
    printf("\n");
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        cmd_help(0, NULL);
        return 2;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) return cmd_help(0, NULL);
    for (int i = 0; i < command_count; i++)
        if (!strcmp(argv[1], commands[i].name)) return commands[i].run(argc - 2, argv + 2);
    fprintf(stderr, "gpuprim: unknown command '%s' (try 'gpuprim help')\n", argv[1]);
    return 2;
}
