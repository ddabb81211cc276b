#!/usr/bin/env bash
# run.sh OUTDIR — issue 18 phase 1 on this machine's GPU: builds the library (CMake, target gpuprim_static, into
# build-st/) and scripts/experiments/stencil/stencil_bench.cu, records registers/spills (ptxas) and SASS counts of
# the stencil kernels, verifies every rung of conv2d / separable / conv1d / jacobi against the CPU references,
# times the issue's cases against the D2D copy ceiling and cuDNN, and prints a compact summary.
#   OUTDIR/summary.txt   the compact summary (also printed)
#   OUTDIR/bench.log     the harness's full output (every check, cuDNN's algorithm list)
#   OUTDIR/build.log     CMake + nvcc output; OUTDIR/ptxas.txt registers/spills; OUTDIR/sass.txt instruction counts
# Environment:
#   SMALL=1                  the small verification only (no timing)
#   SAN="memcheck racecheck" the small verification under compute-sanitizer with each tool (OUTDIR/san-TOOL.log)
#   ARCH=90a                 CMAKE_CUDA_ARCHITECTURES (default 90a: H100)
#   JOBS=N                   build parallelism (default: nproc)
#   CUDNN_ROOT=DIR           where cudnn.h (DIR/include) and libcudnn (DIR/lib64 or DIR/lib) are, if not found
# Without a loadable cuDNN the harness is built without it and PyTorch's F.conv2d (which calls cuDNN) is timed by
# torch_conv.py in the same run instead; the summary says so.
set -uo pipefail
OUT=${1:?usage: run.sh OUTDIR}
mkdir -p "$OUT" && OUT=$(cd "$OUT" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
cd "$HERE/../../.."
command -v nvcc >/dev/null 2>&1 || export PATH=/usr/local/cuda/bin:$PATH
ARCH=${ARCH:-90a}
JOBS=${JOBS:-$(nproc)}
B=${BUILD_DIR:-build-st}
SM=sm_${ARCH}
t0=$(date +%s)
: >"$OUT/build.log"

echo "== build (library: $B, arch $ARCH)" | tee -a "$OUT/build.log"
{
  cmake -S . -B "$B" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES="$ARCH" -DGPUPRIM_PTXAS_VERBOSE=ON &&
    cmake --build "$B" --target gpuprim_static -j "$JOBS"
} >>"$OUT/build.log" 2>&1 || { echo "library build failed (see $OUT/build.log)"; tail -30 "$OUT/build.log"; exit 1; }
cc -O2 -std=c11 -I include -I src -I "$(dirname "$(command -v nvcc)")/../include" -c src/ref/ref_conv.c \
  -o "$B/ref_conv.o" >>"$OUT/build.log" 2>&1 || { echo "reference build failed"; exit 1; }

# ---- cuDNN: the CUDA install, CUDNN_ROOT, system paths, or the nvidia-cudnn wheel under python3's site-packages
CUDNN_FLAGS=""
CUDNN_DESC="none"
cands=("${CUDNN_ROOT:-}" "$(dirname "$(command -v nvcc)")/.." /usr/local/cuda /usr /usr/local/cudnn)
wheel=$(python3 -c 'import nvidia.cudnn, os; print(os.path.dirname(nvidia.cudnn.__file__))' 2>/dev/null || true)
[ -n "$wheel" ] && cands+=("$wheel")
for d in "${cands[@]}"; do
  [ -n "$d" ] || continue
  inc=""
  for i in "$d/include" "$d/include/x86_64-linux-gnu" /usr/include/x86_64-linux-gnu; do
    [ -f "$i/cudnn.h" ] && { inc=$i; break; }
  done
  [ -n "$inc" ] || continue
  for l in "$d/lib64" "$d/lib" "$d/lib/x86_64-linux-gnu" /usr/lib/x86_64-linux-gnu; do
    lib=$(ls "$l"/libcudnn.so "$l"/libcudnn.so.[0-9]* 2>/dev/null | head -1)
    [ -n "$lib" ] || continue
    cat >"$B/cudnn_probe.cu" <<'EOF'
#include <cudnn.h>
#include <stdio.h>
int main(void) { cudnnHandle_t h; if (cudnnCreate(&h) != CUDNN_STATUS_SUCCESS) return 1; printf("cuDNN %zu\n", cudnnGetVersion()); cudnnDestroy(h); return 0; }
EOF
    flags="-DGPB_HAVE_CUDNN -I$inc -L$l -l:$(basename "$lib") -Xlinker -rpath=$l"
    if nvcc -o "$B/cudnn_probe" "$B/cudnn_probe.cu" $flags >>"$OUT/build.log" 2>&1 && "$B/cudnn_probe" >>"$OUT/build.log" 2>&1; then
      CUDNN_FLAGS=$flags
      CUDNN_DESC="$("$B/cudnn_probe") ($lib)"
      break 2
    fi
  done
done
echo "cuDNN: $CUDNN_DESC" | tee -a "$OUT/build.log"

echo "== build (harness)" | tee -a "$OUT/build.log"
nvcc -O3 -std=c++17 -gencode arch=compute_${ARCH},code=${SM} -I include -I src -I bench -Xcompiler -fopenmp \
  scripts/experiments/stencil/stencil_bench.cu bench/vendor_conv.cu "$B/ref_conv.o" "$B/libgpuprim.a" -cudart shared \
  $CUDNN_FLAGS -lgomp \
  -o "$B/stencil_bench" >>"$OUT/build.log" 2>&1 || { echo "harness build failed (see $OUT/build.log)"; tail -30 "$OUT/build.log"; exit 1; }

# ---- registers / spills of the stencil kernels (ptxas -v from the library build), SASS instruction counts
grep -A3 -E "Compiling entry function '_Z[0-9]+(conv2d|separable|sep_|jacobi)" "$OUT/build.log" |
  grep -E "Compiling|registers|spill" | paste - - - | sed -E 's/ptxas info +: //g; s/  +/ /g' >"$OUT/ptxas.txt"
{
  for f in conv2d/02_constant conv2d/03_smem_tile conv2d/04_register_tile separable/02_fused jacobi/03_register_tile jacobi/04_temporal; do
    o="$B/CMakeFiles/gpuprim_objs.dir/src/$f.cu.o"
    [ -f "$o" ] || continue
    cuobjdump -sass "$o" >"$B/sass.tmp" 2>/dev/null || continue
    echo "== $f"
    awk '/Function :/ {fn=$3} /FFMA|LDG|STG|LDS|STS|ULDC|LDC/ {
           op=$2; if (op ~ /^@/) op=$3; sub(/;$/, "", op);
           k=op; if ($0 ~ /FFMA/ && $0 ~ /c\[0x3\]/) k="FFMA c[0x3] operand"; else if ($0 ~ /FFMA/ && $0 ~ /UR[0-9]/) k="FFMA uniform-register operand";
           else if ($0 ~ /ULDC/ && $0 ~ /c\[0x3\]/) k=op " from c[0x3]";
           n[fn" "k]++ } END { for (x in n) printf "  %-60s %6d\n", x, n[x] }' "$B/sass.tmp" | sort
  done
} >"$OUT/sass.txt"
rm -f "$B/sass.tmp"

if [ -n "${SAN:-}" ]; then
  for tool in $SAN; do
    echo "== compute-sanitizer --tool $tool (small verification)"
    compute-sanitizer --tool "$tool" --error-exitcode 3 "$B/stencil_bench" --small >"$OUT/san-$tool.log" 2>&1
    echo "$tool: exit $? ($(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$OUT/san-$tool.log" | tail -1)); $(grep '^result' "$OUT/san-$tool.log")"
  done | tee "$OUT/summary.txt"
  exit 0
fi

echo "== run ($([ "${SMALL:-0}" = 1 ] && echo small verification || echo verification + timing))"
args=(--summary "$OUT/summary.txt")
[ "${SMALL:-0}" = 1 ] && args+=(--small)
"$B/stencil_bench" "${args[@]}" >"$OUT/bench.log" 2>&1
rc=$?
if [ "${SMALL:-0}" != 1 ] && [ -z "$CUDNN_FLAGS" ]; then
  ours=$(grep -E '^conv2d 15x15 .* auto ' "$OUT/summary.txt" | awk '{for (i=1;i<=NF;i++) if ($i=="ms") print $(i-1)}' | head -1)
  ours_sep=$(grep -E '^separable 15\+15 .* auto ' "$OUT/summary.txt" | awk '{for (i=1;i<=NF;i++) if ($i=="ms") print $(i-1)}' | head -1)
  echo "no loadable cuDNN: timing PyTorch F.conv2d (cuDNN underneath) instead" | tee -a "$OUT/summary.txt"
  python3 "$HERE/torch_conv.py" "${ours:-0}" "${ours_sep:-0}" 2>&1 | tee -a "$OUT/summary.txt"
fi
echo "== summary ($(($(date +%s) - t0)) s; full log: $OUT/bench.log)"
cat "$OUT/summary.txt"
echo "== registers / spills (stencil kernels, $SM)"
sed -E "s/Compiling entry function '_Z[0-9]+//; s/' for '$SM'//" "$OUT/ptxas.txt" | awk '{printf "  %s\n", $0}' | cut -c1-150
exit $rc
