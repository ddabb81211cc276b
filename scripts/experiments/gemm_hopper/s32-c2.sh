# session 32 call 2 (H200): (1) where ping-pong (pingpong.cu, CL = 1 and pairs) beats the library: 22 shapes around
# the mid-size rows, ~25 ms blocks ABCDDCBA against the library's automatic choice and cublasLt (random inputs);
# (2) the wait1 plan (w1) against HEAD's (w0) where call 1 did not measure: f16 8192^3 in four layouts, tf32 NT and
# TT at 4096^3 and 8192^3 (128 / 256 k-blocks), bf16 2048x2048x8192 (128 tiles, whole, 128 k-blocks) and 6144^3.
# Carried: prebuilt/next.tar.xz (next-prep.sh).
S=scripts/experiments/gemm_hopper; O=$OUT/c2; mkdir -p $O /tmp/k
xz -dc prebuilt/next.tar.xz | tar -xf - -C /tmp/k
t0=$(date +%s)
for c in "bf16 0 0 2048 8192 1024" "bf16 1 0 2048 8192 1024" "bf16 0 0 8192 2048 1024" "f16 1 1 2048 8192 1024" \
         "bf16 0 0 4096 4096 1024" "bf16 0 0 4096 4096 2048" "bf16 0 0 2048 4096 2048" "bf16 0 1 4096 2048 2048" \
         "bf16 0 0 3072 3072 3072" "bf16 1 1 3072 3072 3072" "bf16 0 0 2560 2560 2560" "bf16 0 0 1536 1536 1536" \
         "bf16 1 1 2048 2048 2048" "bf16 1 0 2048 2048 2048" "f16 0 0 2048 2048 2048" "bf16 0 0 2048 2048 4096" \
         "bf16 0 0 2048 2048 1024" "bf16 0 0 6144 6144 1024" "bf16 0 0 4096 4096 512" "bf16 0 0 1024 8192 4096" \
         "bf16 1 0 256 16384 4096" "bf16 0 0 4096 4096 4096"; do
  timeout 60 /tmp/k/pp/pingpong time $c >> $O/pp-time.txt 2>&1; tail -1 $O/pp-time.txt
done
echo "pp $(( $(date +%s)-t0 )) s"
for tr in NN TN NT TT; do
  LIBS=/tmp/k VERSIONS="head w1" OPS=f16 TRANS=$tr ROUNDS=2 SHAPES="8192,8192,8192" timeout 100 $S/ab-lib.sh $O/ab-f16-$tr >/dev/null 2>&1
  cat $O/ab-f16-$tr/ab.txt
done
for tr in NT TT; do
  LIBS=/tmp/k VERSIONS="head w1" OPS=tf32 TRANS=$tr ROUNDS=2 SHAPES="4096,4096,4096 8192,8192,8192" timeout 120 $S/ab-lib.sh $O/ab-tf32-$tr >/dev/null 2>&1
  cat $O/ab-tf32-$tr/ab.txt
done
LIBS=/tmp/k VERSIONS="head w1" OPS=bf16 ROUNDS=2 SHAPES="2048,2048,8192 6144,6144,6144" timeout 100 $S/ab-lib.sh $O/ab-bf16-mid >/dev/null 2>&1
cat $O/ab-bf16-mid/ab.txt
echo "end $(( $(date +%s)-t0 )) s"
