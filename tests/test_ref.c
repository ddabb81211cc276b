/* test_ref.c — the CPU references against hand-worked cases. */
#include "tcheck.h"
#include "ref/ref.h"
#include <math.h>

int main(void)
{
    float a[4] = {1.5f, -2.f, 0.f, 1e30f}, b[4] = {2.f, 3.f, -0.f, 1e30f}, c[4];
    gp_ref_map_f32(GP_BINOP_ADD, 4, a, b, c);
    CHECK(c[0] == 3.5f && c[1] == 1.f && c[2] == 0.f && c[3] == 2e30f);
    gp_ref_map_f32(GP_BINOP_SUB, 4, a, b, c);
    CHECK(c[0] == -0.5f && c[1] == -5.f && c[3] == 0.f);
    gp_ref_map_f32(GP_BINOP_MUL, 4, a, b, c);
    CHECK(c[0] == 3.f && c[1] == -6.f && isinf(c[3]));
    gp_ref_map_f32(GP_BINOP_MIN, 4, a, b, c);
    CHECK(c[0] == 1.5f && c[1] == -2.f);
    gp_ref_map_f32(GP_BINOP_MAX, 4, a, b, c);
    CHECK(c[0] == 2.f && c[1] == 3.f);
    return tc_summary("test_ref");
}
