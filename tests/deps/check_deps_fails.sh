#!/usr/bin/env bash
# Proves scripts/check-deps.sh can fail: with a needed package taken out of the install lists it
# must exit non-zero and name that package; with the whole lists it must pass. The same for the run
# list alone (--run), which must also refuse a test tool.
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
cat "$(dirname "$check")/packages-run.txt" "$(dirname "$check")/packages-test.txt" >"$list"
echo libqt6svg6-dev >>"$list"
output=$("$check" --packages "$list" "$build_dir" 2>&1)
code=$?
if [ $code -ne 1 ] || ! grep -q "'libqt6svg6-dev' .* no installable version" <<<"$output"; then
    echo "FAIL: a virtual package name in the list was not refused (exit $code):"; echo "$output"; status=1
else
    echo "ok: a virtual name: $(grep -m1 libqt6svg6-dev <<<"$output")"
fi
# The run list alone: enough for what `scripts/dev.sh run` builds and runs, and no more.
if ! output=$("$check" --run "$build_dir" 2>&1); then
    echo "FAIL: the run check fails with the run list:"; echo "$output"; status=1
else
    echo "ok: the run list alone: $(tail -1 <<<"$output")"
fi
output=$("$check" --run --without xauth "$build_dir" 2>&1)
if [ $? -ne 1 ] || ! grep -q "comes from package xauth, .*add xauth to " <<<"$output"; then
    echo "FAIL: the run check without xauth did not fail naming it:"; echo "$output"; status=1
else
    echo "ok: run list without xauth: $(grep -m1 xauth <<<"$output")"
fi
run_list=$(mktemp)
trap 'rm -f "$list" "$run_list"' EXIT
cat "$(dirname "$check")/packages-run.txt" >"$run_list"
echo openssh-server >>"$run_list"
output=$("$check" --run --packages "$run_list" "$build_dir" 2>&1)
if [ $? -ne 1 ] || ! grep -q "'openssh-server' is a test tool" <<<"$output"; then
    echo "FAIL: a test tool in the run list was not refused:"; echo "$output"; status=1
else
    echo "ok: a test tool in the run list: $(grep -m1 openssh-server <<<"$output")"
fi
exit $status
