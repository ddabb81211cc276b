# session 32 call 1 (H200): the ping-pong experiment first (pp-run.sh: check, memcheck, timing at 8 shapes), then
# test_gpu_gemm (auto) linked with the wait1 plan, then w0 against w1 (next-run.sh's w1 step).
# Carried: prebuilt/next.tar.xz (next-prep.sh).
S=scripts/experiments/gemm_hopper
bash $S/next-run.sh pp
mkdir -p $OUT/next; xz -dc prebuilt/next.tar.xz | tar -xf - -C /tmp/k 2>/dev/null
GP_TEST_RUNGS=0 timeout 150 /tmp/k/w1/test_gpu_gemm > $OUT/next/test-w1.txt 2>&1; echo "test w1 rc=$? $(tail -1 $OUT/next/test-w1.txt)"
grep -E "FAIL|differs" $OUT/next/test-w1.txt | head -3
bash $S/next-run.sh w1
