#!/usr/bin/env bash
# profile-gaps.sh OUTDIR — the counters behind the open gaps to the vendor libraries: sgemm rung 10 vs
# cublasSgemm (instruction mix, FMA-pipe use, issue stalls, SM clock under load) and the look-back scan /
# compaction vs CUB (DRAM throughput, stalls). ncu --clock-control none; clocks are never changed.
set -uo pipefail
OUT=${1:?usage: profile-gaps.sh OUTDIR}; mkdir -p "$OUT"
cd "$(dirname "$0")/../.."
B=${BUILD_DIR:-build-gpu}
(cmake -S . -B $B -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null && cmake --build $B -j 16 --target gpuprim_cli) >"$OUT/build.log" 2>&1 || { tail -30 "$OUT/build.log"; exit 1; }
GP=$B/gpuprim
# SM clock and power while each sgemm runs for ~1 s (sampled every 20 ms)
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,power.draw,temperature.gpu,clocks_event_reasons.active --format=csv -lms 20 >"$OUT/smi.csv" 2>&1 &
SMI=$!
sleep 0.5
$GP bench sgemm --m 4096 --n 4096 --k 4096 --rung 10 --reps 400 >"$OUT/sgemm-clock-bench.txt" 2>&1
sleep 0.3; kill $SMI
S="--section SpeedOfLight --section ComputeWorkloadAnalysis --section SchedulerStats --section WarpStateStats --section LaunchStats --section Occupancy --section InstructionStats --section MemoryWorkloadAnalysis"
M="--metrics sm__cycles_elapsed.avg.per_second,smsp__inst_executed_pipe_fma.sum,smsp__inst_executed.sum,sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_active,smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_ldgsts.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,dram__bytes_read.sum,dram__bytes_write.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed"
ncu --clock-control none $S $M -k regex:'gemm|gp_sg' -c 6 -o "$OUT/sgemm" $GP bench sgemm --m 4096 --n 4096 --k 4096 --rung 10 --reps 1 >"$OUT/ncu-sgemm.log" 2>&1
ncu -i "$OUT/sgemm.ncu-rep" --print-summary none >"$OUT/ncu-sgemm.txt" 2>&1
# the SASS of the profiled kernels with per-instruction execution counts (cuBLAS's inner loop included)
ncu -i "$OUT/sgemm.ncu-rep" --page source --print-source sass --csv >"$OUT/sgemm-sass.csv" 2>&1
rm -f "$OUT/sgemm.ncu-rep"
{ ncu --clock-control none $S $M -k regex:'DeviceScanKernel|lookback_scan' -c 6 $GP bench scan --n 2^28 --rung 5 --reps 1
  ncu --clock-control none $S $M -k regex:'DeviceSelectSweep|DeviceCompact|select_lookback' -c 6 $GP bench compact --n 2^28 --rung 2 --reps 1
} >"$OUT/ncu-scan-compact.txt" 2>&1
gzip -9 "$OUT/sgemm-sass.csv"
ls -la "$OUT"
