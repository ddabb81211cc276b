#!/usr/bin/env bash
# ab.sh OUT — session 20: loaders that fill tiles past the matrix edge with copies of elements inside it
# (gp_sg_past_edge in sgemm_async.cuh) against the previous build, both carried as prebuilt/ab.tar.xz
# (old/: libgpuprim.so.0 at 73cd88c; new/ (and any other VERSIONS): this tree's, and test_gpu_sgemm; every folder has
# this tree's gpuprim, whose bench takes --ld-pad and --batch).
# Steps (STEPS): ab (VERSIONS alternating, auto, at SHAPES m,n,k,op[,ld pad[,batch]]), cfg (new: every configuration of
# rungs 10-13 at CFG_SHAPES), ncu (new: each kernel's median time at NCU_SHAPES), sweep (new), test (new test_gpu_sgemm),
# san (memcheck / racecheck of rungs MEMCHECK_RUNGS / RACECHECK_RUNGS).
set -uo pipefail
OUT=${1:?usage: ab.sh OUT}
mkdir -p "$OUT"
cd "$(dirname "$0")/../../.."
t0=$(date +%s)
STEPS=${STEPS:-ab cfg sweep test}
has() { case " $STEPS " in *" $1 "*) return 0;; esac; return 1; }
mkdir -p /tmp/ab && tar -C /tmp/ab -xJf prebuilt/ab.tar.xz || exit 1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader
run() { local v=$1; shift; LD_LIBRARY_PATH=/tmp/ab/$v timeout 120 /tmp/ab/$v/gpuprim "$@"; }
if has ab; then
  for s in ${SHAPES:-1000,1000,1000,NN 1000,1000,1000,TT 2048,2040,2048,NN 1025,1025,1025,NN 4096,4096,4096,NN 2048,2048,2048,NN 3000,3000,3000,NN 1000,1000,1000,TN 1000,1000,1000,NT}; do
    IFS=, read -r m n k op pad batch <<<"$s"
    for round in 1 2; do
      for v in ${VERSIONS:-old new}; do
        echo "== $v round $round" >>"$OUT/ab.txt"
        run $v bench sgemm -r auto --op "$op" --m "$m" --n "$n" --k "$k" --ld-pad "${pad:-0}" --batch "${batch:-1}" >>"$OUT/ab.txt" 2>&1
      done
    done
  done
  python3 - "$OUT/ab.txt" <<'PY'
import sys, collections
r = collections.OrderedDict(); v = shape = None
for line in open(sys.argv[1]):
    f = line.split()
    if line.startswith("== "): v = f[1]
    elif line.startswith("sgemm  "): shape = line[7:].strip()
    elif f and f[0] == "auto" and "TFLOP/s" in f:
        i = f.index("TFLOP/s"); r.setdefault(shape, {}).setdefault(v, []).append((float(f[i - 2]), f[i + 2]))
for s, d in r.items():
    print("%-28s %s" % (s, " | ".join("%s %s" % (v, " ".join("%.4f ms %s" % t for t in d[v])) for v in d)))
PY
fi
if has cfg; then
  for s in ${CFG_SHAPES:-1000,1000,1000,NN,1,1 1000,1000,1000,TT,0,1 256,256,256,NN,0,32 1025,1025,1025,NN,0,1}; do
    IFS=, read -r m n k op pad batch <<<"$s"
    for r in 10 11 12 13; do
      run new bench sgemm -r $r -v --op "$op" --m "$m" --n "$n" --k "$k" --ld-pad "$pad" --batch "$batch" >>"$OUT/cfg.txt" 2>&1
    done
    run new bench sgemm -r auto --op "$op" --m "$m" --n "$n" --k "$k" --ld-pad "$pad" --batch "$batch" >>"$OUT/cfg.txt" 2>&1
  done
  grep -E "^sgemm |vendor\)|  1[0-3] |auto" "$OUT/cfg.txt" | grep -v "^\[" | cut -c1-110
fi
if has ncu; then # each kernel's time in one call of the new library per shape (ncu, clocks as they are)
  for s in ${NCU_SHAPES:-1025,1025,1025 2049,2047,2051}; do for v in ${NCU_VERSIONS:-new}; do
    IFS=, read -r m n k <<<"$s"
    LD_LIBRARY_PATH=/tmp/ab/$v timeout 200 ncu --clock-control none --csv --page raw --metrics gpu__time_duration.sum \
      /tmp/ab/$v/gpuprim bench sgemm -r auto --reps 10 --m "$m" --n "$n" --k "$k" >"$OUT/ncu-$v-$m.csv" 2>"$OUT/ncu-$v-$m.err"
    python3 scripts/ncu_kernel_times.py "$OUT/ncu-$v-$m.csv" "$v $s"
  done; done
fi
if has sweep; then
  run new bench --sweep sgemm --json "$OUT/sweep-sgemm.json" >"$OUT/sweep-sgemm.txt" 2>&1
  python3 scripts/plot_sweep.py "$OUT/sweep-sgemm.json" "$OUT/sweep-sgemm.png" "$OUT/sweep-sgemm-summary.txt" >/dev/null 2>&1
  cat "$OUT/sweep-sgemm-summary.txt"
  grep -A3 "^sgemm  " "$OUT/sweep-sgemm.txt" | grep -E "^sgemm|auto" | paste - - | awk '{print $2, $3, $(NF-1)}' | tr '\n' ';'
  echo
fi
if has test; then
  LD_LIBRARY_PATH=/tmp/ab/new timeout 240 /tmp/ab/new/test_gpu_sgemm >"$OUT/test-sgemm.txt" 2>&1; echo "test_gpu_sgemm rc=$? $(tail -1 "$OUT/test-sgemm.txt")"
  grep -E "FAIL" "$OUT/test-sgemm.txt" | head -20
fi
if has san; then
  GP_TEST_SMALL=1 GP_TEST_RUNGS=${MEMCHECK_RUNGS:-9,10,11,12,13} LD_LIBRARY_PATH=/tmp/ab/new timeout 380 compute-sanitizer --tool memcheck --error-exitcode 3 /tmp/ab/new/test_gpu_sgemm \
    >"$OUT/memcheck-sgemm.txt" 2>&1 &
  GP_TEST_SMALL=1 GP_TEST_RUNGS=${RACECHECK_RUNGS:-10,12,13} LD_LIBRARY_PATH=/tmp/ab/new timeout 380 compute-sanitizer --tool racecheck --error-exitcode 3 /tmp/ab/new/test_gpu_sgemm \
    >"$OUT/racecheck-sgemm.txt" 2>&1 &
  wait
  for f in memcheck racecheck; do echo "$f: $(grep -E "ERROR SUMMARY|RACECHECK SUMMARY" "$OUT/$f-sgemm.txt" | tail -1) $(tail -1 "$OUT/$f-sgemm.txt")"; done
fi
echo "total $(( $(date +%s) - t0 )) s"
