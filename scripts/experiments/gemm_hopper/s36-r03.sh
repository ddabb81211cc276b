# s36-r03.sh — a device call (~2 min, any Hopper GPU) for r03-stages.patch (rung 03 configurations 5: 128x64 with 6
# stages, cublasLt's sm80 tf32 kernel at MN-major shapes; 6: 64x64 with 8 stages). test_gpu_gemm with rung 03 forced
# (every configuration: 300x520x136, 127x129x131, 130x140x1000, each type and layout) and its memcheck
# (GP_TEST_SMALL=1), then every rung and configuration (-r all -v) at the tf32 MN-major shapes of session 35's
# call 8. Carried: prebuilt/s36r03.tar.xz (r03/: gpuprim, libgpuprim.so.0, test_gpu_gemm of HEAD + the patch;
# made in session 35 from 16abacd + the patch). If configuration 5 or 6 beats rung 04 there, the rule (rung 03 for
# tf32 with an MN-major operand at small shapes on sm_90) is the next change; else drop the patch.
O=$OUT/r03; mkdir -p $O /tmp/k; xz -dc prebuilt/s36r03.tar.xz | tar -xf - -C /tmp/k
export LD_LIBRARY_PATH=/tmp/k/r03; T=/tmp/k/r03/test_gpu_gemm; t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
( GP_TEST_RUNGS=3 timeout 200 $T > $O/test-3.txt 2>&1; echo "test rung 3 rc=$? $(tail -1 $O/test-3.txt) $(el) s" >> $O/sum.txt ) &
( GP_TEST_SMALL=1 GP_TEST_RUNGS=3 timeout 200 compute-sanitizer --tool memcheck $T > $O/memcheck.txt 2>&1
  echo "memcheck 3 rc=$? $(grep 'ERROR SUMMARY' $O/memcheck.txt) $(grep passed $O/memcheck.txt | tail -1) $(el) s" >> $O/sum.txt ) &
wait
grep -h "configuration\|FAIL" $O/test-3.txt | head -12 >> $O/sum.txt
for c in "TN 1024 1024 1024" "TN 512 512 512" "TN 1000 1000 1000" "TT 1024 1024 1024" "NN 1024 1024 1024" "TN 1536 1536 1536"; do
  set -- $c
  timeout 60 /tmp/k/r03/gpuprim bench gemm --m $2 --n $3 --k $4 --op tf32 --trans $1 -r all -v > $O/b-$1-$2.txt 2>&1
  echo "== tf32 $1 $2x$3x$4 ($(el) s)" >> $O/sum.txt
  grep "TFLOP/s" $O/b-$1-$2.txt | grep -E "cublas|auto|03 cfg|04 cfg[15]" | cut -c1-100 >> $O/sum.txt
done
tar czf $OUT/r03.tgz -C $OUT r03 && cp $O/sum.txt /tmp/k/sum-r03.txt && rm -rf $O
echo "==== summary ($(el) s)"; cat /tmp/k/sum-r03.txt
