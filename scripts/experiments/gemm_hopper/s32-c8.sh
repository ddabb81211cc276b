# session 32 call 8 (H200): f32 C, which the plan keeps off rung 08 and off wait1 (unmeasured): (1) rung 06 against
# rung 08, forced, bf16 -> f32 at three rung-08 shapes (k <= 2048), alternating, 2 rounds; (2) w1 against head at
# bf16 -> f32 8192^3 NN and TN, 2 rounds. Carried: prebuilt/s32.tar.xz (new), prebuilt/next.tar.xz (head, w1).
S=scripts/experiments/gemm_hopper; O=$OUT/c8; mkdir -p $O /tmp/k
xz -dc prebuilt/s32.tar.xz | tar -xf - -C /tmp/k; xz -dc prebuilt/next.tar.xz | tar -xf - -C /tmp/k head w1
B=/tmp/k/new/gpuprim; t0=$(date +%s)
for round in 1 2; do
  for c in "NN 2048 8192 1024" "TT 2048 8192 1024" "NN 4096 4096 1024" "NT 2048 2048 2048"; do
    set -- $c
    for r in 6 8; do
      line=$(LD_LIBRARY_PATH=/tmp/k/new timeout 30 $B bench gemm --op bf16-f32 --trans $1 --m $2 --n $3 --k $4 -r $r 2>&1 | grep -E "^  0[0-9] " | awk '{print $(NF-5), $(NF-4), $(NF-1)}')
      echo "round $round bf16-f32 $1 $2x$3x$4 rung $r: ms TF x = $line"
    done
  done
done | tee $O/r6-r8-f32.txt
echo "r6/r8 $(( $(date +%s)-t0 )) s"
for tr in NN TN; do
  LIBS=/tmp/k VERSIONS="head w1" OPS=bf16-f32 TRANS=$tr ROUNDS=2 SHAPES="8192,8192,8192" timeout 100 $S/ab-lib.sh $O/ab-w1-f32-$tr >/dev/null 2>&1
  cat $O/ab-w1-f32-$tr/ab.txt
done
echo "end $(( $(date +%s)-t0 )) s"
