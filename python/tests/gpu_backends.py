"""gpu_backends.py -- torch and CuPy behind one small interface, for the GPU tests: put a numpy array on the
GPU, get one back, the library's own reference operations (cumsum, boolean indexing, bincount, histc,
transpose copy, float64 matmul), a non-default stream to run on and a GPU-side wait. A backend is listed in
BACKENDS only where its library imports and sees a GPU."""
import contextlib

import numpy as np

_CMP = {"gt": "__gt__", "ge": "__ge__", "lt": "__lt__", "le": "__le__", "eq": "__eq__", "ne": "__ne__"}


class TorchBackend:
    name = "torch"
    has_bf16 = True

    def __init__(self, torch):
        self.t = torch
        self.dev = torch.device("cuda", torch.cuda.current_device())

    # arrays
    def put(self, h):
        return self.t.from_numpy(np.ascontiguousarray(h)).to(self.dev)

    def get(self, x):
        if x.dtype == self.t.bfloat16:
            x = x.float()
        return x.cpu().numpy()

    def get64(self, x):
        return x.double().cpu().numpy()

    def randn(self, shape, dtype, g):
        return self.put(g.standard_normal(shape).astype(np.float32)).to(getattr(self.t, dtype))

    def host_array(self, h):
        return self.t.from_numpy(h)

    def native(self, x):
        return isinstance(x, self.t.Tensor)

    def device_of(self, x):
        return x.device.index

    def dtype_name(self, x):
        return str(x.dtype).replace("torch.", "")

    def T(self, x):
        return x.t()

    def swap_last(self, x):
        return x.transpose(-1, -2)

    # the library's own operations (the references)
    def minimum(self, a, b):
        return self.t.minimum(a, b)

    def maximum(self, a, b):
        return self.t.maximum(a, b)

    def sum(self, x, dtype=None):
        return x.sum(dtype=getattr(self.t, dtype) if dtype else None)

    def max(self, x):
        return x.max()

    def argmax(self, x):
        return x.argmax()

    def cumsum(self, x):
        return self.t.cumsum(x, 0, dtype=x.dtype)

    def compare(self, x, pred, v):
        return getattr(x, _CMP[pred])(v)

    def histc(self, x, bins, lo, hi):
        return self.t.histc(x, bins, lo, hi).long()

    def bincount(self, x, minlength):
        return self.t.bincount(x, minlength=minlength)

    def transpose_copy(self, m):
        return m.t().contiguous()

    def sort_values(self, x, descending):
        return self.t.sort(x, descending=descending, stable=True)[0]

    def matmul64(self, a, b):
        return a.double() @ b.double()

    # streams
    def new_stream(self):
        return self.t.cuda.Stream()

    def stream_context(self, s):
        return self.t.cuda.stream(s)

    @contextlib.contextmanager
    def side_stream(self):
        s = self.new_stream()
        with self.t.cuda.stream(s):
            assert self.t.cuda.current_stream().cuda_stream != 0
            yield s

    def sleep(self, cycles):
        """A kernel that spins for `cycles` clock cycles on the current stream."""
        self.t.cuda._sleep(int(cycles))

    def sync(self):
        self.t.cuda.synchronize()

    def device_count(self):
        return self.t.cuda.device_count()

    def device(self, i):
        return self.t.cuda.device(i)

    def current_device(self):
        return self.t.cuda.current_device()

    def put_on(self, h, i):
        return self.t.from_numpy(np.ascontiguousarray(h)).to(self.t.device("cuda", i))


class CupyBackend:
    name = "cupy"
    has_bf16 = False

    def __init__(self, cp):
        self.cp = cp
        self._spin = None

    def put(self, h):
        return self.cp.asarray(np.ascontiguousarray(h))

    def get(self, x):
        return self.cp.asnumpy(x)

    def get64(self, x):
        return self.cp.asnumpy(x).astype(np.float64)

    def randn(self, shape, dtype, g):
        return self.put(g.standard_normal(shape).astype(dtype))

    def host_array(self, h):
        return h

    def native(self, x):
        return isinstance(x, self.cp.ndarray)

    def device_of(self, x):
        return x.device.id

    def dtype_name(self, x):
        return x.dtype.name

    def T(self, x):
        return x.T

    def swap_last(self, x):
        return x.swapaxes(-1, -2)

    def minimum(self, a, b):
        return self.cp.minimum(a, b)

    def maximum(self, a, b):
        return self.cp.maximum(a, b)

    def sum(self, x, dtype=None):
        return x.sum(dtype=dtype)

    def max(self, x):
        return x.max()

    def argmax(self, x):
        return x.argmax()

    def cumsum(self, x):
        return self.cp.cumsum(x, dtype=x.dtype)

    def compare(self, x, pred, v):
        return getattr(x, _CMP[pred])(v)

    def histc(self, x, bins, lo, hi):
        return self.cp.histogram(x, bins=bins, range=(lo, hi))[0]

    def bincount(self, x, minlength):
        return self.cp.bincount(x, minlength=minlength)

    def transpose_copy(self, m):
        return self.cp.ascontiguousarray(m.T)

    def sort_values(self, x, descending):
        s = self.cp.sort(x)
        return s[::-1].copy() if descending else s

    def matmul64(self, a, b):
        return a.astype(self.cp.float64) @ b.astype(self.cp.float64)

    def new_stream(self):
        return self.cp.cuda.Stream(non_blocking=True)

    def stream_context(self, s):
        return s

    @contextlib.contextmanager
    def side_stream(self):
        s = self.new_stream()
        with s:
            assert self.cp.cuda.get_current_stream().ptr != 0
            yield s

    def sleep(self, cycles):
        if self._spin is None:
            self._spin = self.cp.RawKernel(
                r'''extern "C" __global__ void gp_test_spin(long long cycles) {
                    long long t0 = clock64();
                    while (clock64() - t0 < cycles) { }
                }''', "gp_test_spin")
        self._spin((1,), (1,), (np.int64(cycles),))

    def sync(self):
        self.cp.cuda.Device().synchronize()

    def device_count(self):
        return self.cp.cuda.runtime.getDeviceCount()

    def device(self, i):
        return self.cp.cuda.Device(i)

    def current_device(self):
        return self.cp.cuda.runtime.getDevice()

    def put_on(self, h, i):
        with self.cp.cuda.Device(i):
            return self.cp.asarray(np.ascontiguousarray(h))


def _backends():
    out = []
    try:
        import torch
        if torch.cuda.is_available():
            out.append(TorchBackend(torch))
    except Exception:
        pass
    try:
        import cupy
        if cupy.cuda.runtime.getDeviceCount() > 0:
            out.append(CupyBackend(cupy))
    except Exception:
        pass
    return out


BACKENDS = _backends()


def ids(backends):
    return [b.name for b in backends]
