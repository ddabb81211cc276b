#!/usr/bin/env bash
# call-s21.sh OUT — session 21: rung 13's two edges in one launch (sgemm_edge.cuh). prebuilt/ab.tar.xz holds old/ (the
# library before) and the versions of this session (VERSIONS; cur/ is this tree's and has test_gpu_sgemm).
# STEPS as ab.sh (its "new" is cur), plus "ncufull" (ncu's sections for the edge kernels, NCU_VERSIONS at NCU_SHAPES).
set -uo pipefail
OUT=${1:?usage: call-s21.sh OUT}
mkdir -p "$OUT" /tmp/ab
cd "$(dirname "$0")/../../.."
tar -C /tmp/ab -xJf prebuilt/ab.tar.xz || exit 1
ln -sfn /tmp/ab/cur /tmp/ab/new
export STEPS=${STEPS:-ab ncu} VERSIONS=${VERSIONS:-old cur} NCU_VERSIONS=${NCU_VERSIONS:-old cur}
export NCU_SHAPES=${NCU_SHAPES:-1025,1025,1025 2049,2047,2051}
export SHAPES=${SHAPES:-1025,1025,1025,NN 1025,1025,1025,TT 1025,1025,1025,NT 2049,2047,2051,NN 4097,4097,4097,NN 2049,2048,2048,NN}
case " $STEPS " in *" ncufull "*)
  for s in $NCU_SHAPES; do for v in $NCU_VERSIONS; do
    IFS=, read -r m n k <<<"$s"
    LD_LIBRARY_PATH=/tmp/ab/$v timeout 200 ncu --clock-control none -k regex:gp_sg_edge -c 3 --section SpeedOfLight \
      --section Occupancy --section LaunchStats --section WarpStateStats --section MemoryWorkloadAnalysis \
      /tmp/ab/$v/gpuprim bench sgemm -r auto --reps 2 --m "$m" --n "$n" --k "$k" >"$OUT/ncufull-$v-$m.txt" 2>&1
    echo "== ncufull $v $s"; grep -E "gp_sg_edge|Duration|Achieved Occupancy|Registers Per|Memory Throughput|DRAM Through|Waves Per SM|Stall|Block Limit Reg" "$OUT/ncufull-$v-$m.txt" | head -40
  done; done;; esac
scripts/experiments/sgemm-edge/ab.sh "$OUT"
