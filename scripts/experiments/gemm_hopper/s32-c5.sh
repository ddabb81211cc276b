# session 32 call 5 (H200): "new" with rung 08 over at most 32 k-blocks (s32-prep.sh): head against new in 3 rounds
# (`ab` alternating) at rung-08 shapes in several layouts and at 2560^3 (rung 06 again); ncu of rung 08 and cublasLt's
# kernels at bf16 2048x8192x1024 TT (each alone: cycles, tensor pipe, L2 bytes), as session 31's table for rung 06.
# Carried: prebuilt/s32.tar.xz, prebuilt/next.tar.xz.
S=scripts/experiments/gemm_hopper; O=$OUT/c5; mkdir -p $O /tmp/k
xz -dc prebuilt/s32.tar.xz | tar -xf - -C /tmp/k; xz -dc prebuilt/next.tar.xz | tar -xf - -C /tmp/k head
t0=$(date +%s)
for c in "bf16 TT 2048,8192,1024" "f16 NN 4096,4096,1024" "bf16 TN 6144,6144,1024" "bf16 NT 2048,4096,2048" "f16 TT 2048,2048,2048" "bf16 NN 2560,2560,2560"; do
  set -- $c
  LIBS=/tmp/k VERSIONS="head new" OPS=$1 TRANS=$2 ROUNDS=3 SHAPES="$3" timeout 100 $S/ab-lib.sh $O/ab-$1-$2-${3//,/x} >/dev/null 2>&1
  cat $O/ab-$1-$2-${3//,/x}/ab.txt
done
echo "ab $(( $(date +%s)-t0 )) s"
LD_LIBRARY_PATH=/tmp/k/new timeout 120 ncu --clock-control none -k regex:"gp_gemm_r08|nvjet|sm90_" \
  --metrics gpu__time_duration.sum,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_elapsed,sm__cycles_active.avg,gpc__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,launch__grid_size,launch__cluster_dim_x,launch__cluster_dim_y,lts__t_bytes.sum,dram__bytes_read.sum,dram__bytes_write.sum \
  /tmp/k/new/gpuprim bench gemm --op bf16 --trans TT --m 2048 -n 8192 --k 1024 -r 8 --reps 1 > $O/ncu-TT-2048.txt 2>&1
echo "ncu rc=$? $(( $(date +%s)-t0 )) s"
