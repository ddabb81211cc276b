/* gemm_frag.cuh — a warp's mma.sync fragments of one k-step (32 bytes of k: k16 for bf16/f16, k8 for tf32)
 * read from the XOR-swizzled tiles of gemm_tile.cuh (rungs 02-03).
 *
 * The warp owns a WM x WN tile of C: MI = WM/16 row tiles and NI = WN/8 column tiles of mma.sync. Per
 * k-step it reads MI A fragments (4 registers each) and NI B fragments (2 registers each); block k-step
 * `ks` (0..3) of the 128-byte tile row is chunks 2ks, 2ks+1 of a k-contiguous tile, or rows
 * ks*KSTEP .. ks*KSTEP + KSTEP-1 of an mn-contiguous one.
 *  - k-contiguous A (as stored) and B (transposed), any type: ldmatrix.x4 (one m16 A fragment, or B
 *    fragments of two n8 tiles). For tf32 an 8x8 matrix of 16-bit elements is 8 rows x 4 f32, which is
 *    exactly the tf32 fragment layout (gemm_types.cuh), so the same instruction serves.
 *  - mn-contiguous A (transposed) and B (as stored), 16-bit: ldmatrix.x4.trans (the same fragments from
 *    8x8 blocks stored k-major).
 *  - mn-contiguous, tf32: ldmatrix.trans moves 16-bit elements, so it cannot transpose 32-bit ones; each
 *    fragment register is one 32-bit ld.shared (4 per A fragment, 2 per B fragment). The swizzle keeps them
 *    conflict-free: a warp reads rows t = 0..3 (f(t) = 2t) at chunk pairs {c, c+1}, c even: 8 distinct
 *    16-byte bank groups.
 * Each lane's byte offset is computed once (init); a k-step and a fragment index then only add or XOR
 * compile-time constants: the swizzle XOR acts on bits 4-6 of the offset, the fragment index on chunk bits
 * that the lane's own chunk bits never overlap for the warp tiles used (WM, WN in 16, 32, 64, 128 with
 * the warp's first row/column a multiple of WM/WN), so (x + y) ^ f == (x ^ f) + y where it is used.
 * tf32 fragments are rounded (cvt.rna.tf32.f32) right after the load. */
#ifndef GP_GEMM_FRAG_CUH
#define GP_GEMM_FRAG_CUH
#include "gemm_tile.cuh"

/* A fragments a[MI][4] of the warp whose tile starts at row wm0 of the block tile. PITCH: the tile's row
 * pitch in bytes (128 for k-contiguous tiles). */
template <class TT, bool KC, int MI, int PITCH, class OPS = gp_dev_ops>
struct gp_frag_a {
    static_assert(MI == 1 || MI == 2 || MI == 4 || MI == 8, "warp tile rows: 16, 32, 64 or 128");
    uint32_t off; /* the lane's offset in the tile for ks = 0, fragment 0 */

    __host__ __device__ __forceinline__ void init(int lane, int wm0)
    {
        if (KC) {
            const int r = wm0 + (lane & 15), h = lane >> 4; /* matrices: rows 0-7|8-15 x k chunk 0|1 */
            off = r * PITCH + ((h ^ gp_swz_f(r)) << 4);
        } else if (!TT::TF32) {
            const int r = ((lane >> 4) << 3) + (lane & 7); /* matrices: k 0-7|8-15 x m 0-7|8-15 */
            const int c = wm0 / 8 + ((lane >> 3) & 1);
            off = r * PITCH + ((c ^ gp_swz_f(r)) << 4);
        } else {
            const int g = lane >> 2, t = lane & 3; /* a0 = (k t, m g): row t, f(t) = 2t */
            const int c = wm0 / 4 + (g >> 2);
            off = t * PITCH + ((c ^ gp_swz_f(t)) << 4) + (g & 3) * 4;
        }
    }

#pragma nv_exec_check_disable
    __host__ __device__ __forceinline__ void load(uint32_t (&a)[MI][4], uint32_t tile, int ks) const
    {
#pragma unroll
        for (int mi = 0; mi < MI; mi++) {
            if (KC) {
                OPS::ldsm_x4(a[mi], tile + ((off + mi * 16 * PITCH) ^ (ks << 5)));
            } else if (!TT::TF32) {
                const int x = 2 * mi; /* chunk offset of row tile mi */
                OPS::ldsm_x4_t(a[mi], tile + ((off + ((x & ~7) << 4)) ^ ((x & 7) << 4)) + ks * 16 * PITCH);
            } else {
                const int x = 4 * mi;
#pragma unroll
                for (int j = 0; j < 4; j++) { /* a0 (t, g), a1 (t, g+8), a2 (t+4, g), a3 (t+4, g+8) */
                    const int hi = ((x & ~7) << 4) + (j >> 1) * 4 * PITCH;
                    const int xr = (x & 7) | ((j & 1) << 1) | (j >> 1); /* +8 in m = chunk +2; row +4: f ^ 1 */
                    a[mi][j] = OPS::lds32(tile + ((off + hi) ^ (xr << 4)) + ks * 8 * PITCH);
                }
            }
            if (TT::TF32) {
#pragma unroll
                for (int j = 0; j < 4; j++) a[mi][j] = OPS::to_tf32(a[mi][j]);
            }
        }
    }
};

/* B fragments b[NI][2] of the warp whose tile starts at column wn0 of the block tile. */
template <class TT, bool KC, int NI, int PITCH, class OPS = gp_dev_ops>
struct gp_frag_b {
    static_assert(NI == 2 || NI == 4 || NI == 8 || NI == 16, "warp tile columns: 16, 32, 64 or 128");
    uint32_t off;

    __host__ __device__ __forceinline__ void init(int lane, int wn0)
    {
        if (KC) {
            const int r = wn0 + ((lane >> 4) << 3) + (lane & 7), h = (lane >> 3) & 1; /* n 0-7|8-15 x chunk 0|1 */
            off = r * PITCH + ((h ^ gp_swz_f(r)) << 4);
        } else if (!TT::TF32) {
            const int r = (((lane >> 3) & 1) << 3) + (lane & 7); /* k 0-7|8-15 x n 0-7|8-15 */
            const int c = wn0 / 8 + (lane >> 4);
            off = r * PITCH + ((c ^ gp_swz_f(r)) << 4);
        } else {
            const int g = lane >> 2, t = lane & 3; /* b0 = (k t, n g), b1 = (k t+4, n g) */
            const int c = wn0 / 4 + (g >> 2);
            off = t * PITCH + ((c ^ gp_swz_f(t)) << 4) + (g & 3) * 4;
        }
    }

#pragma nv_exec_check_disable
    __host__ __device__ __forceinline__ void load(uint32_t (&b)[NI][2], uint32_t tile, int ks) const
    {
        if (KC || !TT::TF32) {
#pragma unroll
            for (int p = 0; p < NI / 2; p++) {
                uint32_t r[4];
                if (KC) {
                    OPS::ldsm_x4(r, tile + ((off + p * 16 * PITCH) ^ (ks << 5)));
                } else {
                    const int x = 2 * p;
                    OPS::ldsm_x4_t(r, tile + ((off + ((x & ~7) << 4)) ^ ((x & 7) << 4)) + ks * 16 * PITCH);
                }
                b[2 * p][0] = r[0];
                b[2 * p][1] = r[1];
                b[2 * p + 1][0] = r[2];
                b[2 * p + 1][1] = r[3];
            }
        } else {
#pragma unroll
            for (int ni = 0; ni < NI; ni++) {
                const int x = 2 * ni;
#pragma unroll
                for (int j = 0; j < 2; j++)
                    b[ni][j] = OPS::lds32(tile + ((off + ((x & ~7) << 4) + j * 4 * PITCH) ^ (((x & 7) | j) << 4)) +
                                        ks * 8 * PITCH);
            }
        }
        if (TT::TF32) {
#pragma unroll
            for (int ni = 0; ni < NI; ni++) {
                b[ni][0] = OPS::to_tf32(b[ni][0]);
                b[ni][1] = OPS::to_tf32(b[ni][1]);
            }
        }
    }
};

/* acc[MI][NI][4] += a x b, one k-step of the warp tile. The n loop runs serpentine so consecutive mma
 * share an operand register set. */
template <class TT, int MI, int NI>
__device__ __forceinline__ void gp_warp_mma(float (&acc)[MI][NI][4], const uint32_t (&a)[MI][4], const uint32_t (&b)[NI][2])
{
#pragma unroll
    for (int mi = 0; mi < MI; mi++)
#pragma unroll
        for (int nj = 0; nj < NI; nj++) {
            const int ni = (mi & 1) ? NI - 1 - nj : nj;
            TT::mma(acc[mi][ni], a[mi], b[ni]);
        }
}

#endif
