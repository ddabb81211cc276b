// 01_wmma.cu — tensor-core gemm rung 1: wmma 16x16x16 fragments (tf32: 16x16x8) from padded shared memory.
// The first rung on tensor cores, written with the portable C++ fragment API (nvcuda::wmma): a 128x128
// block tile, 8 warps of 32x64 (2x4 accumulator fragments of 16x16 per warp, 64 f32 registers), and per
// k-step of 128 bytes of k (64 bf16/f16, 32 f32) both tiles copied to shared memory in their stored
// layout (gemm_tile.cuh: 16-byte cp.async, zero-filled at the matrix edges; an element-wise fall-back when
// a matrix is not 16-byte aligned or its row pitch is not a multiple of 16 bytes), each row padded by
// 16 bytes. The copy is waited for at once (one stage: loads and tensor cores do not overlap) and each
// warp then runs 4 (tf32: 4) fragment k-steps: load_matrix_sync of 2 A and 4 B fragments (row_major or
// col_major as the operand is stored, so the four transpose combinations need no data movement), and
// 8 mma_sync. tf32: every fragment element is rounded with __float_to_tf32 (cvt.rna.tf32.f32) after the
// load. The accumulators go to C through a 1 KB per-warp shared scratch (their register layout is opaque
// to wmma), with alpha/beta and the conversion of C (gemm_epilogue.cuh).
// Measured (H100, results/h100-2026-11-23d/bench.txt): bf16 4096^3 170 TFLOP/s (0.21x cublasLt), 1.81 M shared-load bank conflicts per 4096^3 call (ncu).
#include <mma.h>
#include "gemm_tile.cuh"
#include "gemm_epilogue.cuh"

namespace wm = nvcuda::wmma;

#define R01_BM 128
#define R01_BN 128
#define R01_NT 256
#define R01_WM 32 /* warps 4 x 2 */
#define R01_WN 64

template <class TT> struct r01_frag_t { typedef typename TT::T type; static constexpr int K = 16; };
template <> struct r01_frag_t<gp_gemm_tf32> { typedef wm::precision::tf32 type; static constexpr int K = 8; };

/* wmma layout of an operand: A as stored and B transposed are k-contiguous */
template <bool ROW> struct r01_layout { typedef wm::row_major type; };
template <> struct r01_layout<false> { typedef wm::col_major type; };

template <class TT, bool A_KC, bool B_KC>
__global__ void __launch_bounds__(R01_NT, 2) gemm_r01_wmma(gp_gemm_args p)
{
    typedef typename TT::T T;
    typedef typename r01_frag_t<TT>::type FT;
    constexpr int ESZ = TT::ESZ, BK = 128 / ESZ, FK = r01_frag_t<TT>::K;
    constexpr int A_CPR = A_KC ? 8 : R01_BM * ESZ / 16, A_ROWS = A_KC ? R01_BM : BK;
    constexpr int B_CPR = B_KC ? 8 : R01_BN * ESZ / 16, B_ROWS = B_KC ? R01_BN : BK;
    typedef gp_pad_layout<A_CPR> LA;
    typedef gp_pad_layout<B_CPR> LB;
    constexpr int A_BYTES = A_ROWS * LA::PITCH, B_BYTES = B_ROWS * LB::PITCH;
    constexpr int LDA = LA::PITCH / ESZ, LDB = LB::PITCH / ESZ; /* in elements, for wmma */
    __shared__ __align__(128) char smem[A_BYTES + B_BYTES];
    const T *As = reinterpret_cast<const T *>(smem), *Bs = reinterpret_cast<const T *>(smem + A_BYTES);
    const uint32_t sA = (uint32_t)__cvta_generic_to_shared(smem), sB = sA + A_BYTES;

    const int tid = threadIdx.x, warp = tid / 32, lane = tid % 32;
    const int wm0 = (warp / (R01_BN / R01_WN)) * R01_WM, wn0 = (warp % (R01_BN / R01_WN)) * R01_WN;
    const int64_t tiles_n = (p.n + R01_BN - 1) / R01_BN;
    const int64_t i0 = (int64_t)(blockIdx.x / tiles_n) * R01_BM, j0 = (int64_t)(blockIdx.x % tiles_n) * R01_BN;

    /* A stored m x k (KC: rows m, first row i0) or k x m (rows k, first column i0); B likewise with n */
    gp_tile_loader<ESZ, A_ROWS, A_CPR, R01_NT, A_KC, LA> la;
    gp_tile_loader<ESZ, B_ROWS, B_CPR, R01_NT, B_KC, LB> lb;
    la.init(p.A, p.lda, A_KC ? p.m : p.k, A_KC ? p.k : p.m, A_KC ? i0 : 0, A_KC ? 0 : i0, tid);
    lb.init(p.B, p.ldb, B_KC ? p.n : p.k, B_KC ? p.k : p.n, B_KC ? j0 : 0, B_KC ? 0 : j0, tid);

    typedef typename r01_layout<A_KC>::type ALay;  /* A[i][k] at i*LDA + k, or at k*LDA + i */
    typedef typename r01_layout<!B_KC>::type BLay; /* B[k][j] at k*LDB + j, or at j*LDB + k */
    wm::fragment<wm::accumulator, 16, 16, FK, float> acc[R01_WM / 16][R01_WN / 16];
#pragma unroll
    for (int fm = 0; fm < R01_WM / 16; fm++)
#pragma unroll
        for (int fn = 0; fn < R01_WN / 16; fn++) wm::fill_fragment(acc[fm][fn], 0.f);

    for (int64_t k0 = 0; k0 < p.k; k0 += BK) {
        la.load(sA, p.A, p.lda, p.k - k0, p.vec_a != 0);
        lb.load(sB, p.B, p.ldb, p.k - k0, p.vec_b != 0);
        gp_cp_async_commit();
        gp_cp_async_wait<0>();
        __syncthreads();
#pragma unroll 1 /* one fragment k-step at a time: 2 blocks of 8 warps per SM fit in 128 registers */
        for (int kk = 0; kk < BK; kk += FK) {
            wm::fragment<wm::matrix_a, 16, 16, FK, FT, ALay> fa[R01_WM / 16];
#pragma unroll
            for (int fm = 0; fm < R01_WM / 16; fm++) {
                const int i = wm0 + fm * 16;
                wm::load_matrix_sync(fa[fm], A_KC ? As + i * LDA + kk : As + kk * LDA + i, LDA);
                if (TT::TF32)
#pragma unroll
                    for (int e = 0; e < fa[fm].num_elements; e++) fa[fm].x[e] = wm::__float_to_tf32(fa[fm].x[e]);
            }
#pragma unroll
            for (int fn = 0; fn < R01_WN / 16; fn++) {
                wm::fragment<wm::matrix_b, 16, 16, FK, FT, BLay> fb;
                const int j = wn0 + fn * 16;
                wm::load_matrix_sync(fb, B_KC ? Bs + j * LDB + kk : Bs + kk * LDB + j, LDB);
                if (TT::TF32)
#pragma unroll
                    for (int e = 0; e < fb.num_elements; e++) fb.x[e] = wm::__float_to_tf32(fb.x[e]);
#pragma unroll
                for (int fm = 0; fm < R01_WM / 16; fm++) wm::mma_sync(acc[fm][fn], fa[fm], fb, acc[fm][fn]);
            }
        }
        __syncthreads(); /* every warp is done with the tiles before the next copy overwrites them */
    }

    /* epilogue: each 16x16 accumulator through the warp's 1 KB scratch (the tiles are no longer read) */
    float *scratch = reinterpret_cast<float *>(smem) + warp * 256;
    const int r = lane / 2, c = (lane % 2) * 8;
#pragma unroll
    for (int fm = 0; fm < R01_WM / 16; fm++)
#pragma unroll
        for (int fn = 0; fn < R01_WN / 16; fn++) {
            wm::store_matrix_sync(scratch, acc[fm][fn], 16, wm::mem_row_major);
            __syncwarp();
            const int64_t i = i0 + wm0 + fm * 16 + r, j = j0 + wn0 + fn * 16 + c;
#pragma unroll
            for (int e = 0; e < 8; e += 2) gp_gemm_store2<TT>(p, i, j + e, scratch[r * 16 + c + e], scratch[r * 16 + c + e + 1]);
            __syncwarp();
        }
}

template <class TT>
static gp_status r01_launch(cudaStream_t s, const gp_gemm_args *a)
{
    const int64_t blocks = ((a->m + R01_BM - 1) / R01_BM) * ((a->n + R01_BN - 1) / R01_BN);
    if (blocks > 0x7fffffff) return GP_ERROR_NOT_SUPPORTED;
    void (*kern)(gp_gemm_args);
    /* A as stored (ta == 0) is k-contiguous; B transposed (tb == 1) is k-contiguous */
    if (!a->ta && !a->tb)     kern = gemm_r01_wmma<TT, true, false>;
    else if (!a->ta)          kern = gemm_r01_wmma<TT, true, true>;
    else if (!a->tb)          kern = gemm_r01_wmma<TT, false, false>;
    else                      kern = gemm_r01_wmma<TT, false, true>;
    kern<<<(unsigned)blocks, R01_NT, 0, s>>>(*a);
    return gp__launch_status();
}

GP_LAUNCHER(gemm_r01_launch, gp_gemm_args, ctx, a)
{
    cudaStream_t s = ctx->stream;
    if (a->compute == GP_COMPUTE_TF32) return r01_launch<gp_gemm_tf32>(s, a);
    if (a->ab_type == GP_DTYPE_BF16) return r01_launch<gp_gemm_bf16>(s, a);
    return r01_launch<gp_gemm_f16>(s, a);
}

static gp_kernel_info gemm_r01_kernel(void)
{
    gp_kernel_info k = {(const void *)gemm_r01_wmma<gp_gemm_bf16, true, false>, R01_NT, 0};
    return k;
}

GP_RUNG(gp__gemm_r01, "wmma", "wmma 16x16x16 fragments (tf32: 16x16x8) from padded shared memory, one k-step at a time",
        80, GP_RUNG_AUTO, gemm_r01_launch_entry, NULL, gemm_r01_kernel);
