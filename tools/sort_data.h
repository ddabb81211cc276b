/* sort_data.h — the key distributions of the sort checks, one definition for the gpuprim command and the GPU
 * test (tools/prim_sort.c) and the sort harness (scripts/experiments/sort/sort_bench.cu, which also makes them
 * on the device): key i of n as raw bits (the low 32 bits for 4-byte types), from a hash of (i, seed). */
#ifndef GPT_SORT_DATA_H
#define GPT_SORT_DATA_H

#include <stdint.h>
#include "gpuprim.h"
#include "devdata.h"

#ifdef __CUDACC__
#define GPT_SORT_HD __host__ __device__ static inline
#else
#define GPT_SORT_HD static inline
#endif

/* random: any bits (f32: finite and non-zero, so that CUB's order, which makes -0.0 == +0.0 and puts -NaN
 * first, equals ours); sorted / reverse: increasing / decreasing in the type's own order, spread over its
 * range; all-equal; 2-distinct; 16-distinct; low-byte: only the low byte varies; f32-specials: zeros of both
 * signs, infinities, NaNs of both signs and several payloads, denormals, FLT_MAX, +-1 and random bits. The
 * last four make digit passes trivial (every key has the same digit in them), which rung 05 leaves out
 * (src/sort/sort_rule.h): high-equal: 32-bit keys vary in their low 2 bytes (f32: [1, 1 + 2^-7)), 64-bit
 * keys < 2^32 (the last 2 / 4 passes: skipped); top-equal: the top byte is one value (f32 in [1, 2); the
 * last pass alone: a copy); low-equal: the low byte (64-bit: 2 bytes) is one value (f32: positive floats):
 * the first passes (a copy out of keys_in); mid-equal: bytes 1-2 (64-bit: 2-4) are one value (a run
 * inside). */
enum {
    GPT_SORT_RANDOM = 0, GPT_SORT_SORTED, GPT_SORT_REVERSE, GPT_SORT_EQUAL, GPT_SORT_TWO, GPT_SORT_SIXTEEN,
    GPT_SORT_LOWBYTE, GPT_SORT_F32_SPECIAL, GPT_SORT_HIGH_EQUAL, GPT_SORT_TOP_EQUAL, GPT_SORT_LOW_EQUAL,
    GPT_SORT_MID_EQUAL, GPT_SORT_DIST_COUNT
};
static inline const char *gpt_sort_dist_name(int dist)
{
    static const char *const names[GPT_SORT_DIST_COUNT] = {
        "random", "sorted", "reverse", "all-equal", "2-distinct", "16-distinct", "low-byte", "f32-specials",
        "high-equal", "top-equal", "low-equal", "mid-equal"};
    return dist >= 0 && dist < GPT_SORT_DIST_COUNT ? names[dist] : "?";
}
static inline const char *gpt_sort_key_name(gp_sort_key kt)
{
    static const char *const names[GP_SORT_KEY_COUNT] = {"u32", "i32", "f32", "u64", "i64"};
    return (int)kt >= 0 && kt < GP_SORT_KEY_COUNT ? names[kt] : "?";
}

GPT_SORT_HD uint32_t gpt_sort_f32_bits(float f)
{
    union { float f; uint32_t u; } c;
    c.f = f;
    return c.u;
}

GPT_SORT_HD uint64_t gpt_sort_key_bits(int dist, gp_sort_key kt, int64_t i, int64_t n, uint64_t seed)
{
    const int wide = kt >= GP_SORT_U64;
    const uint64_t h = gpt_mix64((uint64_t)i * 0x632be59bd9b4e019ull + seed);
    if (dist == GPT_SORT_REVERSE) i = n - 1 - i;
    switch (dist) {
    case GPT_SORT_RANDOM:
        if (kt == GP_SORT_F32) {
            uint32_t u = (uint32_t)h;
            if ((u & 0x7f800000u) == 0x7f800000u) u &= ~0x00800000u; /* finite */
            if ((u & 0x7fffffffu) == 0) u |= 1u;                       /* no zeros (CUB: -0 == +0) */
            return u;
        }
        return wide ? h : (uint32_t)h;
    case GPT_SORT_SORTED:
    case GPT_SORT_REVERSE: {
        const uint64_t nn = n > 1 ? (uint64_t)n : 1;
        if (kt == GP_SORT_F32) return gpt_sort_f32_bits(((float)i - (float)(n / 2)) * 0.75f);
        if (kt == GP_SORT_U32) return (uint32_t)((uint64_t)i * (0xffffffffull / nn));
        if (kt == GP_SORT_I32) return (uint32_t)(0x80000000u + (uint32_t)((uint64_t)i * (0xffffffffull / nn)));
        if (kt == GP_SORT_U64) return (uint64_t)i * (~0ull / nn);
        return 0x8000000000000000ull + (uint64_t)i * (~0ull / nn);
    }
    case GPT_SORT_EQUAL:
        return kt == GP_SORT_F32 ? gpt_sort_f32_bits(3.5f) : wide ? 0x0123456789abcdefull : 0xdeadbeefu;
    case GPT_SORT_TWO:
        if (kt == GP_SORT_F32) return gpt_sort_f32_bits((h & 1) ? -2.5f : 1.25f);
        return (h & 1) ? (wide ? 0xfedcba9876543210ull : 0x9abcdef0u) : (wide ? 0x1111222233334444ull : 0x12345678u);
    case GPT_SORT_SIXTEEN: {
        const uint64_t v = h & 15;
        if (kt == GP_SORT_F32) return gpt_sort_f32_bits(((float)v - 7.0f) * 1.5f);
        return wide ? v * 0x1111111111111111ull : (uint32_t)(v * 0x11111111u);
    }
    case GPT_SORT_LOWBYTE:
        return kt == GP_SORT_F32 ? (uint32_t)(0x3f800000u | (h & 0xff)) : (h & 0xff);
    case GPT_SORT_HIGH_EQUAL:
        if (kt == GP_SORT_F32) return 0x3f800000u | (uint32_t)(h & 0xffff);
        return wide ? (h & 0xffffffffull) : (0xa5c30000u | (uint32_t)(h & 0xffff));
    case GPT_SORT_TOP_EQUAL:
        if (kt == GP_SORT_F32) return 0x3f800000u | (uint32_t)(h & 0x7fffff);
        return wide ? (0x5a00000000000000ull | (h & 0x00ffffffffffffffull)) : (0x5a000000u | (uint32_t)(h & 0xffffff));
    case GPT_SORT_LOW_EQUAL:
        if (kt == GP_SORT_F32) { /* positive finite floats with the low byte 0x77 */
            uint32_t u = ((uint32_t)h & 0x7fffff00u) | 0x77u;
            if ((u & 0x7f800000u) == 0x7f800000u) u &= ~0x00800000u;
            return u;
        }
        return wide ? ((h & ~0xffffull) | 0x1234u) : (((uint32_t)h & 0xffffff00u) | 0x77u);
    case GPT_SORT_MID_EQUAL:
        if (kt == GP_SORT_F32) { /* positive finite floats with bytes 1-2 = 0xabcd */
            uint32_t u = ((uint32_t)h & 0x7f0000ffu) | 0x00abcd00u;
            if ((u & 0x7f800000u) == 0x7f800000u) u &= ~0x40000000u;
            return u;
        }
        return wide ? ((h & 0xffffff000000ffffull) | 0x0000001234560000ull) : (((uint32_t)h & 0xff0000ffu) | 0x00abcd00u);
    default: { /* GPT_SORT_F32_SPECIAL */
        if ((h >> 32) % 3 == 0) return (uint32_t)h; /* random bits, NaNs included */
        switch ((h >> 8) % 16) {
        case 0: return 0x00000000u;  /* +0 */
        case 1: return 0x80000000u;  /* -0 */
        case 2: return 0x7f800000u;  /* +inf */
        case 3: return 0xff800000u;  /* -inf */
        case 4: return 0x7fc00000u;  /* +NaN */
        case 5: return 0xffc00000u;  /* -NaN */
        case 6: return 0x7f800001u;  /* signalling NaN */
        case 7: return 0xff812345u;  /* -NaN, payload */
        case 8: return 0x7fffffffu;
        case 9: return 0xffffffffu;
        case 10: return 0x00000001u; /* smallest denormal */
        case 11: return 0x80000001u;
        case 12: return 0x7f7fffffu; /* FLT_MAX */
        case 13: return 0xff7fffffu;
        case 14: return 0x3f800000u; /* 1 */
        default: return 0xbf800000u; /* -1 */
        }
    }
    }
}

#endif
