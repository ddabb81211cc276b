# session 31 call 5 (H200): rung 07 (2-CTA clusters, B multicast: 32 KB from L2 a CTA and k-block against rung 06's 48)
# against rung 06 where the power cap sets the pace (call 3: random inputs hold the H200 at its 700 W cap, ~1.55 GHz).
# Forced rungs, each row paired with cublasLt as the bench does, the two rungs alternating, 2 rounds.
# Carried: prebuilt/s31.tar.xz (head).
O=/tmp/c5; mkdir -p $O /tmp/k; xz -dc prebuilt/s31.tar.xz | tar -xf - -C /tmp/k
t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
keep() { tar czf $OUT/c5.tgz -C /tmp c5; }
export LD_LIBRARY_PATH=/tmp/k/head; B=/tmp/k/head/gpuprim
for r in 1 2; do
  for c in "bf16 NN 8192 8192 8192" "f16 NN 8192 8192 8192" "bf16 NN 4096 4096 4096" "bf16 NN 6144 6144 6144" "bf16 TT 2048 8192 1024" "bf16 TN 3072 3072 3072" "bf16 NT 8192 2048 4096"; do
    set -- $c
    for rung in 6 7; do
      line=$($B bench gemm --op $1 --trans $2 --m $3 -n $4 --k $5 -r $rung 2>&1 | grep -E "vendor\)|^  (auto|0[0-9]) " | awk '{print $(NF-5), $(NF-1)}' | tr '\n' ' ')
      echo "round $r $c rung $rung: vendor ms x, ours ms x = $line" | tee -a $O/r6r7.txt
    done
  done
  keep
done
echo "end $(el) s"
