#!/usr/bin/env bash
# s23-call.sh NAME STEP... — session 23's device calls (carried binaries in prebuilt/*.tar.xz, unpacked into /tmp/k):
# test (test_gpu_gemm of VER, rungs 0,6,7), cfg (every rung and configuration of base at CFG_SHAPES), ab (ab-lib.sh of
# VERSIONS), mem / race (compute-sanitizer of VER's test_gpu_gemm, SAN_RUNGS), ncu (tensor pipe, cycles, L2 and DRAM
# rates of our kernels and cublasLt's at NCU_SHAPES, bf16), sweep (gpu-check.sh's gemm sweep), ladder (its gemm bench
# and sweep). Everything in
# $OUT/NAME.tgz.
set -uo pipefail
NAME=$1; shift
O=$OUT/$NAME; mkdir -p "$O" /tmp/k
for f in prebuilt/*.tar.xz; do xz -dc "$f" | tar -xf - -C /tmp/k; done
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv >"$O/smi.txt"
V=${VER:-defer}
for step in "$@"; do
  t0=$(date +%s)
  case $step in
  test) GP_TEST_RUNGS=${RUNGS:-0,6,7} timeout 240 /tmp/k/$V/test_gpu_gemm >"$O/test-$V.txt" 2>&1; echo "test rc=$?"; tail -1 "$O/test-$V.txt" ;;
  cfg) for s in ${CFG_SHAPES:-8192,128,8192}; do IFS=, read -r m n k <<<"$s"
         LD_LIBRARY_PATH=/tmp/k/${CFG_VER:-base} timeout 120 /tmp/k/${CFG_VER:-base}/gpuprim bench gemm --m "$m" --n "$n" --k "$k" --op bf16 -v \
           -r "${CFG_RUNGS:-all}" >"$O/cfg-$m-$n-$k.txt" 2>&1; done ;;
  ab) LIBS=/tmp/k VERSIONS="${VERSIONS:-base defer}" OPS="${OPS:-bf16 f16}" ROUNDS=${ROUNDS:-3} scripts/experiments/gemm_hopper/ab-lib.sh "$O/ab" >/dev/null 2>&1 ;;
  mem|race) tool=memcheck; sm=1; [ $step = race ] && { tool=racecheck; sm=2; }
     for r in ${SAN_RUNGS:-6}; do GP_TEST_RUNGS=$r GP_TEST_SMALL=$sm timeout ${SAN_TIMEOUT:-200} compute-sanitizer --tool $tool --error-exitcode 3 \
       /tmp/k/$V/test_gpu_gemm >"$O/$tool-$V-r$r.txt" 2>&1; echo "$tool r$r rc=$?"; tail -2 "$O/$tool-$V-r$r.txt"; done ;;
  ncu) for s in ${NCU_SHAPES:-4096,4096,4096}; do IFS=, read -r m n k <<<"$s"
       LD_LIBRARY_PATH=/tmp/k/$V timeout 240 ncu --clock-control none -k regex:"gp_hp_kernel|gp_hp_splitk|gp_gemm_r04|nvjet" \
         --launch-count ${NCU_LAUNCHES:-60} --metrics sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_elapsed,\
sm__cycles_active.avg,sm__cycles_elapsed.avg,gpu__time_duration.sum,smsp__cycles_active.avg.pct_of_peak_sustained_elapsed,\
lts__t_bytes.sum.per_second,dram__bytes.sum.per_second,sm__throughput.avg.pct_of_peak_sustained_elapsed \
         /tmp/k/$V/gpuprim bench gemm --op bf16 -r auto --reps 1 --m "$m" --n "$n" --k "$k" >"$O/ncu-$m-$n-$k.txt" 2>&1; done ;;
  ladder) LD_LIBRARY_PATH=/tmp/k/$V BUILD_DIR=/tmp/k/$V STEPS="bench sweep" PRIMS=gemm SWEEP_PRIMS=gemm scripts/gpu-check.sh "$O/g" >/dev/null 2>&1
       cat "$O/g/sweep-summary.txt" ;;
  sweep) LD_LIBRARY_PATH=/tmp/k/$V BUILD_DIR=/tmp/k/$V STEPS=sweep SWEEP_PRIMS=gemm scripts/gpu-check.sh "$O/sweep" >/dev/null 2>&1
       cat "$O/sweep/sweep-summary.txt" ;;
  esac
  echo "step $step: $(( $(date +%s) - t0 )) s"
done
tar czf "$OUT/$NAME.tgz" -C "$OUT" "$NAME"
