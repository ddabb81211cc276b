#!/usr/bin/env python3
"""r06_tl_summary.py FILE... — medians of rung 06/07's per-unit timeline lines (a library built with GP_HP_EXP_TIMELINE,
`tl block B wg C unit I: ...`, SM clock cycles) over units >= 1 (unit 0 holds the kernel's start): the wait for the
first stage, the k loop (and its full-barrier and wgmma waits), the epilogue, the gap from the previous epilogue's end,
and their sum a unit. Split units count too: read a split plan's loop per k-block with care."""
import re
import statistics
import sys

LINE = re.compile(r"tl block (\d) wg (\d) unit (\d): wait (-?\d+) loop (\d+) \(full waits (\d+), wgmma waits (\d+)\) "
                  r"epi (\d+) \(from prev epi end (-?\d+)\)")

for path in sys.argv[1:]:
    rows = [tuple(int(x) for x in m.groups()) for m in map(LINE.match, open(path)) if m]
    units = [r for r in rows if r[2] >= 1]
    if not units:
        print(f"{path}: no timeline lines")
        continue
    med = {k: statistics.median(r[i] for r in units)
           for k, i in (("wait", 3), ("loop", 4), ("full waits", 5), ("wgmma waits", 6), ("epi", 7), ("gap", 8))}
    print(f"{path}: {len(units)} units >= 1 of {len(rows)}; " + ", ".join(f"{k} {v:.0f}" for k, v in med.items()) +
          f"; unit {med['gap'] + med['loop'] + med['epi']:.0f} cycles")
