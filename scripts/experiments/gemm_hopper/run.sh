#!/bin/bash
# run.sh OUTDIR — builds the Hopper gemm rungs 04-07 and their harness (no library build), runs the CPU test of
# the plan rule (test_hpick), then verifies and times them on the GPU (an H100: sm_90a): the timing table, the
# 20-shape sweep (with the rule's "auto" plan), and the variant sweep (one line per knob configuration of rungs
# 06/07 and per split count on the deep-k shapes). Full log: OUTDIR/log.txt; compiler report: OUTDIR/ptxas.txt;
# SASS instruction counts: OUTDIR/sass.txt; a compact summary on stdout. Needs nvcc, cuobjdump, cuBLASLt.
#   SMALL=1  only the small verification cases, no timing (for compute-sanitizer: see the commands printed)
#   VARIANTS=0  skip the variant sweep
#   NCU=1    also print the ncu commands that read the tensor-pipe utilisation of rung 06 and of cuBLAS
#   SAN=1    with SMALL=1: run the small cases under compute-sanitizer memcheck and racecheck too
#            (SAN_TOOLS="memcheck racecheck", SAN_TIMEOUT=230 seconds per tool)
#   PREBUILT=1  reuse OUTDIR/build from an earlier BUILD_ONLY=1 run (e.g. made on a machine without a GPU and
#            carried over): no compile here; BUILD_ONLY=1 stops after the build
#   VERIFY=0 skip the full verification (timing and variants only; for a rerun of verified code)
#   WATCHDOG=0  build without the mbarrier watchdog (default on: a wait that fails 2^26 times traps, so a
#            pipeline deadlock is reported as a launch error naming the case instead of hanging the run)
# Environment: CUDA_HOME (default /usr/local/cuda), JOBS (parallel compiles, default nproc).
set -euo pipefail
OUT=${1:?usage: run.sh OUTDIR}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
NVCC="$CUDA_HOME/bin/nvcc"
CUOBJDUMP=$(command -v cuobjdump || echo "$CUDA_HOME/bin/cuobjdump")
B="$OUT/build"
mkdir -p "$B"
FLAGS=(-std=c++17 --expt-relaxed-constexpr -O3 -gencode arch=compute_90a,code=sm_90a -I"$ROOT/include" -I"$ROOT/src")
RUNGS=(04_tma_wgmma 05_warpspec 06_persistent 07_cluster)

# two builds of the rungs: $B/fast (as the library builds them: timing, ptxas report, SASS) and $B/wd with the
# mbarrier watchdog (-DGP_H_WATCHDOG: verification and sanitizers; WATCHDOG=0 uses the fast build for those too)
t0=$(date +%s)
hp=0
if [ "${PREBUILT:-0}" = 1 ] && [ -x "$B/hopper_gemm" ] && [ -x "$B/hopper_gemm_wd" ]; then
    echo "== prebuilt binaries in $B"
    "$B/test_hpick" >"$OUT/test_hpick.txt" 2>&1 || hp=$?
else
echo "== build ($ROOT, $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?'))"
mkdir -p "$B/fast" "$B/wd" "$B/common"
pids=()
for r in "${RUNGS[@]}"; do
    "$NVCC" "${FLAGS[@]}" -Xptxas -v -c "$ROOT/src/gemm/hopper/$r.cu" -o "$B/fast/$r.o" >"$B/fast/$r.ptxas" 2>&1 &
    pids+=($!)
    if [ "${WATCHDOG:-1}" = 1 ]; then
        "$NVCC" "${FLAGS[@]}" -DGP_H_WATCHDOG -c "$ROOT/src/gemm/hopper/$r.cu" -o "$B/wd/$r.o" >"$B/wd/$r.log" 2>&1 &
        pids+=($!)
    fi
done
"$NVCC" "${FLAGS[@]}" -Xcompiler -fopenmp -c "$HERE/hopper_gemm.cu" -o "$B/common/hopper_gemm.o" >"$B/harness.log" 2>&1 &
pids+=($!)
for c in core/checks core/status gemm/hopper/hopper_pick; do
    "$NVCC" -x c -O2 -I"$ROOT/include" -I"$ROOT/src" -c "$ROOT/src/$c.c" -o "$B/common/$(basename $c).o"
done
# the plan rule on the CPU (no GPU needed)
"$NVCC" -x c -O2 -DGP_HPICK_STANDALONE -I"$ROOT/include" -I"$ROOT/src" "$ROOT/tests/test_gemm_plan.c" "$ROOT/src/gemm/hopper/hopper_pick.c" -o "$B/test_hpick"
"$B/test_hpick" >"$OUT/test_hpick.txt" 2>&1 && hp=0 || hp=$?
fail=0
for p in "${pids[@]}"; do wait "$p" || fail=1; done
if [ $fail -ne 0 ]; then
    cat "$B"/fast/*.ptxas "$B"/wd/*.log "$B/harness.log" 2>/dev/null
    echo "BUILD FAILED"
    exit 1
fi
"$NVCC" -o "$B/hopper_gemm" "$B"/fast/*.o "$B"/common/*.o -Xcompiler -fopenmp -lcublasLt -lcublas
if [ "${WATCHDOG:-1}" = 1 ]; then
    "$NVCC" -o "$B/hopper_gemm_wd" "$B"/wd/*.o "$B"/common/*.o -Xcompiler -fopenmp -lcublasLt -lcublas
else
    cp "$B/hopper_gemm" "$B/hopper_gemm_wd"
fi
echo "built in $(( $(date +%s) - t0 )) s"
fi
[ "${BUILD_ONLY:-0}" = 1 ] && exit 0
echo "== plan rule (CPU): $(tail -1 "$OUT/test_hpick.txt")"
[ "$hp" -eq 0 ] || { grep FAIL "$OUT/test_hpick.txt" | head; }

# compiler report: registers / spills per kernel, setmaxnreg and wgmma-serialisation warnings
: >"$OUT/ptxas.txt"
for r in "${RUNGS[@]}"; do
    echo "== $r" >>"$OUT/ptxas.txt"
    grep -E "Compiling entry|registers|spill|C75[0-9][0-9]" "$B/fast/$r.ptxas" >>"$OUT/ptxas.txt" || true
done
# SASS evidence: tensor-core, TMA and mbarrier instructions per rung object
: >"$OUT/sass.txt"
for r in "${RUNGS[@]}"; do
    echo "== $r" >>"$OUT/sass.txt"
    "$CUOBJDUMP" -sass "$B/fast/$r.o" | grep -oE "\b(HGMMA|HMMA|UTMALDG|UTMASTG|SYNCS|USETMAXREG|LDL|STL)[A-Z0-9._x]*" |
        sort | uniq -c >>"$OUT/sass.txt" || true
done
echo "== compiler (registers, spills: OUTDIR/ptxas.txt)"
for r in "${RUNGS[@]}"; do
    regs=$(grep -oE "Used [0-9]+ registers" "$B/fast/$r.ptxas" | sort | uniq -c | sort -rn | head -1 | awk '{print $3}')
    spills=$(grep -oE "[0-9]+ bytes spill stores" "$B/fast/$r.ptxas" | awk '{s+=$1} END {print s+0}')
    warns=$(grep -cE "C7508|C7515|C7510" "$B/fast/$r.ptxas" || true)
    printf "  %-14s %s registers (main kernels), spill-store bytes %s, setmaxnreg/wgmma warnings %s\n" "$r" "$regs" "$spills" "$warns"
done
echo "== SASS (OUTDIR/sass.txt)"
awk '/^==/{r=$2} /HGMMA|UTMALDG|UTMASTG|USETMAXREG/{printf "  %-14s %s x%s\n", r, $2, $1}' "$OUT/sass.txt"

cd "$B"
if [ "${SMALL:-0}" = 1 ]; then
    echo "== verification, small cases"
    timeout 600 ./hopper_gemm_wd --small --verify-only >"$OUT/log.txt" 2>&1 && st=0 || st=$?
    grep -E "^FAIL" "$OUT/log.txt" | head -20 || true
    grep -E "^verification" "$OUT/log.txt" || tail -5 "$OUT/log.txt"
    SANBIN="$CUDA_HOME/bin/compute-sanitizer"
    [ -x "$SANBIN" ] || SANBIN=$(command -v compute-sanitizer || echo compute-sanitizer)
    echo "sanitizer commands (SAN=1 runs them):"
    echo "  $SANBIN --tool memcheck  $B/hopper_gemm_wd --small --verify-only"
    echo "  $SANBIN --tool racecheck $B/hopper_gemm_wd --small --verify-only"
    if [ "${SAN:-0}" = 1 ]; then
        # each tool under its own time limit (SAN_TIMEOUT, default 230 s) so that both fit in a 10-minute call;
        # SAN_TOOLS="racecheck" runs one of them only
        for tool in ${SAN_TOOLS:-memcheck racecheck}; do
            timeout "${SAN_TIMEOUT:-230}" "$SANBIN" --tool "$tool" "$B/hopper_gemm_wd" --small --verify-only \
                >"$OUT/$tool.txt" 2>&1 || true
            echo "$tool: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$OUT/$tool.txt" | head -1 || true)"
            echo "  verification under $tool: $(grep -E '^verification' "$OUT/$tool.txt" ||
                echo "did not finish within ${SAN_TIMEOUT:-230} s (last line: $(tail -1 "$OUT/$tool.txt"))")"
        done
    fi
    [ "$hp" -eq 0 ] || st=1
    exit $st
fi

st=0
: >"$OUT/log.txt"
if [ "${VERIFY:-1}" = 1 ]; then
echo "== verification (watchdog build), then timing (full log: OUTDIR/log.txt)"
timeout 600 ./hopper_gemm_wd --verify-only >"$OUT/log.txt" 2>&1 || st=$?
fi
grep -E "^FAIL" "$OUT/log.txt" | head -20 || true
grep -E "^device|^verification" "$OUT/log.txt" || true
[ $st -eq 0 ] || { echo "verification exit status $st (last lines:)"; tail -5 "$OUT/log.txt"; }
echo "== timing (median of 20, after 5 warm-up runs; cuBLAS = best of its heuristic's algorithms)" | tee -a "$OUT/log.txt"
timeout 300 ./hopper_gemm --time-only --no-variants >"$OUT/timing.txt" 2>&1 && st2=0 || st2=$?
cat "$OUT/timing.txt" >>"$OUT/log.txt"
sed -n "/^type /,\$p" "$OUT/timing.txt" | grep -Ev "^verification|^$|passed, .* failed$" || true
[ $st2 -eq 0 ] || { echo "timing exit status $st2 (last lines:)"; tail -5 "$OUT/timing.txt"; }
[ $st -ne 0 ] || st=$st2
if [ "${VARIANTS:-1}" = 1 ]; then
    echo "== variants (OUTDIR/variants.txt)"
    timeout 300 ./hopper_gemm --variants-only >"$OUT/variants.txt" 2>&1 && st3=0 || st3=$?
    cat "$OUT/variants.txt" >>"$OUT/log.txt"
    sed -n "/^variants /,\$p" "$OUT/variants.txt" | grep -Ev "^$|passed, .* failed$" || true
    [ $st3 -eq 0 ] || { echo "variants exit status $st3 (last lines:)"; tail -5 "$OUT/variants.txt"; }
    [ $st -ne 0 ] || st=$st3
fi
[ "$hp" -eq 0 ] || st=1
echo "total $(( $(date +%s) - t0 )) s"

if [ "${NCU:-0}" = 1 ]; then
    NCU_BIN=$(command -v ncu || echo "$CUDA_HOME/bin/ncu")
    M=sm__pipe_tensor_op_gmma_cycles_active.avg.pct_of_peak_sustained_active,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active,sm__throughput.avg.pct_of_peak_sustained_elapsed,gpu__time_duration.sum,launch__registers_per_thread
    echo "== ncu (tensor-pipe utilisation; run these by hand):"
    echo "  $NCU_BIN --clock-control none -k regex:gp_hp_kernel -s 3 -c 1 --metrics $M $B/hopper_gemm --profile 6 bf16 8192"
    echo "  $NCU_BIN --clock-control none -k regex:gp_hp_kernel -s 3 -c 1 --metrics $M $B/hopper_gemm --profile 7 bf16 8192"
    echo "  $NCU_BIN --clock-control none -k regex:'sm90|gemm|xmma' -s 3 -c 1 --metrics $M $B/hopper_gemm --profile cublas bf16 8192"
    echo "  (if a metric name is unknown to this ncu: --query-metrics | grep -i tensor, or use"
    echo "   --section ComputeWorkloadAnalysis --section SpeedOfLight instead of --metrics)"
fi
exit $st
