/* prims.c — the primitives the gpuprim command knows, and helpers for choosing and naming rungs. */
#include "gpt.h"
#include <string.h>

const gpt_prim_cli gpt_prims[] = {
    {"map", GP_PRIM_MAP, gpt_verify_map, gpt_bench_map},
    {"reduce", GP_PRIM_REDUCE, gpt_verify_reduce, gpt_bench_reduce},
    {"scan", GP_PRIM_SCAN, gpt_verify_scan, gpt_bench_scan},
    {"compact", GP_PRIM_COMPACT, gpt_verify_compact, gpt_bench_compact},
    {"histogram", GP_PRIM_HISTOGRAM, gpt_verify_histogram, gpt_bench_histogram},
    {"transpose", GP_PRIM_TRANSPOSE, gpt_verify_transpose, gpt_bench_transpose},
    {"sgemm", GP_PRIM_SGEMM, gpt_verify_sgemm, gpt_bench_sgemm},
};
const int gpt_prim_count = (int)(sizeof gpt_prims / sizeof gpt_prims[0]);

int gpt_rungs_to_run(gp_prim p, const gpt_opts *o, int *out, int max)
{
    int n = 0, count = gp_rung_count(p);
    if (o->rung > 0) {
        if (o->rung <= count && max > 0) out[n++] = o->rung;
        return n;
    }
    if (o->rung == -1)
        for (int r = 1; r <= count && n < max; r++) out[n++] = r;
    if (n < max) out[n++] = 0; /* automatic choice */
    return n;
}

void gpt_rung_label(gp_prim p, int rung, int ran, char *buf, size_t len)
{
    if (rung == 0 && ran <= 0)
        snprintf(buf, len, "auto");
    else if (rung == 0)
        snprintf(buf, len, "auto (%02d %s)", ran, ran > 0 && gp_rung_name(p, ran) ? gp_rung_name(p, ran) : "?");
    else if (ran != rung && ran > 0)
        snprintf(buf, len, "%02d %s -> %02d", rung, gp_rung_name(p, rung) ? gp_rung_name(p, rung) : "?", ran);
    else
        snprintf(buf, len, "%02d %s", rung, gp_rung_name(p, rung) ? gp_rung_name(p, rung) : "?");
}
