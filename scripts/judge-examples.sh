#!/usr/bin/env bash
# judge-examples.sh OUTDIR — `gpuprim judge` on every example under examples/judge/ on this machine's GPU:
# each verdict's text (NAME.txt: tests, timing, the ladder with the example's row, kernels) and JSON (NAME.json)
# in OUTDIR, and summary.txt with each example's problem and exit code (0 passed, 1 failed: expected for
# vector_add_no_tail and vector_add_oob). Uses the build in $BUILD_DIR (default build-gpu, else build; built
# by scripts/gpu-check.sh or scripts/test.sh first). Exits non-zero if an example's outcome is not the expected one.
set -uo pipefail
OUT=${1:?usage: scripts/judge-examples.sh OUTDIR}
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-$([ -x build-gpu/gpuprim ] && echo build-gpu || echo build)}
GPUPRIM=$BUILD_DIR/gpuprim
[ -x "$GPUPRIM" ] || { echo "judge-examples: no $GPUPRIM; build first (scripts/test.sh)" >&2; exit 1; }
mkdir -p "$OUT"
problems="vector_add reduction prefix_sum histogramming matrix_transpose matrix_multiplication stream_compaction sorting convolution_2d gemm"
status=0
: >"$OUT/summary.txt"
for f in examples/judge/*.cu; do
  name=$(basename "$f" .cu)
  problem=
  for p in $problems; do case "$name" in "$p"_*) problem=$p;; esac; done
  [ -n "$problem" ] || { echo "$name: no problem matches its name" | tee -a "$OUT/summary.txt"; status=1; continue; }
  expect=0
  case "$name" in vector_add_no_tail|vector_add_oob) expect=1;; esac
  echo "== gpuprim judge $f --problem $problem --seed 7" | tee "$OUT/$name.txt"
  "$GPUPRIM" judge "$f" --problem "$problem" --seed 7 --json "$OUT/$name.json" >>"$OUT/$name.txt" 2>&1
  rc=$?
  verdict=$(grep -E "^judge: " "$OUT/$name.txt" | tail -1)
  echo "$name ($problem): exit $rc (expected $expect) $verdict" | tee -a "$OUT/summary.txt"
  [ "$rc" = "$expect" ] || status=1
done
exit $status
