#!/usr/bin/env bash
# installed_programs.sh BUILD_DIR: `cmake --install` into a temporary prefix, then, with the build
# folder renamed away so nothing can come from it, the installed popscope-cli summarises the
# installed demo profile (the same text the build's CLI prints for the build's demo) and the
# installed popscope opens its demo (--demo, found beside the executable) and saves a screenshot.
# The build folder is renamed back on any exit; ctest runs this test alone (RUN_SERIAL).
set -euo pipefail
build=$(cd "$1" && pwd)
tmp=$(mktemp -d)
hidden="$build.hidden-by-install-test"
restore() {
    [ -d "$hidden" ] && [ ! -e "$build" ] && mv "$hidden" "$build"
    rm -rf "$tmp"
}
trap restore EXIT
trap 'exit 1' INT TERM

prefix="$tmp/prefix"
cmake --install "$build" --prefix "$prefix" >/dev/null
expected=$("$build/src/cli/popscope-cli" summary "$build/profiles/demo.pop" | sed "s|$build/profiles/||")
[ -n "$expected" ]

mv "$build" "$hidden"
cd /
summary=$(timeout 60 "$prefix/bin/popscope-cli" summary "$prefix/share/popscope/profiles/demo.pop" |
          sed "s|$prefix/share/popscope/profiles/||")
timeout 120 env QT_QPA_PLATFORM=offscreen POPSCOPE_DEMO_PROFILE= "$prefix/bin/popscope" --demo \
    --screenshot "$tmp/demo.png" --size 800x600 >"$tmp/app.log" 2>&1 || {
    cat "$tmp/app.log" >&2
    echo "the installed popscope could not open its demo with the build folder away" >&2
    exit 1
}
mv "$hidden" "$build"

if [ "$summary" != "$expected" ]; then
    echo "the installed popscope-cli's summary of the installed demo differs from the build's:" >&2
    diff <(echo "$expected") <(echo "$summary") >&2 || true
    exit 1
fi
[ -s "$tmp/demo.png" ] || { echo "the installed popscope saved no screenshot" >&2; exit 1; }
echo "installed into $prefix: popscope-cli summarised the installed demo, popscope opened it (build folder away)"
