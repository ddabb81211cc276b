# session 31 call 10 (H200): wait1 (call 9: 8192^3 bf16 -2.1..-3.0%, f16 -1.2%, 4096^3 level, 2048x8192x1024 TT level or
# slightly slower) at more shapes and layouts, and checked: `gpuprim verify gemm` of rungs 06 and 07 through the w1 library
# (every type and layout, ragged tiles, alpha / beta) and `ab` w0 / w1 alternating. Carried: prebuilt/s31.tar.xz.
O=/tmp/c10; mkdir -p $O /tmp/k; xz -dc prebuilt/s31.tar.xz | tar -xf - -C /tmp/k
t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
keep() { tar czf $OUT/c10.tgz -C /tmp c10; }
S=scripts/experiments/gemm_hopper
for r in 6 7; do
  LD_LIBRARY_PATH=/tmp/k/w1 timeout 60 /tmp/k/w1/gpuprim verify gemm -r $r --m 1000 -n 2052 --k 1000 -v > $O/verify-w1-r$r.txt 2>&1
  echo "verify w1 r$r rc=$? $(el) s: $(grep -cE 'PASS' $O/verify-w1-r$r.txt) PASS, $(grep -cE 'FAIL' $O/verify-w1-r$r.txt) FAIL"; keep
done
for tr in TN NT TT; do
  LIBS=/tmp/k VERSIONS="w0 w1" OPS=bf16 TRANS=$tr ROUNDS=1 SHAPES="8192,8192,8192" timeout 40 $S/ab-lib.sh $O/ab-$tr > /dev/null 2>&1; cat $O/ab-$tr/ab.txt; echo "$(el) s"; keep
done
LIBS=/tmp/k VERSIONS="w0 w1" OPS=bf16 ROUNDS=1 SHAPES="6144,6144,6144 8192,2048,4096 16384,256,4096" timeout 60 $S/ab-lib.sh $O/ab-nn > /dev/null 2>&1; cat $O/ab-nn/ab.txt; echo "$(el) s"; keep
LIBS=/tmp/k VERSIONS="w0 w1" OPS="bf16 f16" TRANS=TN ROUNDS=1 SHAPES="3072,3072,3072" timeout 30 $S/ab-lib.sh $O/ab-3072 > /dev/null 2>&1; cat $O/ab-3072/ab.txt; echo "$(el) s"; keep
echo "end $(el) s"
