/* consumer.c — a program that uses an installed gpuprim the way a user would (tests/check_install.sh builds it
 * with find_package(gpuprim) and with pkg-config, then checks what it prints). Needs no GPU: without one,
 * gp_create returns GP_ERROR_NO_DEVICE. */
#include <gpuprim.h>
#include <stdio.h>

int main(void)
{
    gp_handle h = NULL;
    gp_status s;
    printf("version %d.%d\n", GPUPRIM_VERSION_MAJOR, GPUPRIM_VERSION_MINOR);
    printf("status %s\n", gp_status_string(GP_ERROR_INVALID_VALUE));
    for (int p = 0; p < GP_PRIM_COUNT; p++) printf("prim %s %d\n", gp_prim_name((gp_prim)p), gp_rung_count((gp_prim)p));
    s = gp_create(&h);
    printf("create %s\n", gp_status_string(s));
    if (s == GP_SUCCESS) gp_destroy(h);
    return s == GP_SUCCESS || s == GP_ERROR_NO_DEVICE ? 0 : 1;
}
