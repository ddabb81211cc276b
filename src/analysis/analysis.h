/* analysis.h — CPU performance-analysis models behind `gpuprim occupancy|banks|coalesce|amdahl|explain`:
 * theoretical occupancy (the toolkit's cuda_occupancy.h), shared-memory bank conflicts, global-memory
 * coalescing, Amdahl/Gustafson speed-up. Pure C, no device needed; part of the `gpt` tool kit. */
#ifndef GPA_ANALYSIS_H
#define GPA_ANALYSIS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- occupancy ---- */

/* What cuda_occupancy.h needs to know about a device (the fields of cudaDeviceProp it reads). */
typedef struct gpa_arch {
    const char *name;           /* "sm_90" */
    const char *example;        /* "H100 SXM" */
    int cc_major, cc_minor;
    int sm_count;
    int max_threads_per_block;
    int max_threads_per_sm;
    int regs_per_block;
    int regs_per_sm;
    int warp_size;
    size_t smem_per_block;        /* without opt-in (48 KiB) */
    size_t smem_per_sm;
    size_t smem_per_block_optin;
    size_t smem_reserved_per_block; /* reserved by the driver for every block (1 KiB on sm_80+) */
} gpa_arch;

/* Per-architecture table: sm_70, sm_75, sm_80, sm_86, sm_89, sm_90. NULL if unknown.
 * Accepts "sm_90", "90", "9.0", "sm_90a". */
const gpa_arch *gpa_arch_find(const char *name);
const gpa_arch *gpa_arch_at(int i); /* i-th table entry, NULL past the end */

typedef enum gpa_limit {
    GPA_LIMIT_NONE = 0,          /* no resource reported */
    GPA_LIMIT_REGISTERS,
    GPA_LIMIT_SHARED_MEMORY,
    GPA_LIMIT_WARPS,             /* threads (warps) per SM */
    GPA_LIMIT_BLOCKS,            /* resident blocks per SM */
    GPA_LIMIT_BARRIERS
} gpa_limit;

const char *gpa_limit_name(gpa_limit l);

typedef struct gpa_occ_result {
    int blocks_per_sm;           /* active blocks per SM */
    int warps_per_sm;            /* active warps per SM */
    int max_warps_per_sm;
    double occupancy;            /* warps_per_sm / max_warps_per_sm, 0..1 */
    gpa_limit limit;             /* the resource that binds (the first of them if several); with
                                    blocks_per_sm == 0, the one that does not fit */
    unsigned limit_mask;         /* every binding resource: bit (1 << gpa_limit) */
    int limit_regs, limit_smem, limit_warps, limit_blocks; /* blocks each resource alone allows */
    int regs_per_block;          /* allocated, after the allocation granularity */
    size_t smem_per_block;       /* allocated, static + dynamic + reserved, rounded */
    char suggestion[256];        /* what change would raise occupancy, or that it is at the maximum */
} gpa_occ_result;

/* Theoretical occupancy of a kernel with `threads` per block, `regs` registers per thread and `smem` bytes
 * of shared memory per block (static + dynamic) on `arch`. Returns 0, or 1 with a message in
 * out->suggestion for invalid input (threads out of range, too many registers or too much shared memory
 * for one block). smem above 48 KiB is counted as opted in (cudaFuncSetAttribute). */
int gpa_occupancy(const gpa_arch *arch, int threads, int regs, size_t smem, gpa_occ_result *out);

/* ---- shared-memory banks ---- */

/* Model: 32 banks of 4 bytes; a bank serves one 4-byte word per wavefront, lanes reading the same word
 * share it (broadcast). A warp's 4-byte accesses are one phase of 32 lanes; 8-byte accesses are split into
 * two half-warp phases (lanes 0-15, 16-31) and 16-byte accesses into four quarter-warp phases (8 lanes),
 * each phase touching up to 32 banks. Wavefronts of a phase = the most distinct words in one bank;
 * a request costs the sum over its phases; the conflict-free minimum is the number of phases. */
#define GPA_BANKS 32
#define GPA_WARP 32

typedef enum gpa_bank_pattern {
    GPA_BANKS_ROW,      /* lane i reads element (row, i) */
    GPA_BANKS_COLUMN,   /* lane i reads element (i, col) */
    GPA_BANKS_STRIDE,   /* lane i reads element i * stride of the flat array */
    GPA_BANKS_BLOCK     /* a bx x by thread block: thread (tx, ty) reads (ty, tx) (direct) or (tx, ty)
                           (transposed, as a shared-tile transpose reads its tile) */
} gpa_bank_pattern;

typedef struct gpa_bank_access {
    int row_elems;      /* row width of the shared array, in elements */
    int pad_elems;      /* padding per row, in elements (pitch = row_elems + pad_elems) */
    int elem_bytes;     /* 4, 8 or 16 */
    gpa_bank_pattern pattern;
    int row, col;       /* ROW: the row; COLUMN: the column */
    int stride;         /* STRIDE: elements between lanes */
    int block_x, block_y; /* BLOCK: thread block layout (block_x * block_y >= 32 * (warp + 1)) */
    int warp;           /* BLOCK: which warp of the block */
    int transposed;     /* BLOCK: 1 = thread (tx, ty) reads (tx, ty + row), 0 = reads (ty + row, tx) */
} gpa_bank_access;

typedef struct gpa_bank_result {
    int phases;                 /* 1, 2 or 4 */
    int lanes_per_phase;
    int64_t elem[GPA_WARP];     /* element index (flat, in elements) of each lane */
    int bank[GPA_WARP];         /* first bank of each lane */
    int banks_per_lane;         /* elem_bytes / 4 */
    int nway;                   /* worst n-way conflict over the phases (1 = conflict-free) */
    int wavefronts;             /* shared-memory wavefronts of the request */
    int ideal_wavefronts;       /* = phases */
    int extra_wavefronts;       /* wavefronts - ideal: what ncu's l1tex__data_bank_conflicts_* count */
} gpa_bank_result;

/* Returns 0, or 1 with a message in msg for invalid input. */
int gpa_banks(const gpa_bank_access *a, gpa_bank_result *out, char *msg, size_t msg_len);

/* ---- global-memory coalescing ---- */
typedef struct gpa_coalesce_access {
    int elem_bytes;     /* 1, 2, 4, 8 or 16 */
    int stride;         /* elements between consecutive lanes (0 = every lane reads the same element) */
    int offset;         /* bytes of lane 0's address past a 128-byte boundary */
    int lanes;          /* active lanes 1..32 (lanes 0..lanes-1) */
} gpa_coalesce_access;

typedef struct gpa_coalesce_result {
    int sectors;                /* distinct 32-byte sectors touched */
    int lines;                  /* distinct 128-byte cache lines touched */
    int64_t bytes_requested;    /* lanes * elem_bytes */
    int64_t bytes_unique;       /* distinct bytes the lanes ask for */
    int64_t bytes_moved;        /* sectors * 32 */
    double efficiency;          /* bytes_unique / bytes_moved, 0..1 */
    int min_sectors;            /* the fewest sectors the unique bytes could occupy */
} gpa_coalesce_result;

int gpa_coalesce(const gpa_coalesce_access *a, gpa_coalesce_result *out, char *msg, size_t msg_len);

/* ---- reading ncu's output (gpuprim explain) ---- */
/* The number in the last CSV field of a line of `ncu --csv` ("...","l1tex__...sum","sector","1,234" -> 1234;
 * thousands separators dropped); -1 if that field is not a number. */
double gpa_ncu_csv_value(const char *line);
/* A kernel's base name for ncu's --kernel-name filter: "_Z9map_naiveIL..." -> "map_naive",
 * "map_naive<(gp_binop)0>(long, ...)" -> "map_naive". */
void gpa_kernel_base_name(const char *name, char *out, size_t n);

/* ---- Amdahl / Gustafson (p = parallel fraction 0..1, n = processors >= 1) ---- */
double gpa_amdahl(double p, double n);     /* 1 / ((1 - p) + p / n) */
double gpa_gustafson(double p, double n);  /* (1 - p) + p * n */

#ifdef __cplusplus
}
#endif
#endif
