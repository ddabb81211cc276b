#!/usr/bin/env bash
# bench.sh — build and run the ladder benchmark on the local GPU (all primitives; extra arguments go to
# `gpuprim bench`, e.g. `scripts/bench.sh map --n 2^26`). Fails with a clear message where there is no GPU.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
exec "${BUILD_DIR:-build}/gpuprim" bench "$@"
