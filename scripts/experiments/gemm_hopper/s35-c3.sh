# session 35 call 3 (H200): HEAD before the descriptors patch (head/, 2889703's library) against the patched library
# (new/), alternating (ab-lib.sh, 2 rounds) at the headline rows, bf16 and f16 NN 4096^3 and 8192^3, tf32 NT; then the
# bf16, f16 and tf32 sweeps of new. Carried: prebuilt/s35c.tar.xz (head/, new/: gpuprim and libgpuprim.so.0 each).
S=scripts/experiments/gemm_hopper; O=$OUT/c3; mkdir -p $O /tmp/k; xz -dc prebuilt/s35c.tar.xz | tar -xf - -C /tmp/k
t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
run() { LIBS=/tmp/k VERSIONS="head new" ROUNDS=2 timeout 200 $S/ab-lib.sh $O/ab-$1 >/dev/null 2>&1; cat $O/ab-$1/ab.txt >> $O/ab.txt; }
OPS="bf16 f16" TRANS=NN SHAPES="4096,4096,4096 8192,8192,8192" run 16-NN
OPS=tf32 TRANS=NT SHAPES="4096,4096,4096 8192,8192,8192" run tf32-NT
echo "ab $(el) s" > $O/sum.txt
for op in bf16 f16 tf32; do
  LD_LIBRARY_PATH=/tmp/k/new timeout 120 /tmp/k/new/gpuprim bench gemm --sweep --op $op --json $O/sweep-$op.json > $O/sweep-$op.txt 2>&1
  echo "sweep $op $(el) s: $(python3 $S/sweep_compare.py $O/sweep-$op.json $O/sweep-$op.json | tail -1)" >> $O/sum.txt
done
tar czf $OUT/c3.tgz -C $OUT c3 && cp $O/sum.txt $O/ab.txt /tmp/k/
echo "==== summary ($(el) s)"; cat /tmp/k/sum.txt; sed 's/vendor ms TF x, ours ms TF x = //' /tmp/k/ab.txt
