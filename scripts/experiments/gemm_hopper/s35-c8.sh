# session 35 call 8 (H200): every rung and tile configuration (-r all -v; rungs 01-02 left out of the summary), rung 03
# (mma.sync, cp.async) against rung 04 and the
# automatic choice where tf32 has an MN-major operand at small shapes, the tf32 sweep's weak rows (1024^3 TN 0.85x;
# cublasLt runs sm80 mma.sync kernels there, call 7). Carried: prebuilt/criteria.tar.xz (HEAD's gpuprim and .so).
O=$OUT/c8; mkdir -p $O /tmp/k; xz -dc prebuilt/criteria.tar.xz | tar -xf - -C /tmp/k
export LD_LIBRARY_PATH=/tmp/k/head; t0=$(date +%s)
for c in "TN 1024 1024 1024" "TN 512 512 512" "TN 2048 2048 2048" "TT 1024 1024 1024" "NN 1024 1024 1024" "TN 1000 1000 1000"; do
  set -- $c
  timeout 60 /tmp/k/head/gpuprim bench gemm --m $2 --n $3 --k $4 --op tf32 --trans $1 -r all -v > $O/b-$1-$2-$3-$4.txt 2>&1
  echo "== tf32 $1 $2x$3x$4 ($(( $(date +%s)-t0 )) s)" >> $O/sum.txt
  grep "TFLOP/s" $O/b-$1-$2-$3-$4.txt | grep -v -E " 0[12] " | cut -c1-100 >> $O/sum.txt
done
tar czf $OUT/c8.tgz -C $OUT c8 && cp $O/sum.txt /tmp/k/sum8.txt && rm -rf $O
echo "==== summary"; cat /tmp/k/sum8.txt
