#!/usr/bin/env bash
# ab.sh OUT — the sgemm sweep of this tree against an older library, in one device call: here, first
#   rm -rf exp-head && mkdir exp-head && git archive REV | tar -x -C exp-head && rm -rf exp-head/results
# (untracked, so it travels with the working tree); on the device both build (in parallel), then their sweeps run
# alternately, ROUNDS times (default 2). Everything in OUT/ab.tgz (new-N.json, head-N.json).
set -uo pipefail
OUT=${1:?usage: ab.sh OUT}
cd "$(dirname "$0")/../../.."
[ -d exp-head ] || { echo "no exp-head/: see the header"; exit 2; }
D=$OUT/ab; mkdir -p $D; t0=$(date +%s)
(cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90a >/dev/null && cmake --build build-gpu -j 10 --target gpuprim_cli) > $D/build.txt 2>&1 &
(cd exp-head && cmake -S . -B build-h -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90a >/dev/null && cmake --build build-h -j 6 --target gpuprim_cli) > $D/build-head.txt 2>&1 &
wait; echo "builds $(( $(date +%s)-t0 ))s"
for r in $(seq 1 ${ROUNDS:-2}); do
  build-gpu/gpuprim bench --sweep sgemm --json $D/new-$r.json > $D/new-$r.txt 2>&1
  exp-head/build-h/gpuprim bench --sweep sgemm --json $D/head-$r.json > $D/head-$r.txt 2>&1
done
echo "sweeps $(( $(date +%s)-t0 ))s"
tar czf $OUT/ab.tgz -C $OUT ab && rm -rf $D
