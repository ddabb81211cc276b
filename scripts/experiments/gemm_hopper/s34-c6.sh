# session 34 call 6 (H200): the library with the new register epilogue (gp_h_store_frag: 16-byte runs a lane, a quad's
# fragments transposed by shuffles; used by rungs 04, 05 and 08 wherever C leaves from the registers: edge tiles, C
# not TMA-describable, f32 C on rung 08, every tf32 C on rung 04, rung 04's k-cluster sums). test_gpu_gemm with the
# automatic choice and with rungs 04, 05, 08 forced, in parallel; then memcheck of the small set (GP_TEST_SMALL) with
# rungs 0, 4, 8. Carried: prebuilt/s34c.tar.xz (new: gpuprim, libgpuprim.so.0, test_gpu_gemm).
O=$OUT/c6; mkdir -p $O /tmp/k
xz -dc prebuilt/s34c.tar.xz | tar -xf - -C /tmp/k
T=/tmp/k/new/test_gpu_gemm; t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
for r in 0 4 5 8; do
  ( GP_TEST_RUNGS=$r timeout 300 $T > $O/test-$r.txt 2>&1; echo "test rung $r rc=$? $(tail -1 $O/test-$r.txt) $(el) s" >> $O/sum.txt ) &
done
wait
( GP_TEST_SMALL=1 GP_TEST_RUNGS=0,4 timeout 250 compute-sanitizer --tool memcheck $T > $O/memcheck-0-4.txt 2>&1; echo "memcheck 0,4 rc=$? $(grep -E 'ERROR SUMMARY' $O/memcheck-0-4.txt) $(grep -cE '^ *ok|passed' $O/memcheck-0-4.txt) lines $(tail -1 $O/memcheck-0-4.txt | cut -c1-80) $(el) s" >> $O/sum.txt ) &
( GP_TEST_SMALL=1 GP_TEST_RUNGS=5,8 timeout 250 compute-sanitizer --tool memcheck $T > $O/memcheck-5-8.txt 2>&1; echo "memcheck 5,8 rc=$? $(grep -E 'ERROR SUMMARY' $O/memcheck-5-8.txt) $(tail -1 $O/memcheck-5-8.txt | cut -c1-80) $(el) s" >> $O/sum.txt ) &
wait
echo "==== summary ($(el) s)"; cat $O/sum.txt; grep -hE 'FAIL' $O/test-*.txt $O/memcheck-*.txt | head -10
