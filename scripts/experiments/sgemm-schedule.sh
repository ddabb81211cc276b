#!/usr/bin/env bash
# sgemm-schedule.sh OUTDIR — the rung-10 regression of session 8 (0.945x / 0.952x cuBLAS at 4096^3 / 8192^3,
# 0.975x / 1.000x before): builds the gpuprim command four ways (CUDAARCHS=90a, in parallel) — as the library
# is, GP_SG_EDGE_NOINLINE=1 (the loaders' edge paths out of line), GP_SG_BATCH_FLAG=1 (no per-matrix offsets
# in one-matrix calls), both — then, one at a time, `gpuprim bench sgemm --rung 10` at the four bench shapes
# (cuBLAS timed in each run) and test_gpu_sgemm (GP_TEST_SMALL) of each variant. OUTDIR/summary.txt: the rung-10
# and cuBLAS rows per variant. The knobs are in src/sgemm/sgemm_async.cuh; the default build is knob 0 / 0.
set -uo pipefail
OUT=${1:?usage: sgemm-schedule.sh OUTDIR}; mkdir -p "$OUT"
cd "$(dirname "$0")/../.."
declare -A FLAGS=([base]="" [noinline]="-DGP_SG_EDGE_NOINLINE=1" [batchflag]="-DGP_SG_BATCH_FLAG=1"
                  [both]="-DGP_SG_EDGE_NOINLINE=1 -DGP_SG_BATCH_FLAG=1")
for v in base noinline batchflag both; do
  ( CUDAARCHS=90a cmake -S . -B build-sg-$v -G Ninja -DCMAKE_BUILD_TYPE=Release "-DCMAKE_CUDA_FLAGS=${FLAGS[$v]}" >/dev/null &&
    cmake --build build-sg-$v -j 4 --target gpuprim_cli test_gpu_sgemm ) >"$OUT/build-$v.log" 2>&1 &
done
wait
: >"$OUT/summary.txt"
for v in base noinline batchflag both; do
  GP=build-sg-$v/gpuprim
  [ -x $GP ] || { echo "$v: BUILD FAILED" | tee -a "$OUT/summary.txt"; tail -20 "$OUT/build-$v.log"; continue; }
  timeout 120 $GP bench sgemm --rung 10 >"$OUT/bench-$v.txt" 2>&1
  GP_TEST_SMALL=1 timeout 200 build-sg-$v/test_gpu_sgemm >"$OUT/test-$v.txt" 2>&1; t=$?
  { echo "== $v (${FLAGS[$v]:-defaults}): test_gpu_sgemm small exit $t"
    grep -E "^sgemm|vendor\)|^  10 " "$OUT/bench-$v.txt"; } >>"$OUT/summary.txt"
done
cat "$OUT/summary.txt"
