# session 33 call 3 (H200): why a cluster launch costs pingpong.cu's kernel ~9% (call 2: mode 4, clusters of 2 with
# mode 1's tile order, 60.6 against 55.7 us at bf16 2048x8192x1024 TT). Modes: 6 = mode 4 with the cluster
# scheduling policy "spread", 8 = mode 4 with a cluster's two CTAs on tiles far apart, 7 / 9 = the multicast pairs
# (mode 2) with "spread" / "load balancing". test_gpu_gemm (automatic choice; call 2 ran every rung and timed out at
# 300 s, all passed up to rung 07) and pingpong's check (modes 1-9) in parallel, then the timing and ncu.
# Carried: prebuilt/s33.tar.xz (new; pp rebuilt after call 2).
S=scripts/experiments/gemm_hopper; O=$OUT/c3; mkdir -p $O /tmp/k
xz -dc prebuilt/s33.tar.xz | tar -xf - -C /tmp/k
T=/tmp/k/new/test_gpu_gemm; t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
( GP_TEST_RUNGS=0 timeout 300 $T > $O/test-auto.txt 2>&1; echo "test auto rc=$? $(tail -1 $O/test-auto.txt) $(el) s" > $O/sum-1.txt ) &
( timeout 300 /tmp/k/pp/pingpong check > $O/pp-check.txt 2>&1; echo "pp check rc=$? $(grep -c '^ok' $O/pp-check.txt) ok $(tail -1 $O/pp-check.txt) $(el) s" > $O/sum-2.txt ) &
wait
for c in "bf16 1 1 2048 8192 1024" "bf16 0 0 4096 4096 1024"; do
  PP_MODES="1 4 6 8 2 7 9" timeout 60 /tmp/k/pp/pingpong time $c >> $O/pp-time.txt 2>&1
done
PP_MODES="1 4 6 8 7" timeout 150 ncu --clock-control none -k regex:pp_kernel --launch-count 40 \
  --metrics gpu__time_duration.sum,sm__cycles_active.avg,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_elapsed,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_ltcfabric.sum,launch__cluster_dim_x,launch__grid_size \
  --csv --page raw /tmp/k/pp/pingpong time bf16 1 1 2048 8192 1024 1 > $O/ncu-modes.csv 2> $O/ncu-modes.err
python3 $S/ncu_l2_summary.py $O/ncu-modes.csv | grep -vE '\.(min|max) ' > $O/ncu-modes.txt 2>&1
echo "==== summary ($(el) s)"; cat $O/sum-*.txt; grep -h FAIL $O/test-*.txt $O/pp-check.txt | head -6
cat $O/pp-time.txt; cut -c1-160 $O/ncu-modes.txt
