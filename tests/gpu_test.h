/* gpu_test.h — what the GPU tests share besides tcheck.h: checks on the rung a call ran. */
#ifndef GPU_TEST_H
#define GPU_TEST_H
#include "gpuprim.h"

/* The rung the last call of p ran, if it is one the automatic choice may pick and the device supports;
 * 0 otherwise. Tests check properties of the choice; which rung the rule picks is checked on the CPU
 * (test_pick.c), so that a new rung changes that one file. */
static inline int tc_auto_rung(gp_handle h, gp_prim p)
{
    int ran = 0, ok = 0;
    gp_rung_info ri;
    if (gp_get_last_rung(h, p, &ran) != GP_SUCCESS || gp_get_rung_info(p, ran, &ri) != GP_SUCCESS) return 0;
    if (gp_rung_supported(h, p, ran, &ok) != GP_SUCCESS || !ok || !ri.automatic) return 0;
    return ran;
}

static inline int tc_last_rung(gp_handle h, gp_prim p)
{
    int ran = 0;
    gp_get_last_rung(h, p, &ran);
    return ran;
}
#endif
