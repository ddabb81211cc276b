// 02_gridstride.cu — map rung 2: grid-stride loop.
// Over rung 1: the grid is sized from the device (every SM full, one wave) instead of from n, and each
// thread walks the array with a stride of the whole grid. Block scheduling is paid once per thread
// instead of once per element, and the same kernel handles any n with a fixed, small grid.
// Still one 4-byte load per input per iteration: few bytes in flight per thread.
// This rung is also the scalar fall-back of the vectorised rungs when pointers are not equally aligned.
// H100 80GB HBM3, 2026-11-22 (results/h100-2026-11-22, `gpuprim bench map`; vendor timed in the same run):
//   n=268435456 f32: 2668 GB/s, 88.7% of D2D copy, 0.887x cudaMemcpy D2D
#include "map_ops.cuh"
#include "map_internal.h"

template <int OP>
__global__ void map_gridstride(int64_t n, const float *__restrict__ a, const float *__restrict__ b,
                               float *__restrict__ c)
{
    int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        c[i] = gp_binop_apply<OP>(a[i], b[i]);
}

GP_LAUNCHER(map_r02_launch, gp_map_args, ctx, p)
{
    const gp_device_info *dev = ctx->dev;
    cudaStream_t s = ctx->stream;
    const gp_binop op = p->op;
    const int64_t n = p->n;
    const float *a = p->a, *b = p->b;
    float *c = p->c;
    const int threads = 256;
    unsigned blocks = gp_grid_for(dev, threads, n, 1);
#define LAUNCH(OPC) map_gridstride<OPC><<<blocks, threads, 0, s>>>(n, a, b, c)
    GP_MAP_DISPATCH(op, LAUNCH)
#undef LAUNCH
    return gp__launch_status();
}

static gp_kernel_info map_r02_kernel(void)
{
    gp_kernel_info k = {(const void *)map_gridstride<GP_BINOP_ADD>, 256, 0};
    return k;
}

GP_RUNG(gp__map_r02, "gridstride", "fixed one-wave grid, each thread strides over the array", 70, GP_RUNG_AUTO,
        map_r02_launch_entry, NULL, map_r02_kernel);
