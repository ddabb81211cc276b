#!/usr/bin/env python3
"""sort-torch-sweep.py OUT.txt [SWEEP.json] — torch.sort on this GPU at the sizes of `gpuprim bench --sweep sort`
(random u32 keys, 2^10 ... 2^28; torch has no uint32 sort, so the same bits as int64, which sort in the same
order, and as int32 for torch's 4-byte path, whose order differs only by the sign bit; torch.sort always returns
the indices too, so it does the work of a key-value sort), timed with CUDA events
as the bench does (median of back-to-back calls after two warm-ups). With SWEEP.json (the bench's --json of
that sweep, same machine) the table also has gpuprim's and CUB's times and gpuprim / torch."""
import json, math, sys

import torch


def time_ms(fn, reps):
    for _ in range(2):
        fn()
    ev = [torch.cuda.Event(enable_timing=True) for _ in range(reps + 1)]
    ev[0].record()
    for i in range(reps):
        fn()
        ev[i + 1].record()
    torch.cuda.synchronize()
    t = sorted(ev[i].elapsed_time(ev[i + 1]) for i in range(reps))
    return t[reps // 2] if reps % 2 else 0.5 * (t[reps // 2 - 1] + t[reps // 2])


def bench_rows(path):
    """n -> (vendor ms, gpuprim ms) from the sweep's JSON rows of u32 keys."""
    out = {}
    for r in json.load(open(path))["rows"]:
        if r["prim"] != "sort" or "u32 keys" not in r["shape"]:
            continue
        n = int(r["shape"].split("n=")[1].split()[0])
        v, g = out.get(n, (None, None))
        if r["rung"] == -1:
            v = r["median_ms"]
        elif g is None:
            g = r["median_ms"]
        out[n] = (v, g)
    return out


def main():
    out = sys.argv[1]
    bench = bench_rows(sys.argv[2]) if len(sys.argv) > 2 else {}
    gen = torch.Generator(device="cuda").manual_seed(1)
    lines = [f"device: {torch.cuda.get_device_name()}, torch {torch.__version__}",
             "n          torch int32 ms  torch int64(u32 bits) ms   CUB ms   gpuprim ms  gpuprim/torch32 speed"]
    for e in range(10, 29):
        n = 1 << e
        x32 = torch.randint(-2**31, 2**31 - 1, (n,), device="cuda", dtype=torch.int32, generator=gen)
        x64 = x32.to(torch.int64) & 0xFFFFFFFF
        reps = max(10, min(200, int(2**24 / n) * 10))
        t32 = time_ms(lambda: torch.sort(x32), reps)
        t64 = time_ms(lambda: torch.sort(x64), reps)
        v, g = bench.get(n, (None, None))
        sp = f"{t32 / g:.3f}x" if g else "-"
        lines.append(f"2^{e:<8d} {t32:14.4f} {t64:24.4f} {v if v else float('nan'):9.4f} {g if g else float('nan'):11.4f}  {sp}")
        del x32, x64
    text = "\n".join(lines)
    print(text)
    open(out, "w").write(text + "\n")


if __name__ == "__main__":
    main()
