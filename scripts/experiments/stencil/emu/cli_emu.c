/* cli_emu.c — the gpuprim command's verify and bench of conv2d, separable and jacobi through the generic driver
 * (tools/driver.c), on the emulation: `cli_emu verify [RUNG]` runs each module's verify cases for every rung and
 * auto (or one rung); `cli_emu bench` each bench case on a small image (--m 72 --n 200 --k 5, one rep), with the
 * copy baseline and, built without cuDNN, its "not available" path. */
#include "driver.h"
#include <stdlib.h>
#include <string.h>

extern const gpt_prim_cli gpt_conv2d_cli, gpt_separable_cli, gpt_jacobi_cli;

int main(int argc, char **argv)
{
    const gpt_prim_cli *clis[3] = {&gpt_conv2d_cli, &gpt_separable_cli, &gpt_jacobi_cli};
    const int bench = argc > 1 && !strcmp(argv[1], "bench");
    gpt_opts o;
    gp_handle h;
    int fails = 0;
    memset(&o, 0, sizeof o);
    o.rung.number = argc > 2 ? atoi(argv[2]) : GPT_RUNG_ALL;
    o.n = o.m = o.k = -1;
    o.seed = 7;
    o.reps = 1;
    o.verbose = getenv("V") != NULL;
    if (gp_create(&h) != GP_SUCCESS) return 2;
    for (int i = 0; i < 3; i++) {
        if (!bench) {
            fails += gpt_verify_prim(h, clis[i], &o);
        } else {
            gpb_report r;
            gpb_report_init(&r);
            r.copy_gbps = 1;
            r.l2_mb = 1;
            o.m = 72; o.n = 200; o.k = i == 2 ? 16 : 5;
            fails += gpt_bench_prim(h, clis[i], &o, &r);
            o.k = i == 2 ? 1 : 3; /* the other kind: jacobi one step, a 3x3 filter */
            fails += gpt_bench_prim(h, clis[i], &o, &r);
            printf("%s: %d rows, %d verification failures\n", clis[i]->name, r.count, r.failures);
            fails += r.failures;
            gpb_report_free(&r);
        }
    }
    gp_destroy(h);
    printf("cli_emu %s: %s\n", bench ? "bench" : "verify", fails ? "FAILED" : "all passed");
    return fails != 0;
}
