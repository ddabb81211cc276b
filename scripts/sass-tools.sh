#!/usr/bin/env bash
# sass-tools.sh — installs cuobjdump and nvdisasm (from NVIDIA's PyPI wheels) where the CUDA toolkit here
# lacks them, so SASS can be read without a GPU:  cuobjdump --dump-sass build/CMakeFiles/gpuprim_objs.dir/src/map/04_ilp.cu.o
set -euo pipefail
command -v cuobjdump >/dev/null && command -v nvdisasm >/dev/null && { echo "already installed"; exit 0; }
dir=${SASS_TOOLS_DIR:-/opt/sass-tools}
mkdir -p "$dir"
python3 -m pip download --no-deps -q -d "$dir" nvidia-cuda-cuobjdump nvidia-cuda-nvdisasm
for w in "$dir"/*.whl; do (cd "$dir" && python3 -m zipfile -e "$w" .); done
for t in cuobjdump nvdisasm; do
  b=$(find "$dir" -path '*bin*' -name $t -type f | head -1)
  chmod +x "$b"
  ln -sf "$b" /usr/local/bin/$t
done
cuobjdump --version | tail -1
