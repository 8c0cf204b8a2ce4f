#!/usr/bin/env bash
# popscope developer entry point: installs what is missing, builds, runs the app or the tests.
#   scripts/dev.sh run   [app args]  install, build, open the GUI on the demo profile
#   scripts/dev.sh test              install, build, check the package list, run every test
#                                    (release suite + real-window check + ASan/UBSan suite
#                                    + bounded fuzzing, scripts/fuzz.sh)
#   scripts/dev.sh build             install and build everything, tests and benchmarks too
#   scripts/dev.sh package           install, build what the package holds, make
#                                    build/release/popscope_<version>_amd64.deb (cpack -G DEB)
# Expects Debian 12 (bookworm), as root or with sudo. The packages are in scripts/packages.txt.
set -euo pipefail
cd "$(dirname "$0")/.."

mapfile -t PACKAGES < <(sed -e 's/#.*//' -e 's/[[:space:]]//g' scripts/packages.txt | grep -v '^$')
BUILD_DIR=build/release
ASAN_DIR=build/asan
FUZZ_DIR=build/fuzz
FUZZ_RUNS=20000
JOBS=2

log() { printf '\033[1m==> %s\033[0m\n' "$*"; }

install_missing() {
    local missing=()
    for package in "${PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
    done
    if [ ${#missing[@]} -eq 0 ]; then
        return
    fi
    log "installing: ${missing[*]}"
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# build_release [--target T...]: configure, then build everything or the targets given.
build_release() {
    log "building ($BUILD_DIR${1:+: ${*:2}})"
    cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release >/dev/null
    cmake --build "$BUILD_DIR" -j"$JOBS" "$@"
}

run_app() {
    # Only what the run needs: the app, the CLI and the sample profiles (the CLI simulates them),
    # not the tests and benchmarks, which take most of a full build.
    build_release --target popscope popscope-cli sample_profiles
    local app="$BUILD_DIR/src/app/popscope"
    if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
        # No screen (ssh, CI): open the window on a virtual one and save what it shows.
        local shot="$BUILD_DIR/demo-screenshot.png"
        log "no display (DISPLAY is not set): opening popscope under Xvfb and saving a screenshot"
        timeout 120 xvfb-run -a -s "-screen 0 1920x1080x24" "$app" --demo --size 1600x1000 \
            --screenshot "$shot" "$@"
        echo "popscope opened the demo profile; its window is in $shot."
        echo "For the interactive window, run from a desktop session: $app --demo"
        return
    fi
    log "opening popscope on the demo profile"
    exec "$app" --demo "$@"
}

# The code's format (.clang-format, Debian's clang-format 14): a line that differs fails, naming the
# file; `clang-format -i FILE` fixes it.
check_format() {
    log "checking the code's format (clang-format --dry-run -Werror)"
    find src include tests bench fuzz python/src -name '*.cpp' -o -name '*.hpp' | sort |
        xargs clang-format --dry-run -Werror
}

run_tests() {
    check_format
    build_release
    log "checking that scripts/packages.txt installs everything the build and tests use"
    scripts/check-deps.sh "$BUILD_DIR"
    log "running the test suite"
    QT_QPA_PLATFORM=offscreen ctest --test-dir "$BUILD_DIR" --output-on-failure -j"$JOBS"
    if [ -x "$BUILD_DIR/src/app/popscope" ] && [ -x scripts/window-check.sh ]; then
        log "real-window check under Xvfb"
        scripts/window-check.sh "$BUILD_DIR"
    fi
    # Every test of core, simulator and GUI under AddressSanitizer + UBSan + LeakSanitizer (the
    # install-list check aside: it inspects packages, not code).
    log "building the ASan/UBSan suite ($ASAN_DIR)"
    cmake -S . -B "$ASAN_DIR" -DCMAKE_BUILD_TYPE=Debug -DPOPSCOPE_SANITIZE=ON -DPOPSCOPE_BUILD_GUI=ON \
        -DPOPSCOPE_BUILD_BENCH=OFF >/dev/null
    cmake --build "$ASAN_DIR" -j"$JOBS"
    log "running the ASan/UBSan suite: core and simulator"
    ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
        ctest --test-dir "$ASAN_DIR" --output-on-failure -j"$JOBS" -E '^(gui|deps):'
    # Full stacks for leaks, so tests/lsan-qt.supp can name the Qt function that leaks.
    log "running the ASan/UBSan suite: GUI"
    ASAN_OPTIONS=detect_leaks=1:fast_unwind_on_malloc=0 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
        LSAN_OPTIONS=suppressions="$PWD/tests/lsan-qt.supp" \
        ctest --test-dir "$ASAN_DIR" --output-on-failure -j"$JOBS" -R '^gui:'
    # Every fuzz target (fuzz/, clang-15 + libFuzzer + ASan/UBSan) for a bounded number of
    # executions; any crash, leak, timeout or out-of-memory fails CI (docs/reliability.md).
    log "fuzzing every target (scripts/fuzz.sh --runs $FUZZ_RUNS)"
    scripts/fuzz.sh --runs "$FUZZ_RUNS"
    log "checking that scripts/packages.txt installs what the fuzz build uses"
    scripts/check-deps.sh "$FUZZ_DIR"
}

make_package() {
    build_release --target package_files
    log "making the Debian package (cpack -G DEB)"
    (cd "$BUILD_DIR" && cpack -G DEB)
    echo "Install it with: sudo apt-get install ./$(ls "$BUILD_DIR"/popscope_*_amd64.deb | tail -1)"
}

command=${1:-}
shift || true
case "$command" in
    run) install_missing; run_app "$@" ;;
    test) install_missing; run_tests ;;
    build) install_missing; build_release ;;
    package) install_missing; make_package ;;
    *) echo "usage: scripts/dev.sh run|test|build|package" >&2; exit 2 ;;
esac
