#!/usr/bin/env bash
# ncu-unaligned.sh OUT — why rung 10's 128x64 kernel runs slower on rows off 16-byte boundaries: Nsight Compute's
# speed of light, warp states, scheduler, instruction and shared-memory statistics of configuration 3's kernel at
# 2048^3 (16-byte rows) and at 2049x2047x2051 (rows off 16 bytes: B's float4 copies become 4-byte ones), clocks left
# alone. Builds build-gpu first unless NOBUILD=1. Writes OUT/ncu-unaligned.txt.
set -uo pipefail
OUT=${1:?usage: ncu-unaligned.sh OUT}; mkdir -p "$OUT"; OUT=$(cd "$OUT" && pwd)
cd "$(dirname "$0")/../../.."
B=build-gpu
[ "${NOBUILD:-0}" = 1 ] || (cmake -S . -B $B -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90a >/dev/null && cmake --build $B -j 16 >/dev/null 2>&1) || { echo build failed; exit 1; }
TXT="$OUT/ncu-unaligned.txt"; : >"$TXT"
S="--section SpeedOfLight --section WarpStateStats --section SchedulerStats --section InstructionStats --section MemoryWorkloadAnalysis_Tables --section MemoryWorkloadAnalysis"
for shape in "2048 2048 2048" "2049 2047 2051"; do
  set -- $shape
  echo "== 128x64 (configuration 3) m=$1 n=$2 k=$3" >>"$TXT"
  timeout 200 ncu --clock-control none $S --kernel-name-base mangled -k "regex:gp_sg_async_kernelILi128ELi64ELi16" --launch-skip 2 --launch-count 1 \
    $B/gpuprim bench sgemm --rung 10 -v --m $1 --n $2 --k $3 --reps 3 >>"$TXT" 2>&1
  echo "(ncu rc=$?)" >>"$TXT"
done
grep -E "==|Duration|Issue Slots Busy|Stall|Bank|Shared|Warp Cycles Per Issued|Executed Ipc|L1/TEX Hit|Mem Busy|Max Bandwidth|SM Busy" "$TXT" | head -80
