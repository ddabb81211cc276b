#!/usr/bin/env bash
# pp-run.sh OUT — the ping-pong experiment (pingpong.cu, session 31; not run on a GPU when written) on a Hopper GPU:
# its check against cublasLt (ragged shapes, 4 layouts, bf16 / f16, beta 0 / 0.5, both cluster sizes, a second run bit
# for bit), its runs alone (`pingpong run`) under compute-sanitizer memcheck, then ping-pong alone and in pairs, the
# library's automatic choice and cublasLt in ABCDDCBA blocks of ~25 ms (random inputs) at the mid-size and headline
# shapes. PP: the binary (built here with pingpong.cu's nvcc line and carried: it links libgpuprim.a statically).
set -uo pipefail
OUT=${1:?usage: pp-run.sh OUT}
PP=${PP:-/tmp/k/pp/pingpong}
mkdir -p "$OUT"
timeout 120 "$PP" check > "$OUT/check.txt" 2>&1; echo "check rc=$? $(tail -1 "$OUT/check.txt")"; grep FAIL "$OUT/check.txt" | head -5
timeout 240 compute-sanitizer --tool memcheck "$PP" run > "$OUT/memcheck.txt" 2>&1
echo "memcheck rc=$? $(grep -E 'ERROR SUMMARY' "$OUT/memcheck.txt") $(tail -1 "$OUT/memcheck.txt")"
for c in "bf16 1 1 2048 8192 1024" "bf16 1 0 3072 3072 3072" "bf16 0 0 2048 2048 2048" "bf16 0 1 8192 2048 4096" \
         "bf16 0 0 16384 256 4096" "bf16 0 0 4096 4096 4096" "bf16 0 0 8192 8192 8192" "f16 0 0 8192 8192 8192"; do
  timeout 60 "$PP" time $c >> "$OUT/time.txt" 2>&1; tail -1 "$OUT/time.txt"
done
