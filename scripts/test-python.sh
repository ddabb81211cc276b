#!/usr/bin/env bash
# test-python.sh — the Python package's tests (python/tests) against the library in build/ (scripts/test.sh
# builds it and then calls this). The package is used from the checkout (PYTHONPATH=python) with
# GPUPRIM_LIBRARY=build/libgpuprim.so; one test also pip-installs ./python into a temporary folder. GPU tests
# (test_gpu_*.py) skip where torch/CuPy or a GPU is missing. Installs pytest if it is missing. Extra
# arguments go to pytest (e.g. -k scan, -x).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
BUILD_DIR=${BUILD_DIR:-build}
if ! "$PY" -m pytest --version >/dev/null 2>&1; then
  echo "test-python: installing pytest" >&2
  "$PY" -m pip install -q --disable-pip-version-check pytest >&2 ||
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-pytest >/dev/null; }
fi
export GPUPRIM_LIBRARY=${GPUPRIM_LIBRARY:-$PWD/$BUILD_DIR/libgpuprim.so}
export GPUPRIM_REQUIRE_LIBRARY=1   # a library that does not load fails the tests instead of skipping them
export PYTHONPATH=$PWD/python${PYTHONPATH:+:$PYTHONPATH}
rc=0
"$PY" -m pytest -q -p no:cacheprovider python/tests "$@" || rc=$?
if [ "$rc" -eq 5 ]; then   # pytest: no test collected (a -k that matches nothing); not a failure of the code
  echo "test-python: no Python test selected"
  rc=0
fi
exit "$rc"
