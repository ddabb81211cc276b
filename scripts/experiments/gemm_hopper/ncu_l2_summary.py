#!/usr/bin/env python3
"""ncu_l2_summary.py CSV... — medians per kernel of the memory metrics in ncu's `--csv --page raw` output (session 33):
duration, active cycles, tensor pipe, and every L2 / L1-from-L2 / DRAM byte, sector and request count it holds, a
column per kernel (its name shortened), a row per metric. Only the standard library."""
import csv
import re
import statistics
import sys

KEEP = re.compile(r"^(gpu__time_duration|sm__cycles_elapsed\.avg\.per_second|launch__(cluster_dim_x|grid_size)|sm__cycles_active\.avg|sm__pipe_tensor_op_hmma.*pct|lts__t_(bytes|sectors|requests)"
                  r"|lts__t_sector.*hit_rate|lts__.*(fabric|mcast|multicast)|l1tex__m_xbar2l1tex|l1tex__m_l1tex2xbar"
                  r"|dram__bytes|lts__throughput|lts__d_|lts__xbar2lts|lts__lts2xbar|lts__t_sectors_srcunit"
                  r"|smsp__inst_executed\.sum$|l1tex__data_pipe_lsu_wavefronts_mem_shared\.sum$)")


def short(name):
    name = re.sub(r"\(.*", "", name)
    m = re.match(r"void (\w+)<(.*)>", name)
    return f"{m.group(1)}<{m.group(2).replace(' ', '')}>" if m else name[:60]


def main():
    groups = {}
    units = {}
    for path in sys.argv[1:]:
        with open(path, newline="") as f:
            rows = [r for r in csv.reader(f) if r]
        # the header is the first row holding "Kernel Name"; the next row is units
        hi = next((i for i, r in enumerate(rows) if "Kernel Name" in r), None)
        if hi is None:
            print(f"{path}: no table")
            continue
        head, unit = rows[hi], rows[hi + 1]
        kn = head.index("Kernel Name")
        for r in rows[hi + 2:]:
            if len(r) != len(head):
                continue
            g = groups.setdefault(short(r[kn]), {})
            for i, h in enumerate(head):
                if KEEP.match(h):
                    units[h] = unit[i]
                    try:
                        g.setdefault(h, []).append(float(r[i].replace(",", "")))
                    except ValueError:
                        pass
    names = list(groups)
    print("kernels (launches): " + "; ".join(f"[{i}] {n} ({max((len(v) for v in groups[n].values()), default=0)})"
                                             for i, n in enumerate(names)))
    metrics = sorted({m for g in groups.values() for m in g})
    print(f"{'metric':64s} {'unit':>8s} " + " ".join(f"{'[%d]' % i:>14s}" for i in range(len(names))))
    for m in metrics:
        vals = [statistics.median(groups[n][m]) if groups[n].get(m) else float("nan") for n in names]
        if all(v == 0 or v != v for v in vals):
            continue
        print(f"{m:64s} {units.get(m, ''):>8s} " + " ".join(f"{v:14.4g}" for v in vals))


if __name__ == "__main__":
    main()
