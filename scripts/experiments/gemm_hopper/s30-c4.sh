# session 30 call 4 (H200): the library as committed (the fix-up not kept; the library code of 8e440dd) with the tests'
# new checks: test_gpu_gemm (automatic choice; each case run twice on the same C and compared bit for bit, the tf32
# 130x200x16400 case in each layout) and memcheck of `gpuprim verify gemm` at 130x200x16400 (the 64-way split of C^T's
# tiles through the transposed reduction). Carried: prebuilt/s30.tar.xz (head: gpuprim, libgpuprim.so.0, test_gpu_gemm).
O=/tmp/c4; mkdir -p $O /tmp/k; xz -dc prebuilt/s30.tar.xz | tar -xf - -C /tmp/k
t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
keep() { tar czf $OUT/c4.tgz -C /tmp c4; }
export LD_LIBRARY_PATH=/tmp/k/head; B=/tmp/k/head/gpuprim
GP_TEST_RUNGS=0 timeout 170 /tmp/k/head/test_gpu_gemm > $O/test-auto.txt 2>&1; echo "test rc=$? $(tail -1 $O/test-auto.txt) $(el) s"
grep -E "FAIL|differs" $O/test-auto.txt | head -5; keep
timeout 120 compute-sanitizer --tool memcheck $B verify gemm -r auto --op tf32 --m 130 -n 200 --k 16400 -v > $O/memcheck-130.txt 2>&1
echo "memcheck rc=$? $(el) s: $(grep -E 'ERROR SUMMARY|PASS|FAIL' $O/memcheck-130.txt | tr '\n' ' ' | cut -c1-300)"; keep
echo "end $(el) s"
