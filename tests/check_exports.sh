#!/usr/bin/env bash
# check_exports.sh NM LIBGPUPRIM_SO HEADER — the shared library exports exactly the functions that the header
# marks GP_API: nothing else (no gp__ internals, no C++ or CUDA helper symbols) and none of them missing.
set -euo pipefail
nm_tool=$1 lib=$2 header=$3
exported=$("$nm_tool" -D --defined-only "$lib" | awk 'NF >= 3 {print $3}' | sed 's/@.*//' | sort -u)
# "GP_API <type> <name>(" on one line: the name is the last identifier before the first '('
declared=$(grep -E '^GP_API[[:space:]]' "$header" | sed -E 's/\(.*//; s/.*[^A-Za-z0-9_]([A-Za-z_][A-Za-z0-9_]*)[[:space:]]*$/\1/' | sort -u)
status=0
[ -n "$declared" ] || { echo "no GP_API declarations found in $header" >&2; exit 1; }
extra=$(comm -23 <(echo "$exported") <(echo "$declared"))
missing=$(comm -13 <(echo "$exported") <(echo "$declared"))
if [ -n "$extra" ]; then
    echo "exported by $lib but not a GP_API function of $header:" >&2; echo "$extra" | sed 's/^/  /' >&2; status=1
fi
if [ -n "$missing" ]; then
    echo "GP_API functions of $header that $lib does not export:" >&2; echo "$missing" | sed 's/^/  /' >&2; status=1
fi
echo "$(echo "$exported" | wc -l) exported symbols, $(echo "$declared" | wc -l) GP_API functions"
exit $status
