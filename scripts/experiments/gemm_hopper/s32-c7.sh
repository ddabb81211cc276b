# session 32 call 7 (H200): why pingpong.cu's pairs (CL = 2, B multicast) lost to CL = 1: ncu of the first 16 pp_kernel
# launches of `pingpong time` at bf16 2048x8192x1024 TT (8 of CL = 1, then 8 of CL = 2: the warm-up) with the launch
# and occupancy sections (max active clusters) and the cycle, tensor-pipe and L2 metrics. Carried: prebuilt/next.tar.xz.
O=$OUT/c7; mkdir -p $O /tmp/k
xz -dc prebuilt/next.tar.xz | tar -xf - -C /tmp/k pp
timeout 240 ncu --clock-control none -k regex:pp_kernel --launch-count 16 --section LaunchStats --section Occupancy \
  --metrics gpu__time_duration.sum,sm__cycles_active.avg,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_elapsed,lts__t_bytes.sum,sm__cycles_elapsed.avg.per_second,sm__ctas_launched.sum \
  /tmp/k/pp/pingpong time bf16 1 1 2048 8192 1024 1 > $O/ncu-pairs.txt 2>&1
echo "ncu rc=$?"; grep -iE 'pp_kernel<|Cluster|duration|cycles_active|hmma|lts__t_bytes|Waves|Achieved Occ|ctas_launched' $O/ncu-pairs.txt | awk '{$1=$1};1' | sort | uniq -c | sort -rn | head -40
