/* driver.h — the generic verify/bench driver (driver.c) and what a primitive's CLI module (tools/prim_*.c)
 * gives it. A module supplies its verify cases for one rung and, for each bench case, hooks: setup (shape,
 * bytes or FLOPs, buffers, inputs, reference), run (the library call), vendor (the baseline), check (set
 * 0's output against the reference). The driver does the rest, the same way for every primitive: buffer
 * sets rotated over more than 4x the L2, the vendor row (and a second baseline's, if the case has one), then
 * each rung (all, forced or auto; with -v also each tile configuration) with its outputs poisoned, timed
 * (bench/harness), labelled with the rung and configuration that ran, checked, related to the vendor and the
 * ceiling, and printed as a group.
 * Adding a primitive to the command: one tools/prim_<name>.c defining gpt_<name>_cli, one line in prims.c. */
#ifndef GPT_DRIVER_H
#define GPT_DRIVER_H

#include "bench.h"
#include "cli.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GPT_MAX_SETS 64
#define GPT_MAX_BUFFERS 4

typedef struct gpt_prim_cli gpt_prim_cli;

/* What the driver hands a module's bench. */
typedef struct gpt_bench {
    gp_handle h;
    cudaStream_t stream;        /* the handle's */
    const gpt_opts *o;
    gpb_report *r;
    const gpt_prim_cli *cli;
    size_t l2_bytes;
} gpt_bench;

enum { GPT_INPUT = 0, GPT_OUTPUT = 1 };

/* One bench case: the module's setup describes it and declares its buffers (gpt_case_buffer); the driver
 * allocates `sets` copies of them (gpt_case_alloc), poisons the outputs before each row and frees them. */
typedef struct gpt_case {
    gpt_bench *bench;       /* the run it belongs to: handle, stream, options */
    void *state;            /* the module's own description of the case */
    char shape[64];         /* the report's shape column */
    char vendor[48];        /* the vendor row's variant */
    char note[128];         /* printed after the group, or "" */
    double work;            /* bytes (GB/s) or FLOPs (TFLOP/s) of one library run */
    double vendor_work;     /* of one vendor run; 0: as work */
    int flops;              /* 1: rates in TFLOP/s, and the ceiling is the vendor's rate (no peak is measured) */
    const char *unit;       /* the rate's unit for work per ns (e.g. "G keys/s"); NULL: GB/s or TFLOP/s */
    double ceiling;         /* in that unit (e.g. a DRAM floor from the copy rate); 0: the copy ceiling (GB/s) or
                               the vendor's rate (TFLOP/s) */
    int vendor_zeroed;      /* outputs zeroed instead of poisoned before the vendor runs */
    int paired;             /* > 0: each row timed in that many blocks alternating with the vendor's, its ratio
                               against that vendor time (gpb_time_paired: clocks drift under sustained load; and
                               timed vendor first, rung after, single rows of 8-34 us runs came out 2-2.5x slower in
                               one full sweep and not the next: histogram 2^23 and 2^24 0.55x / 0.52x CUB, reduce 2^15
                               0.60x, results/h100-2026-11-25b/call8, call10) */
    /* A second baseline, timed, checked (check's vendor = 2) and reported like the vendor in the row after it
     * (e.g. cuDNN next to the copy ceiling): setup sets both, or leaves baseline NULL. Ratios stay to the vendor. */
    char baseline_name[48];
    int (*baseline)(struct gpt_case *c, int set);
    const int *rungs;       /* with --rung all: only these (0 = auto); NULL: every rung, then auto */
    int nrungs;
    size_t set_bytes;       /* bytes one run moves: the sets rotate over more than 4x the L2 */
    int max_sets;           /* 0: GPT_MAX_SETS */
    int sets;               /* set by gpt_case_alloc */
    int nbuf;
    size_t bytes[GPT_MAX_BUFFERS];
    int is_output[GPT_MAX_BUFFERS];
    void *buf[GPT_MAX_SETS][GPT_MAX_BUFFERS];  /* buf[set][i]: buffer i of buffer set `set` */
} gpt_case;

typedef struct gpt_case_hooks {
    int (*setup)(gpt_bench *b, gpt_case *c);              /* 0 on success */
    int (*run)(gpt_case *c, int set);                     /* enqueue the library call on set `set`; 0 = ok */
    int (*vendor)(gpt_case *c, int set);                  /* enqueue the vendor baseline on set `set` */
    /* set 0's outputs: 1 right, 0 wrong, -1 unchecked; vendor 1: the vendor's, 2: the second baseline's, 0: a
     * rung's, called while that rung and configuration are still forced (so a check may run the call again) */
    int (*check)(gpt_case *c, int vendor, const char *label);
    void (*teardown)(gpt_case *c);                        /* frees what setup allocated besides buffers; or NULL */
    int (*reps)(const gpt_case *c, int rung, int reps);   /* or NULL: -1 skips a rung, else the reps to time */
} gpt_case_hooks;

/* Declares buffer i (the return value) of every set: `bytes` bytes, an input or an output. */
int gpt_case_buffer(gpt_case *c, size_t bytes, int is_output);
/* Chooses the sets (enough to exceed 4x the L2, at most max_sets) and allocates every buffer of each. */
int gpt_case_alloc(gpt_bench *b, gpt_case *c);
/* Appends ", N sets" to the shape when the case rotates over more than one buffer set (for shapes that do
 * not name their sets, so that the usual one-set shape stays as it was). */
void gpt_case_shape_sets(gpt_case *c);
/* Runs one case: setup, the vendor row, the rungs, the report group, teardown. Returns failures. */
int gpt_bench_case(gpt_bench *b, const gpt_case_hooks *hooks, void *state);

/* A primitive's CLI module. */
struct gpt_prim_cli {
    const char *name;
    gp_prim prim;
    const char *const *ops;   /* --op values, NULL-terminated; NULL: the primitive takes no --op */
    const char *ops_default;  /* what no --op means */
    int64_t bench_max_n;      /* the largest --n its bench takes (its vendor's limit); 0: no limit */
    /* The verify cases of one rung (0 = auto); returns failures; `detail` names them for the summary line. */
    int (*verify)(gp_handle h, const gpt_opts *o, int rung, char *detail, size_t len);
    /* The bench cases, each through gpt_bench_case; returns failures. */
    int (*bench)(gpt_bench *b);
    /* Or NULL: what the primitive's own options must be (e.g. an odd filter edge), checked with the other
     * arguments before the GPU is looked for; 0, or 1 with the reason in why (a usage error). */
    int (*check_args)(const gpt_opts *o, char *why, size_t len);
};

/* The sizes of the 1-D primitives' sweeps (bench --sweep): 2^10 .. 2^30, every power of two. */
#define GPT_SWEEP_LOG2_MIN 10
#define GPT_SWEEP_LOG2_MAX 30

/* The registry (prims.c). */
extern const gpt_prim_cli *const gpt_prims[];
extern const int gpt_prim_count;
const gpt_prim_cli *gpt_find_prim(const char *name);
/* Index of o->op in ops (NULL-terminated), or -1 if no --op was given (it was checked to be one of them). */
int gpt_op_index(const char *const *ops, const gpt_opts *o);

/* `gpuprim verify` / `gpuprim bench` of one primitive. Return failures. */
int gpt_verify_prim(gp_handle h, const gpt_prim_cli *cli, const gpt_opts *o);
int gpt_bench_prim(gp_handle h, const gpt_prim_cli *cli, const gpt_opts *o, gpb_report *r);
/* The report's device line and the device-to-device copy ceiling (1 GiB); 0 on success. */
int gpt_bench_begin(gpb_report *r, int reps);

/* The rungs a verify/bench run covers: fills out[] (0 = auto) and returns the count. */
int gpt_rungs_to_run(gp_prim p, const gpt_opts *o, int *out, int max);
/* "03 float4", "auto (04 ilp)", or "05 float4 -> 03" when a forced rung fell back. */
void gpt_rung_label(gp_prim p, int rung, int ran, char *buf, size_t len);
/* The end of a verify case's call of p forced to `rung`: the label of the rung that ran, back to the
 * automatic choice, and a wait for the call. 0 if the call and its kernels succeeded, else a message
 * naming `what` on stderr. */
int gpt_call_done(gp_handle h, gp_prim p, int rung, gp_status st, const char *what, char *label, size_t len);

#ifdef __cplusplus
}
#endif
#endif
