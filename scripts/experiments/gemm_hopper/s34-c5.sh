# session 34 call 5 (H200): call 4 had mode 19 (rung 08's kernel, C from the registers in 16-byte runs) 5% faster than
# mode 1 (C through the TMA), but mode 1 itself 12% slower than in calls 1-2 (55.7 against 49.5-49.9 us at bf16
# 2048x8192x1024 TT). The same kernel holds both epilogues, so the new code may slow mode 1 (size, registers) or
# the machine differed. Here the old build (s34.tar.xz: 4-byte stores) and the new (s34b.tar.xz) alternate, twice,
# modes 1 and 19 with cublasLt in each process. Carried: prebuilt/s34.tar.xz, prebuilt/s34b.tar.xz.
O=$OUT/c5; mkdir -p $O /tmp/old /tmp/new
xz -dc prebuilt/s34.tar.xz | tar -xf - -C /tmp/old; xz -dc prebuilt/s34b.tar.xz | tar -xf - -C /tmp/new
t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
for r in 1 2; do
  for c in "bf16 1 1 2048 8192 1024" "bf16 1 1 4096 4096 4096" "bf16 0 0 2048 2048 2048"; do
    for v in old new; do
      echo -n "$v: " >> $O/time.txt
      PP_MODES="1 j" timeout 60 /tmp/$v/pp/pingpong time $c >> $O/time.txt 2>&1
    done
  done
done
echo "==== summary ($(el) s)"; cat $O/time.txt
