# session 30 call 2 (H200): the fix-up kept for tf32 on rung 06 only (new2; the 16-bit kernels' SASS is the same as
# HEAD's). Carried: prebuilt/s30.tar.xz (new2: gpuprim, libgpuprim.so.0, test_gpu_gemm; v16 from s29b.tar.xz
# v16: HEAD's plans on an H200, the reduction kernel). Steps by priority, each skipped past its time.
O=/tmp/c2; mkdir -p $O /tmp/k; xz -dc prebuilt/s30.tar.xz | tar -xf - -C /tmp/k
S=scripts/experiments/gemm_hopper; t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
keep() { tar czf $OUT/c2.tgz -C /tmp c2; }
export LD_LIBRARY_PATH=/tmp/k/new2; B=/tmp/k/new2/gpuprim
GP_TEST_RUNGS=0 timeout 170 /tmp/k/new2/test_gpu_gemm > $O/test-auto.txt 2>&1; echo "test rc=$? $(tail -1 $O/test-auto.txt) $(el) s"
grep -E "FAIL|differs" $O/test-auto.txt | head -5; keep
ab() { local name=$1; shift; env LIBS=/tmp/k "$@" timeout 60 $S/ab-lib.sh $O/$name > /dev/null 2>&1; cat $O/$name/ab.txt; echo "$name $(el) s"; keep; }
ab ab-tf32 VERSIONS="v16 new2" OPS=tf32 ROUNDS=2 SHAPES="128,128,65536 256,256,16384 256,256,32768"
ab ab-tf32-tn VERSIONS="v16 new2" OPS=tf32 TRANS=TN ROUNDS=2 SHAPES="512,512,32768 128,128,4096"
[ $(el) -lt 260 ] && ab ab-16 VERSIONS="v16 new2" OPS="bf16 f16" TRANS=TN ROUNDS=2 SHAPES="512,512,32768"
[ $(el) -lt 290 ] && { timeout 60 compute-sanitizer --tool memcheck $B verify gemm -r auto --op tf32 --m 256 -n 256 --k 16384 > $O/memcheck-256.txt 2>&1; echo "memcheck rc=$? $(el) s: $(grep -E 'ERROR SUMMARY|PASS|FAIL' $O/memcheck-256.txt | tr '\n' ' ' | cut -c1-300)"; keep; }
[ $(el) -lt 330 ] && { timeout 40 $B bench gemm --sweep --op tf32 --json $O/sweep-tf32.json > $O/sweep-tf32.txt 2>&1; echo "sweep tf32 $(el) s"; keep; }
[ $(el) -lt 360 ] && { timeout 40 $B bench gemm --sweep --op f16 --json $O/sweep-f16.json > $O/sweep-f16.txt 2>&1; echo "sweep f16 $(el) s"; keep; }
echo "end $(el) s"
