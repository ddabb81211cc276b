# variant-common.sh — sourced by variant-lib.sh and variant-host.sh (run from build-90a, a Makefile or Ninja build):
# variant_link LOG OBJ checks the variant's compiler log, puts $D/v.o in place of build-90a's object OBJ (its path in the
# link's object list) and links /tmp/s22/$NAME/{gpuprim,libgpuprim.so.0}, stripped, for carrying. Needs NAME and D set.
variant_link() {
  local log=$1 obj=$2
  # a -D flag for a macro the file #defines without #ifndef is silently overridden (session 27): refuse such a build
  if grep -qi "redefin" "$log"; then cat "$log"; echo "$(basename "$0"): a -D flag names a macro without #ifndef" >&2; exit 1; fi
  if [ -f CMakeFiles/gpuprim.dir/objects1 ]; then # a Makefile build
    sed "s|$obj|$D/v.o|" CMakeFiles/gpuprim.dir/objects1 >"$D/objects1"
    grep -q "$D/v.o" "$D/objects1"
    /usr/bin/g++ -fPIC -Wl,--exclude-libs,ALL -shared -Wl,-soname,libgpuprim.so.0 -o "$D/libgpuprim.so.0" @"$D/objects1" \
      @CMakeFiles/gpuprim.dir/linkLibs.rsp -L/usr/local/cuda/targets/x86_64-linux/lib/stubs -L/usr/local/cuda/targets/x86_64-linux/lib
  else # a Ninja build: its own link command, with the variant's object and output
    ninja -t commands libgpuprim.so.0.1 | tail -1 | sed "s|$obj |$D/v.o |; s|-o libgpuprim.so.0.1 |-o $D/libgpuprim.so.0 |" >"$D/link.sh"
    grep -q "$D/v.o" "$D/link.sh"
    sh "$D/link.sh"
  fi
  cp gpuprim "$D/libgpuprim.so.0" "/tmp/s22/$NAME/" && strip "/tmp/s22/$NAME/"*
}
