#!/usr/bin/env bash
# variant-lib.sh NAME FLAG... — a diagnosis build of the library in which only rung 06 (06_persistent.cu; SRC names
# another file of src/gemm/hopper, e.g. SRC=04_tma_wgmma with -DGP_H_TIMELINE) is compiled with extra flags (e.g.
# -DGP_HP_EXP_TIMELINE; -DGP_HP_EXP_NOLOAD and the other switches of session 22 after `git apply
# scripts/experiments/gemm_hopper/r06-diagnosis.patch`), without reconfiguring the build: its object is compiled on its
# own and linked with build-90a's other objects (build-90a must be built). Writes
# /tmp/s22/NAME/{gpuprim,libgpuprim.so.0}, stripped, for carrying (ab-lib.sh, the timeline runs).
set -euo pipefail
NAME=${1:?usage: variant-lib.sh NAME FLAG...}; shift
SRC=${SRC:-06_persistent}
. "$(dirname "$0")/variant-common.sh"
cd "$(dirname "$0")/../../../build-90a"
D=/tmp/variant-$NAME; mkdir -p "$D" "/tmp/s22/$NAME"
OBJ=CMakeFiles/gpuprim_objs.dir/src/gemm/hopper/$SRC.cu.o
if [ -f CMakeFiles/gpuprim_objs.dir/includes_CUDA.rsp ]; then # a Makefile build
  /usr/local/cuda/bin/nvcc -DGPUPRIM_BUILDING --options-file CMakeFiles/gpuprim_objs.dir/includes_CUDA.rsp -O3 -DNDEBUG \
    --generate-code=arch=compute_90a,code=[compute_90a,sm_90a] -Xcompiler=-fPIC -Xcompiler=-fvisibility=hidden \
    --expt-relaxed-constexpr -std=c++17 "$@" -c "../src/gemm/hopper/$SRC.cu" -o "$D/v.o" 2>"$D/nvcc.log" || { cat "$D/nvcc.log"; exit 1; }
else # a Ninja build: the object's own compile command, with the flags added and the variant's output
  cmd=$(ninja -t commands "$OBJ" | tail -1 | sed "s| -MD -MT [^ ]* -MF [^ ]*||; s| -o $OBJ\$| -o $D/v.o|")
  case $cmd in *"-o $D/v.o") ;; *) echo "variant-lib.sh: no compile command for $OBJ" >&2; exit 1;; esac
  eval "$cmd $*" 2>"$D/nvcc.log" || { cat "$D/nvcc.log"; exit 1; }
fi
variant_link "$D/nvcc.log" "$OBJ"
