#!/usr/bin/env bash
# ncu-gemm.sh OUTDIR — tensor-pipe utilisation of the library's automatic bf16 gemm next to cuBLAS's kernel
# (the one PyTorch's torch.matmul runs: cublasLt's first heuristic choice) at SIZES (default 4096 8192),
# measured by Nsight Compute with the GPU's clocks left alone (--clock-control none). Writes OUTDIR/ncu-gemm.txt
# (one CSV block per kernel). Needs ncu, python3 with torch, and build-gpu/gpuprim (BUILD_DIR).
set -uo pipefail
OUT=${1:?usage: scripts/ncu-gemm.sh OUTDIR}; mkdir -p "$OUT"; OUT=$(cd "$OUT" && pwd)
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build-gpu}
SIZES=${SIZES:-4096 8192}
TXT="$OUT/ncu-gemm.txt"; : >"$TXT"
# wgmma issues on the tensor pipe's gmma sub-pipe; sm__pipe_tensor_cycles_active covers every MMA kind
METRICS=gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second,sm__pipe_tensor_op_gmma_cycles_active.avg.pct_of_peak_sustained_active
METRICS=$METRICS,sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_elapsed,sm__throughput.avg.pct_of_peak_sustained_elapsed
METRICS=$METRICS,dram__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_sector_hit_rate.pct,launch__grid_size,launch__registers_per_thread
prof() { # prof LABEL KERNEL_REGEX SKIP CMD...
  local label=$1 kre=$2 skip=$3; shift 3
  echo "== $label" >>"$TXT"
  timeout 120 ncu --clock-control none --metrics "$METRICS" --csv -k "regex:$kre" --launch-skip "$skip" --launch-count 1 "$@" \
    >"$OUT/ncu-raw.txt" 2>&1
  local rc=$?
  if [ $rc != 0 ] && grep -qi "metric" "$OUT/ncu-raw.txt"; then # a metric this ncu does not know: the portable ones
    echo "(retried without the gmma metric: $(grep -i metric "$OUT/ncu-raw.txt" | head -1))" >>"$TXT"
    timeout 120 ncu --clock-control none --metrics "${METRICS/sm__pipe_tensor_op_gmma_cycles_active.avg.pct_of_peak_sustained_active,/}" \
      --csv -k "regex:$kre" --launch-skip "$skip" --launch-count 1 "$@" >"$OUT/ncu-raw.txt" 2>&1
    rc=$?
  fi
  grep -E '^"' "$OUT/ncu-raw.txt" | python3 -c '
import csv, sys
rows = list(csv.reader(sys.stdin))
if rows:
    h = rows[0]; col = {k: h.index(k) for k in ("Kernel Name", "Metric Name", "Metric Unit", "Metric Value") if k in h}
    if len(col) == 4:
        if len(rows) > 1: print("kernel:", rows[1][col["Kernel Name"]][:160])
        for r in rows[1:]: print("  %-70s %14s %s" % (r[col["Metric Name"]], r[col["Metric Value"]], r[col["Metric Unit"]]))
    else: print("\n".join(",".join(r) for r in rows))' >>"$TXT"
  [ $rc = 0 ] || { echo "(ncu rc=$rc)"; grep -iE "error|metric" "$OUT/ncu-raw.txt" | head -5; } >>"$TXT"
}
for n in $SIZES; do
  prof "cuBLAS via torch.matmul bf16 ${n}^3 (3rd call)" 'nvjet|gemm|xmma|cutlass|sm90' 2 python3 -c "
import torch
a = torch.randn($n, $n, device='cuda', dtype=torch.bfloat16); b = torch.randn($n, $n, device='cuda', dtype=torch.bfloat16)
for _ in range(4): c = a @ b
torch.cuda.synchronize()"
  prof "gpuprim gemm auto bf16 ${n}^3 (first timed call's kernel)" 'gp_hp_kernel|gp_h' 3 \
    "$BUILD_DIR/gpuprim" bench gemm --op bf16 --rung auto --m "$n" --n "$n" --k "$n" --reps 3
done
rm -f "$OUT/ncu-raw.txt"
cat "$TXT"
