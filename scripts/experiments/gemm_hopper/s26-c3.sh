# session 26 call 3: v27 (the partials' room) against v26b (HEAD) on tf32 TN; test_gpu_gemm (auto) and its memcheck; ncu of rung 07's split
S=scripts/experiments/gemm_hopper; O=$OUT/c3; mkdir -p $O /tmp/k; xz -dc prebuilt/v27.tar.xz | tar -xf - -C /tmp/k
t0=$(date +%s)
LIBS=/tmp/k VERSIONS="v26b v27" OPS=tf32 TRANS=TN ROUNDS=2 SHAPES="256,256,32768 512,512,32768 1024,1024,16384 1024,1024,1024 128,128,65536" $S/ab-lib.sh $O/ab-tn >/dev/null 2>&1; cat $O/ab-tn/ab.txt; echo "ab $(( $(date +%s)-t0 )) s"
GP_TEST_RUNGS=0 timeout 200 /tmp/k/v27/test_gpu_gemm > $O/test-auto.txt 2>&1; echo "test rc=$?"; tail -1 $O/test-auto.txt; grep "panels case" $O/test-auto.txt | tr '\n' ' '; echo "test $(( $(date +%s)-t0 )) s"
export LD_LIBRARY_PATH=/tmp/k/v27
M=gpu__time_duration.sum,dram__bytes.sum.per_second,lts__t_bytes.sum.per_second,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_elapsed
timeout 60 ncu --clock-control none -k regex:"gp_hp" --launch-count 8 --metrics $M /tmp/k/v27/gpuprim bench gemm --op bf16 --trans TN -r auto --reps 1 --m 512 --n 512 --k 32768 > $O/ncu-bf16-512.txt 2>&1
awk '/^  [a-z_]/{split($0,a,"(");name=a[1]} /duration/{d=$NF} /dram__bytes/{dr=$NF} /lts__t_bytes/{l=$NF} /tensor_op/{printf "%-50s %8s us dram %s l2 %s tc %s\n", substr(name,1,50), d, dr, l, $NF}' $O/ncu-bf16-512.txt
GP_TEST_RUNGS=0 GP_TEST_SMALL=1 timeout 240 compute-sanitizer --tool memcheck --error-exitcode 3 /tmp/k/v27/test_gpu_gemm > $O/memcheck-auto.txt 2>&1; echo "memcheck rc=$?"; tail -2 $O/memcheck-auto.txt; echo "mem $(( $(date +%s)-t0 )) s"
tar czf $OUT/c3.tgz -C $OUT c3
