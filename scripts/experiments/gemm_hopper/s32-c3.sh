# session 32 call 3 (H200): the library with rung 08 and the wait1 rule ("new", s32-prep.sh), checked. In parallel
# (each CPU-bound in its own process): test_gpu_gemm with the automatic choice and rung 08 forced (GP_TEST_RUNGS=0,8),
# with rung 06 and with rung 07 forced (their wait1 block among them), and compute-sanitizer memcheck and racecheck of
# the automatic choice and rung 08 (GP_TEST_SMALL=1). Carried: prebuilt/s32.tar.xz.
O=$OUT/c3; mkdir -p $O /tmp/k
xz -dc prebuilt/s32.tar.xz | tar -xf - -C /tmp/k
T=/tmp/k/new/test_gpu_gemm; t0=$(date +%s)
( GP_TEST_RUNGS=0,8 timeout 400 $T > $O/test-0-8.txt 2>&1; echo "test 0,8 rc=$? $(tail -1 $O/test-0-8.txt) $(( $(date +%s)-t0 )) s" ) &
( GP_TEST_RUNGS=6 timeout 400 $T > $O/test-6.txt 2>&1; echo "test 6 rc=$? $(tail -1 $O/test-6.txt) $(( $(date +%s)-t0 )) s" ) &
( GP_TEST_RUNGS=7 timeout 400 $T > $O/test-7.txt 2>&1; echo "test 7 rc=$? $(tail -1 $O/test-7.txt) $(( $(date +%s)-t0 )) s" ) &
for tool in memcheck racecheck; do for r in 0 8; do
( GP_TEST_RUNGS=$r GP_TEST_SMALL=1 timeout 420 compute-sanitizer --tool $tool --error-exitcode 3 $T > $O/$tool-r$r.txt 2>&1
  echo "$tool r$r rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $O/$tool-r$r.txt | tail -1) $(grep -E 'passed' $O/$tool-r$r.txt | tail -1) $(( $(date +%s)-t0 )) s" ) &
done; done
wait
grep -hE 'FAIL|rung 08|wait1' $O/test-*.txt | head -20
