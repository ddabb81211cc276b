# session 35 call 7 (H200): where tf32 TN 1024^3 goes (the tf32 sweep's worst row, 0.85x cublasLt on the H100 and
# the H200: rung 04 configuration 1, A from registers, B transposed in shared memory). ncu (clocks left alone, caches
# flushed) of the 40 kernels after the first 20 of `gpuprim bench gemm` at that row, rung 04 forced (-r 4) and
# cublasLt's: durations (ncu_kernel_times-like summary), warp-state statistics and the SASS source counters of
# rung 04. Carried: prebuilt/criteria.tar.xz (HEAD's gpuprim and libgpuprim.so.0).
O=$OUT/c7; mkdir -p $O /tmp/k; xz -dc prebuilt/criteria.tar.xz | tar -xf - -C /tmp/k
export LD_LIBRARY_PATH=/tmp/k/head; t0=$(date +%s)
timeout 200 ncu --clock-control none --cache-control all --launch-skip 20 --launch-count 40 \
  --section SpeedOfLight --section WarpStateStats --section LaunchStats --section SourceCounters \
  -f -o /tmp/tn /tmp/k/head/gpuprim bench gemm --m 1024 --n 1024 --k 1024 --op tf32 --trans TN -r 4 --reps 10 \
  > $O/ncu-run.txt 2>&1
echo "ncu rc=$? $(( $(date +%s)-t0 )) s" > $O/sum.txt
ncu --import /tmp/tn.ncu-rep --page details > $O/details.txt 2>&1
ncu --import /tmp/tn.ncu-rep --page raw --csv --metrics gpu__time_duration.sum,launch__grid_size,launch__block_size,sm__throughput.avg.pct_of_peak_sustained_elapsed > $O/raw.csv 2>&1
ncu --import /tmp/tn.ncu-rep -k regex:gp_gemm_r04 --launch-count 1 --page source --print-source sass --csv > $O/r04-sass.csv 2>&1
python3 - $O/raw.csv >> $O/sum.txt <<'PY'
import csv, sys, collections
rows = list(csv.reader(open(sys.argv[1])))
h = [i for i, r in enumerate(rows) if 'Kernel Name' in r]
if not h: print("no csv"); sys.exit()
hd = rows[h[0]]; data = rows[h[0] + 2:]
k, t = hd.index('Kernel Name'), hd.index('gpu__time_duration.sum')
g = hd.index('launch__grid_size'); b = hd.index('launch__block_size'); s = hd.index('sm__throughput.avg.pct_of_peak_sustained_elapsed')
agg = collections.defaultdict(list)
for r in data:
    agg[(r[k][:70], r[g], r[b])].append((float(r[t]), float(r[s])))
for (name, grid, blk), v in agg.items():
    ts = sorted(x[0] for x in v)
    print(f"{name:70s} grid {grid:>5s} block {blk:>4s} n {len(v):3d} median {ts[len(ts)//2]:8.2f} {rows[h[0] + 1][t]}  sm% {v[0][1]:.1f}")
PY
grep -E "Stall|Warp Cycles|Issued Warp|Duration" $O/details.txt | sort | uniq -c | sort -rn | head -30 >> $O/sum.txt
tar czf $OUT/c7.tgz -C $OUT c7 && cp $O/sum.txt /tmp/k/sum7.txt && rm -rf $O
echo "==== summary"; cat /tmp/k/sum7.txt
