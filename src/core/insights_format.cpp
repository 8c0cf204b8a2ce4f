// Renderings of an InsightsAnalysis: tip sentences (the GUI's wording), text and JSON for the CLI.
#include "popscope/errors.hpp"
#include "popscope/insights.hpp"
#include "popscope/plural.hpp"
#include "shown_text.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace popscope {

namespace {

// Names from the profile, each printable and cut as the text reports cut them.
std::string joined(const std::vector<std::string>& names)
{
    std::string out;
    for (const std::string& n : names)
        out += (out.empty() ? "" : ", ") + shownText(n);
    return out;
}

const char* tipKindName(TipKind kind)
{
    switch (kind) {
    case TipKind::OverCapacity:
        return "overCapacity";
    case TipKind::Fp16Candidates:
        return "fp16Candidates";
    case TipKind::Unbalanced:
        return "unbalanced";
    case TipKind::LargeVertexState:
        return "largeVertexState";
    case TipKind::FitsWithSpare:
        return "fitsWithSpare";
    case TipKind::RecomputeAtPeak:
        return "recomputeAtPeak";
    case TipKind::Fp16AtPeak:
        return "fp16AtPeak";
    case TipKind::BatchAtPeak:
        return "batchAtPeak";
    }
    return "unknown";
}

std::string examplesOf(const PeakVariableGroup& g)
{
    return g.examples.empty() ? std::string() : " (e.g. " + joined(g.examples) + ")";
}

std::string recomputeTip(const InsightTip& t, MemoryUnit u)
{
    const PeakVariableGroup& g = t.variables;
    return "Recomputation: " + countOf(g.candidates, "variable") + ' ' + pluralWord(g.candidates, "is", "are")
        + " live from before the liveness peak (step " + formatCount(t.peakStep) + ") to after it; the "
        + formatCount(g.chosen) + " largest" + examplesOf(g) + " hold " + formatBytes(g.bytes, u)
        + " there. Recomputing them before their later use, instead of keeping them live across the peak, "
          "would lower the peak by about "
        + formatBytes(g.savingBytes, u) + ", and tile " + std::to_string(t.tile) + ", the fullest there, by "
        + formatBytes(g.worstTileSavingBytes, u)
        + ". Estimated as their bytes live at the peak; the cycles the recomputation costs are not "
          "estimated.";
}

std::string fp16AtPeakTip(const InsightTip& t, MemoryUnit u)
{
    const PeakVariableGroup& g = t.variables;
    return "FP16 at the liveness peak: " + countOf(g.chosen, "FP32 variable") + ' '
        + pluralWord(g.chosen, "is", "are") + " live at step " + formatCount(t.peakStep) + ", holding "
        + formatBytes(g.bytes, u) + examplesOf(g) + ". Stored as FP16 " + pluralWord(g.chosen, "it", "they")
        + " would lower the peak by about " + formatBytes(g.savingBytes, u) + ", and tile "
        + std::to_string(t.tile) + ", the fullest there, by " + formatBytes(g.worstTileSavingBytes, u)
        + ". Estimated as half " + pluralWord(g.chosen, "its", "their") + " bytes live at the peak.";
}

std::string scaleText(double scale)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.2f\xC3\x97", scale);
    return text;
}

// What the batch could be: a size when the report records today's, else a factor.
std::string batchVerdict(const BatchFit& b)
{
    if (b.scale <= 0)
        return "its always-live bytes alone fill it, so no smaller batch makes it fit";
    if (b.batch == 0)
        return b.scale >= 1
            ? "the batch could grow to " + scaleText(b.scale) + " today's before it runs out"
            : "the batch would have to shrink to " + scaleText(b.scale) + " today's for it to fit";
    if (b.largestBatch == 0)
        return "even a batch of 1 would not fit there (today's is " + formatCount(b.batch) + ")";
    return "a batch of up to " + formatCount(b.largestBatch) + " would fit there (today's is "
        + formatCount(b.batch) + (b.largestBatch < b.batch ? ", which does not)" : ")");
}

std::string batchAtPeakTip(const InsightTip& t, MemoryUnit u)
{
    const BatchFit& b = t.batch;
    return "Batch size: at the liveness peak (step " + formatCount(t.peakStep) + "), tile "
        + std::to_string(b.limitingTile) + " holds " + formatBytes(b.limitingAlwaysLive, u)
        + " always live and " + formatBytes(b.limitingNotAlwaysLive, u) + " not always live of its "
        + formatBytes(b.bytesPerTile, u)
        + ". If the not-always-live bytes grow with the batch and the always-live ones do not, "
        + batchVerdict(b)
        + ". Estimated from each tile's bytes at the peak step; other steps and any growth of code or "
          "always-live bytes are not modelled.";
}

} // namespace

std::string formatTip(const InsightTip& t, MemoryUnit unit)
{
    switch (t.kind) {
    case TipKind::OverCapacity:
        return countOf(t.tilesOverCapacity, "tile") + ' ' + pluralWord(t.tilesOverCapacity, "needs", "need")
            + " more than the " + formatBytes(t.bytesPerTile, unit)
            + " a tile has. Reduce the batch size, enable recomputation, or spread the largest variables on "
              "those"
              " tiles over more tiles.";
    case TipKind::Fp16Candidates:
        return "FP16 candidates: " + formatCount(t.fp32Variables) + " FP32 variables hold "
            + formatBytes(t.fp32Bytes, unit) + " on the " + std::to_string(t.worstTileCount)
            + " most used tiles (e.g. " + joined(t.examples) + "). Storing them as FP16 would save about "
            + formatBytes(t.fp16SavingBytes, unit) + " there, estimated as half their bytes.";
    case TipKind::Unbalanced: {
        char ratio[32];
        std::snprintf(ratio, sizeof ratio, "%.1f", t.ratio);
        return "Memory is unbalanced: the most used tile holds " + formatBytes(t.tileBytes, unit) + ", "
            + ratio + "\xC3\x97 the mean of " + formatBytes(t.meanTileBytes, unit)
            + ". Look at what sits on it in the Memory report (select tile " + std::to_string(t.tile) + ").";
    }
    case TipKind::LargeVertexState:
        return "Vertex state of " + t.vertexType
            + " is over a quarter of the most used tile. Fewer, larger vertices (or a different partitioning "
              "of"
              " that operation) would shrink it.";
    case TipKind::RecomputeAtPeak:
        return recomputeTip(t, unit);
    case TipKind::Fp16AtPeak:
        return fp16AtPeakTip(t, unit);
    case TipKind::BatchAtPeak:
        return batchAtPeakTip(t, unit);
    case TipKind::FitsWithSpare:
        return "The model fits with " + formatBytes(t.spareBytes, unit) + " spare ("
            + formatPercent(t.freeFraction) + " of the memory free). The most used tile has "
            + formatBytes(t.tileSpareBytes, unit) + " left.";
    }
    return {};
}

std::string formatItemDetail(const InsightItem& item, MemoryUnit unit)
{
    if (item.wholeBytes == 0)
        return item.detail;
    return item.detail + "; whole variable " + formatBytes(item.wholeBytes, unit);
}

std::string formatVerdict(const InsightsAnalysis& d, MemoryUnit u)
{
    const double share = d.shareUsed();
    if (d.fits)
        return "The model fits: uses " + formatBytes(d.used, u) + " of " + formatBytes(d.capacity, u) + " ("
            + formatPercent(share) + "); " + formatBytes(d.capacity - std::min(d.used, d.capacity), u)
            + " spare. The most used tile holds "
            + (d.topTiles.empty() ? std::string("-") : formatBytes(d.topTiles.front().bytes, u)) + " of its "
            + formatBytes(d.bytesPerTile, u) + ".";
    return "Out of memory: " + countOf(d.tilesOverCapacity, "tile") + ' '
        + pluralWord(d.tilesOverCapacity, "needs", "need") + " more than their "
        + formatBytes(d.bytesPerTile, u) + "; together they are " + formatBytes(d.excessBytes, u)
        + " over. Overall " + formatBytes(d.used, u) + " of " + formatBytes(d.capacity, u) + " ("
        + formatPercent(share) + ") is used.";
}

std::string formatInsightsText(const InsightsAnalysis& d, MemoryUnit u)
{
    std::ostringstream out;
    out << formatVerdict(d, u) << "\n";
    out << "Most used tiles\n";
    for (const InsightTile& t : d.topTiles)
        out << "  tile " << t.tile << " (IPU " << t.ipu << ")  " << formatBytes(t.bytes, u) << " ("
            << formatCount(t.bytes) << " bytes)\n";
    out << "Tiles by memory used (mean " << formatBytes(d.meanTileBytes, u) << ")\n";
    for (size_t b = 0; b < d.bucketCount.size(); ++b) {
        const bool last = b + 1 == d.bucketCount.size();
        out << "  " << formatBytes(d.bucketStart[b], u)
            << (last ? " and more" : " - " + formatBytes(d.bucketStart[b] + d.bucketWidth, u)) << ": "
            << formatCount(d.bucketCount[b]) << " tiles\n";
    }
    for (const InsightLevel* level : { &d.model, &d.ipu, &d.tile }) {
        if (level->title.empty())
            continue;
        out << level->title << "\n";
        if (level->vertexState.bytes)
            out << "  Largest vertex state  " << shownText(level->vertexState.name) << "  "
                << formatBytes(level->vertexState.bytes, u) << " (" << shownText(level->vertexState.detail)
                << ")\n";
        if (level->vertexCode.bytes)
            out << "  Largest vertex code   " << shownText(level->vertexCode.name) << "  "
                << formatBytes(level->vertexCode.bytes, u) << " (" << shownText(level->vertexCode.detail)
                << ")\n";
        if (!level->variables.empty())
            out << "  Largest variables\n";
        for (const InsightItem& v : level->variables)
            out << "    " << formatBytes(v.bytes, u) << "  " << shownText(v.name) << " ("
                << shownText(formatItemDetail(v, u)) << ")\n";
    }
    out << formatPeakLivenessText(d.peakLiveness, u);
    out << "Tips\n";
    if (d.tips.empty())
        out << "  No tips for this report.\n";
    for (const InsightTip& tip : d.tips)
        // A tip's own wording is long; only the names in it come from the profile, each cut to 200.
        out << "  - " << printableMessage(formatTip(tip, u), 2000) << "\n";
    return out.str();
}

namespace {

using nlohmann::json;

json itemJson(const InsightItem& i, MemoryUnit u)
{
    return json { { "name", i.name }, { "bytes", i.bytes }, { "detail", formatItemDetail(i, u) },
        { "instances", i.instances }, { "tiles", i.tiles }, { "wholeBytes", i.wholeBytes } };
}

// The model's, the most used IPU's and the most used tile's largest items (the levels present).
json levelsJson(const InsightsAnalysis& d, MemoryUnit u)
{
    json levels = json::array();
    for (const InsightLevel* level : { &d.model, &d.ipu, &d.tile }) {
        if (level->title.empty())
            continue;
        json vars = json::array();
        for (const InsightItem& v : level->variables)
            vars.push_back(itemJson(v, u));
        levels.push_back({ { "title", level->title },
            { "largestVertexState",
                level->vertexState.bytes ? itemJson(level->vertexState, u) : json(nullptr) },
            { "largestVertexCode", level->vertexCode.bytes ? itemJson(level->vertexCode, u) : json(nullptr) },
            { "variables", vars } });
    }
    return levels;
}

json variableGroupJson(const PeakVariableGroup& g)
{
    return { { "candidates", g.candidates }, { "chosen", g.chosen }, { "bytes", g.bytes },
        { "worstTileBytes", g.worstTileBytes }, { "savingBytes", g.savingBytes },
        { "worstTileSavingBytes", g.worstTileSavingBytes }, { "examples", g.examples } };
}

json batchFitJson(const BatchFit& b)
{
    return { { "scale", b.scale }, { "limitingTile", b.limitingTile },
        { "limitingAlwaysLive", b.limitingAlwaysLive }, { "limitingNotAlwaysLive", b.limitingNotAlwaysLive },
        { "bytesPerTile", b.bytesPerTile }, { "batch", b.batch ? json(b.batch) : json(nullptr) },
        { "largestBatch", b.batch ? json(b.largestBatch) : json(nullptr) } };
}

// A tip's kind and sentence, and the figures of its kind.
json tipJson(const InsightTip& t, MemoryUnit u)
{
    json tip = { { "kind", tipKindName(t.kind) }, { "text", formatTip(t, u) } };
    switch (t.kind) {
    case TipKind::OverCapacity:
        tip["tilesOverCapacity"] = t.tilesOverCapacity;
        tip["bytesPerTile"] = t.bytesPerTile;
        break;
    case TipKind::Fp16Candidates:
        tip["fp32Variables"] = t.fp32Variables;
        tip["fp32Bytes"] = t.fp32Bytes;
        tip["examples"] = t.examples;
        tip["fp16SavingBytes"] = t.fp16SavingBytes;
        tip["worstTileCount"] = t.worstTileCount;
        break;
    case TipKind::Unbalanced:
        tip["tile"] = t.tile;
        tip["tileBytes"] = t.tileBytes;
        tip["meanTileBytes"] = t.meanTileBytes;
        tip["ratio"] = t.ratio;
        break;
    case TipKind::LargeVertexState:
        tip["tile"] = t.tile;
        tip["tileBytes"] = t.tileBytes;
        tip["vertexType"] = t.vertexType;
        tip["vertexStateBytes"] = t.vertexStateBytes;
        break;
    case TipKind::RecomputeAtPeak:
    case TipKind::Fp16AtPeak:
        tip["peakStep"] = t.peakStep;
        tip["tile"] = t.tile;
        tip["variables"] = variableGroupJson(t.variables);
        break;
    case TipKind::BatchAtPeak:
        tip["peakStep"] = t.peakStep;
        tip["batch"] = batchFitJson(t.batch);
        break;
    case TipKind::FitsWithSpare:
        tip["spareBytes"] = t.spareBytes;
        tip["freeFraction"] = t.freeFraction;
        tip["tile"] = t.tile;
        tip["tileSpareBytes"] = t.tileSpareBytes;
        break;
    }
    return tip;
}

json peakLivenessJson(const PeakLiveness& p)
{
    if (!p.available)
        return p.error.empty() ? json(nullptr) : json { { "error", p.error } };
    json tiles = json::array();
    for (const PeakLivenessTile& t : p.worstTiles)
        tiles.push_back({ { "tile", t.tile }, { "ipu", t.ipu }, { "alwaysLive", t.alwaysLive },
            { "notAlwaysLive", t.notAlwaysLive }, { "total", t.total() } });
    json variables = json::array();
    for (const LiveVariableRow& v : p.variables)
        variables.push_back({ { "name", v.name }, { "bytes", v.bytes }, { "firstStep", v.firstStep },
            { "lastStep", v.lastStep } });
    return { { "step", p.step }, { "program", p.program }, { "numSteps", p.numSteps },
        { "alwaysLive", p.alwaysLive }, { "notAlwaysLive", p.notAlwaysLive }, { "total", p.total() },
        { "capacity", p.capacity },
        { "busiestIpu",
            { { "ipu", p.busiestIpu }, { "alwaysLive", p.ipuAlwaysLive },
                { "notAlwaysLive", p.ipuNotAlwaysLive }, { "capacity", p.ipuCapacity } } },
        { "bytesPerTile", p.bytesPerTile }, { "worstTiles", tiles }, { "liveVariables", p.liveVariables },
        { "largestVariables", variables } };
}

} // namespace

std::string formatInsightsJson(const InsightsAnalysis& d, MemoryUnit u)
{
    json top = json::array();
    for (const InsightTile& t : d.topTiles)
        top.push_back({ { "tile", t.tile }, { "ipu", t.ipu }, { "bytes", t.bytes } });
    json tips = json::array();
    for (const InsightTip& t : d.tips)
        tips.push_back(tipJson(t, u));
    json j = { { "fits", d.fits }, { "used", d.used }, { "capacity", d.capacity },
        { "tilesOverCapacity", d.tilesOverCapacity }, { "excessBytes", d.excessBytes },
        { "bytesPerTile", d.bytesPerTile }, { "meanTileBytes", d.meanTileBytes },
        { "verdict", formatVerdict(d, u) }, { "topTiles", top },
        { "histogram",
            { { "bucketStart", d.bucketStart }, { "bucketWidth", d.bucketWidth },
                { "bucketCount", d.bucketCount } } },
        { "levels", levelsJson(d, u) }, { "tips", tips },
        { "peakLiveness", peakLivenessJson(d.peakLiveness) } };
    return j.dump(2, ' ', false, json::error_handler_t::replace);
}

} // namespace popscope
