#!/usr/bin/env bash
# kc-check.sh OUT — one device call for rung 04's k-clusters (session 17). Steps (STEPS, default
# "build test cfg ab"): build this tree (and, for "ab", the variant in exp-head/: see ab-r04.sh) in parallel;
# test_gpu_gemm on RUNGS (default 0,4); "cfg": `gpuprim bench gemm -r CFG_RUNG -v` (default 4) at CFG_SHAPES ("m,n,k"
# or "m,n,k,op" each; OP, default bf16): every configuration of the rung (04: k-clusters; 06: whole tiles, split-k,
# stream-k; session 18) against cublasLt in one process; "ab": both builds' automatic
# choice alternating at AB_SHAPES, ROUNDS times; "san": memcheck and racecheck of SAN_RUNGS (default 4, GP_TEST_SMALL).
set -uo pipefail
OUT=${1:?usage: kc-check.sh OUT}
mkdir -p "$OUT"
cd "$(dirname "$0")/../../.."
B=build-gpu
STEPS=${STEPS:-build test cfg ab}
has() { case " $STEPS " in *" $1 "*) return 0;; esac; return 1; }
t0=$(date +%s)
if has build; then
  (cmake -S . -B $B -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90a >/dev/null &&
    cmake --build $B -j 12 --target gpuprim_cli test_gpu_gemm) >"$OUT/build.log" 2>&1 &
  if has ab; then
    (cd exp-head && cmake -S . -B build-h -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90a >/dev/null &&
      cmake --build build-h -j 6 --target gpuprim_cli) >"$OUT/build-head.log" 2>&1 &
  fi
  wait
  [ -x $B/gpuprim ] || { tail -30 "$OUT/build.log"; exit 1; }
  echo "builds $(( $(date +%s) - t0 )) s"
fi
if has test; then
  GP_TEST_RUNGS=${RUNGS:-0,4} timeout 240 $B/test_gpu_gemm >"$OUT/test-gemm.txt" 2>&1
  echo "test_gpu_gemm rc=$?"; grep -E "FAIL|^rung|passed|failed" "$OUT/test-gemm.txt" | tail -14
fi
if has cfg; then
  for s in ${CFG_SHAPES:-1000,1000,1000 1024,1024,1024 768,768,768 512,512,512 256,256,256}; do
    IFS=, read -r m n k op <<<"$s"
    timeout 90 $B/gpuprim bench gemm -r "${CFG_RUNG:-4}" -v --m "$m" --n "$n" --k "$k" --op "${op:-${OP:-bf16}}" \
      >>"$OUT/cfg.txt" 2>&1
  done
  grep -E "^gemm |vendor\)|  0[46]|k-cluster|whole|split|stream" "$OUT/cfg.txt" | grep -v "^\[" | cut -c1-120
fi
if has ab; then
  for r in $(seq 1 "${ROUNDS:-2}"); do
    for s in ${AB_SHAPES:-1000,1000,1000 1024,1024,1024 768,768,768 512,512,512 256,256,256}; do
      IFS=, read -r m n k <<<"$s"
      for v in tree head; do
        bin=$B/gpuprim; [ $v = head ] && bin=exp-head/build-h/gpuprim
        line=$($bin bench gemm --m "$m" --n "$n" --k "$k" --op "${OP:-bf16}" 2>/dev/null | grep -E "vendor\)|auto \(" |
          awk '{print $(NF-5)}' | tr '\n' ' ')
        echo "round $r $m x $n x $k $v: vendor, auto ms = $line"
      done
    done
  done | tee "$OUT/ab.txt"
fi
if has san; then
  for tool in memcheck racecheck; do
    GP_TEST_SMALL=1 GP_TEST_RUNGS=${SAN_RUNGS:-4} timeout 200 \
      compute-sanitizer --tool $tool --error-exitcode 3 $B/test_gpu_gemm >"$OUT/$tool-gemm.txt" 2>&1
    echo "$tool rc=$?"; grep -E "ERROR SUMMARY|RACECHECK SUMMARY|passed|failed" "$OUT/$tool-gemm.txt" | tail -3
  done
fi
echo "total $(( $(date +%s) - t0 )) s"
