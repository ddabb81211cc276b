#!/usr/bin/env bash
# recheck.sh OUT — the transpose sweep twice more, and racecheck of rung 11's reduction kernels alone (the rest of
# test_gpu_sgemm runs uninstrumented); everything in OUT/recheck.tgz.
set -uo pipefail
OUT=${1:?usage: recheck.sh OUT}
cd "$(dirname "$0")/../../.."
D=$OUT/recheck; mkdir -p "$D"; t0=$(date +%s); B=build-gpu
log() { echo "$* $(( $(date +%s) - t0 ))s" | tee -a "$D/log.txt"; }
[ -x $B/test_gpu_sgemm ] || { (cmake -S . -B $B -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90a >/dev/null && cmake --build $B -j 16) >"$D/build.txt" 2>&1; log "build rc=$?"; }
for i in 1 2; do
  timeout 120 $B/gpuprim bench --sweep transpose --json "$D/sweep-transpose-$i.json" >"$D/sweep-transpose-$i.txt" 2>&1; log "sweep transpose $i rc=$?"
  python3 scripts/plot_sweep.py "$D/sweep-transpose-$i.json" "$D/sweep-transpose-$i.png" "$D/sweep-transpose-$i-summary.txt" >/dev/null 2>&1
  cat "$D/sweep-transpose-$i-summary.txt"
done
GP_TEST_SMALL=2 GP_TEST_RUNGS=11 timeout 300 compute-sanitizer --tool racecheck --kernel-name kns=sgemm_splitk_reduce --error-exitcode 3 $B/test_gpu_sgemm >"$D/racecheck-sgemm-reduce.txt" 2>&1
log "racecheck sgemm reduce kernels rc=$?"; tail -3 "$D/racecheck-sgemm-reduce.txt"
tar czf "$OUT/recheck.tgz" -C "$OUT" recheck && rm -rf "$D"
exit 0
