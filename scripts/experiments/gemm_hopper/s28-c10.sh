# session 28 call 10: q (the committed library): test_gpu_gemm (automatic choice), memcheck (automatic, small)
O=$OUT/c10; mkdir -p $O /tmp/k; for f in prebuilt/*.tar.xz; do xz -dc $f | tar -xf - -C /tmp/k; done
t0=$(date +%s)
GP_TEST_RUNGS=0 timeout 220 /tmp/k/q/test_gpu_gemm > $O/test-auto.txt 2>&1; echo "test auto rc=$?"; tail -1 $O/test-auto.txt; echo "test $(( $(date +%s)-t0 )) s"
GP_TEST_RUNGS=0 GP_TEST_SMALL=1 timeout 150 compute-sanitizer --tool memcheck --error-exitcode 3 /tmp/k/q/test_gpu_gemm > $O/memcheck-auto.txt 2>&1; echo "memcheck rc=$?"; tail -n 2 $O/memcheck-auto.txt; echo "mem $(( $(date +%s)-t0 )) s"
