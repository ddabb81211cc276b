#!/usr/bin/env bash
# python-wheels.sh PYVER — downloads, on a machine that reaches PyPI, the wheels the Python tests and
# python/bench.py need on an offline GPU machine whose python3 is version PYVER (e.g. 3.12) and already has
# torch, CuPy and numpy: pytest and CCCL's Python algorithms (cuda-cccl with the system toolkit's CUDA 13:
# extra minimal-sysctk13, without numba-cuda-mlir, whose 71 MB wheel only serves Python-callable operators,
# so the benchmark's cuda.compute select is skipped). Into .whl/ (git-ignored; carry it to the GPU machine,
# about 25 MB), then there:
#   PIP_BREAK_SYSTEM_PACKAGES=1 python3 -m pip install --no-index --find-links .whl pytest 'cuda-cccl[minimal-sysctk13]'
# (scripts/gpu-check.sh's python step does that where pytest or cuda.compute is missing).
set -euo pipefail
cd "$(dirname "$0")/.."
PYVER=${1:?usage: scripts/python-wheels.sh PYVER, the python3 version of the GPU machine, e.g. 3.12}
mkdir -p .whl
plat=(--platform manylinux_2_28_x86_64 --platform manylinux_2_27_x86_64 --platform manylinux_2_26_x86_64
      --platform manylinux_2_24_x86_64 --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64
      --platform linux_x86_64 --platform any)
python3 -m pip download -q --disable-pip-version-check --only-binary=:all: --python-version "$PYVER" "${plat[@]}" \
  -d .whl pytest 'cuda-cccl[minimal-sysctk13]'
rm -f .whl/numpy-*.whl   # the GPU machine has its own numpy
du -sh .whl
ls .whl
