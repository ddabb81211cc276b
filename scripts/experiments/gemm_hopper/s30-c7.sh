# session 30 call 7 (H200): the final build (fin: the one-group reductions as HEAD's, byte for byte; the grouped ones
# where few tiles are split many ways) against head: test_gpu_gemm (automatic choice), the tf32 sweep, `ab` at the tf32
# sweep's split rows and the 64-way rows. Carried: prebuilt/s30.tar.xz (head, fin).
O=/tmp/c7; mkdir -p $O /tmp/k; xz -dc prebuilt/s30.tar.xz | tar -xf - -C /tmp/k
S=scripts/experiments/gemm_hopper; t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
keep() { tar czf $OUT/c7.tgz -C /tmp c7; }
GP_TEST_RUNGS=0 LD_LIBRARY_PATH=/tmp/k/fin timeout 150 /tmp/k/fin/test_gpu_gemm > $O/test-auto.txt 2>&1; echo "test rc=$? $(tail -1 $O/test-auto.txt) $(el) s"
grep -E "FAIL|differs" $O/test-auto.txt | head -5; keep
ab() { local name=$1; shift; env LIBS=/tmp/k "$@" timeout 50 $S/ab-lib.sh $O/$name > /dev/null 2>&1; cat $O/$name/ab.txt; echo "$name $(el) s"; keep; }
ab ab-tt VERSIONS="head fin" OPS=tf32 TRANS=TT ROUNDS=2 SHAPES="128,128,4096 128,128,65536"
ab ab-nn VERSIONS="head fin" OPS=tf32 ROUNDS=1 SHAPES="256,256,16384 128,128,65536"
[ $(el) -lt 200 ] && { LD_LIBRARY_PATH=/tmp/k/fin timeout 40 /tmp/k/fin/gpuprim bench gemm --sweep --op tf32 --json $O/sweep-tf32.json > $O/sweep-tf32.txt 2>&1; echo "sweep tf32 $(el) s"; keep; }
echo "end $(el) s"
