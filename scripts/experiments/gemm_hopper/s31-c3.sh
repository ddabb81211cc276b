# session 31 call 3 (H200): b2b (call 2) found ours 0.96-0.98x cublasLt back to back at 2048x8192x1024 TT, 3072^3 TN and
# 1024x1024x16384 NT where the bench says 0.78-0.93x. What the bench does differently: random inputs (b2b: constant),
# the legacy default stream (b2b: a non-blocking one), an event every 2-3 calls (b2b: 16). Each alone and all together,
# with nvidia-smi's clock and power every 20 ms. Then racecheck of the grouped split reductions without a kernel filter
# (call 2's filtered run could not handle the TMA kernels). Carried: prebuilt/s31.tar.xz (head, b2b).
# As run, b2b named the legacy stream with the flag 0 (files *-0.txt, *-r0g2.txt); it is L since (a 0 in a number clashed).
O=/tmp/c3; mkdir -p $O /tmp/k; xz -dc prebuilt/s31.tar.xz | tar -xf - -C /tmp/k
t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
keep() { tar czf $OUT/c3.tgz -C /tmp c3; }
export LD_LIBRARY_PATH=/tmp/k/head; B=/tmp/k/head/gpuprim
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu,clocks_event_reasons.active --format=csv,noheader -lms 20 > $O/smi.csv 2>&1 &
SMI=$!
for c in "bf16 1 1 2048 8192 1024" "bf16 0 1 1024 1024 16384" "bf16 1 0 3072 3072 3072"; do
  for f in x r L g2 rLg2; do
    set -- $c
    timeout 60 /tmp/k/head/b2b $c 0.4 $f > $O/b2b-$1-$2$3-$4-$5-$6-$f.txt 2>&1; echo "b2b $c $f rc=$? $(el) s"
    grep -E "back-to-back|inputs" $O/b2b-$1-$2$3-$4-$5-$6-$f.txt | awk '{print $1, $4, $8, $11}' | tr '\n' ' '; echo
  done
  keep
done
kill $SMI
for c in "tf32 130 200 16400" "bf16 256 256 32768"; do
  set -- $c
  [ $(el) -gt 300 ] && break
  timeout 150 compute-sanitizer --tool racecheck $B verify gemm -r auto --op $1 --m $2 -n $3 --k $4 -v > $O/racecheck-$1-$2-$4.txt 2>&1
  echo "racecheck $c rc=$? $(el) s: $(grep -E 'RACECHECK SUMMARY|ERROR SUMMARY|PASS|FAIL|rror' $O/racecheck-$1-$2-$4.txt | sort | uniq -c | head -8 | tr '\n' ' ' | cut -c1-500)"; keep
done
echo "end $(el) s"
