# session 30 call 1 (H200): split tiles summed inside rungs 06/07's kernel (gp_hp_fixup) against the reduction kernel.
# Carried: prebuilt/s30.tar.xz (new: this build, fix-up on; nofix: the same build with hopper_pick.c at GP_H_FIXUP=0,
# i.e. the same kernels with the reduction kernel) and prebuilt2/s29b.tar.xz (f: the library of d33a9b8, rung 07's
# split at 12 ways; v16: at 16, what HEAD runs on an H200). Steps by priority, each skipped past its time.
O=/tmp/c1; mkdir -p $O /tmp/k; xz -dc prebuilt/s30.tar.xz | tar -xf - -C /tmp/k; xz -dc prebuilt2/s29b.tar.xz | tar -xf - -C /tmp/k
S=scripts/experiments/gemm_hopper; t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
keep() { tar czf $OUT/c1.tgz -C /tmp c1; }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,power.limit,temperature.gpu --format=csv > $O/smi.txt
GP_TEST_RUNGS=0 timeout 170 /tmp/k/new/test_gpu_gemm > $O/test-auto.txt 2>&1; echo "test rc=$? $(tail -1 $O/test-auto.txt) $(el) s"
grep -E "FAIL|differs|rung 0" $O/test-auto.txt | head -8; keep
ab() { local name=$1; shift; env LIBS=/tmp/k "$@" timeout 80 $S/ab-lib.sh $O/$name > /dev/null 2>&1; cat $O/$name/ab.txt; echo "$name $(el) s"; keep; }
ab ab-deep VERSIONS="v16 nofix new" OPS="bf16 f16" TRANS=TN ROUNDS=2 SHAPES="512,512,32768 512,512,16384"
[ $(el) -lt 260 ] && ab ab-nt VERSIONS="v16 nofix new" OPS=bf16 TRANS=NT ROUNDS=2 SHAPES="1024,1024,16384 512,512,8192"
[ $(el) -lt 290 ] && ab ab-head VERSIONS="f new" OPS="bf16 f16" ROUNDS=2 SHAPES="4096,4096,4096 8192,8192,8192"
[ $(el) -lt 320 ] && ab ab-tf32 VERSIONS="v16 nofix new" OPS=tf32 ROUNDS=1 SHAPES="128,128,65536 256,256,16384 1000,1000,1000"
[ $(el) -lt 340 ] && { LD_LIBRARY_PATH=/tmp/k/new timeout 40 /tmp/k/new/gpuprim bench gemm --sweep --op bf16 --json $O/sweep-bf16.json > $O/sweep-bf16.txt 2>&1; echo "sweep $(el) s"; keep; }
echo "end $(el) s"
