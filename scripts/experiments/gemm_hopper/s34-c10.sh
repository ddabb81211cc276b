# session 34 call 10 (H200): with 16-byte register stores, is rung 08's TMA epilogue still worth its 32 KB of C buffers?
# Calls 4-5 disagreed (mode 19, C from the registers, 3.7-5% ahead of mode 1 in call 4; 3.5% behind to 1.5% ahead in
# call 5). Modes 1 and 19 at four rung-08 shapes (k <= 2048, bf16 TT), three processes each. Carried: prebuilt/s34b.tar.xz.
O=$OUT/c10; mkdir -p $O /tmp/k
xz -dc prebuilt/s34b.tar.xz | tar -xf - -C /tmp/k
t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
for r in 1 2 3; do
  for c in "bf16 1 1 2048 8192 1024" "bf16 1 1 4096 4096 1024" "bf16 1 1 2048 2048 2048" "bf16 1 1 2048 4096 2048"; do
    PP_MODES="1 j" timeout 60 /tmp/k/pp/pingpong time $c >> $O/time.txt 2>&1
  done
done
echo "==== summary ($(el) s)"; sort -k3,3 -s $O/time.txt
