# session 32 call 4 (H200): "new" (rung 08 and the wait1 rule, with the verification's repeat on the same rung;
# s32-prep.sh) checked again in parallel: test_gpu_gemm with the automatic choice and rung 08 forced, with rungs 06
# and 07 forced; then, alone on the GPU: the bf16 and f16 sweeps of new, head (before rung 08) against new at the
# rung-08 shapes and 8192^3 (`ab`, alternating, 2 rounds), and the gemm ladder at bf16 2048x8192x1024 TT.
# Carried: prebuilt/s32.tar.xz, prebuilt/next.tar.xz.
S=scripts/experiments/gemm_hopper; O=$OUT/c4; mkdir -p $O /tmp/k
xz -dc prebuilt/s32.tar.xz | tar -xf - -C /tmp/k; xz -dc prebuilt/next.tar.xz | tar -xf - -C /tmp/k head
T=/tmp/k/new/test_gpu_gemm; t0=$(date +%s)
( GP_TEST_RUNGS=0,8 timeout 300 $T > $O/test-0-8.txt 2>&1; echo "test 0,8 rc=$? $(tail -1 $O/test-0-8.txt) $(( $(date +%s)-t0 )) s" ) &
( GP_TEST_RUNGS=6 timeout 300 $T > $O/test-6.txt 2>&1; echo "test 6 rc=$? $(tail -1 $O/test-6.txt) $(( $(date +%s)-t0 )) s" ) &
( GP_TEST_RUNGS=7 timeout 300 $T > $O/test-7.txt 2>&1; echo "test 7 rc=$? $(tail -1 $O/test-7.txt) $(( $(date +%s)-t0 )) s" ) &
wait
grep -hE 'FAIL|rung 08|wait1' $O/test-*.txt | head -12
for op in bf16 f16; do
  LD_LIBRARY_PATH=/tmp/k/new timeout 100 /tmp/k/new/gpuprim bench gemm --sweep --op $op --json $O/sweep-$op.json > $O/sweep-$op.txt 2>&1
  echo "sweep $op $(( $(date +%s)-t0 )) s: $(python3 $S/sweep_compare.py $O/sweep-$op.json $O/sweep-$op.json | tail -1)"
done
LIBS=/tmp/k VERSIONS="head new" OPS=bf16 ROUNDS=2 SHAPES="2048,8192,1024 4096,4096,1024 2048,2048,2048 2560,2560,2560 8192,8192,8192" \
  timeout 150 $S/ab-lib.sh $O/ab-bf16 >/dev/null 2>&1; cat $O/ab-bf16/ab.txt
echo "ab $(( $(date +%s)-t0 )) s"
LD_LIBRARY_PATH=/tmp/k/new timeout 80 /tmp/k/new/gpuprim bench gemm --m 2048 --n 8192 --k 1024 --op bf16 --trans TT \
  --json $O/ladder-2048x8192x1024-TT.json > $O/ladder-2048x8192x1024-TT.txt 2>&1; tail -14 $O/ladder-2048x8192x1024-TT.txt
echo "end $(( $(date +%s)-t0 )) s"
