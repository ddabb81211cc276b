# session 28 call 5: r = m + the split reductions' float4 loop in one helper (gp_hp_sum_partials: the plain reduction
# now #pragma unroll 8, as the transposed one). `ab` m / r alternating at split shapes (bf16 / f16 512x512x32768 TN,
# bf16 1024x1024x16384 NT, bf16 1024x1024x8192 NN), 3 rounds; ncu durations of the reduction kernels (L2 not flushed)
S=scripts/experiments/gemm_hopper; O=$OUT/c5; mkdir -p $O /tmp/k; for f in prebuilt/*.tar.xz; do xz -dc $f | tar -xf - -C /tmp/k; done
t0=$(date +%s)
LIBS=/tmp/k VERSIONS="m r" OPS="bf16 f16" TRANS=TN ROUNDS=3 SHAPES="512,512,32768" $S/ab-lib.sh $O/ab-TN >/dev/null 2>&1; cat $O/ab-TN/ab.txt
LIBS=/tmp/k VERSIONS="m r" OPS="bf16" TRANS=NT ROUNDS=3 SHAPES="1024,1024,16384 1024,1024,8192" $S/ab-lib.sh $O/ab-NT >/dev/null 2>&1; cat $O/ab-NT/ab.txt
echo "ab $(( $(date +%s)-t0 )) s"
for v in m r; do LD_LIBRARY_PATH=/tmp/k/$v timeout 120 ncu --clock-control none --cache-control none -k regex:"gp_hp" --metrics gpu__time_duration.sum,dram__bytes.sum.per_second,lts__t_bytes.sum.per_second /tmp/k/$v/gpuprim bench gemm --m 512 --n 512 --k 32768 --trans TN -r auto --reps 3 > $O/ncu-$v.txt 2>&1
  echo "== $v"; grep -E "^  (void )?gp_hp|duration" $O/ncu-$v.txt | sed 's/(CUtensorMap_st.*//; s/(const float.*//' | paste - - | awk '{print $1, $2, $(NF)}' | sort | uniq -c | head; done
echo "ncu $(( $(date +%s)-t0 )) s"
GP_TEST_RUNGS=0 timeout 200 /tmp/k/r/test_gpu_gemm > $O/test-auto.txt 2>&1; echo "test auto rc=$?"; tail -1 $O/test-auto.txt; echo "test $(( $(date +%s)-t0 )) s"
tar czf $OUT/c5.tgz -C $OUT c5
