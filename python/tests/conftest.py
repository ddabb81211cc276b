"""Shared fixtures. CPU tests need no GPU; those that load libgpuprim.so skip without it unless
GPUPRIM_REQUIRE_LIBRARY=1 (CI sets it, so a missing library fails there instead of skipping)."""
import os

import pytest

import gpuprim
from gpuprim import _lib

import fakes


@pytest.fixture
def fake(monkeypatch):
    """Fake device arrays (FakeArray) and a recorder in place of the C call: yields the recorder."""
    kind, rec = fakes.install(monkeypatch)
    yield rec
    fakes.uninstall(kind)


@pytest.fixture(scope="session")
def clib():
    """The loaded libgpuprim.so (ctypes.CDLL)."""
    try:
        return _lib.library()
    except gpuprim.LibraryNotFound as e:
        if os.environ.get("GPUPRIM_REQUIRE_LIBRARY") == "1":
            raise
        pytest.skip(str(e))


@pytest.fixture(scope="session")
def header_text():
    here = os.path.dirname(os.path.abspath(__file__))
    path = os.path.join(here, "..", "..", "include", "gpuprim.h")
    if not os.path.exists(path):
        pytest.skip("include/gpuprim.h not found (tests run from a repository checkout)")
    with open(path) as f:
        return f.read()
