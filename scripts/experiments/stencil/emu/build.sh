#!/usr/bin/env bash
# build.sh — the stencil kernels and stencil_bench.cu's verification on the CPU, for machines without a GPU.
# A logic check only (index math, borders, tiles, barriers, shuffles), not a GPU: threads are fibers run one
# block at a time, shared memory is host memory, "device" memory is host memory allocated at its exact size under
# AddressSanitizer (reads past a matrix are reported), 16-byte accesses are checked for alignment. Launches are
# serialised, so stream overlap and memory-model questions are out of its reach; compute-sanitizer on a GPU
# remains the real check. Sources are rewritten by transform.py (<<<>>> launches, extern __shared__, the
# st.global.v4 asm) into build-emu/t; the CUDA runtime is stubbed in emu_rt.cpp.
# Usage: scripts/experiments/stencil/emu/build.sh && build-emu/emu [all|conv|sep|jac|ring|one]
# build_tests.sh then builds the GPU tests and the command's verify/bench of these primitives on the same emulation.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../../.." && pwd)
B=$ROOT/build-emu
CUDA_INC=$(dirname "$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)")/../include
rm -rf "$B/t" && mkdir -p "$B/t" "$B/obj"
python3 "$HERE/transform.py" "$ROOT/src" "$B/t/src"
python3 "$HERE/transform.py" "$ROOT/scripts/experiments/stencil" "$B/t/h"
cat "$HERE/driver.inc" >>"$B/t/h/stencil_bench.cu"
INC=(-I "$ROOT/include" -I "$B/t/src" -I "$ROOT/bench" -I "$CUDA_INC")
SAN=(-fsanitize=address)
for f in core/checks.c core/handle.c core/rungs.c core/status.c conv2d/conv2d.c separable/separable.c jacobi/jacobi.c ref/ref_conv.c; do
  gcc -O1 -g "${SAN[@]}" -std=c11 "${INC[@]}" -c "$B/t/src/$f" -o "$B/obj/$(basename "$f").o"
done
for f in "$B"/t/src/conv2d/0*.cu "$B"/t/src/separable/0*.cu "$B"/t/src/jacobi/0*.cu; do
  g++ -O1 -g "${SAN[@]}" -std=c++17 -x c++ -include "$HERE/emu.h" "${INC[@]}" -c "$f" \
    -o "$B/obj/$(basename "$(dirname "$f")")_$(basename "$f").o"
done
g++ -O1 -g "${SAN[@]}" -std=c++17 -fopenmp -x c++ -include "$HERE/emu.h" "${INC[@]}" -c "$B/t/h/stencil_bench.cu" -o "$B/obj/harness.o"
g++ -O1 -g "${SAN[@]}" -std=c++17 -I "$HERE" -I "$CUDA_INC" -c "$HERE/emu_rt.cpp" -o "$B/obj/emu_rt.o"
g++ -O1 -g "${SAN[@]}" -std=c++17 -x c++ "${INC[@]}" -c "$ROOT/bench/vendor_conv.cu" -o "$B/obj/vendor_conv.o" # no cuDNN
g++ "${SAN[@]}" -fopenmp -o "$B/emu" "$B"/obj/*.o -lm
echo "built $B/emu (run with ASAN_OPTIONS=detect_leaks=0)"
