# session 28 call 7: f (= m, the committed library): the headline rows (bf16, f16, 4096^3 and 8192^3, 3 rounds) and
# the bf16, f16 and tf32 sweeps
S=scripts/experiments/gemm_hopper; O=$OUT/c7; mkdir -p $O /tmp/k; for f in prebuilt/*.tar.xz; do xz -dc $f | tar -xf - -C /tmp/k; done
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv > $O/smi.txt
t0=$(date +%s); export LD_LIBRARY_PATH=/tmp/k/f
LIBS=/tmp/k VERSIONS="f" OPS="bf16 f16" ROUNDS=3 SHAPES="4096,4096,4096 8192,8192,8192" $S/ab-lib.sh $O/ab-head >/dev/null 2>&1; cat $O/ab-head/ab.txt; echo "head $(( $(date +%s)-t0 )) s"
for op in bf16 f16 tf32; do timeout 150 /tmp/k/f/gpuprim bench gemm --sweep --op $op --json $O/sweep-$op.json > $O/sweep-$op.txt 2>&1; echo "sweep $op $(( $(date +%s)-t0 )) s"; awk '/^gemm /{s=$2" "$3} /auto \(/{r=$(NF-1); sub("x","",r); print r, s}' $O/sweep-$op.txt | sort -n | awk '{l+=log($1); n++; if(n<=4) w=w" "$1" "$2" "$3";"} END {printf "n=%d geomean %.3f worst:%s\n", n, exp(l/n), w}'; done
tar czf $OUT/c7.tgz -C $OUT c7
