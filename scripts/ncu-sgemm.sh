#!/usr/bin/env bash
# ncu-sgemm.sh OUTDIR — why sgemm rung 10 runs ~4% behind cublasSgemm at 4096^3 (issue 14): Nsight Compute's
# warp-state (stall reasons), scheduler and instruction statistics of the library's kernel next to cuBLAS's fp32
# kernel (torch.mm with TF32 off: cublasSgemm's path), GPU clocks left alone (--clock-control none). SIZE (default
# 4096; rung 10 runs its rule's configuration). Writes OUTDIR/ncu-sgemm.txt. Needs ncu, python3 with
# torch, and build-gpu/gpuprim (BUILD_DIR).
set -uo pipefail
OUT=${1:?usage: scripts/ncu-sgemm.sh OUTDIR}; mkdir -p "$OUT"; OUT=$(cd "$OUT" && pwd)
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build-gpu}
N=${SIZE:-4096}
TXT="$OUT/ncu-sgemm.txt"; : >"$TXT"
SECTIONS="--section SpeedOfLight --section WarpStateStats --section SchedulerStats --section InstructionStats --section Occupancy --section LaunchStats"
prof() { # prof LABEL KERNEL_REGEX SKIP CMD...
  local label=$1 kre=$2 skip=$3; shift 3
  echo "== $label" >>"$TXT"
  timeout 180 ncu --clock-control none $SECTIONS -k "regex:$kre" --launch-skip "$skip" --launch-count 1 "$@" >>"$TXT" 2>&1
  echo "(ncu rc=$?)" >>"$TXT"
}
prof "cuBLAS fp32 via torch.mm (TF32 off) ${N}^3 (3rd call)" 'gemm|sgemm|xmma|cutlass|nvjet' 2 python3 -c "
import torch
torch.backends.cuda.matmul.allow_tf32 = False
a = torch.randn($N, $N, device='cuda'); b = torch.randn($N, $N, device='cuda')
for _ in range(4): c = a @ b
torch.cuda.synchronize()"
prof "gpuprim sgemm rung 10 ${N}^3 (a timed call's kernel)" 'gp_sg_async' 3 \
  "$BUILD_DIR/gpuprim" bench sgemm --rung 10 --m "$N" --n "$N" --k "$N" --reps 3
cat "$TXT"
