# session 34 call 2 (H200): (1) why pingpong.cu's 128 x 144 tile (mode 17) lost in call 1: its loads alone (18) were
# as slow, but they include its epilogue from the registers, where mode 10's C leaves through the TMA. New modes: 19 / 20
# mode 1 / 10 with C from the registers, 21 / 22 the loads alone with no epilogue at all, 128 / 144 wide; the check
# (now also 19) first. (2) The headline rows back to back with random inputs, ours against cublasLt, with nvidia-smi's
# SM clock and power every 20 ms (smi_phases.py): does the 700 W cap set both libraries' pace there, and at which
# clock each runs. Carried: prebuilt/s34.tar.xz (pp/pingpong and pp/b2b, built here from f107d41's library).
S=scripts/experiments/gemm_hopper; O=$OUT/c2; mkdir -p $O /tmp/k
xz -dc prebuilt/s34.tar.xz | tar -xf - -C /tmp/k
t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
nvidia-smi --query-gpu=name,driver_version,power.limit,clocks.max.sm --format=csv > $O/smi.txt
timeout 120 /tmp/k/pp/pingpong check > $O/pp-check.txt 2>&1
echo "pp check rc=$? $(grep -c '^ok' $O/pp-check.txt) ok ($(grep -c 'cl 19' $O/pp-check.txt) of mode 19) $(tail -1 $O/pp-check.txt) $(el) s" > $O/sum.txt
for c in "bf16 1 1 2048 8192 1024" "bf16 1 1 4096 4096 4096"; do
  PP_MODES="1 h j a k l m" timeout 90 /tmp/k/pp/pingpong time $c >> $O/pp-time.txt 2>&1
done
echo "pp time $(el) s" >> $O/sum.txt
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,clocks_event_reasons.active --format=csv,noheader -lms 20 > $O/smi.csv 2>&1 &
SMI=$!
for c in "bf16 0 0 4096 4096 4096 2" "bf16 0 0 8192 8192 8192 3" "f16 0 0 4096 4096 4096 2" "f16 0 0 8192 8192 8192 3" "bf16 1 1 2048 8192 1024 2"; do
  set -- $c
  timeout 40 /tmp/k/pp/b2b $c r > $O/b2b-$1-$2$3-$4-$5-$6.txt 2>&1
  sleep 1
done
kill $SMI
echo "b2b $(el) s" >> $O/sum.txt
echo "==== summary ($(el) s)"; cat $O/smi.txt $O/sum.txt; grep -h FAIL $O/pp-check.txt | head -4; cat $O/pp-time.txt
grep -h "alone\|back-to-back" $O/b2b-*.txt | cut -c1-100
python3 $S/smi_phases.py $O/smi.csv $O/b2b-*.txt
