#!/usr/bin/env bash
# Dependency check: fails when the build or the tests use a file that the package lists do not
# install on a clean Debian 12 machine, even where the file happens to be installed already.
#
#   scripts/check-deps.sh [--packages FILE]... [--without PACKAGE]... BUILD_DIR
#   scripts/check-deps.sh --run [--packages FILE]... [--without PACKAGE]... BUILD_DIR
#
# By default the lists are scripts/packages-run.txt and scripts/packages-test.txt, and everything
# the build, the tests and the fuzzing use is checked. With --run, the list is packages-run.txt
# alone and the check covers what `scripts/dev.sh run` uses: a configuration without the tests,
# benchmarks and Python module (configured afresh beside BUILD_DIR), the app's and the CLI's
# libraries, and the virtual screen it opens the window on.
#
# After configure (and ideally after the build), it collects
#   - every CMake package config the build used (the *_DIR entries of CMakeCache.txt),
#   - the SQLite library and header CMake found,
#   - every program the build and the tests run (compiler, make, cmake, ctest, cpack, help2man, Xvfb,
#     xauth, desktop-file-validate, update-mime-database, dpkg-deb, dpkg-shlibdeps, file, lintian,
#     clang-format, lupdate, and for the remote tests sshd, sftp-server, ssh-keygen, ssh-agent and
#     ssh-add),
#   - the shared libraries of the built programs and of the Qt platform plugins the tests load,
# finds the Debian package that owns each file (dpkg -S), and requires that package to be in the list
# or in its dependency closure without recommends (what `apt-get install --no-install-recommends`
# brings in), or to be Essential. --without drops a package from the list, to prove the check fails.
set -euo pipefail
cd "$(dirname "$0")/.."

packages_files=()
run_only=0
without=()
build_dir=""
while [ $# -gt 0 ]; do
    case "$1" in
        --packages) packages_files+=("$2"); shift 2 ;;
        --run) run_only=1; shift ;;
        --without) without+=("$2"); shift 2 ;;
        -*) echo "check-deps: unknown option '$1'" >&2; exit 2 ;;
        *) build_dir=$1; shift ;;
    esac
done
cache="$build_dir/CMakeCache.txt"
if [ -z "$build_dir" ] || [ ! -f "$cache" ]; then
    echo "usage: scripts/check-deps.sh [--run] [--packages FILE]... [--without PACKAGE]... BUILD_DIR (configured)" >&2
    exit 2
fi
if [ ${#packages_files[@]} -eq 0 ]; then
    packages_files=(scripts/packages-run.txt)
    [ $run_only -eq 1 ] || packages_files+=(scripts/packages-test.txt)
fi
packages_file=${packages_files[*]} # for messages
if [ $run_only -eq 1 ]; then
    # What the run command configures: its CMake packages, not the tests' (Catch2, benchmark, pybind11).
    run_config="$build_dir/run-deps-config"
    cmake -S . -B "$run_config" -DCMAKE_BUILD_TYPE=Release -DPOPSCOPE_BUILD_TESTS=OFF -DPOPSCOPE_BUILD_BENCH=OFF \
        -DPOPSCOPE_BUILD_PYTHON=OFF >/dev/null ||
        { echo "check-deps: cmake cannot configure what the run command builds (see above)" >&2; exit 1; }
    cache="$run_config/CMakeCache.txt"
fi
for tool in dpkg-query apt-cache; do
    command -v "$tool" >/dev/null || { echo "check-deps: $tool not found: this check needs a Debian system" >&2; exit 2; }
done
# apt-cache with a package cache of its own in the build folder. Debian's container images turn
# apt's cache off (/etc/apt/apt.conf.d/docker-clean), so each call would parse every package list
# again: 5 s a call where this takes 0.3 s. apt rebuilds the file when the lists change.
apt_cache_dir="$build_dir/check-deps-apt"
mkdir -p "$apt_cache_dir"
apt_cache() {
    apt-cache -o Dir::Cache::pkgcache="$apt_cache_dir/pkgcache.bin" \
        -o Dir::Cache::srcpkgcache="$apt_cache_dir/srcpkgcache.bin" "$@"
}

# The list, less --without.
mapfile -t listed < <(sed -e 's/#.*//' -e 's/[[:space:]]//g' "${packages_files[@]}" | grep -v '^$')
for drop in "${without[@]}"; do
    kept=()
    for p in "${listed[@]}"; do [ "$p" = "$drop" ] || kept+=("$p"); done
    listed=("${kept[@]}")
done

# apt-cache answers from the package lists; a fresh machine has them only after apt-get update.
if ! apt_cache show "${listed[0]}" >/dev/null 2>&1; then
    sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq
fi

# Every listed name must be a real, installable package: a virtual name (one only provided by
# others) is never reported installed, so dev.sh would try to install it on every run.
# One apt-cache call for the whole list (one a package took 15 of the check's 20 s).
failures=0
# The run command installs what running needs, never a test tool (an SSH server, a fuzzing compiler).
if [ $run_only -eq 1 ]; then
    for p in "${listed[@]}"; do
        case "$p" in
            openssh-server | clang* | libfuzzer* | lintian | catch2 | libbenchmark-dev | qt6-l10n-tools)
                echo "check-deps: '$p' is a test tool: it belongs in scripts/packages-test.txt, not in" \
                     "$packages_file, which scripts/dev.sh run installs" >&2
                failures=$((failures + 1)) ;;
        esac
    done
fi
declare -A candidate=()
while read -r name version; do
    candidate[$name]=$version
done < <(apt_cache policy "${listed[@]}" 2>/dev/null |
             awk '/^[^ ]/ { name = $1; sub(/:$/, "", name) } /^  Candidate:/ { print name, $2 }')
for p in "${listed[@]}"; do
    version=${candidate[$p]:-}
    if [ -z "$version" ] || [[ $version == "("* ]]; then
        echo "check-deps: '$p' in $packages_file has no installable version (a virtual or unknown package name):" \
             "list the package that provides it instead (apt-cache showpkg $p)" >&2
        failures=$((failures + 1))
    fi
done

# Dependency closure without recommends, plus the Essential packages every Debian system has.
declare -A closure=()
while read -r p; do
    closure[${p%%:*}]=1
done < <(apt_cache depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks \
             --no-replaces --no-enhances "${listed[@]}" | grep -v '^ ' | tr -d '<>')
while read -r p essential; do
    [ "$essential" = "yes" ] && closure[${p%%:*}]=1
done < <(dpkg-query -W -f='${Package} ${Essential}\n')

# Files the build and the tests use, with why each is needed.
declare -A why=() asked=()
need() { # need FILE REASON
    [ -n "$1" ] && [ -z "${asked[$1]:-}" ] && [ -e "$1" ] || return 0
    asked[$1]=1 # most libraries come again with each binary: resolve each path once
    local real
    real=$(readlink -f "$1")
    [ -n "${why[$real]:-}" ] || why[$real]=$2
}
cache_value() { sed -n "s/^$1:[A-Z]*=//p" "$cache" | head -1; }

while IFS='=' read -r key dir; do
    name=${key%%:*}
    [ -d "$dir" ] || continue
    config=$(find "$dir" -maxdepth 1 \( -name '*Config.cmake' -o -name '*-config.cmake' \) | sort | head -1)
    [ -n "$config" ] && need "$config" "CMake package config ($name)"
done < <(grep -E '^[A-Za-z0-9_]+_DIR:PATH=' "$cache")
need "$(cache_value SQLite3_LIBRARY)" "SQLite library (SQLite3_LIBRARY)"
sqlite_include=$(cache_value SQLite3_INCLUDE_DIR)
[ -n "$sqlite_include" ] && need "$sqlite_include/sqlite3.h" "SQLite header (SQLite3_INCLUDE_DIR)"
for var in CMAKE_CXX_COMPILER CMAKE_C_COMPILER CMAKE_MAKE_PROGRAM CMAKE_AR CMAKE_LINKER CMAKE_COMMAND \
           CMAKE_CTEST_COMMAND CMAKE_CPACK_COMMAND PKG_CONFIG_EXECUTABLE POPSCOPE_HELP2MAN POPSCOPE_GZIP; do
    need "$(cache_value "$var")" "build program ($var)"
done
programs=(Xvfb xvfb-run xauth timeout)
[ $run_only -eq 1 ] || programs+=(desktop-file-validate update-mime-database dpkg-deb dpkg-shlibdeps file lintian
    clang-format /usr/sbin/sshd /usr/lib/openssh/sftp-server ssh-keygen ssh-agent ssh-add)
for program in "${programs[@]}"; do
    path=$(command -v "$program" || true)
    if [ -z "$path" ]; then
        echo "check-deps: the tests run '$program', which is not installed" >&2
        why["missing:$program"]="test program ($program)"
    else
        need "$path" "test program ($program)"
    fi
done

# lupdate: the translation template target and its test (cmake/Translations.cmake), not the app.
[ $run_only -eq 1 ] || need "$(cache_value POPSCOPE_LUPDATE)" "test program (POPSCOPE_LUPDATE)"

# The Python module's interpreter (realpath: /usr/bin/python3 is a link dpkg does not own) and the
# modules its tests import: pytest, and paramiko (the remote tests' stalling SSH server).
python=""
[ $run_only -eq 1 ] || python=$(cache_value Python3_EXECUTABLE)
if [ -n "$python" ]; then
    need "$(readlink -f "$python")" "Python interpreter (Python3_EXECUTABLE)"
    for module in pytest paramiko; do
        module_init=$("$python" -c "import $module; print($module.__file__)" 2>/dev/null || true)
        if [ -z "$module_init" ]; then
            echo "check-deps: the Python tests import $module, which $python cannot import" >&2
            why["missing:$module"]="test module ($module)"
        else
            need "$module_init" "test module ($module)"
        fi
    done
fi

# Shared libraries of what the build made, and of the Qt platform plugins the tests load.
binaries=()
built=(src/app/popscope src/cli/popscope-cli)
[ $run_only -eq 1 ] || built+=(tests/test_core tests/test_sim tests/test_gui fuzz/fuzz_profile fuzz/fuzz_json_import
    fuzz/fuzz_spec fuzz/fuzz_gate_rule)
for b in "${built[@]}"; do
    [ -x "$build_dir/$b" ] && binaries+=("$build_dir/$b")
done
if [ $run_only -eq 0 ]; then
    for b in "$build_dir"/python/popscope/_popscope*.so; do
        [ -e "$b" ] && binaries+=("$b")
    done
fi
qt_dir=$(cache_value Qt6_DIR)
if [ -n "$qt_dir" ]; then
    for plugin in "$qt_dir"/../../qt6/plugins/platforms/libq{offscreen,xcb}.so; do
        [ -e "$plugin" ] && { binaries+=("$plugin"); need "$plugin" "Qt platform plugin"; }
    done
fi
# With --run on a sanitizer build, its sanitizer runtime is left out: the run command's build has none.
sanitizer_runtime='^$'
[ $run_only -eq 1 ] && grep -q '^POPSCOPE_SANITIZE:BOOL=ON$' "$build_dir/CMakeCache.txt" && sanitizer_runtime='/(libclang_rt\.[^/]*|libasan\.so[^/]*|libubsan\.so[^/]*)$'
for binary in "${binaries[@]}"; do
    reason="shared library of ${binary##*/}"
    while read -r lib; do
        [[ $lib =~ $sanitizer_runtime ]] || need "$lib" "$reason"
    done < <(ldd "$binary" 2>/dev/null | sed -n 's/.*=> \(\/[^ ]*\) .*/\1/p')
done

# Owners: one dpkg -S call. Debian 12 merged /bin into /usr/bin, but dpkg records the path a
# package shipped, so a file not found under /usr/... is asked again without the /usr prefix.
declare -A owners=()
ask_owners() {
    while IFS= read -r line; do
        case "$line" in diversion*) continue ;; esac
        local path=${line##*: } names=${line%: *}
        owners[$path]=$names
    done < <(dpkg-query -S "$@" 2>/dev/null || true)
}
files=()
for f in "${!why[@]}"; do [[ $f == missing:* ]] || files+=("$f"); done
ask_owners "${files[@]}"
retry=()
for f in "${files[@]}"; do
    [ -n "${owners[$f]:-}" ] || { [[ $f == /usr/* ]] && retry+=("${f#/usr}"); }
done
[ ${#retry[@]} -gt 0 ] && ask_owners "${retry[@]}"

for f in $(printf '%s\n' "${files[@]}" | sort); do
    names=${owners[$f]:-${owners[${f#/usr}]:-}}
    if [ -z "$names" ]; then
        echo "check-deps: $f (${why[$f]}) belongs to no Debian package: it was installed by hand," \
             "so a clean machine will not have it; use the Debian package instead" >&2
        failures=$((failures + 1))
        continue
    fi
    ok=0
    for owner in ${names//,/ }; do
        [ -n "${closure[${owner%%:*}]:-}" ] && ok=1
    done
    if [ $ok -eq 0 ]; then
        first=${names%%,*}
        echo "check-deps: $f (${why[$f]}) comes from package ${first%%:*}, which $packages_file does not" \
             "install (neither listed nor a dependency of the list without recommends): add ${first%%:*}" \
             "to $packages_file" >&2
        failures=$((failures + 1))
    fi
done
for f in "${!why[@]}"; do [[ $f == missing:* ]] && failures=$((failures + 1)); done

if [ $failures -gt 0 ]; then
    echo "check-deps: FAILED: $failures problem(s) with $packages_file (see above)" >&2
    exit 1
fi
echo "check-deps: OK: ${#files[@]} files the build and tests use all come from $packages_file (${#listed[@]} packages, ${#closure[@]} with dependencies and Essential)"
