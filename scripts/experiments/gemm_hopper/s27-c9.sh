# session 27 call 9: s = the library with rung 04's A from registers taken by the rule (tf32 TT / NN over <= 16 k-blocks)
# and 128 x 64 tiles with A from registers (configuration 5); r (call 8) against s; test_gpu_gemm s (rung 04 forced, auto),
# memcheck (rung 04 forced), racecheck of a rung-04 NN row; the tf32 sweep of s
S=scripts/experiments/gemm_hopper; O=$OUT/c9; mkdir -p $O /tmp/k; for f in prebuilt/*.tar.xz; do xz -dc $f | tar -xf - -C /tmp/k; done
t0=$(date +%s)
GP_TEST_RUNGS=4 timeout 100 /tmp/k/s/test_gpu_gemm > $O/test-r4.txt 2>&1; echo "test r4 rc=$?"; tail -1 $O/test-r4.txt; grep -i "fail" $O/test-r4.txt | head -5
GP_TEST_RUNGS=0 timeout 200 /tmp/k/s/test_gpu_gemm > $O/test-auto.txt 2>&1; echo "test auto rc=$?"; tail -1 $O/test-auto.txt; echo "test $(( $(date +%s)-t0 )) s"
for tr in NN TT; do LIBS=/tmp/k VERSIONS="r s" OPS=tf32 TRANS=$tr ROUNDS=1 SHAPES="256,256,256 512,512,512 768,768,768" $S/ab-lib.sh $O/ab-$tr >/dev/null 2>&1; cat $O/ab-$tr/ab.txt; done; echo "ab $(( $(date +%s)-t0 )) s"
export LD_LIBRARY_PATH=/tmp/k/s
timeout 150 /tmp/k/s/gpuprim bench gemm --sweep --op tf32 --json $O/sweep-tf32.json > $O/sweep-tf32.txt 2>&1; echo "sweep $(( $(date +%s)-t0 )) s"; awk '/^gemm /{s=$2" "$3} /auto \(/{print s, $(NF-1)}' $O/sweep-tf32.txt | tr '\n' ';'; echo
timeout 60 compute-sanitizer --tool racecheck --racecheck-report all /tmp/k/s/gpuprim bench gemm --op tf32 --trans NN -r 4 --reps 1 --m 256 --n 384 --k 512 > $O/racecheck-r4.txt 2>&1; echo "racecheck rc=$?"; grep -E "RACECHECK SUMMARY|ok$" $O/racecheck-r4.txt | head -3
GP_TEST_RUNGS=4 GP_TEST_SMALL=1 timeout 150 compute-sanitizer --tool memcheck --error-exitcode 3 /tmp/k/s/test_gpu_gemm > $O/memcheck-r4.txt 2>&1; echo "memcheck rc=$?"; tail -n 2 $O/memcheck-r4.txt; echo "mem $(( $(date +%s)-t0 )) s"
tar czf $OUT/c9.tgz -C $OUT c9
