#!/usr/bin/env bash
# Configures the sanitizer build that scripts/dev.sh test and scripts/fuzz.sh share: clang-15,
# AddressSanitizer + UBSan (any UB aborts), Debug with the libraries the suites spend their time in
# at -O1, every test program, the Python module, the benchmarks and the libFuzzer targets.
#
#   scripts/configure-asan.sh BUILD_DIR
#
# The settings are the `asan` preset's (CMakePresets.json), here in BUILD_DIR. clang, not GCC: it
# compiles this build in half the time (docs/performance.md), and libFuzzer needs it. A folder
# configured with another compiler is made afresh. Debug information is line tables only, which is
# what a sanitizer's report prints (the `debug` preset is for a debugger), and gold links: each
# program took half bfd's time. The archiver and linkers are binutils' (build-essential), never
# whatever llvm-ar or ld.lld happens to be on the machine: scripts/check-deps.sh checks the programs
# a build uses against the package lists.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${1:?usage: scripts/configure-asan.sh BUILD_DIR}

for tool in clang-15 clang++-15; do
    command -v "$tool" >/dev/null ||
        { echo "configure-asan: $tool not found: install clang-15 and libfuzzer-15-dev (scripts/packages-test.txt)" >&2; exit 2; }
done
cache="$build_dir/CMakeCache.txt"
if [ -f "$cache" ] && ! grep -q "^CMAKE_CXX_COMPILER:[A-Z]*=$(command -v clang++-15)$" "$cache"; then
    echo "configure-asan: $build_dir was configured with another compiler: configuring it afresh" >&2
    rm -rf "$build_dir"
fi
export CMAKE_GENERATOR=${CMAKE_GENERATOR:-Ninja}
cmake --preset asan -S . -B "$build_dir" >/dev/null
