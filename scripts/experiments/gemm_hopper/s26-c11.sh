# session 26 call 11: v30 (rung 07's split at most 12 ways; few tiles over >= 512 k-blocks split up to 64 ways) against v29; its bf16 sweep; test_gpu_gemm (automatic choice)
S=scripts/experiments/gemm_hopper; O=$OUT/c11; mkdir -p $O /tmp/k; for f in prebuilt/*.tar.xz; do xz -dc $f | tar -xf - -C /tmp/k; done
t0=$(date +%s)
LIBS=/tmp/k VERSIONS="v29 v30" OPS="bf16" TRANS=TN ROUNDS=2 SHAPES="512,512,32768 512,512,8192 256,256,32768 128,128,65536 130,200,33000" $S/ab-lib.sh $O/ab >/dev/null 2>&1; cat $O/ab/ab.txt; echo "ab $(( $(date +%s)-t0 )) s"
LD_LIBRARY_PATH=/tmp/k/v30 timeout 120 /tmp/k/v30/gpuprim bench gemm --sweep --op bf16 --json $O/sweep-bf16.json > $O/sweep-bf16.txt 2>&1; grep -E "^gemm|auto" $O/sweep-bf16.txt | grep -v "^\[" | paste - - | awk '{printf "%s %s %s | ", $2, $3, $(NF-1)}'; echo; echo "sweep $(( $(date +%s)-t0 )) s"
GP_TEST_RUNGS=0 timeout 170 /tmp/k/v30/test_gpu_gemm > $O/test-auto.txt 2>&1; echo "test rc=$?"; tail -n 1 $O/test-auto.txt; echo "test $(( $(date +%s)-t0 )) s"
tar czf $OUT/c11.tgz -C $OUT c11
