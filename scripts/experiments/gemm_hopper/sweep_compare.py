#!/usr/bin/env python3
"""sweep_compare.py A.json B.json — two `gpuprim bench gemm --sweep` runs side by side (e.g. two devices): per shape,
the automatic choice's time and its ratio to cublasLt timed in the same run, then each run's geomean and worst ratio
(the row pairing and the summary are plot_sweep.py's)."""
import json, os, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from plot_sweep import cases, summary  # noqa: E402


def rows(path):
    d = json.load(open(path))
    return d["device"], {shape: lib for (_, shape), _, lib in cases(d["rows"])}


def main():
    (da, a), (db, b) = rows(sys.argv[1]), rows(sys.argv[2])
    print("| shape | A us | A x | B us | B x | B's rung |\n|---|---|---|---|---|---|")
    for s in a:
        if s in b:
            rung = b[s]["variant"].split("(")[1].split(")")[0]
            print(f"| {s} | {a[s]['median_ms'] * 1e3:.1f} | {a[s]['vs_vendor']:.3f} | {b[s]['median_ms'] * 1e3:.1f} | "
                  f"{b[s]['vs_vendor']:.3f} | {rung} |")
    for name, dev, r in (("A", da, a), ("B", db, b)):
        for line in summary({"gemm": [(s, v["vs_vendor"]) for s, v in r.items()]}):
            print(f"{name} ({dev}): {line}")


if __name__ == "__main__":
    main()
