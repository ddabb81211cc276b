# session 31 call 8 (H200): where rung 06's cycles go at 16 k-blocks a tile. ncu (call 1) put 2048x8192x1024 TT at 82.1k
# active cycles against 77.1k for cublasLt's pick (256x128 coopA) and 69.3-70.7k for its ping-pong candidates (128x128 ..
# 176x128, one tile a consumer warpgroup); at 4096^3 we are level. tl: the library with rung 06 built with
# GP_HP_EXP_TIMELINE (per-unit SM clocks of blocks 0 and 1's consumers; each launch followed by a print kernel, so its
# times are meaningless). Carried: prebuilt/s31.tar.xz (tl).
O=/tmp/c8; mkdir -p $O /tmp/k; xz -dc prebuilt/s31.tar.xz | tar -xf - -C /tmp/k
t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
keep() { tar czf $OUT/c8.tgz -C /tmp c8; }
export LD_LIBRARY_PATH=/tmp/k/tl
for c in "TT 2048 8192 1024" "NN 4096 4096 4096" "TN 3072 3072 3072"; do
  set -- $c
  timeout 60 /tmp/k/tl/gpuprim bench gemm --op bf16 --trans $1 --m $2 -n $3 --k $4 -r 6 --reps 8 > $O/tl-$1-$2.txt 2>&1; echo "tl $c rc=$? $(el) s lines $(grep -c '^tl ' $O/tl-$1-$2.txt)"; keep
done
echo "end $(el) s"
