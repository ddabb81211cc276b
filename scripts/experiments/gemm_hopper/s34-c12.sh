# session 34 call 12 (H200): the wgmma descriptors as one add each (gp_h_desc on a stage's base / 16 plus compile-time
# offsets; rung 06's warpgroup index through a shuffle so that its A descriptors stay uniform): rung 06's k-block
# was ~80 SASS instructions a consumer warp, ours issued 28-73% more instructions than cublasLt at the headline rows
# (call 9), and at the 700 W cap the clock follows energy. (1) test_gpu_gemm, automatic choice and every hopper rung
# forced, in parallel; (2) b2b, the library before (old: 718c290) and after (new), alternating, random inputs, bf16 NN
# 8192^3 and 4096^3, with nvidia-smi's clock and power; (3) ncu's instruction count for new. Carried:
# prebuilt/s34f.tar.xz (old/b2b, new/b2b, new/test_gpu_gemm).
S=scripts/experiments/gemm_hopper; O=$OUT/c12; mkdir -p $O /tmp/k
xz -dc prebuilt/s34f.tar.xz | tar -xf - -C /tmp/k
T=/tmp/k/new/test_gpu_gemm; t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
for r in 0 4 5 6 7 8; do
  ( GP_TEST_RUNGS=$r timeout 280 $T > $O/test-$r.txt 2>&1; echo "test rung $r rc=$? $(tail -1 $O/test-$r.txt) $(el) s" >> $O/sum.txt ) &
done
wait
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,clocks_event_reasons.active --format=csv,noheader -lms 20 > $O/smi.csv 2>&1 &
SMI=$!
for r in 1 2; do
  for c in "bf16 0 0 8192 8192 8192 2" "bf16 0 0 4096 4096 4096 1.5"; do
    for v in old new; do
      set -- $c
      timeout 40 /tmp/k/$v/b2b $c r > $O/b2b-$1-$4-$v-$r.txt 2>&1
      sleep 1
    done
  done
done
kill $SMI
echo "b2b $(el) s" >> $O/sum.txt
M=gpu__time_duration.sum,sm__cycles_active.avg,smsp__inst_executed.sum,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active
for v in old new; do
  timeout 60 ncu --clock-control none -k regex:gp_hp_kernel --launch-count 4 --metrics $M --csv --page raw /tmp/k/$v/b2b bf16 0 0 8192 8192 8192 0.05 r > $O/ncu-8192-$v.csv 2> $O/ncu-8192-$v.err
done
echo "==== summary ($(el) s)"; cat $O/sum.txt; grep -hE 'FAIL' $O/test-*.txt | head -6
for v in old new; do echo "== $v"; python3 $S/ncu_l2_summary.py $O/ncu-8192-$v.csv | grep -E "inst_executed.sum|duration.sum|cycles_active.avg|tensor.*avg"; done
python3 $S/smi_phases.py $O/smi.csv $O/b2b-*.txt 
