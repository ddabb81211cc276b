# session 26 call 10: deep64 (up to 64 splits; no k-cluster of 8 from 256 k-blocks; a thin C on rung 04 only where it fills 5/7 of the SMs) and r7s12 against v29
S=scripts/experiments/gemm_hopper; O=$OUT/c10; mkdir -p $O /tmp/k; for f in prebuilt/*.tar.xz; do xz -dc $f | tar -xf - -C /tmp/k; done
t0=$(date +%s)
LIBS=/tmp/k VERSIONS="v29 deep64" OPS="bf16" TRANS=TN ROUNDS=2 SHAPES="256,256,32768 256,256,16384 128,128,65536 384,384,32768 2048,128,16384 4096,128,16384" $S/ab-lib.sh $O/ab >/dev/null 2>&1; cat $O/ab/ab.txt; echo "ab $(( $(date +%s)-t0 )) s"
LIBS=/tmp/k VERSIONS="v29 r7s12" OPS="bf16 f16" TRANS=NT ROUNDS=1 SHAPES="512,512,8192 512,512,16384 768,512,16384" $S/ab-lib.sh $O/ab12 >/dev/null 2>&1; cat $O/ab12/ab.txt; echo "ab $(( $(date +%s)-t0 )) s"
tar czf $OUT/c10.tgz -C $OUT c10
