# session 29 call 3 (H200): rung 07's split capped at 12 ways (f, the committed rule) against 14 (v14) and 16 (v16):
# hopper_pick.c built with -DGP_H_R07_MAX_SPLITS (variant-host.sh), carried in prebuilt2/s29b.tar.xz with f. At 4
# cluster tiles (m = n = 512) 12 ways run 96 blocks, 16 ways 128. `ab` alternating, 3 rounds, bf16 and f16 TN at
# 512x512x8192, x16384, x32768; then every rung at bf16 1024x1024x16384 NT and f16 1000^3 NN (-v), f only.
O=/tmp/c3; mkdir -p $O /tmp/k; xz -dc prebuilt2/s29b.tar.xz | tar -xf - -C /tmp/k
S=scripts/experiments/gemm_hopper; t0=$(date +%s); keep() { tar czf $OUT/c3.tgz -C /tmp c3; }
LIBS=/tmp/k VERSIONS="f v14 v16" OPS="bf16 f16" TRANS=TN ROUNDS=3 SHAPES="512,512,8192 512,512,16384 512,512,32768" \
  timeout 110 $S/ab-lib.sh $O/ab-r07 > /dev/null 2>&1; cat $O/ab-r07/ab.txt; keep; echo "ab $(( $(date +%s)-t0 )) s"
export LD_LIBRARY_PATH=/tmp/k/f
[ $(( $(date +%s)-t0 )) -lt 120 ] && timeout 20 /tmp/k/f/gpuprim bench gemm --trans NT --m 1024 --n 1024 --k 16384 -r all -v > $O/bf16-1024-NT.txt 2>&1; keep
[ $(( $(date +%s)-t0 )) -lt 135 ] && timeout 20 /tmp/k/f/gpuprim bench gemm --op f16 --m 1000 --n 1000 --k 1000 -r all -v > $O/f16-1000-NN.txt 2>&1; keep
echo "end $(( $(date +%s)-t0 )) s"
