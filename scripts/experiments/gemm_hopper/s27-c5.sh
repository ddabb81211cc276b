# session 27 call 5: the committed library (f = 6fd3a74): the gemm ladder and the bf16 sweep (gpu-check.sh), the f16 and
# tf32 sweeps, the headline rows (3 rounds)
S=scripts/experiments/gemm_hopper; O=$OUT/c5; mkdir -p $O /tmp/k; for f in prebuilt/*.tar.xz; do xz -dc $f | tar -xf - -C /tmp/k; done
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv > $O/smi.txt
t0=$(date +%s)
export LD_LIBRARY_PATH=/tmp/k/f
BUILD_DIR=/tmp/k/f STEPS="bench sweep" PRIMS=gemm SWEEP_PRIMS=gemm timeout 300 scripts/gpu-check.sh "$O/g" >/dev/null 2>&1; cat "$O/g/sweep-summary.txt"; echo "ladder $(( $(date +%s)-t0 )) s"
for op in tf32 f16; do timeout 150 /tmp/k/f/gpuprim bench gemm --sweep --op $op --json $O/sweep-$op.json > $O/sweep-$op.txt 2>&1; echo "sweep $op $(( $(date +%s)-t0 )) s"; awk '/^gemm /{s=$2" "$3} /auto \(/{print s, $(NF-1)}' $O/sweep-$op.txt | tr '\n' ';'; echo; done
LIBS=/tmp/k VERSIONS="f" OPS="bf16 f16" ROUNDS=3 SHAPES="4096,4096,4096 8192,8192,8192" $S/ab-lib.sh $O/ab-head >/dev/null 2>&1; cat $O/ab-head/ab.txt; echo "head $(( $(date +%s)-t0 )) s"
tar czf $OUT/c5.tgz -C $OUT c5
