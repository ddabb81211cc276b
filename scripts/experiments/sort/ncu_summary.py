#!/usr/bin/env python3
"""ncu_summary.py NCU_CSV — one line per profiled kernel of `ncu --csv --page details` output (run.sh step
"profile": one rung-05 sort of each case of sort_bench --profile, in order): duration, DRAM / SM throughput,
occupancy, issue rate, DRAM bytes, and the largest warp-stall figures that the sections report. Lines that are
not CSV rows (the program's own output, ncu's ==PROF== lines) are skipped; missing metrics print as '-'."""
import csv
import re
import sys

WANT = [  # (label in the output, metric names as ncu's sections print them)
    ("us", ["Duration"]),
    ("dram%", ["DRAM Throughput"]),
    ("mem%", ["Memory Throughput"]),
    ("sm%", ["Compute (SM) Throughput"]),
    ("L2hit%", ["L2 Hit Rate"]),
    ("occ%", ["Achieved Occupancy"]),
    ("ipc", ["Issued Ipc Active", "Executed Ipc Active"]),
    ("cyc/inst", ["Warp Cycles Per Issued Instruction"]),
    ("rdGB", ["dram__bytes_read.sum"]),
    ("wrGB", ["dram__bytes_write.sum"]),
]


def num(v):
    try:
        return float(str(v).replace(",", ""))
    except ValueError:
        return None


def scaled(name, unit, v):
    """Durations to us, byte counts to GB."""
    if v is None:
        return None
    if name == "Duration":
        return v / 1e3 if unit == "nsecond" else v * 1e3 if unit == "msecond" else v / 1e3 if unit == "ns" else v
    if name.startswith("dram__bytes"):
        f = {"byte": 1e-9, "Kbyte": 1e-6, "Mbyte": 1e-3, "Gbyte": 1.0, "KB": 1e-6, "MB": 1e-3, "GB": 1.0}.get(unit, 1e-9)
        return v * f
    return v


def main(path):
    rows = []
    with open(path, newline="") as f:
        lines = [ln for ln in f if ln.startswith('"')]
    for r in csv.DictReader(lines):
        rows.append(r)
    if not rows or "Metric Name" not in rows[0]:
        print("PROFILE no ncu rows in %s" % path)
        return
    kernels = {}
    order = []
    for r in rows:
        kid = r.get("ID", "?")
        if kid not in kernels:
            kernels[kid] = {"name": r.get("Kernel Name", "?"), "m": {}}
            order.append(kid)
        kernels[kid]["m"][r["Metric Name"]] = (r.get("Metric Unit", ""), num(r.get("Metric Value")))
    for kid in order:
        k = kernels[kid]
        name = re.sub(r"\(.*", "", k["name"]).replace("void ", "")
        parts = []
        for label, names in WANT:
            val = None
            for nm in names:
                if nm in k["m"]:
                    val = scaled(nm, k["m"][nm][0], k["m"][nm][1])
                    break
            parts.append("%s %s" % (label, "-" if val is None else ("%.3g" % val)))
        stalls = sorted(((v[1], n) for n, v in k["m"].items() if re.search(r"[Ss]tall", n) and v[1] is not None), reverse=True)[:6]
        st = ", ".join("%s %.2f" % (re.sub(r"^(smsp__average_warps_issue_stalled_|Stall )", "", n).replace("_per_issue_active.ratio", ""), v)
                       for v, n in stalls)
        print("PROFILE %-3s %-28s %s%s" % (kid, name[:28], "  ".join(parts), ("  stalls: " + st) if st else ""))


if __name__ == "__main__":
    main(sys.argv[1])
