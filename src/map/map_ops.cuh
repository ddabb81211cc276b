/* map_ops.cuh — the element-wise operators, as compile-time template parameters so each rung's kernel is
 * written once and instantiated per operator (the branch on the operator disappears from the inner loop). */
#ifndef GP_MAP_OPS_CUH
#define GP_MAP_OPS_CUH
#include "../common/util.cuh"

template <int OP> __device__ __forceinline__ float gp_binop_apply(float a, float b)
{
    if (OP == GP_BINOP_ADD) return a + b;
    if (OP == GP_BINOP_SUB) return a - b;
    if (OP == GP_BINOP_MUL) return a * b;
    if (OP == GP_BINOP_MIN) return fminf(a, b);
    return fmaxf(a, b);
}

template <int OP> __device__ __forceinline__ float4 gp_binop_apply4(float4 a, float4 b)
{
    return make_float4(gp_binop_apply<OP>(a.x, b.x), gp_binop_apply<OP>(a.y, b.y),
                       gp_binop_apply<OP>(a.z, b.z), gp_binop_apply<OP>(a.w, b.w));
}

/* Elements before the first 16-byte boundary of a (at most 3, at most n). */
static inline int64_t gp_map_head(const float *a, int64_t n)
{
    int64_t h = (int64_t)((16 - ((uintptr_t)a & 15)) & 15) / 4;
    return h < n ? h : n;
}

/* The scalar head [0, head) and tail [tail, n) of a vectorised map: at most 3 elements each, done by the
 * first threads of the grid. */
template <int OP>
__device__ __forceinline__ void gp_map_edges(int64_t tid, int64_t head, int64_t tail, int64_t n,
                                             const float *__restrict__ a, const float *__restrict__ b,
                                             float *__restrict__ c)
{
    if (tid < head) c[tid] = gp_binop_apply<OP>(a[tid], b[tid]);
    if (tail + tid < n) c[tail + tid] = gp_binop_apply<OP>(a[tail + tid], b[tail + tid]);
}

/* Runs LAUNCH(OPCONST) with OPCONST the compile-time value of the run-time operator `op`. */
#define GP_MAP_DISPATCH(op, LAUNCH)                             \
    switch (op) {                                               \
    case GP_BINOP_ADD: LAUNCH(GP_BINOP_ADD); break;             \
    case GP_BINOP_SUB: LAUNCH(GP_BINOP_SUB); break;             \
    case GP_BINOP_MUL: LAUNCH(GP_BINOP_MUL); break;             \
    case GP_BINOP_MIN: LAUNCH(GP_BINOP_MIN); break;             \
    default: LAUNCH(GP_BINOP_MAX); break;                       \
    }

#endif
