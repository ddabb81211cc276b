#!/usr/bin/env python3
"""ncu_kernel_times.py CSV LABEL: each kernel's median gpu__time_duration from an `ncu --csv --page raw` file, one line
per kernel name and grid, in the order they first ran (the fills of the bench's inputs left out)."""
import collections
import csv
import sys

rows = [r for r in csv.reader(open(sys.argv[1])) if len(r) > 5]
if not rows:
    sys.exit("%s: no kernels (see the .err file next to it)" % sys.argv[1])
h = rows[0]
ki, ti, gi = h.index("Kernel Name"), h.index("gpu__time_duration.sum"), h.index("Grid Size")
d = collections.OrderedDict()
for r in rows[2:]:
    try:
        d.setdefault(r[ki].split("(")[0][:70] + " " + r[gi], []).append(float(r[ti].replace(",", "")))
    except ValueError:
        pass
print(sys.argv[2] if len(sys.argv) > 2 else sys.argv[1])
for k, v in d.items():
    if v and "fill_kernel" not in k:
        print("  %8.2f us x%-4d %s" % (sorted(v)[len(v) // 2] / 1000, len(v), k))
