#!/usr/bin/env bash
# Real-window check: start popscope under Xvfb on the demo profile, grab each report page to a PNG,
# and fail unless every page showed its report: popscope exits 0 and says "popscope: page ID ready"
# for the page asked for (a page showing an error in place of the report exits 3 and says "page ID
# failed: ..."), and the PNG is not blank. Used by `scripts/dev.sh test`; screenshots land in
# BUILD_DIR/window-check/ for a person to look at.
set -euo pipefail
build_dir=${1:-build/release}
app="$build_dir/src/app/popscope"
out="$build_dir/window-check"
mkdir -p "$out"
status=0
profiles="$build_dir/profiles"
# Single mode on the demo, then compare mode on the batch pair (name: compare-PAGE); Memory's
# Variables graph and Tile Map (memory-GRAPH).
# What if: the dialog filled in, a simulation opened on its Summary, a sweep on the Sweep page.
for page in summary insights memory liveness program-tree operations execution-trace query compare-what-changed \
    compare-memory compare-summary compare-liveness compare-program-tree compare-operations compare-execution-trace \
    compare-query memory-variables memory-tile-map compare-memory-tile-map what-if-dialog what-if-summary what-if-sweep; do
    png="$out/$page.png"
    rm -f "$png"
    id=${page#compare-}
    if [[ $page == what-if-* ]]; then
        id=${page#what-if-}
        case $id in
            dialog) open=(--simulate pipeline schedule=interleaved --simulate-shot dialog) ;;
            summary) open=(--simulate demo batch=8) ;;
            sweep) open=(--simulate matmul --sweep batch=4,8,16) ;;
        esac
    elif [[ $page == *memory-variables || $page == *memory-tile-map ]]; then
        # Memory's other graphs: the Variables graph on the largest tensors, the Tile Map.
        id=memory
        graph=(--graph tile-map)
        [[ $page == *memory-variables ]] && graph=(--variables "layer1/conv/partials, layer7/fc/*")
        open=(--demo "${graph[@]}")
        [[ $page == compare-* ]] && open=("$profiles/batch-4.pop" --compare "$profiles/batch-8.pop" "${graph[@]}")
    elif [[ $page == query ]]; then
        open=(--demo --query "SELECT name, category, bytes FROM variables ORDER BY bytes DESC LIMIT 40")
    elif [[ $page == compare-query ]]; then
        open=("$profiles/batch-4.pop" --compare "$profiles/batch-8.pop" --query "SELECT s.name, s.bytes, t.bytes
            FROM source.variables s JOIN target.variables t USING (name) ORDER BY t.bytes - s.bytes DESC LIMIT 40")
    elif [[ $page == compare-liveness ]]; then
        open=("$profiles/pipeline-grouped.pop" --compare "$profiles/pipeline-interleaved.pop" --page liveness)
    elif [[ $page == compare-* ]]; then
        open=("$profiles/batch-4.pop" --compare "$profiles/batch-8.pop" --page "$id" --tab Variables)
    else
        open=(--demo --page "$page")
    fi
    code=0
    timeout 60 xvfb-run -a -s "-screen 0 1920x1080x24" "$app" "${open[@]}" --screenshot "$png" --fresh-settings \
        --size 1600x1000 >"$out/$page.log" 2>&1 || code=$?
    if [ "$code" -ne 0 ]; then
        echo "window-check: popscope failed on page '$page' (exit code $code, log: $out/$page.log)" >&2
        cat "$out/$page.log" >&2
        status=1
        continue
    fi
    size=$(stat -c %s "$png" 2>/dev/null || echo 0)
    if ! grep -qx "popscope: page $id ready" "$out/$page.log"; then
        echo "window-check: popscope did not say page '$id' is ready (log: $out/$page.log)" >&2
        cat "$out/$page.log" >&2
        status=1
    elif [ "$size" -lt 20000 ]; then
        echo "window-check: the screenshot of '$page' is missing or blank ($size bytes)" >&2
        status=1
    else
        echo "window-check: page '$page' ready ($size bytes, $png)"
    fi
done
# The hostile corpus in the real window (xcb under Xvfb, real modal dialogs): each file gets a
# dialog naming it and its problem, and the report that was open stays (tests/gui/test_faults.cpp).
tests="$build_dir/tests/test_gui"
if [ -x "$tests" ]; then
    if timeout 300 xvfb-run -a -s "-screen 0 1920x1080x24" env QT_QPA_PLATFORM=xcb "$tests" "[hostile-window],[faults]" \
        >"$out/hostile-window.log" 2>&1; then
        echo "window-check: hostile files and faults while open handled in the real window ($(grep -h "passed" "$out/hostile-window.log" | tail -1))"
    else
        echo "window-check: the real window failed on the hostile corpus (log: $out/hostile-window.log)" >&2
        cat "$out/hostile-window.log" >&2
        status=1
    fi
fi
exit $status
