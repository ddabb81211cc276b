# session 30 call 5 (H200): where tf32 NN's deep split loses ~4 us to TT's (v16: 128x128x65536 NN 35.6 us, TT 31.6;
# both run rung 06's 64-way split with A from registers, NN as C^T through the transposed reduction). ncu durations of
# our kernels (the split and its reduction) in each layout, 3 timed runs each. Carried: prebuilt/s30.tar.xz (head).
O=/tmp/c5; mkdir -p $O /tmp/k; xz -dc prebuilt/s30.tar.xz | tar -xf - -C /tmp/k
t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
keep() { tar czf $OUT/c5.tgz -C /tmp c5; }
export LD_LIBRARY_PATH=/tmp/k/head; B=/tmp/k/head/gpuprim
for tr in NN TT; do
  for s in "128 128 65536" "256 256 16384"; do
    set -- $s
    timeout 60 ncu --clock-control none --kernel-name regex:"gp_hp" --metrics gpu__time_duration.sum,dram__bytes_read.sum,lts__t_bytes.sum \
      $B bench gemm --op tf32 --trans $tr --m $1 -n $2 --k $3 -r auto --reps 3 > $O/ncu-$tr-$1-$3.txt 2>&1
    echo "$tr $s rc=$? $(el) s"
    grep -E "gp_hp|gpu__time_duration" $O/ncu-$tr-$1-$3.txt | sed -E 's/\(int, int, int\)|CUtensorMap_st//g' | tail -6 | cut -c1-150
    keep
  done
done
echo "end $(el) s"
