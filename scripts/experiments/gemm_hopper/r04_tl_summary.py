import re,sys,statistics as st,collections
for f in sys.argv[1:]:
    d=collections.OrderedDict()
    for l in open(f):
        m=re.match(r'r04 tl (\d+) blocks kc (\d+) bn (\d+) kb (\d+): span (\d+) ns; mean/max init (\d+)/(\d+) first data (\d+)/(\d+) loop (\d+)/(\d+) epilogue (\d+)/(\d+)',l)
        if m:
            k=(int(m[1]),int(m[2]),int(m[3]),int(m[4])); d.setdefault(k,[]).append([int(x) for x in m.groups()[4:]])
    print(f)
    for k,v in d.items():
        med=[st.median(c) for c in zip(*v)]
        print("  blocks %d kc %d bn %d kb %d (n=%d): span %.0f | init %.0f/%.0f first %.0f/%.0f loop %.0f/%.0f epi %.0f/%.0f"%(k+(len(v),)+tuple(med)))
