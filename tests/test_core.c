/* test_core.c — CPU tests of the core: status strings, pure argument checks, the rung registry, and
 * the handle checks that every entry point does before touching the GPU. */
#include "tcheck.h"
#include "core/internal.h"
#include "devdata.h"
#include <string.h>

int main(void)
{
    /* every status has its own text */
    for (int s = GP_SUCCESS; s <= GP_ERROR_CUDA; s++) {
        CHECK(gp_status_string((gp_status)s) != NULL);
        CHECK(strcmp(gp_status_string((gp_status)s), "unknown status") != 0);
        for (int t = GP_SUCCESS; t < s; t++) CHECK(strcmp(gp_status_string((gp_status)s), gp_status_string((gp_status)t)) != 0);
    }
    CHECK(strcmp(gp_status_string((gp_status)999), "unknown status") == 0);

    CHECK_EQ_INT(gp__check_size(0), GP_SUCCESS);
    CHECK_EQ_INT(gp__check_size((int64_t)1 << 40), GP_SUCCESS);
    CHECK_EQ_INT(gp__check_size(-1), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp__check_matrix(3, 4, 4), GP_SUCCESS);
    CHECK_EQ_INT(gp__check_matrix(3, 4, 3), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp__check_matrix(0, 0, 1), GP_SUCCESS);
    CHECK_EQ_INT(gp__check_matrix(0, 0, 0), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp__check_matrix(-1, 4, 4), GP_ERROR_INVALID_VALUE);
    CHECK_EQ_INT(gp__check_matrix(5, -1, 4), GP_ERROR_INVALID_VALUE);

    {
        char buf[64];
        CHECK(gp__ranges_overlap(buf, 16, buf + 8, 16));
        CHECK(gp__ranges_overlap(buf + 8, 16, buf, 16));
        CHECK(!gp__ranges_overlap(buf, 8, buf + 8, 8));
        CHECK(!gp__ranges_overlap(buf, 0, buf, 8));
        CHECK(gp__ranges_overlap(buf, 64, buf + 10, 1));
    }

    /* the registry */
    CHECK(strcmp(gp_prim_name(GP_PRIM_MAP), "map") == 0);
    CHECK(gp_prim_name(GP_PRIM_COUNT) == NULL);
    CHECK(gp_prim_name((gp_prim)-1) == NULL);
    CHECK_EQ_INT(gp_rung_count(GP_PRIM_MAP), 4);
    CHECK(strcmp(gp_rung_name(GP_PRIM_MAP, 1), "naive") == 0);
    CHECK(strcmp(gp_rung_name(GP_PRIM_MAP, 4), "ilp") == 0);
    CHECK(gp_rung_name(GP_PRIM_MAP, 0) == NULL);
    CHECK(gp_rung_name(GP_PRIM_MAP, 5) == NULL);
    CHECK(gp_rung_summary(GP_PRIM_MAP, 3) != NULL);
    CHECK_EQ_INT(gp_rung_count(GP_PRIM_COUNT), 0);
    for (int p = 0; p < GP_PRIM_COUNT; p++)
        for (int r = 1; r <= gp_rung_count((gp_prim)p); r++) {
            CHECK(gp_rung_name((gp_prim)p, r) && *gp_rung_name((gp_prim)p, r));
            CHECK(gp_rung_summary((gp_prim)p, r) && *gp_rung_summary((gp_prim)p, r));
        }

    /* a NULL handle is refused before any CUDA call */
    {
        float x;
        int r;
        cudaStream_t s;
        CHECK_EQ_INT(gp_destroy(NULL), GP_ERROR_INVALID_HANDLE);
        CHECK_EQ_INT(gp_set_stream(NULL, 0), GP_ERROR_INVALID_HANDLE);
        CHECK_EQ_INT(gp_get_stream(NULL, &s), GP_ERROR_INVALID_HANDLE);
        CHECK_EQ_INT(gp_set_rung(NULL, GP_PRIM_MAP, 1), GP_ERROR_INVALID_HANDLE);
        CHECK_EQ_INT(gp_get_rung(NULL, GP_PRIM_MAP, &r), GP_ERROR_INVALID_HANDLE);
        CHECK_EQ_INT(gp_vector_add_f32(NULL, 1, &x, &x, &x), GP_ERROR_INVALID_HANDLE);
        CHECK_EQ_INT(gp_map_f32(NULL, GP_BINOP_ADD, 1, &x, &x, &x), GP_ERROR_INVALID_HANDLE);
        CHECK_EQ_INT(gp_create(NULL), GP_ERROR_NULL_POINTER);
    }
    /* without a device gp_create says so; with one it succeeds */
    {
        gp_handle h = (gp_handle)0x1;
        gp_status st = gp_create(&h);
        if (gpt_have_device()) {
            CHECK_EQ_INT(st, GP_SUCCESS);
            gp_destroy(h);
        } else {
            CHECK_EQ_INT(st, GP_ERROR_NO_DEVICE);
            CHECK(h == NULL);
        }
    }
    return tc_summary("test_core");
}
