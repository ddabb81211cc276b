#!/usr/bin/env bash
# knob-sweep.sh OUTDIR — one rung under compile-time knobs on the H100, each variant benchmarked next to the
# vendor baseline in the same process, two rounds (variants interleaved).
# VARIANTS: space-separated name=flags (flags comma-separated), e.g. "base= bps2=-DR6_BPS=2".
# BENCH: the bench commands run for every variant, ';'-separated (default: scan rung 6 and rung 5).
# TEST: a test binary run on the first variant's build before the benches (default test_gpu_scan); with
#   SOURCES, on every variant's library.
# SOURCES (a regex over library source paths, e.g. 'src/sgemm/'): incremental mode. One build directory
#   (BUILD, default build-gpu, built if missing); each variant sets GP_KNOB_FLAGS for the matching sources
#   only (CMakeLists.txt), so only those files recompile, and its libgpuprim.so is kept in OUTDIR/lib-NAME;
#   the benches run the same CLI against each library (LD_LIBRARY_PATH overrides the RUNPATH). The build
#   directory is returned to the default flags at the end. Without SOURCES: one full build per variant
#   (-DCMAKE_CUDA_FLAGS, build-k-NAME), which also varies code outside the library (CLI, bench).
set -uo pipefail
OUT=${1:?usage: knob-sweep.sh OUTDIR}; mkdir -p "$OUT"; OUT=$(cd "$OUT" && pwd)
cd "$(dirname "$0")/../.."
VARIANTS=${VARIANTS:-"base="}
BENCH=${BENCH:-"scan --rung 6;scan --rung 5"}
TEST=${TEST-test_gpu_scan}
SOURCES=${SOURCES:-}
BUILD=${BUILD:-build-gpu}
first=${VARIANTS%% *}; first=${first%%=*}
run_cli() { # run_cli NAME ARGS...: the CLI of variant NAME
  local name=$1; shift
  if [ -n "$SOURCES" ]; then LD_LIBRARY_PATH="$OUT/lib-$name${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" "$BUILD/$@"
  else "build-k-$name/$@"; fi
}
if [ -n "$SOURCES" ]; then
  [ -x "$BUILD/gpuprim" ] || (cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null &&
                                cmake --build "$BUILD" -j "$(nproc)") >"$OUT/build-full.log" 2>&1
  for v in $VARIANTS; do
    name=${v%%=*}; flags=${v#*=}; flags=${flags//,/;}
    mkdir -p "$OUT/lib-$name"
    if (cmake -S . -B "$BUILD" "-DGP_KNOB_FLAGS=$flags" "-DGP_KNOB_SOURCES=$SOURCES" >/dev/null &&
        cmake --build "$BUILD" -j "$(nproc)" --target gpuprim ${TEST:+$TEST}) >"$OUT/build-$name.log" 2>&1; then
      cp -P "$BUILD"/libgpuprim.so* "$OUT/lib-$name/"
    else echo "BUILD FAILED: $name"; tail -20 "$OUT/build-$name.log"; fi
  done
  (cmake -S . -B "$BUILD" -DGP_KNOB_FLAGS= && cmake --build "$BUILD" -j "$(nproc)") >"$OUT/build-restore.log" 2>&1
  have() { [ -e "$OUT/lib-$1/libgpuprim.so" ]; }
  echo "variant libraries resolve to: $(LD_LIBRARY_PATH="$OUT/lib-$first" ldd "$BUILD/gpuprim" | grep -o '/[^ ]*libgpuprim[^ ]*')"
  if [ -n "$TEST" ]; then
    for v in $VARIANTS; do name=${v%%=*}; have "$name" || continue
      timeout 300 env LD_LIBRARY_PATH="$OUT/lib-$name" "$BUILD/$TEST" >"$OUT/test-$name.txt" 2>&1
      echo "$TEST on $name: rc=$?"; tail -2 "$OUT/test-$name.txt"
    done
  fi
else
  for v in $VARIANTS; do
    name=${v%%=*}; flags=${v#*=}; flags=${flags//,/ }
    targets=gpuprim_cli; [ "$name" = "$first" ] && [ -n "$TEST" ] && targets="gpuprim_cli $TEST"
    ( cmake -S . -B build-k-$name -G Ninja -DCMAKE_BUILD_TYPE=Release "-DCMAKE_CUDA_FLAGS=$flags" >/dev/null &&
      cmake --build build-k-$name -j 6 --target $targets ) >"$OUT/build-$name.log" 2>&1 &
  done
  wait
  have() { [ -x "build-k-$1/gpuprim" ]; }
  for v in $VARIANTS; do name=${v%%=*}; have "$name" || { echo "BUILD FAILED: $name"; tail -20 "$OUT/build-$name.log"; }; done
  if [ -n "$TEST" ]; then
    timeout 300 build-k-$first/$TEST >"$OUT/test-$first.txt" 2>&1; echo "$TEST on $first: rc=$?"; tail -5 "$OUT/test-$first.txt"
  fi
fi
for round in 1 2; do
for v in $VARIANTS; do
  name=${v%%=*}
  have "$name" || continue
  echo "=== $name (${v#*=}) round $round" >>"$OUT/knobs.txt"
  IFS=';' read -ra cmds <<<"$BENCH"
  for c in "${cmds[@]}"; do run_cli "$name" gpuprim bench $c --reps ${REPS:-100} 2>&1 | grep -v '^\[bench\]' >>"$OUT/knobs.txt"; done
done
done
grep -E "^===|vendor|^  0[0-9] |^  auto" "$OUT/knobs.txt" | grep -v variant
