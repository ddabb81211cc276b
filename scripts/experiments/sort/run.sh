#!/usr/bin/env bash
# run.sh OUTDIR — builds scripts/experiments/sort/sort_bench.cu with the sort rungs for sm_90a (ARCH to
# change) and runs, on this machine's GPU: the verification of each rung (its own process, so that a hang
# or a crash in one rung leaves the others' results), 2^31 + 12345 keys against CUB, and the timing against
# CUB (2^28 u32 keys, u32/u32 pairs, f32 keys, u64 keys; u32 size sweep 2^10 .. 2^28). Full logs in OUTDIR,
# a compact summary on stdout. About 3-4 minutes on an H100, the build included.
#   SMALL=1  only the small verification cases (no >2^31 test, no timing), e.g. under compute-sanitizer:
#            SMALL=1 SAN="compute-sanitizer --tool memcheck" scripts/experiments/sort/run.sh OUT
#   STEPS    which of "verify big time" to run (default: all three)
#   FLAGS    extra nvcc flags (knobs, e.g. FLAGS="-DOS_ITEMS=16 -DOS_THREADS=256")
set -uo pipefail
OUT=${1:?usage: run.sh OUTDIR}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
cd "$(dirname "$0")/../../.."
ARCH=${ARCH:-sm_90a}
FLAGS=${FLAGS:-}
SAN=${SAN:-}
STEPS=${STEPS:-verify big time}
B=build-sort
mkdir -p $B
NVCC="nvcc -O3 -std=c++17 --expt-relaxed-constexpr -gencode arch=compute_${ARCH#sm_},code=$ARCH -Iinclude -Isrc $FLAGS"
t0=$(date +%s)
{
  echo "commit $(git rev-parse --short HEAD 2>/dev/null) $(git status --porcelain 2>/dev/null | grep -q . && echo '(+ local changes)')"
  echo "flags: $NVCC"
  pids=()
  for f in 01_bitonic 02_radix_rts 03_onesweep 04_one_block; do
    $NVCC -Xptxas -v -c src/sort/$f.cu -o $B/$f.o >$B/$f.log 2>&1 & pids+=($!)
  done
  $NVCC -c scripts/experiments/sort/sort_bench.cu -o $B/sort_bench.o >$B/sort_bench.log 2>&1 & pids+=($!)
  for c in src/sort/sort.c src/core/checks.c src/core/status.c; do
    gcc -O2 -std=c11 -Wall -Iinclude -Isrc -I"$(dirname "$(command -v nvcc)")/../include" -c $c -o $B/$(basename $c .c).o \
      >$B/$(basename $c .c).log 2>&1 & pids+=($!)
  done
  ok=1
  for p in "${pids[@]}"; do wait $p || ok=0; done
  cat $B/*.log
  [ $ok = 1 ] && $NVCC $B/*.o -o $B/sort_bench || ok=0
  echo "build: $([ $ok = 1 ] && echo ok || echo FAILED) in $(( $(date +%s) - t0 )) s"
} >"$OUT/build.log" 2>&1
grep -E "build:|error" "$OUT/build.log" | head -20
grep -q "build: ok" "$OUT/build.log" || exit 1
# registers / spills of the kernels, one line each
awk '/Compiling entry function/{name=$0; sub(/.*function .?/, "", name); sub(/.? for .*/, "", name)} /Used [0-9]+ registers/{r=$0; sub(/.*Used /, "", r); sub(/ registers.*/, "", r); printf "%-4s regs  %s", r, name} /spill stores/{s=$0; sub(/.*frame, /, "", s); sub(/, [0-9]+ bytes spill loads.*/, "", s); sp=s} /Used [0-9]+ registers/{print "  (" sp ")"}' \
  "$OUT/build.log" | c++filt >"$OUT/registers.txt" 2>/dev/null || true

run() { # name timeout args...
  local name=$1 tmo=$2; shift 2
  timeout "$tmo" $SAN $B/sort_bench "$@" >"$OUT/$name.log" 2>&1
  local rc=$?
  [ $rc = 124 ] && echo "TIMEOUT after $tmo s" >>"$OUT/$name.log"
  echo "$name: exit $rc" >>"$OUT/summary.txt"
}
: >"$OUT/summary.txt"
if [ "${SMALL:-0}" = 1 ]; then
  for r in 4 3 2 1; do run verify-small-r$r 900 --verify --small --rung $r; done
else
  case " $STEPS " in *" verify "*) for r in 4 3 2 1; do run verify-r$r 150 --verify --rung $r; done ;; esac
  case " $STEPS " in *" big "*) run big 180 --big ;; esac
  case " $STEPS " in *" time "*) run time 300 --time ;; esac
fi
{
  echo "== $(nvidia-smi --query-gpu=name,clocks.max.sm,memory.total --format=csv,noheader 2>/dev/null | head -1)"
  cat "$OUT/summary.txt"
  cat "$OUT"/verify*.log 2>/dev/null | grep -E "^(VERIFY|FAIL|PASS argument)" | sort | uniq -c | sed 's/^ *1 //' | head -40
  grep -hE "^(PASS|FAIL|SKIP) big" "$OUT"/big.log 2>/dev/null
  grep -hE "^RATE" "$OUT"/time.log 2>/dev/null
  grep -hE "^SWEEP" "$OUT"/time.log 2>/dev/null | grep -E "onesweep|one_block|WRONG"
  grep -hE "TIMEOUT|HANG|CUDA error" "$OUT"/*.log 2>/dev/null | head
  echo "total $(( $(date +%s) - t0 )) s; logs in $OUT"
} | tee "$OUT/summary-full.txt"
