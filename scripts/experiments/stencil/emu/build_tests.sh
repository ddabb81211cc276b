#!/usr/bin/env bash
# build_tests.sh — after build.sh: the GPU tests of conv2d, separable and jacobi (tests/test_gpu_*.c), and the
# gpuprim command's verify/bench driver with their CLI modules (cli_emu.c), linked against the emulated library
# (build-emu/obj), with tools/devdata.cu's fills replaced by host loops (devdata_emu.c). AddressSanitizer sees any
# access past the exact-span allocations the verify cases make. The ring cases run their host threads for real;
# kernels from different threads are serialised by the emulation.
# Usage: scripts/experiments/stencil/emu/build_tests.sh && cd build-emu &&
#        ASAN_OPTIONS=detect_leaks=0 GP_TEST_SMALL=1 ./test_gpu_conv2d   (also test_gpu_separable, test_gpu_jacobi,
#        ./cli_emu verify [RUNG], ./cli_emu bench)
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../../.." && pwd)
B=$ROOT/build-emu
CUDA_INC=$(dirname "$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)")/../include
[ -f "$B/obj/emu_rt.o" ] || { echo "run build.sh first"; exit 1; }
mkdir -p "$B/tobj"
INC=(-I "$ROOT/include" -I "$ROOT/src" -I "$ROOT/tools" -I "$ROOT/bench" -I "$ROOT/tests" -I "$CUDA_INC")
SAN=(-fsanitize=address)
for f in tools/driver.c tools/check.c tools/conv_kit.c tools/prim_conv2d.c tools/prim_separable.c tools/prim_jacobi.c \
         bench/harness.c bench/report.c; do
  gcc -O1 -g "${SAN[@]}" -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra "${INC[@]}" -c "$ROOT/$f" -o "$B/tobj/$(basename "$f").o"
done
gcc -O1 -g "${SAN[@]}" -std=c11 "${INC[@]}" -c "$HERE/devdata_emu.c" -o "$B/tobj/devdata_emu.o"
LIB=$(ls "$B"/obj/*.o | grep -v harness.o) # the library, emu_rt and vendor_conv (without cuDNN)
TOOLS=("$B"/tobj/{driver,check,conv_kit,prim_conv2d,prim_separable,prim_jacobi,harness,report}.c.o "$B/tobj/devdata_emu.o")
for t in test_gpu_conv2d test_gpu_separable test_gpu_jacobi; do
  gcc -O1 -g "${SAN[@]}" -std=c11 -Wall -Wextra "${INC[@]}" -c "$ROOT/tests/$t.c" -o "$B/tobj/$t.o"
  g++ "${SAN[@]}" -o "$B/$t" "$B/tobj/$t.o" "${TOOLS[@]}" $LIB -lm -lpthread
done
gcc -O1 -g "${SAN[@]}" -std=c11 -Wall -Wextra "${INC[@]}" -c "$HERE/cli_emu.c" -o "$B/tobj/cli_emu.o"
g++ "${SAN[@]}" -o "$B/cli_emu" "$B/tobj/cli_emu.o" "${TOOLS[@]}" $LIB -lm -lpthread
echo "built $B/test_gpu_conv2d test_gpu_separable test_gpu_jacobi cli_emu (run with ASAN_OPTIONS=detect_leaks=0)"
