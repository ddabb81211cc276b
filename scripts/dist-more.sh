#!/usr/bin/env bash
# dist-more.sh OUTDIR — after scripts/dist-check.sh on the same 2-GPU machine (its build-gpu/ stays): the 2-rank
# sort's exchange in 1, 4 and 64 steps (GP_DIST_EXCHANGE_STEPS at build time; 1 exchanges everything, then
# merges; the library's default is 4 since session 19) at 2^31 keys, then the capacity case: 13.5e9 keys in all, more than one
# H200 holds at ~12.3 bytes a key, 6.75e9 a GPU at ~20 bytes. Restores the default build at the end.
# Writes OUTDIR/bench-steps{1,4,64}.txt, cap.txt, cap.json. NCCL_NVLS_ENABLE=0 for every program.
set -uo pipefail
OUT=${1:?usage: scripts/dist-more.sh OUTDIR}
mkdir -p "$OUT"
cd "$(dirname "$0")/.."
export NCCL_NVLS_ENABLE=0
BUILD_DIR=${BUILD_DIR:-build-gpu}
for st in 1 4 64; do
  cmake -S . -B "$BUILD_DIR" -DCMAKE_C_FLAGS=-DGP_DIST_EXCHANGE_STEPS=$st >/dev/null 2>&1 &&
    cmake --build "$BUILD_DIR" -j "$(nproc)" --target gpuprim_dist_bench >/dev/null 2>&1 &&
    timeout 90 "$BUILD_DIR"/gpuprim_dist_bench --reps 3 >"$OUT/bench-steps$st.txt" 2>&1
  echo "steps $st rc=$?"
  grep -A3 "rank  holds" "$OUT/bench-steps$st.txt" | head -3
  grep -A1 "strong scaling" "$OUT/bench-steps$st.txt" | head -2
done
cmake -S . -B "$BUILD_DIR" -DCMAKE_C_FLAGS= >/dev/null 2>&1
cmake --build "$BUILD_DIR" -j "$(nproc)" --target gpuprim_dist_bench >/dev/null 2>&1
timeout 150 "$BUILD_DIR"/gpuprim_dist_bench --n 13500000000 --reps 1 --json "$OUT/cap.json" >"$OUT/cap.txt" 2>&1
echo "capacity rc=$?"
tail -22 "$OUT/cap.txt"
