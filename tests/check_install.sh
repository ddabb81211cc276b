#!/usr/bin/env bash
# check_install.sh BUILD_DIR SOURCE_DIR VERSION C_COMPILER CUDA_TOOLKIT_ROOT GENERATOR [MAKE_PROGRAM] — installs the built tree into a temporary
# prefix (cmake --install: nothing is recompiled), then builds tests/consumer/consumer.c against it the two
# ways a user would: a CMake project with find_package(gpuprim) (gpuprim::gpuprim and gpuprim::gpuprim_static)
# and `cc $(pkg-config --cflags --libs gpuprim)` (and gpuprim-static); runs each and checks what they print.
set -euo pipefail
build=$(cd "$1" && pwd) src=$(cd "$2" && pwd) version=$3 cc=$4 cuda_root=$5 gen=$6 make_program=${7:-}
work="$build/install-test"
rm -rf "$work" && mkdir -p "$work"
prefix="$work/prefix"
cmake --install "$build" --prefix "$prefix" >"$work/install.log"
for f in include/gpuprim.h lib/libgpuprim.so lib/libgpuprim.a lib/cmake/gpuprim/gpuprimConfig.cmake \
         lib/cmake/gpuprim/gpuprimConfigVersion.cmake lib/pkgconfig/gpuprim.pc lib/pkgconfig/gpuprim-static.pc bin/gpuprim; do
    [ -e "$prefix/$f" ] || { echo "not installed: $f" >&2; exit 1; }
done

cmake -S "$src/tests/consumer" -B "$work/cmake" ${gen:+-G "$gen"} ${make_program:+-DCMAKE_MAKE_PROGRAM="$make_program"} \
      -DCMAKE_C_COMPILER="$cc" -DCMAKE_PREFIX_PATH="$prefix" -DCUDAToolkit_ROOT="$cuda_root" >"$work/cmake.log" ||
    { cat "$work/cmake.log" >&2; exit 1; }
cmake --build "$work/cmake" >>"$work/cmake.log" || { cat "$work/cmake.log" >&2; exit 1; }

command -v pkg-config >/dev/null || { echo "pkg-config is required (scripts/setup.sh installs it)" >&2; exit 1; }
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
# shellcheck disable=SC2046
"$cc" "$src/tests/consumer/consumer.c" -o "$work/consumer_pc" $(pkg-config --cflags --libs gpuprim)
# shellcheck disable=SC2046
"$cc" "$src/tests/consumer/consumer.c" -o "$work/consumer_pc_static" $(pkg-config --cflags --libs gpuprim-static)

status=0 first=
for exe in "$work/cmake/consumer" "$work/cmake/consumer_static" "$work/consumer_pc" "$work/consumer_pc_static"; do
    # the shared library is found through the consumer's rpath (CMake) or LD_LIBRARY_PATH (pkg-config)
    libpath=${LD_LIBRARY_PATH:-}
    case $exe in *_pc*) libpath="$prefix/lib${libpath:+:$libpath}";; esac
    if ! out=$(LD_LIBRARY_PATH="$libpath" "$exe"); then
        echo "$exe failed:" >&2; echo "$out" >&2; status=1; continue
    fi
    for want in "^version $version\$" "^status invalid value" "^prim map [1-9][0-9]*\$" "^prim sgemm [1-9][0-9]*\$" \
                "^create (no CUDA device available|success)\$"; do
        grep -Eq "$want" <<<"$out" || { echo "$exe: no line matching '$want' in:" >&2; echo "$out" >&2; status=1; }
    done
    if [ -z "$first" ]; then first=$out; echo "$out"
    elif [ "$out" != "$first" ]; then echo "$exe printed something else than the first consumer:" >&2; echo "$out" >&2; status=1
    fi
done
case $(readelf -d "$work/cmake/consumer" 2>/dev/null) in *libgpuprim.so*) ;; *) echo "consumer does not link libgpuprim.so" >&2; status=1;; esac
case $(readelf -d "$work/consumer_pc_static" 2>/dev/null) in *libgpuprim.so*) echo "consumer_pc_static links libgpuprim.so" >&2; status=1;; esac
[ $status = 0 ] && echo "4 consumers built against $prefix and checked"
exit $status
