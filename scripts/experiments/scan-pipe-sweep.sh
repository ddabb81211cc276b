#!/usr/bin/env bash
# scan-pipe-sweep.sh OUTDIR — scan rung 06 (persistent, prefetching) on the H100: the scan GPU test (every
# configuration, repeated look-back runs), then `bench scan -v` (every configuration next to CUB and rung 05)
# and, when present, the same for compaction.
set -uo pipefail
OUT=${1:?usage: scan-pipe-sweep.sh OUTDIR}; mkdir -p "$OUT"
cd "$(dirname "$0")/../.."
B=build-gpu
( cmake -S . -B $B -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null && cmake --build $B -j 16 ) >"$OUT/build.log" 2>&1 || { tail -30 "$OUT/build.log"; exit 1; }
GP=$B/gpuprim
env ${SMALL:+GP_TEST_SMALL=1} timeout 400 $B/test_gpu_scan >"$OUT/test-scan.txt" 2>&1; echo "test_gpu_scan rc=$?" >>"$OUT/test-scan.txt"
[ -n "${COMPACT:-}" ] && { env ${SMALL:+GP_TEST_SMALL=1} timeout 300 $B/test_gpu_compact >"$OUT/test-compact.txt" 2>&1; echo "test_gpu_compact rc=$?" >>"$OUT/test-compact.txt"; }
$GP bench scan --rung ${RUNGS:-6} --reps ${REPS:-100} -v >"$OUT/bench-scan.txt" 2>&1
[ -n "${COMPACT:-}" ] && $GP bench compact --rung ${CRUNGS:-3} --reps ${REPS:-100} -v >"$OUT/bench-compact.txt" 2>&1
[ -n "${SAN:-}" ] && { GP_TEST_SMALL=1 compute-sanitizer --tool memcheck $B/test_gpu_scan 2>&1 | tail -5 >"$OUT/san-scan.txt"; GP_TEST_SMALL=1 compute-sanitizer --tool racecheck $B/test_gpu_scan 2>&1 | tail -5 >>"$OUT/san-scan.txt"; }
tail -12 "$OUT/test-scan.txt"; grep -v '^\[bench\]' "$OUT/bench-scan.txt"; [ -f "$OUT/bench-compact.txt" ] && grep -v '^\[bench\]' "$OUT/bench-compact.txt"; cat "$OUT"/san-*.txt 2>/dev/null
exit 0
