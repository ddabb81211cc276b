/* reduce_ops.cuh — reduction operators as types, for the warp/block/device reductions.
 * An operator Op has a value type Op::T, Op::identity() and Op::apply(a, b); apply must be associative
 * (floating-point sums are only approximately so: different orders give different roundings).
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

template <typename V> struct gp_op_sum {
    typedef V T;
    __device__ __forceinline__ static T identity() { return T(0); }
    __device__ __forceinline__ static T apply(T a, T b) { return a + b; }
};
template <typename V> struct gp_op_min {
    typedef V T;
    __device__ __forceinline__ static T identity() { return gp_limits<T>::highest(); }
    __device__ __forceinline__ static T apply(T a, T b) { return gp_min_of(a, b); }
};
template <typename V> struct gp_op_max {
    typedef V T;
    __device__ __forceinline__ static T identity() { return gp_limits<T>::lowest(); }
    __device__ __forceinline__ static T apply(T a, T b) { return gp_max_of(a, b); }
};

#endif
