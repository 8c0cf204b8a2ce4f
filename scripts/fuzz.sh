#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/) in the sanitizer build that scripts/dev.sh test also uses
# (build/asan, scripts/configure-asan.sh: clang-15, ASan + UBSan), prepares their seed corpora and
# runs each for a bounded number of executions (docs/reliability.md).
#
#   scripts/fuzz.sh [--runs N] [--time S] [--keep-corpus] [TARGET...]
#
#   --runs N        executions per target (default 20000)
#   --time S        safety bound per target in seconds (libFuzzer -max_total_time; default 240)
#   --keep-corpus   start from the corpus the last run left in build/asan/fuzz/corpus (longer
#                   runs); by default each run starts from the seeds alone, so CI runs take the same time
#   TARGET          fuzz_profile, fuzz_json_import, fuzz_spec, fuzz_gate_rule, fuzz_tile_selection (default: all)
#
# Fails (exit 1) when any target finds a crash, sanitizer report, leak, timeout (> 10 s for one
# input) or out-of-memory (> 2048 MB), naming the target and the reproducer under
# build/asan/fuzz/artifacts/. Everything the fuzzers write (corpora, logs, artifacts, temp files)
# stays under build/asan/fuzz. Seeds: the specs in profiles/ and fuzz/seeds/, two small profiles
# simulated from fuzz/seeds/ with the same build's popscope-cli and written in 4 KB pages, their
# JSON export, the committed rule seeds, and the regression inputs in tests/fuzz-regressions/.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=20000
max_time=240
keep_corpus=0
targets=()
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs=$2; shift 2 ;;
        --time) max_time=$2; shift 2 ;;
        --keep-corpus) keep_corpus=1; shift ;;
        -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "fuzz.sh: unknown option '$1'" >&2; exit 2 ;;
        *) targets+=("$1"); shift ;;
    esac
done
all_targets=(fuzz_json_import fuzz_profile fuzz_spec fuzz_gate_rule fuzz_tile_selection)
[ ${#targets[@]} -gt 0 ] || targets=("${all_targets[@]}")
for t in "${targets[@]}"; do
    case " ${all_targets[*]} " in *" $t "*) ;; *) echo "fuzz.sh: unknown target '$t' (known: ${all_targets[*]})" >&2; exit 2 ;; esac
done

BUILD_DIR=${POPSCOPE_ASAN_DIR:-build/asan}
FUZZ_DIR=$BUILD_DIR/fuzz # the targets, and everything the fuzzers write
JOBS=${JOBS:-2}
log() { printf '\033[1m==> %s\033[0m\n' "$*"; }

log "building the fuzz targets ($BUILD_DIR: clang-15, libFuzzer + ASan + UBSan)"
scripts/configure-asan.sh "$BUILD_DIR"
cmake --build "$BUILD_DIR" -j"$JOBS" --target "${targets[@]}" popscope-cli

# Seeds, rebuilt on every run from sources in the repository (nothing binary is committed).
cli="$BUILD_DIR/src/cli/popscope-cli"
seeds="$FUZZ_DIR/seeds"
rm -rf "$seeds"
mkdir -p "$seeds"/{fuzz_profile,fuzz_json_import,fuzz_spec,fuzz_gate_rule,fuzz_tile_selection}
log "preparing seed corpora ($seeds)"
cp profiles/*.json fuzz/seeds/*.json "$seeds/fuzz_spec/"
cp fuzz/seeds/gate_rule/* "$seeds/fuzz_gate_rule/"
cp fuzz/seeds/tile_selection/* "$seeds/fuzz_tile_selection/"
# The writer's 16 KB pages give even a 16-tile profile one page per table, 656 KB, which
# fuzz_profile's -max_len would cut short: each seed is written again in 4 KB pages (172 and 224 KB),
# the page its mutator damages whole. (The sample profiles, 768 KB and up, are too large to seed.)
for spec in fuzz/seeds/tiny-custom.json fuzz/seeds/tiny-sort.json; do
    name=$(basename "$spec" .json)
    "$cli" simulate "$spec" -o "$seeds/$name-16k.pop" --quiet
    python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("PRAGMA page_size = 4096")
db.execute("VACUUM INTO ?", (sys.argv[2],))' "$seeds/$name-16k.pop" "$seeds/fuzz_profile/$name.pop"
    rm "$seeds/$name-16k.pop"
done
for pop in "$seeds"/fuzz_profile/tiny-*.pop; do
    "$cli" export "$pop" -o "$seeds/fuzz_json_import/$(basename "$pop" .pop).json" >/dev/null
done
# Past findings: every kept reproducer seeds its target again.
for t in "${all_targets[@]}"; do
    dir="tests/fuzz-regressions/${t#fuzz_}"
    [ -d "$dir" ] && find "$dir" -maxdepth 1 -type f ! -name '*.md' -exec cp {} "$seeds/$t/" \;
done

# libFuzzer's per-input options; the dictionaries help the text parsers.
declare -A extra=(
    [fuzz_gate_rule]="-dict=fuzz/gate_rule.dict -max_len=256"
    [fuzz_tile_selection]="-dict=fuzz/tile_selection.dict -max_len=512"
    [fuzz_spec]="-dict=fuzz/json.dict -max_len=65536"
    [fuzz_json_import]="-dict=fuzz/json.dict -max_len=1048576"
    [fuzz_profile]="-max_len=262144"
)
export TMPDIR="$PWD/$FUZZ_DIR/tmp"
mkdir -p "$TMPDIR"
# Leaks are findings; UBSan stops at the first report (the build already makes UB fatal).
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}

# Each target's executions are shared by JOBS workers at once (libFuzzer picks each one's random
# seed from the time and its process id), one target after another: one process per target let the
# slowest, fuzz_profile, run alone for most of the time.
workers=$JOBS
runs_per_worker=$(( (runs + workers - 1) / workers ))

# fuzz_worker T N: runs worker N of T's fuzzer; its summary line goes to logs/T.N.summary, "FAILED"
# leading it when the fuzzer found something. The workers of a target share its corpus folder.
fuzz_worker() {
    local t=$1 n=$2
    local corpus="$FUZZ_DIR/corpus/$t" artifacts="$FUZZ_DIR/artifacts/$t" logfile="$FUZZ_DIR/logs/$t.$n.log"
    local start status=0
    start=$(date +%s)
    # shellcheck disable=SC2086 # extra holds several options
    "$FUZZ_DIR/$t" -runs="$runs_per_worker" -max_total_time="$max_time" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$artifacts/" ${extra[$t]} "$corpus" "$seeds/$t" \
        >"$logfile" 2>&1 || status=$?
    local seconds=$(( $(date +%s) - start ))
    local execs speed last cov ft corp
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$logfile" | tail -1)
    speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$logfile" | tail -1)
    last=$(grep -E '^#[0-9]+' "$logfile" | tail -1 || true)
    cov=$(sed -n 's/.*cov: \([0-9]*\).*/\1/p' <<<"$last")
    ft=$(sed -n 's/.*ft: \([0-9]*\).*/\1/p' <<<"$last")
    corp=$(sed -n 's/.*corp: \([0-9]*\/[0-9A-Za-z]*\).*/\1/p' <<<"$last")
    local line="$t [$n/$workers]: ${execs:-?} executions in ${seconds}s (${speed:-?} exec/s), cov ${cov:-?}, ft ${ft:-?}, corpus ${corp:-?}"
    if [ $status -eq 0 ]; then
        echo "$line" >"$FUZZ_DIR/logs/$t.$n.summary"
        return 0
    fi
    local reproducer kind
    reproducer=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$logfile" | tail -1)
    kind=$(grep -m2 -oE "terminate called .*|what\(\): .*|ERROR: (AddressSanitizer|LeakSanitizer|UndefinedBehaviorSanitizer|libFuzzer)[^ ]*( [a-z-]+)*|runtime error: .*|ALARM: .*|out-of-memory.*" "$logfile" | paste -sd ' ' || true)
    {
        echo "fuzz.sh: $t FAILED (exit $status): ${kind:-see the log}"
        echo "fuzz.sh:   reproducer: ${reproducer:-none written}; log: $logfile"
        [ -n "$reproducer" ] && echo "fuzz.sh:   rerun: $FUZZ_DIR/$t $reproducer"
        grep -m12 -E '^ *#[0-9]+ 0x|runtime error|ERROR:|SUMMARY:' "$logfile" || true
    } >&2
    echo "FAILED $line: ${reproducer:-see $logfile}" >"$FUZZ_DIR/logs/$t.$n.summary"
}

mkdir -p "$FUZZ_DIR/logs"
for t in "${targets[@]}"; do
    [ $keep_corpus -eq 1 ] || rm -rf "$FUZZ_DIR/corpus/$t"
    mkdir -p "$FUZZ_DIR/corpus/$t" "$FUZZ_DIR/artifacts/$t"
    log "fuzzing $t: $runs executions by $workers workers (each at most ${max_time}s), logs in $FUZZ_DIR/logs/$t.*.log"
    for n in $(seq 1 "$workers"); do
        rm -f "$FUZZ_DIR/logs/$t.$n.summary"
        fuzz_worker "$t" "$n" &
    done
    wait || true
done

failed=()
summary=()
for t in "${targets[@]}"; do
    for n in $(seq 1 "$workers"); do
        line=$(cat "$FUZZ_DIR/logs/$t.$n.summary" 2>/dev/null || echo "FAILED $t [$n/$workers]: no result (see $FUZZ_DIR/logs/$t.$n.log)")
        [[ $line == FAILED* ]] && [[ " ${failed[*]} " != *" $t "* ]] && failed+=("$t")
        summary+=("$line")
    done
done

log "fuzzing summary"
printf '  %s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz.sh: FAILED: ${failed[*]}" >&2
    exit 1
fi
echo "fuzz.sh: OK: no crash, leak, timeout or out-of-memory in ${targets[*]}"
