# session 34 call 11 (H200): call 9 found ours moving 7.5% more L2 sectors than cublasLt at bf16 NN 8192^3 (276.6M
# against 257.4M) with the same DRAM bytes. Which sectors: ncu's memory tables (srcunit tex / ltcfabric / gcc, reads,
# writes, requests) for 4 launches of each kernel (b2b's warm-up, random inputs), 8192^3 and 4096^3.
# Carried: prebuilt/s34e.tar.xz (b2b).
S=scripts/experiments/gemm_hopper; O=$OUT/c11; mkdir -p $O /tmp/k
xz -dc prebuilt/s34e.tar.xz | tar -xf - -C /tmp/k
t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
for c in "bf16 0 0 8192 8192 8192" "bf16 0 0 4096 4096 4096"; do
  set -- $c
  for k in gp_hp_kernel nvjet; do
    timeout 150 ncu --clock-control none -k regex:$k --launch-count 4 --section SpeedOfLight --section MemoryWorkloadAnalysis \
      --section MemoryWorkloadAnalysis_Tables --csv --page raw /tmp/k/b2b $c 0.05 r > $O/ncu-$4-$k.csv 2> $O/ncu-$4-$k.err
    echo "ncu $4 $k rc=$? $(wc -l < $O/ncu-$4-$k.csv) lines $(el) s"
  done
done
echo "==== summary ($(el) s)"
for c in 8192 4096; do echo "== $c"; python3 $S/ncu_l2_summary.py $O/ncu-$c-gp_hp_kernel.csv $O/ncu-$c-nvjet.csv | grep -E "kernels|sectors.*\.sum |requests.*\.sum |dram__bytes_(read|write)\.sum |duration.sum" | grep -v "pct\|per_second" | head -40; done
