/* internal.h — what every primitive's host code shares: the handle's layout, argument checks, the rung
 * descriptor and the one picker/dispatcher. Private to the library (C, also included from .cu launchers). */
#ifndef GP_INTERNAL_H
#define GP_INTERNAL_H

#include "gpuprim.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Properties of the handle's device that launchers need, read once by gp_create. */
typedef struct gp_device_info {
    int device;
    int cc_major, cc_minor;
    int sm_count;
    int max_threads_per_sm;
    int max_blocks_per_sm;
    size_t l2_bytes;
    size_t smem_per_block_optin;   /* shared memory a block may use after cudaFuncSetAttribute */
    size_t smem_per_sm;
    int dram_gbps;                 /* peak DRAM bandwidth from the memory clock and bus width, GB/s (0: unknown) */
} gp_device_info;

#define GP_HANDLE_MAGIC 0x67707231u /* "gpr1" */
#define GP_MAX_RUNGS 32

struct gp_handle_s {
    unsigned magic;
    gp_device_info dev;
    cudaStream_t stream;
    int rung[GP_PRIM_COUNT];       /* 0 = auto */
    int last_rung[GP_PRIM_COUNT];
    int config[GP_PRIM_COUNT];     /* -1 = each rung's own rule */
    int last_config[GP_PRIM_COUNT];
    uint32_t supported[GP_PRIM_COUNT]; /* bit r: rung r runs on this device and build (valid once known) */
    int supported_known[GP_PRIM_COUNT];
    int deterministic;             /* used by reduce */
    void *workspace;
    size_t workspace_bytes;
    void *own_workspace;           /* allocated by gp_create */
    size_t own_workspace_bytes;
};

/* A rung's main kernel, for the analysis tools (occupancy, `gpuprim explain`): its function pointer (one
 * representative instantiation, e.g. the f32/add one), threads per block and dynamic shared memory as
 * launched at the primitive's benchmark size. */
typedef struct gp_kernel_info {
    const void *fn;
    int threads;
    size_t dyn_smem;
} gp_kernel_info;

/* What a launcher gets besides the primitive's argument struct. `config` is the forced tile configuration
 * (-1: the rung's own rule); `forced` is the rung the caller forced (0: picked automatically: a rung whose
 * automatic use runs a per-shape plan may then run a sibling rung, as gemm 05/06 do); a launcher writes the
 * configuration it ran to `ran_config`, and, where it hands the call to another rung at run time, that rung's
 * number to `ran_rung`. */
typedef struct gp_ctx {
    const gp_device_info *dev;
    cudaStream_t stream;
    void *workspace;
    size_t workspace_bytes;
    int config;
    int forced;                    /* the rung the caller forced (gp_set_rung), 0: the automatic choice */
    int ran_config;
    int ran_rung;
    uint32_t supported;            /* bit r: rung r runs on this device and build (a launcher handing off checks it) */
} gp_ctx;

/* Every rung of a primitive has the same two entry points over the primitive's argument struct
 * (gp_map_args, gp_scan_args, ...): launch it, and say whether it can take these arguments at all.
 * GP_LAUNCHER / GP_ACCEPTS define them with the struct's type (see GP_RUNG below). */
typedef gp_status (*gp_launch_fn)(gp_ctx *c, const void *args);
typedef int (*gp_accepts_fn)(const gp_device_info *dev, const void *args);

enum {
    GP_RUNG_AUTO = 0,        /* the automatic choice may pick the rung */
    GP_RUNG_NOT_AUTO = 1     /* measured slower than a rung below it: forced only (teaching, tests) */
};

/* One rung: one line of its primitive's table, defined in the rung's own file with GP_RUNG. */
typedef struct gp_rung_desc {
    const char *name;
    const char *summary;
    int min_cc;                  /* compute capability x10 the rung's kernels need */
    int flags;                   /* GP_RUNG_AUTO or GP_RUNG_NOT_AUTO */
    gp_launch_fn launch;
    gp_accepts_fn accepts;       /* NULL: any arguments the dispatcher's checks let through */
    gp_kernel_info (*kernel)(void);
    int configs;                 /* tile configurations (gp_set_config), 0 if none */
    const char *(*config_name)(int cfg);
} gp_rung_desc;

/* A primitive: its name and its rungs, in ladder order (rung k is rungs[k - 1]). */
typedef struct gp_prim_desc {
    const char *name;
    const gp_rung_desc *const *rungs;
    int count;
} gp_prim_desc;

/* The registry (rungs.c): gp__prims[p] for every gp_prim. */
const gp_prim_desc *gp__prim(gp_prim p);

/* The rung to run for a call (pure: unit-tested on the CPU). `supported` has bit r set for each rung r
 * the device and build can run; `forced` is 0 (automatic) or a rung number. Returns the rung, or 0 with
 * GP_ERROR_NOT_SUPPORTED in *st when a forced rung is not supported or no rung can run. The rule:
 *   forced r: r if accepted; else the highest rung below r that is supported and accepts the arguments;
 *             else the automatic choice;
 *   automatic: the highest supported rung that accepts the arguments and is not GP_RUNG_NOT_AUTO. */
int gp__pick(const gp_prim_desc *pd, int forced, uint32_t supported, const gp_device_info *dev, const void *args,
             gp_status *st);

/* Bit r set for each rung of pd whose min_cc is <= cc (pure). */
uint32_t gp__supported_by_cc(const gp_prim_desc *pd, int cc);
/* Bit r set if rung r of p runs on the handle's device: its min_cc is met and the build holds code its
 * kernel can run (cudaFuncGetAttributes' binaryVersion >= min_cc). Cached in the handle. */
uint32_t gp__supported_rungs(gp_handle h, gp_prim p);

/* Picks the rung for `args`, launches it on the handle's stream with the handle's workspace and records
 * the rung and configuration that ran (gp_get_last_rung / gp_get_last_config). */
gp_status gp__dispatch(gp_handle h, gp_prim p, const void *args);

/* Defines a rung's typed launcher `static gp_status NAME(gp_ctx *CTX, const ARGS_T *ARGS)` together with the
 * generic entry point NAME_entry(gp_ctx *, const void *) that the rung table holds. Use as
 *     GP_LAUNCHER(map_r03_launch, gp_map_args, ctx, p) { ... body using ctx and p ... }
 * GP_ACCEPTS(NAME, ARGS_T, DEV, ARGS) likewise defines `static int NAME(const gp_device_info *DEV,
 * const ARGS_T *ARGS)`: 1 if the rung can take these arguments. */
#define GP_LAUNCHER(NAME, ARGS_T, CTX, ARGS)                                                       \
    static gp_status NAME(gp_ctx *CTX, const ARGS_T *ARGS);                                         \
    static gp_status NAME##_entry(gp_ctx *c_, const void *p_) { return NAME(c_, (const ARGS_T *)p_); } \
    static gp_status NAME(gp_ctx *CTX, const ARGS_T *ARGS)
#define GP_ACCEPTS(NAME, ARGS_T, DEV, ARGS)                                                        \
    static int NAME(const gp_device_info *DEV, const ARGS_T *ARGS);                                 \
    static int NAME##_entry(const gp_device_info *d_, const void *p_) { return NAME(d_, (const ARGS_T *)p_); } \
    static int NAME(const gp_device_info *DEV, const ARGS_T *ARGS)

/* The table line of a rung, in its own file:
 *     GP_RUNG(gp__map_r03, "float4", "16-byte vector loads/stores", 70, GP_RUNG_AUTO,
 *             map_r03_launch_entry, map_vec_accepts_entry, map_r03_kernel);
 * and one line X(gp__map_r03) in the primitive's rung list (<prim>.c). */
#ifdef __cplusplus
#define GP_RUNG_EXTERN extern "C"
#define GP_RUNG_DEFINE extern "C"
#else
#define GP_RUNG_EXTERN extern
#define GP_RUNG_DEFINE /* a C file-scope const has external linkage already */
#endif
#define GP_RUNG(SYM, NAME, SUMMARY, MIN_CC, FLAGS, LAUNCH, ACCEPTS, KERNEL)                 \
    GP_RUNG_EXTERN const gp_rung_desc SYM;                                                 \
    GP_RUNG_DEFINE const gp_rung_desc SYM = {NAME, SUMMARY, MIN_CC, FLAGS, LAUNCH, ACCEPTS, KERNEL, 0, NULL}
#define GP_RUNG_CONFIGS(SYM, NAME, SUMMARY, MIN_CC, FLAGS, LAUNCH, ACCEPTS, KERNEL, CONFIGS, CONFIG_NAME) \
    GP_RUNG_EXTERN const gp_rung_desc SYM;                                                 \
    GP_RUNG_DEFINE const gp_rung_desc SYM = {NAME, SUMMARY, MIN_CC, FLAGS, LAUNCH, ACCEPTS, KERNEL, CONFIGS, CONFIG_NAME}

/* For the dispatchers: a primitive's rung list X(sym) ... becomes its table. */
#define GP_RUNG_DECLARE(SYM) extern const gp_rung_desc SYM;
#define GP_RUNG_ADDRESS(SYM) &SYM,
#define GP_PRIM_TABLE(VAR, NAME, LIST)                                                     \
    LIST(GP_RUNG_DECLARE)                                                                  \
    static const gp_rung_desc *const VAR##_rungs[] = {LIST(GP_RUNG_ADDRESS)};              \
    const gp_prim_desc VAR = {NAME, VAR##_rungs, (int)(sizeof VAR##_rungs / sizeof VAR##_rungs[0])}

/* ---- argument checks (checks.c). Each returns GP_SUCCESS or the status to report. ---- */
gp_status gp__check_handle(gp_handle h);
/* NULL -> GP_ERROR_NULL_POINTER; host memory the device cannot reach -> GP_ERROR_HOST_POINTER. */
gp_status gp__check_dev_ptr(const void *p);
/* Pure checks, no CUDA (unit-tested on the CPU). */
gp_status gp__check_size(int64_t n);
/* A rows x cols row-major matrix with leading dimension ld: rows, cols >= 0, ld >= max(1, cols). */
gp_status gp__check_matrix(int64_t rows, int64_t cols, int64_t ld);
/* 1 if the byte ranges [a, a+abytes) and [b, b+bbytes) intersect. */
int gp__ranges_overlap(const void *a, size_t abytes, const void *b, size_t bbytes);
/* Maps a CUDA error after a launch to a status (clears sticky-free errors). */
gp_status gp__launch_status(void);

#define GP_TRY(expr) do { gp_status gp__s = (expr); if (gp__s != GP_SUCCESS) return gp__s; } while (0)

#ifdef __cplusplus
}
#endif
#endif
