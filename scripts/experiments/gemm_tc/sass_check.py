#!/usr/bin/env python3
"""sass_check.py OBJ_OR_SASS... — per kernel of a cuobjdump --dump-sass listing (or an object file, dumped
with cuobjdump from PATH): HMMA, LDSM, LDGSTS, LDS, BAR counts, local-memory traffic (LDL/STL) in the whole
kernel and inside the loop that holds the HMMA (the hot loop: the backward branch whose range contains the
most HMMA), and the hot loop's length in instructions."""
import re, subprocess, sys

def dump(path):
    if path.endswith('.sass') or path.endswith('.txt'):
        return open(path).read()
    return subprocess.run(['cuobjdump', '--dump-sass', path], capture_output=True, text=True, check=True).stdout

def demangle(names):
    try:
        out = subprocess.run(['c++filt'], input='\n'.join(names), capture_output=True, text=True).stdout.split('\n')
        return out[:len(names)]
    except OSError:
        return names

ins_re = re.compile(r'/\*([0-9a-f]{4,})\*/\s+(.*?);')
for path in sys.argv[1:]:
    kernels, cur = [], None
    for line in dump(path).split('\n'):
        m = re.search(r'Function : (\S+)', line)
        if m:
            cur = (m.group(1), [])
            kernels.append(cur)
            continue
        m = ins_re.search(line)
        if m and cur:
            cur[1].append((int(m.group(1), 16), m.group(2).strip()))
    names = demangle([k[0] for k in kernels])
    for (name, ins), pretty in zip(kernels, names):
        op = lambda s: s.split()[0] if not s.startswith('@') else s.split()[1]
        cnt = lambda pre: sum(1 for _, s in ins if op(s).startswith(pre))
        loops = []
        for addr, s in ins:
            m = re.search(r'BRA (?:\S+, )?(0x[0-9a-f]+)', s)
            if m and int(m.group(1), 16) < addr:
                lo, hi = int(m.group(1), 16), addr
                body = [x for a, x in ins if lo <= a <= hi]
                loops.append((sum(1 for x in body if op(x).startswith('HMMA')), lo, hi, body))
        hot = max(loops, key=lambda l: (l[0], -(l[2] - l[1]))) if loops else (0, 0, 0, [])
        hot_local = sum(1 for x in hot[3] if op(x).startswith(('LDL', 'STL')))
        print(f"{pretty[:110]:110s} HMMA {cnt('HMMA'):4d} LDSM {cnt('LDSM'):3d} LDGSTS {cnt('LDGSTS'):3d} "
              f"LDS {sum(1 for _, s in ins if op(s) == 'LDS' or op(s).startswith('LDS.')):3d} LDL/STL {cnt('LDL') + cnt('STL'):3d} | hot loop: {len(hot[3])} instr, "
              f"{hot[0]} HMMA, LDL/STL {hot_local}")
