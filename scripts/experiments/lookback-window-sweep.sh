#!/usr/bin/env bash
# lookback-window-sweep.sh OUTDIR — the look-back window width on the H100: one build per GP_LB_PER_LANE
# (status words per lane per step; window = 32x), each timing scan rungs 05/06 (every rung-06 configuration)
# and compaction rung 02 next to CUB; then the scan and compaction GPU tests on the default build.
set -uo pipefail
OUT=${1:?usage: lookback-window-sweep.sh OUTDIR}; mkdir -p "$OUT"
cd "$(dirname "$0")/../.."
VS=${VS:-1 2 4 8}
for v in $VS; do
  ( cmake -S . -B build-lb$v -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_FLAGS=-DGP_LB_PER_LANE=$v >/dev/null &&
    cmake --build build-lb$v -j 4 --target gpuprim_cli ) >"$OUT/build-lb$v.log" 2>&1 &
done
( cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null && cmake --build build-gpu -j 4 --target test_gpu_scan test_gpu_compact ) >"$OUT/build.log" 2>&1 &
wait
for v in $VS; do
  GP=build-lb$v/gpuprim
  { echo "=== GP_LB_PER_LANE=$v (window $((32*v)) tiles)"
    $GP bench scan --rung 5 --reps ${REPS:-100}
    $GP bench scan --rung 6 -v --reps ${REPS:-100}
    $GP bench compact --rung 2 --reps ${REPS:-100}; } 2>&1 | grep -v '^\[bench\]' >>"$OUT/sweep.txt"
done
env ${SMALL:+GP_TEST_SMALL=1} timeout 300 build-gpu/test_gpu_scan >"$OUT/test-scan.txt" 2>&1; echo "rc=$?" >>"$OUT/test-scan.txt"
env ${SMALL:+GP_TEST_SMALL=1} timeout 200 build-gpu/test_gpu_compact >"$OUT/test-compact.txt" 2>&1; echo "rc=$?" >>"$OUT/test-compact.txt"
grep -E "===|vendor|lookback|pipelined|cfg" "$OUT/sweep.txt"; tail -2 "$OUT/test-scan.txt" "$OUT/test-compact.txt"
