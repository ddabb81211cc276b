#!/usr/bin/env bash
# criteria-prep.sh — here (no GPU): HEAD's build-90a (Ninja, sm_90a) brought up to date and its gpuprim,
# libgpuprim.so.0 and test_gpu_gemm packed into prebuilt/criteria.tar.xz (~12 MB; prebuilt/ is git-ignored) for
# criteria-run.sh, which a device call runs with carry ["prebuilt/criteria.tar.xz"]. Keep other archives out of
# prebuilt/ meanwhile: the carry limit (64 MiB) includes the ~42 MB tree.
set -euo pipefail
cd "$(dirname "$0")/../../.."
[ -z "$(git status --porcelain -- src include)" ] || { echo "criteria-prep.sh: src/ or include/ differ from HEAD"; exit 1; }
cmake --build build-90a -j2 > /dev/null
P=/tmp/criteria-prep; rm -rf $P; mkdir -p $P/head prebuilt
cp build-90a/gpuprim build-90a/test_gpu_gemm $P/head/ && cp -L build-90a/libgpuprim.so.0 $P/head/
git rev-parse HEAD > $P/head/commit.txt
(cd $P && tar -cf - head | xz -9 -T2 > "$OLDPWD/prebuilt/criteria.tar.xz")
ls -la prebuilt/criteria.tar.xz
