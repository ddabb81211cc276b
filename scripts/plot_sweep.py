#!/usr/bin/env python3
"""plot_sweep.py SWEEP.json OUT.png [OUT.txt] — the output of `gpuprim bench --sweep --json SWEEP.json`: for each
primitive, the ratio of the library's time to the vendor's (the auto row, or the one rung timed, against the
vendor row of the same case) over the sizes or shapes of the sweep, with lines at 1.0 and 0.9; and a summary
per primitive (geometric mean, worst and best case) printed and optionally written to OUT.txt."""
import json, math, re, sys


def cases(rows):
    """(prim, shape) -> (vendor row, library row), in file order."""
    out, order = {}, []
    for r in rows:
        key = (r["prim"], r["shape"])
        if key not in out:
            out[key] = [None, None]
            order.append(key)
        if r["rung"] == -1:
            out[key][0] = r
        elif out[key][1] is None:
            out[key][1] = r
    return [(k, out[k][0], out[k][1]) for k in order if out[k][0] and out[k][1]]


def size_of(shape):
    m = re.search(r"n=(\d+)", shape)
    return int(m.group(1)) if m else None


def stats(pts):
    """(cases with a ratio, geometric mean of those ratios, worst point, best point) of (shape, ratio, ...) points;
    None when no ratio is positive."""
    ratios = [p[1] for p in pts if p[1] > 0]
    if not ratios:
        return None
    geo = math.exp(sum(math.log(x) for x in ratios) / len(ratios))
    return len(ratios), geo, min(pts, key=lambda p: p[1]), max(pts, key=lambda p: p[1])


def summary(per_prim):
    lines = []
    for prim, pts in per_prim.items():
        st = stats(pts)
        if st is None:
            continue
        n, geo, worst, best = st
        lines.append(f"{prim:10s} {n:3d} cases  geomean {geo:.3f}x  worst {worst[1]:.3f}x ({worst[0]})  "
                     f"best {best[1]:.3f}x ({best[0]})")
    return lines


def main():
    data = json.load(open(sys.argv[1]))
    per_prim = {}
    for (prim, shape), vendor, lib in cases(data["rows"]):
        per_prim.setdefault(prim, []).append((shape, lib["vs_vendor"], size_of(shape)))
    lines = summary(per_prim)
    print("\n".join(lines))
    if len(sys.argv) > 3:
        open(sys.argv[3], "w").write("\n".join(lines) + "\n")
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    prims = list(per_prim)
    fig, axes = plt.subplots(len(prims), 1, figsize=(11, 3.2 * len(prims)), squeeze=False)
    for ax, prim in zip(axes.flat, prims):
        pts = per_prim[prim]
        if all(p[2] for p in pts):  # a size sweep: ratio against log2(n)
            ax.plot([math.log2(p[2]) for p in pts], [p[1] for p in pts], "o-")
            ax.set_xlabel("log2(elements)", fontsize=8)
        else:  # a shape sweep: one point per shape
            ax.plot(range(len(pts)), [p[1] for p in pts], "o")
            ax.set_xticks(range(len(pts)))
            ax.set_xticklabels([p[0] for p in pts], rotation=70, ha="right", fontsize=6)
        ax.axhline(1.0, color="k", lw=0.8)
        ax.axhline(0.9, color="r", ls="--", lw=0.8)
        ax.set_ylabel("x vendor", fontsize=8)
        ax.set_title(prim, fontsize=9)
        ax.tick_params(labelsize=7)
    fig.suptitle(f"gpuprim sweep against the vendor on {data['device']} ({data['date']})", fontsize=10)
    fig.tight_layout()
    fig.savefig(sys.argv[2], dpi=110)


if __name__ == "__main__":
    main()
