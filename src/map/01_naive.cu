// 01_naive.cu — map rung 1: one element per thread.
// The textbook kernel: thread i computes c[i] = a[i] op b[i]; the grid has ceil(n/256) blocks.
// Accesses are coalesced (consecutive threads touch consecutive floats: one 128-byte line per warp),
// but each thread issues one 4-byte load per input and then retires, so the cost of launching and
// scheduling 2^20 blocks per 2^28 elements is paid on every element.
// H100 80GB HBM3, 2026-11-22 (results/h100-2026-11-22, `gpuprim bench map`; vendor timed in the same run):
//   n=268435456 f32: 2781 GB/s, 92.5% of D2D copy, 0.924x cudaMemcpy D2D
#include "map_ops.cuh"
#include "map_internal.h"

template <int OP>
__global__ void map_naive(int64_t n, const float *__restrict__ a, const float *__restrict__ b, float *__restrict__ c)
{
    int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = gp_binop_apply<OP>(a[i], b[i]);
}

GP_LAUNCHER(map_r01_launch, gp_map_args, ctx, p)
{
    cudaStream_t s = ctx->stream;
    const gp_binop op = p->op;
    const int64_t n = p->n;
    const float *a = p->a, *b = p->b;
    float *c = p->c;
    const int threads = 256;
    int64_t blocks = gp_ceil_div(n, threads);
    if (blocks > 0x7fffffff) return GP_ERROR_INVALID_VALUE; /* > 5.5e11 elements: beyond any GPU's memory */
#define LAUNCH(OPC) map_naive<OPC><<<(unsigned)blocks, threads, 0, s>>>(n, a, b, c)
    GP_MAP_DISPATCH(op, LAUNCH)
#undef LAUNCH
    return gp__launch_status();
}

static gp_kernel_info map_r01_kernel(void)
{
    gp_kernel_info k = {(const void *)map_naive<GP_BINOP_ADD>, 256, 0};
    return k;
}

GP_RUNG(gp__map_r01, "naive", "one element per thread, grid sized from n", 70, GP_RUNG_AUTO,
        map_r01_launch_entry, NULL, map_r01_kernel);
