#!/usr/bin/env bash
# rs-check.sh OUT — one device call for rung 06's tf32 with A from registers (session 16): build the library,
# the gemm tests and the CLI; test_gpu_gemm on the automatic choice and rung 06; the gemm bench (tf32 NN / NT,
# bf16, f16 at 4096^3 and 8192^3) and the tf32 sweep against cublasLt; memcheck and racecheck of rung 06; the
# transpose sweep twice (issue 20). STEPS picks steps (default "build test bench sweep san transpose"); OPS the
# sweep's types (default tf32); RUNGS / SAN_RUNGS the rungs test_gpu_gemm runs plainly / under the sanitizers;
# "python" times the Python package's gemm and sgemm against torch (python/bench.py).
set -uo pipefail
OUT=${1:?usage: rs-check.sh OUT}
mkdir -p "$OUT"
cd "$(dirname "$0")/../../.."
B=${BUILD_DIR:-build-gpu}
STEPS=${STEPS:-build test bench sweep san transpose}
has() { case " $STEPS " in *" $1 "*) return 0;; esac; return 1; }
if has build; then
  t0=$(date +%s)
  { cmake -S . -B $B -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90a >/dev/null &&
    cmake --build $B -j "$(nproc)" --target gpuprim_cli gpuprim test_gpu_gemm test_gemm_plan; } \
    >"$OUT/build.log" 2>&1 ||
    { tail -40 "$OUT/build.log"; exit 1; }
  echo "build $(( $(date +%s) - t0 )) s"
fi
if has test; then
  GP_TEST_RUNGS=${RUNGS:-0,6} timeout 300 $B/test_gpu_gemm >"$OUT/test-gemm.txt" 2>&1
  echo "test_gpu_gemm rc=$?"; grep -E "FAIL|^rung|panels|passed|failed" "$OUT/test-gemm.txt" | tail -25
fi
if has bench; then
  timeout 200 $B/gpuprim bench gemm ${BENCH_ARGS:-} >"$OUT/bench-gemm.txt" 2>&1
  echo "bench rc=$?"; cat "$OUT/bench-gemm.txt"
fi
if has sweep; then
  for op in ${OPS:-tf32}; do
    timeout 200 $B/gpuprim bench --sweep gemm --op $op >"$OUT/sweep-$op.txt" 2>&1; echo "sweep $op rc=$?"
    grep -E "^gemm |auto \(" "$OUT/sweep-$op.txt" | paste - - | awk '{print $2, $3, $(NF-1)}'
  done
fi
if has san; then
  for tool in memcheck racecheck; do
    GP_TEST_SMALL=1 GP_TEST_RUNGS=${SAN_RUNGS:-6} timeout 240 \
      compute-sanitizer --tool $tool --error-exitcode 3 $B/test_gpu_gemm \
      >"$OUT/$tool-gemm.txt" 2>&1
    echo "$tool rc=$?"; grep -E "ERROR SUMMARY|RACECHECK SUMMARY|passed|failed" "$OUT/$tool-gemm.txt" | tail -3
  done
fi
if has python; then
  # the Python package against torch (gemm bf16 and tf32 NN as torch lays them out, sgemm), 4096^3
  PYTHONPATH=python GPUPRIM_LIBRARY=$PWD/$B/libgpuprim.so timeout 200 python3 python/bench.py --lib torch \
    --cases gemm16,gemm_tf32,sgemm --no-cccl --no-overhead >"$OUT/python-bench.txt" 2>&1
  echo "python bench rc=$?"; cat "$OUT/python-bench.txt"
fi
if has ncu; then
  # where the sub-wave shapes lose (NOTES.md, session 16): rung 06's C^T split at 8192x128x8192 and rung 04 at 1000^3
  for shape in "8192 128 8192" "1000 1000 1000"; do
    set -- $shape
    timeout 150 ncu --clock-control none -k regex:"gp_hp_|gp_gemm_r04" -c 3 --section SpeedOfLight \
      --section WarpStateStats --section MemoryWorkloadAnalysis $B/gpuprim bench gemm --m $1 --n $2 --k $3 \
      >"$OUT/ncu-$1x$2x$3.txt" 2>&1
    echo "ncu $1x$2x$3 rc=$?"
  done
fi
if has transpose; then
  for i in 1 2; do
    timeout 120 $B/gpuprim bench --sweep transpose >"$OUT/sweep-transpose-$i.txt" 2>&1; echo "transpose sweep $i rc=$?"
  done
  cat "$OUT/sweep-transpose-"*.txt
fi
