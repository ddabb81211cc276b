# session 34 call 4 (H200): the register epilogue in runs of 16 bytes a lane (gp_h_store_frag: a quad's 4 x 4
# transpose by shuffles, 16-bit C; pairs for f32 C), in pingpong.cu: its check (every mode's ragged tiles go through
# it; 19 forces it everywhere), memcheck of `pingpong run`, then the call-2 timing again: modes 1, 17 (128 x 144, C
# from the registers), 19 / 20 (mode 1 / 10 with C from the registers), 21 / 22 (loads alone, no epilogue).
# Carried: prebuilt/s34b.tar.xz (pp/pingpong built with the new hopper.cuh).
S=scripts/experiments/gemm_hopper; O=$OUT/c4; mkdir -p $O /tmp/k
xz -dc prebuilt/s34b.tar.xz | tar -xf - -C /tmp/k
t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
timeout 120 /tmp/k/pp/pingpong check > $O/pp-check.txt 2>&1
echo "pp check rc=$? $(grep -c '^ok' $O/pp-check.txt) ok ($(grep -c 'cl 19' $O/pp-check.txt) of mode 19, $(grep -c 'cl 17' $O/pp-check.txt) of 17) $(tail -1 $O/pp-check.txt) $(el) s" > $O/sum.txt
for c in "bf16 1 1 2048 8192 1024" "bf16 1 1 4096 4096 4096" "bf16 1 1 4096 4096 1024"; do
  PP_MODES="1 h j k l m" timeout 90 /tmp/k/pp/pingpong time $c >> $O/pp-time.txt 2>&1
done
echo "pp time $(el) s" >> $O/sum.txt
timeout 200 compute-sanitizer --tool memcheck /tmp/k/pp/pingpong run > $O/memcheck.txt 2>&1
echo "memcheck rc=$? $(grep -E 'ERROR SUMMARY' $O/memcheck.txt) $(el) s" >> $O/sum.txt
echo "==== summary ($(el) s)"; cat $O/sum.txt; grep -h FAIL $O/pp-check.txt | head -4; cat $O/pp-time.txt
