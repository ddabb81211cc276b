# prepared in session 33 for the next device session (H100 or H200), ~3 minutes: (1) cluster_probe.cu, what a cluster
# launch costs back to back (built there with the device's nvcc); (2) pingpong.cu's check, now with mode 17 (rung 08's
# kernel with 128 x 144 tiles, bf16 TT; written and compiled in session 33, never run); (3) mode 17 and its loads alone
# (18) timed beside mode 1 (rung 08) and its loads alone (10) at four TT shapes. Carried: prebuilt/s33.tar.xz (its pp
# is the build of session 33's last commit; move prebuilt's other archives out first: with them the carried tree
# exceeds 64 MiB).
S=scripts/experiments/gemm_hopper; O=$OUT/next; mkdir -p $O /tmp/k
xz -dc prebuilt/s33.tar.xz | tar -xf - -C /tmp/k pp
t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
nvidia-smi --query-gpu=name,driver_version,power.limit,clocks.max.sm --format=csv > $O/smi.txt
nvcc -O2 -arch=sm_90a -I include -I src $S/cluster_probe.cu -o /tmp/k/cluster_probe && timeout 60 /tmp/k/cluster_probe 50 225 100 > $O/cluster-probe.txt 2>&1
timeout 60 /tmp/k/cluster_probe 50 0 132 >> $O/cluster-probe.txt 2>&1
timeout 150 /tmp/k/pp/pingpong check > $O/pp-check.txt 2>&1
echo "pp check rc=$? $(grep -c '^ok' $O/pp-check.txt) ok ($(grep -c 'cl 17' $O/pp-check.txt) of mode 17) $(tail -1 $O/pp-check.txt) $(el) s" > $O/sum.txt
for c in "bf16 1 1 2048 8192 1024" "bf16 1 1 4096 4096 1024" "bf16 1 1 2048 2048 2048" "bf16 1 1 4096 4096 4096"; do
  PP_MODES="1 h a i" timeout 90 /tmp/k/pp/pingpong time $c >> $O/pp-time.txt 2>&1
done
echo "==== summary ($(el) s)"; cat $O/smi.txt $O/cluster-probe.txt $O/sum.txt; grep -h FAIL $O/pp-check.txt | head -4; cat $O/pp-time.txt
