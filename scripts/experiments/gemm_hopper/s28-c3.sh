# session 28 call 3: m = n + the rule (tf32 TT / NN / TN on rung 04 up to 64 / 64 / 32 k-blocks where its blocks fill one
# wave; tf32 NT on rung 04 instead of a split over moderate k, 128 x 64 tiles as 16-bit types). test_gpu_gemm m
# (automatic choice); h against m alternating at the shapes whose plan changed; the tf32 sweep of m; memcheck (auto)
S=scripts/experiments/gemm_hopper; O=$OUT/c3; mkdir -p $O /tmp/k; for f in prebuilt/*.tar.xz; do xz -dc $f | tar -xf - -C /tmp/k; done
t0=$(date +%s)
GP_TEST_RUNGS=0 timeout 220 /tmp/k/m/test_gpu_gemm > $O/test-auto.txt 2>&1; echo "test auto rc=$?"; tail -1 $O/test-auto.txt; grep -i "fail" $O/test-auto.txt | head -5; echo "test $(( $(date +%s)-t0 )) s"
for tr in TN TT NN NT; do LIBS=/tmp/k VERSIONS="h m" OPS=tf32 TRANS=$tr ROUNDS=1 SHAPES="512,512,512 768,768,768 1000,1000,1000 1024,1024,1024 1536,1536,1536 1024,1024,2048 512,512,1024" $S/ab-lib.sh $O/ab-$tr >/dev/null 2>&1; cat $O/ab-$tr/ab.txt; done; echo "ab $(( $(date +%s)-t0 )) s"
export LD_LIBRARY_PATH=/tmp/k/m
timeout 150 /tmp/k/m/gpuprim bench gemm --sweep --op tf32 --json $O/sweep-tf32.json > $O/sweep-tf32.txt 2>&1; echo "sweep $(( $(date +%s)-t0 )) s"; awk '/^gemm /{s=$2" "$3} /auto \(/{print s, $(NF-1)}' $O/sweep-tf32.txt | tr '\n' ';'; echo; grep -E "geomean|worst" $O/sweep-tf32.txt | head -3
GP_TEST_RUNGS=0 GP_TEST_SMALL=1 timeout 150 compute-sanitizer --tool memcheck --error-exitcode 3 /tmp/k/m/test_gpu_gemm > $O/memcheck-auto.txt 2>&1; echo "memcheck rc=$?"; tail -n 2 $O/memcheck-auto.txt; echo "mem $(( $(date +%s)-t0 )) s"
tar czf $OUT/c3.tgz -C $OUT c3
