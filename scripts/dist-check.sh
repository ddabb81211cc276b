#!/usr/bin/env bash
# dist-check.sh OUTDIR — gpuprim_dist on a machine with 2 GPUs (or more: the first 2 are used): builds the
# library with NCCL, runs the dist tests (the CPU ones and tests/test_gpu_dist.c on 2 GPUs) and the bench
# (bench/dist/dist_bench.cu: NCCL send/recv bandwidth, the sort's local work vs exchange, strong scaling from
# 1 to 2 GPUs, capacity). NVLink multicast stays off: NCCL_NVLS_ENABLE=0 for every program started here.
# Writes 3 files into OUTDIR: check.log (nvidia-smi, topology, build and test output), bench.txt, bench.json.
# Environment: BENCH_ARGS (e.g. "--n 2^30 --reps 3"; default: 2^31 keys, 5 repetitions), BUILD_DIR (build-gpu),
# CMAKE_ARGS (extra configure options, e.g. -DCMAKE_CUDA_ARCHITECTURES=90a).
set -uo pipefail
OUT=${1:?usage: scripts/dist-check.sh OUTDIR}
mkdir -p "$OUT"
cd "$(dirname "$0")/.."
export NCCL_NVLS_ENABLE=0
BUILD_DIR=${BUILD_DIR:-build-gpu}
LOG="$OUT/check.log"
: >"$LOG"
say() { echo "== $*" | tee -a "$LOG"; }
status=0
{ nvidia-smi; nvidia-smi topo -m; nvcc --version | tail -1; echo "NCCL_NVLS_ENABLE=$NCCL_NVLS_ENABLE"; } >>"$LOG" 2>&1
# NCCL: the toolkit's, NCCL_HOME's, or else the one pip installed with PyTorch (nvidia-nccl-*: include/nccl.h and
# lib/libnccl.so.2, which has no unversioned name for find_library, so both paths are given to CMake).
nccl_args=""
if [ -z "${NCCL_HOME:-}" ] && [ ! -e "$(dirname "$(command -v nvcc)")/../include/nccl.h" ]; then
  pipnccl=$(python3 -c 'import nvidia.nccl as m; print(list(m.__path__)[0])' 2>/dev/null || true)
  lib=$(ls "$pipnccl"/lib/libnccl.so* 2>/dev/null | head -1)
  if [ -n "$pipnccl" ] && [ -e "$pipnccl/include/nccl.h" ] && [ -n "$lib" ]; then
    nccl_args="-DGPUPRIM_NCCL_INCLUDE_DIR=$pipnccl/include -DGPUPRIM_NCCL_LIBRARY=$lib"
    echo "NCCL from pip: $pipnccl ($lib)" >>"$LOG"
  fi
fi
say "build (gpuprim_dist, its tests and bench)"
# shellcheck disable=SC2086
if ! (cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release -DGPUPRIM_DIST=ON $nccl_args ${CMAKE_ARGS:-} &&
      cmake --build "$BUILD_DIR" -j "$(nproc)" --target gpuprim_dist test_dist_plan test_dist_mock test_gpu_dist test_gpu_dist_merge \
        gpuprim_dist_bench) >>"$LOG" 2>&1; then
  say "BUILD FAILED"; tail -40 "$LOG"; exit 1
fi
say "tests (ctest -R dist)"
ctest --test-dir "$BUILD_DIR" -R dist --output-on-failure --timeout 560 >>"$LOG" 2>&1 || { status=1; say "TESTS FAILED"; }
cat "$BUILD_DIR"/Testing/Temporary/LastTest.log >>"$LOG" 2>/dev/null
grep -E "tests passed|tests failed|Passed|Failed|Skipped|\*\*\*" "$LOG" | tail -12
# a skipped test_gpu_dist on a machine that should have 2 GPUs is a failure of this check
if grep -q "test_gpu_dist .*Skipped" "$LOG"; then status=1; say "test_gpu_dist was SKIPPED (fewer than 2 GPUs?)"; fi
say "bench"
# shellcheck disable=SC2086
"$BUILD_DIR"/gpuprim_dist_bench ${BENCH_ARGS:-} --json "$OUT/bench.json" >"$OUT/bench.txt" 2>>"$LOG" ||
  { status=1; say "BENCH FAILED (or a sort did not verify)"; }
cat "$OUT/bench.txt"
say "done: $OUT (status $status)"
exit $status
