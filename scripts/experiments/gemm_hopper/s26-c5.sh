# session 26 call 5: v28 (tf32 thin C with both operands K-major -> rung 04) against v27; the f16 and tf32 sweeps of v28; test_gpu_gemm v28 (rungs 0, 6)
S=scripts/experiments/gemm_hopper; O=$OUT/c5; mkdir -p $O /tmp/k; for f in prebuilt/*.tar.xz; do xz -dc $f | tar -xf - -C /tmp/k; done
t0=$(date +%s)
LIBS=/tmp/k VERSIONS="v27 v28" OPS=tf32 TRANS=NT ROUNDS=2 SHAPES="8192,128,8192 16384,128,2048 8192,256,8192 4096,128,16384 256,8192,8192" $S/ab-lib.sh $O/ab-nt >/dev/null 2>&1; cat $O/ab-nt/ab.txt; echo "ab $(( $(date +%s)-t0 )) s"
export LD_LIBRARY_PATH=/tmp/k/v28
for op in tf32 f16; do timeout 150 /tmp/k/v28/gpuprim bench gemm --sweep --op $op --json $O/sweep-$op.json > $O/sweep-$op.txt 2>&1; echo "sweep $op $(( $(date +%s)-t0 )) s"; done
GP_TEST_RUNGS=0,6 timeout 250 /tmp/k/v28/test_gpu_gemm > $O/test-0-6.txt 2>&1; echo "test rc=$?"; tail -1 $O/test-0-6.txt; echo "test $(( $(date +%s)-t0 )) s"
tar czf $OUT/c5.tgz -C $OUT c5
