# session 28 call 2: n = h + rung 04's A fragments double-buffered (tf32 TT / NN) and rung 04 for tf32 TN (B turned
# K-major in shared memory by the warpgroup). test_gpu_gemm n with rung 04 forced; racecheck and memcheck of rung 04;
# then rung 04's configurations and the automatic choice (h's rule) for tf32 in the four layouts at small and moderate
# shapes, against cublasLt; h's rung 04 (A fragments drained each k-block) at two shapes for comparison
O=$OUT/c2; mkdir -p $O /tmp/k; for f in prebuilt/*.tar.xz; do xz -dc $f | tar -xf - -C /tmp/k; done
t0=$(date +%s); export LD_LIBRARY_PATH=/tmp/k/n; G=/tmp/k/n/gpuprim
GP_TEST_RUNGS=4 timeout 100 /tmp/k/n/test_gpu_gemm > $O/test-r4.txt 2>&1; echo "test r4 rc=$?"; tail -1 $O/test-r4.txt; grep -i "fail" $O/test-r4.txt | head -5; echo "test $(( $(date +%s)-t0 )) s"
for tr in TN TT; do timeout 100 compute-sanitizer --tool racecheck --racecheck-report all --kernel-name kns=gp_gemm_r04_kernel $G bench gemm --op tf32 --trans $tr -r 4 -v --reps 1 --m 256 --n 384 --k 1040 > $O/racecheck-r4-$tr.txt 2>&1; echo "racecheck $tr rc=$?"; grep -E "RACECHECK SUMMARY|cfg|Error" $O/racecheck-r4-$tr.txt | head -9; done
echo "race $(( $(date +%s)-t0 )) s"
b() { f=$1; shift; timeout 60 $G bench gemm "$@" > $O/$f.txt 2>&1; awk -v f=$f '/^gemm /{s=$2" "$3} /x  /{printf "%s %s | ", f, s; for(i=1;i<=NF;i++) if ($i ~ /^(auto|0[0-9]|cfg[0-9]|cublasLt)$/) printf "%s ", $i; print $(NF-5), $(NF-1)}' $O/$f.txt; }
for tr in TN TT NN NT; do for sh in 512,512,512 768,768,768 1024,1024,1024 1536,1536,1536 2048,2048,2048 1024,1024,2048 1024,1024,4096; do
  IFS=, read -r m n k <<<"$sh"; b $tr-$m-$k-r4 --op tf32 --trans $tr --m $m --n $n --k $k -r 4 -v; b $tr-$m-$k-auto --op tf32 --trans $tr --m $m --n $n --k $k; done; done
echo "bench $(( $(date +%s)-t0 )) s"
G=/tmp/k/h/gpuprim; export LD_LIBRARY_PATH=/tmp/k/h
for sh in 512,512,512 1024,1024,1024; do IFS=, read -r m n k <<<"$sh"; b h-TT-$m-$k-r4 --op tf32 --trans TT --m $m --n $n --k $k -r 4 -v; done
echo "h $(( $(date +%s)-t0 )) s"
GP_TEST_RUNGS=4 GP_TEST_SMALL=1 timeout 150 compute-sanitizer --tool memcheck --error-exitcode 3 /tmp/k/n/test_gpu_gemm > $O/memcheck-r4.txt 2>&1; echo "memcheck rc=$?"; tail -n 2 $O/memcheck-r4.txt; echo "mem $(( $(date +%s)-t0 )) s"
tar czf $OUT/c2.tgz -C $OUT c2
