#!/usr/bin/env bash
# lds-bunching.sh OLD_LIB NEW_LIB — needs no GPU: for every sgemm main-loop kernel (gp_sg_async_kernel,
# gp_sg_streamk_kernel) the number of fragment LDS in the main loop (up to the 2048th FFMA) and how many follow another
# LDS directly, in both libraries; prints the kernels where the two differ. Session 13 found the loop 2-3% slower when
# ptxas bunches each k-step's LDS.128 ahead of its FFMAs instead of spreading them; session 20 found 41-47 of 90
# bunched after unrelated epilogue changes, and the kernels measured 3% slower (results/h100-2026-11-25/README.md).
set -uo pipefail
scan() {
  cuobjdump --dump-resource-usage "$1" 2>/dev/null | awk '/Function/ {print $2}' | tr -d ':' |
    grep -E "gp_sg_async_kernel|gp_sg_streamk_kernel" | sort -u | while read -r f; do
      cuobjdump -sass -fun "$f" "$1" 2>/dev/null | grep -E "^\s+/\*[0-9a-f]+\*/" | sed -E 's#/\*[0-9a-f]+\*/##; s#;.*##; s/^\s+//' |
        awk '/^FFMA/{c++} c>0 && c<=2048 {print $1}' |
        awk -v name="$(echo "$f" | c++filt | sed 's/void //; s/(.*//')" \
          '/^LDS/ {n++; if (prev ~ /^LDS/) adj++} {prev=$1} END {printf "%s|LDS %d adjacent %d\n", name, n, adj}'
    done | sort
}
join -t'|' <(scan "${1:?usage: lds-bunching.sh OLD_LIB NEW_LIB}") <(scan "${2:?}") | awk -F'|' '$2 != $3 {print $1 ": " $2 " -> " $3}'
