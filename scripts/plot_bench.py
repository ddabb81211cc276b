#!/usr/bin/env python3
"""plot_bench.py BENCH.json OUT.png [OUT.csv] — one panel per (primitive, shape): each rung's rate as a bar,
the vendor baseline in a second colour, the measured ceiling as a line. Optionally writes the CSV too."""
import json, sys, csv

def main():
    src, png = sys.argv[1], sys.argv[2]
    data = json.load(open(src))
    rows = data["rows"]
    if len(sys.argv) > 3:
        with open(sys.argv[3], "w", newline="") as f:
            w = csv.writer(f)
            keys = ["prim", "shape", "variant", "rung", "median_ms", "min_ms", "max_ms", "reps", "rate", "unit",
                    "pct_ceiling", "vs_vendor", "verified"]
            w.writerow(["device"] + keys)
            for r in rows:
                w.writerow([data["device"]] + [r[k] for k in keys])
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    groups = []
    for r in rows:
        key = (r["prim"], r["shape"])
        if not groups or groups[-1][0] != key:
            groups.append((key, []))
        groups[-1][1].append(r)
    cols = 2 if len(groups) > 1 else 1
    nrows = (len(groups) + cols - 1) // cols
    fig, axes = plt.subplots(nrows, cols, figsize=(7 * cols, 0.35 * max(len(g[1]) for g in groups) * nrows + 1.6 * nrows),
                             squeeze=False)
    for ax, ((prim, shape), rs) in zip(axes.flat, groups):
        labels = [r["variant"] for r in rs][::-1]
        vals = [r["rate"] for r in rs][::-1]
        colors = ["#d62728" if r["rung"] == -1 else ("#7f7f7f" if r["verified"] == 0 else "#1f77b4") for r in rs][::-1]
        ax.barh(labels, vals, color=colors)
        for y, (v, r) in enumerate(zip(vals, rs[::-1])):
            ax.text(v, y, f" {v:.0f} ({r['vs_vendor']:.2f}x)" if r["unit"] == "GB/s" else f" {v:.1f} ({r['vs_vendor']:.2f}x)",
                    va="center", fontsize=7)
        if rs[0]["unit"] == "GB/s" and data.get("copy_gbps"):
            ax.axvline(data["copy_gbps"], color="k", ls="--", lw=0.8)
        ax.set_title(f"{prim}: {shape}", fontsize=9)
        ax.set_xlabel(rs[0]["unit"] + "  (red: vendor; dashed: D2D copy ceiling)", fontsize=8)
        ax.tick_params(labelsize=7)
        ax.set_xlim(0, max(vals) * 1.25)
    for ax in list(axes.flat)[len(groups):]:
        ax.axis("off")
    fig.suptitle(f"gpuprim ladders on {data['device']} ({data['date']})", fontsize=10)
    fig.tight_layout()
    fig.savefig(png, dpi=110)

if __name__ == "__main__":
    main()
