#!/usr/bin/env bash
# sgemm-pipe-sweep.sh OUTDIR — rung 10 tile-configuration sweep (every configuration, `bench sgemm -v`) at the
# issue's shapes, the sgemm GPU test, ncu warp-stall details of rung 10's pick vs cuBLAS at 4096^3, and the
# scan rung 05 with its look-back compiled out (LB_EXPERIMENT_NO_LOOKBACK: the tile I/O alone, wrong sums).
set -uo pipefail
OUT=${1:?usage: sgemm-pipe-sweep.sh OUTDIR}; mkdir -p "$OUT"
cd "$(dirname "$0")/../.."
B=build-gpu
( cmake -S . -B $B -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null && cmake --build $B -j 16 ) >"$OUT/build.log" 2>&1 || { tail -30 "$OUT/build.log"; exit 1; }
( cmake -S . -B build-nolb -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_FLAGS=-DLB_EXPERIMENT_NO_LOOKBACK >/dev/null &&
  cmake --build build-nolb -j 8 --target gpuprim_cli ) >"$OUT/build-nolb.log" 2>&1 &
NOLB=$!
GP=$B/gpuprim
{ $GP bench sgemm --m 4096 --n 4096 --k 4096 --rung 10 -v
  $GP bench sgemm --m 8192 --n 8192 --k 8192 --rung 10 -v
  $GP bench sgemm --m 1024 --n 1024 --k 1024 --rung 10 -v
  $GP bench sgemm --m 32768 --n 256 --k 4096 --rung 10 -v; } >"$OUT/sweep.txt" 2>&1
env ${SMALL:+GP_TEST_SMALL=1} timeout 300 $B/test_gpu_sgemm >"$OUT/test-sgemm.txt" 2>&1; echo "test_gpu_sgemm rc=$?" >>"$OUT/test-sgemm.txt"
ncu --clock-control none --section WarpStateStats --section SchedulerStats --print-details all \
  --metrics smsp__inst_executed.sum,smsp__inst_executed_pipe_fma.sum,sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_active \
  -k regex:'gemm|gp_sg' -c 2 --launch-skip 0 $GP bench sgemm --m 4096 --n 4096 --k 4096 --rung 10 --reps 1 >"$OUT/ncu-stalls.txt" 2>&1
wait $NOLB
{ echo "== scan rung 05 WITHOUT look-back (measurement only; sums are wrong, so the check column fails)"
  build-nolb/gpuprim bench scan --rung 5 --reps 100
  echo "== scan rung 05 as built"
  $GP bench scan --rung 5 --reps 100; } >"$OUT/scan-nolb.txt" 2>&1
tail -3 "$OUT/test-sgemm.txt"; grep -E "vendor|cfg|10 tuned" "$OUT/sweep.txt"; grep -E "vendor|05 look|WITHOUT" "$OUT/scan-nolb.txt"
