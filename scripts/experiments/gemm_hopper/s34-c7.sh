# session 34 call 7 (H200): the library before (old: session 33's, 6788e97) against the new register epilogue (new),
# alternating (ab-lib.sh, 2 rounds), where C leaves from the registers: bf16 -> f32 C on rung 08 (k <= 2048), tf32 on
# rung 04 (small shapes: its C always from the registers), 16-bit 1000^3 (rung 04's edge tiles); then the bf16 and f16
# sweeps of new. Carried: prebuilt/s34d.tar.xz (old, new: gpuprim and libgpuprim.so.0 each).
S=scripts/experiments/gemm_hopper; O=$OUT/c7; mkdir -p $O /tmp/k
xz -dc prebuilt/s34d.tar.xz | tar -xf - -C /tmp/k
t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
run() { LIBS=/tmp/k VERSIONS="old new" ROUNDS=2 timeout 150 $S/ab-lib.sh $O/ab-$1 >/dev/null 2>&1; cat $O/ab-$1/ab.txt >> $O/ab.txt; }
OPS=bf16-f32 TRANS=NN SHAPES="2048,8192,1024 4096,4096,1024" run f32-NN
OPS=bf16-f32 TRANS=TT SHAPES="2048,8192,1024" run f32-TT
OPS=tf32 TRANS=NN SHAPES="1000,1000,1000 512,512,512 1024,1024,1024" run tf32-NN
OPS=tf32 TRANS=TN SHAPES="1024,1024,1024" run tf32-TN
OPS="bf16 f16" TRANS=NN SHAPES="1000,1000,1000" run 16-NN
echo "ab $(el) s" > $O/sum.txt
for op in bf16 f16; do
  LD_LIBRARY_PATH=/tmp/k/new timeout 100 /tmp/k/new/gpuprim bench gemm --sweep --op $op --json $O/sweep-$op.json > $O/sweep-$op.txt 2>&1
  echo "sweep $op $(el) s: $(python3 $S/sweep_compare.py $O/sweep-$op.json $O/sweep-$op.json | tail -1)" >> $O/sum.txt
done
echo "==== summary ($(el) s)"; cat $O/sum.txt; cat $O/ab.txt | sed 's/vendor ms TF x, ours ms TF x = //'
