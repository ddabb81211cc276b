#!/usr/bin/env bash
# ncu-r06.sh OUT — where rung 06's main loop loses to cublasLt at bf16 4096^3 / 8192^3 (issue 16; session 9 measured
# the tensor pipe at 85.6% of elapsed cycles against cuBLAS's 90.1%, not yet broken down). For each N in SIZES (default
# "4096 8192"): one call of `gpuprim bench gemm --op bf16 -r 6 --reps 1` under ncu (clocks left alone), every kernel
# of it profiled (ours, cublasLt's nvjet, the checks') with the tensor-pipe, issue-stall and shared-memory sections and
# the per-instruction warp-state samples of the SASS. OUT/r06-N.txt: the details page; OUT/r06-N-sass.csv: the source
# page of gp_hp_kernel. BIN: a folder with gpuprim and libgpuprim.so.0 (default build-gpu; carried builds work).
# What to read: sm__pipe_tensor_op_hmma_cycles_active / elapsed for both kernels; the stall reasons of the consumer
# warps (long scoreboard / barrier / wait on the full mbarrier vs "math pipe throttle"); smem bank conflicts of the
# epilogue; whether the time between tiles (epilogue) or within the k loop is lost.
set -uo pipefail
OUT=${1:?usage: ncu-r06.sh OUT}
mkdir -p "$OUT"
cd "$(dirname "$0")/../../.."
BIN=${BIN:-build-gpu}
case $BIN in /*) ;; *) BIN=$PWD/$BIN;; esac
export LD_LIBRARY_PATH=$BIN${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
for n in ${SIZES:-4096 8192}; do
  rep=/tmp/r06-$n
  # ours first (its first 2 launches), then cublasLt's chosen algorithm's kernels (the heuristic's candidates run first)
  timeout 200 ncu --clock-control none -k regex:"${KERNELS:-gp_hp_kernel}" --launch-count ${LAUNCHES:-2} \
    --section SpeedOfLight --section ComputeWorkloadAnalysis --section WarpStateStats --section SourceCounters \
    --section MemoryWorkloadAnalysis_Tables --section LaunchStats \
    --metrics sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_elapsed,sm__cycles_active.avg \
    -f -o $rep "$BIN/gpuprim" bench gemm --op bf16 -r 6 --reps 1 --m "$n" --n "$n" --k "$n" >"$OUT/r06-$n.log" 2>&1
  ncu --import $rep.ncu-rep --page details >"$OUT/r06-$n.txt" 2>&1
  ncu --import $rep.ncu-rep --page source --print-source sass --csv -k regex:gp_hp_kernel >"$OUT/r06-$n-sass.csv" 2>&1
  echo "== $n"; grep -E "^  [a-z_0-9:<> ,]+\(|Duration|hmma_cycles_active|Issue Slots Busy|Warp Cycles Per Issued" \
    "$OUT/r06-$n.txt" | head -40
done
