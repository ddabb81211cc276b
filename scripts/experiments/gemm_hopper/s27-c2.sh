# session 27 call 2: y = the rule (tf32 TN: rung 06's transpose of B in shared memory, the copy where it goes whole or in
# panels of C); d = y with the deep split for tf32; test_gpu_gemm auto; memcheck; racecheck of the TN kernel; where the
# time goes at tf32 NT 4095x4097x4093; the tf32 sweep of y
S=scripts/experiments/gemm_hopper; O=$OUT/c2; mkdir -p $O /tmp/k; xz -dc prebuilt/s27b.tar.xz | tar -xf - -C /tmp/k
t0=$(date +%s)
for tr in TN NT NN; do LIBS=/tmp/k VERSIONS="y d" OPS=tf32 TRANS=$tr ROUNDS=2 SHAPES="256,256,32768 128,128,65536 256,256,16384 128,128,16384" $S/ab-lib.sh $O/ab-$tr >/dev/null 2>&1; cat $O/ab-$tr/ab.txt; done; echo "ab $(( $(date +%s)-t0 )) s"
export LD_LIBRARY_PATH=/tmp/k/y
timeout 150 /tmp/k/y/gpuprim bench gemm --sweep --op tf32 --json $O/sweep-tf32.json > $O/sweep-tf32.txt 2>&1; echo "sweep $(( $(date +%s)-t0 )) s"
awk '/^gemm /{s=$2" "$3} /auto \(/{print s, $(NF-1)}' $O/sweep-tf32.txt | tr '\n' ';'; echo
GP_TEST_RUNGS=0 timeout 200 /tmp/k/y/test_gpu_gemm > $O/test-auto.txt 2>&1; echo "test rc=$?"; tail -1 $O/test-auto.txt; echo "test $(( $(date +%s)-t0 )) s"
timeout 90 compute-sanitizer --tool racecheck --racecheck-report all /tmp/k/y/gpuprim bench gemm --op tf32 --trans TN -r 6 --reps 1 --m 256 --n 512 --k 1024 > $O/racecheck-tn.txt 2>&1; echo "racecheck rc=$?"; grep -E "RACECHECK SUMMARY|hazard|ok$" $O/racecheck-tn.txt | head -5
timeout 90 compute-sanitizer --tool memcheck --error-exitcode 3 /tmp/k/y/gpuprim bench gemm --op tf32 --trans TN -r auto --reps 1 --m 300 --n 200 --k 20000 > $O/memcheck-tn.txt 2>&1; echo "memcheck rc=$?"; grep -E "ERROR SUMMARY|ok$" $O/memcheck-tn.txt | head -3
echo "san $(( $(date +%s)-t0 )) s"
which nsys > $O/nsys.txt 2>&1; if which nsys >/dev/null 2>&1; then timeout 120 nsys profile -o $O/odd --force-overwrite true /tmp/k/y/gpuprim bench gemm --op tf32 --trans NT -r auto --reps 1 --m 4095 --n 4097 --k 4093 >/dev/null 2>&1; timeout 60 nsys stats -r cuda_gpu_trace -f csv $O/odd.nsys-rep > $O/odd-trace.csv 2>&1; grep -v "cublas\|sm90_xmma\|cutlass" $O/odd-trace.csv | tail -40 | cut -c1-200; fi
echo "nsys $(( $(date +%s)-t0 )) s"
rm -f $O/*.nsys-rep $O/*.sqlite; tar czf $OUT/c2.tgz -C $OUT c2
