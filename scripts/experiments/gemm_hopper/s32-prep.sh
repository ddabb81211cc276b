#!/usr/bin/env bash
# s32-prep.sh — here (no GPU): HEAD's gpuprim, libgpuprim.so.0 and test_gpu_gemm into prebuilt/s32.tar.xz as "new"
# (rung 08 and the wait1 rule), for s32-c3.sh / s32-c4.sh; "head" (the library before them) comes from next.tar.xz.
set -euo pipefail
cd "$(dirname "$0")/../../.."
cmake --build build-90a -j2 >/dev/null
P=/tmp/s32-prep; rm -rf $P; mkdir -p $P/new prebuilt
cp build-90a/gpuprim build-90a/test_gpu_gemm $P/new/ && cp -L build-90a/libgpuprim.so.0 $P/new/
strip $P/new/*
tar -C $P -cf - new | xz -9 -T1 > prebuilt/s32.tar.xz
ls -la prebuilt/
