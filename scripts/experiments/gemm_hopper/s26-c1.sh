S=scripts/experiments/gemm_hopper; O=$OUT/c1; mkdir -p $O /tmp/k; xz -dc prebuilt/v26.tar.xz | tar -xf - -C /tmp/k
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv > $O/smi.txt
t0=$(date +%s)
LIBS=/tmp/k VERSIONS="v26b v26" OPS=tf32 TRANS=TN ROUNDS=2 SHAPES="512,512,32768 256,256,32768 1024,1024,16384" $S/ab-lib.sh $O/ab-tn >/dev/null 2>&1; cat $O/ab-tn/ab.txt; echo "ab $(( $(date +%s)-t0 )) s"
export LD_LIBRARY_PATH=/tmp/k/v26
timeout 90 /tmp/k/v26/gpuprim bench gemm --op f16 --m 8192 --n 8192 --k 8192 -r 7 -v > $O/f16-8192-r7.txt 2>&1; grep -E "^  [a-z0-9]" $O/f16-8192-r7.txt; echo "r7 $(( $(date +%s)-t0 )) s"
timeout 200 /tmp/k/v26/gpuprim bench gemm --sweep --op tf32 --json $O/sweep-tf32.json > $O/sweep-tf32.txt 2>&1; grep -E "^gemm|auto" $O/sweep-tf32.txt | paste - - | awk '{print $2,$3,$(NF-1)}'; echo "sweep $(( $(date +%s)-t0 )) s"
GP_TEST_RUNGS=0 timeout 240 /tmp/k/v26/test_gpu_gemm > $O/test-auto.txt 2>&1; echo "test rc=$?"; tail -1 $O/test-auto.txt; grep "panels case" $O/test-auto.txt; echo "test $(( $(date +%s)-t0 )) s"
tar czf $OUT/c1.tgz -C $OUT c1
