# session 32 call 9 (H200): rung 08 for f32 C too (the plan's rule after call 8; s32-prep.sh): test_gpu_gemm with the
# automatic choice (f16 -> f32 2000x2250x72 must run rung 08), and the bf16 -> f32 ladder row through the plan at
# 2048x8192x1024 NN. Carried: prebuilt/s32.tar.xz.
O=$OUT/c9; mkdir -p $O /tmp/k
xz -dc prebuilt/s32.tar.xz | tar -xf - -C /tmp/k; t0=$(date +%s)
GP_TEST_RUNGS=0 timeout 200 /tmp/k/new/test_gpu_gemm > $O/test-auto.txt 2>&1; echo "test rc=$? $(tail -1 $O/test-auto.txt) $(( $(date +%s)-t0 )) s"
grep -E 'FAIL|rung 08' $O/test-auto.txt | head -5
LD_LIBRARY_PATH=/tmp/k/new timeout 60 /tmp/k/new/gpuprim bench gemm --op bf16-f32 --m 2048 --n 8192 --k 1024 -r auto > $O/auto-f32.txt 2>&1; grep -E 'vendor|auto' $O/auto-f32.txt
