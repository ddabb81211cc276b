# session 26 call 7: the tensor maps' L2 promotion (256B, the default; 128B; none) in rung 07's split; memcheck of v29 (automatic choice)
S=scripts/experiments/gemm_hopper; O=$OUT/c7; mkdir -p $O /tmp/k; for f in prebuilt/*.tar.xz; do xz -dc $f | tar -xf - -C /tmp/k; done
t0=$(date +%s)
for tr in TN NN; do LIBS=/tmp/k VERSIONS="v29 p128 pnone" OPS=bf16 TRANS=$tr ROUNDS=2 SHAPES="512,512,32768 1024,512,16384" $S/ab-lib.sh $O/ab-$tr >/dev/null 2>&1; cat $O/ab-$tr/ab.txt; done; echo "ab $(( $(date +%s)-t0 )) s"
GP_TEST_RUNGS=0 GP_TEST_SMALL=1 timeout 200 compute-sanitizer --tool memcheck --error-exitcode 3 /tmp/k/v29/test_gpu_gemm > $O/memcheck-auto.txt 2>&1; echo "memcheck rc=$?"; tail -n 2 $O/memcheck-auto.txt; echo "mem $(( $(date +%s)-t0 )) s"
tar czf $OUT/c7.tgz -C $OUT c7
