# session 33 call 2 (H200): call 1's outputs lost to the reply's limits (the tests' and ab's lines), so again with a
# summary at the end: "new" (s33-prep.sh) test_gpu_gemm automatic and rung 08 forced, pingpong's check (modes 1-5,
# the repeat now after a device synchronize) in parallel; head against new at the grouped-reduction shapes; then why
# the pairs lose without multicast too: pingpong modes 1-5 timed (3 = pairs' clusters and order, 4 = clusters with
# mode 1's order, 5 = the pairs' order without clusters) and ncu of modes 1, 3, 4, 5 at bf16 2048x8192x1024 TT.
# Carried: prebuilt/s33.tar.xz (new; pp rebuilt after call 1), prebuilt/s32.tar.xz (head).
S=scripts/experiments/gemm_hopper; O=$OUT/c2; mkdir -p $O /tmp/k /tmp/k/s32
xz -dc prebuilt/s33.tar.xz | tar -xf - -C /tmp/k
xz -dc prebuilt/s32.tar.xz | tar -xf - -C /tmp/k/s32 && mv /tmp/k/s32/new /tmp/k/head
T=/tmp/k/new/test_gpu_gemm; t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
( timeout 300 $T > $O/test-auto.txt 2>&1; echo "test auto rc=$? $(tail -1 $O/test-auto.txt) $(el) s" > $O/sum-1.txt ) &
( GP_TEST_RUNGS=8 timeout 300 $T > $O/test-8.txt 2>&1; echo "test 8 rc=$? $(tail -1 $O/test-8.txt) $(el) s" > $O/sum-2.txt ) &
( timeout 300 /tmp/k/pp/pingpong check > $O/pp-check.txt 2>&1; echo "pp check rc=$? $(grep -c '^ok' $O/pp-check.txt) ok $(tail -1 $O/pp-check.txt) $(el) s" > $O/sum-3.txt ) &
wait
for c in "tf32 NN" "bf16 TN"; do set -- $c
  LIBS=/tmp/k VERSIONS="head new" OPS=$1 TRANS=$2 ROUNDS=2 SHAPES="128,128,65536 256,256,16384" timeout 90 $S/ab-lib.sh $O/ab-$1-$2 >/dev/null 2>&1
done
cat $O/ab-*/ab.txt > $O/ab.txt
for c in "bf16 1 1 2048 8192 1024" "bf16 0 0 4096 4096 1024"; do
  PP_MODES="1 2 3 4 5" timeout 60 /tmp/k/pp/pingpong time $c >> $O/pp-time.txt 2>&1
done
PP_MODES="1 3 4 5" timeout 150 ncu --clock-control none -k regex:pp_kernel --launch-count 32 \
  --metrics gpu__time_duration.sum,sm__cycles_active.avg,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_elapsed,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_ltcfabric.sum,lts__t_sector_op_read_hit_rate.pct,dram__bytes_read.sum,launch__cluster_dim_x,launch__grid_size \
  --csv --page raw /tmp/k/pp/pingpong time bf16 1 1 2048 8192 1024 1 > $O/ncu-modes.csv 2> $O/ncu-modes.err
python3 $S/ncu_l2_summary.py $O/ncu-modes.csv > $O/ncu-modes.txt 2>&1
echo "==== summary ($(el) s)"; cat $O/sum-*.txt; grep -h FAIL $O/test-*.txt $O/pp-check.txt | head -6
cat $O/ab.txt | sed -E 's/vendor ms TF x, ours ms TF x = //'; cat $O/pp-time.txt; cut -c1-160 $O/ncu-modes.txt
