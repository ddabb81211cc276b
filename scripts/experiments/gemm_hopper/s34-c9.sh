# session 34 call 9 (H200): where does ours spend ~3% more energy a cycle than cublasLt at bf16 8192^3 (calls 2, 8:
# both at the 700 W cap, ours at 1455-1485 MHz, cublasLt at 1500)? Rung 07's multicast did not change it (call 8).
# ncu of both kernels (b2b's warm-up: 20 calls each, random inputs): DRAM bytes (HBM energy), L2 sectors, instructions
# issued, shared-memory wavefronts, active cycles. Carried: prebuilt/s34e.tar.xz (b2b).
S=scripts/experiments/gemm_hopper; O=$OUT/c9; mkdir -p $O /tmp/k
xz -dc prebuilt/s34e.tar.xz | tar -xf - -C /tmp/k
t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
M=gpu__time_duration.sum,sm__cycles_active.avg,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors.sum,smsp__inst_executed.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active
for c in "bf16 0 0 8192 8192 8192" "bf16 0 0 4096 4096 4096"; do
  set -- $c
  timeout 200 ncu --clock-control none --launch-count 40 --metrics $M --csv --page raw /tmp/k/b2b $c 0.05 r > $O/ncu-$4.csv 2> $O/ncu-$4.err
  echo "ncu $4 rc=$? $(wc -l < $O/ncu-$4.csv) lines $(el) s"
done
echo "==== summary ($(el) s)"
for c in 8192 4096; do echo "== $c"; python3 $S/ncu_l2_summary.py $O/ncu-$c.csv; done
