// 02_mma_ldmatrix.cu — tensor-core gemm rung 2: mma.sync with ldmatrix from XOR-swizzled shared memory.
// Over rung 1: the same 128x128 block tile, 8 warps of 32x64, one-stage cp.async copy of 128 bytes of k
// per k-step, but the warp-level code is written in PTX instead of wmma:
//  - mma.sync.m16n8k16 (bf16/f16) and m16n8k8 (tf32): 2 x 8 of them per warp per k-step, accumulators in
//    registers in a documented layout, so the epilogue writes C straight from registers (no scratch);
//  - fragments read with ldmatrix.x4 (4 8x8 matrices per instruction: one 16x16 A fragment or the B
//    fragments of two n8 tiles), .trans for the mn-contiguous 16-bit operands (A transposed, B as stored);
//    tf32's mn-contiguous operands with 32-bit ld.shared (ldmatrix.trans moves 16-bit elements);
//  - the shared tiles are unpadded and XOR-swizzled (chunk c of row r at c ^ f(r), gemm_tile.cuh), so the
//    8 rows of each ldmatrix matrix, and the 16-byte cp.async writes, fall in 8 different bank groups:
//    no bank conflicts, and 1/9 less shared memory than the padded tiles.
// Loads and tensor cores still do not overlap (one stage); the fall-back for unaligned matrices is the
// element-wise copy of gemm_tile.cuh, inside the same kernel.
// Measured (H100, results/h100-2026-11-23d/bench.txt): bf16 4096^3 338 TFLOP/s (0.43x cublasLt, 2.0x rung 01); 13.4 k bank conflicts per call against rung 01's 1.81 M (results/h100-2026-11-23d/ncu-gemm-banks.txt).
#include "gemm_frag.cuh"
#include "gemm_epilogue.cuh"

#define R02_BM 128
#define R02_BN 128
#define R02_NT 256
#define R02_WM 32 /* warps 4 x 2 */
#define R02_WN 64

template <class TT, bool A_KC, bool B_KC>
__global__ void __launch_bounds__(R02_NT, 2) gemm_r02_mma(gp_gemm_args p)
{
    constexpr int ESZ = TT::ESZ, BK = 128 / ESZ, MI = R02_WM / 16, NI = R02_WN / 8;
    constexpr int A_CPR = A_KC ? 8 : R02_BM * ESZ / 16, A_ROWS = A_KC ? R02_BM : BK;
    constexpr int B_CPR = B_KC ? 8 : R02_BN * ESZ / 16, B_ROWS = B_KC ? R02_BN : BK;
    typedef gp_swz_layout<A_CPR> LA;
    typedef gp_swz_layout<B_CPR> LB;
    constexpr int A_BYTES = A_ROWS * LA::PITCH, B_BYTES = B_ROWS * LB::PITCH; /* 16 KB each */
    __shared__ __align__(128) char smem[A_BYTES + B_BYTES];
    const uint32_t sA = (uint32_t)__cvta_generic_to_shared(smem), sB = sA + A_BYTES;

    const int tid = threadIdx.x, warp = tid / 32, lane = tid % 32;
    const int wm0 = (warp / (R02_BN / R02_WN)) * R02_WM, wn0 = (warp % (R02_BN / R02_WN)) * R02_WN;
    const int64_t tiles_n = (p.n + R02_BN - 1) / R02_BN;
    const int64_t i0 = (int64_t)(blockIdx.x / tiles_n) * R02_BM, j0 = (int64_t)(blockIdx.x % tiles_n) * R02_BN;

    gp_tile_loader<ESZ, A_ROWS, A_CPR, R02_NT, A_KC, LA> la;
    gp_tile_loader<ESZ, B_ROWS, B_CPR, R02_NT, B_KC, LB> lb;
    la.init(p.A, p.lda, A_KC ? p.m : p.k, A_KC ? p.k : p.m, A_KC ? i0 : 0, A_KC ? 0 : i0, tid);
    lb.init(p.B, p.ldb, B_KC ? p.n : p.k, B_KC ? p.k : p.n, B_KC ? j0 : 0, B_KC ? 0 : j0, tid);
    gp_frag_a<TT, A_KC, MI, LA::PITCH> fa;
    gp_frag_b<TT, B_KC, NI, LB::PITCH> fb;
    fa.init(lane, wm0);
    fb.init(lane, wn0);

    float acc[MI][NI][4];
#pragma unroll
    for (int mi = 0; mi < MI; mi++)
#pragma unroll
        for (int ni = 0; ni < NI; ni++)
#pragma unroll
            for (int e = 0; e < 4; e++) acc[mi][ni][e] = 0.f;

    for (int64_t k0 = 0; k0 < p.k; k0 += BK) {
        la.load(sA, p.A, p.lda, p.k - k0, p.vec_a != 0);
        lb.load(sB, p.B, p.ldb, p.k - k0, p.vec_b != 0);
        gp_cp_async_commit();
        gp_cp_async_wait<0>();
        __syncthreads();
#pragma unroll
        for (int ks = 0; ks < 4; ks++) { /* 4 mma k-steps of 32 bytes */
            uint32_t a[MI][4], b[NI][2];
            fa.load(a, sA, ks);
            fb.load(b, sB, ks);
            gp_warp_mma<TT, MI, NI>(acc, a, b);
        }
        __syncthreads();
    }
    gp_gemm_store_acc<TT, MI, NI>(p, acc, i0 + wm0, j0 + wn0, lane);
}

template <class TT>
static gp_status r02_launch(cudaStream_t s, const gp_gemm_args *a)
{
    const int64_t blocks = ((a->m + R02_BM - 1) / R02_BM) * ((a->n + R02_BN - 1) / R02_BN);
    if (blocks > 0x7fffffff) return GP_ERROR_NOT_SUPPORTED;
    void (*kern)(gp_gemm_args);
    if (!a->ta && !a->tb)     kern = gemm_r02_mma<TT, true, false>;
    else if (!a->ta)          kern = gemm_r02_mma<TT, true, true>;
    else if (!a->tb)          kern = gemm_r02_mma<TT, false, false>;
    else                      kern = gemm_r02_mma<TT, false, true>;
    kern<<<(unsigned)blocks, R02_NT, 0, s>>>(*a);
    return gp__launch_status();
}

GP_LAUNCHER(gemm_r02_launch, gp_gemm_args, ctx, a)
{
    cudaStream_t s = ctx->stream;
    if (a->compute == GP_COMPUTE_TF32) return r02_launch<gp_gemm_tf32>(s, a);
    if (a->ab_type == GP_DTYPE_BF16) return r02_launch<gp_gemm_bf16>(s, a);
    return r02_launch<gp_gemm_f16>(s, a);
}

static gp_kernel_info gemm_r02_kernel(void)
{
    gp_kernel_info k = {(const void *)gemm_r02_mma<gp_gemm_bf16, true, false>, R02_NT, 0};
    return k;
}

GP_RUNG(gp__gemm_r02, "mma_ldmatrix", "mma.sync m16n8k16 fed by ldmatrix from XOR-swizzled shared memory: no bank conflicts",
        80, GP_RUNG_AUTO, gemm_r02_launch_entry, NULL, gemm_r02_kernel);
