/* sgemm.c — the f32 matrix multiply: argument checks, the choice of rung, the per-call alignment flags. */
#include "sgemm_internal.h"
#include <stdint.h>

const gp_rung_desc gp__sgemm_rungs[] = {
    {"naive", "one thread per C element, rows along threadIdx.x (uncoalesced)", gp__sgemm_r01_kernel},
    {"coalesced", "columns along threadIdx.x: B loads and C stores coalesced", gp__sgemm_r02_kernel},
    {"smem", "32x32 tiles of A and B staged in shared memory", gp__sgemm_r03_kernel},
    {"padded", "shared rows padded to 33 floats: no bank conflicts", gp__sgemm_r04_kernel},
    {"float4", "tiles loaded with 16-byte vector loads (scalar fall-back)", gp__sgemm_r05_kernel},
    {"regblock1d", "64x64 tile, 8 results per thread in registers", gp__sgemm_r06_kernel},
    {"regblock2d", "128x128 tile, 8x8 results per thread, float4 shared reads", gp__sgemm_r07_kernel},
    {"warptile", "32x64 warp tiles, 4x4 sub-blocks: conflict-free shared reads", gp__sgemm_r08_kernel},
    {"cpasync", "cp.async double-buffered shared memory", gp__sgemm_r09_kernel},
    {"tuned", "BK 32 k-steps, L2 rasterisation, one of 4 tile configs per shape", gp__sgemm_r10_kernel},
};
const int gp__sgemm_rung_count = (int)(sizeof gp__sgemm_rungs / sizeof gp__sgemm_rungs[0]);

static const gp_sgemm_launcher launchers[] = {
    gp__sgemm_r01_naive, gp__sgemm_r02_coalesced, gp__sgemm_r03_smem, gp__sgemm_r04_padded,
    gp__sgemm_r05_float4, gp__sgemm_r06_regblock1d, gp__sgemm_r07_regblock2d, gp__sgemm_r08_warptile,
    gp__sgemm_r09_cpasync, gp__sgemm_r10_tuned,
};

/* Bytes from the first to one past the last element of a rows x cols matrix with leading dimension ld. */
static size_t span_bytes(int64_t rows, int64_t cols, int64_t ld)
{
    if (rows == 0 || cols == 0) return 0;
    return (size_t)((rows - 1) * ld + cols) * sizeof(float);
}

static int vec_ok(const void *p, int64_t ld) { return ((uintptr_t)p % 16) == 0 && ld % 4 == 0; }

gp_status gp_sgemm(gp_handle h, gp_trans ta, gp_trans tb, int64_t m, int64_t n, int64_t k, float alpha,
                   const float *A, int64_t lda, const float *B, int64_t ldb, float beta, float *C, int64_t ldc)
{
    gp_sgemm_args p;
    int rung;
    const int64_t ar = ta ? k : m, ac = ta ? m : k, br = tb ? n : k, bc = tb ? k : n;
    GP_TRY(gp__check_handle(h));
    if ((ta != GP_NO_TRANS && ta != GP_TRANS) || (tb != GP_NO_TRANS && tb != GP_TRANS)) return GP_ERROR_INVALID_VALUE;
    GP_TRY(gp__check_size(m));
    GP_TRY(gp__check_size(n));
    GP_TRY(gp__check_size(k));
    GP_TRY(gp__check_matrix(ar, ac, lda));
    GP_TRY(gp__check_matrix(br, bc, ldb));
    GP_TRY(gp__check_matrix(m, n, ldc));
    if (m == 0 || n == 0) return GP_SUCCESS;
    GP_TRY(gp__check_dev_ptr(C));
    if ((uintptr_t)C % sizeof(float)) return GP_ERROR_INVALID_VALUE;
    p.m = m; p.n = n; p.k = (alpha == 0.f) ? 0 : k; /* alpha == 0: A and B are not read */
    p.A = A; p.B = B; p.C = C;
    p.lda = lda; p.ldb = ldb; p.ldc = ldc;
    p.alpha = alpha; p.beta = beta;
    p.ta = ta == GP_TRANS; p.tb = tb == GP_TRANS;
    if (p.k > 0) {
        GP_TRY(gp__check_dev_ptr(A));
        GP_TRY(gp__check_dev_ptr(B));
        if (((uintptr_t)A | (uintptr_t)B) % sizeof(float)) return GP_ERROR_INVALID_VALUE;
        if (gp__ranges_overlap(C, span_bytes(m, n, ldc), A, span_bytes(ar, ac, lda)) ||
            gp__ranges_overlap(C, span_bytes(m, n, ldc), B, span_bytes(br, bc, ldb)))
            return GP_ERROR_OVERLAP;
    }
    p.vec_a = vec_ok(A, lda);
    p.vec_b = vec_ok(B, ldb);
    p.vec_c = vec_ok(C, ldc);
    /* automatic: the tuned rung (it has no grid-size limit) */
    rung = gp__pick_rung(h, GP_PRIM_SGEMM, 10);
    return launchers[rung - 1](&h->dev, h->stream, &p);
}
