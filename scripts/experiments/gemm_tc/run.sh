#!/usr/bin/env bash
# run.sh OUTDIR — builds and runs the tensor-core gemm harness (scripts/experiments/gemm_tc/gemm_tc.cu) on this
# machine's GPU: verification of rungs 01-03 on odd and aligned shapes, then timing against cublasLtMatmul.
# Compact summary on stdout; OUTDIR gets full.log (every case), build.log (ptxas -v: registers/spills of
# every kernel), summary.txt, sass.txt (HMMA/LDSM/LDL counts per kernel, if cuobjdump is on PATH), nvidia-smi.txt.
# Environment:
#   ARCH=90a (default) | 80 ...   target (sm_90a on an H100, sm_80 on an A100)
#   SMALL=1                       small shapes only, no timing (for compute-sanitizer)
#   SAN=memcheck|racecheck|...    run the harness under compute-sanitizer --tool $SAN (implies SMALL=1)
#   ARGS="..."                    extra harness arguments (--no-verify, --no-time)
set -uo pipefail
OUT=${1:?usage: run.sh OUTDIR}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
cd "$(dirname "$0")/../../.."
ARCH=${ARCH:-90a}
B=build-gemm-tc-sm$ARCH
mkdir -p $B
GEN="-gencode arch=compute_${ARCH%a},code=sm_$ARCH"
[ "${ARCH%a}" != "$ARCH" ] && GEN="-gencode arch=compute_$ARCH,code=sm_$ARCH"
FLAGS="-O3 -std=c++17 --expt-relaxed-constexpr -I include -I src $GEN"
t0=$(date +%s)
(
  pids=()
  for f in 01_wmma 02_mma_ldmatrix 03_multistage; do
    nvcc $FLAGS -Xptxas -v -c src/gemm/$f.cu -o $B/$f.o >$B/$f.log 2>&1 & pids+=($!)
  done
  nvcc $FLAGS -Xcompiler -fopenmp -c scripts/experiments/gemm_tc/gemm_tc.cu -o $B/gemm_tc.o >$B/harness.log 2>&1 & pids+=($!)
  rc=0; for p in "${pids[@]}"; do wait $p || rc=1; done
  cat $B/*.log
  [ $rc = 0 ] && nvcc $GEN -Xcompiler -fopenmp $B/01_wmma.o $B/02_mma_ldmatrix.o $B/03_multistage.o $B/gemm_tc.o \
      -lcublasLt -lcublas -o $B/gemm_tc || rc=1
  exit $rc
) >"$OUT/build.log" 2>&1 || { echo "build failed:"; grep -E "error|Error" "$OUT/build.log" | head -20; exit 1; }
echo "build: $(( $(date +%s) - t0 )) s ($B/gemm_tc)"
grep -E "Compiling entry|spill|Used" "$OUT/build.log" | paste - - - 2>/dev/null | \
  sed -E "s/.*entry function '([^']*)'.*stack frame, ([0-9]+) bytes spill stores, ([0-9]+) bytes spill loads.*Used ([0-9]+) registers.*/\1 regs=\4 spill_st=\2 spill_ld=\3/" | \
  (c++filt 2>/dev/null || cat) >"$OUT/regs.txt"
echo "kernels with spills: $(grep -vc 'spill_st=0 spill_ld=0' "$OUT/regs.txt") of $(wc -l <"$OUT/regs.txt") (regs.txt)"
if command -v cuobjdump >/dev/null; then
  python3 scripts/experiments/gemm_tc/sass_check.py $B/01_wmma.o $B/02_mma_ldmatrix.o $B/03_multistage.o >"$OUT/sass.txt" 2>&1
fi
nvidia-smi >"$OUT/nvidia-smi.txt" 2>&1
ARGS=${ARGS:-}
PRE=()
if [ -n "${SAN:-}" ]; then SMALL=1; PRE=(compute-sanitizer --tool "$SAN" --error-exitcode 9); fi
[ "${SMALL:-0}" = 1 ] && ARGS="$ARGS --small"
t1=$(date +%s)
${PRE[@]+"${PRE[@]}"} $B/gemm_tc $ARGS --log "$OUT/full.log" 2>&1 | tee "$OUT/summary.txt"
rc=${PIPESTATUS[0]}
echo "run: $(( $(date +%s) - t1 )) s, exit $rc; full log: $OUT/full.log"
exit $rc
