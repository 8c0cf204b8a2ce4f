// The levers at the liveness peak: which variables a recomputation or FP16 storage would take off
// the peak, with their bytes there and on the worst tile, and how far the batch could scale.
#include "peak_levers_analysis.hpp"

#include "popscope/liveness.hpp"
#include "popscope/report.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>

namespace popscope {

namespace {

using detail::LiveAtStep;

// The `limit` largest of the qualifying live variables (ties: lower id first), with their bytes at
// the peak and on the worst tile, and the names of the largest three.
PeakVariableGroup chooseVariables(const Report& report, const LiveAtStep& live,
    const std::vector<uint64_t>& onWorstTile, std::vector<size_t> qualifying, uint64_t limit)
{
    PeakVariableGroup group;
    group.candidates = qualifying.size();
    group.chosen = std::min<uint64_t>(limit, qualifying.size());
    std::partial_sort(qualifying.begin(), qualifying.begin() + ptrdiff_t(group.chosen), qualifying.end(),
        [&](size_t a, size_t b) {
            return live.variableBytes[a] != live.variableBytes[b]
                ? live.variableBytes[a] > live.variableBytes[b]
                : a < b;
        });
    std::vector<uint32_t> named;
    for (size_t k = 0; k < group.chosen; ++k) {
        const size_t i = qualifying[k];
        group.bytes += live.variableBytes[i];
        group.worstTileBytes += onWorstTile[i];
        if (named.size() < 3)
            named.push_back(live.variables[i].first);
    }
    group.examples = detail::variableNamesById(report, named);
    return group;
}

// Gradients and optimizer state live across the peak too, but come from the backward pass and the
// update, not from recomputing the forward pass: named for what they are, they are not candidates.
bool namesGradientOrOptimizerState(std::string name)
{
    std::transform(
        name.begin(), name.end(), name.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    for (const char* part : { "grad", "optimizer", "momentum", "accum" })
        if (name.find(part) != std::string::npos)
            return true;
    return false;
}

// The live variables that could be recomputed: live from before the peak step to after it, not
// gradients or optimizer state.
std::vector<size_t> recomputable(const Report& report, const LiveAtStep& live)
{
    std::vector<size_t> across;
    std::vector<uint32_t> ids;
    for (size_t i = 0; i < live.variables.size(); ++i) {
        const StepRange range = live.variables[i].second;
        if (live.variableBytes[i] > 0 && range.first < live.step && live.step < range.last) {
            across.push_back(i);
            ids.push_back(live.variables[i].first);
        }
    }
    const std::vector<std::string> names = detail::variableNamesById(report, ids);
    std::vector<size_t> kept;
    for (size_t k = 0; k < across.size(); ++k)
        if (!namesGradientOrOptimizerState(names[k]))
            kept.push_back(across[k]);
    return kept;
}

// The largest scale of every tile's not-always-live bytes at the peak that keeps it within its
// memory, and the tile that sets it.
BatchFit batchFitAtPeak(const LivenessCurve& curve, const LiveAtStep& live)
{
    BatchFit fit;
    fit.bytesPerTile = curve.bytesPerTile;
    for (size_t t = 0; t < live.tileBytes.size() && t < curve.alwaysLiveByTile.size(); ++t) {
        const uint64_t notAlways = live.tileBytes[t];
        if (notAlways == 0)
            continue;
        const uint64_t always = curve.alwaysLiveByTile[t];
        const double scale
            = always >= curve.bytesPerTile ? 0.0 : double(curve.bytesPerTile - always) / double(notAlways);
        if (!fit.available || scale < fit.scale) {
            fit.available = true;
            fit.scale = scale;
            fit.limitingTile = uint32_t(t);
            fit.limitingAlwaysLive = always;
            fit.limitingNotAlwaysLive = notAlways;
        }
    }
    return fit;
}

bool isBatchKey(const std::string& key)
{
    return key == "batchSize" || key == "batch_size" || key == "microBatchSize" || key == "micro_batch_size";
}

uint64_t positiveInteger(const nlohmann::json& value)
{
    if (value.is_number_unsigned() && value.get<uint64_t>() > 0)
        return value.get<uint64_t>();
    if (value.is_number_integer() && value.get<int64_t>() > 0)
        return uint64_t(value.get<int64_t>());
    if (value.is_string()) {
        const std::string& text = value.get_ref<const std::string&>();
        if (!text.empty() && text.size() < 10
            && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
            return std::stoull(text);
    }
    return 0;
}

// The first positive integer under a batch key, depth first, within a few levels.
uint64_t findBatchKey(const nlohmann::json& node, int depth)
{
    if (depth > 8 || !node.is_object())
        return 0;
    for (const auto& [key, value] : node.items())
        if (isBatchKey(key))
            if (const uint64_t batch = positiveInteger(value))
                return batch;
    for (const auto& [key, value] : node.items())
        if (const uint64_t batch = findBatchKey(value, depth + 1))
            return batch;
    return 0;
}

nlohmann::json parsedOrNull(const std::string& text)
{
    return text.empty() ? nlohmann::json() : nlohmann::json::parse(text, nullptr, false);
}

} // namespace

uint64_t recordedBatchSize(
    const std::string& simulationSpecJson, const std::string& frameworkJson, const std::string& appJson)
{
    const nlohmann::json spec = parsedOrNull(simulationSpecJson);
    if (spec.is_object() && spec.contains("params") && spec["params"].is_object()
        && spec["params"].contains("batch"))
        if (const uint64_t batch = positiveInteger(spec["params"]["batch"]))
            return batch;
    for (const std::string* text : { &frameworkJson, &appJson })
        if (const uint64_t batch = findBatchKey(parsedOrNull(*text), 0))
            return batch;
    return 0;
}

namespace detail {

PeakLevers analysePeakLevers(
    const Report& report, const LivenessCurve& curve, const PeakLiveness& peak, const LiveAtStep& live)
{
    PeakLevers levers;
    if (!peak.available || peak.worstTiles.empty())
        return levers;
    const std::vector<uint64_t> onWorstTile = live.bytesOnTile(peak.worstTiles.front().tile);
    std::vector<size_t> fp32AtPeak;
    for (size_t i = 0; i < live.variables.size(); ++i)
        if (live.variableBytes[i] > 0 && live.fp32[i])
            fp32AtPeak.push_back(i);
    levers.recompute
        = chooseVariables(report, live, onWorstTile, recomputable(report, live), kRecomputeChosen);
    levers.recompute.savingBytes = levers.recompute.bytes;
    levers.recompute.worstTileSavingBytes = levers.recompute.worstTileBytes;
    levers.fp32 = chooseVariables(report, live, onWorstTile, std::move(fp32AtPeak), UINT64_MAX);
    levers.fp32.savingBytes = levers.fp32.bytes / 2;
    levers.fp32.worstTileSavingBytes = levers.fp32.worstTileBytes / 2;
    levers.batch = batchFitAtPeak(curve, live);
    const ReportInfo& info = report.summary().info;
    levers.batch.batch = recordedBatchSize(info.simulationSpecJson, info.frameworkJson, info.appJson);
    if (levers.batch.available && levers.batch.batch > 0)
        levers.batch.largestBatch
            = uint64_t(std::floor(double(levers.batch.batch) * levers.batch.scale + 1e-9));
    return levers;
}

} // namespace detail
} // namespace popscope
