#!/usr/bin/env bash
# s35-prep.sh — here (no GPU): HEAD with s34-desc.patch applied (the wgmma descriptors as one add each, with the
# 18-bit mask cluster launches need), built in /tmp/s35src (a git archive of HEAD, not the repository's build-90a),
# and HEAD's own build-90a, into prebuilt/s35.tar.xz: desc/ (patched) and head/ (HEAD), each with gpuprim,
# libgpuprim.so.0 and b2b; desc/test_gpu_gemm. ~25 min on 2 cores for the patched build. Then on the device:
# s35-next.sh with carry ["prebuilt/s35.tar.xz"] (move other archives out of prebuilt/: the carry limit is 64 MiB).
# Session 34 already left a prebuilt/s35.tar.xz of what s35-next.sh needs: desc/test_gpu_gemm and desc/b2b from
# build-90a with the patch (the build that call 14 could not run: no device time left), head/b2b from HEAD's library
# (0e2feec's code). Run this only to rebuild them (e.g. after a library change).
set -euo pipefail
cd "$(dirname "$0")/../../.."
R=$PWD
rm -rf /tmp/s35src && mkdir -p /tmp/s35src && git archive HEAD | tar -x -C /tmp/s35src
(cd /tmp/s35src && patch -p1 -s < scripts/experiments/gemm_hopper/s34-desc.patch &&
  cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90a >/dev/null &&
  cmake --build build -j2 --target gpuprim gpuprim_static gpuprim_cli test_gpu_gemm gpbench >/dev/null)
cmake --build build-90a -j2 >/dev/null
P=/tmp/s35-prep; rm -rf $P; mkdir -p $P/desc $P/head prebuilt
for v in desc head; do
  B=$([ $v = desc ] && echo /tmp/s35src/build || echo build-90a)
  cp $B/gpuprim $P/$v/ && cp -L $B/libgpuprim.so.0 $P/$v/
  nvcc -O2 -arch=sm_90a -I include -I bench scripts/experiments/gemm_hopper/b2b.cu $B/libgpbench.a $B/libgpuprim.a \
    -lcublasLt -lcublas -lcuda -o $P/$v/b2b
done
cp /tmp/s35src/build/test_gpu_gemm $P/desc/
(cd $P && tar -cf - desc head | xz -9 -T2 > "$R/prebuilt/s35.tar.xz")
ls -la prebuilt/s35.tar.xz
