#include "popscope/sim/workload.hpp"

#include <set>
#include <unordered_set>

namespace popscope::sim {

TileSet TileSet::range(uint32_t first, uint32_t count, uint32_t stride)
{
    TileSet s;
    s.add(first, count, stride);
    return s;
}

TileSet TileSet::list(const std::vector<uint32_t>& tiles)
{
    TileSet s;
    size_t i = 0;
    while (i < tiles.size()) {
        size_t j = i + 1;
        while (j < tiles.size() && tiles[j] == tiles[j - 1] + 1)
            ++j;
        s.add(tiles[i], uint32_t(j - i));
        i = j;
    }
    return s;
}

void TileSet::add(uint32_t first, uint32_t count, uint32_t stride)
{
    if (count > 0)
        spans.push_back({ first, count, stride == 0 ? 1 : stride });
}

uint64_t TileSet::size() const
{
    uint64_t n = 0;
    for (const auto& s : spans)
        n += s.count;
    return n;
}

std::vector<uint32_t> TileSet::expand() const
{
    std::vector<uint32_t> out;
    out.reserve(size());
    for (const auto& s : spans)
        for (uint32_t i = 0; i < s.count; ++i)
            out.push_back(s.first + i * s.stride);
    return out;
}

namespace {

std::string checkTiles(const TileSet& tiles, uint32_t totalTiles, const std::string& what)
{
    for (const auto& s : tiles.spans) {
        const uint64_t last = uint64_t(s.first) + uint64_t(s.count - 1) * s.stride;
        if (last >= totalTiles)
            return what + ": tile " + std::to_string(last) + " is outside the target ("
                + std::to_string(totalTiles) + " tiles)";
    }
    return "";
}

std::string checkVars(const std::vector<uint32_t>& vars, size_t n, const std::string& what)
{
    for (uint32_t v : vars)
        if (v >= n)
            return what + ": variable index " + std::to_string(v) + " out of range";
    return "";
}

std::string checkVariables(const Workload& w, uint32_t totalTiles)
{
    std::string p;
    for (size_t i = 0; i < w.variables.size(); ++i) {
        const auto& v = w.variables[i];
        const std::string what = "variable '" + v.name + "'";
        if (v.name.empty())
            return "variable " + std::to_string(i) + " has no name";
        if (v.tiles.empty() && v.elements > 0)
            return what + " has elements but no tiles";
        if (v.elementBytes == 0)
            return what + " has a zero element size";
        if (!(p = checkTiles(v.tiles, totalTiles, what)).empty())
            return p;
        if (v.debugContext >= int64_t(w.debugContexts.size()))
            return what + ": debug context out of range";
    }
    return "";
}

std::string checkComputeSets(const Workload& w, uint32_t totalTiles)
{
    std::string p;
    std::unordered_set<std::string> names;
    for (const auto& t : w.vertexTypes)
        if (!names.insert(t.name).second)
            return "vertex type '" + t.name + "' is defined twice";
    for (const auto& cs : w.computeSets) {
        const std::string what = "compute set '" + cs.name + "'";
        for (const auto& g : cs.groups) {
            if (g.vertexType >= w.vertexTypes.size())
                return what + ": vertex type index out of range";
            if (!(p = checkTiles(g.tiles, totalTiles, what)).empty())
                return p;
            if (g.jitterPercent > 1000)
                return what + ": jitterPercent must be at most 1000";
            if (g.cost.kind == CostKind::MatMul && g.cost.efficiencyPercent == 0)
                return what + ": efficiencyPercent must be positive";
        }
        if (!(p = checkVars(cs.reads, w.variables.size(), what)).empty()
            || !(p = checkVars(cs.writes, w.variables.size(), what)).empty())
            return p;
    }
    return "";
}

// Exchanges and stream copies: tiles on the target, variables that exist.
template <typename Transfer>
std::string checkTransfers(
    const std::vector<Transfer>& transfers, const char* kind, size_t variables, uint32_t totalTiles)
{
    std::string p;
    for (const auto& t : transfers) {
        const std::string what = std::string(kind) + " '" + t.name + "'";
        if (!(p = checkTiles(t.tiles, totalTiles, what)).empty())
            return p;
        if (!(p = checkVars(t.reads, variables, what)).empty()
            || !(p = checkVars(t.writes, variables, what)).empty())
            return p;
    }
    return "";
}

// How many items a program of `kind` may refer to (0: it refers to none).
size_t referenceLimit(const Workload& w, ProgramKind kind)
{
    switch (kind) {
    case ProgramKind::Execute:
        return w.computeSets.size();
    case ProgramKind::DoExchange:
        return w.exchanges.size();
    case ProgramKind::StreamCopy:
        return w.streamCopies.size();
    case ProgramKind::Call:
        return w.programs.size();
    default:
        return 0;
    }
}

std::string checkPrograms(const Workload& w)
{
    for (size_t i = 0; i < w.programs.size(); ++i) {
        const auto& pr = w.programs[i];
        const std::string what = "program " + std::to_string(i) + " ('" + pr.name + "')";
        for (uint32_t c : pr.children)
            if (c >= w.programs.size() || c == i)
                return what + ": child index out of range";
        const bool refers = pr.kind == ProgramKind::Execute || pr.kind == ProgramKind::DoExchange
            || pr.kind == ProgramKind::StreamCopy || pr.kind == ProgramKind::Call;
        if (refers && (pr.ref < 0 || size_t(pr.ref) >= referenceLimit(w, pr.kind)))
            return what + ": reference out of range";
        if (pr.kind == ProgramKind::Repeat && pr.repeatCount == 0)
            return what + ": repeat count must be positive";
    }
    for (uint32_t r : w.controlPrograms)
        if (r >= w.programs.size())
            return "control program index out of range";
    for (uint32_t r : w.functions)
        if (r >= w.programs.size())
            return "function index out of range";
    if (w.controlPrograms.empty())
        return "the workload has no control program";
    for (const auto& r : w.runs)
        if (r.controlProgram >= w.controlPrograms.size())
            return "run '" + r.name + "': control program index out of range";
    return "";
}

std::string checkOperations(const Workload& w)
{
    for (const auto& op : w.operations) {
        for (uint32_t c : op.computeSets)
            if (c >= w.computeSets.size())
                return "operation '" + op.name + "': compute set index out of range";
        for (uint32_t c : op.exchanges)
            if (c >= w.exchanges.size())
                return "operation '" + op.name + "': exchange index out of range";
        for (uint32_t c : op.streamCopies)
            if (c >= w.streamCopies.size())
                return "operation '" + op.name + "': stream copy index out of range";
    }
    for (size_t i = 0; i < w.debugContexts.size(); ++i)
        if (w.debugContexts[i].parent >= int64_t(i))
            return "debug context " + std::to_string(i) + ": parent must come before the child";
    return "";
}

} // namespace

std::string Workload::validate(uint32_t totalTiles) const
{
    std::string p;
    if (!(p = checkVariables(*this, totalTiles)).empty() || !(p = checkComputeSets(*this, totalTiles)).empty()
        || !(p = checkTransfers(exchanges, "exchange", variables.size(), totalTiles)).empty()
        || !(p = checkTransfers(streamCopies, "stream copy", variables.size(), totalTiles)).empty()
        || !(p = checkPrograms(*this)).empty() || !(p = checkOperations(*this)).empty())
        return p;
    return "";
}

} // namespace popscope::sim
