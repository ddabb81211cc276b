#!/usr/bin/env bash
# rows256.sh OUT — session 18: stream-k's 128x256 configuration with the 4-byte row loader for rows off 16 bytes.
# Builds, times every configuration of sgemm rung 12 forced (`gpuprim bench sgemm -r 12 -v`) at SHAPES against
# cublasSgemm in one process, runs test_gpu_sgemm (STEPS has "test") and memcheck of its rungs 11 and 12 ("san"),
# and the sgemm sweep ("sweep").
set -uo pipefail
OUT=${1:?usage: rows256.sh OUT}
mkdir -p "$OUT"
cd "$(dirname "$0")/../../.."
B=build-gpu; t0=$(date +%s)
STEPS=${STEPS:-build cfg test san}
has() { case " $STEPS " in *" $1 "*) return 0;; esac; return 1; }
if has build; then
  (cmake -S . -B $B -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90a >/dev/null &&
    cmake --build $B -j 16 --target gpuprim_cli test_gpu_sgemm) >"$OUT/build.log" 2>&1 || { tail -30 "$OUT/build.log"; exit 1; }
  echo "build $(( $(date +%s) - t0 )) s"
fi
if has cfg; then
  for s in ${SHAPES:-2049,2047,2051 1025,1025,1025 4097,4097,4097 2047,2049,1000 3001,1999,777}; do
    IFS=, read -r m n k <<<"$s"
    timeout 120 $B/gpuprim bench sgemm -r 12 -v --m "$m" --n "$n" --k "$k" >>"$OUT/cfg.txt" 2>&1
  done
  grep -E "^sgemm |vendor\)|cfg" "$OUT/cfg.txt" | grep -v "^\[" | cut -c1-110
fi
if has test; then
  timeout 150 $B/test_gpu_sgemm >"$OUT/test-sgemm.txt" 2>&1; echo "test_gpu_sgemm rc=$? $(tail -1 "$OUT/test-sgemm.txt")"
fi
if has sweep; then
  timeout 150 $B/gpuprim bench --sweep sgemm --json "$OUT/sweep-sgemm.json" >"$OUT/sweep-sgemm.txt" 2>&1
  python3 scripts/plot_sweep.py "$OUT/sweep-sgemm.json" "$OUT/sweep-sgemm.png" "$OUT/sweep-sgemm-summary.txt" >/dev/null 2>&1
  cat "$OUT/sweep-sgemm-summary.txt"
fi
if has san; then
  GP_TEST_SMALL=1 GP_TEST_RUNGS=11,12 timeout 170 compute-sanitizer --tool memcheck --error-exitcode 3 $B/test_gpu_sgemm \
    >"$OUT/memcheck-sgemm.txt" 2>&1
  echo "memcheck rc=$?"; tail -2 "$OUT/memcheck-sgemm.txt"
fi
echo "total $(( $(date +%s) - t0 )) s"
