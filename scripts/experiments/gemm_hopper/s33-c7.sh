# session 33 call 7 (H200): does the multicast save L2 reads when the pair shares A (1 x 2 clusters over 128 x 256, as
# cublasLt's 144x128 1x2 kernel) instead of B? pingpong.cu mode 15 ('f') = the loads alone of the pairs sharing A, 16
# ('g') = those pairs computing (checked: bf16 TT cases in `pingpong check`). Timed beside mode 1, probe a (loads alone)
# and e (loads alone, B shared), mode 2 (pairs sharing B); ncu of 1, a, e, f, g. Carried: prebuilt/s33.tar.xz.
S=scripts/experiments/gemm_hopper; O=$OUT/c7; mkdir -p $O /tmp/k
xz -dc prebuilt/s33.tar.xz | tar -xf - -C /tmp/k pp
t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
timeout 100 /tmp/k/pp/pingpong check > $O/pp-check.txt 2>&1; echo "pp check rc=$? $(grep -c '^ok' $O/pp-check.txt) ok ($(grep -c 'cl 16' $O/pp-check.txt) of mode 16) $(tail -1 $O/pp-check.txt) $(el) s" > $O/sum-1.txt
for c in "bf16 1 1 2048 8192 1024" "bf16 1 1 4096 4096 1024"; do
  PP_MODES="1 a e f g 2" timeout 60 /tmp/k/pp/pingpong time $c >> $O/pp-time.txt 2>&1
done
PP_MODES="1 a e f g" timeout 120 ncu --clock-control none -k regex:pp_kernel --launch-count 40 \
  --metrics gpu__time_duration.sum,sm__cycles_active.avg,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_elapsed,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_requests_srcunit_tex_op_read.sum,launch__cluster_dim_x \
  --csv --page raw /tmp/k/pp/pingpong time bf16 1 1 2048 8192 1024 1 > $O/ncu-a.csv 2> $O/ncu-a.err
python3 $S/ncu_l2_summary.py $O/ncu-a.csv | grep -vE '\.(min|max) |^(lts|dram)__[^ ]*\.avg ' > $O/ncu-a.txt 2>&1
echo "==== summary ($(el) s)"; cat $O/sum-1.txt; grep -h FAIL $O/pp-check.txt | head -4; cat $O/pp-time.txt; cut -c1-200 $O/ncu-a.txt
