#!/usr/bin/env bash
# streamk-ncu.sh OUT — session 18, call 6: ncu of rung 06 with the stream-k patch applied in exp-sk/ (a copy of the tree
# made by `git archive HEAD`, with streamk-tail.patch applied as its header says): DRAM and L2 bytes and the duration of every launch of
# `gpuprim bench gemm -r 6 -v --reps 1` at 8192^3 and 4096^3 (plan = stream-k, configurations 0, 1, 2).
set -uo pipefail
OUT=$1; mkdir -p $OUT; t0=$(date +%s)
cd exp-sk && (cmake -S . -B b -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90a >/dev/null && cmake --build b -j 16 --target gpuprim_cli) > $OUT/build.log 2>&1 || { tail -20 $OUT/build.log; exit 1; }
echo "build $(( $(date +%s) - t0 )) s"
for s in 8192,8192,8192 4096,4096,4096; do IFS=, read -r m n k <<<"$s"
timeout 200 ncu --clock-control none --kernel-name regex:gp_hp_kernel --metrics dram__bytes_read.sum,lts__t_bytes.sum,gpu__time_duration.sum --csv \
  b/gpuprim bench gemm -r 6 -v --reps 1 --m $m --n $n --k $k > $OUT/ncu-$m.csv 2> $OUT/ncu-$m.err
echo "ncu $m rc=$?"; done
python3 - $OUT <<'PY'
import csv,sys,collections
for m in ("8192","4096"):
    rows=[r for r in csv.reader(open(f"{sys.argv[1]}/ncu-{m}.csv")) if len(r)>10]
    hdr=rows[0]; i_id=hdr.index("ID"); i_m=hdr.index("Metric Name"); i_v=hdr.index("Metric Value")
    d=collections.OrderedDict()
    for r in rows[1:]:
        d.setdefault(r[i_id],{})[r[i_m]]=r[i_v]
    print(m, len(d), "launches")
    for k,v in d.items(): print(" ", k, v.get("gpu__time_duration.sum"), "dram", v.get("dram__bytes_read.sum"), "l2", v.get("lts__t_bytes.sum"))
PY
echo "total $(( $(date +%s) - t0 )) s"
