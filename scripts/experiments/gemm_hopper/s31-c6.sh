# session 31 call 6 (H200): the bench's regime. Calls 3-4: back to back for 0.4-0.6 s with random inputs the H200 sits
# at its power cap and ours trails cublasLt by 3-9% at the mid-size rows; the bench (blocks of ~25 ms alternating with
# the vendor's, random inputs) puts it 7-16% behind, with cublasLt's time there ~15% below its own power-capped steady
# state; the pairing order does not matter (call 4). b2b's alternating mode: 40 blocks of ~25 ms, ours / cublasLt in
# ABBA order, an event every 2 calls, random (r) or constant inputs, with or without 50 ms of idle before each block.
# Carried: prebuilt/s31.tar.xz (head, with b2b's alternating mode).
O=/tmp/c6; mkdir -p $O /tmp/k; xz -dc prebuilt/s31.tar.xz | tar -xf - -C /tmp/k
t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
keep() { tar czf $OUT/c6.tgz -C /tmp c6; }
export LD_LIBRARY_PATH=/tmp/k/head
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,clocks_event_reasons.active --format=csv,noheader -lms 10 > $O/smi.csv 2>&1 &
SMI=$!
for c in "bf16 1 1 2048 8192 1024" "bf16 1 0 3072 3072 3072" "bf16 0 1 1024 1024 16384" "bf16 0 0 4096 4096 4096" "bf16 0 0 8192 8192 8192"; do
  for f in ra25g2 a25g2 ra25g2i50; do
    set -- $c
    timeout 60 /tmp/k/head/b2b $c 0 $f > $O/alt-$1-$2$3-$4-$5-$6-$f.txt 2>&1; echo "b2b $c $f rc=$? $(el) s: $(grep median $O/alt-$1-$2$3-$4-$5-$6-$f.txt)"
  done
  keep
done
kill $SMI; keep
echo "end $(el) s"
