# session 26 call 2: per-kernel durations (ncu) of tf32 TN deep-k (transpose + panels) and of bf16 512x512x32768 TN
O=$OUT/c2; mkdir -p $O /tmp/k; xz -dc prebuilt/v26.tar.xz | tar -xf - -C /tmp/k
export LD_LIBRARY_PATH=/tmp/k/v26
M=gpu__time_duration.sum,dram__bytes.sum.per_second,lts__t_bytes.sum.per_second,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_elapsed
for s in 256,256,32768,tf32,v26 512,512,32768,tf32,v26 512,512,32768,tf32,v26b 1024,1024,16384,tf32,v26 512,512,32768,bf16,v26; do IFS=, read -r m n k op v <<<"$s"
  LD_LIBRARY_PATH=/tmp/k/$v timeout 100 ncu --clock-control none -k regex:"transpose|gp_hp|gp_gemm|nvjet" --launch-count ${LC:-24} --metrics $M \
    /tmp/k/$v/gpuprim bench gemm --op $op --trans TN -r auto --reps 1 --m $m --n $n --k $k > $O/ncu-$op-$m-$k-$v.txt 2>&1
  echo "== $s"; awk '/^  [a-z_]/{split($0,a,"(");name=a[1]} /duration/{d=$NF} /dram__bytes/{dr=$NF} /lts__t_bytes/{l=$NF} /tensor_op/{printf "%-50s %8s us dram %s l2 %s tc %s\n", substr(name,1,50), d, dr, l, $NF}' $O/ncu-$op-$m-$k-$v.txt | head -${LC:-24}
done
tar czf $OUT/c2.tgz -C $OUT c2
