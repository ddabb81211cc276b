"""fakes.py -- stand-ins for GPU arrays and for the C call, so that the Python layer can be tested on a
machine without a GPU: every argument check, every output allocation and the exact arguments each wrapper
passes to which C function.

FakeArray has a shape, strides (in elements), a dtype and a made-up device address; it is never
dereferenced. FakeKind (registered with gpuprim._arrays.register_kind) reads it and allocates new ones;
Recorder replaces gpuprim._api._launch and records (C function name, arguments, rung, config).
"""
import itertools

from gpuprim import _api, _arrays
from gpuprim._arrays import DTYPE_SIZES, ArrayInfo, Kind

_addresses = itertools.count(0x7F00_0000_0000, 0x1000_0000)


class FakeArray:
    def __init__(self, shape, dtype="float32", strides=None, device=0, ptr=None, value=0):
        self.shape = tuple(shape)
        self.dtype = dtype
        if strides is None:
            st, acc = [], 1
            for n in reversed(self.shape):
                st.append(acc)
                acc *= n
            strides = tuple(reversed(st))
        self.strides = tuple(strides)
        self.device = device
        self.ptr = next(_addresses) if ptr is None else ptr
        self.value = value  # what item() returns (a fake count)

    @property
    def T(self):
        return FakeArray(self.shape[::-1], self.dtype, self.strides[::-1], self.device, self.ptr)

    def __getitem__(self, s):
        assert isinstance(s, slice) and s.start is None and s.step is None and len(self.shape) == 1
        return FakeArray((min(s.stop, self.shape[0]),), self.dtype, self.strides, self.device, self.ptr)

    def __repr__(self):
        return f"FakeArray({self.shape}, {self.dtype}, strides={self.strides}, ptr={self.ptr:#x})"


class FakeKind(Kind):
    name = "fake"
    stream = 0x5000

    def matches(self, obj):
        return isinstance(obj, FakeArray)

    def describe(self, obj, argname):
        return ArrayInfo(obj, self, obj.ptr, obj.shape, obj.strides, obj.dtype, obj.device)

    def current_stream(self, info):
        return self.stream

    def empty(self, like, shape, dtype):
        assert dtype in DTYPE_SIZES
        return FakeArray(shape, dtype, device=like.device)

    def item(self, obj):
        return obj.value

    def arange(self, like, n):
        return FakeArray((n,), "int64", device=like.device)


class CaiArray:
    """An object with only __cuda_array_interface__ (version 3), e.g. a bogus pointer."""

    def __init__(self, shape, typestr="<f4", ptr=0x1234, strides=None, stream=None, version=3):
        self.__cuda_array_interface__ = {"shape": tuple(shape), "typestr": typestr, "data": (ptr, False),
                                         "strides": strides, "version": version}
        if stream is not None:
            self.__cuda_array_interface__["stream"] = stream


class Recorder:
    """Replaces _api._launch: records each C call instead of making it."""

    def __init__(self):
        self.calls = []

    def __call__(self, x, prim, rung, fname, *args, config=None, deterministic=None, more_args=None):
        if rung is not None:
            _api.resolve_rung(prim, rung)  # the real checks (they need the library, not a GPU)
        if config is not None:
            _api._check_config(prim, config)
        self.calls.append(dict(x=x, prim=prim, rung=rung, fname=fname, args=args, config=config,
                               deterministic=deterministic, more_args=more_args))

    @property
    def last(self):
        return self.calls[-1]


def install(monkeypatch):
    kind = FakeKind()
    _arrays.register_kind(kind)
    rec = Recorder()
    monkeypatch.setattr(_api, "_launch", rec)
    # the fake arrays' pointers (0xABC0, ...) are no memory: their device is the current one, 0, without asking
    # the CUDA runtime (the crashes once blamed on asking it were gpuprim's own too-small cudaPointerAttributes)
    monkeypatch.setattr(_arrays, "_pointer_device", lambda ptr: 0)
    return kind, rec


def uninstall(kind):
    _arrays.unregister_kind(kind)


class DlpackArray:
    """An object that exports only DLPack: __dlpack__ returns a real "dltensor" capsule over a DLManagedTensor
    that points at a made-up device address."""

    def __init__(self, shape, code=2, bits=32, ptr=0x7E00_0000_0000, strides=None, device=(2, 0), byte_offset=0,
                 lanes=1):
        import ctypes
        from gpuprim._arrays import _DLTensor

        class _Managed(ctypes.Structure):
            _fields_ = [("dl_tensor", _DLTensor), ("manager_ctx", ctypes.c_void_p), ("deleter", ctypes.c_void_p)]

        self._shape = (ctypes.c_int64 * max(len(shape), 1))(*shape)
        self._strides = None if strides is None else (ctypes.c_int64 * max(len(strides), 1))(*strides)
        m = _Managed()
        t = m.dl_tensor
        t.data = ptr
        t.device.device_type, t.device.device_id = device
        t.ndim = len(shape)
        t.dtype.code, t.dtype.bits, t.dtype.lanes = code, bits, lanes
        t.shape = ctypes.cast(self._shape, ctypes.POINTER(ctypes.c_int64))
        if self._strides is not None:
            t.strides = ctypes.cast(self._strides, ctypes.POINTER(ctypes.c_int64))
        t.byte_offset = byte_offset
        self._managed = m
        self.device = device
        self.streams_asked = []

    def __dlpack_device__(self):
        return self.device

    def __dlpack__(self, stream=None):
        import ctypes
        self.streams_asked.append(stream)
        new = ctypes.pythonapi.PyCapsule_New
        new.restype = ctypes.py_object
        new.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
        return new(ctypes.addressof(self._managed), b"dltensor", None)
