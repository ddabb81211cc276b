#!/usr/bin/env bash
# test.sh — build and run the whole test suite. GPU tests are skipped (exit 77) where no CUDA device exists.
# Then the Python package's tests (scripts/test-python.sh; its GPU tests skip without torch/CuPy and a GPU).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
ctest --test-dir "${BUILD_DIR:-build}" --output-on-failure -j "$(nproc)"
./scripts/test-python.sh
