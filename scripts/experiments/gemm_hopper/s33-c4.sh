# session 33 call 4 (H200): the cluster launch's cost split between the loads and the wgmmas. pingpong.cu's probes
# (bf16 TT, no result): a / b (10 / 11) = mode 1 / mode 4 with the loads alone (consumers free each stage on arrival),
# c / d (12 / 13) = mode 1 / mode 4 with the wgmmas alone (the producer arrives without loading). Timed beside modes 1
# and 4 at two TT shapes, then ncu of the six. First pingpong's check again (modes 1-9; its k loop is now the
# library's gp_h_kblock_m128). Carried: prebuilt/s33.tar.xz (pp rebuilt after call 3).
S=scripts/experiments/gemm_hopper; O=$OUT/c4; mkdir -p $O /tmp/k
xz -dc prebuilt/s33.tar.xz | tar -xf - -C /tmp/k pp
t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
timeout 120 /tmp/k/pp/pingpong check > $O/pp-check.txt 2>&1; echo "pp check rc=$? $(grep -c '^ok' $O/pp-check.txt) ok $(tail -1 $O/pp-check.txt) $(el) s" > $O/sum-1.txt
for c in "bf16 1 1 2048 8192 1024" "bf16 1 1 4096 4096 4096"; do
  PP_MODES="1 4 a b c d" timeout 90 /tmp/k/pp/pingpong time $c >> $O/pp-time.txt 2>&1
done
PP_MODES="1 4 a b c d" timeout 200 ncu --clock-control none -k regex:pp_kernel --launch-count 48 \
  --metrics gpu__time_duration.sum,sm__cycles_active.avg,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_elapsed,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_ltcfabric.sum,launch__cluster_dim_x,launch__grid_size,sm__cycles_elapsed.avg.per_second \
  --csv --page raw /tmp/k/pp/pingpong time bf16 1 1 2048 8192 1024 1 > $O/ncu-probes.csv 2> $O/ncu-probes.err
python3 $S/ncu_l2_summary.py $O/ncu-probes.csv | grep -vE '\.(min|max) ' > $O/ncu-probes.txt 2>&1
echo "==== summary ($(el) s)"; cat $O/sum-*.txt; grep -h FAIL $O/pp-check.txt | head -4
cat $O/pp-time.txt; cut -c1-200 $O/ncu-probes.txt
