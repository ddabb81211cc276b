#!/usr/bin/env python3
"""criteria_verdict.py DIR — issue 16's done-criteria from what criteria-run.sh left in DIR: the headline rows (ab.txt
from ab-lib.sh, one version, several rounds; ratio = ours against cublasLt timed in the same process) and the sweeps
(sweep-*.json from `gpuprim bench gemm --sweep`). One line a criterion: the figures, the threshold, PASS or FAIL.
A headline row passes when the mean of its rounds meets the threshold; its lowest round is printed beside it."""
import glob, json, os, re, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from plot_sweep import cases, stats  # noqa: E402

HEAD = {"bf16": 1.0, "f16": 1.0, "tf32": 0.95}  # the thresholds at 4096^3 and 8192^3
SWEEP_GEO, SWEEP_WORST = 0.95, 0.80


def headline(path):
    rows = {}
    for line in open(path):
        m = re.match(r"round \d+ (\S+) (\d+) x (\d+) x (\d+) (\S+): .*= (\w\w) .* ([\d.]+)x\s*$", line)
        if m:
            op, mm, nn, kk, ver, lay, x = m.groups()
            rows.setdefault((op, f"{mm}x{nn}x{kk}", lay, ver), []).append(float(x))
    return rows


def main():
    d = sys.argv[1]
    ok = True
    seen = set()
    for f in sorted(glob.glob(os.path.join(d, "ab*.txt"))):
        for (op, shape, lay, ver), xs in headline(f).items():
            seen.add((op, shape))
            mean, low, need = sum(xs) / len(xs), min(xs), HEAD.get(op, 1.0)
            good = mean >= need
            ok &= good
            print(f"headline {ver} {op:5s} {lay} {shape:15s} mean {mean:.3f}x lowest {low:.3f}x over {len(xs)} rounds "
                  f"(need {need:.2f}x): {'PASS' if good else 'FAIL'}")
    for op in HEAD:  # a row that did not run fails: no figure is no pass
        for shape in ("4096x4096x4096", "8192x8192x8192"):
            if (op, shape) not in seen:
                print(f"headline {op:5s} {shape}: no figure: FAIL")
                ok = False
    for op in HEAD:
        f = os.path.join(d, f"sweep-{op}.json")
        if not os.path.exists(f):
            print(f"sweep {op:5s}: no figure: FAIL")
            ok = False
            continue
        data = json.load(open(f))
        st = stats([(shape, lib["vs_vendor"]) for (_, shape), _, lib in cases(data["rows"]) if lib["vs_vendor"] > 0])
        if st is None:
            print(f"sweep {os.path.basename(f)}: no rows: FAIL")
            ok = False
            continue
        n, geo, worst, _ = st
        good = n >= 16 and geo >= SWEEP_GEO and worst[1] >= SWEEP_WORST
        ok &= good
        print(f"sweep {os.path.basename(f)[6:-5]:5s} {n} shapes geomean {geo:.3f}x worst {worst[1]:.3f}x "
              f"({worst[0]}) (need >= 16 shapes, {SWEEP_GEO}x, {SWEEP_WORST}x): {'PASS' if good else 'FAIL'}")
    print(f"device: {open(os.path.join(d, 'smi.txt')).read().strip() if os.path.exists(os.path.join(d, 'smi.txt')) else '?'}")
    print("all performance criteria above: " + ("PASS" if ok else "FAIL"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
