/* sort_keys.cuh — keys as the sort kernels see them: the order-preserving unsigned form u(key) of each key
 * type and the digit of a pass, including the f32 NaN rule and descending order (sort_internal.h says what
 * the order is). Kernels never store u(key): they move the input's bits and recompute u(key) wherever they
 * need a digit (a few instructions), so NaN payloads and the bits outside the range come through intact,
 * and all NaNs can share one order value without losing anything.
 *
 * Three kinds of key cover the five types (a template parameter, so each kernel is compiled 3 times, not 5
 * or 10): GP_SK_INT32 (u32, i32), GP_SK_F32, GP_SK_INT64 (u64, i64). The rest is one runtime XOR mask
 * `xm`: the sign bit for i32 / i64, and all ones on top for descending (~u reverses the order while equal
 * keys stay equal, so the sort stays stable). */
#ifndef GP_SORT_KEYS_CUH
#define GP_SORT_KEYS_CUH

#include <stdint.h>
#include <cuda_runtime.h>
#include "sort_internal.h"

enum { GP_SK_INT32 = 0, GP_SK_F32 = 1, GP_SK_INT64 = 2 };

template <int KIND> struct gp_sort_kind;
template <> struct gp_sort_kind<GP_SK_INT32> {
    typedef unsigned K;
    static __host__ __device__ __forceinline__ K ordered(K x, K xm) { return x ^ xm; }
};
/* f32: a positive float's bits with the sign bit set, a negative float's bits inverted, so that the
 * unsigned order is the numeric order and -0.0 (0x7fffffff) < +0.0 (0x80000000); every NaN becomes
 * 0xffffffff, above +inf (0xff800000) and equal to every other NaN. Then the descending mask. */
template <> struct gp_sort_kind<GP_SK_F32> {
    typedef unsigned K;
    static __host__ __device__ __forceinline__ K ordered(K x, K xm)
    {
        const K flip = (K)((int)x >> 31) | 0x80000000u;
        const K u = (x & 0x7fffffffu) > 0x7f800000u ? 0xffffffffu : x ^ flip;
        return u ^ xm;
    }
};
template <> struct gp_sort_kind<GP_SK_INT64> {
    typedef unsigned long long K;
    static __host__ __device__ __forceinline__ K ordered(K x, K xm) { return x ^ xm; }
};

/* The digit of one pass: bits [shift, shift + bits) of u(key), bits <= 8 (the last pass of a range may be
 * narrower). For the integer kinds the mask is applied after the shift: one SHF and one LOP3. */
template <int KIND> struct gp_sort_digit {
    typedef typename gp_sort_kind<KIND>::K K;
    K xm;           /* the kind's XOR mask (sign bit, descending) */
    unsigned xs;    /* (xm >> shift), for the integer kinds */
    int shift;
    unsigned mask;  /* (1 << bits) - 1 */
    __host__ __device__ __forceinline__ gp_sort_digit(K xm_, int shift_, int bits)
        : xm(xm_), xs((unsigned)(xm_ >> shift_)), shift(shift_), mask((1u << bits) - 1u) {}
    __device__ __forceinline__ unsigned operator()(K x) const
    {
        if (KIND == GP_SK_F32) return (gp_sort_kind<KIND>::ordered(x, xm) >> shift) & mask;
        return ((unsigned)(x >> shift) ^ xs) & mask;
    }
};

/* Host: the XOR mask of a call (sign bit of signed types; all ones on top for descending). */
static inline unsigned long long gp_sort_xor_mask(const gp_sort_args *a)
{
    unsigned long long m = 0;
    if (a->key_type == GP_SORT_I32) m = 0x80000000ull;
    if (a->key_type == GP_SORT_I64) m = 0x8000000000000000ull;
    if (a->descending) m ^= gp__sort_key_bytes(a->key_type) == 4 ? 0xffffffffull : ~0ull;
    return m;
}

/* Host: the kernels' kind of a key type. */
static inline int gp_sort_kind_of(gp_sort_key t)
{
    return t == GP_SORT_F32 ? GP_SK_F32 : gp__sort_key_bytes(t) == 8 ? GP_SK_INT64 : GP_SK_INT32;
}

/* Host: runs MACRO(KIND, VB) for the call's key kind and value bytes (0, 4, 8): the 9 instantiations
 * every radix rung compiles (u32 / i32 / u64 / i64 share theirs through the XOR mask). */
#define GP_SORT_DISPATCH(a, MACRO)                                                                            \
    do {                                                                                                      \
        const int gp_k_ = gp_sort_kind_of((a)->key_type);                                                     \
        const int gp_v_ = (a)->value_bytes;                                                                   \
        if (gp_k_ == GP_SK_INT32) {                                                                           \
            if (gp_v_ == 0) MACRO(GP_SK_INT32, 0); else if (gp_v_ == 4) MACRO(GP_SK_INT32, 4); else MACRO(GP_SK_INT32, 8); \
        } else if (gp_k_ == GP_SK_F32) {                                                                      \
            if (gp_v_ == 0) MACRO(GP_SK_F32, 0); else if (gp_v_ == 4) MACRO(GP_SK_F32, 4); else MACRO(GP_SK_F32, 8); \
        } else {                                                                                              \
            if (gp_v_ == 0) MACRO(GP_SK_INT64, 0); else if (gp_v_ == 4) MACRO(GP_SK_INT64, 4); else MACRO(GP_SK_INT64, 8); \
        }                                                                                                     \
    } while (0)

/* Values as the kernels move them: raw 4- or 8-byte words (VB = 0: none; a 4-byte dummy type). */
template <int VB> struct gp_sort_val { typedef unsigned V; };
template <> struct gp_sort_val<8> { typedef unsigned long long V; };

#endif
