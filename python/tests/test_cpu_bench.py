"""bench.py parses its arguments without a GPU, and without torch/CuPy and a GPU says so (exit 3)."""
import importlib.util
import os
import subprocess
import sys

import pytest

BENCH = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bench.py")


def test_help():
    r = subprocess.run([sys.executable, BENCH, "--help"], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and "--lib" in r.stdout and "--quick" in r.stdout, r.stderr


@pytest.mark.skipif(importlib.util.find_spec("torch") is not None or importlib.util.find_spec("cupy") is not None,
                    reason="torch or CuPy is installed: bench.py would run")
@pytest.mark.parametrize("lib", ["torch", "cupy"])
def test_without_an_array_library(lib):
    r = subprocess.run([sys.executable, BENCH, "--lib", lib], capture_output=True, text=True, timeout=60)
    assert r.returncode == 3 and f"bench.py: needs {lib} with a usable GPU" in r.stderr, r.stdout + r.stderr
