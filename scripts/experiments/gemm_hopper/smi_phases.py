#!/usr/bin/env python3
"""smi_phases.py — the SM clock and the board power during each back-to-back phase of b2b (session 34).

b2b prints each phase's host interval, "[b0 .. b1]" (CLOCK_REALTIME); nvidia-smi, run beside it with
  nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,clocks_event_reasons.active --format=csv,noheader -lms 20
gives samples whose timestamps are the machine's local time. For every b2b line with an interval this prints the
median SM clock (MHz) and power (W) of the samples inside it, the first SKIP seconds left out (the clock settles),
and how many samples named the software power cap (reason bit 0x4).

  smi_phases.py SMI_CSV B2B_OUT [B2B_OUT ...] [--skip 0.3]
"""
import os
import re
import sys
import time
from datetime import datetime


def samples(path):
    out = []
    for line in open(path):
        f = [x.strip() for x in line.split(",")]
        if len(f) < 4:
            continue
        try:
            t = time.mktime(datetime.strptime(f[0], "%Y/%m/%d %H:%M:%S.%f").timetuple())
            t += float("0." + f[0].rsplit(".", 1)[1])
            mhz = float(f[1].split()[0])
            watt = float(f[2].split()[0])
            reasons = int(f[3], 16)
        except ValueError:
            continue
        out.append((t, mhz, watt, reasons))
    return out


def median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2] if xs else float("nan")


def main(argv):
    skip = 0.3
    if "--skip" in argv:
        i = argv.index("--skip")
        skip = float(argv[i + 1])
        del argv[i:i + 2]
    smi = samples(argv[0])
    for path in argv[1:]:
        head = ""
        for line in open(path):
            if "inputs" in line:
                head = line.split(",")[0]
            m = re.search(r"^(\S+)\s+back-to-back median\s+([\d.]+) us.*\[([\d.]+) \.\. ([\d.]+)\]", line)
            if not m:
                continue
            b0, b1 = float(m.group(3)) + skip, float(m.group(4))
            inside = [s for s in smi if b0 <= s[0] <= b1]
            capped = sum(1 for s in inside if s[3] & 0x4)
            print(f"{head:32s} {m.group(1):8s} {float(m.group(2)):9.2f} us  SM {median([s[1] for s in inside]):6.0f} MHz"
                  f"  {median([s[2] for s in inside]):5.0f} W  power-capped {capped}/{len(inside)} samples  {os.path.basename(path)}")


if __name__ == "__main__":
    main(sys.argv[1:])
