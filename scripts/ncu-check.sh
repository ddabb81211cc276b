#!/usr/bin/env bash
# ncu-check.sh OUTDIR — on a GPU machine with Nsight Compute: measured shared-memory bank conflicts and global
# sectors per request (ncu --clock-control none) of the map rungs and the transpose rungs 01-03 (when the
# transpose ladder exists), each next to the predictions of `gpuprim banks` / `gpuprim coalesce`, via
# `gpuprim explain PRIM --rung R --no-bench`. Writes OUTDIR/ncu.txt. Needs access to the GPU's performance
# counters (root, or the driver's NVreg_RestrictProfilingToAdminUsers=0).
# Environment: BUILD_DIR (default build-gpu, built if missing), N (transpose size, default 4096).
set -uo pipefail
OUT=${1:?usage: scripts/ncu-check.sh OUTDIR}
mkdir -p "$OUT"
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build-gpu}
N=${N:-4096}
TXT="$OUT/ncu.txt"
: >"$TXT"
if ! command -v ncu >/dev/null; then
  echo "ncu is not on PATH (add the toolkit's bin/, e.g. /usr/local/cuda/bin)" | tee -a "$TXT"; exit 1
fi
if [ ! -x "$BUILD_DIR/gpuprim" ]; then
  (cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null &&
   cmake --build "$BUILD_DIR" -j "$(nproc)" --target gpuprim_cli) >"$OUT/ncu-build.log" 2>&1 ||
    { echo "build failed, see $OUT/ncu-build.log" | tee -a "$TXT"; exit 1; }
fi
GP="$BUILD_DIR/gpuprim"
status=0
{ nvidia-smi -L; ncu --version | tail -1; } >>"$TXT" 2>&1
say() { echo; echo "== $*"; } >>"$TXT"

say "predictions (the models)"
{
  echo "-- coalesce: a warp of consecutive floats, of consecutive float4, of floats down a column"
  "$GP" coalesce --elem 4 --stride 1 | tail -5
  "$GP" coalesce --elem 16 --stride 1 | tail -5
  "$GP" coalesce --elem 4 --stride "$N" | tail -5
  echo "-- banks: a 32x8 block reading a 32x32 float tile transposed (unpadded, then padded to 33), and writing it by rows"
  "$GP" banks --pattern block --block 32x8 --width 32 --pad 0 --read transposed | tail -1
  "$GP" banks --pattern block --block 32x8 --width 32 --pad 1 --read transposed | tail -1
  "$GP" banks --pattern block --block 32x8 --width 32 --pad 0 --read direct | tail -1
} >>"$TXT" 2>&1

run_explain() { # PRIM RUNG ARGS...
  local p=$1 r=$2; shift 2
  say "gpuprim explain $p --rung $r --no-bench $*"
  "$GP" explain "$p" --rung "$r" --no-bench "$@" >>"$TXT" 2>&1 || { status=1; echo "(explain exit code $?)" >>"$TXT"; }
}
LIST=$("$GP" list)
for r in $(echo "$LIST" | awk '/^map$/{f=1;next} /^[a-z]/{f=0} f{print $1+0}'); do
  run_explain map "$r" --n 16M
done
if echo "$LIST" | grep -q '^transpose$'; then
  for r in $(echo "$LIST" | awk '/^transpose$/{f=1;next} /^[a-z]/{f=0} f{print $1+0}' | head -3); do
    run_explain transpose "$r" --m "$N" --n "$N"
  done
else
  say "no transpose ladder in this build: transpose rungs skipped"
fi
grep -E "^== |sectors/request|wavefronts/instruction|bank conflicts/instruction|DIFFERS|ncu:" "$TXT"
echo "written: $TXT (status $status)"
exit $status
