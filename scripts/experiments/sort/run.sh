#!/usr/bin/env bash
# run.sh OUTDIR — builds scripts/experiments/sort/sort_bench.cu with the sort rungs for sm_90a (ARCH to
# change) and runs, on this machine's GPU: the CPU test of rung 05's pure rules (tests/test_sort_rule.c), the
# verification of each rung (its own process, so that a hang or a crash in one rung leaves the others'
# results), 2^31 + 12345 keys against CUB, the timing against CUB (2^28 u32 keys, u32/u32 pairs, f32 keys,
# u64 keys; f32 keys in [1,2) and u64 keys < 2^32; u32 size sweep 2^10 .. 2^28; rung 05's time per kernel),
# then rung 05 under each set of knobs in VARIANTS (one build each, made in the background while the GPU
# verifies: the 2^28 cases and a few sizes against CUB, then the small verification of rung 05), and last
# ncu on one rung-05 sort of each 2^26 case (step "profile": per-kernel DRAM / SM throughput, occupancy, warp
# stalls; skipped without ncu, at most 120 s). Full logs in OUTDIR, a compact summary on stdout (and
# OUTDIR/summary-full.txt). About 4-5 minutes on an H100.
#   SMALL=1   only the small verification cases (no >2^31 test, no timing, no variants), e.g. under
#             compute-sanitizer: SMALL=1 SAN="compute-sanitizer --tool memcheck" scripts/experiments/sort/run.sh OUT
#   STEPS     which of "verify big time variants profile" to run (default: all five)
#   FLAGS     extra nvcc flags for every rung of the main build (knobs)
#   VARIANTS  space-separated name=flags for rung 05 (flags comma-separated); VARIANTS= runs none. Default:
#             the list below (each isolates one of rung 05's choices; base = the defaults again, for noise).
set -uo pipefail
OUT=${1:?usage: run.sh OUTDIR}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
cd "$(dirname "$0")/../../.."
ARCH=${ARCH:-sm_90a}
FLAGS=${FLAGS:-}
SAN=${SAN:-}
STEPS=${STEPS:-verify big time variants profile}
# run 3's knobs (NOTES.md): base (the defaults again: the noise); hist0 (run 2's histogram kernel, for the new
# one's gain in the same run); hvec2 / hvec8 (16-byte loads in flight per histogram thread); win2 / win4 (look-
# back window once the nearest word is written); ahead0 (no L2 prefetch for 4-byte keys) / u64ahead50 (a
# prefetch for 8-byte keys); pairs14x3 (run 2's pairs tile), pairs24 (384 x 24 at 2 blocks), pairsmatch1
# (atomicOr match for pairs), vv0 (values staged 4 bytes at a time), vwaitearly (pairs wait for the staged
# values before the ranking, as run 2); u64i12x3 (run 2's u64 tile), u64i18 (384 x 18
# at 2 blocks); match1 (atomicOr match everywhere); f32dsm0 (f32 digits recomputed in the scatter)
DEFAULT_VARIANTS="base= hist0=-DOS5_HIST=0 hvec2=-DOS5_HIST_VEC=2 hvec8=-DOS5_HIST_VEC=8 win2=-DOS5_LB_WINDOW=2
win4=-DOS5_LB_WINDOW=4 ahead0=-DOS5_AHEAD_PCT_K4=0 u64ahead50=-DOS5_AHEAD_PCT_K8=50
pairs14x3=-DOS5_ITEMS_44=14,-DOS5_MINB_44=3 pairs24=-DOS5_ITEMS_44=24 pairsmatch1=-DOS5_MATCH_44=1 vv0=-DOS5_VEC_VALUES=0 vwaitearly=-DOS5_VWAIT_LATE=0
u64i12x3=-DOS5_ITEMS_80=12,-DOS5_MINB_80=3 u64i18=-DOS5_ITEMS_80=18 match1=-DOS5_MATCH=1 f32dsm0=-DOS5_F32_DIGIT_SMEM=0"
VARIANTS=${VARIANTS-$DEFAULT_VARIANTS}
B=build-sort
mkdir -p $B
NVCC="nvcc -O3 -std=c++17 --expt-relaxed-constexpr -gencode arch=compute_${ARCH#sm_},code=$ARCH -Iinclude -Isrc -Itools"
CC="gcc -O2 -std=c11 -Wall -Iinclude -Isrc -I$(dirname "$(command -v nvcc)")/../include"
RUNGS="01_bitonic 02_radix_rts 03_onesweep 04_one_block 05_onesweep_lean"
t0=$(date +%s)
{
  echo "commit $(git rev-parse --short HEAD 2>/dev/null) $(git status --porcelain 2>/dev/null | grep -q . && echo '(+ local changes)')"
  echo "flags: $NVCC $FLAGS"
  pids=()
  for f in $RUNGS; do
    $NVCC $FLAGS -Xptxas -v -c src/sort/$f.cu -o $B/$f.o >$B/$f.log 2>&1 & pids+=($!)
  done
  $NVCC -c scripts/experiments/sort/sort_bench.cu -o $B/sort_bench.o >$B/sort_bench.log 2>&1 & pids+=($!)
  for c in src/sort/sort_common.c src/core/checks.c src/core/status.c src/ref/ref_sort.c; do
    $CC -c $c -o $B/$(basename $c .c).o >$B/$(basename $c .c).log 2>&1 & pids+=($!)
  done
  $CC -Wextra -Itests tests/test_sort_rule.c -o $B/test_sort_rule >$B/test_sort_rule.log 2>&1 & pids+=($!)
  ok=1
  for p in "${pids[@]}"; do wait $p || ok=0; done
  for f in $RUNGS sort_bench sort_common checks status ref_sort test_sort_rule; do cat $B/$f.log; done
  objs=""; for f in $RUNGS sort_bench sort_common checks status ref_sort; do objs="$objs $B/$f.o"; done
  rm -f $B/sort_bench
  [ $ok = 1 ] && $NVCC $objs -o $B/sort_bench || ok=0
  echo "build: $([ $ok = 1 ] && echo ok || echo FAILED) in $(( $(date +%s) - t0 )) s"
} >"$OUT/build.log" 2>&1
grep -E "build:|error" "$OUT/build.log" | head -20
grep -q "build: ok" "$OUT/build.log" || exit 1
# registers / spills of the kernels, one line each
regs() { awk '/Compiling entry function/{name=$0; sub(/.*function .?/, "", name); sub(/.? for .*/, "", name)} /spill stores/{s=$0; sub(/.*frame, /, "", s); sub(/, [0-9]+ bytes spill loads.*/, "", s); sp=s} /Used [0-9]+ registers/{r=$0; sub(/.*Used /, "", r); sub(/ registers.*/, "", r); printf "%-4s regs  %s", r, name} /Used [0-9]+ registers/{print "  (" sp ")"}' "$1" | c++filt; }
regs "$OUT/build.log" >"$OUT/registers.txt" 2>/dev/null || true
: >"$OUT/summary.txt"
$B/test_sort_rule >"$OUT/test_sort_rule.log" 2>&1; echo "test_sort_rule (CPU): exit $? ($(tail -1 "$OUT/test_sort_rule.log"))" >>"$OUT/summary.txt"

# rung 05 under each set of knobs: built in the background while the GPU runs the steps below
vbuild() { # name flags
  local d=$B/v-$1; mkdir -p $d; rm -f $d/sort_bench $d/05_onesweep_lean.o
  { $NVCC $2 -Xptxas -v -c src/sort/05_onesweep_lean.cu -o $d/05_onesweep_lean.o &&
    objs=""; for f in $RUNGS sort_bench sort_common checks status ref_sort; do [ $f = 05_onesweep_lean ] || objs="$objs $B/$f.o"; done
    $NVCC $objs $d/05_onesweep_lean.o -o $d/sort_bench; } >$d/build.log 2>&1
}
VPIDS=()
if [ "${SMALL:-0}" != 1 ] && [[ " $STEPS " == *" variants "* ]]; then
  for v in $VARIANTS; do n=${v%%=*}; f=${v#*=}; vbuild "$n" "${f//,/ }" & VPIDS+=($!); done
fi

run() { # name timeout binary args...
  local name=$1 tmo=$2 bin=$3; shift 3
  timeout "$tmo" $SAN $bin "$@" >"$OUT/$name.log" 2>&1
  local rc=$?
  [ $rc = 124 ] && echo "TIMEOUT after $tmo s" >>"$OUT/$name.log"
  echo "$name: exit $rc" >>"$OUT/summary.txt"
}
if [ "${SMALL:-0}" = 1 ]; then
  for r in 5 4 3 2 1; do run verify-small-r$r 900 $B/sort_bench --verify --small --rung $r; done
else
  case " $STEPS " in *" verify "*) for r in 5 4 3 2 1; do run verify-r$r 150 $B/sort_bench --verify --rung $r; done ;; esac
  case " $STEPS " in *" big "*) run big 180 $B/sort_bench --big ;; esac
  case " $STEPS " in *" time "*) run time 300 $B/sort_bench --time ;; esac
  if [ ${#VPIDS[@]} -gt 0 ]; then
    for p in "${VPIDS[@]}"; do wait $p; done
    for v in $VARIANTS; do
      n=${v%%=*}; d=$B/v-$n
      regs $d/build.log | grep os5_pass >"$OUT/registers-$n.txt" 2>/dev/null
      if [ ! -x $d/sort_bench ]; then echo "variant $n: BUILD FAILED" >>"$OUT/summary.txt"; cp $d/build.log "$OUT/variant-$n-build.log"; continue; fi
      run variant-$n 120 $d/sort_bench --verify --small --rung 5 --variant "$n"
    done
  fi
  # ncu on one sort of each case (the main build); its counters need no clock control (leave the clocks alone)
  if [[ " $STEPS " == *" profile "* ]]; then
    NCU=$(command -v ncu || ls -d /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | tail -1)
    if [ -n "$NCU" ]; then
      ncu_run() { timeout 120 "$NCU" --clock-control none --profile-from-start off --section SpeedOfLight \
        --section MemoryWorkloadAnalysis --section Occupancy --section SchedulerStats --section WarpStateStats "$@" \
        --metrics dram__bytes_read.sum,dram__bytes_write.sum --csv --page details \
        $B/sort_bench --profile >"$OUT/ncu.csv" 2>>"$OUT/ncu.log"; }
      ncu_run --print-details all; rc=$?
      if [ $rc != 0 ] && [ $rc != 124 ] && ! grep -q '^"' "$OUT/ncu.csv"; then ncu_run; rc=$?; fi # an older ncu
      [ $rc = 124 ] && echo "TIMEOUT after 120 s" >>"$OUT/ncu.log"
      echo "profile (ncu): exit $rc" >>"$OUT/summary.txt"
      python3 scripts/experiments/sort/ncu_summary.py "$OUT/ncu.csv" >"$OUT/profile.txt" 2>&1
    else
      echo "profile: no ncu found" >>"$OUT/summary.txt"
    fi
  fi
fi
{
  echo "== $(nvidia-smi --query-gpu=name,clocks.max.sm,memory.total --format=csv,noheader 2>/dev/null | head -1)"
  cat "$OUT/summary.txt"
  cat "$OUT"/verify*.log "$OUT"/variant-*.log 2>/dev/null | grep -E "^(VERIFY|FAIL|PASS argument)" | sort | uniq -c | sed 's/^ *1 //' | head -40
  grep -hE "^(PASS|FAIL|SKIP) big" "$OUT"/big.log 2>/dev/null
  grep -hE "^(RATE|TRACE)" "$OUT"/time.log 2>/dev/null
  grep -hE "^SWEEP" "$OUT"/time.log 2>/dev/null | grep -E "onesweep|one_block|WRONG"
  # issue 17's criteria for rung 05: the four 2^28 ratios and the smallest ratio of the size sweep
  awk '/^RATE/ && /05_onesweep_lean/ {for (i = 1; i <= NF; i++) if ($i ~ /^[0-9.]+x$/) r = $i; c = $0; sub(/^RATE +/, "", c); sub(/ +n=.*/, "", c); printf "target %-20s %s\n", c, r}
       /^SWEEP/ && /05_onesweep_lean/ {for (i = 1; i <= NF; i++) if ($i ~ /^[0-9.]+x$/) { v = $i + 0; if (min == "" || v < min) { min = v; at = $4 } } }
       END { if (min != "") printf "target sweep minimum %.3fx at %s (goal >= 0.9x)\n", min, at }' "$OUT"/time.log 2>/dev/null
  grep -hE "^(VARIANT|TRACE)" "$OUT"/variant-*.log 2>/dev/null
  cat "$OUT/profile.txt" 2>/dev/null
  for f in "$OUT"/registers-*.txt; do # kind (0 int32, 1 f32, 2 int64), value bytes: registers / spill bytes
    [ -s "$f" ] && echo "$(basename "$f" .txt): $(sed -E 's/^([0-9]+) +regs +void os5_pass<([0-9]), ([0-9])>.*\(([0-9]+) bytes spill.*/\2,\3:\1\/\4/' "$f" | sort | tr '\n' ' ')"
  done
  grep -hE "TIMEOUT|HANG|CUDA error" "$OUT"/*.log 2>/dev/null | head
  echo "total $(( $(date +%s) - t0 )) s; logs in $OUT"
} | tee "$OUT/summary-full.txt"
