"""libgpuprim.so through ctypes, without a GPU: the library loads, the ladders come from C, rung arguments
are resolved and checked by name and number, and a call that reaches the C library on a machine without a
usable GPU raises GpuprimError saying so (on a GPU machine, a bogus device pointer is refused by the C
library's own check)."""
import ctypes
import os
import subprocess
import sys

import pytest

import gpuprim
from gpuprim import _lib
from fakes import CaiArray


def test_import_needs_no_library_or_gpu():
    # a fresh interpreter, pointed at a library that does not exist: import still works; the first call
    # that needs the library says where it looked
    code = ("import gpuprim\n"
            "try:\n    gpuprim.prims()\nexcept gpuprim.LibraryNotFound as e:\n    print('NOTFOUND', e)\n")
    env = dict(os.environ, GPUPRIM_LIBRARY="/nonexistent/libgpuprim.so")
    r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert "NOTFOUND" in r.stdout and "/nonexistent/libgpuprim.so" in r.stdout and "GPUPRIM_LIBRARY" in r.stdout


def test_library_loads(clib):
    assert os.path.exists(gpuprim.library_path())


def test_prims_and_rungs_come_from_c(clib):
    prims = gpuprim.prims()
    assert prims[:9] == ["map", "reduce", "scan", "compact", "histogram", "transpose", "sgemm", "gemm", "sort"]
    for p in prims:
        rs = gpuprim.rungs(p)
        assert len(rs) == clib.gp_rung_count(prims.index(p)) >= 1
        for i, r in enumerate(rs, 1):
            assert r.number == i and r.name == clib.gp_rung_name(prims.index(p), i).decode()
            assert r.summary and r.min_cc >= 70 and isinstance(r.automatic, bool)
    assert gpuprim.rungs("map")[2].name == "float4"
    sg = gpuprim.rungs("sgemm")
    tuned = [r for r in sg if r.configs > 0]
    assert tuned and len(gpuprim.config_names("sgemm", tuned[0].number)) == tuned[0].configs


def test_rung_resolution(clib):
    assert _lib.resolve_rung("map", None) == 0
    assert _lib.resolve_rung("map", "auto") == 0
    assert _lib.resolve_rung("map", "float4") == 3
    assert _lib.resolve_rung("scan", 2) == 2
    with pytest.raises(ValueError, match="map has no rung named 'float8'; its rungs: naive, gridstride"):
        _lib.resolve_rung("map", "float8")
    with pytest.raises(ValueError, match="map has rungs 1..4"):
        _lib.resolve_rung("map", 99)
    with pytest.raises(TypeError, match="rung must be"):
        _lib.resolve_rung("map", 2.0)
    with pytest.raises(ValueError, match="unknown primitive 'nosuch'; this library has: map, reduce"):
        gpuprim.rungs("nosuch")


def test_rung_arguments_are_checked_before_the_gpu(fake, clib):
    from fakes import FakeArray
    with pytest.raises(ValueError, match="no rung named 'nope'"):
        gpuprim.inclusive_scan(FakeArray((8,), "int32"), rung="nope")
    gpuprim.inclusive_scan(FakeArray((8,), "int32"), rung="lookback")
    assert fake.last["rung"] == "lookback"


def test_config_is_checked_before_the_gpu(fake, clib):
    from fakes import FakeArray
    a, b = FakeArray((8, 8)), FakeArray((8, 8))
    with pytest.raises(ValueError, match="sgemm has tile configurations 0..5"):
        gpuprim.sgemm(a, b, config=6)
    with pytest.raises(TypeError, match="config must be an integer"):
        gpuprim.sgemm(a, b, config="big")
    with pytest.raises(ValueError, match="transpose has no tile configurations"):
        from gpuprim import _api
        _api._check_config("transpose", 0)
    assert fake.calls == []


def test_status_strings_come_from_c(clib):
    assert gpuprim.status_string(0) == "success"
    assert "device" in gpuprim.status_string(10)
    e = gpuprim.GpuprimError(4, gpuprim.status_string(4), "gp_scan_i32")
    assert e.status == 4 and e.name == "GP_ERROR_INVALID_VALUE"
    assert str(e) == "gp_scan_i32: invalid value (size, leading dimension, enum or range) [GP_ERROR_INVALID_VALUE]"
    assert isinstance(e, RuntimeError)


def _gpu_usable() -> bool:
    try:
        _lib.handle_for(0)
        return True
    except gpuprim.GpuprimError:
        return False


def test_bogus_pointer_reaches_the_c_library(clib):
    """A fake array whose pointer is host memory. Without a GPU: gp_create's GP_ERROR_NO_DEVICE, with a
    message that says a GPU is needed. With one: the C library's GP_ERROR_HOST_POINTER. (On the H100 machine
    this test once left Python's heap corrupted: the package's cudaPointerAttributes was 64 bytes too small.)"""
    host_x, host_out = (ctypes.c_float * 1000)(), ctypes.c_float()
    x = CaiArray((1000,), "<f4", ptr=ctypes.addressof(host_x))
    out = CaiArray((), "<f4", ptr=ctypes.addressof(host_out))
    with pytest.raises(gpuprim.GpuprimError) as ei:
        gpuprim.reduce_sum(x, out=out)
    e = ei.value
    if e.name == "GP_ERROR_NO_DEVICE":
        assert e.function == "gp_create"
        assert "no CUDA device available" in str(e) and "needs an NVIDIA GPU" in str(e)
        assert not _gpu_usable()
    else:
        assert e.name == "GP_ERROR_HOST_POINTER" and e.function == "gp_reduce_f32", str(e)


def test_no_device_error_from_every_entry_point(clib):
    if _gpu_usable():
        pytest.skip("a GPU is present: gp_create succeeds")
    for call in (lambda: gpuprim.last_rung("map", 0), lambda: gpuprim.rung_supported("map", 1, 0)):
        with pytest.raises(gpuprim.GpuprimError, match="GP_ERROR_NO_DEVICE"):
            call()
