#!/usr/bin/env bash
# ncu-r04.sh OUT — where rung 04's time goes at small shapes (session 17): builds the library and host_cost.cu, then
# ncu (caches flushed, clocks left alone) on the third of three calls of bf16 N^3 with rung 04's configuration CFG,
# for each "N,CFG" in CASES (default "256,0 256,1 1000,0 1000,1"): the details page and the SASS source page (CSV,
# warp-state samples per instruction) in OUT/r04-N-CFG.txt.
set -uo pipefail
OUT=${1:?usage: ncu-r04.sh OUT}
mkdir -p "$OUT"
cd "$(dirname "$0")/../../.."
t0=$(date +%s)
if [ "${BUILD:-1}" = 1 ]; then
  (cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90a >/dev/null &&
    cmake --build build-gpu -j 16 --target gpuprim_cli) >"$OUT/build.log" 2>&1 || { tail -20 "$OUT/build.log"; exit 1; }
fi
nvcc -O2 -arch=sm_90a -I include scripts/experiments/gemm_hopper/host_cost.cu -L build-gpu -lgpuprim -lcuda \
  -o build-gpu/host_cost || exit 1
echo "build $(( $(date +%s) - t0 )) s"
export LD_LIBRARY_PATH=$PWD/build-gpu
for c in ${CASES:-256,0 256,1 1000,0 1000,1}; do
  IFS=, read -r n cfg <<<"$c"
  rep=/tmp/r04-$n-$cfg
  timeout 120 ncu --clock-control none --cache-control all -k regex:gp_gemm_r04 --launch-skip 2 --launch-count 1 \
    --section SpeedOfLight --section MemoryWorkloadAnalysis --section MemoryWorkloadAnalysis_Tables \
    --section WarpStateStats --section SourceCounters --section LaunchStats -f -o $rep build-gpu/host_cost "$n" "$cfg" 3 \
    >/dev/null 2>&1
  { ncu --import $rep.ncu-rep --page details; echo "== SASS"; ncu --import $rep.ncu-rep --page source --print-source sass --csv; } \
    >"$OUT/r04-$n-$cfg.txt" 2>&1
  echo "$n cfg $cfg: $(grep -m1 'Duration' "$OUT/r04-$n-$cfg.txt")"
done
echo "total $(( $(date +%s) - t0 )) s"
