// one TU per source tree: SG_NAME is the entry's name; the tree comes from -I
#include "sgemm/sgemm_async.cuh"
extern "C" int SG_NAME(int cfg, const float *A, const float *B, float *C, long m, long n, long k, long lda, long ldb,
                       long ldc, int vec, cudaStream_t s)
{
    gp_sgemm_args p;
    memset(&p, 0, sizeof p);
    p.m = m; p.n = n; p.k = k; p.A = A; p.B = B; p.C = C; p.lda = lda; p.ldb = ldb; p.ldc = ldc;
    p.alpha = 1.f; p.beta = 0.f; p.ta = 0; p.tb = 0; p.vec_a = p.vec_b = p.vec_c = vec;
#ifdef SG_BATCH_FIELDS
    p.batch = 1;
#endif
    switch (cfg) {
    case 0: return (int)gp_sg_async_launch<128, 256, 16, 4, 2, 2, 4, 3, 1, true>(s, &p, 8);
    case 1: return (int)gp_sg_async_launch<128, 256, 32, 4, 2, 2, 4, 2, 1, true>(s, &p, 8);
    case 3: return (int)gp_sg_async_launch<128, 64, 16, 4, 1, 2, 2, 3, 4, true>(s, &p, 8);
    default: return (int)gp_sg_async_launch<64, 64, 32, 4, 2, 1, 1, 3, 3, true>(s, &p, 8);
    }
}
