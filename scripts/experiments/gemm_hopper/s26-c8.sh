# session 26 call 8: at most 8 or 12 splits (ms8, ms12; host-only variants of v29) against 16 (v29) on rung 07's deep-k splits
S=scripts/experiments/gemm_hopper; O=$OUT/c8; mkdir -p $O /tmp/k; for f in prebuilt/*.tar.xz; do xz -dc $f | tar -xf - -C /tmp/k; done
t0=$(date +%s)
LIBS=/tmp/k VERSIONS="v29 ms12 ms8" OPS="bf16" TRANS=TN ROUNDS=2 SHAPES="512,512,32768 1024,512,16384 512,512,16384" $S/ab-lib.sh $O/ab >/dev/null 2>&1; cat $O/ab/ab.txt; echo "ab $(( $(date +%s)-t0 )) s"
tar czf $OUT/c8.tgz -C $OUT c8
