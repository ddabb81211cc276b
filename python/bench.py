#!/usr/bin/env python3
"""bench.py -- gpuprim from Python against what Python users call today, in the same run on the same inputs:
torch (torch.cumsum, masked_select, bincount, histc, .t().contiguous(), torch.sort, sum, add, argmax, matmul) or,
with --lib cupy, CuPy's equivalents; and CCCL's Python algorithms (cuda.compute, the cuda-cccl package) where
it is importable. Then gpuprim's per-call overhead from Python, in microseconds.

    PYTHONPATH=python GPUPRIM_LIBRARY=build-gpu/libgpuprim.so python3 python/bench.py [--lib torch|cupy]
        [--quick] [--reps 20] [--cases scan_i32,select] [--no-cccl] [--json out.json]

Method (as results/README.md): inputs of 2^28 elements unless stated (larger than 4x the L2, so no run
reads from L2), random; warm-up calls first; each call timed alone with CUDA events on the current stream;
the median of --reps runs. Every call is timed as a user makes it, allocation of the result included where
the user's call allocates (gpuprim's too, through the input's library). GB/s counts the bytes the issue's
figures count: read + write for scans, maps and transposes, the input for compaction, histograms and
reductions. "x" columns are the baseline's time over gpuprim's (> 1: gpuprim is faster). Each gpuprim result
is compared once with the baseline's before timing.
"""
import argparse
import json
import statistics
import sys
import time

try:  # needed only for the checks (torch and CuPy bring it): --help and the missing-library message work without it
    import numpy as np
except ImportError:
    np = None

import gpuprim
from gpuprim import _lib


# ---- the array library -----------------------------------------------------------------------------------
class TorchLib:
    name = "torch"

    def __init__(self):
        import torch
        self.t = torch
        self.dev = torch.device("cuda", torch.cuda.current_device())
        torch.backends.cuda.matmul.allow_tf32 = False

    def rand(self, shape, dtype="float32"):
        return self.t.rand(shape, device=self.dev, dtype=getattr(self.t, dtype))

    def randint(self, lo, hi, shape, dtype):
        return self.t.randint(lo, hi, shape, device=self.dev, dtype=getattr(self.t, dtype))

    def empty(self, shape, dtype):
        return self.t.empty(shape, device=self.dev, dtype=getattr(self.t, dtype))

    def get(self, x):
        return x.float().cpu().numpy() if x.dtype == self.t.bfloat16 else x.cpu().numpy()

    def event(self):
        return self.t.cuda.Event(enable_timing=True)

    def elapsed(self, e0, e1):
        e1.synchronize()
        return e0.elapsed_time(e1)

    def sync(self):
        self.t.cuda.synchronize()

    def stream_handle(self):
        return self.t.cuda.current_stream().cuda_stream

    def ptr(self, x):
        return x.data_ptr()

    def device_name(self):
        return self.t.cuda.get_device_name(self.dev)

    def device_index(self):
        return self.dev.index

    def version(self):
        return self.t.__version__


class CupyLib:
    name = "cupy"

    def __init__(self):
        import cupy
        self.cp = cupy

    def rand(self, shape, dtype="float32"):
        return self.cp.random.random(shape, dtype=np.float32).astype(dtype, copy=False)

    def randint(self, lo, hi, shape, dtype):
        return self.cp.random.randint(lo, hi, shape, dtype=dtype)

    def empty(self, shape, dtype):
        return self.cp.empty(shape, dtype=dtype)

    def get(self, x):
        return self.cp.asnumpy(x)

    def event(self):
        return self.cp.cuda.Event()

    def elapsed(self, e0, e1):
        e1.synchronize()
        return self.cp.cuda.get_elapsed_time(e0, e1)

    def sync(self):
        self.cp.cuda.Device().synchronize()

    def stream_handle(self):
        return self.cp.cuda.get_current_stream().ptr

    def ptr(self, x):
        return x.data.ptr

    def device_name(self):
        return self.cp.cuda.runtime.getDeviceProperties(self.cp.cuda.Device().id)["name"].decode()

    def device_index(self):
        return self.cp.cuda.Device().id

    def version(self):
        return self.cp.__version__


class _Stream:
    """The __cuda_stream__ protocol cuda.compute asks for."""

    def __init__(self, handle):
        self.handle = handle

    def __cuda_stream__(self):
        return (0, self.handle)


# ---- timing ----------------------------------------------------------------------------------------------
def time_ms(L, fn, reps, warm=3):
    for _ in range(warm):
        fn()
    L.sync()
    times = []
    for _ in range(reps):
        e0, e1 = L.event(), L.event()
        e0.record()
        fn()
        e1.record()
        times.append(L.elapsed(e0, e1))
    return statistics.median(times)


def host_us(L, fn, calls=20000, chunk=400):
    """Host time of one call, in microseconds: calls in chunks small enough that the GPU's launch queue
    never fills (so the host never waits for the GPU inside a chunk), synchronising between chunks, only the
    time inside the chunks counted."""
    for _ in range(50):
        fn()
    L.sync()
    total, done = 0.0, 0
    while done < calls:
        t0 = time.perf_counter()
        for _ in range(chunk):
            fn()
        total += time.perf_counter() - t0
        done += chunk
        L.sync()
    return total / done * 1e6


# ---- cuda.compute (CCCL's Python algorithms) -------------------------------------------------------------
def load_cccl():
    try:
        import cuda.compute as cc
        return cc, None
    except Exception as e:  # not installed, or its toolkit/driver pieces are missing
        try:
            import cuda.cccl.parallel.experimental as cc  # older cuda-cccl releases
            return cc, None
        except Exception:
            return None, f"{type(e).__name__}: {e}"


class CcclCall:
    """A cuda.compute algorithm object built once (JIT compilation outside the timing), with its temporary
    storage allocated once through the array library; calling it runs the algorithm alone, as CUB would.
    kw: the arguments of the call; the make_ function takes the same less `call_only`."""

    def __init__(self, L, make, kw, call_only=("num_items",)):
        self.L = L
        self.kw = kw
        self.obj = make(**{k: v for k, v in kw.items() if k not in call_only})
        nbytes = self.obj(temp_storage=None, **self.kw, stream=_Stream(L.stream_handle()))
        self.tmp = L.empty((max(int(nbytes), 1),), "uint8")

    def __call__(self):
        self.obj(temp_storage=self.tmp, **self.kw, stream=_Stream(self.L.stream_handle()))


# ---- the cases -------------------------------------------------------------------------------------------
def cases(L, quick, cc):
    n = 1 << (24 if quick else 28)
    n8 = 1 << (26 if quick else 30)
    side = 4096 if quick else 16384
    mnk = 2048 if quick else 4096
    T = L.name == "torch"
    out = []

    def case(key, title, unit, amount, gp, base, base_name, check=None, cccl=None):
        out.append(dict(key=key, title=title, unit=unit, amount=amount, gp=gp, base=base, base_name=base_name,
                        check=check, cccl=cccl))

    def cccl_try(build):
        if cc is None:
            return None
        try:
            return build()
        except Exception as e:  # an algorithm this cuda-cccl cannot build here: reported, not fatal
            return f"{type(e).__name__}: {str(e).splitlines()[0][:100] if str(e) else ''}"

    # scans: 2^28 int32 and float32, read + write
    for dt in ("int32", "float32"):
        x = L.randint(0, 100, (n,), dt) if dt == "int32" else L.rand((n,))
        o, ob = L.empty((n,), dt), L.empty((n,), dt)
        if T:
            base = (lambda x=x, ob=ob, dt=dt: L.t.cumsum(x, 0, dtype=getattr(L.t, dt), out=ob))
        else:
            base = (lambda x=x, ob=ob, dt=dt: L.cp.cumsum(x, dtype=dt, out=ob))
        oc = L.empty((n,), dt)
        cccl = cccl_try(lambda x=x, oc=oc: CcclCall(L, cc.make_inclusive_scan, dict(
            d_in=x, d_out=oc, op=cc.OpKind.PLUS, init_value=None, num_items=n)))
        case(f"scan_{dt[0]}{dt[-2:]}", f"inclusive scan 2^{n.bit_length() - 1} {dt}", "GB/s", 8 * n,
             lambda x=x, o=o: gpuprim.inclusive_scan(x, out=o), base,
             "torch.cumsum(out=)" if T else "cupy.cumsum(out=)",
             check=(o, ob, dt == "float32"), cccl=cccl)

    # compaction: x > 0.5 over 2^28 float32, bytes of input
    x = L.rand((n,))
    if T:
        base = (lambda x=x: L.t.masked_select(x, x > 0.5))
    else:
        base = (lambda x=x: x[x > 0.5])
    res = {}

    def gp_select(x=x):
        res["sel"] = gpuprim.select(x, "gt", 0.5)
    so, sk = L.empty((n,), "float32"), L.empty((), "int64")
    ccl_out, ccl_k = L.empty((n,), "float32"), L.empty((1,), "int64")
    def above_half(v):
        return v > 0.5
    cccl = cccl_try(lambda: CcclCall(L, cc.make_select, dict(
        d_in=x, d_out=ccl_out, d_num_selected_out=ccl_k, cond=above_half, num_items=n)))
    case("select", f"select x > 0.5, 2^{n.bit_length() - 1} float32 (result sized: syncs)", "GB/s", 4 * n,
         gp_select, base, "torch.masked_select(x, x > 0.5)" if T else "x[x > 0.5]",
         check=("select", res, x), cccl=cccl)
    case("select_async", "  the same, select_async (count left on the GPU)", "GB/s", 4 * n,
         lambda x=x: gpuprim.select_async(x, "gt", 0.5, out=so, count=sk), base,
         "torch.masked_select(x, x > 0.5)" if T else "x[x > 0.5]", cccl=cccl)

    # histograms: 1 GiB of uint8 (256 bins), 2^28 float32 (256 even bins over [0, 1))
    x8 = L.randint(0, 256, (n8,), "uint8")
    h8 = L.empty((256,), "int64")
    base = (lambda: L.t.bincount(x8, minlength=256)) if T else (lambda: L.cp.bincount(x8, minlength=256))
    hc = L.empty((256,), "int32")
    lev = dict(h_num_output_levels=np.array([257], np.int32), h_lower_level=np.array([0], np.int32),
               h_upper_level=np.array([256], np.int32))
    cccl = cccl_try(lambda: CcclCall(L, cc.make_histogram_even, dict(
        d_samples=x8, d_histogram=hc, num_samples=n8, **lev), call_only=()))
    case("hist_u8", f"histogram {n8 >> 20} MiB uint8, 256 bins", "GB/s", n8,
         lambda: gpuprim.histogram_u8(x8, out=h8), base, "torch.bincount" if T else "cupy.bincount",
         check=(h8, None, False), cccl=cccl)
    xf = L.rand((n,))
    hf = L.empty((256,), "int64")
    if T:
        base = (lambda: L.t.histc(xf, 256, 0.0, 1.0))
    else:
        base = (lambda: L.cp.histogram(xf, 256, (0.0, 1.0))[0])
    hcf = L.empty((256,), "int32")
    levf = dict(h_num_output_levels=np.array([257], np.int32), h_lower_level=np.array([0.0], np.float32),
                h_upper_level=np.array([1.0], np.float32))
    cccl = cccl_try(lambda: CcclCall(L, cc.make_histogram_even, dict(
        d_samples=xf, d_histogram=hcf, num_samples=n, **levf), call_only=()))
    case("hist_f32", f"histogram 2^{n.bit_length() - 1} float32, 256 bins", "GB/s", 4 * n,
         lambda: gpuprim.histogram(xf, 256, 0.0, 1.0, out=hf), base, "torch.histc" if T else "cupy.histogram",
         check=(hf, None, True), cccl=cccl)   # histc computes bins its own way: a few edge samples may move

    # transpose: 16384^2 float32, read + write, result allocated by both (as the user's call)
    m = L.rand((side, side))
    res_t = {}

    def gp_tr():
        res_t["t"] = gpuprim.transpose(m)
    base = (lambda: m.t().contiguous()) if T else (lambda: L.cp.ascontiguousarray(m.T))
    case("transpose", f"transpose {side}^2 float32", "GB/s", 8 * side * side, gp_tr, base,
         ".t().contiguous()" if T else "cupy.ascontiguousarray(m.T)", check=("transpose", res_t, m),
         cccl="no transpose in cuda.compute")

    # reduce, map, argmax
    xs = L.rand((n,))
    base = (lambda: L.t.sum(xs)) if T else (lambda: xs.sum())
    red = L.empty((1,), "float32")
    cccl = cccl_try(lambda: CcclCall(L, cc.make_reduce_into, dict(
        d_in=xs, d_out=red, op=cc.OpKind.PLUS, h_init=np.zeros(1, np.float32), num_items=n)))
    case("reduce", f"reduce sum 2^{n.bit_length() - 1} float32", "GB/s", 4 * n, lambda: gpuprim.reduce_sum(xs),
         base, "torch.sum" if T else "cupy.sum", cccl=cccl)
    a, b, c, cb = L.rand((n,)), L.rand((n,)), L.empty((n,), "float32"), L.empty((n,), "float32")
    base = (lambda: L.t.add(a, b, out=cb)) if T else (lambda: L.cp.add(a, b, out=cb))
    cm = L.empty((n,), "float32")
    cccl = None if cc is None else cccl_try(lambda: _Transform(L, cc, a, b, cm, n))
    case("add", f"vector add 2^{n.bit_length() - 1} float32", "GB/s", 12 * n, lambda: gpuprim.add(a, b, out=c),
         base, "torch.add(out=)" if T else "cupy.add(out=)", check=(c, cb, False), cccl=cccl)
    base = (lambda: L.t.argmax(xs)) if T else (lambda: xs.argmax())
    case("argmax", f"argmax 2^{n.bit_length() - 1} float32", "GB/s", 4 * n, lambda: gpuprim.argmax(xs), base,
         "torch.argmax" if T else "cupy.argmax", cccl="-")

    # sort: 2^28 int32 keys with their indices (torch.sort's values and indices)
    xk = L.randint(-2 ** 31, 2 ** 31 - 1, (n,), "int32")
    if T:
        base = (lambda: L.t.sort(xk))
    else:
        base = (lambda: (L.cp.sort(xk), L.cp.argsort(xk)))
    res_s = {}

    def gp_sort():
        res_s["s"] = gpuprim.sort_with_indices(xk)
    case("sort", f"sort 2^{n.bit_length() - 1} int32 keys + int64 indices", "Gkeys/s", n, gp_sort, base,
         "torch.sort" if T else "cupy.sort + argsort", check=("sort", res_s, xk),
         cccl=cccl_try(lambda: _Sort(L, cc, xk, n)))
    ik = L.t.arange(n, device=L.dev) if T else L.cp.arange(n, dtype="int64")
    ko, vo = L.empty((n,), "int32"), L.empty((n,), "int64")
    case("sort_pairs", "  the same, sort_pairs into given outputs (indices made once)", "Gkeys/s", n,
         lambda: gpuprim.sort_pairs(xk, ik, out_keys=ko, out_values=vo), base,
         "torch.sort" if T else "cupy.sort + argsort", cccl=cccl_try(lambda: _Sort(L, cc, xk, n)))

    # matrix multiply: sgemm (exact fp32), gemm bf16 (or f16 for CuPy) and tf32
    A, B_, C, Cb = L.rand((mnk, mnk)), L.rand((mnk, mnk)), L.empty((mnk, mnk), "float32"), L.empty((mnk, mnk), "float32")
    flops = 2 * mnk ** 3
    base = (lambda: L.t.matmul(A, B_, out=Cb)) if T else (lambda: L.cp.matmul(A, B_, out=Cb))
    case("sgemm", f"sgemm {mnk}^3 float32 (no tf32)", "TFLOP/s", flops, lambda: gpuprim.sgemm(A, B_, c=C), base,
         "torch.matmul (allow_tf32=False)" if T else "cupy.matmul", check=(C, Cb, True), cccl="-")
    h16 = "bfloat16" if T else "float16"
    A16, B16 = L.rand((mnk, mnk), h16), L.rand((mnk, mnk), h16)
    C16, C16b = L.empty((mnk, mnk), h16), L.empty((mnk, mnk), h16)
    base = (lambda: L.t.matmul(A16, B16, out=C16b)) if T else (lambda: L.cp.matmul(A16, B16, out=C16b))
    case("gemm16", f"gemm {mnk}^3 {h16} (f32 accumulate)", "TFLOP/s", flops,
         lambda: gpuprim.gemm(A16, B16, c=C16), base, "torch.matmul" if T else "cupy.matmul",
         check=(C16, C16b, True), cccl="-")
    if T:
        def tf32_base():
            L.t.backends.cuda.matmul.allow_tf32 = True
            try:
                L.t.matmul(A, B_, out=Cb)
            finally:
                L.t.backends.cuda.matmul.allow_tf32 = False
        case("gemm_tf32", f"gemm {mnk}^3 float32 on tf32", "TFLOP/s", flops,
             lambda: gpuprim.gemm(A, B_, c=C, compute="tf32"), tf32_base, "torch.matmul (allow_tf32=True)",
             cccl="-")
    return out


class _Transform:
    def __init__(self, L, cc, a, b, c, n):
        self.L, self.a, self.b, self.c, self.n, self.cc = L, a, b, c, n, cc
        self.obj = cc.make_binary_transform(d_in1=a, d_in2=b, d_out=c, op=cc.OpKind.PLUS)

    def __call__(self):
        self.obj(d_in1=self.a, d_in2=self.b, d_out=self.c, op=self.cc.OpKind.PLUS, num_items=self.n,
                 stream=_Stream(self.L.stream_handle()))


class _Sort:
    def __init__(self, L, cc, keys, n):
        self.L = L
        self.kw = dict(d_in_keys=keys, d_out_keys=L.empty((n,), "int32"), d_in_values=L.randint(0, n, (n,), "int32"),
                       d_out_values=L.empty((n,), "int32"))
        self.obj = cc.make_radix_sort(order=cc.SortOrder.ASCENDING, **self.kw)
        nbytes = self.obj(temp_storage=None, num_items=n, **self.kw, stream=_Stream(L.stream_handle()))
        self.tmp = L.empty((max(int(nbytes), 1),), "uint8")
        self.n = n

    def __call__(self):
        self.obj(temp_storage=self.tmp, num_items=self.n, **self.kw, stream=_Stream(self.L.stream_handle()))


def verify(L, c):
    chk = c["check"]
    if chk is None:
        return "-"
    c["gp"]()
    c["base"]()
    L.sync()
    if chk[0] == "select":
        got = L.get(chk[1]["sel"])
        want = L.get(c["base"]())
        return "ok" if np.array_equal(got, want) else "DIFFERS"
    if chk[0] == "sort":
        s, i = (L.get(a) for a in chk[1]["s"])
        k = L.get(chk[2])
        ok = np.array_equal(s, np.sort(k)) and np.array_equal(k[i], s) and np.array_equal(i, np.argsort(k, kind="stable"))
        return "ok" if ok else "DIFFERS"
    if chk[0] == "transpose":
        got, m = L.get(chk[1]["t"]), chk[2]
        return "ok" if np.array_equal(got, L.get(m).T) else "DIFFERS"
    got, want, approx = chk
    g = L.get(got).astype(np.float64)
    w = L.get(want if want is not None else c["base"]()).astype(np.float64)
    if g.shape != w.shape:
        w = w.reshape(g.shape)
    if approx:
        err = np.max(np.abs(g - w) / (np.abs(w) + 1e-3))
        return "ok" if err < 3e-2 else f"DIFFERS ({err:.2e})"
    return "ok" if np.array_equal(g, w) else "DIFFERS"


def rate(c, ms):
    if ms is None:
        return None
    return c["amount"] / (ms * 1e-3) / (1e12 if c["unit"] == "TFLOP/s" else 1e9)


# ---- Python overhead -------------------------------------------------------------------------------------
def overhead(L):
    """Host time per call, n = 1 (the GPU does next to nothing): the Python call, the same C call made directly
    through ctypes with its arguments ready, and the array library's own call for comparison."""
    T = L.name == "torch"
    h = _lib.handle_for(L.device_index())
    h.use_stream(L.stream_handle())
    lib = _lib.lib
    x1, o1 = L.rand((1,)), L.empty((), "float32")
    xi, oi = L.randint(0, 9, (1,), "int32"), L.empty((1,), "int32")
    a1, b1, c1 = L.rand((1,)), L.rand((1,)), L.empty((1,), "float32")
    hb = L.empty((256,), "int64")
    m1, t1 = L.rand((1, 1)), L.empty((1, 1), "float32")
    P = L.ptr
    rows = [
        ("reduce_sum(x, out=o)", lambda: gpuprim.reduce_sum(x1, out=o1),
         lambda f=lib.gp_reduce_f32, a=(h.ptr, 0, 1, P(x1), P(o1)): f(*a),
         (lambda: L.t.sum(x1)) if T else (lambda: x1.sum()), "torch.sum(x)" if T else "x.sum()"),
        ("reduce_sum(x)  [allocates]", lambda: gpuprim.reduce_sum(x1), None, None, ""),
        ("inclusive_scan(x, out=o)", lambda: gpuprim.inclusive_scan(xi, out=oi),
         lambda f=lib.gp_scan_i32, a=(h.ptr, 0, 1, P(xi), P(oi)): f(*a),
         (lambda: L.t.cumsum(xi, 0, dtype=L.t.int32, out=oi)) if T else (lambda: L.cp.cumsum(xi, out=oi)),
         "torch.cumsum(out=)" if T else "cupy.cumsum(out=)"),
        ("add(a, b, out=c)", lambda: gpuprim.add(a1, b1, out=c1),
         lambda f=lib.gp_map_f32, a=(h.ptr, 0, 1, P(a1), P(b1), P(c1)): f(*a),
         (lambda: L.t.add(a1, b1, out=c1)) if T else (lambda: L.cp.add(a1, b1, out=c1)),
         "torch.add(out=)" if T else "cupy.add(out=)"),
        ("histogram(x, 256, 0, 1, out=h)", lambda: gpuprim.histogram(x1, 256, 0.0, 1.0, out=hb),
         lambda f=lib.gp_histogram_even_f32_u64, a=(h.ptr, 1, P(x1), 256, 0.0, 1.0, P(hb)): f(*a),
         (lambda: L.t.histc(x1, 256, 0, 1)) if T else (lambda: L.cp.histogram(x1, 256, (0, 1))), "histc"),
        ("transpose(m, out=t)", lambda: gpuprim.transpose(m1, out=t1),
         lambda f=lib.gp_transpose_f32, a=(h.ptr, 1, 1, P(m1), 1, P(t1), 1): f(*a),
         (lambda: m1.t().contiguous()) if T else (lambda: L.cp.ascontiguousarray(m1.T)), "transpose copy"),
        ("sgemm(a, b, c=c)  [1x1x1]", lambda: gpuprim.sgemm(m1, m1, c=t1),
         lambda f=lib.gp_sgemm, a=(h.ptr, 0, 0, 1, 1, 1, 1.0, P(m1), 1, P(m1), 1, 0.0, P(t1), 1): f(*a),
         (lambda: L.t.matmul(m1, m1, out=t1)) if T else (lambda: L.cp.matmul(m1, m1, out=t1)), "matmul(out=)"),
    ]
    out = []
    for name, py, c, base, base_name in rows:
        t_py = host_us(L, py)
        t_c = host_us(L, c) if c else None
        t_b = host_us(L, base) if base else None
        out.append(dict(call=name, python_us=t_py, c_us=t_c, overhead_us=(t_py - t_c) if t_c else None,
                        baseline=base_name, baseline_us=t_b))
    return out


# ---- main ------------------------------------------------------------------------------------------------
def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lib", choices=["torch", "cupy"], default=None, help="the baseline library (default torch)")
    ap.add_argument("--quick", action="store_true", help="2^24 elements, 4096^2 transpose, 2048^3 gemm")
    ap.add_argument("--reps", type=int, default=20)
    ap.add_argument("--cases", default="", help="comma-separated case keys (default all)")
    ap.add_argument("--no-cccl", action="store_true")
    ap.add_argument("--no-overhead", action="store_true")
    ap.add_argument("--json", default="")
    args = ap.parse_args(argv)
    name = args.lib
    if name is None:
        import importlib.util
        name = "torch" if importlib.util.find_spec("torch") else "cupy"
    try:
        L = TorchLib() if name == "torch" else CupyLib()
        L.rand((1,))
    except Exception as e:
        print(f"bench.py: needs {name} with a usable GPU ({type(e).__name__}: {e})", file=sys.stderr)
        return 3
    if np is None:
        print("bench.py: needs numpy", file=sys.stderr)
        return 3
    cc, cc_err = (None, "--no-cccl") if args.no_cccl else load_cccl()
    print(f"# device: {L.device_name()}; {L.name} {L.version()}; gpuprim {gpuprim.__version__} "
          f"({gpuprim.library_path()}); cuda.compute: {'yes' if cc else 'no (' + cc_err + ')'}")
    print(f"# median of {args.reps} runs, CUDA events on the current stream; x = baseline time / gpuprim time")
    report = dict(device=L.device_name(), lib=L.name, lib_version=L.version(), reps=args.reps, quick=args.quick,
                  cccl=bool(cc), cases=[], overhead=[])
    want = set(filter(None, args.cases.split(",")))
    hdr = f"{'case':52s} {'gpuprim':>17s} {L.name:>17s} {'x':>6s} {'cccl':>17s} {'x':>6s}  check  baseline"
    print(hdr)
    for c in cases(L, args.quick, cc):
        if want and c["key"] not in want:
            continue
        ok = verify(L, c) if c["gp"] else "-"
        gp_ms = time_ms(L, c["gp"], args.reps) if c["gp"] else None
        b_ms = time_ms(L, c["base"], args.reps)
        cc_ms, cc_note = None, ""
        if callable(c["cccl"]):
            try:
                cc_ms = time_ms(L, c["cccl"], args.reps)
            except Exception as e:
                cc_note = f"{type(e).__name__}"
        elif isinstance(c["cccl"], str):
            cc_note = c["cccl"]
        elif cc is None:
            cc_note = "n/a"

        def cell(ms):
            return f"{rate(c, ms):8.1f} {c['unit']:>8s}" if ms else f"{'-':>17s}"
        x_b = f"{b_ms / gp_ms:6.3f}" if gp_ms else f"{'-':>6s}"
        x_c = f"{cc_ms / gp_ms:6.3f}" if (gp_ms and cc_ms) else f"{'-':>6s}"
        cc_cell = cell(cc_ms) if cc_ms else f"{cc_note[:17]:>17s}"
        print(f"{c['title']:52s} {cell(gp_ms)} {cell(b_ms)} {x_b} {cc_cell} {x_c}  {ok:5s}  {c['base_name']}",
              flush=True)
        report["cases"].append(dict(key=c["key"], title=c["title"], unit=c["unit"], gpuprim_ms=gp_ms,
                                    baseline=c["base_name"], baseline_ms=b_ms, cccl_ms=cc_ms, cccl_note=cc_note,
                                    gpuprim_rate=rate(c, gp_ms), baseline_rate=rate(c, b_ms),
                                    cccl_rate=rate(c, cc_ms), check=ok))
    if not args.no_overhead:
        print("\n# host time per call, n = 1 (microseconds): gpuprim from Python, the same C call through ctypes "
              "with its arguments ready, the difference (gpuprim's Python overhead), and the library's own call")
        print(f"{'call':34s} {'python':>8s} {'C':>8s} {'overhead':>9s}   baseline")
        for r in overhead(L):
            c_s = f"{r['c_us']:8.2f}" if r["c_us"] else f"{'-':>8s}"
            o_s = f"{r['overhead_us']:9.2f}" if r["overhead_us"] is not None else f"{'-':>9s}"
            b_s = f"{r['baseline_us']:8.2f} {r['baseline']}" if r["baseline_us"] else ""
            print(f"{r['call']:34s} {r['python_us']:8.2f} {c_s} {o_s}   {b_s}")
            report["overhead"].append(r)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
