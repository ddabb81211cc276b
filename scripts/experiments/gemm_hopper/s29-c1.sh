# session 29 call 1, on an H200 (the only kind lent this session; about 8 minutes of device time): the committed
# library (f), built here and carried (prebuilt/s29.tar.xz: gpuprim, libgpuprim.so.0, test_gpu_gemm). Steps by
# priority, each skipped once the call has run T seconds (the command's limit is 400 s): test_gpu_gemm (automatic
# choice); the bf16, f16 and tf32 sweeps (22 shapes each, 4096^3 and 8192^3 NN among them); every rung and
# configuration at bf16 512x512x32768 TN (the H100's worst bf16 row); the headline rows, a second round.
O=/tmp/c1; mkdir -p $O /tmp/k; xz -dc prebuilt/s29.tar.xz | tar -xf - -C /tmp/k
export LD_LIBRARY_PATH=/tmp/k/f; B=/tmp/k/f/gpuprim
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,power.draw,power.limit,temperature.gpu,memory.total --format=csv > $O/smi.txt
t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
keep() { tar czf $OUT/c1.tgz -C /tmp c1; }
summ() { awk '/^gemm /{s=$2" "$3} /auto \(/{r=$(NF-1); sub("x","",r); print r, s}' "$1" | sort -n |
         awk '{l+=log($1); n++; if(n<=3) w=w" "$1" "$2" "$3";"} END {if(n) printf "n=%d geomean %.3f worst:%s\n", n, exp(l/n), w}'; }
GP_TEST_RUNGS=0 timeout 90 /tmp/k/f/test_gpu_gemm > $O/test-auto.txt 2>&1; echo "test rc=$? $(tail -1 $O/test-auto.txt) $(el) s"; keep
for op in bf16 f16 tf32; do
  [ $(el) -lt 260 ] || break
  timeout 100 $B bench gemm --sweep --op $op --json $O/sweep-$op.json > $O/sweep-$op.txt 2>&1
  echo "sweep $op rc=$? $(el) s: $(summ $O/sweep-$op.txt)"; keep
done
[ $(el) -lt 330 ] && { timeout 30 $B bench gemm --trans TN --m 512 --n 512 --k 32768 -r all -v > $O/deepk-TN.txt 2>&1; echo "deep-k rc=$? $(el) s"; keep; }
[ $(el) -lt 340 ] && { timeout 35 env LIBS=/tmp/k VERSIONS=f OPS="bf16 f16" ROUNDS=1 SHAPES="4096,4096,4096 8192,8192,8192" \
  scripts/experiments/gemm_hopper/ab-lib.sh $O/ab-head > /dev/null 2>&1; cat $O/ab-head/ab.txt; echo "head $(el) s"; keep; }
echo "end $(el) s"
