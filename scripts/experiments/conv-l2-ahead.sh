#!/usr/bin/env bash
# conv-l2-ahead.sh OUTDIR — conv2d rung 04 with the L2 prefetch of a later tile's rows (knob GP_CONV_L2_AHEAD in
# src/conv2d/04_register_tile.cu, off in the library): builds the gpuprim command for sm_90a with the knob at 0
# (the library), 264 and 528 tiles ahead (about 1 and 2 waves at 2 blocks per SM on 132 SMs), in parallel; then,
# one at a time, `gpuprim bench conv2d` (3x3 and 5x5 on 8192^2 against the copy rate and cuDNN, every row
# verified) and test_gpu_conv2d (GP_TEST_SMALL) per variant. OUTDIR/summary.txt: the rung-04 rows per variant.
set -uo pipefail
OUT=${1:?usage: conv-l2-ahead.sh OUTDIR}; mkdir -p "$OUT"
cd "$(dirname "$0")/../.."
VARIANTS=${VARIANTS:-0 264 528}
for a in $VARIANTS; do
  ( CUDAARCHS=90a cmake -S . -B build-conv-$a -G Ninja -DCMAKE_BUILD_TYPE=Release "-DCMAKE_CUDA_FLAGS=-DGP_CONV_L2_AHEAD=$a" >/dev/null &&
    cmake --build build-conv-$a -j 5 --target gpuprim_cli test_gpu_conv2d ) >"$OUT/build-$a.log" 2>&1 &
done
wait
: >"$OUT/summary.txt"
for a in $VARIANTS; do
  B=build-conv-$a
  [ -x $B/gpuprim ] || { echo "ahead $a: BUILD FAILED" | tee -a "$OUT/summary.txt"; tail -20 "$OUT/build-$a.log"; continue; }
  timeout 150 $B/gpuprim bench conv2d >"$OUT/bench-$a.txt" 2>&1
  GP_TEST_SMALL=1 timeout 200 $B/test_gpu_conv2d >"$OUT/test-$a.txt" 2>&1; t=$?
  { echo "== GP_CONV_L2_AHEAD=$a: test_gpu_conv2d small exit $t"
    grep -E "^conv2d|vendor\)|^  04 |^  auto" "$OUT/bench-$a.txt"; } >>"$OUT/summary.txt"
done
cat "$OUT/summary.txt"
