#!/usr/bin/env bash
# variant-host.sh NAME FLAG... — like variant-lib.sh for the host-only plan (src/gemm/hopper/hopper_pick.c): that file
# compiled on its own with extra flags (e.g. -DGP_H_MAX_SPLITS=12, one of its #ifndef knobs) and linked with build-90a's other objects.
# Writes /tmp/s22/NAME/{gpuprim,libgpuprim.so.0}, stripped, for carrying (ab-lib.sh).
set -euo pipefail
NAME=${1:?usage: variant-host.sh NAME FLAG...}; shift
. "$(dirname "$0")/variant-common.sh"
cd "$(dirname "$0")/../../../build-90a"
D=/tmp/variant-$NAME; mkdir -p "$D" "/tmp/s22/$NAME"
cc -DGPUPRIM_BUILDING -I../include -I../src -isystem /usr/local/cuda/include -O3 -DNDEBUG -fPIC -fvisibility=hidden \
  -std=gnu11 "$@" -c ../src/gemm/hopper/hopper_pick.c -o "$D/v.o" 2>"$D/cc.log" || { cat "$D/cc.log"; exit 1; }
variant_link "$D/cc.log" "CMakeFiles/gpuprim_objs.dir/src/gemm/hopper/hopper_pick.c.o"
