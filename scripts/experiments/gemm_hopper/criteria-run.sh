#!/usr/bin/env bash
# criteria-run.sh check|perf — issue 16's done-criteria on the device's Hopper GPU (the issue's is the H100), with
# prebuilt/criteria.tar.xz carried (criteria-prep.sh: HEAD's gpuprim, libgpuprim.so.0 and test_gpu_gemm).
#   check (~4 min): test_gpu_gemm with the automatic choice and rungs 04-08 forced, in parallel; then memcheck
#                   (GP_TEST_SMALL=1, rungs 0, 4, 8) and racecheck (GP_TEST_SMALL=2, rungs 6 and 7) side by side.
#   perf (~4 min):  the headline rows through `gpuprim bench gemm` (ab-lib.sh, 3 rounds): bf16 and f16 NN, tf32 NN and
#                   NT, at 4096^3 and 8192^3; the bf16, f16 and tf32 sweeps (22 shapes each); criteria_verdict.py.
# Everything under $OUT/crit-STEP (and crit-STEP.tgz); the summary at the end of stdout. ARCHIVE (default
# prebuilt/criteria.tar.xz) and VER (default head: the archive's folder) name another build, e.g. s35-c2.sh's.
set -uo pipefail
STEP=${1:?usage: criteria-run.sh check|perf}
S=scripts/experiments/gemm_hopper; O=$OUT/crit-$STEP; mkdir -p $O /tmp/k
VER=${VER:-head}
[ -x /tmp/k/$VER/gpuprim ] || xz -dc "${ARCHIVE:-prebuilt/criteria.tar.xz}" | tar -xf - -C /tmp/k
H=/tmp/k/$VER; T=$H/test_gpu_gemm; t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
nvidia-smi --query-gpu=name,driver_version,power.limit,clocks.max.sm --format=csv,noheader > $O/smi.txt
case $STEP in
check)
  export LD_LIBRARY_PATH=$H
  for r in 0 4 5 6 7 8; do
    ( GP_TEST_RUNGS=$r timeout 280 $T > $O/test-$r.txt 2>&1
      echo "test rung $r rc=$? $(tail -1 $O/test-$r.txt) $(el) s" >> $O/sum.txt ) &
  done
  wait
  grep -h FAIL $O/test-*.txt | head -5 >> $O/sum.txt
  ( GP_TEST_SMALL=1 GP_TEST_RUNGS=0,4,8 timeout 280 compute-sanitizer --tool memcheck $T > $O/memcheck.txt 2>&1
    echo "memcheck 0,4,8 rc=$? $(grep 'ERROR SUMMARY' $O/memcheck.txt) $(grep passed $O/memcheck.txt | tail -1) $(el) s" >> $O/sum.txt ) &
  for r in 6 7; do
    ( GP_TEST_SMALL=2 GP_TEST_RUNGS=$r timeout 280 compute-sanitizer --tool racecheck $T > $O/racecheck-$r.txt 2>&1
      echo "racecheck $r rc=$? $(grep 'RACECHECK SUMMARY' $O/racecheck-$r.txt) $(grep passed $O/racecheck-$r.txt | tail -1) $(el) s" >> $O/sum.txt ) &
  done
  wait
  # each of the 9 runs exited 0 with 0 failed, and the sanitizers found 0 errors / 0 hazards
  awk '/^(test|memcheck|racecheck) / { n++; if (!/rc=0 / || !/ 0 failed/) bad++
         if (/^memcheck/ && !/ 0 errors/) bad++; if (/^racecheck/ && !/ 0 hazards/) bad++ }
       END { print "correctness criteria (" n " of 9 runs): " (n == 9 && !bad ? "PASS" : "FAIL") }' $O/sum.txt >> $O/sum.txt;;
perf)
  ab() { LIBS=/tmp/k VERSIONS=$VER ROUNDS=3 timeout 200 $S/ab-lib.sh $O/ab-$1 > /dev/null 2>&1; cp $O/ab-$1/ab.txt $O/ab-$1.txt; }
  OPS="bf16 f16" TRANS=NN SHAPES="4096,4096,4096 8192,8192,8192" ab 16-NN
  OPS=tf32 TRANS=NN SHAPES="4096,4096,4096 8192,8192,8192" ab tf32-NN
  OPS=tf32 TRANS=NT SHAPES="4096,4096,4096 8192,8192,8192" ab tf32-NT
  echo "headline rows $(el) s" >> $O/sum.txt
  for op in bf16 f16 tf32; do
    LD_LIBRARY_PATH=$H timeout 150 $H/gpuprim bench gemm --sweep --op $op --json $O/sweep-$op.json > $O/sweep-$op.txt 2>&1
    echo "sweep $op rc=$? $(el) s" >> $O/sum.txt
  done
  python3 $S/criteria_verdict.py $O >> $O/sum.txt 2>&1;;
*) echo "usage: criteria-run.sh check|perf"; exit 2;;
esac
tar czf $OUT/crit-$STEP.tgz -C $OUT crit-$STEP && cp $O/sum.txt /tmp/k/sum-$STEP.txt && rm -rf $O
echo "==== $STEP summary ($(el) s): everything in crit-$STEP.tgz"; cat /tmp/k/sum-$STEP.txt
