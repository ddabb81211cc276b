# session 30 call 3 (H200): the fix-up for tf32 splits of 32 ways or more only (new3; the rule GP_HP_FIX_MIN_SPLITS),
# test_gpu_gemm with its tf32 deep-k case (130 x 200 x 16400, each layout), compute-sanitizer memcheck of the fix-up
# path (tf32 deep split, C^T and K-major), and `ab` against v16 (HEAD on an H200). Carried: prebuilt/s30.tar.xz.
O=/tmp/c3; mkdir -p $O /tmp/k; xz -dc prebuilt/s30.tar.xz | tar -xf - -C /tmp/k
S=scripts/experiments/gemm_hopper; t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
keep() { tar czf $OUT/c3.tgz -C /tmp c3; }
export LD_LIBRARY_PATH=/tmp/k/new3; B=/tmp/k/new3/gpuprim
GP_TEST_RUNGS=0 timeout 170 /tmp/k/new3/test_gpu_gemm > $O/test-auto.txt 2>&1; echo "test rc=$? $(tail -1 $O/test-auto.txt) $(el) s"
grep -E "FAIL|differs" $O/test-auto.txt | head -5; keep
for s in "128 128 16384" "130 200 16400"; do
  set -- $s
  timeout 100 compute-sanitizer --tool memcheck $B verify gemm -r auto --op tf32 --m $1 -n $2 --k $3 -v > $O/memcheck-$1.txt 2>&1
  echo "memcheck $s rc=$? $(el) s: $(grep -E 'ERROR SUMMARY|PASS|FAIL' $O/memcheck-$1.txt | tr '\n' ' ' | cut -c1-300)"; keep
done
ab() { local name=$1; shift; env LIBS=/tmp/k "$@" timeout 60 $S/ab-lib.sh $O/$name > /dev/null 2>&1; cat $O/$name/ab.txt; echo "$name $(el) s"; keep; }
[ $(el) -lt 330 ] && ab ab-tf32 VERSIONS="v16 new3" OPS=tf32 ROUNDS=2 TRANS=TT SHAPES="128,128,4096 128,128,65536 256,256,16384"
[ $(el) -lt 360 ] && { timeout 40 $B bench gemm --sweep --op tf32 --json $O/sweep-tf32.json > $O/sweep-tf32.txt 2>&1; echo "sweep tf32 $(el) s"; keep; }
echo "end $(el) s"
