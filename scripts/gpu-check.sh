#!/usr/bin/env bash
# gpu-check.sh OUTDIR — everything a GPU machine must check, in one call: build, every test (the large
# >2^31-element cases included), compute-sanitizer memcheck + racecheck over the GPU tests, the ladder
# benchmark (JSON + table) and its chart. Writes at most 8 files into OUTDIR (the python step 3 more).
# Environment: STEPS (default "build tests san bench"; "sweep" adds `gpuprim bench --sweep`, SWEEP_PRIMS the
# primitives it covers, with its chart and per-primitive summary; "judge" judges every example under
# examples/judge/ into OUTDIR/judge/, scripts/judge-examples.sh; "python" runs the Python package's tests with
# torch and CuPy and python/bench.py, installing pytest and cuda-cccl from .whl/ where they are missing:
# scripts/python-wheels.sh) picks steps, so a long check can be split over calls
# on one machine (build-gpu/ stays); PRIMS="map reduce" limits the bench; BENCH_ARGS adds options;
# TESTS is a ctest -R regex; SAN_TESTS a grep -E regex over the GPU test names the sanitizers run (default
# all), SAN_TOOLS the sanitizers (default memcheck racecheck), SAN_SHARD the primitives whose tests they run once per rung, SAN_JOBS how many at once, SAN_TIMEOUT the seconds
# each may take; LARGE=0 skips the >2^31-element cases. BUILD_DIR (default build-gpu) may hold binaries built elsewhere
# (STEPS without build).
set -uo pipefail
OUT=${1:?usage: scripts/gpu-check.sh OUTDIR}
mkdir -p "$OUT"
cd "$(dirname "$0")/.."
STEPS=${STEPS:-build tests san bench}
has() { case " $STEPS " in *" $1 "*) return 0;; esac; return 1; }
LOG="$OUT/check-${STEPS// /-}.log"
: >"$LOG"
say() { echo "== $*" | tee -a "$LOG"; }
status=0
{ nvidia-smi; nvcc --version | tail -1; } >>"$LOG" 2>&1
BUILD_DIR=${BUILD_DIR:-build-gpu}
if has build; then
say "build"
if ! (cmake -S . -B $BUILD_DIR -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null && cmake --build $BUILD_DIR -j "$(nproc)") >>"$LOG" 2>&1; then
  say "BUILD FAILED"; tail -40 "$LOG"; exit 1
fi
fi
if has tests; then
say "tests"
# the tests run their >2^31-element cases when GP_TEST_LARGE is set at all (even to ""): unset it for LARGE=0
if [ "${LARGE:-1}" = 0 ]; then unset GP_TEST_LARGE; else export GP_TEST_LARGE=1; fi
ctest --test-dir $BUILD_DIR --output-on-failure -j "${JOBS:-3}" --timeout 560 ${TESTS:+-R "$TESTS"} >>"$LOG" 2>&1 || { status=1; say "TESTS FAILED"; }
cat $BUILD_DIR/Testing/Temporary/LastTest.log >>"$LOG" 2>/dev/null   # every test's own output
grep -E "tests passed|tests failed|Failed|\*\*\*|Test +#" "$LOG" | tail -40
fi
if has san; then
  # every GPU test under memcheck and racecheck, in parallel (the sanitizer is CPU-bound); the tests of the primitives in
  # SAN_SHARD run once per rung (GP_TEST_RUNGS=r, 0 the automatic choice), so that no one run meets the time limit;
  # racecheck at GP_TEST_SMALL=2 (the smallest shapes where its checks of every shared-memory access are slow)
  san_list() { ls $BUILD_DIR/test_gpu_* | grep -E "${SAN_TESTS:-.}"; }
  san_jobs() {
    san_list | while read -r t; do
      prim=$(basename "$t"); prim=${prim#test_gpu_}
      case " ${SAN_SHARD:-} " in
        *" $prim "*) for r in $(seq 0 "$($BUILD_DIR/gpuprim list "$prim" | grep -cE '^ +[0-9]+ ')"); do
                       for tool in ${SAN_TOOLS:-memcheck racecheck}; do echo "$tool $t $r"; done; done;;
        *) for tool in ${SAN_TOOLS:-memcheck racecheck}; do echo "$tool $t -"; done;;
      esac
    done
  }
  say "compute-sanitizer memcheck + racecheck over $(san_list | wc -l) GPU tests (per rung: ${SAN_SHARD:-none})"
  mkdir -p "$OUT/san"
  export LD_LIBRARY_PATH=$PWD/$BUILD_DIR${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  san_jobs | xargs -P "${SAN_JOBS:-8}" -L 1 sh -c '
    small=1; [ "$0" = racecheck ] && small=2
    name=$0-$(basename $1); [ "$2" != - ] && { export GP_TEST_RUNGS=$2; name=$name-r$2; }
    GP_TEST_SMALL=$small timeout '"${SAN_TIMEOUT:-540}"' compute-sanitizer --tool $0 --error-exitcode 3 $1 >"'"$OUT"'/san/$name.txt" 2>&1
    echo "$name rc=$?"' >"$OUT/san/summary" 2>&1
  for f in "$OUT"/san/*.txt; do echo "-- $(basename "$f")"; grep -E "ERROR SUMMARY|RACECHECK SUMMARY|passed|failed" "$f" | tail -3; done >>"$LOG"
  sort "$OUT/san/summary" | tee -a "$LOG"
  grep -v "rc=0" "$OUT/san/summary" >/dev/null && { status=1; say "SANITIZER FAILED"; for f in "$OUT"/san/*.txt; do grep -m 10 -B2 -A8 "Invalid\|Race\|Hazard" "$f"; done >>"$LOG"; }
  rm -rf "$OUT/san"
fi
if has bench; then
say "bench"
$BUILD_DIR/gpuprim bench ${PRIMS:-} ${BENCH_ARGS:-} --json "$OUT/bench.json" >"$OUT/bench.txt" 2>>"$LOG" || { status=1; say "BENCH FAILED or a rung did not verify"; }
python3 scripts/plot_bench.py "$OUT/bench.json" "$OUT/bench.png" >>"$LOG" 2>&1 || say "plot failed"
cat "$OUT/bench.txt"
fi
if has sweep; then
say "sweep"
$BUILD_DIR/gpuprim bench --sweep ${SWEEP_PRIMS:-map reduce scan compact histogram transpose sgemm} --json "$OUT/sweep.json" >"$OUT/sweep.txt" 2>>"$LOG" || { status=1; say "SWEEP FAILED or a result did not verify"; }
python3 scripts/plot_sweep.py "$OUT/sweep.json" "$OUT/sweep.png" "$OUT/sweep-summary.txt" >>"$LOG" 2>&1 || say "sweep plot failed"
cat "$OUT/sweep-summary.txt" 2>/dev/null
fi
if has judge; then
say "judge"
BUILD_DIR=$BUILD_DIR scripts/judge-examples.sh "$OUT/judge" >>"$LOG" 2>&1 || { status=1; say "JUDGE: an example's outcome was not the expected one"; }
cat "$OUT/judge/summary.txt" 2>/dev/null
fi
if has python; then
say "python"
if ! python3 -m pytest --version >/dev/null 2>&1 || ! python3 -c "import cuda.compute" >/dev/null 2>&1; then
  [ -d .whl ] && PIP_BREAK_SYSTEM_PACKAGES=1 python3 -m pip install -q --no-index --find-links .whl pytest 'cuda-cccl[minimal-sysctk13]' >>"$LOG" 2>&1
fi
export GPUPRIM_LIBRARY=$PWD/$BUILD_DIR/libgpuprim.so PYTHONPATH=$PWD/python${PYTHONPATH:+:$PYTHONPATH}
GPUPRIM_SKIP_INSTALL_TEST=1 python3 -m pytest -q -p no:cacheprovider -r s python/tests ${PYTEST_ARGS:-} >"$OUT/python-tests.txt" 2>&1 || { status=1; say "PYTHON TESTS FAILED"; }
tail -15 "$OUT/python-tests.txt" | tee -a "$LOG"
python3 python/bench.py ${PYBENCH_ARGS:-} --json "$OUT/python-bench.json" >"$OUT/python-bench.txt" 2>>"$LOG" || { status=1; say "PYTHON BENCH FAILED"; }
cat "$OUT/python-bench.txt"
fi
say "done, status $status"
exit $status
