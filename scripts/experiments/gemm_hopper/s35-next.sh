# s35-next.sh — the next device session's first call (H200 or H100), ~6 min: s34-desc.patch (the wgmma descriptors as
# one add each) checked and measured. (1) test_gpu_gemm of desc/ with the automatic choice and every hopper rung
# forced (0, 4, 5, 6, 7, 8) in parallel; session 34's build without the 18-bit mask failed rungs 04 (k-clusters) and
# 07. (2) memcheck of the small set with rungs 0, 4, 7. (3) b2b head / desc alternating at bf16 NN 8192^3 and 4096^3
# with nvidia-smi's clock and power (smi_phases.py). Summary at the end of stdout. Carried: prebuilt/s35.tar.xz
# (s35-prep.sh).
S=scripts/experiments/gemm_hopper; O=$OUT/n; mkdir -p $O /tmp/k
xz -dc prebuilt/s35.tar.xz | tar -xf - -C /tmp/k
T=/tmp/k/desc/test_gpu_gemm; t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
nvidia-smi --query-gpu=name,driver_version,power.limit,clocks.max.sm --format=csv,noheader > $O/smi.txt
for r in 0 4 5 6 7 8; do
  ( GP_TEST_RUNGS=$r timeout 250 $T > $O/test-$r.txt 2>&1; echo "test rung $r rc=$? $(tail -1 $O/test-$r.txt) $(el) s" >> $O/sum.txt ) &
done
wait
grep -h FAIL $O/test-*.txt | head -5 >> $O/sum.txt
GP_TEST_SMALL=1 GP_TEST_RUNGS=0,4,7 timeout 200 compute-sanitizer --tool memcheck $T > $O/memcheck.txt 2>&1
echo "memcheck 0,4,7 rc=$? $(grep 'ERROR SUMMARY' $O/memcheck.txt) $(grep 'passed' $O/memcheck.txt | tail -1) $(el) s" >> $O/sum.txt
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,clocks_event_reasons.active --format=csv,noheader -lms 20 > $O/clock.csv 2>&1 &
SMI=$!
for r in 1 2; do
  for c in "bf16 0 0 8192 8192 8192 2" "bf16 0 0 4096 4096 4096 1.5"; do
    for v in head desc; do
      set -- $c
      timeout 40 /tmp/k/$v/b2b $c r > $O/b2b-$4-$v-$r.txt 2>&1
      sleep 1
    done
  done
done
kill $SMI
python3 $S/smi_phases.py $O/clock.csv $O/b2b-*.txt > $O/phases.txt
tar czf $OUT/n.tgz -C $OUT n && cp $O/smi.txt $O/sum.txt $O/phases.txt /tmp/k/ && rm -rf $O
echo "==== summary ($(el) s): everything in n.tgz"; cat /tmp/k/smi.txt /tmp/k/sum.txt /tmp/k/phases.txt
