# session 28 call 1: h = HEAD 4e265f7 (session 27's last build, not yet tested whole on the GPU): test_gpu_gemm (automatic
# choice), memcheck (automatic, small); then every rung's configurations at the sweeps' worst rows (bf16 / f16
# 512x512x32768 in the four layouts, tf32 1024^3 in the four layouts) and the f32 transpose of 1024^2 (the TN copy's cost)
O=$OUT/c1; mkdir -p $O /tmp/k; for f in prebuilt/*.tar.xz; do xz -dc $f | tar -xf - -C /tmp/k; done
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv > $O/smi.txt
t0=$(date +%s); export LD_LIBRARY_PATH=/tmp/k/h; G=/tmp/k/h/gpuprim
GP_TEST_RUNGS=0 timeout 220 /tmp/k/h/test_gpu_gemm > $O/test-auto.txt 2>&1; echo "test auto rc=$?"; tail -1 $O/test-auto.txt; echo "test $(( $(date +%s)-t0 )) s"
b() { f=$1; shift; timeout 60 $G bench gemm "$@" > $O/$f.txt 2>&1; awk -v f=$f '/^gemm /{s=$2" "$3" "$4} /x  /{printf "%s %s | ", f, s; for(i=1;i<=NF;i++) if ($i ~ /^(auto|0[0-9]|cfg|cublasLt)/) printf "%s ", $i; print $(NF-5), $(NF-1)}' $O/$f.txt; }
for tr in TN NN NT TT; do b bf16-512-$tr --m 512 --n 512 --k 32768 --trans $tr; done
for r in 4 6 7; do b bf16-512-TN-r$r --m 512 --n 512 --k 32768 --trans TN -r $r -v; done
b f16-512-TN --m 512 --n 512 --k 32768 --trans TN --op f16
for tr in TN NN NT TT; do b tf32-1024-$tr --m 1024 --n 1024 --k 1024 --trans $tr --op tf32; done
for r in 4 6; do for tr in TN NT; do b tf32-1024-$tr-r$r --m 1024 --n 1024 --k 1024 --trans $tr --op tf32 -r $r -v; done; done
timeout 60 $G bench transpose --m 1024 --n 1024 > $O/transpose-1024.txt 2>&1; grep -E "^  |^transpose" $O/transpose-1024.txt | head -20
echo "bench $(( $(date +%s)-t0 )) s"
GP_TEST_RUNGS=0 GP_TEST_SMALL=1 timeout 150 compute-sanitizer --tool memcheck --error-exitcode 3 /tmp/k/h/test_gpu_gemm > $O/memcheck-auto.txt 2>&1; echo "memcheck rc=$?"; tail -n 2 $O/memcheck-auto.txt; echo "mem $(( $(date +%s)-t0 )) s"
tar czf $OUT/c1.tgz -C $OUT c1
