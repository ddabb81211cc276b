#!/usr/bin/env bash
# configs.sh OUT — check.sh, then every rung-11 configuration forced (`gpuprim bench sgemm -v --rung 11`) and the
# automatic choice at the shapes in SHAPES ("m n k OP" separated by ';'), into OUT/diag/diag.txt.
set -uo pipefail
OUT=${1:?usage: configs.sh OUT}
cd "$(dirname "$0")/../../.."
SHAPES=${SHAPES:-"1000 1000 1000 TT;1000 1000 1000 NN;512 512 4096 NN;8192 128 8192 NN"}
[ "${CHECK:-1}" = 1 ] && scripts/experiments/sgemm-streamk/check.sh $OUT 2>&1 | grep -E "rc=|geomean|ERROR SUMMARY|RACECHECK SUMMARY|passed"
D=$OUT/diag; mkdir -p $D
IFS=';' read -ra cases <<<"$SHAPES"
for c in "${cases[@]}"; do
  set -- $c
  for r in 11 auto; do timeout 60 build-gpu/gpuprim bench sgemm --m $1 --n $2 --k $3 --op $4 --rung $r $([ $r = 11 ] && echo -v) 2>&1 | grep -v '^\[bench\]' >> $D/diag.txt; done
done
grep -E "^sgemm|vendor\)|^  (11|auto)" $D/diag.txt
