#!/usr/bin/env bash
# next-run.sh [STEPS] — on the device, with prebuilt/next.tar.xz carried (next-prep.sh): issue 16's open items in one
# call of ~6-8 minutes (an H100 is the chip). Steps (default all, in this order):
#   test    test_gpu_gemm (automatic choice) of head, then of w1 (every rung-06/07 plan with wait1)
#   head    headline rows, bf16 and f16 at 4096^3 and 8192^3, 3 rounds (head)
#   w1      w0 (= head) against w1 alternating at 8192^3 in four layouts and 4096^3 NN, 2 rounds
#   sweeps  the bf16, f16 and tf32 sweeps (head): geomean and worst
#   pp      pp-run.sh: the ping-pong experiment's check, memcheck and timing
# Everything under $OUT/next.
set -uo pipefail
S=scripts/experiments/gemm_hopper; O=$OUT/next; mkdir -p $O /tmp/k
xz -dc prebuilt/next.tar.xz | tar -xf - -C /tmp/k
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,power.limit,temperature.gpu --format=csv > $O/smi.txt
t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
keep() { tar czf $OUT/next.tgz -C $OUT next; }
has() { [ -z "${1:-}" ] || [ -z "$STEPS" ] || [[ " $STEPS " == *" $1 "* ]]; }
STEPS=${*:-}
if has test; then
  for v in head w1; do
    GP_TEST_RUNGS=0 timeout 170 /tmp/k/$v/test_gpu_gemm > $O/test-$v.txt 2>&1; echo "test $v rc=$? $(tail -1 $O/test-$v.txt) $(el) s"
    grep -E "FAIL|differs" $O/test-$v.txt | head -3; keep
  done
fi
if has head; then
  LIBS=/tmp/k VERSIONS="head" OPS="bf16 f16" ROUNDS=3 SHAPES="4096,4096,4096 8192,8192,8192" timeout 200 $S/ab-lib.sh $O/ab-head >/dev/null 2>&1
  cat $O/ab-head/ab.txt; echo "head $(el) s"; keep
fi
if has w1; then
  for tr in NN TN NT TT; do
    LIBS=/tmp/k VERSIONS="head w1" OPS=bf16 TRANS=$tr ROUNDS=2 SHAPES="8192,8192,8192" timeout 120 $S/ab-lib.sh $O/ab-w1-$tr >/dev/null 2>&1
    cat $O/ab-w1-$tr/ab.txt
  done
  LIBS=/tmp/k VERSIONS="head w1" OPS="bf16 f16" ROUNDS=2 SHAPES="4096,4096,4096" timeout 120 $S/ab-lib.sh $O/ab-w1-4096 >/dev/null 2>&1
  cat $O/ab-w1-4096/ab.txt; echo "w1 $(el) s"; keep
fi
if has sweeps; then
  for op in bf16 f16 tf32; do
    LD_LIBRARY_PATH=/tmp/k/head timeout 150 /tmp/k/head/gpuprim bench gemm --sweep --op $op --json $O/sweep-$op.json > $O/sweep-$op.txt 2>&1
    echo "sweep $op $(el) s: $(python3 $S/sweep_compare.py $O/sweep-$op.json $O/sweep-$op.json | tail -1)"; keep
  done
fi
if has pp; then
  PP=/tmp/k/pp/pingpong timeout 420 $S/pp-run.sh $O/pp; echo "pp $(el) s"; keep
fi
echo "end $(el) s"
