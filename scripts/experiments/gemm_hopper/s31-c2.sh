# session 31 call 2 (H200): why ours loses more in the bench than under ncu (call 1: 2048x8192x1024 TT ncu 50.9 us against
# cublasLt's 48.5, bench 57-59 against 46.9; 3072^3 TN ncu 80-81 against 76, bench 93 against 75). b2b (b2b.cu) times
# each call alone and back to back for 0.6 s, ours and cublasLt alternating twice, while nvidia-smi samples the SM clock
# and power every 20 ms. Then racecheck of the grouped split reductions (call 1's filter was ill-formed).
# Carried: prebuilt/s31.tar.xz (head, with b2b).
O=/tmp/c2; mkdir -p $O /tmp/k; xz -dc prebuilt/s31.tar.xz | tar -xf - -C /tmp/k
t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
keep() { tar czf $OUT/c2.tgz -C /tmp c2; }
export LD_LIBRARY_PATH=/tmp/k/head; B=/tmp/k/head/gpuprim
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu,clocks_event_reasons.active --format=csv,noheader -lms 20 > $O/smi.csv 2>&1 &
SMI=$!
date +%s.%N > $O/t0.txt
for c in "bf16 1 1 2048 8192 1024" "bf16 1 0 3072 3072 3072" "bf16 0 0 4096 4096 4096" "bf16 0 0 8192 8192 8192" "bf16 0 1 1024 1024 16384" "f16 0 0 8192 8192 8192"; do
  set -- $c
  timeout 60 /tmp/k/head/b2b $c 0.6 > $O/b2b-$1-$2$3-$4-$5-$6.txt 2>&1; echo "b2b $c rc=$? $(el) s"; cat $O/b2b-$1-$2$3-$4-$5-$6.txt; keep
done
kill $SMI
for c in "tf32 130 200 16400" "bf16 256 256 32768"; do
  set -- $c
  timeout 100 compute-sanitizer --tool racecheck --kernel-name kns=splitk_reduce $B verify gemm -r auto --op $1 --m $2 -n $3 --k $4 -v > $O/racecheck-$1-$2-$4.txt 2>&1
  echo "racecheck $c rc=$? $(el) s: $(grep -E 'RACECHECK SUMMARY|ERROR SUMMARY|PASS|FAIL|rror' $O/racecheck-$1-$2-$4.txt | tr '\n' ' ' | cut -c1-400)"; keep
done
echo "end $(el) s"
