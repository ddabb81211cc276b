# session 26 call 4: tf32 with A from registers, whole tiles below 40 k-blocks (ns40) against the split (v27); rung 04 at tf32 thin C
S=scripts/experiments/gemm_hopper; O=$OUT/c4; mkdir -p $O /tmp/k; for f in prebuilt/*.tar.xz; do xz -dc $f | tar -xf - -C /tmp/k; done
t0=$(date +%s)
LIBS=/tmp/k VERSIONS="v27 ns40" OPS=tf32 TRANS=NN ROUNDS=2 SHAPES="256,256,256 512,512,512 768,768,768 1000,1000,1000 1024,1024,1024 2048,2048,1024" $S/ab-lib.sh $O/ab-nn >/dev/null 2>&1; cat $O/ab-nn/ab.txt; echo "ab $(( $(date +%s)-t0 )) s"
LIBS=/tmp/k VERSIONS="v27 ns40" OPS=tf32 TRANS=TN ROUNDS=2 SHAPES="1024,1024,1024 768,768,768" $S/ab-lib.sh $O/ab-tn >/dev/null 2>&1; cat $O/ab-tn/ab.txt; echo "ab $(( $(date +%s)-t0 )) s"
export LD_LIBRARY_PATH=/tmp/k/v27
for s in 8192,128,8192 8192,256,8192 16384,128,2048; do IFS=, read -r m n k <<<"$s"
  timeout 60 /tmp/k/v27/gpuprim bench gemm --op tf32 --trans NT --m $m --n $n --k $k -r 4 -v > $O/r4-tf32-$m-$n-$k.txt 2>&1
  timeout 30 /tmp/k/v27/gpuprim bench gemm --op tf32 --trans NT --m $m --n $n --k $k -r auto > $O/auto-tf32-$m-$n-$k.txt 2>&1
  echo "== $s"; grep -hE "^  [a-z0-9]" $O/r4-tf32-$m-$n-$k.txt $O/auto-tf32-$m-$n-$k.txt | grep -v variant
done; echo "thin $(( $(date +%s)-t0 )) s"
tar czf $OUT/c4.tgz -C $OUT c4
