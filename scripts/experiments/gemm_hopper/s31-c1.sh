# session 31 call 1 (H200): the library at HEAD (96eb3e8) as built here: test_gpu_gemm (automatic choice), racecheck of
# the grouped split reductions (gp_hp_splitk_reduce_g / _tg, session 30: never racechecked), the bf16 and f16 sweeps of
# the final library; then where the mid-size 16-bit rows lose (2048x8192x1024 TT 0.87-0.91x, 3072^3 TN 0.88-0.93x on both
# chips): every rung-06/07 configuration (-v) and ncu of ours against cublasLt's kernel. Carried: prebuilt/s31.tar.xz (head).
O=/tmp/c1; mkdir -p $O /tmp/k; xz -dc prebuilt/s31.tar.xz | tar -xf - -C /tmp/k
t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
keep() { tar czf $OUT/c1.tgz -C /tmp c1; }
export LD_LIBRARY_PATH=/tmp/k/head; B=/tmp/k/head/gpuprim
nvidia-smi > $O/smi.txt 2>&1
GP_TEST_RUNGS=0 timeout 170 /tmp/k/head/test_gpu_gemm > $O/test-auto.txt 2>&1; echo "test rc=$? $(tail -1 $O/test-auto.txt) $(el) s"
grep -E "FAIL|differs" $O/test-auto.txt | head -5; keep
for c in "tf32 130 200 16400" "tf32 128 128 65536" "bf16 256 256 32768"; do
  set -- $c
  timeout 100 compute-sanitizer --tool racecheck --kernel-name regex:splitk_reduce $B verify gemm -r auto --op $1 --m $2 -n $3 --k $4 -v > $O/racecheck-$1-$2-$4.txt 2>&1
  echo "racecheck $c rc=$? $(el) s: $(grep -E 'RACECHECK SUMMARY|ERROR SUMMARY|PASS|FAIL' $O/racecheck-$1-$2-$4.txt | tr '\n' ' ' | cut -c1-300)"; keep
done
for op in bf16 f16; do
  timeout 60 $B bench gemm --sweep --op $op --json $O/sweep-$op.json > $O/sweep-$op.txt 2>&1; echo "sweep $op rc=$? $(el) s"; keep
done
for c in "TT 2048 8192 1024" "TN 3072 3072 3072"; do
  set -- $c
  timeout 60 $B bench gemm --op bf16 --trans $1 --m $2 -n $3 --k $4 -r all -v > $O/cfg-$1-$2.txt 2>&1; echo "cfg $c rc=$? $(el) s"; keep
  timeout 120 ncu --clock-control none -k regex:"gp_hp_kernel|nvjet|sm90_" \
    --metrics gpu__time_duration.sum,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_elapsed,sm__cycles_active.avg,gpc__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,launch__grid_size,launch__cluster_dim_x,launch__cluster_dim_y,lts__t_bytes.sum,dram__bytes_read.sum,dram__bytes_write.sum \
    $B bench gemm --op bf16 --trans $1 --m $2 -n $3 --k $4 -r auto --reps 1 > $O/ncu-$1-$2.txt 2>&1
  echo "ncu $c rc=$? $(el) s"; keep
done
echo "end $(el) s"
