/* select_ops.cuh — the compaction predicates (one template instantiation per predicate) and the switch
 * that turns (type, pred) into a kernel launch. */
#ifndef GP_COMPACT_SELECT_OPS_CUH
#define GP_COMPACT_SELECT_OPS_CUH

#include <stdint.h>
#include <string.h>
#include "compact_internal.h"
#include "../common/tile_io.cuh"

#define GP_SEL_FLAGGED 7 /* internal "predicate" of the flagged form: flags[i] != 0 */

/* The comparison value from its bits (host side). */
template <typename T>
static inline T gp_bits_to(uint32_t bits)
{
    T v;
    memcpy(&v, &bits, sizeof v);
    return v;
}

/* 1 if element g (value x) is kept. */
template <typename T, int PRED>
__device__ __forceinline__ bool gp_sel_keep(T x, T v, const uint8_t *flags, int64_t g)
{
    switch (PRED) {
    case GP_SELECT_GT: return x > v;
    case GP_SELECT_GE: return x >= v;
    case GP_SELECT_LT: return x < v;
    case GP_SELECT_LE: return x <= v;
    case GP_SELECT_EQ: return x == v;
    case GP_SELECT_NE: return x != v;
    case GP_SELECT_NONZERO: return x != (T)0;
    default: return flags[g] != 0;
    }
}

#define GP_SEL_CASES(T, LAUNCH)                                 \
    switch (pred) {                                             \
    case GP_SELECT_GT: LAUNCH(T, GP_SELECT_GT); break;          \
    case GP_SELECT_GE: LAUNCH(T, GP_SELECT_GE); break;          \
    case GP_SELECT_LT: LAUNCH(T, GP_SELECT_LT); break;          \
    case GP_SELECT_LE: LAUNCH(T, GP_SELECT_LE); break;          \
    case GP_SELECT_EQ: LAUNCH(T, GP_SELECT_EQ); break;          \
    case GP_SELECT_NE: LAUNCH(T, GP_SELECT_NE); break;          \
    default: LAUNCH(T, GP_SELECT_NONZERO); break;               \
    }

/* LAUNCH(T, PRED) must launch the kernel instantiated for element type T and predicate PRED. */
#define GP_SELECT_DISPATCH(type, pred, LAUNCH)                  \
    do {                                                        \
        if ((type) == GP__SEL_FLAGGED) { LAUNCH(unsigned, GP_SEL_FLAGGED); } \
        else if ((type) == GP__SEL_F32) { GP_SEL_CASES(float, LAUNCH) }      \
        else { GP_SEL_CASES(int, LAUNCH) }                                   \
    } while (0)

#endif
