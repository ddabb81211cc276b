#!/usr/bin/env bash
# ab-lib.sh OUT — gemm library builds against each other in one device call, with no build there: VERSIONS
# (default "old new") are folders under LIBS (default /tmp/k), each holding gpuprim and libgpuprim.so.0 (carried,
# e.g. prebuilt/*.tar.xz unpacked into LIBS). For ROUNDS rounds (default 3), each shape of SHAPES ("m,n,k", NN)
# (TRANS: their layout, NN default) and each type of OPS (default bf16) runs `gpuprim bench gemm -r RUNG` (default auto) once per version, the
# versions alternating, so drift in the clocks hits all of them alike. A line per run: the version, the vendor's and
# our ms, our TFLOP/s and the ratio to cublasLt timed in the same process. Everything in OUT/ab.txt.
set -uo pipefail
OUT=${1:?usage: ab-lib.sh OUT}
LIBS=${LIBS:-/tmp/k}
mkdir -p "$OUT"
for r in $(seq 1 "${ROUNDS:-3}"); do
  for op in ${OPS:-bf16}; do
    for s in ${SHAPES:-4096,4096,4096 8192,8192,8192}; do
      IFS=, read -r m n k <<<"$s"
      for v in ${VERSIONS:-old new}; do
        line=$(LD_LIBRARY_PATH=$LIBS/$v "$LIBS/$v/gpuprim" bench gemm --m "$m" --n "$n" --k "$k" --op "$op" \
          --trans "${TRANS:-NN}" -r "${RUNG:-auto}" 2>&1 | grep -E "vendor\)|^  (auto|0[0-9]) " | awk '{print $(NF-5), $(NF-4), $(NF-1)}' | tr '\n' ' ')
        echo "round $r $op $m x $n x $k $v: vendor ms TF x, ours ms TF x = $line"
      done
    done
  done
done | tee "$OUT/ab.txt"
