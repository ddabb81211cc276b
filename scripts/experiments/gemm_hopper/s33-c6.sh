# session 33 call 6 (H200): compute-sanitizer racecheck and memcheck of "new" (s33-prep.sh) where the grouped split
# reduction runs (gp_hp_splitk_reduce_g, whose `groups > 1` test went): `gpuprim verify gemm` (automatic choice, every
# layout) at bf16 128x128x65536 (one tile split 64 ways) and tf32 130x200x16400 (the 64-way split, C^T for NN / NT),
# whole programs (a --kernel-name filter fails on the unfiltered TMA kernels, session 31). Carried: prebuilt/s33.tar.xz.
O=$OUT/c6; mkdir -p $O /tmp/k; xz -dc prebuilt/s33.tar.xz | tar -xf - -C /tmp/k new
export LD_LIBRARY_PATH=/tmp/k/new; B=/tmp/k/new/gpuprim; t0=$(date +%s)
for tool in racecheck memcheck; do for c in "bf16 128 128 65536" "tf32 130 200 16400"; do set -- $c
  ( timeout 280 compute-sanitizer --tool $tool $B verify gemm -r auto --op $1 --m $2 -n $3 --k $4 -v > $O/$tool-$1.txt 2>&1
    echo "$tool $c rc=$? $(( $(date +%s)-t0 )) s: $(grep -cE '^ *ok|: ok' $O/$tool-$1.txt) ok lines; $(grep -E 'RACECHECK SUMMARY|ERROR SUMMARY|FAIL' $O/$tool-$1.txt | sort | uniq -c | tr '\n' ' ' | cut -c1-300)" > $O/sum-$tool-$1.txt ) &
done; done; wait
cat $O/sum-*.txt; grep -h "splits\|ran" $O/memcheck-bf16.txt | head -4
