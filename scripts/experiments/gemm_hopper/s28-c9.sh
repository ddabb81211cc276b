# session 28 call 9: q = f + rung 04's 128 x 64 tiles wherever A's and B's rows lie on 64 bytes (instead of m, n, k
# multiples of 64). `ab` f2 (= f) / q alternating, 2 rounds: f16 / bf16 NN at shapes whose plan changes (992^3,
# 1000x1024x1024, 736^3) and controls (1000^3, 1024x1024x1000, 1024x1000x1024); bf16 TN 992^3; tf32 NT 992^3, 1000^3
S=scripts/experiments/gemm_hopper; O=$OUT/c9; mkdir -p $O /tmp/k; for f in prebuilt/*.tar.xz; do xz -dc $f | tar -xf - -C /tmp/k; done
LIBS=/tmp/k VERSIONS="f2 q" OPS="f16 bf16" ROUNDS=2 SHAPES="992,992,992 1000,1024,1024 736,736,736 1000,1000,1000 1024,1024,1000 1024,1000,1024" $S/ab-lib.sh $O/ab-NN >/dev/null 2>&1
LIBS=/tmp/k VERSIONS="f2 q" OPS="bf16" TRANS=TN ROUNDS=2 SHAPES="992,992,992" $S/ab-lib.sh $O/ab-TN >/dev/null 2>&1
LIBS=/tmp/k VERSIONS="f2 q" OPS="tf32" TRANS=NT ROUNDS=2 SHAPES="992,992,992 1000,1000,1000" $S/ab-lib.sh $O/ab-tf32 >/dev/null 2>&1
cat $O/ab-*/ab.txt | awk '{print $2, $3, $4$5$6$7$8, $9, $(NF-5), $(NF-2), $NF}'
tar czf $OUT/c9.tgz -C $OUT c9
