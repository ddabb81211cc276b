# session 27 call 3: z = y + the deep split for tf32 (GP_H_DEEP_TF32, C^T too), the transposed reduction with float4
# loads, panels of the whole workspace where C is not TMA-describable; zc = z without the deep split where C^T;
# y (call 2) for the odd shape; test_gpu_gemm (auto) and its memcheck
S=scripts/experiments/gemm_hopper; O=$OUT/c3; mkdir -p $O /tmp/k; for f in prebuilt/*.tar.xz; do xz -dc $f | tar -xf - -C /tmp/k; done
t0=$(date +%s)
LIBS=/tmp/k VERSIONS="z zc" OPS=tf32 TRANS=NN ROUNDS=2 SHAPES="256,256,32768 128,128,65536 256,256,16384 128,128,16384" $S/ab-lib.sh $O/ab-nn >/dev/null 2>&1; cat $O/ab-nn/ab.txt; echo "ab $(( $(date +%s)-t0 )) s"
LIBS=/tmp/k VERSIONS="y z" OPS="tf32 bf16" TRANS=NT ROUNDS=2 SHAPES="4095,4097,4093" $S/ab-lib.sh $O/ab-odd >/dev/null 2>&1; cat $O/ab-odd/ab.txt; echo "ab $(( $(date +%s)-t0 )) s"
LIBS=/tmp/k VERSIONS="y z" OPS="tf32" TRANS=TN ROUNDS=1 SHAPES="256,256,32768 1024,1024,1024" $S/ab-lib.sh $O/ab-tn >/dev/null 2>&1; cat $O/ab-tn/ab.txt; echo "ab $(( $(date +%s)-t0 )) s"
GP_TEST_RUNGS=0 timeout 200 /tmp/k/z/test_gpu_gemm > $O/test-auto.txt 2>&1; echo "test rc=$?"; tail -1 $O/test-auto.txt; echo "test $(( $(date +%s)-t0 )) s"
GP_TEST_RUNGS=0 GP_TEST_SMALL=1 timeout 200 compute-sanitizer --tool memcheck --error-exitcode 3 /tmp/k/z/test_gpu_gemm > $O/memcheck-auto.txt 2>&1; echo "memcheck rc=$?"; tail -n 2 $O/memcheck-auto.txt; echo "mem $(( $(date +%s)-t0 )) s"
tar czf $OUT/c3.tgz -C $OUT c3
