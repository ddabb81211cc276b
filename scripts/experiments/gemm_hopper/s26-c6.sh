# session 26 call 6: the committed library (v29): the gemm ladder and the bf16 sweep (gpu-check.sh), the headline rows
# (3 rounds), the tf32 thin rule against v28, test_gpu_gemm (automatic choice)
S=scripts/experiments/gemm_hopper; O=$OUT/c6; mkdir -p $O /tmp/k; for f in prebuilt/*.tar.xz; do xz -dc $f | tar -xf - -C /tmp/k; done
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv > $O/smi.txt
t0=$(date +%s)
LIBS=/tmp/k VERSIONS="v28 v29" OPS=tf32 TRANS=NT ROUNDS=1 SHAPES="4096,128,16384 8192,128,8192" $S/ab-lib.sh $O/ab-nt >/dev/null 2>&1; cat $O/ab-nt/ab.txt; echo "ab $(( $(date +%s)-t0 )) s"
LIBS=/tmp/k VERSIONS="v29" OPS="bf16 f16" ROUNDS=3 SHAPES="4096,4096,4096 8192,8192,8192" $S/ab-lib.sh $O/ab-head >/dev/null 2>&1; cat $O/ab-head/ab.txt; echo "head $(( $(date +%s)-t0 )) s"
LD_LIBRARY_PATH=/tmp/k/v29 BUILD_DIR=/tmp/k/v29 STEPS="bench sweep" PRIMS=gemm SWEEP_PRIMS=gemm timeout 300 scripts/gpu-check.sh "$O/g" >/dev/null 2>&1; cat "$O/g/sweep-summary.txt"; echo "ladder $(( $(date +%s)-t0 )) s"
GP_TEST_RUNGS=0 timeout 150 /tmp/k/v29/test_gpu_gemm > $O/test-auto.txt 2>&1; echo "test rc=$?"; tail -1 $O/test-auto.txt; echo "test $(( $(date +%s)-t0 )) s"
tar czf $OUT/c6.tgz -C $OUT c6
