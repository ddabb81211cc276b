# session 34 call 3 (H200): call 2 found C from the registers costing pingpong.cu's rung-08 kernel 35% at bf16
# 2048x8192x1024 TT (mode 19: 67.2 us against mode 1's 49.9 through the TMA), loads alone too (mode 20: 65.2 against
# 44.9). Hypothesis: each 4-byte store of a quad covers 16 bytes of a 32-byte sector, so L2 takes C in half sectors
# (a read of the rest from DRAM, or a partial write) where the TMA writes whole lines. ncu of each mode alone (the same
# kernel for 1 / 19 and 10 / 20: one run each), with the memory tables: DRAM read bytes, L2 sectors written.
S=scripts/experiments/gemm_hopper; O=$OUT/c3; mkdir -p $O /tmp/k
[ -x /tmp/k/pp/pingpong ] || xz -dc prebuilt/s34.tar.xz | tar -xf - -C /tmp/k
t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
for m in 1 j a k; do
  PP_MODES="$m" timeout 100 ncu --clock-control none -k regex:pp_kernel --launch-count 8 --section SpeedOfLight \
    --section MemoryWorkloadAnalysis --section MemoryWorkloadAnalysis_Tables --csv --page raw \
    /tmp/k/pp/pingpong time bf16 1 1 2048 8192 1024 1 > $O/ncu-$m.csv 2> $O/ncu-$m.err
  echo "ncu mode $m rc=$? $(wc -l < $O/ncu-$m.csv) lines $(el) s"
done
echo "==== summary ($(el) s)"
for m in 1 j a k; do echo "== mode $m"; python3 $S/ncu_l2_summary.py $O/ncu-$m.csv | grep -E "duration|dram__bytes|sectors_srcunit_tex_op_(read|write)(\.sum|_lookup)|lts__t_sectors_op_write|cycles_active|pipe_tensor" | head -24; done
