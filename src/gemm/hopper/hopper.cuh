/* hopper.cuh — what the Hopper gemm rungs 04-08 share (CUDA C, sm_90a):
 *   host:   tensor-map creation (cuTensorMapEncodeTiled reached through cudaGetDriverEntryPointByVersion, so the
 *           library links only the CUDA runtime), the argument checks every Hopper rung makes, the operand
 *           tensor maps of one call, the k == 0 path (C = beta * C);
 *   device: mbarrier, TMA (cp.async.bulk.tensor), wgmma, setmaxnreg and proxy-fence wrappers (inline PTX,
 *           sm_90a only), shared-memory matrix descriptors for the 128-byte swizzle, the operand-tile loads of
 *           one pipeline stage and the accumulator-fragment epilogue.
 *
 * Shared-memory operand layout (every rung). A k-block is BK = 128 bytes of k: 64 f16/bf16 or 32 f32 (tf32)
 * elements, so that one row of a K-major tile is one 128-byte swizzle row.
 *   K-major operand (A with ta == 0: stored m x k; B with tb == 1: stored n x k): the tile is R rows (m or n)
 *     of 128 bytes, loaded by one TMA box {BK, R} with CU_TENSOR_MAP_SWIZZLE_128B: row r lies at r * 128 with
 *     its 16-byte units XOR-ed by r % 8. wgmma descriptor: SBO = 1024 (8 rows), LBO unused (1), swizzle 128B;
 *     rows 64i.. of an m64 sub-tile start at +64i*128; the j-th k-step (16 elements for f16/bf16, 8 for tf32:
 *     32 bytes either way) starts at +32j (the swizzle is applied by the hardware on address bits 4-6 against
 *     bits 7-9, so the tile base must be 1024-byte aligned: every tile is).
 *   MN-major operand (A with ta == 1: stored k x m; B with tb == 0: stored k x n): the tile is R/BK chunks of
 *     BK k-rows x BK elements (128 bytes), chunk c (elements BK*c.. along m or n) at c * BK * 128, each loaded by
 *     one TMA box {BK, BK} with the 128-byte swizzle. 16-bit types (BK = 64) read it through a descriptor:
 *     LBO = BK * 128 (next 64-element chunk along m/n), SBO = 1024 (next 8 k-rows), swizzle 128B; a k-step of 16
 *     rows starts at +16 * 128 = 2048 bytes; an m64 sub-tile of A is one chunk. tf32 (BK = 32; wgmma reads tf32
 *     only K-major) has it only as rung 06's A, which the consumers load into registers (gp_h_rs_load).
 *   Elements of the box outside the matrix (m, n or k tails) are filled with zeros by the TMA, so a tail
 *   k-block adds nothing, and loads never touch memory outside the matrix.
 * TMA needs the global base 16-byte aligned and every row stride a multiple of 16 bytes: vec_a / vec_b. */
#ifndef GP_GEMM_HOPPER_CUH
#define GP_GEMM_HOPPER_CUH

#include <stdint.h>
#include <string.h>
#include <cuda.h> /* CUtensorMap and its enums only: the driver is reached through the runtime's entry point */
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include "hopper_internal.h"
#include "../../common/util.cuh"

/* The code below that uses sm_90a-only instructions (wgmma, setmaxnreg) is compiled only for that target; for
 * sm_80 etc. the kernels' bodies are a trap and the rungs declare min_cc 90. */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900 && defined(__CUDA_ARCH_FEAT_SM90_ALL)
#define GP_HOPPER_DEVICE 1
#else
#define GP_HOPPER_DEVICE 0
#endif

/* Operand kinds (the wgmma input type). */
enum { GP_HK_F16 = 0, GP_HK_BF16 = 1, GP_HK_TF32 = 2 };
enum { GP_H_BK_BYTES = 128 };          /* bytes of k per k-block (one swizzle row) */
enum { GP_H_KSTEP_BYTES = 32 };        /* bytes of k per wgmma (k16 x 2 bytes, k8 x 4 bytes) */
enum { GP_H_CHUNK_N = 32, GP_H_CBUF = 8192 }; /* TMA-store epilogue: chunk columns, bytes per buffer (64 x 32 x 4) */

/* ------------------------------------------------------------------------------------------------------------
 * Host: tensor maps
 * ------------------------------------------------------------------------------------------------------------ */
typedef CUresult (*gp_pfn_tmap_encode_tiled)(CUtensorMap *, CUtensorMapDataType, cuuint32_t, void *, const cuuint64_t *,
                                             const cuuint64_t *, const cuuint32_t *, const cuuint32_t *,
                                             CUtensorMapInterleave, CUtensorMapSwizzle, CUtensorMapL2promotion,
                                             CUtensorMapFloatOOBfill);

/* The driver's cuTensorMapEncodeTiled, looked up once (per rung file; a race only looks it up twice). */
static inline gp_pfn_tmap_encode_tiled gp_h_encode_fn(void)
{
    static gp_pfn_tmap_encode_tiled fn = NULL;
    gp_pfn_tmap_encode_tiled f = __atomic_load_n(&fn, __ATOMIC_ACQUIRE);
    if (f) return f;
    void *p = NULL;
    cudaDriverEntryPointQueryResult q = cudaDriverEntryPointSymbolNotFound;
    if (cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &p, 12000, cudaEnableDefault, &q) != cudaSuccess ||
        q != cudaDriverEntryPointSuccess || !p) {
        (void)cudaGetLastError();
        return NULL;
    }
    f = (gp_pfn_tmap_encode_tiled)p;
    __atomic_store_n(&fn, f, __ATOMIC_RELEASE);
    return f;
}

static inline CUtensorMapDataType gp_h_tmap_dtype(gp_dtype t)
{
    return t == GP_DTYPE_F32 ? CU_TENSOR_MAP_DATA_TYPE_FLOAT32
           : t == GP_DTYPE_F16 ? CU_TENSOR_MAP_DATA_TYPE_FLOAT16 : CU_TENSOR_MAP_DATA_TYPE_BFLOAT16;
}

#ifndef GP_H_L2_PROMO /* the tensor maps' L2 promotion (diagnosis builds may set another) */
#define GP_H_L2_PROMO CU_TENSOR_MAP_L2_PROMOTION_L2_256B
#endif

/* A rows x cols row-major matrix (leading dimension ld elements) seen as a 2-D tensor {cols, rows}, read or
 * written in boxes of {box_cols, box_rows} with the given swizzle (box_cols * elem == the swizzle span).
 * Returns 0 on success. */
static inline int gp_h_tmap_2d(CUtensorMap *map, const void *base, gp_dtype t, int64_t rows, int64_t cols,
                               int64_t ld, int box_cols, int box_rows,
                               CUtensorMapSwizzle swz = CU_TENSOR_MAP_SWIZZLE_128B)
{
    gp_pfn_tmap_encode_tiled enc = gp_h_encode_fn();
    if (!enc) return 1;
    const size_t es = gp__gemm_elem_size(t);
    cuuint64_t dims[2] = {(cuuint64_t)cols, (cuuint64_t)rows};
    cuuint64_t strides[1] = {(cuuint64_t)ld * es};
    cuuint32_t box[2] = {(cuuint32_t)box_cols, (cuuint32_t)box_rows};
    cuuint32_t estr[2] = {1, 1};
    CUresult r = enc(map, gp_h_tmap_dtype(t), 2, (void *)base, dims, strides, box, estr, CU_TENSOR_MAP_INTERLEAVE_NONE,
                     swz, GP_H_L2_PROMO, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    return r != CUDA_SUCCESS;
}

/* The tensor maps of A and B for a tile of BM x BN (x BK = 128 bytes of k). K-major: one {BK, BM|BN} box;
 * MN-major: {64, BK} boxes, one per 64-element chunk. */
static inline int gp_h_operand_maps(const gp_gemm_args *a, int BM, int BN, CUtensorMap *ma, CUtensorMap *mb)
{
    const int bk = (int)(GP_H_BK_BYTES / gp__gemm_elem_size(a->ab_type));
    int e = 0;
    if (a->ta == 0) e |= gp_h_tmap_2d(ma, a->A, a->ab_type, a->m, a->k, a->lda, bk, BM);
    else e |= gp_h_tmap_2d(ma, a->A, a->ab_type, a->k, a->m, a->lda, bk, bk);
    if (a->tb == 1) e |= gp_h_tmap_2d(mb, a->B, a->ab_type, a->n, a->k, a->ldb, bk, BN);
    else e |= gp_h_tmap_2d(mb, a->B, a->ab_type, a->k, a->n, a->ldb, bk, bk);
    return e;
}

/* What every Hopper rung checks before it launches anything (see hopper_internal.h): the arguments as
 * gp__gemm_h_takes says for this rung, a device, and the driver's tensor-map encoder. */
static inline gp_status gp_h_check(const gp_device_info *dev, const gp_gemm_args *a, int rung)
{
    if (!dev || !gp__gemm_h_takes(dev, a, rung)) return GP_ERROR_NOT_SUPPORTED;
    if (a->k > 0 && !gp_h_encode_fn()) return GP_ERROR_NOT_SUPPORTED;
    return GP_SUCCESS;
}

static inline int gp_h_kind(const gp_gemm_args *a)
{
    return a->compute == GP_COMPUTE_TF32 ? GP_HK_TF32 : a->ab_type == GP_DTYPE_BF16 ? GP_HK_BF16 : GP_HK_F16;
}

/* The TMA writes global memory in whole 16-byte units: a store box that ends inside the last 16 bytes of a row
 * whose length (n * elem) is not a multiple of 16 also writes the bytes after column n - 1, up to the next
 * 16-byte boundary, even though the tensor map says n columns (run 1 on the H100: rungs 06/07 wrote into C's
 * padding columns and past its last element at n = 129). So C's tensor map covers only the first n_tma =
 * n rounded down to a multiple of 16 bytes' worth of columns, and the epilogue stores the chunk that holds
 * columns n_tma .. n - 1 (fewer than 8 16-bit or 4 f32 columns) with plain stores from registers. */
static inline int64_t gp_h_n_tma(int64_t n, gp_dtype c_type)
{
    const int64_t per16 = 16 / (int64_t)gp__gemm_elem_size(c_type);
    return n / per16 * per16;
}

/* C's tensor map for the TMA-store epilogue: the first n_tma columns (see gp_h_n_tma) of the m rows, boxes of
 * box_cols x 64 rows. Returns 0 on success and when n_tma == 0 (no map needed: every chunk is stored
 * directly; *map is zeroed and never used). */
static inline int gp_h_c_map(CUtensorMap *map, const gp_gemm_args *a, int box_cols, CUtensorMapSwizzle swz)
{
    const int64_t n_tma = gp_h_n_tma(a->n, a->c_type);
    memset(map, 0, sizeof *map);
    if (n_tma == 0) return 0;
    return gp_h_tmap_2d(map, a->C, a->c_type, a->m, n_tma, a->ldc, box_cols, 64, swz);
}

/* Epilogue parameters that every kernel gets by value. */
typedef struct gp_h_epi {
    void *C;
    int64_t ldc;
    float alpha, beta;
    int c_f32;      /* 1: C is f32; 0: C is the input type (f16 or bf16) */
    int vec_c;
    int m, n, k;
    int n_tma;      /* columns a TMA store may write: n rounded down to 16 bytes of C (see gp_h_c_map) */
    int ct;         /* 1: the kernel computes C^T (m x n here are C^T's): element (r, c) goes to C + c * ldc + r
                       (rung 06, gp__gemm_h_canon); stored from the registers, no tensor map */
    int keep_l2;    /* 1: TMA stores with an L2 evict_last policy (rungs 06/07's split partials) */
} gp_h_epi;

static inline gp_h_epi gp_h_epi_of(const gp_gemm_args *a)
{
    gp_h_epi e;
    e.C = a->C;
    e.ldc = a->ldc;
    e.alpha = a->alpha;
    e.beta = a->beta;
    e.c_f32 = a->c_type == GP_DTYPE_F32;
    e.vec_c = a->vec_c;
    e.m = (int)a->m;
    e.n = (int)a->n;
    e.k = (int)a->k;
    e.n_tma = (int)gp_h_n_tma(a->n, a->c_type);
    e.ct = 0;
    e.keep_l2 = 0;
    return e;
}

/* Tile t of the grouped order over tiles_m x tiles_n tiles: down `group` tile rows, then one tile column right,
 * then the next band of `group` rows (the last band may be shorter). The tiles that run at once (consecutive t)
 * then cover `group` rows and about (tiles in flight) / group columns of tiles, i.e. group row panels of A and
 * that many column panels of B in L2; a footprint near square minimises both (see NOTES.md). */
static __host__ __device__ __forceinline__ void gp_h_tile_order(int t, int tiles_m, int tiles_n, int group, int *tm,
                                                                int *tn)
{
    const int per_group = group * tiles_n;
    const int g = t / per_group, first = g * group;
    const int gs = tiles_m - first < group ? tiles_m - first : group;
    const int r = t - g * per_group;
    *tm = first + r % gs;
    *tn = r / gs;
}

/* ------------------------------------------------------------------------------------------------------------
 * Device: C element stores (any arch)
 * ------------------------------------------------------------------------------------------------------------ */
template <int KIND> struct gp_h_ctype { typedef __half T; }; /* the 16-bit C type of KIND */
template <> struct gp_h_ctype<GP_HK_BF16> { typedef __nv_bfloat16 T; };
/* tf32: C is always f32, the 16-bit path is never taken (any 16-bit type keeps it compiling) */

static __device__ __forceinline__ float gp_h_ld16(const __half *p) { return __half2float(*p); }
static __device__ __forceinline__ float gp_h_ld16(const __nv_bfloat16 *p) { return __bfloat162float(*p); }
static __device__ __forceinline__ uint32_t gp_h_pack2(float a, float b, const __half *)
{
    __half2 h = __floats2half2_rn(a, b);
    return *reinterpret_cast<uint32_t *>(&h);
}
static __device__ __forceinline__ uint32_t gp_h_pack2(float a, float b, const __nv_bfloat16 *)
{
    __nv_bfloat162 h = __floats2bfloat162_rn(a, b);
    return *reinterpret_cast<uint32_t *>(&h);
}

/* alpha * (v0, v1) + beta * C at (row, col), (row, col + 1), inside the m x n window only. T16 is the
 * 16-bit input type (used when !c_f32; tf32 rungs always have c_f32). */
template <typename T16>
static __device__ __forceinline__ void gp_h_store_pair(const gp_h_epi &e, int row, int col, float v0, float v1)
{
    if (row >= e.m || col >= e.n) return;
    const bool two = col + 1 < e.n;
    v0 *= e.alpha;
    v1 *= e.alpha;
    if (e.c_f32) {
        float *p = (float *)e.C + (int64_t)row * e.ldc + col;
        if (e.beta != 0.0f) {
            v0 += e.beta * p[0];
            if (two) v1 += e.beta * p[1];
        }
        if (two && e.vec_c) *reinterpret_cast<float2 *>(p) = make_float2(v0, v1);
        else {
            p[0] = v0;
            if (two) p[1] = v1;
        }
    } else {
        T16 *p = (T16 *)e.C + (int64_t)row * e.ldc + col;
        if (e.beta != 0.0f) {
            v0 += e.beta * gp_h_ld16(p);
            if (two) v1 += e.beta * gp_h_ld16(p + 1);
        }
        const uint32_t w = gp_h_pack2(v0, v1, p);
        if (two && e.vec_c) *reinterpret_cast<uint32_t *>(p) = w;
        else {
            const unsigned short lo = (unsigned short)(w & 0xffffu), hi = (unsigned short)(w >> 16);
            *reinterpret_cast<unsigned short *>(p) = lo;
            if (two) *reinterpret_cast<unsigned short *>(p + 1) = hi;
        }
    }
}

/* alpha * v + beta * C at (row, col), inside the m x n window only. */
template <typename T16>
static __device__ __forceinline__ void gp_h_store_one(const gp_h_epi &e, int row, int col, float v)
{
    if (row >= e.m || col >= e.n) return;
    v *= e.alpha;
    if (e.c_f32) {
        float *p = (float *)e.C + (int64_t)row * e.ldc + col;
        if (e.beta != 0.0f) v += e.beta * *p;
        *p = v;
    } else {
        T16 *p = (T16 *)e.C + (int64_t)row * e.ldc + col;
        if (e.beta != 0.0f) v += e.beta * gp_h_ld16(p);
        *reinterpret_cast<unsigned short *>(p) = (unsigned short)(gp_h_pack2(v, 0.0f, p) & 0xffffu);
    }
}

/* Quad exchanges for the register epilogue (session 34). In the accumulator layout a quad (4 lanes) holds one row's
 * 8 columns of a fragment, 2 a lane: its 4-byte stores each cover half of a 32-byte sector, and L2 took C in twice
 * the sectors and 8x the write requests of the TMA's stores (ncu, results/h200-2026-11-29f/call3). These regroup a
 * quad's values so that each lane holds consecutive columns. gp_h_quad_t4: lane q holds x[f] = X[q][f] and ends with
 * x[i] = X[i][q] (a 4 x 4 transpose: fragments f of 4 lanes -> lane q holds fragment q's 8 columns in order).
 * gp_h_quad_x2: of two fragments, an even lane ends with (its x0, its partner's x0), an odd one with (its partner's
 * x1, its x1): 4 consecutive columns of fragment 0 (lanes 0, 2) or fragment 1 (lanes 1, 3). */
static __device__ __forceinline__ void gp_h_quad_t4(uint32_t (&x)[4], int q)
{
    const bool q1 = (q & 2) != 0, q0 = (q & 1) != 0;
#pragma unroll
    for (int j = 0; j < 2; ++j) { /* column bit 1: swap the element whose bit 1 differs from the lane's */
        const uint32_t r = __shfl_xor_sync(0xffffffffu, q1 ? x[j] : x[2 + j], 2);
        if (q1) x[j] = r;
        else x[2 + j] = r;
    }
#pragma unroll
    for (int j = 0; j < 2; ++j) { /* column bit 0 */
        const uint32_t r = __shfl_xor_sync(0xffffffffu, q0 ? x[2 * j] : x[2 * j + 1], 1);
        if (q0) x[2 * j] = r;
        else x[2 * j + 1] = r;
    }
}
static __device__ __forceinline__ void gp_h_quad_x2(uint32_t &x0, uint32_t &x1, int q)
{
    const uint32_t r = __shfl_xor_sync(0xffffffffu, (q & 1) ? x0 : x1, 1);
    if (q & 1) x0 = r;
    else x1 = r;
}
/* the first column of lane q's run after gp_h_quad_x2 over fragments 0, 1 (units: columns of the fragment pair) */
static __device__ __forceinline__ int gp_h_quad_x2_col(int q) { return (q & 1) ? 8 + 2 * (q - 1) : 2 * q; }

/* W packed pairs of 16-bit C (W = 2, 4) at p: the n (< 2W: a run at C's right edge) or all 2W values */
template <int W>
static __device__ __forceinline__ void gp_h_st16_run(unsigned short *p, const uint32_t (&v)[W], int n)
{
    if (n >= 2 * W) {
        if constexpr (W == 4) *reinterpret_cast<uint4 *>(p) = make_uint4(v[0], v[1], v[2], v[3]);
        else *reinterpret_cast<uint2 *>(p) = make_uint2(v[0], v[1]);
        return;
    }
#pragma unroll
    for (int i = 0; i < W; ++i) {
        if (2 * i + 1 < n) *reinterpret_cast<uint32_t *>(p + 2 * i) = v[i];
        else if (2 * i < n) p[2 * i] = (unsigned short)(v[i] & 0xffffu);
    }
}

/* W = 2, 4 fragments of 16-bit C from fragment j on, alpha applied: a[f] the pair of rows r, b[f] of rows r + 8 */
template <int W, int N, typename T16>
static __device__ __forceinline__ void gp_h_pack_frags(uint32_t (&a)[W], uint32_t (&b)[W], const float (&d)[N / 2],
                                                       int j, float alpha)
{
#pragma unroll
    for (int f = 0; f < W; ++f) {
        a[f] = gp_h_pack2(alpha * d[4 * (j + f)], alpha * d[4 * (j + f) + 1], (const T16 *)0);
        b[f] = gp_h_pack2(alpha * d[4 * (j + f) + 2], alpha * d[4 * (j + f) + 3], (const T16 *)0);
    }
}

/* The accumulators of one m64nN wgmma tile (d[N/2] per thread) to C. Fragment layout (thread t of the
 * warpgroup, warp w = t / 32, lane l): d[4j + 0..1] = rows 16w + l/4, columns 8j + 2(l%4) + 0..1;
 * d[4j + 2..3] = the same columns 8 rows further down. With beta == 0 and C 16-byte aligned (base and rows), a quad
 * stores each row in runs of 16 bytes a lane (gp_h_quad_t4 over 4 fragments of 16-bit C, gp_h_quad_x2 over 2 of f32
 * C; a 16-bit remainder of 2 fragments in runs of 8 bytes): whole sectors, 2 to 4 a request. */
template <int N, typename T16>
static __device__ __forceinline__ void gp_h_store_frag(const gp_h_epi &e, const float (&d)[N / 2], int row0, int col0)
{
    const int t = threadIdx.x % 128, w = t / 32, l = t % 32;
    const int r = row0 + 16 * w + l / 4;
    const int c = col0 + 2 * (l % 4);
    if (e.beta == 0.0f && e.vec_c) {
        /* C not read and its pairs aligned: the row checks once, the column check against a constant per pair,
         * ~4 instructions a pair. gp_h_store_pair's checks cost ~20 (rung 04's epilogue was a third of its time at
         * 1000^3 and two thirds at 256^3 with its 4 warps: ncu in results/h100-2026-11-24f/call6) */
        const bool ok0 = r < e.m, ok1 = r + 8 < e.m;
        const int left = e.n - c; /* columns from c to C's right edge */
        const int q = l % 4;
        const bool v16 = ((reinterpret_cast<uintptr_t>(e.C) | (uintptr_t)(e.ldc * (e.c_f32 ? 4 : 2))) & 15) == 0;
        constexpr int F = N / 8, F4 = F / 4 * 4, F2 = F / 2 * 2; /* fragments; in groups of 4; of 2 */
        if (e.c_f32) {
            float *p0 = (float *)e.C + (int64_t)r * e.ldc + c, *p1 = p0 + 8 * e.ldc;
            if (v16) { /* pairs of fragments: a lane's 4 columns from gp_h_quad_x2 */
                const int cq = col0 + gp_h_quad_x2_col(q), n4 = e.n - cq;
                float *s0 = (float *)e.C + (int64_t)r * e.ldc + cq, *s1 = s0 + 8 * e.ldc;
#pragma unroll
                for (int j = 0; j < F2; j += 2) {
#pragma unroll
                    for (int h = 0; h < 2; ++h) {
                        uint32_t a[2], b[2];
#pragma unroll
                        for (int i = 0; i < 2; ++i) {
                            a[i] = __float_as_uint(e.alpha * d[4 * j + 2 * h + i]);
                            b[i] = __float_as_uint(e.alpha * d[4 * (j + 1) + 2 * h + i]);
                            gp_h_quad_x2(a[i], b[i], q);
                        }
                        if (!(h ? ok1 : ok0)) continue;
                        float *sp = (h ? s1 : s0) + 8 * j;
                        const int nj = n4 - 8 * j;
                        if (nj >= 4) *reinterpret_cast<uint4 *>(sp) = make_uint4(a[0], a[1], b[0], b[1]);
                        else {
                            if (nj > 0) sp[0] = __uint_as_float(a[0]);
                            if (nj > 1) sp[1] = __uint_as_float(a[1]);
                            if (nj > 2) sp[2] = __uint_as_float(b[0]);
                        }
                    }
                }
            }
#pragma unroll
            for (int j = 0; j < F; ++j) {
                if (v16 && j < F2) continue;
                const float a0 = e.alpha * d[4 * j], a1 = e.alpha * d[4 * j + 1];
                const float b0 = e.alpha * d[4 * j + 2], b1 = e.alpha * d[4 * j + 3];
                if (8 * j + 1 < left) {
                    if (ok0) *reinterpret_cast<float2 *>(p0 + 8 * j) = make_float2(a0, a1);
                    if (ok1) *reinterpret_cast<float2 *>(p1 + 8 * j) = make_float2(b0, b1);
                } else if (8 * j < left) {
                    if (ok0) p0[8 * j] = a0;
                    if (ok1) p1[8 * j] = b0;
                }
            }
        } else {
            T16 *p0 = (T16 *)e.C + (int64_t)r * e.ldc + c, *p1 = p0 + 8 * e.ldc;
            if (v16) {
                unsigned short *base0 = (unsigned short *)e.C + (int64_t)r * e.ldc + col0, *base1 = base0 + 8 * e.ldc;
#pragma unroll
                for (int j = 0; j < F4; j += 4) { /* 32 columns: 16 bytes a lane and row */
                    uint32_t a[4], b[4];
                    gp_h_pack_frags<4, N, T16>(a, b, d, j, e.alpha);
                    gp_h_quad_t4(a, q);
                    gp_h_quad_t4(b, q);
                    const int cc = 8 * j + 8 * q, n8 = e.n - col0 - cc;
                    if (ok0) gp_h_st16_run<4>(base0 + cc, a, n8);
                    if (ok1) gp_h_st16_run<4>(base1 + cc, b, n8);
                }
                if constexpr (F2 > F4) { /* a remaining pair of fragments: 8 bytes a lane and row */
                    constexpr int j = F4;
                    uint32_t a[2], b[2];
                    gp_h_pack_frags<2, N, T16>(a, b, d, j, e.alpha);
                    gp_h_quad_x2(a[0], a[1], q);
                    gp_h_quad_x2(b[0], b[1], q);
                    const int cc = 8 * j + gp_h_quad_x2_col(q), n4 = e.n - col0 - cc;
                    if (ok0) gp_h_st16_run<2>(base0 + cc, a, n4);
                    if (ok1) gp_h_st16_run<2>(base1 + cc, b, n4);
                }
            }
#pragma unroll
            for (int j = 0; j < F; ++j) {
                if (v16 && j < F2) continue;
                const uint32_t a = gp_h_pack2(e.alpha * d[4 * j], e.alpha * d[4 * j + 1], p0);
                const uint32_t b = gp_h_pack2(e.alpha * d[4 * j + 2], e.alpha * d[4 * j + 3], p0);
                if (8 * j + 1 < left) {
                    if (ok0) *reinterpret_cast<uint32_t *>(p0 + 8 * j) = a;
                    if (ok1) *reinterpret_cast<uint32_t *>(p1 + 8 * j) = b;
                } else if (8 * j < left) {
                    if (ok0) *reinterpret_cast<unsigned short *>(p0 + 8 * j) = (unsigned short)(a & 0xffffu);
                    if (ok1) *reinterpret_cast<unsigned short *>(p1 + 8 * j) = (unsigned short)(b & 0xffffu);
                }
            }
        }
        return;
    }
#pragma unroll
    for (int j = 0; j < N / 8; ++j) {
        gp_h_store_pair<T16>(e, r, c + 8 * j, d[4 * j + 0], d[4 * j + 1]);
        gp_h_store_pair<T16>(e, r + 8, c + 8 * j, d[4 * j + 2], d[4 * j + 3]);
    }
}

/* k == 0 (or alpha == 0): C = beta * C over the m x n window (beta == 0: C is not read). */
template <typename T16>
__global__ void gp_h_scale_c_kernel(gp_h_epi e)
{
    const int64_t total = (int64_t)e.m * e.n;
    for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < total; i += (int64_t)gridDim.x * blockDim.x) {
        const int64_t r = i / e.n, c = i % e.n;
        if (e.c_f32) {
            float *p = (float *)e.C + r * e.ldc + c;
            *p = e.beta != 0.0f ? e.beta * *p : 0.0f;
        } else {
            T16 *p = (T16 *)e.C + r * e.ldc + c;
            const float v = e.beta != 0.0f ? e.beta * gp_h_ld16(p) : 0.0f;
            *reinterpret_cast<unsigned short *>(p) = (unsigned short)(gp_h_pack2(v, 0.0f, p) & 0xffffu);
        }
    }
}

static inline gp_status gp_h_scale_c(const gp_device_info *dev, cudaStream_t s, const gp_gemm_args *a)
{
    gp_h_epi e = gp_h_epi_of(a);
    e.k = 0;
    const unsigned grid = gp_grid_for(dev, 256, a->m * a->n, 2);
    if (a->ab_type == GP_DTYPE_BF16) gp_h_scale_c_kernel<__nv_bfloat16><<<grid, 256, 0, s>>>(e);
    else gp_h_scale_c_kernel<__half><<<grid, 256, 0, s>>>(e);
    return gp__launch_status();
}

/* Programmatic dependent launch (sm_90; elsewhere no-ops): a kernel launched with gp_h_config_pdl may start while
 * the grid before it in the stream is still running. gp_h_wait_prior waits until that grid has completed and its
 * writes are visible: every thread calls it before its first global-memory access (tensor maps are parameters, not
 * global memory). gp_h_allow_dependents lets the grid after this one launch once every block of this one has called
 * it (or exited); that grid's blocks then wait in their own gp_h_wait_prior. */
static __device__ __forceinline__ void gp_h_wait_prior(void)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    asm volatile("griddepcontrol.wait;" ::: "memory");
#endif
}
static __device__ __forceinline__ void gp_h_allow_dependents(void)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
#endif
}

/* ------------------------------------------------------------------------------------------------------------
 * Device: sm_90a wrappers
 * ------------------------------------------------------------------------------------------------------------ */
#if GP_HOPPER_DEVICE

static __device__ __forceinline__ uint32_t gp_h_smem(const void *p) { return (uint32_t)__cvta_generic_to_shared(p); }

/* mbarriers (shared::cta, 64-bit). */
static __device__ __forceinline__ void gp_mbar_init(uint64_t *bar, unsigned count)
{
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(gp_h_smem(bar)), "r"(count) : "memory");
}
/* Makes the initialised barriers visible to the async proxy (TMA) and to the other threads (with a barrier). */
static __device__ __forceinline__ void gp_mbar_init_fence(void)
{
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
}
static __device__ __forceinline__ void gp_mbar_arrive_expect_tx(uint64_t *bar, uint32_t bytes)
{
    asm volatile("mbarrier.arrive.expect_tx.release.cta.shared::cta.b64 _, [%0], %1;" ::"r"(gp_h_smem(bar)), "r"(bytes)
                 : "memory");
}
static __device__ __forceinline__ void gp_mbar_arrive(uint64_t *bar)
{
    asm volatile("mbarrier.arrive.release.cta.shared::cta.b64 _, [%0];" ::"r"(gp_h_smem(bar)) : "memory");
}
static __device__ __forceinline__ bool gp_mbar_try_wait(uint64_t *bar, uint32_t parity)
{
    uint32_t done;
    asm volatile("{\n"
                 ".reg .pred p;\n"
                 "mbarrier.try_wait.parity.acquire.cta.shared::cta.b64 p, [%1], %2;\n"
                 "selp.u32 %0, 1, 0, p;\n"
                 "}\n"
                 : "=r"(done)
                 : "r"(gp_h_smem(bar)), "r"(parity)
                 : "memory");
    return done != 0;
}
/* Waits until the phase with the given parity has completed (try_wait suspends the thread for a while in
 * hardware before it returns false, so the loop does not spin hot). With GP_H_WATCHDOG defined (test builds),
 * a wait that fails 2^26 times in a row traps: a pipeline deadlock becomes a launch error, not a hang. */
static __device__ __forceinline__ void gp_mbar_wait(uint64_t *bar, uint32_t parity)
{
#ifdef GP_H_WATCHDOG
    uint32_t n = 0;
    while (!gp_mbar_try_wait(bar, parity))
        if (++n == (1u << 26)) __trap();
#else
    asm volatile("{\n"
                 ".reg .pred done;\n"
                 "GP_MBAR_WAIT_%=:\n"
                 "mbarrier.try_wait.parity.acquire.cta.shared::cta.b64 done, [%0], %1;\n"
                 "@!done bra GP_MBAR_WAIT_%=;\n"
                 "}\n" ::"r"(gp_h_smem(bar)),
                 "r"(parity)
                 : "memory");
#endif
}

/* TMA: a 2-D box global -> shared, completing (complete_tx) on an mbarrier of this CTA. */
static __device__ __forceinline__ void gp_tma_load_2d(void *dst, const CUtensorMap *map, uint64_t *bar, int c0, int c1)
{
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];" ::"r"(
                     gp_h_smem(dst)),
                 "l"((uint64_t)map), "r"(gp_h_smem(bar)), "r"(c0), "r"(c1)
                 : "memory");
}
/* ---- clusters (rung 07) ---- */
static __device__ __forceinline__ uint32_t gp_cluster_rank(void)
{
    uint32_t r;
    asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(r));
    return r;
}
/* All threads of all CTAs of the cluster (release / acquire). */
static __device__ __forceinline__ void gp_cluster_sync(void)
{
    asm volatile("barrier.cluster.arrive.release.aligned;\nbarrier.cluster.wait.acquire.aligned;" ::: "memory");
}
/* The same without memory ordering (no MEMBAR.GPU): only that every thread of the cluster has got here. */
static __device__ __forceinline__ void gp_cluster_sync_relaxed(void)
{
    asm volatile("barrier.cluster.arrive.relaxed.aligned;\nbarrier.cluster.wait.aligned;" ::: "memory");
}
/* Arrives on the mbarrier at the same shared offset as `bar` in CTA `rank` of the cluster (may be this CTA).
 * Release at CTA scope, as the public sm90 kernels do (CUTLASS's ClusterBarrier::arrive(cta_id), the fast.cu
 * worklog): the arrival only says "this warp's wgmmas have finished reading the stage", and the peer's
 * producer waits on its own barrier with an ordinary (acquire.cta) wait. Run 1 used release.cluster here and an
 * acquire.cluster wait, and rung 07 ran at 0.53-0.59x of rung 06 (see NOTES.md for what else was changed). */
static __device__ __forceinline__ void gp_mbar_arrive_cluster(uint64_t *bar, uint32_t rank)
{
    asm volatile("{\n"
                 ".reg .b32 remote;\n"
                 "mapa.shared::cluster.u32 remote, %0, %1;\n"
                 "mbarrier.arrive.release.cta.shared::cluster.b64 _, [remote];\n"
                 "}\n" ::"r"(gp_h_smem(bar)),
                 "r"(rank)
                 : "memory");
}
/* 16 bytes at the same shared offset as `p` in CTA `rank` of the cluster (may be this CTA): distributed shared
 * memory (rung 04's k-cluster reduction). */
static __device__ __forceinline__ float4 gp_dsmem_ld4(const void *p, uint32_t rank)
{
    float4 v;
    asm volatile("{\n"
                 ".reg .b32 remote;\n"
                 "mapa.shared::cluster.u32 remote, %4, %5;\n"
                 "ld.shared::cluster.v4.f32 {%0, %1, %2, %3}, [remote];\n"
                 "}\n"
                 : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w)
                 : "r"(gp_h_smem(p)), "r"(rank)
                 : "memory");
    return v;
}
/* TMA: a 2-D box global -> the same shared offset in every CTA of `mask`, each completing on its own mbarrier
 * at `bar`'s offset. */
static __device__ __forceinline__ void gp_tma_load_2d_mc(void *dst, const CUtensorMap *map, uint64_t *bar, int c0, int c1,
                                                         uint16_t mask)
{
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster"
                 " [%0], [%1, {%3, %4}], [%2], %5;" ::"r"(gp_h_smem(dst)),
                 "l"((uint64_t)map), "r"(gp_h_smem(bar)), "r"(c0), "r"(c1), "h"(mask)
                 : "memory");
}
/* TMA: a 2-D box shared -> global (bulk-group completion); elements outside the tensor are not written. */
static __device__ __forceinline__ void gp_tma_store_2d(const CUtensorMap *map, const void *src, int c0, int c1)
{
    asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%0, {%2, %3}], [%1];" ::"l"((uint64_t)map),
                 "r"(gp_h_smem(src)), "r"(c0), "r"(c1)
                 : "memory");
}
/* The same with an L2 evict_last policy: the bytes stay in L2 ahead of evict_normal lines (split-k partials, which
 * the reduction reads next while the operands stream through L2). */
static __device__ __forceinline__ void gp_tma_store_2d_keep(const CUtensorMap *map, const void *src, int c0, int c1)
{
    uint64_t pol;
    asm volatile("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;" : "=l"(pol));
    asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group.L2::cache_hint [%0, {%2, %3}], [%1], %4;"
                 ::"l"((uint64_t)map), "r"(gp_h_smem(src)), "r"(c0), "r"(c1), "l"(pol)
                 : "memory");
}
static __device__ __forceinline__ void gp_tma_store_commit(void) { asm volatile("cp.async.bulk.commit_group;" ::: "memory"); }
/* Waits until at most N bulk groups of this thread are still reading shared memory. */
template <int N> static __device__ __forceinline__ void gp_tma_store_wait_read(void)
{
    asm volatile("cp.async.bulk.wait_group.read %0;" ::"n"(N) : "memory");
}
/* Waits until every bulk group of this thread has completed (its writes done). */
static __device__ __forceinline__ void gp_tma_store_wait_all(void) { asm volatile("cp.async.bulk.wait_group 0;" ::: "memory"); }
static __device__ __forceinline__ void gp_tma_prefetch_map(const CUtensorMap *map)
{
    asm volatile("prefetch.tensormap [%0];" ::"l"((uint64_t)map) : "memory");
}
/* Orders this thread's generic-proxy shared-memory writes before later async-proxy (TMA, wgmma) accesses. */
static __device__ __forceinline__ void gp_fence_proxy_async_smem(void)
{
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
}

/* wgmma group control. */
static __device__ __forceinline__ void gp_wgmma_fence(void) { asm volatile("wgmma.fence.sync.aligned;" ::: "memory"); }
static __device__ __forceinline__ void gp_wgmma_commit(void) { asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory"); }
template <int N> static __device__ __forceinline__ void gp_wgmma_wait(void)
{
    asm volatile("wgmma.wait_group.sync.aligned %0;" ::"n"(N) : "memory");
}
/* Keeps the compiler from moving accumulator reads/writes across a wgmma fence/wait. */
template <int R> static __device__ __forceinline__ void gp_wgmma_reg_fence(float (&d)[R])
{
#pragma unroll
    for (int i = 0; i < R; ++i) asm volatile("" : "+f"(d[i])::"memory");
}

/* Register reallocation for warp-specialised kernels (all warps of a warpgroup execute the same one). */
template <int R> static __device__ __forceinline__ void gp_setmaxnreg_inc(void)
{
    asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;" ::"n"(R));
}
template <int R> static __device__ __forceinline__ void gp_setmaxnreg_dec(void)
{
    asm volatile("setmaxnreg.dec.sync.aligned.u32 %0;" ::"n"(R));
}

/* The thread's warpgroup (threadIdx.x / 128) through a shuffle from lane 0: the same value, but the compiler then knows
 * it is warp-uniform, so what derives from it (a consumer's ring position, its wgmma descriptors) stays in uniform
 * registers instead of being rebuilt and moved by R2UR each k-block (sessions 34, 35: rung 08's f16 NN k loop 99 -> 67
 * SASS instructions). */
static __device__ __forceinline__ int gp_h_warpgroup() { return __shfl_sync(0xffffffffu, (int)threadIdx.x / 128, 0); }

/* Named barrier among `count` threads (id 1..15; 0 is __syncthreads). */
static __device__ __forceinline__ void gp_named_bar(int id, int count)
{
    asm volatile("bar.sync %0, %1;" ::"r"(id), "r"(count) : "memory");
}

/* Shared-memory matrix descriptor, 128-byte swizzle (layout type 1 in bits 62-63), of the shared-window address
 * 16 * addr16 (addr16 < 2^14: gp_h_base16 of a stage plus an offset inside it). The address field is the low 14
 * bits and the leading byte offset sits above it, so the low word is one sum and the high word a constant: a
 * stage's descriptors are its base16 plus compile-time offsets, one add each (session 34: the masks and shifts of
 * each address took ~6 instructions a descriptor, and rung 06 issued 28-73% more instructions than cublasLt). */
static __device__ __forceinline__ uint64_t gp_h_desc(uint32_t addr16, uint32_t lbo, uint32_t sbo)
{
    return (uint64_t)(addr16 + ((lbo >> 4) << 16)) | ((uint64_t)(sbo >> 4) << 32) | (1ull << 62);
}
/* A 16-byte aligned shared pointer's descriptor address: the low 18 bits of its shared-window address over 16. The
 * mask matters: in a cluster launch the addresses carry bits above them (without it rungs 04 and 07 read garbage
 * in their cluster modes, session 34). */
static __device__ __forceinline__ uint32_t gp_h_base16(const void *p) { return (gp_h_smem(p) & 0x3FFFFu) >> 4; }

#include "hopper_wgmma.cuh"

/* One pipeline stage: tiles A (BM x BK) and B (BN x BK) of k-block kb, see the layout at the top. */
template <int BM, int BN, int TA, int TB, int ESZ> struct gp_h_stage {
    enum {
        BK = GP_H_BK_BYTES / ESZ,
        A_BYTES = BM * GP_H_BK_BYTES,
        B_BYTES = BN * GP_H_BK_BYTES,
        BYTES = A_BYTES + B_BYTES,
        KSTEPS = GP_H_BK_BYTES / GP_H_KSTEP_BYTES /* wgmmas per k-block along k: 4 */
    };
    /* Issues the TMA copies of one stage (one thread), completing on `full` (its tx count set here). */
    static __device__ __forceinline__ void load(unsigned char *st, const CUtensorMap *ma, const CUtensorMap *mb,
                                                uint64_t *full, int m0, int n0, int kb)
    {
        gp_mbar_arrive_expect_tx(full, BYTES);
        const int k0 = kb * BK;
        if (TA == 0) gp_tma_load_2d(st, ma, full, k0, m0);
        else {
#pragma unroll
            for (int c = 0; c < BM / BK; ++c) gp_tma_load_2d(st + c * (BK * 128), ma, full, m0 + BK * c, k0);
        }
        unsigned char *sb = st + A_BYTES;
        if (TB == 1) gp_tma_load_2d(sb, mb, full, k0, n0);
        else {
#pragma unroll
            for (int c = 0; c < BN / BK; ++c) gp_tma_load_2d(sb + c * (BK * 128), mb, full, n0 + BK * c, k0);
        }
    }
    /* Descriptor of the m64 sub-tile i of A at k-step j. */
    static __device__ __forceinline__ uint64_t desc_a(const unsigned char *st, int i, int j)
    {
        const uint32_t base16 = gp_h_base16(st);
        if (TA == 0) return gp_h_desc(base16 + (uint32_t)i * (64 * 128 / 16) + j * (GP_H_KSTEP_BYTES / 16), 16, 1024);
        return gp_h_desc(base16 + (uint32_t)i * (BK * 128 / 16) + j * (2048 / 16), BK * 128, 1024);
    }
    /* Descriptor of B's n sub-tile starting at row/column nofs (a multiple of 64), k-step j. */
    static __device__ __forceinline__ uint64_t desc_b(const unsigned char *st, int nofs, int j)
    {
        const uint32_t base16 = gp_h_base16(st);
        if (TB == 1)
            return gp_h_desc(base16 + (A_BYTES + (uint32_t)nofs * 128 + j * GP_H_KSTEP_BYTES) / 16, 16, 1024);
        return gp_h_desc(base16 + (A_BYTES + (uint32_t)(nofs / BK) * (BK * 128) + j * 2048) / 16, BK * 128, 1024);
    }
};

/* One k-block's wgmmas for a 128-row tile held by one warpgroup (rungs 04 and 08): the two m64 halves acc[0] and
 * acc[1] over the stage's k-steps, both reading B's descriptor; acc_in false (the tile's first k-block) overwrites
 * the accumulators. Fenced before and committed as one group after. */
template <typename S, int BN, int KIND, int WTA, int WTB>
static __device__ __forceinline__ void gp_h_kblock_m128(float (&acc)[2][BN / 2], const unsigned char *st, bool acc_in)
{
    gp_wgmma_fence();
#pragma unroll
    for (int j = 0; j < S::KSTEPS; ++j) {
        const uint64_t db = S::desc_b(st, 0, j);
#pragma unroll
        for (int i = 0; i < 2; ++i) gp_wgmma<BN, KIND, WTA, WTB>::mma(acc[i], S::desc_a(st, i, j), db, acc_in || j > 0);
    }
    gp_wgmma_commit();
}

/* ---- tf32 with A MN-major (rung 06): A from registers ----
 * wgmma's m64k8 tf32 A fragment gives thread (warp w, lane l; g = l / 4, t = l % 4) rows 16w + g and 16w + g + 8
 * at k t and t + 4. Rows of the product may be permuted freely (the epilogue puts each back), so logical row
 * 16w + g + 8h of a consumer warpgroup's 64 is physical row gp_h_rs_row(w, g, h): the thread's two rows are
 * adjacent (one 8-byte load per k) and the 16 lanes of each half-warp read k rows t of 128-byte swizzled lines
 * at 16-byte units {0, 4} (+1, +2, +3) XOR t, i.e. 32 different banks: no conflicts. */
static __device__ __forceinline__ int gp_h_rs_row(int w, int g, int h)
{
    return 32 * (w >> 1) + 8 * (w & 1) + 4 * (g >> 2) + 16 * ((g >> 1) & 1) + 2 * (g & 1) + h;
}
/* Consumer warpgroup cw's A fragments of one k-block (4 k-steps of 8) from a stage's MN-major tf32 A tile
 * (4 chunks of 32 k-rows x 32 m, 4 KB each, 128B swizzle). */
static __device__ __forceinline__ void gp_h_rs_load(const unsigned char *st, int cw, uint32_t (&a)[4][4])
{
    const int t128 = threadIdx.x % 128, w = t128 / 32, g = (t128 % 32) / 4, t = t128 % 4;
    const int m = gp_h_rs_row(w, g, 0) & 31; /* in its 32-wide chunk */
    const unsigned char *chunk = st + (2 * cw + (w >> 1)) * 4096;
#pragma unroll
    for (int j = 0; j < 4; ++j)
#pragma unroll
        for (int hk = 0; hk < 2; ++hk) {
            const int k = 8 * j + t + 4 * hk;
            const int unit = (m >> 2) ^ (k & 7); /* the 128B swizzle */
            const uint2 v = *reinterpret_cast<const uint2 *>(chunk + k * 128 + (unit << 4) + ((m & 3) << 2));
            a[j][2 * hk] = v.x;
            a[j][2 * hk + 1] = v.y;
        }
}

/* ---- tf32 with both operands MN-major (TN, rungs 06 and 04): B turned K-major in shared memory ----
 * A stage's B arrives MN-major: NCH chunks (8 in rung 06) of 32 k-rows x 32 n (4 KB each, 128B swizzle), element (r, c)
 * of a chunk at gp_h_sw128(r, c). wgmma's K-major B puts rows n = 32i .. 32i + 31 in the same 4 KB, element (n, k) at
 * gp_h_sw128(n % 32, k): so each chunk is transposed in place. For a distance d (1..16) lane l swaps elements
 * (l, l + d) and (l + d, l) (mod 32; d = 16: lanes 0..15 only), so d = 1..16 swap every unordered pair once, and
 * each of the swap's two reads and two writes hits 32 different banks (the swizzle keeps a row's 32 words in 32
 * banks and the lanes' columns differ). Warp w of `nw` takes d = w + 1, w + 1 + nw, ...: a distance's two offsets
 * are the same in all chunks (immediate offsets), and its 2 NCH loads go before its 2 NCH stores. */
static __device__ __forceinline__ uint32_t gp_h_sw128(int r, int c)
{
    return (uint32_t)(r * 128 + ((((c >> 2) ^ (r & 7))) << 4) + ((c & 3) << 2));
}
template <int NCH> /* chunks of 32 n: 8 (rung 06's 256-wide B), 4 or 2 (rung 04's 128- or 64-wide B) */
static __device__ __forceinline__ void gp_h_xpose_b(unsigned char *sb, int w, int nw, int lane)
{
    const uint32_t base = gp_h_smem(sb);
    for (int d = w + 1; d <= 16; d += nw) {
        if (d == 16 && lane >= 16) break;
        const int c = (lane + d) & 31;
        const uint32_t pa = base + gp_h_sw128(lane, c), qa = base + gp_h_sw128(c, lane);
        uint32_t x[NCH], y[NCH];
#pragma unroll
        for (int ch = 0; ch < NCH; ++ch) {
            asm volatile("ld.shared.b32 %0, [%1];" : "=r"(x[ch]) : "r"(pa + ch * 4096) : "memory");
            asm volatile("ld.shared.b32 %0, [%1];" : "=r"(y[ch]) : "r"(qa + ch * 4096) : "memory");
        }
#pragma unroll
        for (int ch = 0; ch < NCH; ++ch) {
            asm volatile("st.shared.b32 [%0], %1;" ::"r"(pa + ch * 4096), "r"(y[ch]) : "memory");
            asm volatile("st.shared.b32 [%0], %1;" ::"r"(qa + ch * 4096), "r"(x[ch]) : "memory");
        }
    }
}

/* A warpgroup's accumulator fragment (an m64nN tile d[N / 2], or a 16-column slice of one: N = 16) at rows row0..
 * and columns col0.. of C, or, CT, of C^T stored into C transposed (e is C^T's, e.ct == 1: C's rows are e's columns);
 * PERM: rows permuted as gp_h_rs_row (A from registers). Neither: gp_h_store_frag. CT with PERM: each thread's two
 * adjacent rows of C^T are two adjacent columns of C (pair stores; a warp's store covers 4 rows x 16 elements of C);
 * CT alone: one element at a time (8 consecutive elements of 4 rows of C per warp store). Rungs 04 and 06. */
template <int N, typename T16, bool PERM, bool CT>
static __device__ __forceinline__ void gp_h_store_frag_x(const gp_h_epi &e, const float (&d)[N / 2], int row0, int col0)
{
    if constexpr (!PERM && !CT) {
        gp_h_store_frag<N, T16>(e, d, row0, col0);
    } else {
        const int t128 = threadIdx.x % 128, w = t128 / 32, g = (t128 % 32) / 4, t = t128 % 4;
        const int r0 = row0 + (PERM ? gp_h_rs_row(w, g, 0) : 16 * w + g), r1 = PERM ? r0 + 1 : r0 + 8;
        gp_h_epi ec = e;
        if (CT) {
            ec.m = e.n;
            ec.n = e.m;
        }
#pragma unroll
        for (int j = 0; j < N / 8; ++j) {
            const int c = col0 + 8 * j + 2 * t;
            if (CT) {
#pragma unroll
                for (int x = 0; x < 2; ++x) {
                    if (PERM) gp_h_store_pair<T16>(ec, c + x, r0, d[4 * j + x], d[4 * j + 2 + x]);
                    else {
                        gp_h_store_one<T16>(ec, c + x, r0, d[4 * j + x]);
                        gp_h_store_one<T16>(ec, c + x, r1, d[4 * j + 2 + x]);
                    }
                }
            } else {
                gp_h_store_pair<T16>(e, r0, c, d[4 * j], d[4 * j + 1]);
                gp_h_store_pair<T16>(e, r1, c, d[4 * j + 2], d[4 * j + 3]);
            }
        }
    }
}

/* One 64 x 64 box (128-byte rows, 128B swizzle) of a consumer warpgroup's 16-bit C, beta == 0, through stmatrix:
 * the accumulator of column groups j, j + 1 and row halves h = 0, 1 is exactly the fragment of four 8 x 8 b16
 * matrices, so one stmatrix.x4 per warp stores 16 rows x 16 columns (16 per box and thread, against 64 4-byte STS
 * with their own address arithmetic). Lane l gives the address of row l % 8 of matrix l / 8 (matrix bit 0: h, bit
 * 1: j + 1); within a row the 16-byte unit (2 jp + bit 1) ^ (row & 7) is the swizzle, so a warp's 8 rows of one
 * matrix hit 8 different units (no bank conflicts). j0: the box's first column group. SCALE: multiply by alpha. */
template <typename T16, bool SCALE, int N>
static __device__ __forceinline__ void gp_h_stsm_box(unsigned char *b, const float (&acc)[N], int j0, float alpha)
{
    const int t128 = threadIdx.x % 128, w = t128 / 32, lane = t128 % 32, mi = lane / 8, rr = lane % 8;
    const uint32_t row = (uint32_t)(16 * w + 8 * (mi & 1) + rr);
    const uint32_t base = gp_h_smem(b) + row * 128, x = (uint32_t)((mi >> 1) ^ rr);
#pragma unroll
    for (int jp = 0; jp < 4; ++jp) {
        const int j = j0 + 2 * jp;
        uint32_t r[4];
#pragma unroll
        for (int i = 0; i < 4; ++i)
            r[i] = SCALE ? gp_h_pack2(alpha * acc[4 * j + 2 * i], alpha * acc[4 * j + 2 * i + 1], (const T16 *)0)
                         : gp_h_pack2(acc[4 * j + 2 * i], acc[4 * j + 2 * i + 1], (const T16 *)0);
        asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};" ::"r"(
                         base + (((uint32_t)(2 * jp) ^ x) << 4)),
                     "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3])
                     : "memory");
    }
}

/* The TMA-store epilogue of one consumer warpgroup's 64 x 256 accumulator tile (rungs 06, 07), alpha/beta and
 * the C conversion applied on the way, through shared memory laid out in the C tensor map's swizzle (conflict-
 * free fragment stores: a warp's 32 stores of one column group hit 8 rows x 4 words in 8 different 16-byte
 * units; 16-bit C with beta 0 in 64-column boxes goes through stmatrix, gp_h_stsm_box). The tile leaves in
 * chunks of 64 rows x W columns, each one TMA box in one 8 KB buffer (W = 32: f32 C
 * with 128-byte rows and the 128B swizzle, or 16-bit C with 64-byte rows and the 64B swizzle; W = 64: 16-bit C,
 * 128-byte rows, 128B swizzle). Chunks go in rounds of RS: the warpgroup writes a round's chunks, fences them to
 * the async proxy (fence.proxy.async: generic-proxy writes -> the TMA's reads), passes a named barrier
 * (`bar_id`, 128 threads), and thread 0 issues the round's stores as one bulk group. There are NSETS sets of RS
 * buffers; before a round reuses a set, thread 0 waits until the stores NSETS rounds back have read it
 * (wait_group.read NSETS - 1) and a barrier passes that on. The modes used:
 *   chunked  <W 32, RS 1, NSETS 2>: 8 rounds through 2 x 8 KB (any C; run 1's scheme);
 *   half     <W 64, RS 2, NSETS 1>: 2 rounds of 2 boxes through 16 KB, one wait between them (16-bit C);
 *   whole    <W 64, RS 4, NSETS 1>: one round of 4 boxes in 32 KB, no wait at all (16-bit C; 64 KB of C
 *            buffers for the block, so 3 pipeline stages).
 * Either way thread 0 first waits until every earlier store of this warpgroup has read its buffers
 * (wait_group.read 0: a whole main loop has passed since, so this costs nothing in steady state) and a barrier
 * passes that on; nobody waits for this tile's last round. A chunk that holds columns at or beyond e.n_tma
 * while n_tma < n (the last chunk of C's right edge when n * elem is not a multiple of 16 bytes: gp_h_n_tma) is
 * stored directly from the registers with bounds checks instead; other chunks are clipped at the m/n edges by
 * the TMA. beta != 0 reads C with plain loads. The caller waits for the last stores (gp_tma_store_wait_all)
 * before the block exits. PERM: the accumulator rows are permuted as gp_h_rs_row (rung 06's tf32 A from registers). */
template <typename T16, int W, int RS, int NSETS, bool PERM = false>
static __device__ __forceinline__ void gp_h_epilogue(const gp_h_epi &e, const CUtensorMap *mc, const float (&acc)[128],
                                                     unsigned char *buf, int bar_id, int row0, int col0)
{
    enum { NQ = 256 / W, JQ = W / 8 };
    if (row0 >= e.m) return; /* this warpgroup's rows are all outside C (uniform per warpgroup) */
    const int t128 = threadIdx.x % 128, w = t128 / 32, lane = t128 % 32;
    const bool c32 = W == 32 && e.c_f32; /* W = 64 is 16-bit C only */
    const int rb = W == 64 || c32 ? 128 : 64; /* bytes per buffer row */
    const uint32_t smask = W == 64 || c32 ? 7u : 3u;
    const int esz = c32 ? 4 : 2;
    if (t128 == 0) gp_tma_store_wait_read<0>();
    gp_named_bar(bar_id, 128);
#pragma unroll
    for (int q = 0; q < NQ; ++q) {
        const int c0 = col0 + q * W, round = q / RS, slot = q % RS;
        /* uniform per warpgroup: */
        const bool live = c0 < e.n, direct = live && e.n_tma < e.n && c0 + W > e.n_tma;
        if (slot == 0 && round >= NSETS && live && !direct) {
            if (t128 == 0) gp_tma_store_wait_read<NSETS - 1>();
            gp_named_bar(bar_id, 128);
        }
        if (direct) {
            /* the ragged right edge: plain bounds-checked stores (gp_h_store_pair applies alpha and beta) */
#pragma unroll
            for (int jj = 0; jj < JQ; ++jj) {
                const int j = q * JQ + jj;
#pragma unroll
                for (int h = 0; h < 2; ++h)
                    gp_h_store_pair<T16>(e, row0 + (PERM ? gp_h_rs_row(w, lane / 4, h) : 16 * w + lane / 4 + 8 * h),
                                         c0 + 8 * jj + 2 * (lane % 4),
                                         acc[4 * j + 2 * h], acc[4 * j + 2 * h + 1]);
            }
        } else if (live && W == 64 && !PERM && e.beta == 0.0f) {
            /* 16-bit C, beta 0 (uniform): stmatrix */
            unsigned char *b = buf + ((round % NSETS) * RS + slot) * GP_H_CBUF;
            if (e.alpha == 1.0f) gp_h_stsm_box<T16, false>(b, acc, q * JQ, 1.0f);
            else gp_h_stsm_box<T16, true>(b, acc, q * JQ, e.alpha);
        } else if (live) {
            unsigned char *b = buf + ((round % NSETS) * RS + slot) * GP_H_CBUF;
#pragma unroll
            for (int jj = 0; jj < JQ; ++jj) {
                const int j = q * JQ + jj;
#pragma unroll
                for (int h = 0; h < 2; ++h) {
                    const int r = PERM ? gp_h_rs_row(w, lane / 4, h) : 16 * w + lane / 4 + 8 * h;
                    const int cc = 8 * jj + 2 * (lane % 4);
                    float v0 = e.alpha * acc[4 * j + 2 * h], v1 = e.alpha * acc[4 * j + 2 * h + 1];
                    if (e.beta != 0.0f) {
                        const int gr = row0 + r, gc = c0 + cc;
                        if (gr < e.m) {
                            if (c32) {
                                const float *p = (const float *)e.C + (int64_t)gr * e.ldc + gc;
                                if (gc < e.n) v0 += e.beta * p[0];
                                if (gc + 1 < e.n) v1 += e.beta * p[1];
                            } else {
                                const T16 *p = (const T16 *)e.C + (int64_t)gr * e.ldc + gc;
                                if (gc < e.n) v0 += e.beta * gp_h_ld16(p);
                                if (gc + 1 < e.n) v1 += e.beta * gp_h_ld16(p + 1);
                            }
                        }
                    }
                    const uint32_t off = (uint32_t)(r * rb + cc * esz);
                    const uint32_t phys = off ^ (((off >> 7) & smask) << 4);
                    if (c32) *reinterpret_cast<float2 *>(b + phys) = make_float2(v0, v1);
                    else *reinterpret_cast<uint32_t *>(b + phys) = gp_h_pack2(v0, v1, (const T16 *)0);
                }
            }
        }
        if (slot == RS - 1 || q == NQ - 1) {
            /* end of a round: store its TMA chunks (none: nothing to do; only the last rounds can be so) */
            const int q0 = q - slot;
            const bool any = col0 + q0 * W < e.n && !(e.n_tma < e.n && col0 + q0 * W + W > e.n_tma);
            if (any) {
                gp_fence_proxy_async_smem();
                gp_named_bar(bar_id, 128);
                if (t128 == 0) {
#pragma unroll
                    for (int qq = q0; qq <= q; ++qq) {
                        const int cq = col0 + qq * W;
                        if (cq < e.n && !(e.n_tma < e.n && cq + W > e.n_tma))
                            if (e.keep_l2) gp_tma_store_2d_keep(mc, buf + ((round % NSETS) * RS + (qq - q0)) * GP_H_CBUF, cq, row0);
                            else gp_tma_store_2d(mc, buf + ((round % NSETS) * RS + (qq - q0)) * GP_H_CBUF, cq, row0);
                    }
                    gp_tma_store_commit();
                }
            }
        }
    }
}

/* gp_h_epilogue for a warpgroup tile wholly inside C (its 64 rows below m, its 256 columns below n_tma) with 16-bit C
 * and beta 0, in 64-column boxes: straight-line code with no bounds, beta or ragged-edge branches (the general
 * epilogue's are taken once per tile, each a jump over code that is seldom cached). RS boxes per round (2: two rounds
 * through 16 KB, the second after the TMA has read the first; 4: one round through 32 KB). */
template <typename T16, int RS>
static __device__ __forceinline__ void gp_h_epilogue_lean(const gp_h_epi &e, const CUtensorMap *mc,
                                                          const float (&acc)[128], unsigned char *buf, int bar_id,
                                                          int row0, int col0)
{
    const int t128 = threadIdx.x % 128;
    const bool scale = e.alpha != 1.0f;
#pragma unroll
    for (int round = 0; round < 4 / RS; ++round) {
        if (t128 == 0) gp_tma_store_wait_read<0>(); /* round 0: the previous tile's stores, long done */
        gp_named_bar(bar_id, 128);
#pragma unroll
        for (int slot = 0; slot < RS; ++slot) {
            const int q = round * RS + slot;
            if (scale) gp_h_stsm_box<T16, true>(buf + slot * GP_H_CBUF, acc, 8 * q, e.alpha);
            else gp_h_stsm_box<T16, false>(buf + slot * GP_H_CBUF, acc, 8 * q, 1.0f);
        }
        gp_fence_proxy_async_smem();
        gp_named_bar(bar_id, 128);
        if (t128 == 0) {
#pragma unroll
            for (int slot = 0; slot < RS; ++slot)
                gp_tma_store_2d(mc, buf + slot * GP_H_CBUF, col0 + 64 * (round * RS + slot), row0);
            gp_tma_store_commit();
        }
    }
}

/* The deferred epilogue (rungs 06, 07): a warpgroup's 64 x 256 tile packed to 16-bit pairs (alpha applied), 64
 * registers a thread, so that the accumulators are free for the next tile at once; its four 64-column boxes are
 * stored one at a time while the next tile's wgmmas run (gp_h_defer_box). pk[2 j + i] holds acc[4 j + 2 i] and
 * acc[4 j + 2 i + 1], as gp_h_stsm_box packs them. */
template <typename T16>
static __device__ __forceinline__ void gp_h_defer_pack(uint32_t (&pk)[64], const float (&acc)[128], float alpha)
{
    if (alpha == 1.0f) {
#pragma unroll
        for (int i = 0; i < 64; ++i) pk[i] = gp_h_pack2(acc[2 * i], acc[2 * i + 1], (const T16 *)0);
    } else {
#pragma unroll
        for (int i = 0; i < 64; ++i) pk[i] = gp_h_pack2(alpha * acc[2 * i], alpha * acc[2 * i + 1], (const T16 *)0);
    }
}

/* Box Q (columns 64 Q..) of a packed tile through buffer Q % 2 of the warpgroup's two 8 KB buffers, one bulk group
 * per box. Before box 0 every earlier store of the warpgroup has read its buffer (wait_group.read 0: the last was
 * issued a tile ago, or is a general epilogue's); before boxes 1..3, all but the latest (box Q - 1, the other
 * buffer). A barrier passes the wait on, the warpgroup writes the box (stmatrix, gp_h_stsm_box's layout), fences it
 * to the async proxy, and after a second barrier thread 0 stores it. */
template <int Q>
static __device__ __forceinline__ void gp_h_defer_box(const CUtensorMap *mc, const uint32_t (&pk)[64],
                                                      unsigned char *buf, int bar_id, int row0, int col0)
{
    const int t128 = threadIdx.x % 128, w = t128 / 32, lane = t128 % 32, mi = lane / 8, rr = lane % 8;
    unsigned char *b = buf + (Q % 2) * GP_H_CBUF;
    if (t128 == 0) {
        if (Q == 0) gp_tma_store_wait_read<0>();
        else gp_tma_store_wait_read<1>();
    }
    gp_named_bar(bar_id, 128);
    const uint32_t row = (uint32_t)(16 * w + 8 * (mi & 1) + rr);
    const uint32_t base = gp_h_smem(b) + row * 128, x = (uint32_t)((mi >> 1) ^ rr);
#pragma unroll
    for (int jp = 0; jp < 4; ++jp) {
        const int p0 = 2 * (8 * Q + 2 * jp); /* pk index of column group j = 8 Q + 2 jp */
        asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};" ::"r"(
                         base + (((uint32_t)(2 * jp) ^ x) << 4)),
                     "r"(pk[p0]), "r"(pk[p0 + 1]), "r"(pk[p0 + 2]), "r"(pk[p0 + 3])
                     : "memory");
    }
    gp_fence_proxy_async_smem();
    gp_named_bar(bar_id, 128);
    if (t128 == 0) {
        gp_tma_store_2d(mc, b, col0 + 64 * Q, row0);
        gp_tma_store_commit();
    }
}

/* Box q (0..3, uniform per warpgroup) of a packed tile: gp_h_defer_box with q known at compile time, so pk stays
 * in registers. */
static __device__ __forceinline__ void gp_h_defer_box_at(int q, const CUtensorMap *mc, const uint32_t (&pk)[64],
                                                         unsigned char *buf, int bar_id, int row0, int col0)
{
    switch (q) {
    case 0: gp_h_defer_box<0>(mc, pk, buf, bar_id, row0, col0); break;
    case 1: gp_h_defer_box<1>(mc, pk, buf, bar_id, row0, col0); break;
    case 2: gp_h_defer_box<2>(mc, pk, buf, bar_id, row0, col0); break;
    default: gp_h_defer_box<3>(mc, pk, buf, bar_id, row0, col0); break;
    }
}

#endif /* GP_HOPPER_DEVICE */

/* wgmma's transpose immediates from the gemm's ta / tb (tf32: K-major only, both 0). */
#define GP_H_WG_TA(KIND, TA) ((KIND) == GP_HK_TF32 ? 0 : (TA))
#define GP_H_WG_TB(KIND, TB) ((KIND) == GP_HK_TF32 ? 0 : 1 - (TB))

/* Sets a kernel's dynamic shared-memory limit and asks for the largest shared-memory carveout (so that rung 04
 * gets its 2 blocks per SM), once per kernel and device (host). */
static inline cudaError_t gp_h_set_smem(const void *fn, int device, int bytes, int *done)
{
    const int known = device >= 0 && device < GP_MAX_DEVICES;
    if (known && __atomic_load_n(&done[device], __ATOMIC_RELAXED)) return cudaSuccess;
    cudaError_t e = cudaFuncSetAttribute(fn, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes);
    if (e == cudaSuccess)
        e = cudaFuncSetAttribute(fn, cudaFuncAttributePreferredSharedMemoryCarveout, (int)cudaSharedmemCarveoutMaxShared);
    if (e == cudaSuccess && known) __atomic_store_n(&done[device], 1, __ATOMIC_RELAXED);
    return e;
}

/* A launch configuration of `grid` blocks of `threads` in clusters of cl x 1 x 1 (cudaLaunchKernelEx, or an
 * occupancy query): cfg's attribute list is attr (host), empty for cl = 1 (gp_h_config_pdl may append to it). */
static inline void gp_h_cluster_config(cudaLaunchConfig_t *cfg, cudaLaunchAttribute *attr, unsigned grid,
                                       unsigned threads, size_t smem, cudaStream_t s, unsigned cl)
{
    memset(cfg, 0, sizeof *cfg);
    attr->id = cudaLaunchAttributeClusterDimension;
    attr->val.clusterDim.x = cl;
    attr->val.clusterDim.y = 1;
    attr->val.clusterDim.z = 1;
    cfg->gridDim = dim3(grid, 1, 1);
    cfg->blockDim = dim3(threads, 1, 1);
    cfg->dynamicSmemBytes = smem;
    cfg->stream = s;
    cfg->attrs = attr;
    cfg->numAttrs = cl > 1 ? 1 : 0; /* a cluster of one block: an ordinary launch */
}

/* Appends the programmatic-dependent-launch attribute to cfg (its attrs array has room for one more). */
static inline void gp_h_config_pdl(cudaLaunchConfig_t *cfg, cudaLaunchAttribute *attrs)
{
    attrs[cfg->numAttrs].id = cudaLaunchAttributeProgrammaticStreamSerialization;
    attrs[cfg->numAttrs].val.programmaticStreamSerializationAllowed = 1;
    cfg->attrs = attrs;
    cfg->numAttrs++;
}

/* The nine instantiations a Hopper rung has: f16 and bf16 with each of the four transpose combinations, and tf32
 * with A stored m x k and B stored n x k (the only K-major pair). RUN<KIND, TA, TB>(...) is called with the
 * remaining arguments; A is the gp_gemm_args pointer that decides the instantiation. */
#ifdef GP_H_DEV_ONE /* development builds: one instantiation (bf16, A and B as stored) */
#define GP_H_DISPATCH16(RUN, A, ...) return RUN<GP_HK_BF16, 0, 0>(__VA_ARGS__)
#define GP_H_DISPATCH(RUN, A, ...) return RUN<GP_HK_BF16, 0, 0>(__VA_ARGS__)
#else
/* the eight 16-bit instantiations (rung 08 has only these) */
#define GP_H_DISPATCH16(RUN, A, ...)                                                                             \
    do {                                                                                                       \
        const int t_ = (A)->ta * 2 + (A)->tb;                                                                  \
        if (gp_h_kind(A) == GP_HK_BF16) {                                                                      \
            switch (t_) {                                                                                      \
            case 0: return RUN<GP_HK_BF16, 0, 0>(__VA_ARGS__);                                                 \
            case 1: return RUN<GP_HK_BF16, 0, 1>(__VA_ARGS__);                                                 \
            case 2: return RUN<GP_HK_BF16, 1, 0>(__VA_ARGS__);                                                 \
            default: return RUN<GP_HK_BF16, 1, 1>(__VA_ARGS__);                                                \
            }                                                                                                  \
        }                                                                                                      \
        switch (t_) {                                                                                          \
        case 0: return RUN<GP_HK_F16, 0, 0>(__VA_ARGS__);                                                      \
        case 1: return RUN<GP_HK_F16, 0, 1>(__VA_ARGS__);                                                      \
        case 2: return RUN<GP_HK_F16, 1, 0>(__VA_ARGS__);                                                      \
        default: return RUN<GP_HK_F16, 1, 1>(__VA_ARGS__);                                                     \
        }                                                                                                      \
    } while (0)
#define GP_H_DISPATCH(RUN, A, ...)                                                                               \
    do {                                                                                                       \
        if (gp_h_kind(A) == GP_HK_TF32) return RUN<GP_HK_TF32, 0, 1>(__VA_ARGS__);                            \
        GP_H_DISPATCH16(RUN, A, __VA_ARGS__);                                                                  \
    } while (0)
#endif

/* Rung 06's dispatch, on the arguments gp__gemm_h_canon gives: GP_H_DISPATCH, but tf32 with A stored k x m runs
 * <TF32, 1, 1> with B stored n x k (A from registers; NN arrives as such a C^T) and <TF32, 1, 0> with B stored k x n
 * (TN: A from registers, B transposed in shared memory). */
#ifdef GP_H_DEV_ONE
#define GP_H_DISPATCH_R06(RUN, A, ...) GP_H_DISPATCH(RUN, A, __VA_ARGS__)
#else
#define GP_H_DISPATCH_R06(RUN, A, ...)                                                                           \
    do {                                                                                                       \
        if (gp_h_kind(A) == GP_HK_TF32 && (A)->ta == 1 && (A)->tb == 0) return RUN<GP_HK_TF32, 1, 0>(__VA_ARGS__); \
        if (gp_h_kind(A) == GP_HK_TF32 && (A)->ta == 1) return RUN<GP_HK_TF32, 1, 1>(__VA_ARGS__);           \
        GP_H_DISPATCH(RUN, A, __VA_ARGS__);                                                                    \
    } while (0)
#endif

/* Byte size of an operand element of KIND. */
#define GP_H_ESZ(KIND) ((KIND) == GP_HK_TF32 ? 4 : 2)

#endif
