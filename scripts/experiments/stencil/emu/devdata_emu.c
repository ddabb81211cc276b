/* devdata_emu.c — tools/devdata.cu's test data on the host, for the emulation (device memory is host memory
 * there): the same interface, fills from the same splitmix64 hash (not the same values as on a GPU). Plus
 * gpt_opts_rung, the one function of tools/cmd_ladder.c the verify/bench driver needs, and empty stand-ins for the
 * rung tables of the primitives the emulation does not build. */
#include "devdata.h"
#include "cli.h"
#include "core/internal.h"
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double unit01(uint64_t seed, int64_t i) { return (double)(gpt_mix64(seed * 0x9E3779B97F4A7C15ull + (uint64_t)i) >> 11) * 0x1p-53; }
void gpt_fill_f32(float *d, int64_t n, float lo, float hi, uint64_t seed, cudaStream_t s)
{
    (void)s;
    for (int64_t i = 0; i < n; i++) d[i] = lo + (float)((hi - lo) * unit01(seed, i));
}
void gpt_fill_f64(double *d, int64_t n, double lo, double hi, uint64_t seed, cudaStream_t s)
{
    (void)s;
    for (int64_t i = 0; i < n; i++) d[i] = lo + (hi - lo) * unit01(seed, i);
}
void gpt_fill_u8(uint8_t *d, int64_t n, uint64_t seed, cudaStream_t s)
{
    (void)s;
    for (int64_t i = 0; i < n; i++) d[i] = (uint8_t)gpt_mix64(seed + (uint64_t)i);
}
void gpt_poison(void *d, size_t bytes, cudaStream_t s)
{
    if (bytes) cudaMemsetAsync(d, 0xFF, bytes, s);
}
int gpt_have_device(void) { return 1; }
void gpt_skip_without_device(const char *test_name) { printf("%s: CPU emulation\n", test_name); }
uint64_t gpt_clock_seed(void) { return 12345; }
int gpt_dev_alloc(void **d, size_t bytes)
{
    *d = NULL;
    return bytes && cudaMalloc(d, bytes) != cudaSuccess;
}
void *gpt_host_copy(const void *d, size_t bytes)
{
    void *h = malloc(bytes ? bytes : 1);
    if (h && bytes) memcpy(h, d, bytes);
    return h;
}
int gpt_opts_rung(const gpt_opts *o, gp_prim p)
{
    return o->rung.number == GPT_RUNG_NAMED ? gp_rung_find(p, o->rung.name) : o->rung.number;
}

const gp_prim_desc gp__map_prim = {"map", NULL, 0}, gp__reduce_prim = {"reduce", NULL, 0}, gp__scan_prim = {"scan", NULL, 0},
                   gp__compact_prim = {"compact", NULL, 0}, gp__histogram_prim = {"histogram", NULL, 0},
                   gp__transpose_prim = {"transpose", NULL, 0}, gp__sgemm_prim = {"sgemm", NULL, 0},
                   gp__gemm_prim = {"gemm", NULL, 0};
