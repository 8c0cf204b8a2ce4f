#!/usr/bin/env bash
# Regenerates the user guide's pictures (docs/images/*.png) from the real window under Xvfb,
# on the demo and sample profiles of a build. Usage: scripts/guide-screenshots.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${1:-build/release}
app="$build_dir/src/app/popscope"
profiles="$build_dir/profiles"
out=docs/images
[ -x "$app" ] || { echo "guide-screenshots: build first ($app is missing)" >&2; exit 1; }
settings=$(mktemp -d)
trap 'rm -rf "$settings"' EXIT

shoot() { # OUT.png SIZE ARGS...
    local png=$1 size=$2
    shift 2
    timeout 60 xvfb-run -a -s "-screen 0 1920x1080x24" "$app" --size "$size" --screenshot "$png" "$@" >/dev/null
    echo "guide-screenshots: $png"
}

# Start page with recent reports: open a few samples (oldest first) with a throw-away settings folder.
for name in pipeline-grouped replicas-4 sort-bitonic demo; do
    shoot "$settings/open.png" 1280x800 --settings-dir "$settings" "$profiles/$name.pop"
done
for pair in "sort-single sort-bitonic" "batch-4 batch-8"; do
    set -- $pair
    shoot "$settings/open.png" 1280x800 --settings-dir "$settings" "$profiles/$1.pop" --compare "$profiles/$2.pop"
done
shoot "$out/start-page.png" 1920x1080 --settings-dir "$settings" --page Start

shoot "$out/summary.png" 1920x1080 --demo --page Summary
shoot "$out/insights.png" 1920x1080 --demo --page Insights
shoot "$out/memory-details.png" 1920x1080 --demo --page Memory --select "2208, 2209, 2211, 2214, 2489" --tab Details
shoot "$out/memory-variables.png" 1920x1080 --demo --page Memory --select "2208-2214" --tab Variables --breakdown region
shoot "$out/memory-small.png" 1024x640 --demo --page Memory --select "2208-2214" --tab Variables
shoot "$out/memory-variables-graph.png" 1920x1080 --demo \
    --variables "layer1/conv/partials, layer7/fc/*, layer3/*" --select "2208-2214"
shoot "$out/memory-tile-map.png" 1920x1080 --demo --graph tile-map --select "2208-2214"
shoot "$out/operations.png" 1920x1080 --demo --page operations --show "operations=#1"
shoot "$out/program-tree.png" 1920x1080 --demo --page program-tree --show "programs=layer6/conv/ConvGradWeights"

# Compare mode on the batch pair (activations double from batch 4 to batch 8).
pair=("$profiles/batch-4.pop" --compare "$profiles/batch-8.pop")
shoot "$out/compare-what-changed.png" 1920x1080 "${pair[@]}" --page what-changed
shoot "$out/compare-memory.png" 1920x1080 "${pair[@]}" --page memory --tab Variables
shoot "$out/compare-summary.png" 1920x1080 "${pair[@]}" --page summary
shoot "$out/compare-insights.png" 1920x1080 "${pair[@]}" --page insights
shoot "$out/compare-small.png" 1024x640 "${pair[@]}" --page memory --tab Variables
shoot "$out/memory-tile-map-compare.png" 1920x1080 "${pair[@]}" --graph tile-map
shoot "$out/memory-variables-compare.png" 1920x1080 "${pair[@]}" --variables "layer1/*, layer2/conv/partials"

# The Execution Trace: the seed articles' sorts (one tile busy against every tile), each on its own
# time scale, the first 48 tiles, and aligned at the copy of the result to the host (step 6);
# the pipeline's ramp-up in the Flame view; a narrow window.
sorts=("$profiles/sort-single.pop" --compare "$profiles/sort-bitonic.pop")
shoot "$out/trace-compare-sorts.png" 1920x1080 "${sorts[@]}" --page trace --trace-scale own --select 0-47
shoot "$out/trace-align.png" 1920x1080 "${sorts[@]}" --page trace --trace-step 6 --trace-align
shoot "$out/trace-pipeline.png" 1920x1080 "$profiles/pipeline-grouped.pop" --page trace
shoot "$out/trace-small.png" 1024x640 "$profiles/sort-bitonic.pop" --page trace
# The Summary tab: the optimiser state through remote buffers, alone and against keeping it on chip;
# the I/O tiles' copies stacked under the compute they overlap.
shoot "$out/trace-summary.png" 1920x1080 "$profiles/offload-on.pop" --page trace --tab Summary
shoot "$out/trace-summary-compare.png" 1920x1080 "$profiles/offload-off.pop" --compare "$profiles/offload-on.pop" \
    --page trace --tab Summary
shoot "$out/trace-overlapped-io.png" 1920x1080 "$profiles/io-tiles-64.pop" --page trace --trace-view flat
# Liveness: the pipeline's peak in the backward pass with the stash live; compare with interleaving.
grouped="$profiles/pipeline-grouped.pop"
shoot "$out/liveness.png" 1920x1080 "$grouped" --page liveness --steps peak --tab "Not Always Live Variables" \
    --lifetime stage0/layer0/dense/fifo/activations --lifetime stage0/layer0/dense/partials
shoot "$out/liveness-small.png" 1024x640 "$grouped" --page liveness --steps peak
shoot "$out/liveness-cycle-estimates.png" 1920x1080 --demo --page liveness --steps peak --tab "Cycle Estimates"
shoot "$out/compare-liveness.png" 1920x1080 "$grouped" --compare "$profiles/pipeline-interleaved.pop" --page liveness \
    --steps peak --tab "Not Always Live Variables"
shoot "$out/compare-liveness-small.png" 1024x640 "$grouped" --compare "$profiles/pipeline-interleaved.pop" --page liveness
shoot "$out/compare-operations.png" 1920x1080 "${pair[@]}" --page operations --show "operations=#1"
shoot "$out/compare-program-tree-small.png" 1024x640 "${pair[@]}" --page program-tree --show "programs=layer3/conv/Conv"

# What if: New Simulation… filled in, a run in progress (the bench workload, caught a fifth of the
# way), and the Sweep page of 8192 x 8192 dense layers (one and two fit, four and six do not).
shoot "$out/what-if-dialog.png" 1600x1000 --simulate pipeline schedule=interleaved batch=8 --simulate-shot dialog
shoot "$out/what-if-running.png" 1600x1000 --simulate bench --simulate-shot running
shoot "$out/what-if-sweep.png" 1920x1080 --simulate matmul inputs=8192 outputs=8192 training=false --sweep layers=1,2,4,6
shoot "$out/what-if-small.png" 1024x640 --simulate matmul inputs=8192 outputs=8192 training=false --sweep layers=1,2,4,6
