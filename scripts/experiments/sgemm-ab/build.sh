#!/usr/bin/env bash
# build.sh [OUT] — the A/B harness of session 13 (issue 14): sgemm rung 10's kernels from four source trees in one
# binary, timed alternately with cublasSgemm in the same process and checked against it (main.cu):
#   s1   session 1's code (ea92bf6: 0.975x at 4096^3)
#   head the code before the fix (398fa21: one-matrix kernels take the whole gp_sgemm_args)
#   new  this tree with zero-fill-loaders.patch (session 1's loaders, made edge-safe)
#   v2   this tree (the fix: one-matrix kernels take gp_sg_one)
# Each tree is a git worktree under $TMPDIR; one translation unit each (tu.cu), its host templates renamed so
# that the four do not merge. Then on the GPU: OUT/sgab [reps] [rounds] (results/h100-2026-11-24b/call2/sgab.txt).
set -euo pipefail
cd "$(dirname "$0")"
HERE=$PWD; REPO=$(git rev-parse --show-toplevel); OUT=${1:-$HERE/build}; T=${TMPDIR:-/tmp}/sgemm-ab
mkdir -p "$OUT" "$T"
for c in s1:ea92bf6 head:398fa21; do
  n=${c%%:*}; [ -d "$T/$n" ] || git -C "$REPO" worktree add --detach "$T/$n" "${c#*:}" >/dev/null
done
rm -rf "$T/new" "$T/v2"; mkdir -p "$T/new" "$T/v2"
cp -r "$REPO/src" "$REPO/include" "$T/v2/"; cp -r "$REPO/src" "$REPO/include" "$T/new/"
(cd "$T/new" && patch -s -p1 <"$HERE/zero-fill-loaders.patch")
F="-arch=sm_90a -O3 -std=c++17"
tu() { # name tree [flags]
  nvcc $F -c tu.cu -o "$OUT/tu_$1.o" -I"$2/src" -I"$2/include" -DSG_NAME=sg_$1 -Dgp_sg_async_launch=gp_sg_async_launch_$1 \
    -Dgp_sg_async_pick=gp_sg_async_pick_$1 -Dgp_sg_one=gp_sg_one_$1 "${@:3}"
}
tu s1 "$T/s1" & tu head "$T/head" -DSG_BATCH_FIELDS & wait
tu new "$T/new" -DSG_BATCH_FIELDS & tu v2 "$T/v2" -DSG_BATCH_FIELDS & nvcc $F -c main.cu -o "$OUT/main.o" & wait
nvcc -arch=sm_90a "$OUT"/tu_{s1,head,new,v2}.o "$OUT/main.o" -o "$OUT/sgab" -lcublas
echo "$OUT/sgab"
