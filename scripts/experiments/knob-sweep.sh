#!/usr/bin/env bash
# knob-sweep.sh OUTDIR — one rung under compile-time knobs on the H100: one build per variant
# (-DCMAKE_CUDA_FLAGS), each benchmarked next to the vendor baseline in the same process, two rounds.
# VARIANTS: space-separated name=flags (flags comma-separated), e.g. "base= bps2=-DR6_BPS=2".
# BENCH: the bench commands run for every variant, ';'-separated (default: scan rung 6 and rung 5).
# TEST: a test binary run on the first variant's build before the benches (default test_gpu_scan).
set -uo pipefail
OUT=${1:?usage: knob-sweep.sh OUTDIR}; mkdir -p "$OUT"
cd "$(dirname "$0")/../.."
VARIANTS=${VARIANTS:-"base="}
BENCH=${BENCH:-"scan --rung 6;scan --rung 5"}
TEST=${TEST-test_gpu_scan}
first=${VARIANTS%% *}; first=${first%%=*}
for v in $VARIANTS; do
  name=${v%%=*}; flags=${v#*=}; flags=${flags//,/ }
  targets=gpuprim_cli; [ "$name" = "$first" ] && [ -n "$TEST" ] && targets="gpuprim_cli $TEST"
  ( cmake -S . -B build-k-$name -G Ninja -DCMAKE_BUILD_TYPE=Release "-DCMAKE_CUDA_FLAGS=$flags" >/dev/null &&
    cmake --build build-k-$name -j 6 --target $targets ) >"$OUT/build-$name.log" 2>&1 &
done
wait
for v in $VARIANTS; do name=${v%%=*}; [ -x build-k-$name/gpuprim ] || { echo "BUILD FAILED: $name"; tail -20 "$OUT/build-$name.log"; }; done
if [ -n "$TEST" ]; then
  timeout 300 build-k-$first/$TEST >"$OUT/test-$first.txt" 2>&1; echo "$TEST on $first: rc=$?"; tail -5 "$OUT/test-$first.txt"
fi
for round in 1 2; do
for v in $VARIANTS; do
  name=${v%%=*}
  [ -x build-k-$name/gpuprim ] || continue
  echo "=== $name (${v#*=}) round $round" >>"$OUT/knobs.txt"
  IFS=';' read -ra cmds <<<"$BENCH"
  for c in "${cmds[@]}"; do build-k-$name/gpuprim bench $c --reps ${REPS:-100} 2>&1 | grep -v '^\[bench\]' >>"$OUT/knobs.txt"; done
done
done
grep -E "^===|vendor|^  0[0-9] " "$OUT/knobs.txt" | grep -v variant
[ -n "$TEST" ] && { echo "$TEST on $first:"; tail -3 "$OUT/test-$first.txt"; }
