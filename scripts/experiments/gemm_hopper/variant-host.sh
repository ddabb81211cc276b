#!/usr/bin/env bash
# variant-host.sh NAME FLAG... — like variant-lib.sh for the host-only plan (src/gemm/hopper/hopper_pick.c): that file
# compiled on its own with extra flags (e.g. -DGP_H_MAX_SPLITS=12, one of its #ifndef knobs) and linked with build-90a's other objects.
# Writes /tmp/s22/NAME/{gpuprim,libgpuprim.so.0}, stripped, for carrying (ab-lib.sh).
set -euo pipefail
NAME=${1:?usage: variant-host.sh NAME FLAG...}; shift
cd "$(dirname "$0")/../../../build-90a"
D=/tmp/variant-$NAME; mkdir -p "$D" "/tmp/s22/$NAME"
cc -DGPUPRIM_BUILDING -I../include -I../src -isystem /usr/local/cuda/include -O3 -DNDEBUG -fPIC -fvisibility=hidden \
  -std=gnu11 "$@" -c ../src/gemm/hopper/hopper_pick.c -o "$D/v.o" 2>"$D/cc.log" || { cat "$D/cc.log"; exit 1; }
# a -D flag for a macro the file #defines without #ifndef is silently overridden (session 27): refuse such a build
if grep -q "redefined" "$D/cc.log"; then cat "$D/cc.log"; echo "variant-host.sh: a -D flag names a macro without #ifndef" >&2; exit 1; fi
sed "s|CMakeFiles/gpuprim_objs.dir/src/gemm/hopper/hopper_pick.c.o|$D/v.o|" CMakeFiles/gpuprim.dir/objects1 >"$D/objects1"
grep -q "$D/v.o" "$D/objects1"
/usr/bin/g++ -fPIC -Wl,--exclude-libs,ALL -shared -Wl,-soname,libgpuprim.so.0 -o "$D/libgpuprim.so.0" @"$D/objects1" \
  @CMakeFiles/gpuprim.dir/linkLibs.rsp -L/usr/local/cuda/targets/x86_64-linux/lib/stubs -L/usr/local/cuda/targets/x86_64-linux/lib
cp gpuprim "$D/libgpuprim.so.0" "/tmp/s22/$NAME/" && strip "/tmp/s22/$NAME/"*
