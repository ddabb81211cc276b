#!/usr/bin/env bash
# compact-probe.sh OUTDIR — builds scripts/experiments/compact_probe.cu in its variants (PROBES="name:flags,..."
# space-separated) and runs each twice on the local GPU; output in OUTDIR/probe.txt.
set -uo pipefail
OUT=${1:?usage: compact-probe.sh OUTDIR}; mkdir -p "$OUT"
cd "$(dirname "$0")/../.."
PROBES=${PROBES:-"base: trace:-DPROBE_TRACE nolb:-DPROBE_NO_LOOKBACK lb1:-DPROBE_LB"}
mkdir -p build-probe
for v in $PROBES; do
  name=${v%%:*}; flags=${v#*:}; flags=${flags//,/ }
  nvcc -O3 -std=c++17 -arch=sm_90a -I include -I src $flags scripts/experiments/compact_probe.cu -o build-probe/$name \
    >"$OUT/build-$name.log" 2>&1 &
done
wait
for round in 1 2; do
  for v in $PROBES; do
    name=${v%%:*}
    echo "=== $name (${v#*:}) round $round" | tee -a "$OUT/probe.txt"
    ./build-probe/$name 2>&1 | tee -a "$OUT/probe.txt"
  done
done
