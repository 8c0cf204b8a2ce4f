#!/usr/bin/env bash
# Proves scripts/check-deps.sh can fail: with a needed package taken out of the install list it
# must exit non-zero and name that package; with the whole list it must pass.
#   check_deps_fails.sh CHECK_SCRIPT BUILD_DIR
set -uo pipefail
check=$1
build_dir=$2
status=0

if ! output=$("$check" "$build_dir" 2>&1); then
    echo "FAIL: the check fails with the full package list:"; echo "$output"; status=1
fi
# Qt6Charts' CMake files need Qt6OpenGL's (the package that was missing once); Catch2 for the tests;
# xauth for xvfb-run in the real-window check.
for package in libqt6opengl6-dev catch2 xauth; do
    output=$("$check" --without "$package" "$build_dir" 2>&1)
    code=$?
    if [ $code -ne 1 ]; then
        echo "FAIL: without $package the check exited $code, not 1:"; echo "$output"; status=1
    elif ! grep -q "comes from package $package, .*add $package to " <<<"$output"; then
        echo "FAIL: without $package the message does not name it:"; echo "$output"; status=1
    else
        echo "ok: without $package: $(grep -m1 "$package" <<<"$output")"
    fi
done
# A virtual name in the list (it is never "installed", so dev.sh would reinstall it every run).
list=$(mktemp)
trap 'rm -f "$list"' EXIT
cat "$(dirname "$check")/packages.txt" >"$list"
echo libqt6svg6-dev >>"$list"
output=$("$check" --packages "$list" "$build_dir" 2>&1)
code=$?
if [ $code -ne 1 ] || ! grep -q "'libqt6svg6-dev' .* no installable version" <<<"$output"; then
    echo "FAIL: a virtual package name in the list was not refused (exit $code):"; echo "$output"; status=1
else
    echo "ok: a virtual name: $(grep -m1 libqt6svg6-dev <<<"$output")"
fi
exit $status
