# session 30 call 6 (H200): the split reductions with `groups` threads a float4 of C where few tiles are split many ways
# (red) against the library as committed (head). call 5's ncu: at 64 ways over 1-2 tiles the reduction kernels took
# 10.5-11.5 us (plain) and 18-19 us (transposed) of 32 blocks, latency-bound. Carried: prebuilt/s30.tar.xz (head, red).
O=/tmp/c6; mkdir -p $O /tmp/k; xz -dc prebuilt/s30.tar.xz | tar -xf - -C /tmp/k
S=scripts/experiments/gemm_hopper; t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
keep() { tar czf $OUT/c6.tgz -C /tmp c6; }
GP_TEST_RUNGS=0 LD_LIBRARY_PATH=/tmp/k/red timeout 150 /tmp/k/red/test_gpu_gemm > $O/test-auto.txt 2>&1; echo "test rc=$? $(tail -1 $O/test-auto.txt) $(el) s"
grep -E "FAIL|differs" $O/test-auto.txt | head -5; keep
ab() { local name=$1; shift; env LIBS=/tmp/k "$@" timeout 60 $S/ab-lib.sh $O/$name > /dev/null 2>&1; cat $O/$name/ab.txt; echo "$name $(el) s"; keep; }
ab ab-nn VERSIONS="head red" OPS=tf32 ROUNDS=2 SHAPES="128,128,65536 256,256,16384 256,256,32768"
ab ab-tt VERSIONS="head red" OPS=tf32 TRANS=TT ROUNDS=2 SHAPES="128,128,65536 256,256,16384"
[ $(el) -lt 250 ] && ab ab-16 VERSIONS="head red" OPS=bf16 TRANS=TN ROUNDS=2 SHAPES="256,256,32768 128,128,65536 512,512,32768"
[ $(el) -lt 300 ] && { LD_LIBRARY_PATH=/tmp/k/red timeout 100 compute-sanitizer --tool memcheck /tmp/k/red/gpuprim verify gemm -r auto --op tf32 --m 130 -n 200 --k 16400 -v > $O/memcheck-130.txt 2>&1
  echo "memcheck rc=$? $(el) s: $(grep -E 'ERROR SUMMARY|PASS|FAIL' $O/memcheck-130.txt | tr '\n' ' ' | cut -c1-200)"; keep; }
echo "end $(el) s"
