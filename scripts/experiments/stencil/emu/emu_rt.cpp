// emu_rt.cpp — the fiber scheduler and a CUDA runtime of host memory, for emu.h.
#include "emu.h"
#include <ucontext.h>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <vector>
dim3 threadIdx, blockIdx, blockDim, gridDim;
enum { READY, WAIT_BLOCK, WAIT_WARP, DONE };
struct Fiber { ucontext_t ctx; char *stack; int state; dim3 tid; int warp, lane; };
static std::vector<Fiber> F;
static ucontext_t sched;
static Fiber *cur;
static std::function<void()> *body;
static char *smem_buf;
static float warp_buf[32][32];
static std::mutex launch_mu;
static const size_t STACK = 256 * 1024;
void *emu_dyn_smem() { return smem_buf; }
unsigned emu_lane() { return (unsigned)cur->lane; }
void emu_syncthreads() { cur->state = WAIT_BLOCK; swapcontext(&cur->ctx, &sched); }
void emu_warp_sync() { cur->state = WAIT_WARP; swapcontext(&cur->ctx, &sched); }
float emu_shfl(float v, int src, int self)
{
    warp_buf[cur->warp][self] = v;
    emu_warp_sync();
    float r = src >= 0 ? warp_buf[cur->warp][src] : v;
    emu_warp_sync();
    return r;
}
static void entry() { (*body)(); cur->state = DONE; swapcontext(&cur->ctx, &sched); }
void emu_run(emu_cfg_t c, std::function<void()> b)
{
    std::lock_guard<std::mutex> g(launch_mu);
    const int nt = (int)(c.block.x * c.block.y * c.block.z);
    if (nt > 1024 || nt < 1) { fprintf(stderr, "emu: bad block\n"); abort(); }
    if (F.size() < (size_t)nt) {
        size_t old = F.size();
        F.resize(nt);
        for (size_t i = old; i < F.size(); i++) F[i].stack = (char *)malloc(STACK);
    }
    body = &b;
    gridDim = c.grid;
    blockDim = c.block;
    free(smem_buf);
    smem_buf = (char *)malloc(c.smem ? c.smem : 1);
    for (unsigned bz = 0; bz < c.grid.z; bz++)
        for (unsigned by = 0; by < c.grid.y; by++)
            for (unsigned bx = 0; bx < c.grid.x; bx++) {
                blockIdx = dim3(bx, by, bz);
                memset(smem_buf, 0xff, c.smem); /* NaN garbage */
                for (int t = 0; t < nt; t++) {
                    Fiber &f = F[t];
                    f.tid = dim3(t % c.block.x, t / c.block.x % c.block.y, t / (c.block.x * c.block.y));
                    f.warp = t / 32;
                    f.lane = t % 32;
                    f.state = READY;
                    getcontext(&f.ctx);
                    f.ctx.uc_stack.ss_sp = f.stack;
                    f.ctx.uc_stack.ss_size = STACK;
                    f.ctx.uc_link = nullptr;
                    makecontext(&f.ctx, entry, 0);
                }
                for (;;) {
                    for (int t = 0; t < nt; t++)
                        if (F[t].state == READY) {
                            cur = &F[t];
                            threadIdx = F[t].tid;
                            swapcontext(&sched, &F[t].ctx);
                        }
                    int live = 0, wb = 0;
                    for (int t = 0; t < nt; t++) live += F[t].state != DONE, wb += F[t].state == WAIT_BLOCK;
                    if (!live) break;
                    bool released = false;
                    for (int w = 0; w * 32 < nt; w++) {
                        int lv = 0, ww = 0;
                        for (int t = w * 32; t < nt && t < w * 32 + 32; t++) lv += F[t].state != DONE, ww += F[t].state == WAIT_WARP;
                        if (lv && ww == lv) {
                            if (lv != 32 && lv != nt - w * 32) { fprintf(stderr, "emu: shuffle with %d live lanes\n", lv); abort(); }
                            for (int t = w * 32; t < nt && t < w * 32 + 32; t++) if (F[t].state == WAIT_WARP) F[t].state = READY;
                            released = true;
                        }
                    }
                    if (!released && wb == live) {
                        for (int t = 0; t < nt; t++) if (F[t].state == WAIT_BLOCK) F[t].state = READY;
                        released = true;
                    }
                    if (!released) { fprintf(stderr, "emu: deadlock (mixed barriers)\n"); abort(); }
                }
            }
}
void emu_fill_u32(uint32_t *p, size_t n, uint32_t v) { for (size_t i = 0; i < n; i++) p[i] = v; }

/* ---- runtime: device memory is host memory, tracked so that cudaPointerGetAttributes can tell ---- */
static std::map<uintptr_t, size_t> allocs;
static std::mutex mem_mu;
extern "C" {
cudaError_t cudaMalloc(void **p, size_t n) { std::lock_guard<std::mutex> g(mem_mu); if (posix_memalign(p, 256, n ? n : 1)) abort(); memset(*p, 0xab, n); allocs[(uintptr_t)*p] = n ? n : 1; return cudaSuccess; }
cudaError_t cudaFree(void *p) { std::lock_guard<std::mutex> g(mem_mu); allocs.erase((uintptr_t)p); free(p); return cudaSuccess; }
cudaError_t cudaPointerGetAttributes(cudaPointerAttributes *a, const void *p)
{
    std::lock_guard<std::mutex> g(mem_mu);
    memset(a, 0, sizeof *a);
    auto it = allocs.upper_bound((uintptr_t)p);
    if (it != allocs.begin()) { --it; if ((uintptr_t)p < it->first + it->second) { a->type = cudaMemoryTypeDevice; a->devicePointer = (void *)p; return cudaSuccess; } }
    a->type = cudaMemoryTypeUnregistered;
    return cudaSuccess;
}
cudaError_t cudaMemcpy(void *d, const void *s, size_t n, cudaMemcpyKind) { memmove(d, s, n); return cudaSuccess; }
cudaError_t cudaMemcpyAsync(void *d, const void *s, size_t n, cudaMemcpyKind, cudaStream_t) { memmove(d, s, n); return cudaSuccess; }
cudaError_t cudaMemcpy2DAsync(void *d, size_t dp, const void *s, size_t sp, size_t w, size_t h, cudaMemcpyKind, cudaStream_t)
{ for (size_t r = 0; r < h; r++) memmove((char *)d + r * dp, (const char *)s + r * sp, w); return cudaSuccess; }
cudaError_t cudaMemset(void *p, int v, size_t n) { memset(p, v, n); return cudaSuccess; }
cudaError_t cudaMemsetAsync(void *p, int v, size_t n, cudaStream_t) { memset(p, v, n); return cudaSuccess; }
cudaError_t cudaGetSymbolAddress(void **a, const void *sym) { *a = (void *)sym; return cudaSuccess; }
cudaError_t cudaMemcpyToSymbolAsync(const void *sym, const void *src, size_t n, size_t off, cudaMemcpyKind, cudaStream_t) { memcpy((char *)sym + off, src, n); return cudaSuccess; }
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *e, unsigned) { *e = (cudaEvent_t)malloc(8); return cudaSuccess; }
cudaError_t cudaEventCreate(cudaEvent_t *e) { *e = (cudaEvent_t)malloc(8); return cudaSuccess; }
cudaError_t cudaEventRecord(cudaEvent_t, cudaStream_t) { return cudaSuccess; }
cudaError_t cudaEventSynchronize(cudaEvent_t) { return cudaSuccess; }
cudaError_t cudaEventElapsedTime(float *t, cudaEvent_t, cudaEvent_t) { *t = 1.f; return cudaSuccess; }
cudaError_t cudaEventDestroy(cudaEvent_t e) { free(e); return cudaSuccess; }
cudaError_t cudaStreamWaitEvent(cudaStream_t, cudaEvent_t, unsigned) { return cudaSuccess; }
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *s, unsigned) { *s = (cudaStream_t)malloc(8); return cudaSuccess; }
cudaError_t cudaStreamDestroy(cudaStream_t s) { free(s); return cudaSuccess; }
cudaError_t cudaStreamSynchronize(cudaStream_t) { return cudaSuccess; }
cudaError_t cudaDeviceSynchronize(void) { return cudaSuccess; }
cudaError_t cudaGetLastError(void) { return cudaSuccess; }
cudaError_t cudaPeekAtLastError(void) { return cudaSuccess; }
const char *cudaGetErrorString(cudaError_t) { return "emu error"; }
cudaError_t cudaGetDevice(int *d) { *d = 0; return cudaSuccess; }
cudaError_t cudaGetDeviceCount(int *n) { *n = 1; return cudaSuccess; }
cudaError_t cudaDeviceGetAttribute(int *v, cudaDeviceAttr a, int)
{
    switch (a) {
    case cudaDevAttrComputeCapabilityMajor: *v = 9; break;
    case cudaDevAttrComputeCapabilityMinor: *v = 0; break;
    case cudaDevAttrMultiProcessorCount: *v = 4; break; /* few SMs: small grids in the emulation */
    case cudaDevAttrMaxThreadsPerMultiProcessor: *v = 2048; break;
    case cudaDevAttrMaxBlocksPerMultiprocessor: *v = 32; break;
    case cudaDevAttrL2CacheSize: *v = 50 << 20; break;
    case cudaDevAttrMaxSharedMemoryPerBlockOptin: *v = 227 << 10; break;
    case cudaDevAttrMaxSharedMemoryPerMultiprocessor: *v = 228 << 10; break;
    default: *v = 0;
    }
    return cudaSuccess;
}
cudaError_t cudaGetDeviceProperties_v2(cudaDeviceProp *p, int) { memset(p, 0, sizeof *p); strcpy(p->name, "CPU emulation"); p->major = 9; p->multiProcessorCount = 4; p->l2CacheSize = 50 << 20; return cudaSuccess; }
cudaError_t cudaGetDeviceProperties(cudaDeviceProp *p, int d) { return cudaGetDeviceProperties_v2(p, d); }
cudaError_t cudaFuncSetAttribute(const void *, cudaFuncAttribute, int) { return cudaSuccess; }
cudaError_t cudaFuncGetAttributes(cudaFuncAttributes *a, const void *) { memset(a, 0, sizeof *a); a->binaryVersion = 90; a->ptxVersion = 90; a->maxThreadsPerBlock = 1024; return cudaSuccess; }
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *n, const void *, int, size_t) { *n = 3; return cudaSuccess; }
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *n, const void *, int, size_t, unsigned) { *n = 3; return cudaSuccess; }
}
