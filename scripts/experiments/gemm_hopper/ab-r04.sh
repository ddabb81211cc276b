#!/usr/bin/env bash
# ab-r04.sh OUT — rung 04's sub-wave shapes in this tree against a variant, in one device call: here, first
#   rm -rf exp-head && mkdir exp-head && git archive REV | tar -x -C exp-head && rm -rf exp-head/results
# (untracked, so it travels with the working tree); on the device both build (in parallel), then `gpuprim bench
# gemm` at SHAPES ("m,n,k" each, NN, type OP: default bf16) runs alternately, ROUNDS times (default 3): ours and
# cublasLt's time per row. Everything in OUT/ab-r04.txt.
set -uo pipefail
OUT=${1:?usage: ab-r04.sh OUT}
cd "$(dirname "$0")/../../.."
[ -d exp-head ] || { echo "no exp-head/: see the header"; exit 2; }
mkdir -p "$OUT"; t0=$(date +%s)
(cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90a >/dev/null &&
  cmake --build build-gpu -j 8 --target gpuprim_cli) >"$OUT/build.txt" 2>&1 &
(cd exp-head && cmake -S . -B build-h -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90a >/dev/null &&
  cmake --build build-h -j 8 --target gpuprim_cli) >"$OUT/build-head.txt" 2>&1 &
wait; echo "builds $(( $(date +%s) - t0 )) s"
for r in $(seq 1 "${ROUNDS:-3}"); do
  for s in ${SHAPES:-1000,1000,1000 1024,1024,1024 512,512,512 768,768,768}; do
    IFS=, read -r m n k <<<"$s"
    for v in tree head; do
      bin=build-gpu/gpuprim; [ $v = head ] && bin=exp-head/build-h/gpuprim
      line=$($bin bench gemm --m "$m" --n "$n" --k "$k" --op "${OP:-bf16}" 2>/dev/null | grep -E "vendor\)|auto \(" | awk '{print $(NF-5)}' | tr '\n' ' ')
      echo "round $r $m x $n x $k $v: vendor, auto ms = $line"
    done
  done
done | tee "$OUT/ab-r04.txt"
echo "total $(( $(date +%s) - t0 )) s"
