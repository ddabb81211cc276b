/* devdata.h — device test data for the gpuprim command and the tests: random fills made on the device,
 * poison, exact-span allocations, host copies, whether a GPU is there, and its properties for the models. */
#ifndef GPT_DEVDATA_H
#define GPT_DEVDATA_H

#include <stddef.h>
#include <stdint.h>
#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Uniform random values from a counter-based hash of (seed, index), made on the stream (devdata.cu). */
void gpt_fill_f32(float *d, int64_t n, float lo, float hi, uint64_t seed, cudaStream_t s);
void gpt_fill_f64(double *d, int64_t n, double lo, double hi, uint64_t seed, cudaStream_t s);
void gpt_fill_i32(int32_t *d, int64_t n, int32_t lo, int32_t hi, uint64_t seed, cudaStream_t s); /* [lo, hi] */
void gpt_fill_u8(uint8_t *d, int64_t n, uint64_t seed, cudaStream_t s);
/* n values v / 256, v uniform in [-r, r] (r <= 256), of gp_dtype `dtype` (0 f32, 1 f16, 2 bf16): exact in
 * every type the tensor cores take. f32 with low_bits: plus random bits below tf32's 10-bit mantissa. */
void gpt_fill_frac(void *d, int dtype, int64_t n, int r, int low_bits, uint64_t seed, cudaStream_t s);
/* Fills with 0xFF bytes: NaN for floats, -1 for integers. */
void gpt_poison(void *d, size_t bytes, cudaStream_t s);
/* 1 if a CUDA device is usable. */
int gpt_have_device(void);
/* Exits with 77 (CTest's skip) if there is no usable device. */
void gpt_skip_without_device(const char *test_name);
/* A seed from the clock, for runs not given one. */
uint64_t gpt_clock_seed(void);

/* cudaMalloc of exactly `bytes`, so that compute-sanitizer memcheck reports any access past them; 0 bytes
 * gives NULL (nothing may be read). 0 on success. */
int gpt_dev_alloc(void **d, size_t bytes);
/* A malloc'd host copy of `bytes` of device memory (synchronous); NULL on failure. */
void *gpt_host_copy(const void *d, size_t bytes);

/* splitmix64: the hash for test data made on the CPU (and, compiled by nvcc, on the device). */
#ifdef __CUDACC__
__host__ __device__
#endif
static inline uint64_t gpt_mix64(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

/* Fills a gpa_arch (src/analysis/analysis.h) from cudaGetDeviceProperties(device); `name` receives "sm_XY"
 * and a->name points to it. 0 on success (cmd_explain.c). */
struct gpa_arch;
int gpt_arch_from_device(int device, struct gpa_arch *a, char *name, size_t name_len);

#ifdef __cplusplus
}
#endif
#endif
