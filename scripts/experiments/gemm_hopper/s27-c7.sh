# session 27 call 7: g = f with units of 2 k-blocks for tf32 with an MN-major operand over <= 16 k-blocks; f against g
# (small tf32 NN / TN); the tf32 sweep and test_gpu_gemm (auto) of g
S=scripts/experiments/gemm_hopper; O=$OUT/c7; mkdir -p $O /tmp/k; for f in prebuilt/*.tar.xz; do xz -dc $f | tar -xf - -C /tmp/k; done
t0=$(date +%s)
for tr in NN TN; do LIBS=/tmp/k VERSIONS="f g" OPS=tf32 TRANS=$tr ROUNDS=2 SHAPES="256,256,256 512,512,512 768,768,768" $S/ab-lib.sh $O/ab-$tr >/dev/null 2>&1; cat $O/ab-$tr/ab.txt; done; echo "ab $(( $(date +%s)-t0 )) s"
export LD_LIBRARY_PATH=/tmp/k/g
timeout 150 /tmp/k/g/gpuprim bench gemm --sweep --op tf32 --json $O/sweep-tf32.json > $O/sweep-tf32.txt 2>&1; echo "sweep $(( $(date +%s)-t0 )) s"; awk '/^gemm /{s=$2" "$3} /auto \(/{print s, $(NF-1)}' $O/sweep-tf32.txt | tr '\n' ';'; echo
GP_TEST_RUNGS=0 timeout 200 /tmp/k/g/test_gpu_gemm > $O/test-auto.txt 2>&1; echo "test rc=$?"; tail -1 $O/test-auto.txt; echo "test $(( $(date +%s)-t0 )) s"
tar czf $OUT/c7.tgz -C $OUT c7
