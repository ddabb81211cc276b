# session 27 call 6: splits of fewer k-blocks for small tf32 shapes with an MN-major operand (rk2, rk1: a unit keeps
# at least 2 / 1 k-blocks instead of 4; host-only variants of f); test_gpu_gemm of f (rungs 0 and 6) and its memcheck
S=scripts/experiments/gemm_hopper; O=$OUT/c6; mkdir -p $O /tmp/k; for f in prebuilt/*.tar.xz; do xz -dc $f | tar -xf - -C /tmp/k; done
t0=$(date +%s)
for tr in NN TN; do LIBS=/tmp/k VERSIONS="f rk2 rk1" OPS=tf32 TRANS=$tr ROUNDS=2 SHAPES="256,256,256 512,512,512 768,768,768" $S/ab-lib.sh $O/ab-$tr >/dev/null 2>&1; cat $O/ab-$tr/ab.txt; done; echo "ab $(( $(date +%s)-t0 )) s"
GP_TEST_RUNGS=0,6 timeout 280 /tmp/k/f/test_gpu_gemm > $O/test-0-6.txt 2>&1; echo "test rc=$?"; tail -1 $O/test-0-6.txt; grep "panels case" $O/test-0-6.txt | tr '\n' ' '; echo "test $(( $(date +%s)-t0 )) s"
GP_TEST_RUNGS=0 GP_TEST_SMALL=1 timeout 150 compute-sanitizer --tool memcheck --error-exitcode 3 /tmp/k/f/test_gpu_gemm > $O/memcheck-auto.txt 2>&1; echo "memcheck rc=$?"; tail -n 2 $O/memcheck-auto.txt; echo "mem $(( $(date +%s)-t0 )) s"
tar czf $OUT/c6.tgz -C $OUT c6
