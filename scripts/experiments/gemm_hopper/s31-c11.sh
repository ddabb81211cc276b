# session 31 call 11 (H200): test_gpu_gemm (automatic choice) linked with hopper_pick.c built at -DGP_H_WAIT1=1, so that
# every rung-06/07 plan keeps one k-block of wgmmas in flight (call 10's verify runs did not finish in their 60 s).
# Carried: prebuilt/s31.tar.xz (w1/test_gpu_gemm).
mkdir -p /tmp/k; xz -dc prebuilt/s31.tar.xz | tar -xf - -C /tmp/k
GP_TEST_RUNGS=0 timeout 130 /tmp/k/w1/test_gpu_gemm > $OUT/test-auto-w1.txt 2>&1; echo "test rc=$? $(tail -1 $OUT/test-auto-w1.txt)"
grep -E "FAIL|differs" $OUT/test-auto-w1.txt | head -5
