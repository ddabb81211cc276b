#!/usr/bin/env bash
# lookback-knobs.sh OUTDIR — scan rung 05 and compaction rung 02 under look-back / occupancy knobs on the
# H100, one build per variant (-DCMAKE_CUDA_FLAGS), each timed next to CUB in the same process.
# VARIANTS: space-separated name=flags (flags comma-separated), e.g. "base= sleep100=-DGP_LB_SLEEP_NS=100".
set -uo pipefail
OUT=${1:?usage: lookback-knobs.sh OUTDIR}; mkdir -p "$OUT"
cd "$(dirname "$0")/../.."
VARIANTS=${VARIANTS:-"base= sleep100=-DGP_LB_SLEEP_NS=100 sleep400=-DGP_LB_SLEEP_NS=400 minb11=-DLB_MIN_BLOCKS=11 minb11sleep100=-DLB_MIN_BLOCKS=11,-DGP_LB_SLEEP_NS=100"}
for v in $VARIANTS; do
  name=${v%%=*}; flags=${v#*=}; flags=${flags//,/ }
  ( cmake -S . -B build-k-$name -G Ninja -DCMAKE_BUILD_TYPE=Release "-DCMAKE_CUDA_FLAGS=$flags" >/dev/null &&
    cmake --build build-k-$name -j 4 --target gpuprim_cli ) >"$OUT/build-$name.log" 2>&1 &
done
wait
for round in 1 2; do
for v in $VARIANTS; do
  name=${v%%=*}
  { echo "=== $name (${v#*=}) round $round"
    build-k-$name/gpuprim bench scan --rung 5 --reps ${REPS:-100}
    build-k-$name/gpuprim bench compact --rung 2 --reps ${REPS:-100}; } 2>&1 | grep -v '^\[bench\]' >>"$OUT/knobs.txt"
done
done
grep -E "===|vendor|05 look|02 look" "$OUT/knobs.txt" | grep -v variant
