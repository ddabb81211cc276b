# session 34 call 8 (H200): call 2 found both libraries at the 700 W cap at the headline rows, ours at 8192^3 ~3% lower
# in clock (1455 against 1500 MHz) for ~3% fewer cycles: a contest of energy a gemm. Does rung 07 (2-CTA clusters over
# 256 x 256, B multicast: 0.83x rung 06's L2 bytes a k-block) draw less a cycle? b2b with ours forced to rung 06 and to
# rung 07 (and the automatic choice: rung 06 with wait1), random inputs, back to back, with nvidia-smi every 20 ms.
# Carried: prebuilt/s34e.tar.xz (b2b with the R flag, the library of 0e2feec).
S=scripts/experiments/gemm_hopper; O=$OUT/c8; mkdir -p $O /tmp/k
xz -dc prebuilt/s34e.tar.xz | tar -xf - -C /tmp/k
t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,clocks_event_reasons.active --format=csv,noheader -lms 20 > $O/smi.csv 2>&1 &
SMI=$!
for c in "bf16 0 0 8192 8192 8192 2" "bf16 0 0 4096 4096 4096 1.5"; do
  for f in r rR6 rR7; do
    set -- $c
    timeout 40 /tmp/k/b2b $c $f > $O/b2b-$1-$4-$f.txt 2>&1
    sleep 1
  done
done
kill $SMI
echo "==== summary ($(el) s)"
grep -h "alone\|back-to-back" $O/b2b-*.txt | cut -c1-100
python3 $S/smi_phases.py $O/smi.csv $O/b2b-*.txt
