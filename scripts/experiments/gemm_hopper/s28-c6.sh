# session 28 call 6: p = f + the split reductions let the next call's kernel launch early (griddepcontrol.launch_dependents
# at their start; f = m, the committed library). `ab` f / p alternating, 3 rounds, at split shapes: bf16 / f16
# 512x512x32768 TN, bf16 1024x1024x16384 NT, tf32 256x256x32768 TN and 128x128x65536 NN (the transposed reduction), and
# bf16 4096^3 (no split: unchanged) as a control; test_gpu_gemm p (automatic choice)
S=scripts/experiments/gemm_hopper; O=$OUT/c6; mkdir -p $O /tmp/k; for f in prebuilt/*.tar.xz; do xz -dc $f | tar -xf - -C /tmp/k; done
t0=$(date +%s)
LIBS=/tmp/k VERSIONS="f p" OPS="bf16 f16" TRANS=TN ROUNDS=3 SHAPES="512,512,32768" $S/ab-lib.sh $O/ab-TN >/dev/null 2>&1; cat $O/ab-TN/ab.txt
LIBS=/tmp/k VERSIONS="f p" OPS="bf16" TRANS=NT ROUNDS=3 SHAPES="1024,1024,16384 4096,4096,4096" $S/ab-lib.sh $O/ab-NT >/dev/null 2>&1; cat $O/ab-NT/ab.txt
LIBS=/tmp/k VERSIONS="f p" OPS="tf32" TRANS=TN ROUNDS=2 SHAPES="256,256,32768" $S/ab-lib.sh $O/ab-tf32TN >/dev/null 2>&1; cat $O/ab-tf32TN/ab.txt
LIBS=/tmp/k VERSIONS="f p" OPS="tf32" TRANS=NN ROUNDS=2 SHAPES="128,128,65536" $S/ab-lib.sh $O/ab-tf32NN >/dev/null 2>&1; cat $O/ab-tf32NN/ab.txt
echo "ab $(( $(date +%s)-t0 )) s"
GP_TEST_RUNGS=0 timeout 200 /tmp/k/p/test_gpu_gemm > $O/test-auto.txt 2>&1; echo "test auto rc=$?"; tail -1 $O/test-auto.txt; echo "test $(( $(date +%s)-t0 )) s"
tar czf $OUT/c6.tgz -C $OUT c6
