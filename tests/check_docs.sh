#!/usr/bin/env bash
# check_docs.sh SOURCE_DIR — what the README and the source comments point to is in the repository:
#  - every path under the results folder that they name exists (a file or a folder; a glob must match);
#  - they contain no web link, and the Markdown files no path out of the repository (../): the repository
#    must read on its own.
# Scanned: README.md, CMakeLists.txt and the files under .ci, cmake, include, src, tools, bench, tests, scripts.
set -euo pipefail
cd "$1"
files=$(git ls-files README.md CMakeLists.txt .ci cmake include src tools bench tests scripts 2>/dev/null || true)
[ -n "$files" ] || files=$(find README.md CMakeLists.txt .ci cmake include src tools bench tests scripts -type f 2>/dev/null || true)
status=0 checked=0
res='results'
while IFS=: read -r file line path; do
    path=${path%%[.,;:]}            # sentence punctuation after a path
    checked=$((checked + 1))
    if [[ $path == *[*?[]* ]]; then
        compgen -G "$path" >/dev/null || { echo "$file:$line: $path matches nothing" >&2; status=1; }
    elif [ ! -e "$path" ]; then
        echo "$file:$line: $path does not exist" >&2; status=1
    fi
done < <(echo "$files" | xargs grep -H -I -n -o -E "(^|[^A-Za-z0-9_.$/-])$res/[A-Za-z0-9_.*?+/-]*" 2>/dev/null |
         sed -E "s#^([^:]*):([0-9]+):.*($res/.*)\$#\\1:\\2:\\3#" | grep -v "^tests/check_docs.sh:")
web='http'
if links=$(echo "$files" | xargs grep -H -I -n -E "${web}s?://" 2>/dev/null | grep -v "^tests/check_docs.sh:"); then
    echo "links outside the repository:" >&2; echo "$links" | sed 's/^/  /' >&2; status=1
fi
# a path that leaves the repository (../) in the Markdown files
if ups=$(echo "$files" | grep '\.md$' | xargs -r grep -H -n -E '(^|[^.])\.\./' 2>/dev/null); then
    echo "paths outside the repository:" >&2; echo "$ups" | sed 's/^/  /' >&2; status=1
fi
echo "$checked paths under $res/ checked"
exit $status
