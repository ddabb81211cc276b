"""What a call does around the C function, with a fake C library that logs every call (no GPU): the handle is
created once per device and thread, the stream is set only when it changes, a call on a new stream first
waits for the event recorded after the previous call (not when the new stream is being captured), the
array's device is made current for the call and the previous one put back, rungs and configurations are
set only when they change, and a status error raises GpuprimError without recording the event."""
import ctypes
import threading

import pytest

import gpuprim
from gpuprim import _api, _lib
from fakes import FakeArray

import fakes


class FakeC:
    """Stands in for libgpuprim + its CUDA runtime: logs calls, answers as a GPU machine would."""

    def __init__(self):
        self.log = []
        self.current = 0
        self.capturing = set()
        self.wait_error = 0
        self.status = {}
        self.handles = 0

    def __getattr__(self, name):
        if name.startswith("gp_") and name not in ("gp_create", "gp_set_stream", "gp_set_rung", "gp_set_config",
                                                   "gp_set_deterministic", "gp_destroy", "gp_status_string"):
            def prim_call(*args):
                self.log.append((name,) + args)
                return self.status.get(name, 0)
            return prim_call
        raise AttributeError(name)

    @staticmethod
    def _set(ref, value):
        ref._obj.value = value

    def gp_create(self, ref):
        self.handles += 1
        self._set(ref, 0x1000 * self.handles)
        self.log.append(("gp_create", self.current))
        return 0

    def gp_destroy(self, h):
        self.log.append(("gp_destroy", h))
        return 0

    def gp_status_string(self, s):
        return _real_status_text(s)

    def cudaEventCreateWithFlags(self, ref, flags):
        self._set(ref, 0xE0 + self.handles)
        self.log.append(("cudaEventCreateWithFlags", flags))
        return 0

    def cudaEventDestroy(self, ev):
        return 0

    def cudaGetDevice(self, ref):
        self._set(ref, self.current)
        return 0

    def cudaGetDeviceCount(self, ref):
        self._set(ref, 2)
        return 0

    def cudaSetDevice(self, d):
        self.log.append(("cudaSetDevice", d))
        self.current = d
        return 0

    def cudaStreamIsCapturing(self, s, ref):
        self._set(ref, 1 if s in self.capturing else 0)
        return 0

    def cudaStreamWaitEvent(self, s, ev, flags):
        self.log.append(("cudaStreamWaitEvent", s, ev))
        return self.wait_error

    def cudaEventRecord(self, ev, s):
        self.log.append(("cudaEventRecord", ev, s))
        return 0

    def cudaGetLastError(self):
        return 0

    def cudaGetErrorString(self, e):
        return b"fake cuda error"

    def gp_set_stream(self, h, s):
        self.log.append(("gp_set_stream", h, s))
        return 0

    def gp_set_rung(self, h, p, r):
        self.log.append(("gp_set_rung", h, p, r))
        return 0

    def gp_set_config(self, h, p, c):
        self.log.append(("gp_set_config", h, p, c))
        return 0

    def gp_set_deterministic(self, h, on):
        self.log.append(("gp_set_deterministic", h, on))
        return 0

    def gp_rung_count(self, p):
        return 11

    sort_need = 1000

    def gp_sort_workspace_size(self, h, key, value_bytes, n, ref):
        self.log.append(("gp_sort_workspace_size", h, key, value_bytes, n))
        ref._obj.value = self.sort_need
        return 0

    def gp_get_rung_info(self, p, r, ref):
        ri = ref._obj
        ri.name, ri.summary, ri.min_cc, ri.automatic = b"r%d" % r, b"rung", 70, 1
        ri.configs = 6 if r >= 10 else 0
        return 0

    def gp_rung_find(self, p, name):
        return 3 if name == b"float4" else 0

    def names(self):
        out = [e[0] for e in self.log]
        self.log.clear()
        return out


_STATUS_TEXT = {0: "success", 4: "invalid value (size, leading dimension, enum or range)",
                7: "input and output overlap"}


def _real_status_text(s):
    return _STATUS_TEXT.get(s, "status").encode()


@pytest.fixture
def C(monkeypatch):
    fc = FakeC()
    monkeypatch.setattr(_lib, "lib", fc)
    monkeypatch.setattr(_api, "lib", fc)
    monkeypatch.setattr(_lib, "_tls", _lib._PerThread())
    monkeypatch.setattr(_lib, "_prims", {"map": 0, "reduce": 1, "scan": 2, "compact": 3, "histogram": 4,
                                         "transpose": 5, "sgemm": 6, "gemm": 7, "sort": 8})
    kind = fakes.FakeKind()
    from gpuprim import _arrays
    _arrays.register_kind(kind)
    yield fc, kind
    _arrays.unregister_kind(kind)


def test_first_call_creates_the_handle_then_calls(C):
    fc, kind = C
    a, b = FakeArray((10,)), FakeArray((10,))
    kind.stream = 0xA
    gpuprim.add(a, b, out=a)
    assert fc.log == [("gp_create", 0), ("cudaEventCreateWithFlags", 2), ("gp_set_stream", 0x1000, 0xA),
                      ("gp_map_f32", 0x1000, 0, 10, a.ptr, b.ptr, a.ptr), ("cudaEventRecord", 0xE1, 0xA)]
    fc.log.clear()
    gpuprim.add(a, b, out=a)            # same stream: only the call and the event
    assert fc.names() == ["gp_map_f32", "cudaEventRecord"]


def test_a_new_stream_waits_for_the_last_call(C):
    fc, kind = C
    a = FakeArray((10,))
    kind.stream = 0xA
    gpuprim.reduce_sum(a)
    fc.log.clear()
    kind.stream = 0xB
    gpuprim.reduce_sum(a)
    assert fc.log[0] == ("cudaStreamWaitEvent", 0xB, 0xE1)
    assert fc.log[1] == ("gp_set_stream", 0x1000, 0xB)
    assert fc.log[-1] == ("cudaEventRecord", 0xE1, 0xB)


def test_a_capturing_stream_does_not_wait(C):
    fc, kind = C
    a = FakeArray((10,), "int32")
    kind.stream = 0xA
    gpuprim.inclusive_scan(a)
    fc.log.clear()
    kind.stream = 0xC
    fc.capturing.add(0xC)
    gpuprim.inclusive_scan(a)
    assert fc.names() == ["gp_set_stream", "gp_scan_i32"]          # neither waits nor records
    fc.capturing.clear()
    kind.stream = 0xA
    gpuprim.inclusive_scan(a)            # back on A: waits for the event of the last call outside the capture
    assert fc.log[0] == ("cudaStreamWaitEvent", 0xA, 0xE1) and fc.log[-1] == ("cudaEventRecord", 0xE1, 0xA)


def test_an_event_recorded_in_a_capture_is_not_an_error(C):
    fc, kind = C
    a = FakeArray((10,), "int32")
    kind.stream = 0xA
    gpuprim.inclusive_scan(a)
    kind.stream = 0xD
    fc.wait_error = _lib._CUDA_ERROR_CAPTURED_EVENT
    gpuprim.inclusive_scan(a)            # no exception
    kind.stream = 0xE
    fc.wait_error = 400                  # cudaErrorInvalidResourceHandle: raised
    with pytest.raises(gpuprim.GpuprimError, match="cudaStreamWaitEvent failed: fake cuda error"):
        gpuprim.inclusive_scan(a)


def test_device_is_switched_for_the_call_and_put_back(C):
    fc, kind = C
    kind.stream = 0xA
    gpuprim.reduce_sum(FakeArray((10,), device=1))
    names = fc.names()
    assert names[:3] == ["cudaSetDevice", "gp_create", "cudaEventCreateWithFlags"]
    assert "cudaSetDevice" in names[3:] and fc.current == 0      # handle creation, then the call: both restored
    gpuprim.reduce_sum(FakeArray((10,), device=1))
    log = list(fc.log)
    assert log[0] == ("cudaSetDevice", 1) and log[-1] == ("cudaSetDevice", 0)
    assert [e for e in log if e[0] == "gp_create"] == []       # one handle per device and thread


def test_rungs_and_configs_are_set_only_when_they_change(C):
    fc, kind = C
    a, b = FakeArray((8, 8)), FakeArray((8, 8))
    gpuprim.sgemm(a, b)
    assert "gp_set_rung" not in fc.names()
    gpuprim.sgemm(a, b, rung=10, config=2)
    assert [e for e in fc.log if e[0].startswith("gp_set_")] == [("gp_set_rung", 0x1000, 6, 10),
                                                                ("gp_set_config", 0x1000, 6, 2)]
    fc.log.clear()
    gpuprim.sgemm(a, b, rung=10, config=2)
    assert [e for e in fc.log if e[0].startswith("gp_set_")] == []
    gpuprim.sgemm(a, b)                  # back to automatic, per-shape configuration
    assert [e for e in fc.log if e[0].startswith("gp_set_")] == [("gp_set_rung", 0x1000, 6, 0),
                                                                ("gp_set_config", 0x1000, 6, -1)]
    fc.log.clear()
    gpuprim.add(FakeArray((4,)), FakeArray((4,)), rung="float4")
    assert ("gp_set_rung", 0x1000, 0, 3) in fc.log
    fc.log.clear()
    gpuprim.reduce_sum(FakeArray((4,)), deterministic=True)
    gpuprim.reduce_sum(FakeArray((4,)), deterministic=True)
    assert [e for e in fc.log if e[0] == "gp_set_deterministic"] == [("gp_set_deterministic", 0x1000, 1)]


def test_status_error_raises_without_recording(C):
    fc, kind = C
    fc.status["gp_select_if_f32"] = 7
    x = FakeArray((10,))
    with pytest.raises(gpuprim.GpuprimError) as e:
        gpuprim.select_async(x, "gt", 0.0)
    assert e.value.name == "GP_ERROR_OVERLAP" and e.value.function == "gp_select_if_f32"
    assert str(e.value) == "gp_select_if_f32: input and output overlap [GP_ERROR_OVERLAP]"
    assert fc.names()[-1] == "gp_select_if_f32"


def test_threads_get_their_own_handles(C):
    fc, kind = C
    seen = []

    def work():
        gpuprim.reduce_sum(FakeArray((4,)))
        seen.append(_lib._tls.handles[0].ptr)

    ts = [threading.Thread(target=work) for _ in range(3)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert len(set(seen)) == 3 and fc.handles == 3


def test_release_handles(C):
    fc, kind = C
    gpuprim.reduce_sum(FakeArray((4,)))
    gpuprim.release_handles()
    assert ("gp_destroy", 0x1000) in fc.log and _lib._tls.handles == {}
    gpuprim.reduce_sum(FakeArray((4,)))
    assert fc.handles == 2


def test_byref_is_what_ctypes_passes():
    # the fake sets values through byref(...)._obj, as ctypes passes them
    v = ctypes.c_void_p()
    FakeC._set(ctypes.byref(v), 5)
    assert v.value == 5


def test_sort_workspace(C):
    fc, kind = C
    x = FakeArray((1 << 20,), "int32")
    y = gpuprim.sort(x)                                    # needs 1000 bytes: the handle's own workspace
    call = [e for e in fc.log if e[0] == "gp_sort_keys"][-1]
    assert call == ("gp_sort_keys", 0x1000, 1, 1 << 20, x.ptr, y.ptr, 0, 0, 32, None, 0)
    size_call = [e for e in fc.log if e[0] == "gp_sort_workspace_size"][-1]
    assert size_call == ("gp_sort_workspace_size", 0x1000, 1, 0, 1 << 20)
    assert fc.log.index(size_call) < fc.log.index(call)
    fc.log.clear()
    fc.sort_need = 64 << 20                                # more than 32 MB: allocated through the library
    allocated = []
    real_empty = kind.empty
    kind.empty = lambda like, shape, dtype: allocated.append((shape, dtype)) or real_empty(like, shape, dtype)
    try:
        v = FakeArray((1 << 20,), "float32")
        k2, v2 = gpuprim.sort_pairs(x, v, descending=True)
    finally:
        del kind.empty
    assert allocated[-1] == ((64 << 20,), "uint8")
    call = [e for e in fc.log if e[0] == "gp_sort_pairs"][-1]
    assert call[1:10] == (0x1000, 1, 4, 1 << 20, x.ptr, k2.ptr, v.ptr, v2.ptr, 1)
    assert call[-1] == 64 << 20 and call[-2] not in (None, 0)
    fc.log.clear()
    ws = FakeArray((5000,), "uint8")                       # given: used as it is, no size asked
    gpuprim.sort(x, workspace=ws)
    assert [e[0] for e in fc.log if e[0].startswith("gp_sort")] == ["gp_sort_keys"]
    assert fc.log[[e[0] for e in fc.log].index("gp_sort_keys")][-2:] == (ws.ptr, 5000)
