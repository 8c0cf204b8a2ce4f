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

} // namespace

std::string Workload::validate(uint32_t totalTiles) const
{
    std::string p;
    std::unordered_set<std::string> names;
    for (size_t i = 0; i < variables.size(); ++i) {
        const auto& v = variables[i];
        const std::string what = "variable '" + v.name + "'";
        if (v.name.empty())
            return "variable " + std::to_string(i) + " has no name";
        if (v.tiles.empty() && v.elements > 0)
            return what + " has elements but no tiles";
        if (v.elementBytes == 0)
            return what + " has a zero element size";
        if (!(p = checkTiles(v.tiles, totalTiles, what)).empty())
            return p;
        if (v.debugContext >= int64_t(debugContexts.size()))
            return what + ": debug context out of range";
    }
    for (const auto& t : vertexTypes)
        if (!names.insert(t.name).second)
            return "vertex type '" + t.name + "' is defined twice";
    for (const auto& cs : computeSets) {
        const std::string what = "compute set '" + cs.name + "'";
        for (const auto& g : cs.groups) {
            if (g.vertexType >= vertexTypes.size())
                return what + ": vertex type index out of range";
            if (!(p = checkTiles(g.tiles, totalTiles, what)).empty())
                return p;
            if (g.jitterPercent > 1000)
                return what + ": jitterPercent must be at most 1000";
            if (g.cost.kind == CostKind::MatMul && g.cost.efficiencyPercent == 0)
                return what + ": efficiencyPercent must be positive";
        }
        if (!(p = checkVars(cs.reads, variables.size(), what)).empty()
            || !(p = checkVars(cs.writes, variables.size(), what)).empty())
            return p;
    }
    for (const auto& ex : exchanges) {
        const std::string what = "exchange '" + ex.name + "'";
        if (!(p = checkTiles(ex.tiles, totalTiles, what)).empty())
            return p;
        if (!(p = checkVars(ex.reads, variables.size(), what)).empty()
            || !(p = checkVars(ex.writes, variables.size(), what)).empty())
            return p;
    }
    for (const auto& sc : streamCopies) {
        const std::string what = "stream copy '" + sc.name + "'";
        if (!(p = checkTiles(sc.tiles, totalTiles, what)).empty())
            return p;
        if (!(p = checkVars(sc.reads, variables.size(), what)).empty()
            || !(p = checkVars(sc.writes, variables.size(), what)).empty())
            return p;
    }
    for (size_t i = 0; i < programs.size(); ++i) {
        const auto& pr = programs[i];
        const std::string what = "program " + std::to_string(i) + " ('" + pr.name + "')";
        for (uint32_t c : pr.children)
            if (c >= programs.size() || c == i)
                return what + ": child index out of range";
        size_t limit = 0;
        switch (pr.kind) {
        case ProgramKind::Execute:
            limit = computeSets.size();
            break;
        case ProgramKind::DoExchange:
            limit = exchanges.size();
            break;
        case ProgramKind::StreamCopy:
            limit = streamCopies.size();
            break;
        case ProgramKind::Call:
            limit = programs.size();
            break;
        default:
            limit = 0;
            break;
        }
        if (limit > 0 || pr.kind == ProgramKind::Execute || pr.kind == ProgramKind::DoExchange
            || pr.kind == ProgramKind::StreamCopy || pr.kind == ProgramKind::Call) {
            if (pr.ref < 0 || size_t(pr.ref) >= limit)
                return what + ": reference out of range";
        }
        if (pr.kind == ProgramKind::Repeat && pr.repeatCount == 0)
            return what + ": repeat count must be positive";
    }
    for (uint32_t r : controlPrograms)
        if (r >= programs.size())
            return "control program index out of range";
    for (uint32_t r : functions)
        if (r >= programs.size())
            return "function index out of range";
    if (controlPrograms.empty())
        return "the workload has no control program";
    for (const auto& r : runs)
        if (r.controlProgram >= controlPrograms.size())
            return "run '" + r.name + "': control program index out of range";
    for (const auto& op : operations) {
        for (uint32_t c : op.computeSets)
            if (c >= computeSets.size())
                return "operation '" + op.name + "': compute set index out of range";
        for (uint32_t c : op.exchanges)
            if (c >= exchanges.size())
                return "operation '" + op.name + "': exchange index out of range";
        for (uint32_t c : op.streamCopies)
            if (c >= streamCopies.size())
                return "operation '" + op.name + "': stream copy index out of range";
    }
    for (size_t i = 0; i < debugContexts.size(); ++i)
        if (debugContexts[i].parent >= int64_t(i))
            return "debug context " + std::to_string(i) + ": parent must come before the child";
    return "";
}

} // namespace popscope::sim
