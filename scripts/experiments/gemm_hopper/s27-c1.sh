# session 27 call 1: tf32 TN with B transposed in shared memory (x) against the transposed copy (c); forced rung 06 tests
S=scripts/experiments/gemm_hopper; O=$OUT/c1; mkdir -p $O /tmp/k; xz -dc prebuilt/s27a.tar.xz | tar -xf - -C /tmp/k
t0=$(date +%s)
for sh in "1024 1024 1024" "512 512 32768" "129 264 136"; do set -- $sh
  LD_LIBRARY_PATH=/tmp/k/x timeout 60 /tmp/k/x/gpuprim bench gemm --op tf32 --trans TN -r 6 --m $1 --n $2 --k $3 2>&1 | grep -E "vendor\)|^  (auto|0[0-9]) |fail" ; done | tee $O/first.txt
echo "first $(( $(date +%s)-t0 )) s"
LIBS=/tmp/k VERSIONS="c x" OPS=tf32 TRANS=TN ROUNDS=2 SHAPES="512,512,32768 1024,1024,1024 256,256,32768 1024,1024,16384 2048,2048,2048 4096,4096,4096 256,16384,4096 8192,8192,8192" $S/ab-lib.sh $O/ab-tn >/dev/null 2>&1; cat $O/ab-tn/ab.txt; echo "ab $(( $(date +%s)-t0 )) s"
GP_TEST_RUNGS=6 timeout 200 /tmp/k/x/test_gpu_gemm > $O/test-r6.txt 2>&1; echo "test rc=$?"; tail -1 $O/test-r6.txt; grep -i fail $O/test-r6.txt | head -5; echo "test $(( $(date +%s)-t0 )) s"
tar czf $OUT/c1.tgz -C $OUT c1
