/* prims.c — the primitives the gpuprim command knows: one line per module (tools/prim_<name>.c). */
#include "driver.h"
#include <string.h>

#define GPT_PRIM_MODULES(X) \
    X(map) X(reduce) X(scan) X(compact) X(histogram) X(transpose) X(sgemm) X(gemm) X(sort) X(conv2d) X(separable) \
    X(jacobi)

#define GPT_DECLARE_MODULE(NAME) extern const gpt_prim_cli gpt_##NAME##_cli;
#define GPT_MODULE_ADDRESS(NAME) &gpt_##NAME##_cli,
GPT_PRIM_MODULES(GPT_DECLARE_MODULE)
const gpt_prim_cli *const gpt_prims[] = {GPT_PRIM_MODULES(GPT_MODULE_ADDRESS)};
const int gpt_prim_count = (int)(sizeof gpt_prims / sizeof gpt_prims[0]);

const gpt_prim_cli *gpt_find_prim(const char *name)
{
    for (int i = 0; i < gpt_prim_count; i++)
        if (!strcmp(gpt_prims[i]->name, name)) return gpt_prims[i];
    return NULL;
}
