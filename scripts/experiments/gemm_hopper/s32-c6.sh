# session 32 call 6 (H200): the final library (rung 08 over at most 32 k-blocks, wait1 from 128; s32-prep.sh):
# compute-sanitizer memcheck and racecheck of test_gpu_gemm with rung 08 forced and with the automatic choice
# (GP_TEST_SMALL=1, in parallel), then alone on the GPU the gemm ladder (`gpuprim bench gemm`: every rung and the
# automatic choice at the ten headline rows against cublasLt). Carried: prebuilt/s32.tar.xz.
O=$OUT/c6; mkdir -p $O /tmp/k
xz -dc prebuilt/s32.tar.xz | tar -xf - -C /tmp/k
T=/tmp/k/new/test_gpu_gemm; t0=$(date +%s)
for tool in memcheck racecheck; do for r in 0 8; do
( GP_TEST_RUNGS=$r GP_TEST_SMALL=1 timeout 200 compute-sanitizer --tool $tool --error-exitcode 3 $T > $O/$tool-r$r.txt 2>&1
  echo "$tool r$r rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $O/$tool-r$r.txt | tail -1) $(grep -E 'passed' $O/$tool-r$r.txt | tail -1) $(( $(date +%s)-t0 )) s" ) &
done; done
wait
LD_LIBRARY_PATH=/tmp/k/new timeout 330 /tmp/k/new/gpuprim bench gemm --json $O/bench.json > $O/bench.txt 2>&1
echo "bench rc=$? $(( $(date +%s)-t0 )) s"; grep -E '^gemm|auto|08 ping|06 pers' $O/bench.txt
python3 scripts/plot_bench.py $O/bench.json $O/bench.png > /dev/null 2>&1; echo "plot rc=$?"
