#!/usr/bin/env bash
# run.sh OUT — rung 12 (stream-k) on the GPU in one call: build, test_gpu_sgemm, the sgemm sweep with the automatic
# choice (rung 12), `gpuprim bench sgemm` (bench), the sweep with rung 11 forced (r11: the choice before rung 12),
# memcheck and racecheck of test_gpu_sgemm on the rungs in SAN_RUNGS (default 12). STEPS picks (default "build test sweep r11
# san"). Everything lands in OUT/streamk/ (TAR=1: OUT/streamk.tgz).
set -uo pipefail
OUT=${1:?usage: run.sh OUT}
cd "$(dirname "$0")/../../.."
STEPS=${STEPS:-build test sweep r11 san}
has() { case " $STEPS " in *" $1 "*) return 0;; esac; return 1; }
D=$OUT/streamk; mkdir -p "$D"; t0=$(date +%s)
log() { echo "$* $(( $(date +%s) - t0 ))s" | tee -a "$D/log.txt"; }
B=build-gpu
if has build; then
  (cmake -S . -B $B -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90a >/dev/null && cmake --build $B -j 16) >"$D/build.txt" 2>&1
  log "build rc=$?"
fi
if has test; then
  timeout 300 $B/test_gpu_sgemm >"$D/test-sgemm.txt" 2>&1; log "test_gpu_sgemm rc=$?"
  tail -3 "$D/test-sgemm.txt"; grep -E "FAIL|stream-k" "$D/test-sgemm.txt" | head
fi
if has sweep; then
  timeout 200 $B/gpuprim bench --sweep sgemm --json "$D/sweep.json" >"$D/sweep.txt" 2>&1; log "sweep auto rc=$?"
  python3 scripts/plot_sweep.py "$D/sweep.json" "$D/sweep.png" "$D/sweep-summary.txt" >/dev/null 2>&1
  cat "$D/sweep-summary.txt"
fi
if has bench; then
  timeout 300 $B/gpuprim bench sgemm --json "$D/bench.json" >"$D/bench.txt" 2>&1; log "bench sgemm rc=$?"
  python3 scripts/plot_bench.py "$D/bench.json" "$D/bench.png" >/dev/null 2>&1
fi
if has r11; then
  timeout 200 $B/gpuprim bench --sweep sgemm --rung 11 --json "$D/sweep-r11.json" >"$D/sweep-r11.txt" 2>&1; log "sweep rung 11 rc=$?"
fi
if has san; then
  R=${SAN_RUNGS:-12}
  GP_TEST_SMALL=1 GP_TEST_RUNGS=$R timeout 200 compute-sanitizer --tool memcheck --error-exitcode 3 $B/test_gpu_sgemm >"$D/memcheck.txt" 2>&1
  log "memcheck rungs $R rc=$?"; tail -3 "$D/memcheck.txt"
  GP_TEST_SMALL=2 GP_TEST_RUNGS=$R timeout 200 compute-sanitizer --tool racecheck --error-exitcode 3 $B/test_gpu_sgemm >"$D/racecheck.txt" 2>&1
  log "racecheck rungs $R rc=$?"; tail -3 "$D/racecheck.txt"
fi
[ "${TAR:-0}" = 1 ] && tar czf "$OUT/streamk.tgz" -C "$OUT" streamk && rm -rf "$D"
exit 0
