// 03_float4.cu — map rung 3: float4 (16-byte) vectorised loads and stores.
// Over rung 2: each thread moves 16 bytes per load instruction instead of 4 (LDG.E.128 in SASS), so a
// warp's request is 512 bytes and the number of memory instructions falls 4x; and the grid is sized from n
// again (one float4 per thread), which an experiment on the H100 showed streams DRAM better than a
// persistent grid-stride loop (scripts/experiments/map_variants.cu: 101.7% vs 95-98% of the copy rate).
// The body needs a, b, c equally aligned modulo 16 bytes: up to 3 head elements are peeled off so the body
// starts on a 16-byte boundary, and up to 3 tail elements are done scalar. The dispatcher sends pointers
// with different alignments to rung 2.
// H100 80GB HBM3, 2026-11-22 (results/h100-2026-11-22, `gpuprim bench map`; vendor timed in the same run):
//   n=268435456 f32: 3060 GB/s, 101.7% of D2D copy, 1.017x cudaMemcpy D2D
#include "map_ops.cuh"
#include "map_internal.h"

template <int OP>
__global__ void map_float4(int64_t head, int64_t nvec, int64_t n, const float *__restrict__ a,
                           const float *__restrict__ b, float *__restrict__ c)
{
    int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    const float4 *a4 = reinterpret_cast<const float4 *>(a + head);
    const float4 *b4 = reinterpret_cast<const float4 *>(b + head);
    float4 *c4 = reinterpret_cast<float4 *>(c + head);
    if (i < nvec) c4[i] = gp_binop_apply4<OP>(a4[i], b4[i]);
    gp_map_edges<OP>(i, head, head + 4 * nvec, n, a, b, c);
}

GP_LAUNCHER(map_r03_launch, gp_map_args, ctx, p)
{
    cudaStream_t s = ctx->stream;
    const gp_binop op = p->op;
    const int64_t n = p->n;
    const float *a = p->a, *b = p->b;
    float *c = p->c;
    const int threads = 256;
    int64_t head = gp_map_head(a, n), nvec = (n - head) / 4;
    int64_t blocks = gp_ceil_div(nvec > 4 ? nvec : 4, threads); /* at least 4 threads for the edges */
    if (blocks > 0x7fffffff) return GP_ERROR_INVALID_VALUE;
#define LAUNCH(OPC) map_float4<OPC><<<(unsigned)blocks, threads, 0, s>>>(head, nvec, n, a, b, c)
    GP_MAP_DISPATCH(op, LAUNCH)
#undef LAUNCH
    return gp__launch_status();
}

static gp_kernel_info map_r03_kernel(void)
{
    gp_kernel_info k = {(const void *)map_float4<GP_BINOP_ADD>, 256, 0};
    return k;
}

GP_RUNG(gp__map_r03, "float4", "16-byte vector loads/stores (LDG.128), one float4 per thread", 70, GP_RUNG_AUTO,
        map_r03_launch_entry, gp__map_vec_accepts, map_r03_kernel);
