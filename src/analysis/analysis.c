/* analysis.c — the models of analysis.h. Occupancy is the toolkit's calculator (cuda_occupancy.h, the rules
 * the runtime itself uses), fed from a per-architecture table; banks, coalescing and the speed-up laws are
 * small exact counts. */
#include "analysis.h"
#include <cuda_occupancy.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- per-architecture limits (CUDA C Programming Guide, "Technical Specifications per Compute
 * Capability", and cudaDeviceProp of the named GPUs) ---- */
static const gpa_arch arch_table[] = {
    /* name  example       cc    SMs  thr/blk thr/SM regs/blk regs/SM warp smem/blk  smem/SM   optin     reserved */
    {"sm_70", "V100",       7, 0,  80, 1024, 2048, 65536, 65536, 32, 49152, 98304,  98304,  0},
    {"sm_75", "T4",         7, 5,  40, 1024, 1024, 65536, 65536, 32, 49152, 65536,  65536,  0},
    {"sm_80", "A100",       8, 0, 108, 1024, 2048, 65536, 65536, 32, 49152, 167936, 166912, 1024},
    {"sm_86", "RTX 3090",   8, 6,  82, 1024, 1536, 65536, 65536, 32, 49152, 102400, 101376, 1024},
    {"sm_89", "RTX 4090",   8, 9, 128, 1024, 1536, 65536, 65536, 32, 49152, 102400, 101376, 1024},
    {"sm_90", "H100 SXM",   9, 0, 132, 1024, 2048, 65536, 65536, 32, 49152, 233472, 232448, 1024},
};
#define ARCH_COUNT ((int)(sizeof arch_table / sizeof arch_table[0]))

const gpa_arch *gpa_arch_at(int i)
{
    return (i >= 0 && i < ARCH_COUNT) ? &arch_table[i] : NULL;
}

const gpa_arch *gpa_arch_find(const char *name)
{
    int major = -1, minor = -1;
    char tail[8] = "";
    if (!name) return NULL;
    if (!strncmp(name, "sm_", 3) || !strncmp(name, "SM_", 3)) name += 3;
    else if (!strncmp(name, "compute_", 8)) name += 8;
    if (sscanf(name, "%d.%d%7s", &major, &minor, tail) >= 2) {
        if (tail[0]) return NULL;
    } else {
        int cc = -1;
        char c = 0;
        int k = sscanf(name, "%d%c", &cc, &c);
        if (k < 1 || (k == 2 && c != 'a') || cc < 10 || cc > 99) return NULL;
        if (k == 2 && name[strlen(name) - 1] != 'a') return NULL;
        major = cc / 10;
        minor = cc % 10;
    }
    for (int i = 0; i < ARCH_COUNT; i++)
        if (arch_table[i].cc_major == major && arch_table[i].cc_minor == minor) return &arch_table[i];
    return NULL;
}

const char *gpa_limit_name(gpa_limit l)
{
    switch (l) {
    case GPA_LIMIT_REGISTERS: return "registers";
    case GPA_LIMIT_SHARED_MEMORY: return "shared memory";
    case GPA_LIMIT_WARPS: return "threads (warps) per SM";
    case GPA_LIMIT_BLOCKS: return "blocks per SM";
    case GPA_LIMIT_BARRIERS: return "barriers per SM";
    default: return "none";
    }
}

/* ---- occupancy ---- */

static int occ_raw(const gpa_arch *a, int threads, int regs, size_t smem, cudaOccResult *r)
{
    cudaOccDeviceProp p;
    cudaOccFuncAttributes f;
    cudaOccDeviceState s;
    memset(&p, 0, sizeof p);
    memset(&f, 0, sizeof f);
    memset(&s, 0, sizeof s);
    memset(r, 0, sizeof *r);
    p.computeMajor = a->cc_major;
    p.computeMinor = a->cc_minor;
    p.maxThreadsPerBlock = a->max_threads_per_block;
    p.maxThreadsPerMultiprocessor = a->max_threads_per_sm;
    p.regsPerBlock = a->regs_per_block;
    p.regsPerMultiprocessor = a->regs_per_sm;
    p.warpSize = a->warp_size;
    p.sharedMemPerBlock = a->smem_per_block;
    p.sharedMemPerMultiprocessor = a->smem_per_sm;
    p.numSms = a->sm_count;
    p.sharedMemPerBlockOptin = a->smem_per_block_optin;
    p.reservedSharedMemPerBlock = a->smem_reserved_per_block;
    f.maxThreadsPerBlock = a->max_threads_per_block;
    f.numRegs = regs;
    f.sharedSizeBytes = 0; /* all of it passed as dynamic, opted in where above the default limit */
    f.partitionedGCConfig = PARTITIONED_GC_OFF;
    f.shmemLimitConfig = smem > a->smem_per_block ? FUNC_SHMEM_LIMIT_OPTIN : FUNC_SHMEM_LIMIT_DEFAULT;
    f.maxDynamicSharedSizeBytes = smem;
    f.numBlockBarriers = 1;
    f.virtualResourceCount = 0;
    s.cacheConfig = CACHE_PREFER_NONE;
    s.carveoutConfig = SHAREDMEM_CARVEOUT_DEFAULT;
    return cudaOccMaxActiveBlocksPerMultiprocessor(r, &p, &f, &s, threads, smem) != CUDA_OCC_SUCCESS;
}

static int blocks_for(const gpa_arch *a, int threads, int regs, size_t smem)
{
    cudaOccResult r;
    return occ_raw(a, threads, regs, smem, &r) ? 0 : r.activeBlocksPerMultiprocessor;
}

static int warps_of(const gpa_arch *a, int threads)
{
    return (threads + a->warp_size - 1) / a->warp_size;
}

/* Each of these writes a suggestion for one binding resource; returns 1 if a change of it alone raises the
 * occupancy, 0 (and a plain statement) otherwise. */
static int suggest_regs(const gpa_arch *a, int threads, int regs, size_t smem, const gpa_occ_result *o, char *s,
                        size_t n)
{
    int wpb = warps_of(a, threads);
    for (int r = regs - 1; r >= 1; r--) {
        int b = blocks_for(a, threads, r, smem);
        if (b > o->blocks_per_sm) {
            snprintf(s, n, "registers limit to %d blocks; <= %d registers per thread would fit %d blocks "
                           "(%d warps, %.1f%%): __launch_bounds__(%d, %d) or -maxrregcount=%d",
                     o->blocks_per_sm, r, b, b * wpb, 100.0 * b * wpb / o->max_warps_per_sm, threads, b, r);
            return 1;
        }
    }
    snprintf(s, n, "registers limit to %d blocks; fewer registers alone would not raise it", o->blocks_per_sm);
    return 0;
}

static int suggest_smem(const gpa_arch *a, int threads, int regs, size_t smem, const gpa_occ_result *o, char *s,
                        size_t n)
{
    int wpb = warps_of(a, threads);
    const size_t step = 128;
    /* the largest per-block size, in 128-byte steps, that admits more blocks */
    for (size_t x = smem - smem % step; x >= step; x -= step) {
        int b = blocks_for(a, threads, regs, x);
        if (b > o->blocks_per_sm) {
            snprintf(s, n, "shared memory limits to %d blocks; <= %zu bytes per block would allow %d "
                           "(%d warps, %.1f%%)",
                     o->blocks_per_sm, x, b, b * wpb, 100.0 * b * wpb / o->max_warps_per_sm);
            return 1;
        }
    }
    if (smem > 0 && blocks_for(a, threads, regs, 0) > o->blocks_per_sm) {
        snprintf(s, n, "shared memory limits to %d blocks; only dropping it below %zu bytes per block would help",
                 o->blocks_per_sm, step);
        return 1;
    }
    snprintf(s, n, "shared memory limits to %d blocks; less shared memory alone would not raise it",
             o->blocks_per_sm);
    return 0;
}

/* Threads or block slots: the block size (a multiple of the warp size) with the most warps per SM, nearest
 * the current one. */
static int suggest_block_size(const gpa_arch *a, int threads, int regs, size_t smem, const gpa_occ_result *o,
                              char *s, size_t n)
{
    int best_t = 0, best_w = o->warps_per_sm, wpb = warps_of(a, threads);
    for (int w = 1; w * a->warp_size <= a->max_threads_per_block; w++) {
        int t = w * a->warp_size, warps = blocks_for(a, t, regs, smem) * w;
        int dist = w > wpb ? w - wpb : wpb - w, best_dist = best_t / a->warp_size > wpb
                                                                 ? best_t / a->warp_size - wpb
                                                                 : wpb - best_t / a->warp_size;
        if (warps > best_w || (best_t && warps == best_w && dist < best_dist)) { best_w = warps; best_t = t; }
    }
    if (o->limit == GPA_LIMIT_BLOCKS)
        snprintf(s, n, "the limit of %d resident blocks per SM binds (%d blocks of %d threads = %d warps)",
                 o->limit_blocks, o->blocks_per_sm, threads, o->warps_per_sm);
    else
        snprintf(s, n, "threads per SM limit to %d blocks of %d threads (%d warps of %d)", o->blocks_per_sm, threads,
                 o->warps_per_sm, o->max_warps_per_sm);
    if (best_t) {
        size_t len = strlen(s);
        snprintf(s + len, n - len, "; %d threads per block would give %d warps (%.1f%%)", best_t, best_w,
                 100.0 * best_w / o->max_warps_per_sm);
        return 1;
    }
    return 0;
}

static void suggest(const gpa_arch *a, int threads, int regs, size_t smem, gpa_occ_result *o)
{
    char *s = o->suggestion;
    size_t n = sizeof o->suggestion;
    char first[sizeof o->suggestion] = "";
    if (o->blocks_per_sm == 0) {
        if ((long)regs * threads > a->regs_per_block)
            snprintf(s, n, "does not fit: %d registers x %d threads exceeds the %d registers a block may use",
                     regs, threads, a->regs_per_block);
        else if (smem > a->smem_per_block_optin)
            snprintf(s, n, "does not fit: %zu bytes of shared memory exceed the %zu a block may use (opt-in)", smem,
                     a->smem_per_block_optin);
        else
            snprintf(s, n, "does not fit: use fewer registers or less shared memory per block");
        return;
    }
    if (o->warps_per_sm >= o->max_warps_per_sm) {
        snprintf(s, n, "occupancy is at the maximum (%d of %d warps)", o->warps_per_sm, o->max_warps_per_sm);
        return;
    }
    /* every binding resource in turn; the first whose change alone helps, else the first statement */
    for (int l = GPA_LIMIT_REGISTERS; l <= GPA_LIMIT_BLOCKS; l++) {
        int ok;
        if (!(o->limit_mask & (1u << l))) continue;
        if (l == GPA_LIMIT_REGISTERS) ok = suggest_regs(a, threads, regs, smem, o, s, n);
        else if (l == GPA_LIMIT_SHARED_MEMORY) ok = suggest_smem(a, threads, regs, smem, o, s, n);
        else ok = suggest_block_size(a, threads, regs, smem, o, s, n);
        if (ok) return;
        if (!first[0]) memcpy(first, s, sizeof first);
    }
    if (first[0]) memcpy(s, first, n);
    else snprintf(s, n, "limited by %s", gpa_limit_name(o->limit));
}

int gpa_occupancy(const gpa_arch *a, int threads, int regs, size_t smem, gpa_occ_result *o)
{
    cudaOccResult r;
    memset(o, 0, sizeof *o);
    if (!a) {
        snprintf(o->suggestion, sizeof o->suggestion, "unknown architecture");
        return 1;
    }
    if (threads < 1 || threads > a->max_threads_per_block) {
        snprintf(o->suggestion, sizeof o->suggestion, "threads per block must be 1..%d, not %d",
                 a->max_threads_per_block, threads);
        return 1;
    }
    if (smem > ((size_t)1 << 30)) {
        snprintf(o->suggestion, sizeof o->suggestion, "shared memory per block must be at most 1 GiB");
        return 1;
    }
    if (regs < 0 || regs > 255) {
        snprintf(o->suggestion, sizeof o->suggestion, "registers per thread must be 0..255, not %d", regs);
        return 1;
    }
    if (occ_raw(a, threads, regs, smem, &r)) {
        snprintf(o->suggestion, sizeof o->suggestion, "the occupancy calculator rejected the input");
        return 1;
    }
    o->blocks_per_sm = r.activeBlocksPerMultiprocessor;
    o->max_warps_per_sm = a->max_threads_per_sm / a->warp_size;
    o->warps_per_sm = o->blocks_per_sm * warps_of(a, threads);
    o->occupancy = (double)o->warps_per_sm / o->max_warps_per_sm;
    o->limit_regs = r.blockLimitRegs;
    o->limit_smem = r.blockLimitSharedMem;
    o->limit_warps = r.blockLimitWarps;
    o->limit_blocks = r.blockLimitBlocks;
    o->regs_per_block = r.allocatedRegistersPerBlock;
    o->smem_per_block = r.allocatedSharedMemPerBlock;
    if (r.limitingFactors & OCC_LIMIT_REGISTERS) o->limit_mask |= 1u << GPA_LIMIT_REGISTERS;
    if (r.limitingFactors & OCC_LIMIT_SHARED_MEMORY) o->limit_mask |= 1u << GPA_LIMIT_SHARED_MEMORY;
    if (r.limitingFactors & OCC_LIMIT_WARPS) o->limit_mask |= 1u << GPA_LIMIT_WARPS;
    if (r.limitingFactors & OCC_LIMIT_BLOCKS) o->limit_mask |= 1u << GPA_LIMIT_BLOCKS;
    if (r.limitingFactors & OCC_LIMIT_BARRIERS) o->limit_mask |= 1u << GPA_LIMIT_BARRIERS;
    if (!o->limit_mask) o->limit = GPA_LIMIT_NONE;
    else if (o->limit_mask & (1u << GPA_LIMIT_REGISTERS)) o->limit = GPA_LIMIT_REGISTERS;
    else if (o->limit_mask & (1u << GPA_LIMIT_SHARED_MEMORY)) o->limit = GPA_LIMIT_SHARED_MEMORY;
    else if (o->limit_mask & (1u << GPA_LIMIT_WARPS)) o->limit = GPA_LIMIT_WARPS;
    else if (o->limit_mask & (1u << GPA_LIMIT_BLOCKS)) o->limit = GPA_LIMIT_BLOCKS;
    else o->limit = GPA_LIMIT_BARRIERS;
    suggest(a, threads, regs, smem, o);
    return 0;
}

/* ---- banks ---- */

int gpa_banks(const gpa_bank_access *a, gpa_bank_result *o, char *msg, size_t ml)
{
    int64_t pitch;
    memset(o, 0, sizeof *o);
    if (a->elem_bytes != 4 && a->elem_bytes != 8 && a->elem_bytes != 16) {
        snprintf(msg, ml, "element size must be 4, 8 or 16 bytes, not %d", a->elem_bytes);
        return 1;
    }
    if (a->row_elems < 1 || a->row_elems > (1 << 20) || a->pad_elems < 0 || a->pad_elems > (1 << 20)) {
        snprintf(msg, ml, "row width must be 1..%d elements and padding 0..%d", 1 << 20, 1 << 20);
        return 1;
    }
    pitch = (int64_t)a->row_elems + a->pad_elems;
    for (int lane = 0; lane < GPA_WARP; lane++) {
        int64_t e;
        switch (a->pattern) {
        case GPA_BANKS_ROW:
            if (a->row < 0 || a->row_elems < GPA_WARP) {
                snprintf(msg, ml, "a row read needs a row >= 0 and a row width >= 32 elements (one per lane)");
                return 1;
            }
            e = a->row * pitch + lane;
            break;
        case GPA_BANKS_COLUMN:
            if (a->col < 0 || a->col >= a->row_elems) {
                snprintf(msg, ml, "column %d is outside the row width %d", a->col, a->row_elems);
                return 1;
            }
            e = lane * pitch + a->col;
            break;
        case GPA_BANKS_STRIDE:
            if (a->stride < 0 || a->stride > (1 << 20)) {
                snprintf(msg, ml, "stride must be 0..%d elements, not %d", 1 << 20, a->stride);
                return 1;
            }
            e = (int64_t)lane * a->stride;
            break;
        case GPA_BANKS_BLOCK: {
            int t = a->warp * GPA_WARP + lane, tx, ty, c;
            if (a->block_x < 1 || a->block_y < 1 || a->block_x * a->block_y > 1024 || a->warp < 0 ||
                (a->warp + 1) * GPA_WARP > a->block_x * a->block_y || a->row < 0) {
                snprintf(msg, ml, "a %dx%d block has no warp %d (block_x * block_y <= 1024, at least 32 threads "
                                  "per warp asked for)", a->block_x, a->block_y, a->warp);
                return 1;
            }
            tx = t % a->block_x;
            ty = t / a->block_x + a->row;
            c = a->transposed ? ty : tx;
            if (c >= a->row_elems) {
                snprintf(msg, ml, "thread (%d, %d) reads column %d, outside the row width %d", tx, ty - a->row, c,
                         a->row_elems);
                return 1;
            }
            e = a->transposed ? (int64_t)tx * pitch + ty : (int64_t)ty * pitch + tx;
            break;
        }
        default:
            snprintf(msg, ml, "unknown access pattern");
            return 1;
        }
        o->elem[lane] = e;
        o->bank[lane] = (int)((e * (a->elem_bytes / 4)) % GPA_BANKS);
    }
    o->banks_per_lane = a->elem_bytes / 4;
    o->phases = a->elem_bytes / 4;
    o->lanes_per_phase = GPA_WARP / o->phases;
    o->nway = 1;
    for (int ph = 0; ph < o->phases; ph++) {
        int64_t words[GPA_BANKS][GPA_WARP * 4];
        int count[GPA_BANKS] = {0}, worst = 0;
        for (int l = ph * o->lanes_per_phase; l < (ph + 1) * o->lanes_per_phase; l++)
            for (int k = 0; k < o->banks_per_lane; k++) {
                int64_t w = o->elem[l] * o->banks_per_lane + k;
                int b = (int)(w % GPA_BANKS), seen = 0;
                for (int j = 0; j < count[b]; j++) seen |= words[b][j] == w;
                if (!seen) words[b][count[b]++] = w;
            }
        for (int b = 0; b < GPA_BANKS; b++)
            if (count[b] > worst) worst = count[b];
        if (worst > o->nway) o->nway = worst;
        o->wavefronts += worst;
    }
    o->ideal_wavefronts = o->phases;
    o->extra_wavefronts = o->wavefronts - o->ideal_wavefronts;
    if (msg && ml) msg[0] = 0;
    return 0;
}

/* ---- coalescing ---- */

static int count_distinct(int64_t *v, int n)
{
    int d = 0;
    for (int i = 0; i < n; i++) {
        int seen = 0;
        for (int j = 0; j < i; j++) seen |= v[j] == v[i];
        d += !seen;
    }
    return d;
}

int gpa_coalesce(const gpa_coalesce_access *a, gpa_coalesce_result *o, char *msg, size_t ml)
{
    int64_t addr[GPA_WARP], sec[GPA_WARP], line[GPA_WARP];
    int e = a->elem_bytes, distinct;
    memset(o, 0, sizeof *o);
    if (e != 1 && e != 2 && e != 4 && e != 8 && e != 16) {
        snprintf(msg, ml, "element size must be 1, 2, 4, 8 or 16 bytes, not %d", e);
        return 1;
    }
    if (a->lanes < 1 || a->lanes > GPA_WARP) {
        snprintf(msg, ml, "active lanes must be 1..32, not %d", a->lanes);
        return 1;
    }
    if (a->stride < 0 || a->stride > (1 << 24)) {
        snprintf(msg, ml, "stride must be 0..%d elements, not %d", 1 << 24, a->stride);
        return 1;
    }
    if (a->offset < 0 || a->offset > (1 << 24)) {
        snprintf(msg, ml, "offset must be 0..%d bytes, not %d", 1 << 24, a->offset);
        return 1;
    }
    if (a->offset % e) {
        snprintf(msg, ml, "offset %d is misaligned: a %d-byte access needs an address that is a multiple of %d",
                 a->offset, e, e);
        return 1;
    }
    for (int i = 0; i < a->lanes; i++) {
        addr[i] = a->offset + (int64_t)i * a->stride * e;
        sec[i] = addr[i] / 32;   /* naturally aligned accesses of <= 16 bytes lie in one sector */
        line[i] = addr[i] / 128;
    }
    distinct = count_distinct(addr, a->lanes);
    o->sectors = count_distinct(sec, a->lanes);
    o->lines = count_distinct(line, a->lanes);
    o->bytes_requested = (int64_t)a->lanes * e;
    o->bytes_unique = (int64_t)distinct * e;
    o->bytes_moved = (int64_t)o->sectors * 32;
    o->efficiency = (double)o->bytes_unique / (double)o->bytes_moved;
    o->min_sectors = (int)((o->bytes_unique + 31) / 32);
    if (msg && ml) msg[0] = 0;
    return 0;
}

/* ---- reading ncu's output ---- */

/* The value of the last CSV field of a line, thousands separators removed; -1 if not a number. */
double gpa_ncu_csv_value(const char *line)
{
    const char *q = strrchr(line, ',');
    char num[64];
    int k = 0;
    const char *p;
    /* the last field is quoted: "...","1,234" -> find its opening quote */
    p = line + strlen(line);
    while (p > line && (p[-1] == '\n' || p[-1] == '\r' || p[-1] == ' ')) p--;
    if (p > line && p[-1] == '"') {
        const char *e = p - 1, *s = e;
        while (s > line && s[-1] != '"') s--;
        for (const char *t = s; t < e && k < 63; t++)
            if (*t != ',') num[k++] = *t;
    } else if (q) {
        for (const char *t = q + 1; t < p && k < 63; t++) num[k++] = *t;
    }
    num[k] = 0;
    if (!k) return -1;
    {
        char *end;
        double v = strtod(num, &end);
        return end == num ? -1 : v;
    }
}

/* Base name of a kernel for ncu's function-name filter: _Z9map_naiveI... -> map_naive; a demangled
 * "map_naive<(gp_binop)0>(...)" -> map_naive. */
void gpa_kernel_base_name(const char *name, char *out, size_t n)
{
    int len = 0, used = 0;
    size_t k = 0;
    if (!strncmp(name, "_Z", 2) && sscanf(name + 2, "%d%n", &len, &used) == 1 && len > 0 && (size_t)len < n &&
        (int)strlen(name + 2 + used) >= len) {
        memcpy(out, name + 2 + used, (size_t)len);
        out[len] = 0;
        return;
    }
    while (name[k] && k + 1 < n && (name[k] == '_' || (name[k] >= '0' && name[k] <= '9') ||
                                    (name[k] >= 'a' && name[k] <= 'z') || (name[k] >= 'A' && name[k] <= 'Z')))
        k++;
    memcpy(out, name, k);
    out[k] = 0;
}

/* ---- speed-up laws ---- */
double gpa_amdahl(double p, double n) { return 1.0 / ((1.0 - p) + p / n); }
double gpa_gustafson(double p, double n) { return (1.0 - p) + p * n; }
