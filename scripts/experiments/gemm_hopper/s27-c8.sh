# session 27 call 8: rung 04 with A from registers (tf32 TT, and NN as C^T): r = the library (forced rung 04 only),
# r1 = r with the rule taking rung 04 for them below 32 k-blocks (GP_H_R04_RS=1); test_gpu_gemm r, rung 04 forced, and
# its memcheck; the tf32 sweep of r1
S=scripts/experiments/gemm_hopper; O=$OUT/c8; mkdir -p $O /tmp/k; for f in prebuilt/*.tar.xz; do xz -dc $f | tar -xf - -C /tmp/k; done
t0=$(date +%s)
GP_TEST_RUNGS=4 timeout 200 /tmp/k/r/test_gpu_gemm > $O/test-r4.txt 2>&1; echo "test rc=$?"; tail -1 $O/test-r4.txt; grep -i "fail" $O/test-r4.txt | head -5; echo "test $(( $(date +%s)-t0 )) s"
for tr in NN TT; do LIBS=/tmp/k VERSIONS="r r1" OPS=tf32 TRANS=$tr ROUNDS=2 SHAPES="256,256,256 512,512,512 768,768,768 1000,1000,1000 512,512,1000" $S/ab-lib.sh $O/ab-$tr >/dev/null 2>&1; cat $O/ab-$tr/ab.txt; done; echo "ab $(( $(date +%s)-t0 )) s"
export LD_LIBRARY_PATH=/tmp/k/r1
timeout 150 /tmp/k/r1/gpuprim bench gemm --sweep --op tf32 --json $O/sweep-tf32.json > $O/sweep-tf32.txt 2>&1; echo "sweep $(( $(date +%s)-t0 )) s"; awk '/^gemm /{s=$2" "$3} /auto \(/{print s, $(NF-1)}' $O/sweep-tf32.txt | tr '\n' ';'; echo
GP_TEST_RUNGS=4 GP_TEST_SMALL=1 timeout 150 compute-sanitizer --tool memcheck --error-exitcode 3 /tmp/k/r/test_gpu_gemm > $O/memcheck-r4.txt 2>&1; echo "memcheck rc=$?"; tail -n 2 $O/memcheck-r4.txt; echo "mem $(( $(date +%s)-t0 )) s"
tar czf $OUT/c8.tgz -C $OUT c8
