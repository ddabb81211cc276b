#!/usr/bin/env bash
# peel.sh OUT — session 19: sgemm rung 13 (peeled edges, copies of direct operands with rows off 16 bytes).
# Builds; runs the CPU tests of the rules ("cpu"); times rung 13 forced with each configuration
# (`gpuprim bench sgemm -r 13 -v`) and rung 12 at SHAPES against cublasSgemm ("cfg"), and rung 12 alone on the thin
# edge products (EDGES, "edge"); test_gpu_sgemm ("test"); the sgemm sweep ("sweep"); memcheck of rung 13 and
# racecheck of rungs 12 and 13 at sanitizer sizes ("san").
set -uo pipefail
OUT=${1:?usage: peel.sh OUT}
mkdir -p "$OUT"
cd "$(dirname "$0")/../../.."
B=build-gpu; t0=$(date +%s)
STEPS=${STEPS:-build cpu cfg edge sweep test}
has() { case " $STEPS " in *" $1 "*) return 0;; esac; return 1; }
if has prebuilt; then # gpuprim, libgpuprim.so and test_gpu_sgemm built here with the same nvcc 13.0, carried as prebuilt/
  mkdir -p /tmp/pb && tar -C /tmp/pb -xJf prebuilt/bin.tar.xz || exit 1
  B=/tmp/pb; export LD_LIBRARY_PATH=/tmp/pb${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader
fi
if has build; then
  (cmake -S . -B $B -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90a >/dev/null &&
    cmake --build $B -j 16 --target gpuprim_cli test_gpu_sgemm test_sgemm_ref test_pick) >"$OUT/build.log" 2>&1 ||
    { tail -30 "$OUT/build.log"; exit 1; }
  echo "build $(( $(date +%s) - t0 )) s"
fi
if has cpu; then
  for t in test_sgemm_ref test_pick; do $B/$t >"$OUT/$t.txt" 2>&1; echo "$t rc=$? $(tail -1 "$OUT/$t.txt")"; done
fi
if has cfg; then
  for s in ${SHAPES:-2049,2047,2051 1025,1025,1025 4097,4097,4097 1025,2049,1000 2047,2049,1000 3001,1999,777}; do
    IFS=, read -r m n k <<<"$s"
    for r in 13 12; do
      v=; [ $r = 13 ] && v=-v
      timeout 120 $B/gpuprim bench sgemm -r $r $v --m "$m" --n "$n" --k "$k" >>"$OUT/cfg.txt" 2>&1
    done
  done
  grep -E "^sgemm |vendor\)|  1[23] " "$OUT/cfg.txt" | grep -v "^\[" | cut -c1-110
fi
if has edge; then
  for s in ${EDGES:-1,2047,2051 2048,1,2051 1,1025,1025 1024,1,1025 1,4097,4097 4096,1,4097 16,4096,4096}; do
    IFS=, read -r m n k <<<"$s"
    timeout 60 $B/gpuprim bench sgemm -r 12 --m "$m" --n "$n" --k "$k" >>"$OUT/edge.txt" 2>&1
  done
  grep -E "^sgemm |vendor\)|  12 " "$OUT/edge.txt" | grep -v "^\[" | cut -c1-110
fi
if has ncu; then # each kernel's time in one forced rung-13 call per shape (ncu, clocks as they are)
  for s in ${NCU_SHAPES:-1025,1025,1025 2049,2047,2051}; do
    IFS=, read -r m n k <<<"$s"
    for r in ${NCU_RUNGS:-13 12}; do
      timeout 200 ncu --clock-control none --csv --page raw --metrics gpu__time_duration.sum -k regex:"gp_sg|sgemm_" \
        $B/gpuprim bench sgemm -r $r --reps 10 --m "$m" --n "$n" --k "$k" >"$OUT/ncu-$r-$m.csv" 2>"$OUT/ncu-$r-$m.err"
      python3 scripts/ncu_kernel_times.py "$OUT/ncu-$r-$m.csv" "rung $r $s"
    done
  done
fi
if has test; then
  timeout 240 $B/test_gpu_sgemm >"$OUT/test-sgemm.txt" 2>&1; echo "test_gpu_sgemm rc=$? $(tail -1 "$OUT/test-sgemm.txt")"
  grep -E "FAIL|peel:|stream-k:" "$OUT/test-sgemm.txt" | head -20
fi
if has sweep; then
  timeout 150 $B/gpuprim bench --sweep sgemm --json "$OUT/sweep-sgemm.json" >"$OUT/sweep-sgemm.txt" 2>&1
  python3 scripts/plot_sweep.py "$OUT/sweep-sgemm.json" "$OUT/sweep-sgemm.png" "$OUT/sweep-sgemm-summary.txt" >/dev/null 2>&1
  cat "$OUT/sweep-sgemm-summary.txt"
  grep -A3 "^sgemm  " "$OUT/sweep-sgemm.txt" | grep -E "^sgemm|auto" | paste - - | awk '{print $2, $3, $(NF-1)}' | tr '\n' ';'
  echo
fi
if has san; then
  GP_TEST_SMALL=1 GP_TEST_RUNGS=${MEMCHECK_RUNGS:-13} timeout 380 compute-sanitizer --tool memcheck --error-exitcode 3 $B/test_gpu_sgemm \
    >"$OUT/memcheck-sgemm.txt" 2>&1 &
  GP_TEST_SMALL=1 GP_TEST_RUNGS=${RACECHECK_RUNGS:-12,13} timeout 380 compute-sanitizer --tool racecheck --error-exitcode 3 $B/test_gpu_sgemm \
    >"$OUT/racecheck-sgemm.txt" 2>&1 &
  wait
  for f in memcheck racecheck; do echo "$f: $(grep -E "ERROR SUMMARY|RACECHECK SUMMARY" "$OUT/$f-sgemm.txt" | tail -1) $(tail -1 "$OUT/$f-sgemm.txt")"; done
fi
echo "total $(( $(date +%s) - t0 )) s"
