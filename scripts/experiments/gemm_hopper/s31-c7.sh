# session 31 call 7 (H200): the bench's event spacing. Call 6 (b2b, blocks of ~25 ms alternating with cublasLt, an event
# every 2 calls): ours 48.7 us a call at 2048x8192x1024 TT where long runs with an event every 16 took 46.4; cublasLt
# 44.7 against 45.4. grp: gpuprim (bench only; the same library) timing runs under 1 ms in groups of about 1 ms (head:
# under 0.1 ms in groups of about 0.1 ms; at or above it every run between two events). The three sweeps with head and
# grp alternating; then b2b's alternating blocks with an event every 2 and every 16 calls. Carried: prebuilt/s31.tar.xz.
O=/tmp/c7; mkdir -p $O /tmp/k; xz -dc prebuilt/s31.tar.xz | tar -xf - -C /tmp/k
t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
keep() { tar czf $OUT/c7.tgz -C /tmp c7; }
export LD_LIBRARY_PATH=/tmp/k/head
for op in bf16 f16 tf32; do
  for v in head grp; do
    timeout 60 /tmp/k/$v/gpuprim bench gemm --sweep --op $op --json $O/sweep-$op-$v.json > $O/sweep-$op-$v.txt 2>&1; echo "sweep $op $v rc=$? $(el) s"; keep
  done
done
for c in "bf16 1 1 2048 8192 1024" "bf16 0 0 4096 4096 4096"; do
  for f in ra25g2 ra25g16; do
    set -- $c
    timeout 60 /tmp/k/head/b2b $c 0 $f > $O/alt-$1-$2$3-$4-$5-$6-$f.txt 2>&1; echo "b2b $c $f rc=$? $(el) s: $(grep median $O/alt-$1-$2$3-$4-$5-$6-$f.txt)"
  done
  keep
done
echo "end $(el) s"
