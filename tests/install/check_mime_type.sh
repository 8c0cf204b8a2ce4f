#!/usr/bin/env bash
# check_mime_type.sh MIME_XML TYPE: the shared-mime-info XML is valid, checked by building a mime
# database from it in a temporary folder with update-mime-database (which exits 0 even on a bad
# file, so any message it prints is a failure), and it defines TYPE with a glob and a magic.
set -euo pipefail
xml=$1
type=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/mime/packages"
cp "$xml" "$tmp/mime/packages/popscope.xml"
# The folder in XDG_DATA_DIRS, or update-mime-database notes that applications will not find it.
messages=$(XDG_DATA_DIRS="$tmp" update-mime-database "$tmp/mime" 2>&1)
if [ -n "$messages" ]; then
    echo "update-mime-database reports problems with $xml:" >&2
    echo "$messages" >&2
    exit 1
fi
[ -f "$tmp/mime/${type}.xml" ] || { echo "$xml does not define $type" >&2; exit 1; }
grep -qx "[0-9]*:$type:\*\.pop" "$tmp/mime/globs2" || { echo "$type has no *.pop glob" >&2; exit 1; }
grep -aq "^\[[0-9]*:$type\]" "$tmp/mime/magic" || { echo "$type has no magic" >&2; exit 1; }
echo "$xml: valid; $type with the *.pop glob and a magic"
