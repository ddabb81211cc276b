/* report.c — the bench report: rows, ratios to the vendor baseline, the table, JSON and CSV. */
#include "bench.h"
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void gpb_report_init(gpb_report *r) { memset(r, 0, sizeof *r); }

void gpb_report_free(gpb_report *r)
{
    free(r->rows);
    memset(r, 0, sizeof *r);
}

gpb_row *gpb_report_add(gpb_report *r, const char *prim, const char *shape, const char *variant, int rung,
                        const gpb_timing *t, double rate, const char *unit, int verified)
{
    gpb_row *w;
    if (r->count == r->cap) {
        int cap = r->cap ? 2 * r->cap : 64;
        gpb_row *p = (gpb_row *)realloc(r->rows, sizeof(gpb_row) * (size_t)cap);
        if (!p) return NULL;
        r->rows = p;
        r->cap = cap;
    }
    w = &r->rows[r->count++];
    memset(w, 0, sizeof *w);
    snprintf(w->prim, sizeof w->prim, "%s", prim);
    snprintf(w->shape, sizeof w->shape, "%s", shape);
    snprintf(w->variant, sizeof w->variant, "%s", variant);
    w->rung = rung;
    if (t) w->t = *t;
    w->rate = rate;
    w->unit = unit;
    w->verified = verified;
    if (verified == 0) r->failures++;
    return w;
}

void gpb_report_relate(gpb_report *r, int first, int vendor, double ceiling)
{
    double v = (vendor >= 0 && vendor < r->count) ? r->rows[vendor].rate : 0;
    for (int i = first; i < r->count; i++) {
        const double vi = r->rows[i].vendor_rate > 0 ? r->rows[i].vendor_rate : v;
        r->rows[i].vs_vendor = vi > 0 ? r->rows[i].rate / vi : 0;
        r->rows[i].pct_ceiling = ceiling > 0 ? 100.0 * r->rows[i].rate / ceiling : 0;
    }
}

void gpb_report_print_group(const gpb_report *r, int first, FILE *f)
{
    if (first >= r->count) return;
    fprintf(f, "\n%s  %s\n", r->rows[first].prim, r->rows[first].shape);
    fprintf(f, "  %-30s %10s %10s %9s %7s %9s  %s\n", "variant", "time ms", "rate", "unit", "%ceil", "vs vendor",
            "check");
    for (int i = first; i < r->count; i++) {
        const gpb_row *w = &r->rows[i];
        fprintf(f, "  %-30s %10.4f %10.1f %9s %6.1f%% %8.3fx  %s\n", w->variant, w->t.median_ms, w->rate,
                w->unit ? w->unit : "", w->pct_ceiling,
                w->vs_vendor, w->verified == 1 ? "ok" : w->verified == 0 ? "FAIL" : "-");
    }
}

static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') fputc('\\', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

int gpb_report_write_json(const gpb_report *r, const char *path)
{
    FILE *f = fopen(path, "w");
    char date[32];
    time_t now = time(NULL);
    if (!f) return 1;
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    fprintf(f, "{\n  \"device\": ");
    json_str(f, r->device);
    fprintf(f, ",\n  \"sm_count\": %d,\n  \"l2_mb\": %.1f,\n  \"copy_gbps\": %.1f,\n  \"date\": \"%s\",\n  \"rows\": [\n",
            r->sm_count, r->l2_mb, r->copy_gbps, date);
    for (int i = 0; i < r->count; i++) {
        const gpb_row *w = &r->rows[i];
        fprintf(f, "    {\"prim\": ");
        json_str(f, w->prim);
        fprintf(f, ", \"shape\": ");
        json_str(f, w->shape);
        fprintf(f, ", \"variant\": ");
        json_str(f, w->variant);
        fprintf(f, ", \"rung\": %d, \"median_ms\": %.6f, \"min_ms\": %.6f, \"max_ms\": %.6f, \"reps\": %d, "
                   "\"rate\": %.3f, \"unit\": \"%s\", \"pct_ceiling\": %.2f, \"vs_vendor\": %.4f, \"vendor_rate_paired\": %.3f, "
                   "\"verified\": %d}%s\n",
                w->rung, w->t.median_ms, w->t.min_ms, w->t.max_ms, w->t.reps, w->rate, w->unit ? w->unit : "",
                w->pct_ceiling, w->vs_vendor, w->vendor_rate, w->verified, i + 1 < r->count ? "," : "");
    }
    fprintf(f, "  ]\n}\n");
    return fclose(f) != 0;
}

int gpb_report_write_csv(const gpb_report *r, const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f) return 1;
    fprintf(f, "device,prim,shape,variant,rung,median_ms,min_ms,max_ms,reps,rate,unit,pct_ceiling,vs_vendor,verified\n");
    for (int i = 0; i < r->count; i++) {
        const gpb_row *w = &r->rows[i];
        fprintf(f, "\"%s\",%s,\"%s\",\"%s\",%d,%.6f,%.6f,%.6f,%d,%.3f,%s,%.2f,%.4f,%d\n", r->device, w->prim, w->shape,
                w->variant, w->rung, w->t.median_ms, w->t.min_ms, w->t.max_ms, w->t.reps, w->rate,
                w->unit ? w->unit : "", w->pct_ceiling, w->vs_vendor, w->verified);
    }
    return fclose(f) != 0;
}

void gpb_progress(const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "[bench] ");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    fflush(stderr);
}
