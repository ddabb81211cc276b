# session 28 call 4: t7 = m with rung 07 built with GP_HP_EXP_TIMELINE (per-unit SM clocks of blocks 0 and 1: the wait for
# the first stage, the loop with its full-barrier and wgmma waits, the epilogue): bf16 512x512x32768 TN and
# 1024x1024x16384 NT (the bf16 sweep's worst rows, rung 07's split), 4096^3 NN for the loop at the tensor rate
O=$OUT/c4; mkdir -p $O /tmp/k; for f in prebuilt/*.tar.xz; do xz -dc $f | tar -xf - -C /tmp/k; done
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.draw --format=csv > $O/smi.txt
export LD_LIBRARY_PATH=/tmp/k/t7
for c in "512 512 32768 TN" "1024 1024 16384 NT" "4096 4096 4096 NN"; do read -r m n k t <<<"$c"
  timeout 60 /tmp/k/t7/gpuprim bench gemm --m $m --n $n --k $k --trans $t -r 7 --reps 20 > $O/tl-$m-$k-$t.txt 2>&1
  echo "== $c"; grep -E "^  (07|cublas)" $O/tl-$m-$k-$t.txt; grep "^tl block" $O/tl-$m-$k-$t.txt | tail -8; done
nvidia-smi --query-gpu=clocks.sm --format=csv >> $O/smi.txt; cat $O/smi.txt
tar czf $OUT/c4.tgz -C $OUT c4
