#!/usr/bin/env bash
# s33-prep.sh — here (no GPU): the working tree's gpuprim, libgpuprim.so.0 and test_gpu_gemm as "new" (session 33's
# review changes: rungs 04 and 08 through gp_h_kblock_m128, gp_hp_splitk_reduce_g without its `groups > 1` test) and
# pingpong.cu (with the pairs without multicast, cl 3) as "pp", into prebuilt/s33.tar.xz. "head" is s32.tar.xz's "new".
set -euo pipefail
cd "$(dirname "$0")/../../.."
cmake --build build-90a -j2 >/dev/null
P=/tmp/s33-prep; rm -rf $P; mkdir -p $P/new $P/pp prebuilt
cp build-90a/gpuprim build-90a/test_gpu_gemm $P/new/ && cp -L build-90a/libgpuprim.so.0 $P/new/
nvcc -O3 -std=c++17 -arch=sm_90a --expt-relaxed-constexpr -I include -I src -I bench \
  scripts/experiments/gemm_hopper/pingpong.cu build-90a/libgpbench.a build-90a/libgpuprim.a \
  -lcublasLt -lcublas -lcuda -o $P/pp/pingpong
strip $P/new/* $P/pp/*
tar -C $P -cf - new pp | xz -9 -T1 > prebuilt/s33.tar.xz
ls -la prebuilt/
