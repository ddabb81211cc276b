# session 35 call 2 (H200): the library with s34-desc.patch applied and gp_h_pack_frags (the 16-bit register
# epilogue's packing as one helper): test_gpu_gemm with the automatic choice and every hopper rung forced (0, 4, 5,
# 6, 7, 8) in parallel, then memcheck (GP_TEST_SMALL=1, rungs 0, 4, 8) and racecheck (GP_TEST_SMALL=2, rungs 6, 7)
# side by side. Carried: prebuilt/s35b.tar.xz (new/: gpuprim, libgpuprim.so.0, test_gpu_gemm; s35-pack.sh).
O=$OUT/c2; mkdir -p $O /tmp/k; xz -dc prebuilt/s35b.tar.xz | tar -xf - -C /tmp/k
export LD_LIBRARY_PATH=/tmp/k/new
T=/tmp/k/new/test_gpu_gemm; t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
for r in 0 4 5 6 7 8; do
  ( GP_TEST_RUNGS=$r timeout 250 $T > $O/test-$r.txt 2>&1; echo "test rung $r rc=$? $(tail -1 $O/test-$r.txt) $(el) s" >> $O/sum.txt ) &
done
wait
grep -h FAIL $O/test-*.txt | head -5 >> $O/sum.txt
( GP_TEST_SMALL=1 GP_TEST_RUNGS=0,4,8 timeout 280 compute-sanitizer --tool memcheck $T > $O/memcheck.txt 2>&1
  echo "memcheck 0,4,8 rc=$? $(grep 'ERROR SUMMARY' $O/memcheck.txt) $(grep 'passed' $O/memcheck.txt | tail -1) $(el) s" >> $O/sum.txt ) &
for r in 6 7; do
  ( GP_TEST_SMALL=2 GP_TEST_RUNGS=$r timeout 280 compute-sanitizer --tool racecheck $T > $O/racecheck-$r.txt 2>&1
    echo "racecheck $r rc=$? $(grep 'RACECHECK SUMMARY\|ERROR SUMMARY' $O/racecheck-$r.txt | tr '\n' ' ') $(grep 'passed' $O/racecheck-$r.txt | tail -1) $(el) s" >> $O/sum.txt ) &
done
wait
tar czf $OUT/c2.tgz -C $OUT c2 && cp $O/sum.txt /tmp/k/ && rm -rf $O
echo "==== summary ($(el) s): everything in c2.tgz"; cat /tmp/k/sum.txt
