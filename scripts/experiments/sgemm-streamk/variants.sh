#!/usr/bin/env bash
# variants.sh OUT — rung 12's rule constants on the GPU: for each VARIANTS entry "name=-DX=1,-DY=2" builds the library
# with those flags in build-var-NAME and runs `gpuprim bench --sweep sgemm` (the shapes stream-k takes change; the
# others are the control). Writes OUT/variants.tgz.
set -uo pipefail
OUT=${1:?usage: variants.sh OUT}
cd "$(dirname "$0")/../../.."
D=$OUT/variants; mkdir -p "$D"; t0=$(date +%s)
for v in ${VARIANTS:?}; do
  name=${v%%=*}; flags=${v#*=}; flags=${flags//,/ }
  (cmake -S . -B build-var-$name -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90a "-DCMAKE_CUDA_FLAGS=$flags" >/dev/null &&
   cmake --build build-var-$name -j 16 --target gpuprim_cli) >"$D/build-$name.txt" 2>&1
  echo "build $name rc=$? $(( $(date +%s) - t0 ))s" | tee -a "$D/log.txt"
  timeout 200 build-var-$name/gpuprim bench --sweep sgemm --json "$D/sweep-$name.json" >"$D/sweep-$name.txt" 2>&1
  echo "sweep $name rc=$? $(( $(date +%s) - t0 ))s" | tee -a "$D/log.txt"
done
tar czf "$OUT/variants.tgz" -C "$OUT" variants && rm -rf "$D"
