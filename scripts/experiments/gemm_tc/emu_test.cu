// emu_test.cu — CPU check of the tensor-core gemm's index arithmetic (no GPU needed): the tile loader
// (gemm_tile.cuh), the fragment loaders (gemm_frag.cuh) and the staged epilogue (gemm_epilogue.cuh) run on
// the CPU, as compiled for the device, with the shared-memory instructions replaced by an emulation of their
// PTX semantics (emu_ops below: cp.async with src-size and zero fill, st.shared, ldmatrix .x4 and .x4.trans
// as warp-collective operations, ld.shared.b32, cvt.rna.tf32.f32) and mma.sync emulated from the PTX
// fragment layouts (m16n8k16 for f16/bf16, m16n8k8 for tf32). For every type, every transpose combination and
// the warp/block tiles of rungs 02 and 03, it computes one block tile of C at the matrix edge (partial tile,
// k tail, leading dimensions > the matrix, aligned and unaligned) and compares it exactly with a reference
// (inputs are small integers, or tf32 test values whose products and sums are exact in double). It also
// checks every shared-memory access (bounds, 16-byte alignment), every global read (inside the matrix's real
// extent: (rows-1)*ld + cols elements; a cp.async counts its whole 16 bytes, as memcheck does), and counts bank conflicts: ldmatrix phases (8 rows of 16 bytes),
// 32-bit fragment reads and the 16-byte tile writes must be conflict-free.
// What it does not check: the pipeline's ordering (commit/wait/barriers), wmma (rung 01), the mma.sync and
// ldmatrix instructions themselves (their PTX semantics are the emulation's assumption).
// Build and run (from the repository root, CPU only):
//   nvcc -std=c++17 --expt-relaxed-constexpr -O1 -arch=sm_80 -I include -I src scripts/experiments/gemm_tc/emu_test.cu -o emu && ./emu
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cmath>
#include <vector>
#include "gemm/gemm_frag.cuh"
#include "gemm/gemm_epilogue.cuh"

/* stand-in: the headers declare it (core/internal.h), nothing here calls it */
extern "C" gp_status gp__launch_status(void) { return GP_SUCCESS; }

static int g_fail = 0;
#define EXPECT(cond, ...)                                                                                        \
    do {                                                                                                         \
        if (!(cond)) {                                                                                           \
            if (g_fail < 20) { printf("FAIL %s:%d: ", __FILE__, __LINE__); printf(__VA_ARGS__); printf("\n"); } \
            g_fail++;                                                                                            \
        }                                                                                                        \
    } while (0)

/* ---- the emulated instructions ---- */
struct emu_state {
    std::vector<unsigned char> smem;
    int cur = 0;            /* thread (loader) or lane (fragments) being run */
    bool record = true;     /* fragment loads: first record every lane's addresses, then replay */
    std::vector<std::vector<uint32_t>> addr; /* [lane][call] */
    std::vector<int> call;  /* [lane] */
    const char *glo = nullptr, *ghi = nullptr; /* the matrix being copied: [glo, ghi) */
    std::vector<uint32_t> writes; /* shared addresses of 16-byte writes, in thread order, for the bank check */
    long ldsm_conflicts = 0, lds_conflicts = 0, write_conflicts = 0;
};
static emu_state E;

static uint32_t rna_tf32(uint32_t u)
{
    if ((u & 0x7f800000u) == 0x7f800000u) return u;
    return (u + 0x1000u) & 0xffffe000u;
}

struct emu_ops {
    static int tid() { return E.cur; }
    static void check_smem(uint32_t a, int bytes, int align)
    {
        EXPECT(a + bytes <= E.smem.size(), "shared access [%u, %u) outside %zu bytes", a, a + bytes, E.smem.size());
        EXPECT(a % align == 0, "shared address %u not %d-byte aligned", a, align);
    }
    static uint32_t rd32(uint32_t a)
    {
        uint32_t v;
        if (a + 4 > E.smem.size()) return 0;
        memcpy(&v, &E.smem[a], 4);
        return v;
    }
    static uint16_t rd16(uint32_t a)
    {
        uint16_t v;
        if (a + 2 > E.smem.size()) return 0;
        memcpy(&v, &E.smem[a], 2);
        return v;
    }
    static void ldsm(uint32_t (&r)[4], uint32_t a, bool trans)
    {
        const int lane = E.cur;
        if (E.record) {
            check_smem(a, 16, 16);
            E.addr[lane].push_back(a);
            r[0] = r[1] = r[2] = r[3] = 0;
            return;
        }
        const int c = E.call[lane]++;
        const int g = lane / 4, t = lane % 4;
        for (int j = 0; j < 4; j++) {
            if (!trans) {
                r[j] = rd32(E.addr[8 * j + g][c] + 4 * t); /* row g of matrix j, elements 2t, 2t+1 */
            } else {
                const uint16_t lo = rd16(E.addr[8 * j + 2 * t][c] + 2 * g), hi = rd16(E.addr[8 * j + 2 * t + 1][c] + 2 * g);
                r[j] = (uint32_t)lo | ((uint32_t)hi << 16); /* (row 2t, col g), (row 2t+1, col g) */
            }
        }
    }
    static void ldsm_x4(uint32_t (&r)[4], uint32_t a) { ldsm(r, a, false); }
    static void ldsm_x4_t(uint32_t (&r)[4], uint32_t a) { ldsm(r, a, true); }
    static uint32_t lds32(uint32_t a)
    {
        const int lane = E.cur;
        if (E.record) {
            check_smem(a, 4, 4);
            E.addr[lane].push_back(a);
            return 0;
        }
        E.call[lane]++;
        return rd32(a);
    }
    static uint32_t to_tf32(uint32_t x) { return rna_tf32(x); }
    static void check_global(const void *g, int bytes)
    {
        const char *p = (const char *)g;
        EXPECT(p >= E.glo && p + bytes <= E.ghi, "global read [%p, +%d) outside the matrix [%p, %p)", g, bytes,
               (const void *)E.glo, (const void *)E.ghi);
    }
    static void cpa16(uint32_t s, const void *g, int bytes)
    {
        check_smem(s, 16, 16);
        EXPECT(bytes >= 0 && bytes <= 16, "cp.async src-size %d", bytes);
        if (bytes > 0) {
            EXPECT((uintptr_t)g % 16 == 0, "cp.async source %p not 16-byte aligned", g);
            /* compute-sanitizer memcheck counts a 16-byte cp.async with a smaller src-size as a 16-byte read
             * (the H100, session 8): such a copy must lie wholly inside the matrix too */
            check_global(g, 16);
        }
        if (s + 16 > E.smem.size()) return;
        memset(&E.smem[s], 0, 16);
        if (bytes > 0) memcpy(&E.smem[s], g, bytes);
        E.writes.push_back(s);
    }
    static void cpa16_full(uint32_t s, const void *g) { cpa16(s, g, 16); }
    static void sts128(uint32_t s, uint4 v)
    {
        check_smem(s, 16, 16);
        if (s + 16 > E.smem.size()) return;
        memcpy(&E.smem[s], &v, 16);
        E.writes.push_back(s);
    }
};

/* Bank conflicts of one recorded warp-wide instruction (call c of every lane). */
static void count_conflicts(int c, bool ldsm)
{
    if (ldsm) { /* 4 phases: matrix j = lanes 8j..8j+7, each 16 bytes: distinct 16-byte bank groups needed */
        for (int j = 0; j < 4; j++) {
            int used[8] = {0}, worst = 0;
            for (int r = 0; r < 8; r++) {
                const uint32_t a = E.addr[8 * j + r][c];
                worst = std::max(worst, ++used[(a / 16) % 8]);
            }
            E.ldsm_conflicts += worst - 1;
        }
    } else { /* 32 x 4 bytes: distinct words per bank */
        std::vector<std::vector<uint32_t>> bank(32);
        for (int l = 0; l < 32; l++) {
            const uint32_t a = E.addr[l][c];
            auto &b = bank[(a / 4) % 32];
            bool seen = false;
            for (uint32_t x : b) seen |= x == a;
            if (!seen) b.push_back(a);
        }
        size_t worst = 1;
        for (auto &b : bank) worst = std::max(worst, b.size());
        E.lds_conflicts += (long)worst - 1;
    }
}
/* 16-byte writes of a warp: 4 phases of 8 threads, distinct 16-byte bank groups per phase. */
static void count_write_conflicts(const std::vector<uint32_t> &w)
{
    for (size_t p = 0; p + 8 <= w.size(); p += 8) {
        int used[8] = {0}, worst = 0;
        for (int q = 0; q < 8; q++) worst = std::max(worst, ++used[(w[p + q] / 16) % 8]);
        E.write_conflicts += worst - 1;
    }
}

/* ---- host values of the types ---- */
static float bf16_to_f(uint16_t h) { uint32_t u = (uint32_t)h << 16; float f; memcpy(&f, &u, 4); return f; }
static float f16_to_f(uint16_t h)
{
    const int e = (h >> 10) & 31, m = h & 1023, s = h >> 15;
    float v = e == 0 ? std::ldexp((float)m, -24) : std::ldexp((float)(m | 1024), e - 25);
    return s ? -v : v;
}
static uint16_t f_to_bf16(float f) /* exact for the small integers used */
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return (uint16_t)((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
}
static uint16_t f_to_f16(float f) /* small integers and halves only */
{
    if (f == 0.f) return std::signbit(f) ? 0x8000 : 0;
    const int s = f < 0;
    float a = std::fabs(f);
    int e;
    float m = std::frexp(a, &e); /* a = m 2^e, m in [0.5, 1) */
    int mant = (int)std::lrint(m * 2048.f); /* 11 bits, nearest even */
    if (mant == 2048) { mant = 1024; e++; }
    return (uint16_t)((s << 15) | ((e + 14) << 10) | (mant & 1023));
}

template <class TT> struct host_t;
template <> struct host_t<gp_gemm_bf16> {
    typedef uint16_t E;
    static float val(E x) { return bf16_to_f(x); }
    static E make(float f) { return f_to_bf16(f); }
};
template <> struct host_t<gp_gemm_f16> {
    typedef uint16_t E;
    static float val(E x) { return f16_to_f(x); }
    static E make(float f) { return f_to_f16(f); }
};
template <> struct host_t<gp_gemm_tf32> {
    typedef uint32_t E;
    static float val(E x) { x = rna_tf32(x); float f; memcpy(&f, &x, 4); return f; } /* the value the mma sees */
    static E make(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
};

/* ---- one block tile, emulated ---- */
static uint64_t rng_state = 88172645463325252ull;
static uint32_t rnd() { rng_state ^= rng_state << 13; rng_state ^= rng_state >> 7; rng_state ^= rng_state << 17; return (uint32_t)rng_state; }

template <class TT>
static typename host_t<TT>::E random_value()
{
    typedef host_t<TT> H;
    if (TT::TF32) {
        /* a value with 11 significant bits (exact in tf32), then random bits below tf32's precision that
         * cvt.rna must round off: ties included (low 13 bits = 0x1000) */
        const int v = (int)(rnd() % 129) - 64;
        uint32_t u = H::make((float)v / 8.f);
        if (v != 0) {
            const uint32_t low = rnd() % 4 == 0 ? 0x1000u : (rnd() & 0x1fffu);
            u = (u & 0xffffe000u) | low;
        }
        return u;
    }
    return H::make((float)((int)(rnd() % 9) - 4));
}

struct case_desc {
    int64_t m, n, k, lda, ldb, ldc;
    int off_a, off_b; /* elements: a base offset of 1 makes the matrix unaligned (vec 0) */
    float alpha, beta;
    int c_f32;
};

template <class TT, int BM, int BN, int WARPS_M, int WARPS_N, bool A_KC, bool B_KC>
static void run_case(const case_desc &cd, int64_t tm, int64_t tn, const char *label)
{
    typedef host_t<TT> H;
    typedef typename H::E EL;
    constexpr int ESZ = TT::ESZ, BK = 128 / ESZ, NT = WARPS_M * WARPS_N * 32, WM = BM / WARPS_M, WN = BN / WARPS_N;
    constexpr int MI = WM / 16, NI = WN / 8;
    constexpr int A_CPR = A_KC ? 8 : BM * ESZ / 16, A_ROWS = A_KC ? BM : BK;
    constexpr int B_CPR = B_KC ? 8 : BN * ESZ / 16, B_ROWS = B_KC ? BN : BK;
    typedef gp_swz_layout<A_CPR> LA;
    typedef gp_swz_layout<B_CPR> LB;
    constexpr int A_BYTES = A_ROWS * LA::PITCH, B_BYTES = B_ROWS * LB::PITCH;
    const int64_t m = cd.m, n = cd.n, k = cd.k;
    const int64_t ar = A_KC ? m : k, ac = A_KC ? k : m, br = B_KC ? n : k, bc = B_KC ? k : n;
    /* exact spans, plus the base offset in front */
    std::vector<EL> Abuf(cd.off_a + (ar - 1) * cd.lda + ac), Bbuf(cd.off_b + (br - 1) * cd.ldb + bc);
    for (auto &x : Abuf) x = random_value<TT>();
    for (auto &x : Bbuf) x = random_value<TT>();
    const EL *A = Abuf.data() + cd.off_a, *B = Bbuf.data() + cd.off_b;
    auto a_at = [&](int64_t i, int64_t kk) { return H::val(A_KC ? A[i * cd.lda + kk] : A[kk * cd.lda + i]); };
    auto b_at = [&](int64_t kk, int64_t j) { return H::val(B_KC ? B[j * cd.ldb + kk] : B[kk * cd.ldb + j]); };
    /* C: f32 or 16-bit, small integers; the padding columns hold a sentinel */
    const size_t cspan = (size_t)((m - 1) * cd.ldc + n);
    std::vector<float> Cf(cd.c_f32 ? cspan : 0);
    std::vector<uint16_t> Ch(cd.c_f32 ? 0 : cspan);
    for (size_t q = 0; q < cspan; q++) {
        const float v = cd.beta == 0.f ? NAN : (float)((int)(rnd() % 9) - 4);
        if (cd.c_f32) Cf[q] = v; else Ch[q] = TT::TF32 ? 0 : H::make(v);
    }
    std::vector<float> Cf0 = Cf;
    std::vector<uint16_t> Ch0 = Ch;

    gp_gemm_args p;
    memset(&p, 0, sizeof p);
    p.m = m; p.n = n; p.k = k; p.A = A; p.B = B;
    p.C = cd.c_f32 ? (void *)Cf.data() : (void *)Ch.data();
    p.lda = cd.lda; p.ldb = cd.ldb; p.ldc = cd.ldc; p.alpha = cd.alpha; p.beta = cd.beta;
    p.ta = !A_KC; p.tb = B_KC; p.ab_type = TT::DTYPE; p.c_type = cd.c_f32 ? GP_DTYPE_F32 : TT::DTYPE;
    p.compute = TT::TF32 ? GP_COMPUTE_TF32 : GP_COMPUTE_F32;
    p.vec_a = gp__gemm_vec_ok(A, cd.lda, ESZ);
    p.vec_b = gp__gemm_vec_ok(B, cd.ldb, ESZ);
    p.vec_c = gp__gemm_vec_ok(p.C, cd.ldc, cd.c_f32 ? 4 : 2);

    const int64_t i0 = tm * BM, j0 = tn * BN;
    E.smem.assign(A_BYTES + B_BYTES, 0xAB);
    const uint32_t sA = 0, sB = A_BYTES;
    std::vector<gp_tile_loader<ESZ, A_ROWS, A_CPR, NT, A_KC, LA, emu_ops>> la(NT);
    std::vector<gp_tile_loader<ESZ, B_ROWS, B_CPR, NT, B_KC, LB, emu_ops>> lb(NT);
    for (int t = 0; t < NT; t++) {
        la[t].init(p.A, p.lda, A_KC ? p.m : p.k, A_KC ? p.k : p.m, A_KC ? i0 : 0, A_KC ? 0 : i0, t);
        lb[t].init(p.B, p.ldb, B_KC ? p.n : p.k, B_KC ? p.k : p.n, B_KC ? j0 : 0, B_KC ? 0 : j0, t);
    }
    std::vector<double> acc((size_t)NT * MI * NI * 4, 0.0);
    for (int64_t k0 = 0; k0 < k; k0 += BK) {
        /* the copy, thread by thread */
        E.writes.clear();
        E.glo = (const char *)Abuf.data(); E.ghi = (const char *)(Abuf.data() + Abuf.size());
        for (int t = 0; t < NT; t++) { E.cur = t; la[t].load(sA, p.A, p.lda, k - k0, p.vec_a != 0); }
        if (p.vec_a) { /* cp.async writes issue in thread order per instruction: group them per warp and chunk */
            const int it_per = (int)E.writes.size() / NT;
            for (int w = 0; w < NT / 32; w++)
                for (int it = 0; it < it_per; it++) {
                    std::vector<uint32_t> ws;
                    for (int l = 0; l < 32; l++) ws.push_back(E.writes[(size_t)(w * 32 + l) * it_per + it]);
                    count_write_conflicts(ws);
                }
        }
        E.writes.clear();
        E.glo = (const char *)Bbuf.data(); E.ghi = (const char *)(Bbuf.data() + Bbuf.size());
        for (int t = 0; t < NT; t++) { E.cur = t; lb[t].load(sB, p.B, p.ldb, k - k0, p.vec_b != 0); }
        if (p.vec_b) {
            const int it_per = (int)E.writes.size() / NT;
            for (int w = 0; w < NT / 32; w++)
                for (int it = 0; it < it_per; it++) {
                    std::vector<uint32_t> ws;
                    for (int l = 0; l < 32; l++) ws.push_back(E.writes[(size_t)(w * 32 + l) * it_per + it]);
                    count_write_conflicts(ws);
                }
        }
        /* every warp: 4 mma k-steps */
        for (int w = 0; w < NT / 32; w++) {
            const int wm0 = (w / WARPS_N) * WM, wn0 = (w % WARPS_N) * WN;
            for (int ks = 0; ks < 4; ks++) {
                static uint32_t a[32][MI][4], b[32][NI][2];
                for (int op = 0; op < 2; op++) {
                    /* record every lane's addresses (and count bank conflicts), then replay: each lane
                     * receives what the warp-wide instruction gives it */
                    E.addr.assign(32, std::vector<uint32_t>());
                    E.call.assign(32, 0);
                    for (int pass = 0; pass < 2; pass++) {
                        E.record = pass == 0;
                        for (int l = 0; l < 32; l++) {
                            E.cur = l;
                            if (op == 0) { gp_frag_a<TT, A_KC, MI, LA::PITCH, emu_ops> f; f.init(l, wm0); f.load(a[l], sA, ks); }
                            else { gp_frag_b<TT, B_KC, NI, LB::PITCH, emu_ops> f; f.init(l, wn0); f.load(b[l], sB, ks); }
                        }
                        if (pass == 0) {
                            const bool is_ldsm = op == 0 ? (A_KC || !TT::TF32) : (B_KC || !TT::TF32);
                            for (size_t c = 0; c < E.addr[0].size(); c++) count_conflicts((int)c, is_ldsm);
                        }
                    }
                }
                /* the mma, from the PTX fragment layouts */
                const int KS = TT::KSTEP;
                for (int mi = 0; mi < MI; mi++)
                    for (int ni = 0; ni < NI; ni++) {
                        double Am[16][16], Bm[16][8];
                        for (int r = 0; r < 16; r++)
                            for (int c = 0; c < KS; c++) {
                                if (TT::TF32) {
                                    const uint32_t u = a[(r % 8) * 4 + c % 4][mi][(r / 8) + 2 * (c / 4)] & 0xffffe000u;
                                    float f; memcpy(&f, &u, 4); Am[r][c] = f;
                                } else {
                                    const uint32_t u = a[(r % 8) * 4 + (c % 8) / 2][mi][(r / 8) + 2 * (c / 8)];
                                    Am[r][c] = H::val((uint16_t)(c % 2 ? u >> 16 : u & 0xffff));
                                }
                            }
                        for (int kk = 0; kk < KS; kk++)
                            for (int nn = 0; nn < 8; nn++) {
                                if (TT::TF32) {
                                    const uint32_t u = b[nn * 4 + kk % 4][ni][kk / 4] & 0xffffe000u;
                                    float f; memcpy(&f, &u, 4); Bm[kk][nn] = f;
                                } else {
                                    const uint32_t u = b[nn * 4 + (kk % 8) / 2][ni][kk / 8];
                                    Bm[kk][nn] = H::val((uint16_t)(kk % 2 ? u >> 16 : u & 0xffff));
                                }
                            }
                        for (int r = 0; r < 16; r++)
                            for (int nn = 0; nn < 8; nn++) {
                                double s = 0;
                                for (int kk = 0; kk < KS; kk++) s += Am[r][kk] * Bm[kk][nn];
                                const int lane = (r % 8) * 4 + nn / 2, idx = (r / 8) * 2 + nn % 2;
                                acc[(((size_t)(w * 32 + lane) * MI + mi) * NI + ni) * 4 + idx] += s;
                            }
                    }
            }
        }
    }
    /* staged epilogue: accumulators (rounded to f32, as the hardware holds them) -> shared tile -> C */
    std::vector<float> st((size_t)BM * gp_gemm_stage<BN>::PITCH, NAN);
    for (int w = 0; w < NT / 32; w++) {
        const int wm0 = (w / WARPS_N) * WM, wn0 = (w % WARPS_N) * WN;
        for (int l = 0; l < 32; l++) {
            float fr[MI][NI][4];
            for (int mi = 0; mi < MI; mi++)
                for (int ni = 0; ni < NI; ni++)
                    for (int e = 0; e < 4; e++) fr[mi][ni][e] = (float)acc[(((size_t)(w * 32 + l) * MI + mi) * NI + ni) * 4 + e];
            gp_gemm_stage_acc<BN, MI, NI>(st.data(), fr, wm0, wn0, l);
        }
    }
    for (int t = 0; t < NT; t++) gp_gemm_write_tile<TT, BM, BN, NT>(p, st.data(), i0, j0, t);

    /* compare every element of C: inside the tile with the reference, elsewhere unchanged */
    long bad = 0;
    for (int64_t i = 0; i < m; i++)
        for (int64_t j = 0; j < cd.ldc && (i < m - 1 || j < n); j++) {
            const size_t q = (size_t)(i * cd.ldc + j);
            const bool in_tile = i >= i0 && i < i0 + BM && j >= j0 && j < j0 + BN && j < n;
            if (!in_tile) {
                const bool same = cd.c_f32 ? memcmp(&Cf[q], &Cf0[q], 4) == 0 : Ch[q] == Ch0[q];
                if (!same && bad++ < 3) printf("  %s: C[%lld][%lld] outside the tile was written\n", label, (long long)i, (long long)j);
                continue;
            }
            double ref = 0, mag = 0;
            for (int64_t kk = 0; kk < k; kk++) {
                ref += (double)a_at(i, kk) * b_at(kk, j);
                mag += std::fabs((double)a_at(i, kk) * b_at(kk, j));
            }
            const float old = cd.c_f32 ? Cf0[q] : H::val(Ch0[q]);
            const float want = cd.beta != 0.f ? (float)(cd.alpha * ref + cd.beta * (double)old) : (float)(cd.alpha * ref);
            /* 16-bit inputs here are small integers: exact. tf32 sums need not be exact in f32: a bound far
             * below one misplaced or unrounded product */
            const double tol = TT::TF32 ? std::ldexp(mag * std::fabs(cd.alpha), -20) + std::ldexp(std::fabs(want), -22) : 0.0;
            const bool ok = cd.c_f32 ? std::fabs((double)Cf[q] - want) <= tol : Ch[q] == H::make(want);
            if (!ok && bad++ < 3)
                printf("  %s: C[%lld][%lld] = %g, want %g\n", label, (long long)i, (long long)j,
                       cd.c_f32 ? Cf[q] : H::val(Ch[q]), want);
        }
    EXPECT(bad == 0, "%s: %ld wrong elements of C", label, bad);
}

template <class TT, int BM, int BN, int WARPS_M, int WARPS_N>
static void run_layouts(const char *tname, const char *cfg)
{
    constexpr int BK = 128 / TT::ESZ;
    /* (m, n, k): the tile at the edge is partial in both dimensions and k has a tail; k = 1; aligned */
    const int64_t shapes[][3] = {{BM + BM / 2 + 3, 2 * BN - 5, 2 * BK + 7}, {BM - 1, BN / 2 + 1, 1}, {BM, BN, BK}};
    char label[160];
    for (int s = 0; s < 3; s++)
        for (int un = 0; un < 3; un++) { /* 0: aligned ld, 1: ld + 1 (odd), 2: base offset by 1 element */
            for (int tr = 0; tr < 4; tr++) {
                const int ta = tr & 1, tb = tr >> 1;
                case_desc cd;
                cd.m = shapes[s][0]; cd.n = shapes[s][1]; cd.k = shapes[s][2];
                const int64_t ac = ta ? cd.m : cd.k, bc = tb ? cd.k : cd.n;
                const int64_t pad = 16 / TT::ESZ; /* keeps 16-byte row pitches */
                cd.lda = un == 1 ? ac + 1 : ((ac + pad - 1) / pad) * pad + pad;
                cd.ldb = un == 1 ? bc + 3 : ((bc + pad - 1) / pad) * pad;
                cd.ldc = un == 1 ? cd.n + 1 : ((cd.n + 7) / 8) * 8 + 8;
                cd.off_a = un == 2; cd.off_b = un == 2;
                cd.c_f32 = TT::TF32 || (s + un + tr) % 2 == 0;
                cd.alpha = (s % 2) ? -0.5f : 2.f;
                cd.beta = (un + tr) % 2 ? 0.5f : 0.f;
                const int64_t tm = (cd.m - 1) / BM, tn = (cd.n - 1) / BN; /* the edge tile */
                snprintf(label, sizeof label, "%s %s ta=%d tb=%d m=%lld n=%lld k=%lld lda=%lld ldb=%lld ldc=%lld off=%d C=%s beta=%g",
                         tname, cfg, ta, tb, (long long)cd.m, (long long)cd.n, (long long)cd.k, (long long)cd.lda,
                         (long long)cd.ldb, (long long)cd.ldc, cd.off_a, cd.c_f32 ? "f32" : "16", cd.beta);
                const int before = g_fail;
                if (!ta && !tb) run_case<TT, BM, BN, WARPS_M, WARPS_N, true, false>(cd, tm, tn, label);
                if (!ta && tb) run_case<TT, BM, BN, WARPS_M, WARPS_N, true, true>(cd, tm, tn, label);
                if (ta && !tb) run_case<TT, BM, BN, WARPS_M, WARPS_N, false, false>(cd, tm, tn, label);
                if (ta && tb) run_case<TT, BM, BN, WARPS_M, WARPS_N, false, true>(cd, tm, tn, label);
                if (s == 0 && tm > 0 && tn > 0) { /* and an interior tile */
                    if (!ta && !tb) run_case<TT, BM, BN, WARPS_M, WARPS_N, true, false>(cd, 0, 0, label);
                    if (!ta && tb) run_case<TT, BM, BN, WARPS_M, WARPS_N, true, true>(cd, 0, 0, label);
                    if (ta && !tb) run_case<TT, BM, BN, WARPS_M, WARPS_N, false, false>(cd, 0, 0, label);
                    if (ta && tb) run_case<TT, BM, BN, WARPS_M, WARPS_N, false, true>(cd, 0, 0, label);
                }
                if (g_fail != before) printf("  (in %s)\n", label);
            }
        }
}

template <class TT>
static void run_type(const char *tname)
{
    run_layouts<TT, 128, 128, 4, 2>(tname, "r02 128x128 w32x64");
    run_layouts<TT, 128, 256, 2, 4>(tname, "r03c0 128x256 w64x64");
    run_layouts<TT, 128, 128, 2, 2>(tname, "r03c1 128x128 w64x64");
    run_layouts<TT, 128, 64, 2, 2>(tname, "r03c2 128x64 w64x32");
    run_layouts<TT, 64, 64, 2, 2>(tname, "r03c3 64x64 w32x32");
    printf("%-5s done: %d failures so far; bank conflicts (extra wavefronts): ldmatrix %ld, ld.shared.b32 %ld, 16-byte writes %ld\n",
           tname, g_fail, E.ldsm_conflicts, E.lds_conflicts, E.write_conflicts);
}

/* Rung 01's padded tiles: after the copy, element (row r, element e) of the tile must sit at r * PITCH + e * ESZ
 * and equal the matrix element (zero outside the matrix): what wmma's load_matrix_sync then reads with ldm =
 * PITCH / ESZ. */
template <class TT, bool KC, int W>
static void check_pad_loader(int64_t rows_total, int64_t cols_total, int64_t ld, int off, int64_t r0, int64_t x0, int64_t K,
                             int64_t k0, const char *label)
{
    constexpr int ESZ = TT::ESZ, BK = 128 / ESZ, NT = 256, CPR = KC ? 8 : W * ESZ / 16, ROWS = KC ? W : BK;
    typedef gp_pad_layout<CPR> L;
    typedef typename host_t<TT>::E EL;
    std::vector<EL> buf(off + (rows_total - 1) * ld + cols_total);
    for (auto &x : buf) x = random_value<TT>();
    const EL *P = buf.data() + off;
    E.smem.assign(ROWS * L::PITCH, 0xAB);
    E.glo = (const char *)buf.data();
    E.ghi = (const char *)(buf.data() + buf.size());
    const bool vec = gp__gemm_vec_ok(P, ld, ESZ);
    for (int t = 0; t < NT; t++) {
        gp_tile_loader<ESZ, ROWS, CPR, NT, KC, L, emu_ops> l;
        l.init(P, ld, rows_total, cols_total, r0, x0, t);
        E.cur = t;
        for (int64_t kk = 0; kk <= k0; kk += BK) l.load(0, P, ld, K - kk, vec); /* the copy of k-step k0 last */
    }
    long bad = 0;
    for (int r = 0; r < ROWS; r++)
        for (int e = 0; e < CPR * 16 / ESZ; e++) {
            /* KC: rows are matrix rows r0 + r, elements run along k from k0; else rows are k0 + r, elements x0 + e */
            const int64_t gr = KC ? r0 + r : k0 + r, gc = KC ? k0 + e : x0 + e;
            const bool in = gr < rows_total && gc < cols_total && (KC ? gc < K : gr < K);
            EL want = 0, got;
            if (in) want = P[gr * ld + gc];
            memcpy(&got, &E.smem[(size_t)r * L::PITCH + (size_t)e * ESZ], ESZ);
            if (got != want && bad++ < 3) printf("  %s: tile (%d, %d) holds %x, want %x\n", label, r, e, (unsigned)got, (unsigned)want);
        }
    EXPECT(bad == 0, "%s: %ld misplaced elements", label, bad);
}

int main()
{
    /* rung 01 (128 x 128 tiles): k-contiguous A (rows m) and mn-contiguous B (rows k), edge and interior, both paths */
    check_pad_loader<gp_gemm_bf16, true, 128>(200, 150, 152, 0, 128, 0, 150, 128, "pad bf16 KC edge vec");
    check_pad_loader<gp_gemm_bf16, true, 128>(200, 150, 151, 0, 0, 0, 150, 64, "pad bf16 KC odd ld");
    check_pad_loader<gp_gemm_f16, false, 128>(70, 300, 304, 1, 0, 256, 70, 64, "pad f16 MN edge off");
    check_pad_loader<gp_gemm_f16, false, 128>(70, 300, 304, 0, 0, 128, 70, 64, "pad f16 MN vec");
    check_pad_loader<gp_gemm_tf32, true, 128>(130, 40, 44, 0, 128, 0, 40, 32, "pad tf32 KC edge");
    check_pad_loader<gp_gemm_tf32, false, 128>(40, 130, 131, 0, 0, 0, 40, 32, "pad tf32 MN odd ld");
    printf("padded loader (rung 01): %d failures\n", g_fail);
    run_type<gp_gemm_bf16>("bf16");
    run_type<gp_gemm_f16>("f16");
    run_type<gp_gemm_tf32>("tf32");
    const bool conflicts = E.ldsm_conflicts || E.lds_conflicts || E.write_conflicts;
    printf("%s: %d failures, bank conflicts %s\n", g_fail || conflicts ? "FAILED" : "passed", g_fail,
           conflicts ? "found" : "none");
    return g_fail || conflicts ? 1 : 0;
}
