#!/usr/bin/env bash
# popscope developer entry point: installs what is missing, builds, runs the app or the tests.
#   scripts/dev.sh run   [app args]  install, build, open the GUI on the demo profile
#   scripts/dev.sh test              install, build, check the package lists, run every test
#                                    (the run command's build: real window, install and package;
#                                    the sanitizer build: every test program under ASan/UBSan and
#                                    bounded fuzzing, scripts/fuzz.sh)
#   scripts/dev.sh build             install and build everything, tests and benchmarks too
#   scripts/dev.sh install           install every package the other commands need, build nothing
#   scripts/dev.sh package           install, build what the package holds, make
#                                    build/release/popscope_<version>_amd64.deb (cpack -G DEB)
# Expects Debian 12 (bookworm), as root or with sudo. `run` installs scripts/packages-run.txt; the
# other commands also install scripts/packages-test.txt (tests, benchmarks, Python, packaging).
set -euo pipefail
cd "$(dirname "$0")/.."

RUN_PACKAGES=scripts/packages-run.txt
TEST_PACKAGES=scripts/packages-test.txt
BUILD_DIR=build/release
ASAN_DIR=build/asan
FUZZ_RUNS=20000
JOBS=2
# Ninja schedules every target's files in one queue, so a library's files compile while the one it
# uses still compiles; Make finishes each target first, and one core idles at each target's end
# (docs/performance.md). A build folder keeps the generator it was made with.
export CMAKE_GENERATOR=${CMAKE_GENERATOR:-Ninja}
# What `run` builds leaves out the tests, benchmarks and the Python module (and their packages);
# the other commands build everything. Each passes its choice, so the two share one build folder.
RUN_OPTIONS=(-DPOPSCOPE_BUILD_TESTS=OFF -DPOPSCOPE_BUILD_BENCH=OFF -DPOPSCOPE_BUILD_PYTHON=OFF)
FULL_OPTIONS=(-DPOPSCOPE_BUILD_TESTS=ON -DPOPSCOPE_BUILD_BENCH=ON -DPOPSCOPE_BUILD_PYTHON=ON)

# Each step's line shows the minutes and seconds since the command started, so a slow stage shows.
log() { printf '\033[1m==> [%d:%02d] %s\033[0m\n' $((SECONDS / 60)) $((SECONDS % 60)) "$*"; }
as_root() { if [ "$(id -u)" -ne 0 ]; then sudo "$@"; else "$@"; fi; }
is_installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }

# install_missing LIST_FILE...: apt-get install whatever of the lists is not installed.
install_missing() {
    local packages=() missing=()
    mapfile -t packages < <(sed -e 's/#.*//' -e 's/[[:space:]]//g' "$@" | grep -v '^$')
    for package in "${packages[@]}"; do
        is_installed "$package" || missing+=("$package")
    done
    if [ ${#missing[@]} -eq 0 ]; then
        return
    fi
    log "installing: ${missing[*]}"
    local new_sshd=0
    [[ " ${missing[*]} " == *" openssh-server "* ]] && new_sshd=1
    as_root apt-get update -qq
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "${missing[@]}"
    # The tests run their own sshd on 127.0.0.1; the system's SSH service that Debian's package
    # enables and starts is not wanted, so one this script installed is stopped and disabled.
    [ $new_sshd -eq 1 ] && stop_system_sshd
    return 0
}

stop_system_sshd() {
    log "stopping and disabling the system SSH service that openssh-server brought (the tests run their own)"
    if command -v systemctl >/dev/null && [ -d /run/systemd/system ]; then
        as_root systemctl disable --now ssh.service ssh.socket >/dev/null 2>&1 || true
    fi
    as_root update-rc.d ssh disable >/dev/null 2>&1 || true
    [ -x /etc/init.d/ssh ] && { as_root /etc/init.d/ssh stop >/dev/null 2>&1 || true; }
}

# build_release [--target T...]: configure, then build everything or the targets given.
# build_release OPTIONS_ARRAY_NAME [--target T...]: configure with those options, then build.
build_release() {
    local -n options=$1
    shift
    log "building ($BUILD_DIR${1:+: ${*:2}})"
    cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release "${options[@]}" >/dev/null
    cmake --build "$BUILD_DIR" -j"$JOBS" "$@"
}

run_app() {
    # Only what the run needs: the app, the CLI and the sample profiles (the CLI simulates them),
    # not the tests and benchmarks, which take most of a full build.
    build_release RUN_OPTIONS --target popscope popscope-cli sample_profiles
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
    # What users run, built as `run` builds it (GCC, release): the real window, the install and the
    # Debian package are checked on it. Every test program runs once, in the sanitizer build below.
    build_release RUN_OPTIONS
    log "checking that scripts/packages-run.txt alone installs what the run command builds and runs"
    scripts/check-deps.sh --run "$BUILD_DIR"
    log "real-window check under Xvfb"
    scripts/window-check.sh "$BUILD_DIR"
    log "checking the desktop install and the Debian package"
    ctest --test-dir "$BUILD_DIR" --output-on-failure -R '^install:'
    # One sanitizer build (clang-15, scripts/configure-asan.sh) serves the test programs, the Python
    # module, the benchmarks (built, not run) and the fuzzers: GCC took twice as long to build it,
    # and a separate fuzzing build compiled core and the simulator a third time (docs/performance.md).
    log "building the sanitizer build ($ASAN_DIR: clang-15, ASan/UBSan)"
    scripts/configure-asan.sh "$ASAN_DIR"
    cmake --build "$ASAN_DIR" -j"$JOBS"
    log "checking that the package lists install everything the build, tests and fuzzers use"
    scripts/check-deps.sh "$ASAN_DIR"
    # One ctest run, three tests at a time on the two cores: the remote suite mostly waits for servers
    # made to stall (39 of its 89 s on the CPU), and a single queue leaves no core idle at its end.
    # No leak suppression file: it needs ASan's full unwinder on every allocation, which made the GUI
    # suite 2.5 times as slow; a leak inside Qt that a test provokes is excluded by that test
    # (test::LeaksIgnored).
    log "running the test suite under ASan/UBSan: core, simulator, GUI, Python, remote, package lists"
    ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
        ctest --test-dir "$ASAN_DIR" --output-on-failure -j"$((JOBS + 1))"
    # Every fuzz target for a bounded number of executions; any crash, leak, timeout or
    # out-of-memory fails CI (docs/reliability.md).
    log "fuzzing every target (scripts/fuzz.sh --runs $FUZZ_RUNS)"
    POPSCOPE_ASAN_DIR=$ASAN_DIR scripts/fuzz.sh --runs "$FUZZ_RUNS"
    log "every check passed"
}

make_package() {
    build_release FULL_OPTIONS --target package_files
    log "making the Debian package (cpack -G DEB)"
    (cd "$BUILD_DIR" && cpack -G DEB)
    echo "Install it with: sudo apt-get install ./$(ls "$BUILD_DIR"/popscope_*_amd64.deb | tail -1)"
}

command=${1:-}
shift || true
case "$command" in
    run) install_missing "$RUN_PACKAGES"; run_app "$@" ;;
    test) install_missing "$RUN_PACKAGES" "$TEST_PACKAGES"; run_tests ;;
    build) install_missing "$RUN_PACKAGES" "$TEST_PACKAGES"; build_release FULL_OPTIONS ;;
    package) install_missing "$RUN_PACKAGES" "$TEST_PACKAGES"; make_package ;;
    install) install_missing "$RUN_PACKAGES" "$TEST_PACKAGES" ;;
    *) echo "usage: scripts/dev.sh run|test|build|package|install" >&2; exit 2 ;;
esac
