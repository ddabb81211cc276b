# session 31 call 4 (H200): the bench's pairing order. Call 3 showed the H200 power-capped under random inputs (clocks
# 1.98 -> ~1.55 GHz within ~50 ms, SW power cap) and ours behind cublasLt by 3-9% in steady state back to back at the
# mid-size rows, where the bench put it 7-22% behind; the bench times the vendor first in each of its 4 pairs of
# blocks. abba: gpuprim (the bench only; the same library) timing the pairs vendor-ours, ours-vendor, ... The bf16 and
# f16 sweeps with head's order and abba's, alternating; then b2b with random inputs at the headline squares.
# Carried: prebuilt/s31.tar.xz (head: library, gpuprim, b2b; abba: gpuprim).
O=/tmp/c4; mkdir -p $O /tmp/k; xz -dc prebuilt/s31.tar.xz | tar -xf - -C /tmp/k
t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
keep() { tar czf $OUT/c4.tgz -C /tmp c4; }
export LD_LIBRARY_PATH=/tmp/k/head
for op in bf16 f16; do
  for v in head abba; do
    timeout 60 /tmp/k/$v/gpuprim bench gemm --sweep --op $op --json $O/sweep-$op-$v.json > $O/sweep-$op-$v.txt 2>&1; echo "sweep $op $v rc=$? $(el) s"; keep
  done
done
for c in "bf16 0 0 4096 4096 4096" "bf16 0 0 8192 8192 8192" "f16 0 0 4096 4096 4096" "f16 0 0 8192 8192 8192"; do
  set -- $c
  timeout 60 /tmp/k/head/b2b $c 0.5 r > $O/b2b-$1-$4-r.txt 2>&1; echo "b2b $c r rc=$? $(el) s"
  grep -E "back-to-back" $O/b2b-$1-$4-r.txt | awk '{print $1, $4, $8, $11}' | tr '\n' ' '; echo; keep
done
echo "end $(el) s"
