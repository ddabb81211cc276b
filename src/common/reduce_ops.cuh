/* reduce_ops.cuh — reduction operators as types, for the warp/block/device reductions.
 * An operator Op has a value type Op::T, Op::identity(), Op::apply(a, b), Op::lift(x, i) (input element x
 * at index i as a T; a T lifts to itself) and Op::result(a) (the value written out). apply must be
 * associative (floating-point sums are only approximately so: different orders round differently).
 * Float min/max follow fminf/fmaxf: a NaN operand is ignored (so all-NaN input gives the identity). */
#ifndef GP_COMMON_REDUCE_OPS_CUH
#define GP_COMMON_REDUCE_OPS_CUH
#include <stdint.h>
#include <cuda_runtime.h>

template <typename T> struct gp_limits;
template <> struct gp_limits<float> {
    __device__ static float lowest() { return -__int_as_float(0x7f800000); }  /* -inf */
    __device__ static float highest() { return __int_as_float(0x7f800000); }  /* +inf */
};
template <> struct gp_limits<double> {
    __device__ static double lowest() { return -__longlong_as_double(0x7ff0000000000000ll); }
    __device__ static double highest() { return __longlong_as_double(0x7ff0000000000000ll); }
};
template <> struct gp_limits<int32_t> {
    __device__ static int32_t lowest() { return INT32_MIN; }
    __device__ static int32_t highest() { return INT32_MAX; }
};
template <> struct gp_limits<int64_t> {
    __device__ static int64_t lowest() { return INT64_MIN; }
    __device__ static int64_t highest() { return INT64_MAX; }
};

__device__ __forceinline__ float gp_min_of(float a, float b) { return fminf(a, b); }
__device__ __forceinline__ double gp_min_of(double a, double b) { return fmin(a, b); }
template <typename T> __device__ __forceinline__ T gp_min_of(T a, T b) { return b < a ? b : a; }
__device__ __forceinline__ float gp_max_of(float a, float b) { return fmaxf(a, b); }
__device__ __forceinline__ double gp_max_of(double a, double b) { return fmax(a, b); }
template <typename T> __device__ __forceinline__ T gp_max_of(T a, T b) { return b > a ? b : a; }

/* lift and result for the plain operators: a conversion to T, and T itself. */
#define GP_PLAIN_LIFT                                                                          \
    template <typename X> __device__ __forceinline__ static T lift(X x, int64_t) { return (T)x; } \
    __device__ __forceinline__ static T result(T a) { return a; }

template <typename V> struct gp_op_sum {
    typedef V T;
    GP_PLAIN_LIFT
    __device__ __forceinline__ static T identity() { return T(0); }
    __device__ __forceinline__ static T apply(T a, T b) { return a + b; }
};
template <typename V> struct gp_op_min {
    typedef V T;
    GP_PLAIN_LIFT
    __device__ __forceinline__ static T identity() { return gp_limits<T>::highest(); }
    __device__ __forceinline__ static T apply(T a, T b) { return gp_min_of(a, b); }
};
template <typename V> struct gp_op_max {
    typedef V T;
    GP_PLAIN_LIFT
    __device__ __forceinline__ static T identity() { return gp_limits<T>::lowest(); }
    __device__ __forceinline__ static T apply(T a, T b) { return gp_max_of(a, b); }
};

/* argmax over f32: (value, index) pairs ordered by value, then by lower index; NaN values rank below
 * every number (so they are ignored unless all are NaN). The order is total, so the result does not depend
 * on the combining order. The identity (-inf, INT64_MAX) loses to every non-NaN element, including -inf;
 * result() is the index, or -1 when no non-NaN element was seen (n == 0 or all NaN). */
struct gp_argval_f32 {
    float v;
    int64_t i;
};
struct gp_op_argmax_f32 {
    typedef gp_argval_f32 T;
    __device__ __forceinline__ static T identity()
    {
        T t;
        t.v = gp_limits<float>::lowest();
        t.i = INT64_MAX;
        return t;
    }
    __device__ __forceinline__ static T apply(T a, T b)
    {
        const bool an = a.v != a.v, bn = b.v != b.v;
        if (an != bn) return an ? b : a;
        if (!an) {
            if (b.v > a.v) return b;
            if (a.v > b.v) return a;
        }
        return b.i < a.i ? b : a;
    }
    __device__ __forceinline__ static T lift(float x, int64_t i)
    {
        T t;
        t.v = x;
        t.i = i;
        return t;
    }
    __device__ __forceinline__ static T lift(T x, int64_t) { return x; }
    __device__ __forceinline__ static int64_t result(T a) { return a.i == INT64_MAX ? -1 : a.i; }
};

/* Register shuffle and L2 (bypassing L1) load of any reduction value, the pair included. */
template <typename T> __device__ __forceinline__ T gp_shfl_down(T v, int offset)
{
    return __shfl_down_sync(0xffffffffu, v, offset);
}
__device__ __forceinline__ gp_argval_f32 gp_shfl_down(gp_argval_f32 v, int offset)
{
    v.v = __shfl_down_sync(0xffffffffu, v.v, offset);
    v.i = __shfl_down_sync(0xffffffffu, v.i, offset);
    return v;
}
template <typename T> __device__ __forceinline__ T gp_shfl_xor(T v, int mask)
{
    return __shfl_xor_sync(0xffffffffu, v, mask);
}
__device__ __forceinline__ gp_argval_f32 gp_shfl_xor(gp_argval_f32 v, int mask)
{
    v.v = __shfl_xor_sync(0xffffffffu, v.v, mask);
    v.i = __shfl_xor_sync(0xffffffffu, v.i, mask);
    return v;
}
template <typename T> __device__ __forceinline__ T gp_load_cg(const T *p) { return __ldcg(p); }
__device__ __forceinline__ gp_argval_f32 gp_load_cg(const gp_argval_f32 *p)
{
    gp_argval_f32 v;
    v.v = __ldcg(&p->v);
    v.i = __ldcg(&p->i);
    return v;
}

/* The value a reduction stores: Op::T itself for partials (Out == Op::T), Op::result() for the final output. */
template <typename A, typename B> struct gp_same_type { static const bool value = false; };
template <typename A> struct gp_same_type<A, A> { static const bool value = true; };
template <typename Op, typename Out, bool PARTIAL = gp_same_type<typename Op::T, Out>::value> struct gp_red_store {
    __device__ __forceinline__ static Out get(typename Op::T a) { return (Out)Op::result(a); }
};
template <typename Op, typename Out> struct gp_red_store<Op, Out, true> {
    __device__ __forceinline__ static Out get(Out a) { return a; }
};

#endif
