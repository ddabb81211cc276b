#!/usr/bin/env bash
# check.sh OUT — one call's final checks of sgemm rungs 11-12 and transpose rung 6: build, test_gpu_sgemm, the sgemm and
# transpose sweeps (the automatic choice against cublasSgemm / cublasSgeam), memcheck of test_gpu_sgemm (rungs 11, 12)
# and of test_gpu_transpose (auto, rung 6), racecheck of test_gpu_sgemm (rung 11; RACE_ALL=1: every kernel, else rung
# 11's reduction kernels alone, the rest uninstrumented). Steps stop starting 540 s in. Everything in OUT/check.tgz.
set -uo pipefail
OUT=${1:?usage: check.sh OUT}
cd "$(dirname "$0")/../../.."
D=$OUT/check; mkdir -p "$D"; t0=$(date +%s); B=build-gpu
log() { echo "$* $(( $(date +%s) - t0 ))s" | tee -a "$D/log.txt"; }
left() { echo $(( 540 - ($(date +%s) - t0) )); }
(cmake -S . -B $B -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90a >/dev/null && cmake --build $B -j 16) >"$D/build.txt" 2>&1
log "build rc=$?"
timeout 120 $B/test_gpu_sgemm >"$D/test-sgemm.txt" 2>&1; log "test_gpu_sgemm rc=$? $(tail -1 "$D/test-sgemm.txt")"
for p in sgemm transpose; do
  timeout 120 $B/gpuprim bench --sweep $p --json "$D/sweep-$p.json" >"$D/sweep-$p.txt" 2>&1; log "sweep $p rc=$?"
  python3 scripts/plot_sweep.py "$D/sweep-$p.json" "$D/sweep-$p.png" "$D/sweep-$p-summary.txt" >/dev/null 2>&1
  cat "$D/sweep-$p-summary.txt"
done
t=$(left); [ $t -gt 30 ] && { GP_TEST_SMALL=1 GP_TEST_RUNGS=11,12 timeout $(( t < 170 ? t : 170 )) compute-sanitizer --tool memcheck --error-exitcode 3 $B/test_gpu_sgemm >"$D/memcheck-sgemm.txt" 2>&1
  log "memcheck sgemm rungs 11,12 rc=$?"; tail -2 "$D/memcheck-sgemm.txt"; }
t=$(left); [ $t -gt 30 ] && { GP_TEST_SMALL=1 GP_TEST_RUNGS=0,6 timeout $(( t < 120 ? t : 120 )) compute-sanitizer --tool memcheck --error-exitcode 3 $B/test_gpu_transpose >"$D/memcheck-transpose.txt" 2>&1
  log "memcheck transpose rungs 0,6 rc=$?"; tail -2 "$D/memcheck-transpose.txt"; }
t=$(left); [ $t -gt 30 ] && { GP_TEST_SMALL=2 GP_TEST_RUNGS=11 timeout $(( t < 170 ? t : 170 )) compute-sanitizer --tool racecheck $([ "${RACE_ALL:-0}" = 1 ] || echo --kernel-name kns=sgemm_splitk_reduce) --error-exitcode 3 $B/test_gpu_sgemm >"$D/racecheck-sgemm.txt" 2>&1
  log "racecheck sgemm rung 11 rc=$?"; tail -2 "$D/racecheck-sgemm.txt"; }
tar czf "$OUT/check.tgz" -C "$OUT" check && rm -rf "$D"
exit 0
