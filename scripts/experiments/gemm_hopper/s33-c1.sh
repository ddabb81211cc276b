# session 33 call 1 (H200): "new" (s33-prep.sh: rungs 04 / 08 through gp_h_kblock_m128, gp_hp_splitk_reduce_g without
# its `groups > 1` test) tested in parallel with pingpong.cu's check (cl 1, 2 and the new 3: pairs without multicast);
# then alone: pingpong's four-way timing (alone, pairs with multicast, pairs without, cublasLt) at three shapes, head
# against new at two grouped-reduction shapes, and ncu of the three pingpong kernels and of cublasLt's 2x1 ping-pong
# kernel at bf16 2048x8192x1024 TT with the memory sections (raw CSV), to tell where the pairs' L2 bytes come from.
# Carried: prebuilt/s33.tar.xz, prebuilt/s32.tar.xz (its "new" is head here).
S=scripts/experiments/gemm_hopper; O=$OUT/c1; mkdir -p $O /tmp/k /tmp/k/s32
xz -dc prebuilt/s33.tar.xz | tar -xf - -C /tmp/k; xz -dc prebuilt/s32.tar.xz | tar -xf - -C /tmp/k/s32 && mv /tmp/k/s32/new /tmp/k/head
nvidia-smi --query-gpu=name,driver_version,power.limit,clocks.max.sm --format=csv > $O/smi.txt
T=/tmp/k/new/test_gpu_gemm; t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
( timeout 300 $T > $O/test-auto.txt 2>&1; echo "test auto rc=$? $(tail -1 $O/test-auto.txt) $(el) s" ) &
( GP_TEST_RUNGS=${RUNGS:-4,8} timeout 300 $T > $O/test-forced.txt 2>&1; echo "test ${RUNGS:-4,8} rc=$? $(tail -1 $O/test-forced.txt) $(el) s" ) &
( timeout 300 /tmp/k/pp/pingpong check > $O/pp-check.txt 2>&1; echo "pp check rc=$? $(tail -1 $O/pp-check.txt) $(el) s" ) &
wait
grep -h FAIL $O/test-*.txt $O/pp-check.txt | head -8
for c in "bf16 1 1 2048 8192 1024" "bf16 0 0 4096 4096 1024" "f16 0 0 2048 2048 2048"; do
  timeout 60 /tmp/k/pp/pingpong time $c >> $O/pp-time.txt 2>&1
done
cat $O/pp-time.txt; echo "pp time $(el) s"
for c in "tf32 NN" "bf16 TN"; do set -- $c
  LIBS=/tmp/k VERSIONS="head new" OPS=$1 TRANS=$2 ROUNDS=2 SHAPES="128,128,65536 256,256,16384" timeout 90 $S/ab-lib.sh $O/ab-$1-$2 >/dev/null 2>&1
  cat $O/ab-$1-$2/ab.txt
done
echo "ab $(el) s"
timeout 150 ncu --clock-control none -k regex:pp_kernel --launch-count 24 --section SpeedOfLight \
  --section MemoryWorkloadAnalysis --section MemoryWorkloadAnalysis_Tables --csv --page raw \
  /tmp/k/pp/pingpong time bf16 1 1 2048 8192 1024 1 > $O/ncu-pp.csv 2> $O/ncu-pp.err
echo "ncu pp rc=$? $(wc -l < $O/ncu-pp.csv) lines $(el) s"
LD_LIBRARY_PATH=/tmp/k/new timeout 120 ncu --clock-control none -k regex:"nvjet_sm90_tst_128x128_64x6_2x1|nvjet_sm90_tst_144x128" \
  --launch-count 6 --section SpeedOfLight --section MemoryWorkloadAnalysis --section MemoryWorkloadAnalysis_Tables --csv --page raw \
  /tmp/k/new/gpuprim bench gemm --op bf16 --trans TT --m 2048 -n 8192 --k 1024 -r 8 --reps 1 > $O/ncu-cublas.csv 2> $O/ncu-cublas.err
echo "ncu cublas rc=$? $(wc -l < $O/ncu-cublas.csv) lines $(el) s"
python3 $S/ncu_l2_summary.py $O/ncu-pp.csv $O/ncu-cublas.csv | tee $O/ncu-l2-summary.txt
xz -9 $O/ncu-pp.csv $O/ncu-cublas.csv
