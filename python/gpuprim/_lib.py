"""_lib.py -- loads libgpuprim.so through ctypes, declares every C function of include/gpuprim.h, turns
status codes into GpuprimError, and keeps one gp_handle per (device, thread).

Nothing here is a kernel: every primitive runs in the C library. This module imports no array library.
"""
from __future__ import annotations

import ctypes
import os
import threading
from ctypes import POINTER, Structure, byref, c_char_p, c_float, c_int, c_int32, c_int64, c_size_t, c_void_p
from typing import Dict, List, NamedTuple, Optional

__all__ = ["GpuprimError", "STATUS_NAMES", "library", "library_path", "lib", "check", "handle_for", "prim_id"]

# ---- status codes (gp_status in include/gpuprim.h; tests/test_cpu_header.py checks names and order) -----
STATUS_NAMES = [
    "GP_SUCCESS",
    "GP_ERROR_INVALID_HANDLE",
    "GP_ERROR_NULL_POINTER",
    "GP_ERROR_HOST_POINTER",
    "GP_ERROR_INVALID_VALUE",
    "GP_ERROR_INVALID_RUNG",
    "GP_ERROR_NOT_SUPPORTED",
    "GP_ERROR_OVERLAP",
    "GP_ERROR_WORKSPACE_TOO_SMALL",
    "GP_ERROR_ALLOC_FAILED",
    "GP_ERROR_NO_DEVICE",
    "GP_ERROR_LAUNCH_FAILED",
    "GP_ERROR_CUDA",
]


class GpuprimError(RuntimeError):
    """A gpuprim C call returned a status other than GP_SUCCESS.

    Attributes: ``status`` (the gp_status value), ``name`` (e.g. ``"GP_ERROR_INVALID_VALUE"``), ``message``
    (the library's own text, from gp_status_string) and ``function`` (the C function that returned it).
    """

    def __init__(self, status: int, message: str, function: str = "", hint: str = ""):
        self.status = int(status)
        self.name = STATUS_NAMES[status] if 0 <= status < len(STATUS_NAMES) else f"status {status}"
        self.message = message
        self.function = function
        text = f"{function}: {message} [{self.name}]" if function else f"{message} [{self.name}]"
        if hint:
            text += f" -- {hint}"
        super().__init__(text)


class LibraryNotFound(ImportError):
    """libgpuprim.so could not be found or loaded."""


# ---- C signatures --------------------------------------------------------------------------------------
# One token per C type, as the header spells them (tests/test_cpu_header.py parses include/gpuprim.h and
# compares): p = any pointer (device data, handle, stream, host out-parameter), i32 = int / int32_t / enum,
# i64 = int64_t, f32 = float, sz = size_t; return types: status, int, str (const char *).
SIGNATURES: Dict[str, str] = {
    "gp_status_string": "str: i32",
    "gp_create": "status: p",
    "gp_destroy": "status: p",
    "gp_set_stream": "status: p p",
    "gp_get_stream": "status: p p",
    "gp_set_workspace": "status: p p sz",
    "gp_get_workspace": "status: p p p",
    "gp_prim_name": "str: i32",
    "gp_rung_count": "int: i32",
    "gp_rung_name": "str: i32 i32",
    "gp_rung_summary": "str: i32 i32",
    "gp_rung_find": "int: i32 p",
    "gp_get_rung_info": "status: i32 i32 p",
    "gp_rung_config_name": "str: i32 i32 i32",
    "gp_set_rung": "status: p i32 i32",
    "gp_get_rung": "status: p i32 p",
    "gp_get_last_rung": "status: p i32 p",
    "gp_rung_supported": "status: p i32 i32 p",
    "gp_set_config": "status: p i32 i32",
    "gp_get_last_config": "status: p i32 p",
    "gp_map_f32": "status: p i32 i64 p p p",
    "gp_vector_add_f32": "status: p i64 p p p",
    "gp_reduce_f32": "status: p i32 i64 p p",
    "gp_reduce_f64": "status: p i32 i64 p p",
    "gp_reduce_i32": "status: p i32 i64 p p",
    "gp_argmax_f32": "status: p i64 p p",
    "gp_set_deterministic": "status: p i32",
    "gp_get_deterministic": "status: p p",
    "gp_scan_i32": "status: p i32 i64 p p",
    "gp_scan_u32": "status: p i32 i64 p p",
    "gp_scan_f32": "status: p i32 i64 p p",
    "gp_scan_f64": "status: p i32 i64 p p",
    "gp_select_if_f32": "status: p i64 p i32 f32 p p",
    "gp_select_if_i32": "status: p i64 p i32 i32 p p",
    "gp_select_flagged_f32": "status: p i64 p p p p",
    "gp_select_flagged_i32": "status: p i64 p p p p",
    "gp_histogram_u8": "status: p i64 p p",
    "gp_histogram_even_f32": "status: p i64 p i32 f32 f32 p",
    "gp_histogram_even_i32": "status: p i64 p i32 i32 i32 p",
    "gp_histogram_u8_u64": "status: p i64 p p",
    "gp_histogram_even_f32_u64": "status: p i64 p i32 f32 f32 p",
    "gp_histogram_even_i32_u64": "status: p i64 p i32 i32 i32 p",
    "gp_transpose_f32": "status: p i64 i64 p i64 p i64",
    "gp_transpose_f64": "status: p i64 i64 p i64 p i64",
    "gp_sgemm": "status: p i32 i32 i64 i64 i64 f32 p i64 p i64 f32 p i64",
    "gp_sgemm_strided_batched": "status: p i32 i32 i64 i64 i64 f32 p i64 i64 p i64 i64 f32 p i64 i64 i64",
    "gp_gemm": "status: p i32 i32 i64 i64 i64 f32 p i32 i64 p i32 i64 f32 p i32 i64 i32",
    "gp_sort_workspace_size": "status: p i32 i32 i64 p",
    "gp_sort_keys": "status: p i32 i64 p p i32 i32 i32 p sz",
    "gp_sort_pairs": "status: p i32 i32 i64 p p p p i32 i32 i32 p sz",
    "gp_conv2d_f32": "status: p i64 i64 p i64 p i32 i32 i32 p i64",
    "gp_conv2d_separable_f32": "status: p i64 i64 p i64 p i32 p i32 i32 p i64",
    "gp_conv1d_f32": "status: p i64 p p i32 i32 p",
    "gp_jacobi5_f32": "status: p i64 i64 p p i64 i32",
}
# Functions of the header that the package deliberately does not call (the test requires every other one to
# be in SIGNATURES): the package keeps its own handles and their workspaces, so it never asks for them back.
UNBOUND = {"gp_get_stream", "gp_get_workspace", "gp_get_rung", "gp_get_deterministic"}

_CTYPE = {"p": c_void_p, "i32": c_int32, "i64": c_int64, "f32": c_float, "sz": c_size_t,
          "status": c_int, "int": c_int, "str": c_char_p}


class RungInfoC(Structure):
    """gp_rung_info."""

    _fields_ = [("name", c_char_p), ("summary", c_char_p), ("min_cc", c_int), ("automatic", c_int),
                ("configs", c_int), ("kernel", c_void_p), ("threads", c_int), ("dyn_smem", c_size_t)]


# ---- finding and loading the library --------------------------------------------------------------------
_HERE = os.path.dirname(os.path.abspath(__file__))


def _candidates() -> List[str]:
    """Where libgpuprim.so is looked for, in order: $GPUPRIM_LIBRARY; the copy installed inside the package
    (pip install); the repository's build folders when the package is used from a checkout (PYTHONPATH=python)."""
    env = os.environ.get("GPUPRIM_LIBRARY")
    if env:
        return [env]
    repo = os.path.dirname(os.path.dirname(_HERE))
    out = [os.path.join(_HERE, "libgpuprim.so")]
    for b in ("build-gpu", "build"):
        out.append(os.path.join(repo, b, "libgpuprim.so"))
    return out


def _cudart_dirs() -> List[str]:
    dirs = []
    for var in ("CUDA_HOME", "CUDA_PATH"):
        if os.environ.get(var):
            dirs += [os.path.join(os.environ[var], "lib64"), os.path.join(os.environ[var], "lib")]
    dirs += ["/usr/local/cuda/lib64", "/usr/local/cuda/targets/x86_64-linux/lib",
             "/usr/local/cuda/targets/sbsa-linux/lib"]
    return dirs


def _preload_cudart(err: OSError) -> bool:
    """libgpuprim.so needs the CUDA runtime it was built with (libcudart.so.N). Where the dynamic loader does
    not find it (an installed copy has no build-tree rpath), load it from the toolkit first."""
    import re

    m = re.search(r"(libcudart\.so\.\d+)", str(err))
    if not m:
        return False
    for d in _cudart_dirs():
        f = os.path.join(d, m.group(1))
        if os.path.exists(f):
            ctypes.CDLL(f, mode=ctypes.RTLD_GLOBAL)
            return True
    return False


_lock = threading.Lock()
_lib: Optional[ctypes.CDLL] = None
_path: Optional[str] = None


def library() -> ctypes.CDLL:
    """The loaded libgpuprim.so, with argtypes/restype set for every function in SIGNATURES (loaded once, on
    first use: importing gpuprim needs neither the library nor a GPU)."""
    global _lib, _path
    if _lib is not None:
        return _lib
    with _lock:
        if _lib is not None:
            return _lib
        tried = []
        for cand in _candidates():
            if not os.path.exists(cand):
                tried.append(f"{cand} (missing)")
                continue
            try:
                try:
                    dll = ctypes.CDLL(cand)
                except OSError as e:
                    if not _preload_cudart(e):
                        raise
                    dll = ctypes.CDLL(cand)
            except OSError as e:
                tried.append(f"{cand} ({e})")
                continue
            _declare(dll)
            _path = cand
            _lib = dll
            return dll
        raise LibraryNotFound(
            "gpuprim: cannot load libgpuprim.so; tried " + "; ".join(tried) +
            ". Build it (./scripts/test.sh builds build/libgpuprim.so) and set GPUPRIM_LIBRARY=/path/libgpuprim.so, "
            "or pip install ./python")


def library_path() -> str:
    """The path of the libgpuprim.so in use (loads it if needed)."""
    library()
    assert _path is not None
    return _path


def _declare(dll: ctypes.CDLL) -> None:
    for name, sig in SIGNATURES.items():
        ret, _, args = sig.partition(":")
        try:
            f = getattr(dll, name)
        except AttributeError:
            continue  # a library older than this package: calls to it raise when made
        f.restype = _CTYPE[ret.strip()]
        f.argtypes = [_CTYPE[t] for t in args.split()]
    # The CUDA runtime the library links, found through the library's own dependencies (dlsym on its handle),
    # so the device and event calls below go to the same runtime as the kernels.
    for name, restype, argtypes in (
        ("cudaGetDevice", c_int, [POINTER(c_int)]),
        ("cudaGetDeviceCount", c_int, [POINTER(c_int)]),
        ("cudaSetDevice", c_int, [c_int]),
        ("cudaEventCreateWithFlags", c_int, [POINTER(c_void_p), ctypes.c_uint]),
        ("cudaEventRecord", c_int, [c_void_p, c_void_p]),
        ("cudaEventDestroy", c_int, [c_void_p]),
        ("cudaStreamWaitEvent", c_int, [c_void_p, c_void_p, ctypes.c_uint]),
        ("cudaStreamIsCapturing", c_int, [c_void_p, POINTER(c_int)]),
        ("cudaGetErrorString", c_char_p, [c_int]),
        ("cudaPointerGetAttributes", c_int, [c_void_p, c_void_p]),
        ("cudaGetLastError", c_int, []),
    ):
        try:
            f = getattr(dll, name)
        except AttributeError:
            continue
        f.restype = restype
        f.argtypes = argtypes


class _Lazy:
    """``lib.gp_scan_i32(...)``: attribute access loads the library on first use."""

    def __getattr__(self, name: str):
        try:
            f = getattr(library(), name)
        except AttributeError:
            raise NotImplementedError(f"{name} is not in {library_path()} (a library older than this package)")
        setattr(self, name, f)
        return f


lib = _Lazy()


def status_string(status: int) -> str:
    """The C library's text for a gp_status value (gp_status_string)."""
    s = lib.gp_status_string(status)
    return s.decode() if s else "unknown status"


def check(status: int, function: str) -> None:
    """Raise GpuprimError for a status other than GP_SUCCESS."""
    if status:
        hint = ""
        if status == 10:  # GP_ERROR_NO_DEVICE
            hint = ("gpuprim needs an NVIDIA GPU that the CUDA runtime can use (check nvidia-smi, the driver, "
                    "CUDA_VISIBLE_DEVICES)")
            n = c_int(0)
            err = lib.cudaGetDeviceCount(byref(n))
            if err:
                s = lib.cudaGetErrorString(err)
                lib.cudaGetLastError()
                hint += f"; the CUDA runtime says: {s.decode() if s else err}"
        raise GpuprimError(status, status_string(status), function, hint)


def _cuda_check(err: int, what: str) -> None:
    if err:
        s = lib.cudaGetErrorString(err)
        lib.cudaGetLastError()
        raise GpuprimError(12, f"{what} failed: {s.decode() if s else err}", what)


# ---- primitives by name --------------------------------------------------------------------------------
_prims: Optional[Dict[str, int]] = None


def prim_ids() -> Dict[str, int]:
    """{"map": 0, "reduce": 1, ...} as the library names its primitives (gp_prim_name)."""
    global _prims
    if _prims is None:
        d = {}
        for i in range(256):
            s = lib.gp_prim_name(i)
            if not s:
                break
            d[s.decode()] = i
        _prims = d
    return _prims


def prim_id(prim: str) -> int:
    ids = prim_ids()
    if prim not in ids:
        raise ValueError(f"unknown primitive {prim!r}; this library has: {', '.join(ids)}")
    return ids[prim]


class RungInfo(NamedTuple):
    """One rung of a primitive's ladder, as the C library describes it (gp_get_rung_info)."""

    number: int
    name: str
    summary: str
    min_cc: int       #: compute capability it needs, x10 (90 = sm_90)
    automatic: bool   #: whether the automatic choice may pick it
    configs: int      #: tile configurations it chooses from (0 if none)


def rung_infos(prim: str) -> List[RungInfo]:
    p = prim_id(prim)
    out = []
    for r in range(1, lib.gp_rung_count(p) + 1):
        ri = RungInfoC()
        check(lib.gp_get_rung_info(p, r, byref(ri)), "gp_get_rung_info")
        out.append(RungInfo(r, ri.name.decode(), ri.summary.decode(), ri.min_cc, bool(ri.automatic), ri.configs))
    return out


def resolve_rung(prim: str, rung) -> int:
    """rung: None, 0 or "auto" (automatic), a number 1..count, or a rung name ("float4")."""
    if rung is None or rung == "auto":
        return 0
    p = prim_id(prim)
    count = lib.gp_rung_count(p)
    if isinstance(rung, str):
        r = lib.gp_rung_find(p, rung.encode())
        if r == 0:
            names = [lib.gp_rung_name(p, i).decode() for i in range(1, count + 1)]
            raise ValueError(f"{prim} has no rung named {rung!r}; its rungs: {', '.join(names)} (or 'auto')")
        return r
    if isinstance(rung, bool) or not isinstance(rung, int):
        raise TypeError(f"rung must be None, 'auto', a rung number or a rung name, not {type(rung).__name__}")
    if not 0 <= rung <= count:
        raise ValueError(f"{prim} has rungs 1..{count} (0 or None: automatic), not {rung}")
    return rung


# ---- handles: one per (device, thread) -------------------------------------------------------------------
_CUDA_ERROR_CAPTURED_EVENT = 907  # cudaErrorCapturedEvent: the event was last recorded in a capturing stream


class Handle:
    """A gp_handle on one device, used by one thread. It remembers the stream, rungs and configurations it
    was last given so that a call only changes what differs, and orders its one workspace across streams:
    after each call an event is recorded on the call's stream, and a call on another stream than the last
    first makes its stream wait for that event (on the GPU; the host does not wait). A stream that is being
    captured into a CUDA graph neither waits nor records (an event from outside a capture cannot be waited on
    inside it): make a first call on the capturing stream before the capture, as torch's warm-up does, and
    order the graph's launches with other work on the handle's device yourself."""

    __slots__ = ("ptr", "device", "stream", "rungs", "configs", "event", "deterministic")

    def __init__(self, device: int):
        h = c_void_p()
        check(lib.gp_create(byref(h)), "gp_create")
        ev = c_void_p()
        err = lib.cudaEventCreateWithFlags(byref(ev), 2)  # cudaEventDisableTiming
        if err:
            lib.gp_destroy(h.value)
            _cuda_check(err, "cudaEventCreateWithFlags")
        self.ptr = h.value
        self.device = device
        self.stream: Optional[int] = None
        self.rungs: Dict[int, int] = {}
        self.configs: Dict[int, int] = {}
        self.event: int = ev.value
        self.deterministic = 0

    def use_stream(self, stream: int) -> None:
        if stream == self.stream:
            return
        if self.stream is not None and not _capturing(stream):
            err = lib.cudaStreamWaitEvent(stream, self.event, 0)
            if err:
                lib.cudaGetLastError()
                # last recorded inside a capture: that work runs when the graph is launched, ordered by its user
                if err != _CUDA_ERROR_CAPTURED_EVENT:
                    _cuda_check(err, "cudaStreamWaitEvent")
        check(lib.gp_set_stream(self.ptr, stream), "gp_set_stream")
        self.stream = stream

    def called(self) -> None:
        """After a call: the event the next call on another stream waits for. Not inside a capture (the
        graph's launches are ordered by whoever launches them; the event keeps marking the work before)."""
        if _capturing(self.stream):
            return
        err = lib.cudaEventRecord(self.event, self.stream)
        if err:
            _cuda_check(err, "cudaEventRecord")

    def set_rung(self, p: int, rung: int) -> None:
        if self.rungs.get(p, 0) != rung:
            check(lib.gp_set_rung(self.ptr, p, rung), "gp_set_rung")
            self.rungs[p] = rung

    def set_config(self, p: int, config: int) -> None:
        if self.configs.get(p, -1) != config:
            check(lib.gp_set_config(self.ptr, p, config), "gp_set_config")
            self.configs[p] = config

    def set_deterministic(self, on: int) -> None:
        if self.deterministic != on:
            check(lib.gp_set_deterministic(self.ptr, on), "gp_set_deterministic")
            self.deterministic = on


def _capturing(stream: int) -> bool:
    """Whether `stream` is being captured into a CUDA graph (True also where the runtime cannot tell)."""
    st = c_int(0)
    if lib.cudaStreamIsCapturing(stream, byref(st)) != 0:
        lib.cudaGetLastError()
        return True
    return st.value != 0


class _PerThread(threading.local):
    def __init__(self):
        self.handles: Dict[int, Handle] = {}


_tls = _PerThread()


class _Device:
    """Makes `device` the calling thread's current device for the library's runtime during a call (and puts
    the previous one back), so that a handle is created on, and kernels are launched to, the array's GPU."""

    __slots__ = ("device", "prev")

    def __init__(self, device: int):
        self.device = device
        self.prev = -1

    def __enter__(self):
        cur = c_int(-1)
        if lib.cudaGetDevice(byref(cur)) != 0:  # no usable device: gp_create will say so
            lib.cudaGetLastError()
            return self
        if cur.value != self.device:
            _cuda_check(lib.cudaSetDevice(self.device), "cudaSetDevice")
            self.prev = cur.value
        return self

    def __exit__(self, *exc):
        if self.prev >= 0:
            lib.cudaSetDevice(self.prev)
        return False


def device_guard(device: int) -> _Device:
    return _Device(device)


def handle_for(device: int) -> Handle:
    """The calling thread's handle on `device` (created on first use: gp_create allocates the 32 MB workspace
    with cudaMalloc, so make a first call before a CUDA graph capture)."""
    h = _tls.handles.get(device)
    if h is None:
        with _Device(device):
            h = Handle(device)
        _tls.handles[device] = h
    return h


def release_handles() -> None:
    """Destroys the calling thread's handles (frees their workspaces: cudaFree waits for the GPU). Later calls
    create new ones. Work captured into a CUDA graph that uses them must not be launched afterwards. Without
    this, a handle lives as long as the process (32 MB of device memory per device and thread that called)."""
    for dev, h in list(_tls.handles.items()):
        with _Device(dev):
            lib.cudaEventDestroy(h.event)
            lib.gp_destroy(h.ptr)
        del _tls.handles[dev]
