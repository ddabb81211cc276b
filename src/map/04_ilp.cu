// 04_ilp.cu — map rung 4: several independent 16-byte loads in flight per thread.
// Over rung 3: each thread loads MAP_UNROLL float4 of a and of b (8 independent 16-byte loads) before it
// uses any of them, so each thread keeps 128 bytes in flight instead of 32 and a quarter as many blocks are
// scheduled. By Little's law H100's ~3 TB/s at ~600 ns of latency needs ~1.8 MB in flight, ~14 KB per SM;
// rung 3 at full occupancy (2048 threads/SM x 32 B = 64 KB) already has enough, so on the H100 this rung
// is expected to tie rung 3 (the experiment measured 3051 vs 3060 GB/s): it pays off where occupancy is
// limited, not here. Each warp's loads stay coalesced: load u of thread t reads float4 base + u*blockDim + t.
// H100 80GB HBM3, 2026-11-22 (results/h100-2026-11-22, `gpuprim bench map`; vendor timed in the same run):
//   n=268435456 f32: 3017 GB/s, 100.3% of D2D copy, 1.002x cudaMemcpy D2D
#include "map_ops.cuh"
#include "map_internal.h"

#define MAP_UNROLL 4

template <int OP>
__global__ void __launch_bounds__(256) map_ilp(int64_t head, int64_t nvec, int64_t n, const float *__restrict__ a,
                                               const float *__restrict__ b, float *__restrict__ c)
{
    const float4 *a4 = reinterpret_cast<const float4 *>(a + head);
    const float4 *b4 = reinterpret_cast<const float4 *>(b + head);
    float4 *c4 = reinterpret_cast<float4 *>(c + head);
    const int64_t base = (int64_t)blockIdx.x * blockDim.x * MAP_UNROLL + threadIdx.x;
    float4 x[MAP_UNROLL], y[MAP_UNROLL];
    if (base + (MAP_UNROLL - 1) * (int64_t)blockDim.x < nvec) {
#pragma unroll
        for (int u = 0; u < MAP_UNROLL; u++) {
            x[u] = a4[base + u * blockDim.x];
            y[u] = b4[base + u * blockDim.x];
        }
#pragma unroll
        for (int u = 0; u < MAP_UNROLL; u++) c4[base + u * blockDim.x] = gp_binop_apply4<OP>(x[u], y[u]);
    } else {
#pragma unroll
        for (int u = 0; u < MAP_UNROLL; u++) {
            int64_t i = base + u * (int64_t)blockDim.x;
            if (i < nvec) c4[i] = gp_binop_apply4<OP>(a4[i], b4[i]);
        }
    }
    gp_map_edges<OP>((int64_t)blockIdx.x * blockDim.x + threadIdx.x, head, head + 4 * nvec, n, a, b, c);
}

GP_LAUNCHER(map_r04_launch, gp_map_args, ctx, p)
{
    cudaStream_t s = ctx->stream;
    const gp_binop op = p->op;
    const int64_t n = p->n;
    const float *a = p->a, *b = p->b;
    float *c = p->c;
    const int threads = 256;
    int64_t head = gp_map_head(a, n), nvec = (n - head) / 4;
    int64_t blocks = gp_ceil_div(nvec > 4 ? nvec : 4, (int64_t)threads * MAP_UNROLL);
    if (blocks > 0x7fffffff) return GP_ERROR_INVALID_VALUE;
#define LAUNCH(OPC) map_ilp<OPC><<<(unsigned)blocks, threads, 0, s>>>(head, nvec, n, a, b, c)
    GP_MAP_DISPATCH(op, LAUNCH)
#undef LAUNCH
    return gp__launch_status();
}

static gp_kernel_info map_r04_kernel(void)
{
    gp_kernel_info k = {(const void *)map_ilp<GP_BINOP_ADD>, 256, 0};
    return k;
}

GP_RUNG(gp__map_r04, "ilp", "4 float4 per input loaded before first use (more bytes in flight)", 70, GP_RUNG_NOT_AUTO,
        map_r04_launch_entry, gp__map_vec_accepts, map_r04_kernel);
