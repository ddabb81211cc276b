# session 31 call 9 (H200): the consumers' wgmma wait. The timeline (call 8) shows rung 06's k loop at 1143 cycles a
# k-block at 4096^3 and 1200 at 2048x8192x1024 TT on the H200, against the tensor rate's 1024 (H100, session 22: 1022);
# the consumers drain each k-block's wgmmas before freeing its stage (wait1 0). w1: hopper_pick.c built with
# -DGP_H_WAIT1=1 (one k-block of wgmmas kept in flight); w0: the same build at 0 (= HEAD). `ab` alternating, then b2b's
# alternating blocks against cublasLt with random inputs through each library. Carried: prebuilt/s31.tar.xz (w0, w1, b2b).
O=/tmp/c9; mkdir -p $O /tmp/k; xz -dc prebuilt/s31.tar.xz | tar -xf - -C /tmp/k
t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
keep() { tar czf $OUT/c9.tgz -C /tmp c9; }
S=scripts/experiments/gemm_hopper
LIBS=/tmp/k VERSIONS="w0 w1" OPS=bf16 TRANS=TT ROUNDS=2 SHAPES="2048,8192,1024" timeout 60 $S/ab-lib.sh $O/ab-tt > /dev/null 2>&1; cat $O/ab-tt/ab.txt; echo "$(el) s"; keep
LIBS=/tmp/k VERSIONS="w0 w1" OPS="bf16 f16" ROUNDS=2 SHAPES="4096,4096,4096 8192,8192,8192" timeout 120 $S/ab-lib.sh $O/ab-nn > /dev/null 2>&1; cat $O/ab-nn/ab.txt; echo "$(el) s"; keep
for v in w0 w1 w0 w1; do
  for c in "bf16 1 1 2048 8192 1024" "bf16 0 0 4096 4096 4096"; do
    set -- $c
    LD_LIBRARY_PATH=/tmp/k/$v timeout 30 /tmp/k/w0/b2b $c 0 ra25g16 > $O/alt-$v-$4-$5.txt 2>&1; echo "b2b $v $c: $(grep median $O/alt-$v-$4-$5.txt) $(el) s"
    cat $O/alt-$v-$4-$5.txt >> $O/alt-all.txt
  done
  keep
done
echo "end $(el) s"
