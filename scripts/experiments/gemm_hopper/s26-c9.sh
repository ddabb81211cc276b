# session 26 call 9: rung 07's split capped at 10, 12, 14 ways (host-only variants of v29) against 16 (v29)
S=scripts/experiments/gemm_hopper; O=$OUT/c9; mkdir -p $O /tmp/k; for f in prebuilt/*.tar.xz; do xz -dc $f | tar -xf - -C /tmp/k; done
t0=$(date +%s)
LIBS=/tmp/k VERSIONS="v29 r7s10 r7s12 r7s14" OPS="bf16" TRANS=TN ROUNDS=2 SHAPES="512,512,32768 512,512,16384 512,512,8192 256,256,32768" $S/ab-lib.sh $O/ab >/dev/null 2>&1; cat $O/ab/ab.txt; echo "ab $(( $(date +%s)-t0 )) s"
LIBS=/tmp/k VERSIONS="v29 r7s12" OPS="f16" TRANS=NN ROUNDS=1 SHAPES="512,512,32768 512,512,16384" $S/ab-lib.sh $O/ab-f16 >/dev/null 2>&1; cat $O/ab-f16/ab.txt; echo "ab $(( $(date +%s)-t0 )) s"
tar czf $OUT/c9.tgz -C $OUT c9
