/* sort.c — the sort primitive (issue 17): the public entry points (argument checks; the workspace, the
 * caller's or the handle's) and the rung table; the rung is chosen by the common picker (core/rungs.c). What
 * the rungs share on the host is in sort_common.c, the rules of rung 05 in sort_rule.h. */
#include "sort_internal.h"
#include <stdint.h>
#include <string.h>

#define SORT_RUNGS(X) X(gp__sort_r01) X(gp__sort_r02) X(gp__sort_r03) X(gp__sort_r04) X(gp__sort_r05)
GP_PRIM_TABLE(gp__sort_prim, "sort", SORT_RUNGS);

/* The call's description without its pointers; forced_path from the handle's configuration of GP_PRIM_SORT
 * (-1, the rung's own rule, becomes 0). */
static void sort_describe(gp_handle h, gp_sort_key key_type, int value_bytes, int64_t n, gp_sort_args *a)
{
    memset(a, 0, sizeof *a);
    a->key_type = key_type;
    a->value_bytes = value_bytes;
    a->n = n;
    a->end_bit = 8 * gp__sort_key_bytes(key_type);
    a->forced_path = h->config[GP_PRIM_SORT] + 1;
}

static int sort_types_ok(gp_sort_key key_type, int value_bytes)
{
    return gp__sort_key_bytes(key_type) != 0 && (value_bytes == 0 || value_bytes == 4 || value_bytes == 8);
}

gp_status gp_sort_workspace_size(gp_handle h, gp_sort_key key_type, int value_bytes, int64_t n, size_t *bytes)
{
    gp_sort_args a;
    gp_status st;
    int rung;
    GP_TRY(gp__check_handle(h));
    if (!bytes) return GP_ERROR_NULL_POINTER;
    if (!sort_types_ok(key_type, value_bytes)) return GP_ERROR_INVALID_VALUE;
    GP_TRY(gp__check_size(n));
    *bytes = 0;
    if (n <= 1) return GP_SUCCESS;
    /* the whole key: the most passes (a bit range needs as much or less); the rungs' accepts-predicates
     * look at the types, n and the device only, so this is the rung a call of these types and n runs */
    sort_describe(h, key_type, value_bytes, n, &a);
    rung = gp__pick(gp__prim(GP_PRIM_SORT), h->rung[GP_PRIM_SORT], gp__supported_rungs(h, GP_PRIM_SORT), &h->dev,
                    &a, &st);
    if (!rung) return st;
    *bytes = gp__sort_workspace_bytes(rung, &a);
    return GP_SUCCESS;
}

static gp_status sort_call(gp_handle h, gp_sort_key key_type, int value_bytes, int64_t n, const void *keys_in,
                           void *keys_out, const void *values_in, void *values_out, gp_sort_order order,
                           int begin_bit, int end_bit, void *workspace, size_t workspace_bytes)
{
    gp_sort_args a;
    const int kb = gp__sort_key_bytes(key_type);
    GP_TRY(gp__check_handle(h));
    if (!sort_types_ok(key_type, value_bytes) || (int)order < 0 || order >= GP_SORT_ORDER_COUNT ||
        begin_bit < 0 || begin_bit > end_bit || end_bit > 8 * kb)
        return GP_ERROR_INVALID_VALUE;
    GP_TRY(gp__check_size(n));
    if (n == 0) return GP_SUCCESS;
    GP_TRY(gp__check_dev_ptr(keys_in));
    GP_TRY(gp__check_dev_ptr(keys_out));
    if (value_bytes) {
        GP_TRY(gp__check_dev_ptr(values_in));
        GP_TRY(gp__check_dev_ptr(values_out));
    }
    if (workspace) {
        GP_TRY(gp__check_dev_ptr(workspace));
    } else { /* the handle's */
        workspace = h->workspace;
        workspace_bytes = h->workspace ? h->workspace_bytes : 0;
    }
    sort_describe(h, key_type, value_bytes, n, &a);
    a.descending = order == GP_SORT_DESCENDING;
    a.begin_bit = begin_bit;
    a.end_bit = end_bit;
    a.keys_in = keys_in;
    a.keys_out = keys_out;
    a.values_in = value_bytes ? values_in : NULL;
    a.values_out = value_bytes ? values_out : NULL;
    a.workspace = workspace;
    a.workspace_bytes = workspace_bytes;
    GP_TRY(gp__sort_check(&a)); /* alignment; the data's overlaps */
    if (workspace && workspace_bytes) {
        const size_t kbytes = (size_t)n * (size_t)kb, vbytes = (size_t)n * (size_t)value_bytes;
        if (gp__ranges_overlap(workspace, workspace_bytes, keys_in, kbytes) ||
            gp__ranges_overlap(workspace, workspace_bytes, keys_out, kbytes) ||
            (value_bytes && (gp__ranges_overlap(workspace, workspace_bytes, values_in, vbytes) ||
                             gp__ranges_overlap(workspace, workspace_bytes, values_out, vbytes))))
            return GP_ERROR_OVERLAP;
    }
    return gp__dispatch(h, GP_PRIM_SORT, &a);
}

gp_status gp_sort_keys(gp_handle h, gp_sort_key key_type, int64_t n, const void *keys_in, void *keys_out,
                       gp_sort_order order, int begin_bit, int end_bit, void *workspace, size_t workspace_bytes)
{
    return sort_call(h, key_type, 0, n, keys_in, keys_out, NULL, NULL, order, begin_bit, end_bit, workspace,
                     workspace_bytes);
}

gp_status gp_sort_pairs(gp_handle h, gp_sort_key key_type, int value_bytes, int64_t n, const void *keys_in,
                        void *keys_out, const void *values_in, void *values_out, gp_sort_order order, int begin_bit,
                        int end_bit, void *workspace, size_t workspace_bytes)
{
    if (value_bytes != 4 && value_bytes != 8) { /* keys alone: gp_sort_keys */
        GP_TRY(gp__check_handle(h));
        return GP_ERROR_INVALID_VALUE;
    }
    return sort_call(h, key_type, value_bytes, n, keys_in, keys_out, values_in, values_out, order, begin_bit, end_bit,
                     workspace, workspace_bytes);
}
