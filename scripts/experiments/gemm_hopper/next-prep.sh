#!/usr/bin/env bash
# next-prep.sh — builds here (no GPU) what next-run.sh carries to the device (session 31's open items for issue 16):
#   head: HEAD's gpuprim, libgpuprim.so.0, test_gpu_gemm (build-90a, built first);
#   w1:   libgpuprim.so.0 and gpuprim with hopper_pick.c at -DGP_H_WAIT1=1, and test_gpu_gemm linked with that plan;
#   pp:   pingpong (pingpong.cu, statically linked).
# Into prebuilt/next.tar.xz (prebuilt/ is git-ignored; carry it with `carry: ["prebuilt"]`). ~3 minutes after build-90a.
set -euo pipefail
cd "$(dirname "$0")/../../.."
S=scripts/experiments/gemm_hopper
cmake --build build-90a -j2 >/dev/null
P=/tmp/next-prep; rm -rf $P; mkdir -p $P/head $P/w1 $P/pp prebuilt
cp build-90a/gpuprim build-90a/test_gpu_gemm $P/head/ && cp -L build-90a/libgpuprim.so.0 $P/head/
$S/variant-host.sh w1 -DGP_H_WAIT1=1 >/dev/null
cp /tmp/s22/w1/gpuprim /tmp/s22/w1/libgpuprim.so.0 $P/w1/
# test_gpu_gemm links libgpuprim.a: the same link with the w1 plan's object in a copy of the archive
mkdir -p $P/ar && cp build-90a/libgpuprim.a $P/ar/ && cp /tmp/variant-w1/v.o $P/ar/hopper_pick.c.o
(cd $P/ar && ar r libgpuprim.a hopper_pick.c.o)
(cd build-90a && eval "$(ninja -t commands test_gpu_gemm | tail -1 | sed "s| libgpuprim.a | $P/ar/libgpuprim.a |; s|-o test_gpu_gemm |-o $P/w1/test_gpu_gemm |")")
nvcc -O3 -std=c++17 -arch=sm_90a --expt-relaxed-constexpr -I include -I src -I bench $S/pingpong.cu \
  build-90a/libgpbench.a build-90a/libgpuprim.a -lcublasLt -lcublas -lcuda -o $P/pp/pingpong
rm -rf $P/ar
strip $P/*/*
tar -C $P -cf - head w1 pp | xz -9 -T1 > prebuilt/next.tar.xz
ls -la prebuilt/next.tar.xz
