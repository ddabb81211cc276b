# session 33 call 5 (H200): does B's multicast relieve the loads that bound rung 08's 128 x 128 tiles? Call 4: the
# loads alone (probe a) take as long as the whole kernel at bf16 TT 4096^3 (197.8 against 195.3 us) and 44.8 against
# 52.0 us at 2048x8192x1024 (the wgmmas alone 46.4). Probe e = the pairs (mode 2, B multicast) with the loads alone.
# Timed beside modes 1, 4 (clusters, mode 1's order; 9% slower in calls 2-3, level in call 4) and 2, then ncu of
# modes 1, 2, a, b, e. Carried: prebuilt/s33.tar.xz (pp rebuilt after call 4).
S=scripts/experiments/gemm_hopper; O=$OUT/c5; mkdir -p $O /tmp/k
xz -dc prebuilt/s33.tar.xz | tar -xf - -C /tmp/k pp
t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
for c in "bf16 1 1 2048 8192 1024" "bf16 1 1 4096 4096 4096" "bf16 1 1 4096 4096 1024"; do
  PP_MODES="1 4 2 a b e" timeout 90 /tmp/k/pp/pingpong time $c >> $O/pp-time.txt 2>&1
done
PP_MODES="1 2 a b e" timeout 200 ncu --clock-control none -k regex:pp_kernel --launch-count 40 \
  --metrics gpu__time_duration.sum,sm__cycles_active.avg,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_elapsed,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_requests_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_ltcfabric.sum,launch__cluster_dim_x,sm__cycles_elapsed.avg.per_second \
  --csv --page raw /tmp/k/pp/pingpong time bf16 1 1 2048 8192 1024 1 > $O/ncu-mc.csv 2> $O/ncu-mc.err
python3 $S/ncu_l2_summary.py $O/ncu-mc.csv | grep -vE '\.(min|max) ' > $O/ncu-mc.txt 2>&1
echo "==== summary ($(el) s)"; cat $O/pp-time.txt; cut -c1-200 $O/ncu-mc.txt
