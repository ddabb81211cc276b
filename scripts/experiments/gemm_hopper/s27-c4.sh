# session 27 call 4: split counts for small tf32 shapes: h (HEAD) against ms2 / ms3 (at most 2 / 3 splits) and dk128
# (the deep split from 128 k-blocks); host-only variants of h
S=scripts/experiments/gemm_hopper; O=$OUT/c4; mkdir -p $O /tmp/k; for f in prebuilt/*.tar.xz; do xz -dc $f | tar -xf - -C /tmp/k; done
t0=$(date +%s)
for tr in TN NN TT; do LIBS=/tmp/k VERSIONS="h ms2 ms3 dk128" OPS=tf32 TRANS=$tr ROUNDS=2 SHAPES="1024,1024,1024 1000,1000,1000 128,128,4096 512,512,2048" $S/ab-lib.sh $O/ab-$tr >/dev/null 2>&1; cat $O/ab-$tr/ab.txt; done; echo "ab $(( $(date +%s)-t0 )) s"
tar czf $OUT/c4.tgz -C $OUT c4
