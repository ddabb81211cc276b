#!/usr/bin/env python3
"""sweep_compare.py A.json B.json — two `gpuprim bench gemm --sweep` runs side by side (e.g. two devices): per shape,
the automatic choice's time and its ratio to cublasLt timed in the same run, then each run's geomean and worst ratio."""
import json, math, sys


def rows(path):
    d = json.load(open(path))
    out = {}
    for r in d["rows"]:
        if r["variant"].startswith("auto"):
            out[r["shape"]] = (r["median_ms"] * 1e3, r["vs_vendor"], r["variant"].split("(")[1].split(")")[0])
    return d["device"], out


def main():
    (da, a), (db, b) = rows(sys.argv[1]), rows(sys.argv[2])
    print(f"| shape | A us | A x | B us | B x | B's rung |\n|---|---|---|---|---|---|")
    for s in a:
        if s in b:
            print(f"| {s} | {a[s][0]:.1f} | {a[s][1]:.3f} | {b[s][0]:.1f} | {b[s][1]:.3f} | {b[s][2]} |")
    for name, dev, r in (("A", da, a), ("B", db, b)):
        x = [v[1] for v in r.values()]
        w = min(r, key=lambda s: r[s][1])
        print(f"{name} ({dev}): {len(x)} shapes, geomean {math.exp(sum(map(math.log, x)) / len(x)):.3f}x, "
              f"worst {r[w][1]:.3f}x ({w})")


if __name__ == "__main__":
    main()
