"""_arrays.py -- what gpuprim needs to know about an array argument (pointer, shape, strides, dtype, device),
the stream to run on and how to allocate a result of the same library.

Torch tensors and CuPy arrays are read through their own attributes (faster than building the
``__cuda_array_interface__`` dictionary); any other object that exports ``__cuda_array_interface__``
(version 2 or 3) is read through it. Neither torch nor CuPy is imported here: an array can only be a torch
tensor if torch is already imported, so ``sys.modules`` is asked.
"""
from __future__ import annotations

import ctypes
import sys
from typing import Any, Callable, List, Optional, Sequence, Tuple

__all__ = ["ArrayInfo", "Kind", "describe", "register_kind", "DTYPE_SIZES"]

DTYPE_SIZES = {
    "bool": 1, "uint8": 1, "int8": 1, "int16": 2, "uint16": 2, "float16": 2, "bfloat16": 2,
    "int32": 4, "uint32": 4, "float32": 4, "int64": 8, "uint64": 8, "float64": 8, "complex64": 8,
    "complex128": 16,
}

# __cuda_array_interface__ typestr (byte order stripped) -> dtype name
_TYPESTR = {
    "b1": "bool", "u1": "uint8", "i1": "int8", "i2": "int16", "u2": "uint16", "f2": "float16",
    "i4": "int32", "u4": "uint32", "f4": "float32", "i8": "int64", "u8": "uint64", "f8": "float64",
    "c8": "complex64", "c16": "complex128",
}


class ArrayInfo:
    """One array argument, as gpuprim sees it. ``strides`` are in elements (C-contiguous if the array did not
    say otherwise)."""

    __slots__ = ("obj", "kind", "ptr", "shape", "strides", "dtype", "device", "stream", "keep")

    def __init__(self, obj, kind: "Kind", ptr: int, shape: Tuple[int, ...], strides: Tuple[int, ...],
                 dtype: str, device: int, stream: Optional[int] = None):
        self.obj = obj
        self.kind = kind
        self.ptr = ptr
        self.shape = shape
        self.strides = strides
        self.dtype = dtype
        self.device = device
        self.stream = stream  # only for plain __cuda_array_interface__ objects: the stream they name
        self.keep = None      # what must stay alive while the pointer is used (a DLPack capsule)

    @property
    def size(self) -> int:
        n = 1
        for s in self.shape:
            n *= s
        return n

    @property
    def ndim(self) -> int:
        return len(self.shape)

    @property
    def itemsize(self) -> int:
        return DTYPE_SIZES.get(self.dtype, 0)

    def is_contiguous(self) -> bool:
        """C-contiguous (dimensions of extent 1 may have any stride)."""
        expect = 1
        for n, s in zip(reversed(self.shape), reversed(self.strides)):
            if n == 0:
                return True
            if n != 1 and s != expect:
                return False
            expect *= n
        return True


class Kind:
    """An array library: how to recognise its arrays, read them, find its current stream and allocate."""

    name = "?"

    def matches(self, obj) -> bool:
        raise NotImplementedError

    def describe(self, obj, argname: str) -> ArrayInfo:
        raise NotImplementedError

    def current_stream(self, info: ArrayInfo) -> int:
        raise NotImplementedError

    def empty(self, like: ArrayInfo, shape: Tuple[int, ...], dtype: str):
        raise TypeError(
            f"gpuprim cannot allocate a result like a {type(like.obj).__module__}.{type(like.obj).__name__}: "
            f"pass out= (a CUDA array of dtype {dtype}, shape {tuple(shape)})")

    def item(self, obj) -> int:
        raise TypeError(f"gpuprim cannot read back a value from a {type(obj).__name__}; use the _async variant")

    def arange(self, like: ArrayInfo, n: int):
        """int64 0..n-1 on like's device and stream."""
        raise TypeError(f"gpuprim cannot make indices for a {type(like.obj).__name__}: use sort_pairs")

    def prefix(self, obj, n: int):
        """obj[:n] (a view) of a 1-D array."""
        return obj[:n]


# ---- torch -----------------------------------------------------------------------------------------------
class TorchKind(Kind):
    name = "torch"

    def __init__(self):
        self._to_name = None
        self._from_name = None
        self._raw_stream: Optional[Callable[[int], int]] = None

    def _tables(self, torch):
        names = {}
        for n in DTYPE_SIZES:
            t = getattr(torch, n, None)
            if isinstance(t, torch.dtype):
                names[t] = n
        self._to_name = names
        self._from_name = {v: k for k, v in names.items()}
        raw = getattr(torch._C, "_cuda_getCurrentRawStream", None)
        if raw is not None:
            self._raw_stream = raw
        else:  # older torch: the public, slower way
            self._raw_stream = lambda dev: torch.cuda.current_stream(dev).cuda_stream

    def matches(self, obj) -> bool:
        torch = sys.modules.get("torch")
        return torch is not None and isinstance(obj, torch.Tensor)

    def describe(self, obj, argname: str) -> ArrayInfo:
        if self._to_name is None:
            self._tables(sys.modules["torch"])
        if not obj.is_cuda:
            raise TypeError(f"{argname} is a torch tensor on {obj.device}; gpuprim needs a CUDA tensor "
                            f"({argname}.cuda() or device='cuda')")
        dtype = self._to_name.get(obj.dtype)
        if dtype is None:
            raise TypeError(f"{argname} has dtype {obj.dtype}, which gpuprim does not take")
        return ArrayInfo(obj, self, obj.data_ptr(), tuple(obj.shape), tuple(obj.stride()), dtype,
                         obj.device.index)

    def current_stream(self, info: ArrayInfo) -> int:
        return self._raw_stream(info.device)

    def empty(self, like: ArrayInfo, shape, dtype: str):
        torch = sys.modules["torch"]
        td = self._from_name.get(dtype)
        if td is None:
            raise TypeError(f"this torch has no dtype {dtype}")
        return torch.empty(shape, dtype=td, device=like.obj.device)

    def item(self, obj) -> int:
        return int(obj.item())

    def arange(self, like: ArrayInfo, n: int):
        torch = sys.modules["torch"]
        return torch.arange(n, dtype=torch.int64, device=like.obj.device)


# ---- CuPy ------------------------------------------------------------------------------------------------
class CupyKind(Kind):
    name = "cupy"

    def matches(self, obj) -> bool:
        cp = sys.modules.get("cupy")
        return cp is not None and isinstance(obj, cp.ndarray)

    def describe(self, obj, argname: str) -> ArrayInfo:
        dtype = obj.dtype.name
        size = DTYPE_SIZES.get(dtype)
        if size is None:
            raise TypeError(f"{argname} has dtype {obj.dtype}, which gpuprim does not take")
        return ArrayInfo(obj, self, obj.data.ptr, tuple(obj.shape), tuple(s // size for s in obj.strides), dtype,
                         obj.device.id)

    def current_stream(self, info: ArrayInfo) -> int:
        cp = sys.modules["cupy"]
        try:
            return cp.cuda.get_current_stream(info.device).ptr
        except TypeError:  # a CuPy whose get_current_stream takes no device
            with cp.cuda.Device(info.device):
                return cp.cuda.get_current_stream().ptr

    def empty(self, like: ArrayInfo, shape, dtype: str):
        cp = sys.modules["cupy"]
        if cp.cuda.runtime.getDevice() == like.device:
            return cp.empty(shape, dtype=dtype)
        with cp.cuda.Device(like.device):
            return cp.empty(shape, dtype=dtype)

    def item(self, obj) -> int:
        return int(obj.item())

    def arange(self, like: ArrayInfo, n: int):
        cp = sys.modules["cupy"]
        with cp.cuda.Device(like.device):
            return cp.arange(n, dtype="int64")


# ---- any __cuda_array_interface__ ------------------------------------------------------------------------
class CudaArrayInterfaceKind(Kind):
    """Objects that export __cuda_array_interface__ (Numba device arrays, JAX, ...). The stream they name
    (version 3 'stream') is the one gpuprim runs on; without one, the legacy default stream."""

    name = "cuda_array_interface"

    def matches(self, obj) -> bool:
        return hasattr(obj, "__cuda_array_interface__")

    def describe(self, obj, argname: str) -> ArrayInfo:
        try:
            cai = obj.__cuda_array_interface__
        except Exception as e:  # e.g. torch raises for dtypes the protocol cannot express
            raise TypeError(f"{argname}: its __cuda_array_interface__ cannot be read: {e}") from e
        if not isinstance(cai, dict) or "data" in cai and not isinstance(cai["data"], (tuple, list)):
            raise TypeError(f"{argname}: __cuda_array_interface__ is not a valid interface dictionary")
        for key in ("shape", "typestr", "data"):
            if key not in cai:
                raise TypeError(f"{argname}: __cuda_array_interface__ has no {key!r}")
        if cai.get("mask") is not None:
            raise TypeError(f"{argname}: masked arrays (__cuda_array_interface__ 'mask') are not supported")
        ts = cai["typestr"]
        dtype = _TYPESTR.get(ts[1:]) if isinstance(ts, str) and len(ts) > 1 else None
        if dtype is None or (ts[0] == ">" and DTYPE_SIZES[dtype] > 1):
            raise TypeError(f"{argname} has typestr {ts!r}, which gpuprim does not take")
        shape = tuple(int(s) for s in cai["shape"])
        size = DTYPE_SIZES[dtype]
        strides = cai.get("strides")
        if strides is None:
            st, acc = [], 1
            for n in reversed(shape):
                st.append(acc)
                acc *= n
            el = tuple(reversed(st))
        else:
            if any(int(s) % size for s in strides):
                raise ValueError(f"{argname}: strides {tuple(strides)} are not multiples of the element size")
            el = tuple(int(s) // size for s in strides)
        ptr = int(cai["data"][0] or 0)
        stream = cai.get("stream")
        if stream is not None:
            stream = 0 if int(stream) == 1 else int(stream)  # 1: the legacy default stream
        return ArrayInfo(obj, self, ptr, shape, el, dtype, _pointer_device(ptr), stream)

    def current_stream(self, info: ArrayInfo) -> int:
        return info.stream or 0


# ---- DLPack ----------------------------------------------------------------------------------------------
class _DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class _DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class _DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", _DLDevice), ("ndim", ctypes.c_int32),
                ("dtype", _DLDataType), ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)), ("byte_offset", ctypes.c_uint64)]


_DL_CPU, _DL_CUDA, _DL_CUDA_HOST, _DL_CUDA_MANAGED = 1, 2, 3, 13
_DL_DTYPES = {(0, 8): "int8", (0, 16): "int16", (0, 32): "int32", (0, 64): "int64", (1, 8): "uint8",
              (1, 16): "uint16", (1, 32): "uint32", (1, 64): "uint64", (2, 16): "float16", (2, 32): "float32",
              (2, 64): "float64", (4, 16): "bfloat16", (5, 64): "complex64", (5, 128): "complex128", (6, 8): "bool"}


class DlpackKind(Kind):
    """Objects that export only DLPack (``__dlpack__`` / ``__dlpack_device__``) on a CUDA device. gpuprim asks
    for the data on the legacy default stream (DLPack stream 1) and runs there; results need ``out=``."""

    name = "dlpack"

    def matches(self, obj) -> bool:
        return hasattr(obj, "__dlpack__") and hasattr(obj, "__dlpack_device__")

    def describe(self, obj, argname: str) -> ArrayInfo:
        dev_type, dev_id = obj.__dlpack_device__()
        if int(dev_type) not in (_DL_CUDA, _DL_CUDA_MANAGED):
            where = {_DL_CPU: "host (CPU)", _DL_CUDA_HOST: "pinned host"}.get(int(dev_type), f"DLPack device {dev_type}")
            raise TypeError(f"{argname} is a {where} array ({type(obj).__module__}.{type(obj).__name__}); gpuprim "
                            "needs GPU memory: a torch tensor on a CUDA device, a CuPy array, or any object with "
                            "__cuda_array_interface__ or CUDA DLPack")
        try:
            capsule = obj.__dlpack__(stream=1)
        except TypeError:
            capsule = obj.__dlpack__()
        get = ctypes.pythonapi.PyCapsule_GetPointer
        get.restype = ctypes.c_void_p
        get.argtypes = [ctypes.py_object, ctypes.c_char_p]
        p = get(capsule, b"dltensor")
        t = _DLTensor.from_address(p)   # DLManagedTensor starts with its DLTensor
        dtype = _DL_DTYPES.get((t.dtype.code, t.dtype.bits))
        if dtype is None or t.dtype.lanes != 1:
            raise TypeError(f"{argname} has DLPack dtype (code {t.dtype.code}, {t.dtype.bits} bits, "
                            f"{t.dtype.lanes} lanes), which gpuprim does not take")
        shape = tuple(t.shape[i] for i in range(t.ndim))
        if t.strides:
            strides = tuple(t.strides[i] for i in range(t.ndim))
        else:
            st, acc = [], 1
            for n in reversed(shape):
                st.append(acc)
                acc *= n
            strides = tuple(reversed(st))
        ptr = (t.data or 0) + t.byte_offset
        info = ArrayInfo(obj, self, ptr, shape, strides, dtype, int(dev_id), 0)
        info.keep = capsule   # the capsule (and so the producer's buffer) lives as long as the description
        return info

    def current_stream(self, info: ArrayInfo) -> int:
        return 0


class _PointerAttributes(ctypes.Structure):
    """cudaPointerAttributes as CUDA 11-13 declare it, reserved words included: the runtime writes all of it
    (88 bytes). Without `reserved` (24 bytes) it wrote 64 bytes past the object into Python's heap, which
    crashed the interpreter later, in the garbage collector (the H100 machine; tests/test_cpu_header.py checks
    the layout). `spare` leaves room should a later runtime grow the struct again."""
    _fields_ = [("type", ctypes.c_int), ("device", ctypes.c_int), ("devicePointer", ctypes.c_void_p),
                ("hostPointer", ctypes.c_void_p), ("reserved", ctypes.c_long * 8), ("spare", ctypes.c_char * 256)]


def _pointer_device(ptr: int) -> int:
    """The device a pointer belongs to (cudaPointerGetAttributes); the current device where the runtime cannot
    tell (a NULL pointer of an empty array, a host pointer: the C library then refuses it)."""
    from ._lib import lib

    a = _PointerAttributes()
    if ptr and lib.cudaPointerGetAttributes(ctypes.byref(a), ptr) == 0 and a.type in (2, 3):
        return a.device
    lib.cudaGetLastError()
    cur = ctypes.c_int(0)
    if lib.cudaGetDevice(ctypes.byref(cur)) != 0:
        lib.cudaGetLastError()
        return 0
    return cur.value


_KINDS: List[Kind] = [TorchKind(), CupyKind(), CudaArrayInterfaceKind(), DlpackKind()]


def register_kind(kind: Kind, first: bool = True) -> None:
    """Adds an array library (tests use it for fake arrays)."""
    if first:
        _KINDS.insert(0, kind)
    else:
        _KINDS.append(kind)


def unregister_kind(kind: Kind) -> None:
    _KINDS.remove(kind)


def describe(obj: Any, argname: str) -> ArrayInfo:
    """Reads an array argument; TypeError for anything that is not a CUDA array."""
    for k in _KINDS:
        if k.matches(obj):
            return k.describe(obj, argname)
    if hasattr(obj, "__array_interface__") or type(obj).__module__ == "numpy":
        raise TypeError(
            f"{argname} is a host (CPU) array ({type(obj).__module__}.{type(obj).__name__}); gpuprim needs GPU "
            "memory: a torch tensor on a CUDA device, a CuPy array, or any object with __cuda_array_interface__")
    raise TypeError(
        f"{argname} must be a CUDA array (a torch tensor on a CUDA device, a CuPy array, or any object with "
        f"__cuda_array_interface__ or CUDA DLPack), not {type(obj).__module__}.{type(obj).__name__}")


def shape_str(shape: Sequence[int]) -> str:
    return "(" + ", ".join(str(s) for s in shape) + ("," if len(shape) == 1 else "") + ")"
