#!/usr/bin/env bash
# streamk-clocks.sh OUT — session 18, call 8: SM clock and power while rung 06's configurations run back to back, with
# the stream-k patch applied in a copy of the tree (as for streamk-ncu.sh; this script was run from inside that copy,
# exp-sk/): nvidia-smi samples every 20 ms, each bench row's start time from its progress line on stderr. A row's
# window also holds the vendor's alternating runs, and the last row's its idle tail: read the medians with that in mind.
set -uo pipefail
OUT=$1; mkdir -p $OUT; t0=$(date +%s)
cd "$(dirname "$0")"
(cmake -S . -B b -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90a >/dev/null && cmake --build b -j 16 --target gpuprim_cli) > $OUT/build.log 2>&1 || { tail -20 $OUT/build.log; exit 1; }
echo "build $(( $(date +%s) - t0 )) s"
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu --format=csv,noheader -lms 20 > $OUT/smi.csv 2>&1 &
SMI=$!
for s in 8192 4096; do
  b/gpuprim bench gemm -r 6 -v --reps 300 --m $s --n $s --k $s 2>&1 >$OUT/bench-$s.txt | while IFS= read -r l; do echo "$(date +%H:%M:%S.%N | cut -c1-12) $l"; done > $OUT/rows-$s.txt
done
kill $SMI
echo "total $(( $(date +%s) - t0 )) s"
