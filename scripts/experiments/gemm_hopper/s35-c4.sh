# session 35 call 4 (H200): rungs 08 and 05 with the warpgroup index through a shuffle (r08: HEAD 4cdf9d9 + that
# change; the k-block's descriptors and ring position then stay in uniform registers: rung 08's NN k-block ~70 -> ~45
# SASS instructions, all but the waits uniform). test_gpu_gemm of r08 with the automatic choice and rungs 05 and 08
# forced, memcheck (GP_TEST_SMALL=1) of rungs 05 and 08, in parallel; then new (4cdf9d9) against r08 alternating
# (ab-lib.sh, 3 rounds) at rung-08 shapes (16-bit TT / NN with k <= 2048, bf16 -> f32) and a rung-05 one.
# Carried: prebuilt/s35d.tar.xz (new/: gpuprim, libgpuprim.so.0; r08/: the same and test_gpu_gemm).
S=scripts/experiments/gemm_hopper; O=$OUT/c4; mkdir -p $O /tmp/k; xz -dc prebuilt/s35d.tar.xz | tar -xf - -C /tmp/k
T=/tmp/k/r08/test_gpu_gemm; t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
export LD_LIBRARY_PATH=/tmp/k/r08
for r in 0 5 8; do
  ( GP_TEST_RUNGS=$r timeout 250 $T > $O/test-$r.txt 2>&1; echo "test rung $r rc=$? $(tail -1 $O/test-$r.txt) $(el) s" >> $O/sum.txt ) &
done
( GP_TEST_SMALL=1 GP_TEST_RUNGS=5,8 timeout 250 compute-sanitizer --tool memcheck $T > $O/memcheck.txt 2>&1
  echo "memcheck 5,8 rc=$? $(grep 'ERROR SUMMARY' $O/memcheck.txt) $(grep 'passed' $O/memcheck.txt | tail -1) $(el) s" >> $O/sum.txt ) &
wait
unset LD_LIBRARY_PATH
grep -h FAIL $O/test-*.txt | head -5 >> $O/sum.txt
run() { LIBS=/tmp/k VERSIONS="new r08" ROUNDS=3 timeout 150 $S/ab-lib.sh $O/ab-$1 >/dev/null 2>&1; cat $O/ab-$1/ab.txt >> $O/ab.txt; }
OPS="bf16 f16" TRANS=TT SHAPES="2048,8192,1024 4096,4096,1024" run 16-TT
OPS="bf16 f16" TRANS=NN SHAPES="2048,2048,2048" run 16-NN
OPS=bf16-f32 TRANS=NN SHAPES="2048,8192,1024" run f32-NN
OPS=bf16 TRANS=TT SHAPES="2047,3001,1537" run r05-TT
echo "ab $(el) s" >> $O/sum.txt
tar czf $OUT/c4.tgz -C $OUT c4 && cp $O/sum.txt $O/ab.txt /tmp/k/ && rm -rf $O
echo "==== summary ($(el) s)"; cat /tmp/k/sum.txt; sed 's/vendor ms TF x, ours ms TF x = //' /tmp/k/ab.txt
