#include "memory_accountant.hpp"

#include "popscope/errors.hpp"
#include "popscope/sim/cost_model.hpp"

#include <algorithm>
#include <limits>

namespace popscope::sim {

namespace {
// Hash domains, so the variations below are independent of each other and of the jitter.
constexpr uint64_t kTileLoad = 0x74696c656c6f6164ull; // a tile's share of every uneven tensor
constexpr uint64_t kVarLoad = 0x7661726c6f616400ull; // a variable's own per-tile share
constexpr uint64_t kPlacementGap = 0x6761707300000000ull;
constexpr uint64_t kExchangePattern = 0x6578636870617400ull;
constexpr uint64_t kFieldData = 0x6669656c64000000ull;

// s in [-1000, 1000]: 60 % from the tile (hot tiles hot for every tensor), 40 % from the variable.
int64_t unevenShare(uint64_t variable, uint32_t tile)
{
    const auto a = int64_t(hashBelow(mixHash(kTileLoad, tile), 2001)) - 1000;
    const auto b = int64_t(hashBelow(mixHash(kVarLoad, variable, tile), 2001)) - 1000;
    return (6 * a + 4 * b) / 10;
}
} // namespace

void splitElements(uint64_t elements, const std::vector<uint32_t>& tiles, uint32_t unevenPercent,
    uint64_t variable, std::vector<uint64_t>& out)
{
    const uint64_t n = tiles.size();
    out.assign(n, 0);
    if (n == 0)
        return;
    if (unevenPercent == 0 || n == 1) {
        for (uint64_t i = 0; i < n; ++i)
            out[i] = elementsOnTile(elements, n, i);
        return;
    }
    const int64_t p = std::min<int64_t>(unevenPercent, 90);
    // Weights 1000 +- 10 p (<= 1900): totalWeight^2 fits 64 bits for up to ~10^6 tiles.
    std::vector<uint64_t> weight(n);
    uint64_t totalWeight = 0;
    for (uint64_t i = 0; i < n; ++i) {
        weight[i] = uint64_t(1000 + p * unevenShare(variable, tiles[i]) / 100);
        totalWeight += weight[i];
    }
    const uint64_t q = elements / totalWeight, r = elements % totalWeight;
    uint64_t prefix = 0, given = 0;
    for (uint64_t i = 0; i < n; ++i) {
        prefix += weight[i];
        const uint64_t upTo = q * prefix + r * prefix / totalWeight; // floor(elements x prefix / total)
        out[i] = upTo - given;
        given = upTo;
    }
}

MemoryAccountant::MemoryAccountant(
    const Workload& workload, const TargetConfig& target, const ProgramLayout& layout)
    : m_workload(workload)
    , m_target(target)
    , m_layout(layout)
    , m_numTiles(target.totalTiles())
    , m_gaps(m_numTiles, 0)
    , m_peakNotAlwaysLive(m_numTiles, 0)
    , m_computeSetCode(workload.computeSets.size(), 0)
{
}

size_t MemoryAccountant::categoryIndex(const std::string& name)
{
    for (size_t i = 0; i < m_categories.size(); ++i)
        if (m_categories[i] == name)
            return i;
    m_categories.push_back(name);
    m_bytes.emplace_back(m_numTiles, 0);
    m_overlapped.emplace_back(m_numTiles, 0);
    m_interleaved.emplace_back(m_numTiles, 0);
    return m_categories.size() - 1;
}

void MemoryAccountant::emit(ProfileDocument& doc)
{
    const auto checkpoint = [this] {
        if (m_checkpoint)
            m_checkpoint();
    };
    accountVariables(doc);
    checkpoint();
    accountVertices(doc);
    checkpoint();
    accountExchanges(doc);
    accountControl();
    checkpoint();
    emitSeries(doc);
}

// Vertices of type `type` in compute set `c`: their count on each tile (groups of the type merged),
// with their state, field and descriptor bytes, and the code the compute set brings.
ComputeSetVertices MemoryAccountant::placeVertices(
    size_t c, uint32_t type, std::vector<std::vector<uint8_t>>& typeOnTile)
{
    const auto& cs = m_workload.computeSets[c];
    const auto& vt = m_workload.vertexTypes[type];
    ComputeSetVertices v;
    v.vertexType = type;
    for (const auto& g : cs.groups) {
        if (g.vertexType != type || g.perTile == 0)
            continue;
        for (const auto& s : g.tiles.spans)
            for (uint32_t k = 0; k < s.count; ++k)
                v.countByTile.push_back({ s.first + k * s.stride, g.perTile });
    }
    std::sort(v.countByTile.begin(), v.countByTile.end(),
        [](const TileCount& a, const TileCount& b) { return a.tile < b.tile; });
    size_t outIdx = 0;
    for (size_t i = 0; i < v.countByTile.size(); ++i) {
        if (outIdx > 0 && v.countByTile[outIdx - 1].tile == v.countByTile[i].tile)
            v.countByTile[outIdx - 1].count += v.countByTile[i].count;
        else
            v.countByTile[outIdx++] = v.countByTile[i];
    }
    v.countByTile.resize(outIdx);
    if (typeOnTile[type].empty())
        typeOnTile[type].assign(m_numTiles, 0);
    const size_t state = categoryIndex("vertexInstanceState");
    const size_t field = categoryIndex("vertexFieldData");
    const size_t desc = vt.descriptorBytes ? categoryIndex(vt.descriptorCategory) : 0;
    for (const auto& tc : v.countByTile) {
        typeOnTile[type][tc.tile] = 1;
        add(state, tc.tile, uint64_t(tc.count) * vt.stateBytes);
        // Edge pointers vary with the vertices' connections: + 0-3 words per instance.
        const uint64_t extra = vt.fieldBytes ? 4 * hashBelow(mixHash(kFieldData, c, type, tc.tile), 4) : 0;
        add(field, tc.tile, uint64_t(tc.count) * (vt.fieldBytes + extra));
        if (vt.descriptorBytes)
            add(desc, tc.tile, uint64_t(tc.count) * vt.descriptorBytes);
    }
    m_computeSetCode[c] += uint64_t(vt.codeBytes) * v.countByTile.size();
    return v;
}

void MemoryAccountant::accountVertices(ProfileDocument& doc)
{
    const auto& w = m_workload;
    const size_t code = categoryIndex("vertexCode");
    categoryIndex("vertexInstanceState"); // the categories' order: code, state, field data
    categoryIndex("vertexFieldData");
    std::vector<std::vector<uint8_t>> typeOnTile(w.vertexTypes.size());
    for (const auto& t : w.vertexTypes)
        doc.vertexTypes.push_back({ t.name, t.codeBytes, t.stateBytes });
    doc.computeSets.reserve(w.computeSets.size());
    for (size_t c = 0; c < w.computeSets.size(); ++c) {
        if ((c & 255) == 255 && m_checkpoint)
            m_checkpoint();
        const auto& cs = w.computeSets[c];
        ComputeSet out;
        out.name = cs.name;
        out.debugContext = cs.debugContext;
        std::vector<uint32_t> typesInOrder;
        for (const auto& g : cs.groups)
            if (std::find(typesInOrder.begin(), typesInOrder.end(), g.vertexType) == typesInOrder.end())
                typesInOrder.push_back(g.vertexType);
        for (uint32_t type : typesInOrder) {
            ComputeSetVertices v = placeVertices(c, type, typeOnTile);
            if (!v.countByTile.empty())
                out.vertices.push_back(std::move(v));
        }
        doc.computeSets.push_back(std::move(out));
    }
    for (size_t type = 0; type < typeOnTile.size(); ++type)
        for (uint32_t t = 0; t < typeOnTile[type].size(); ++t)
            if (typeOnTile[type][t])
                add(code, t, w.vertexTypes[type].codeBytes);
}

void MemoryAccountant::accountExchanges(ProfileDocument& doc)
{
    const auto& w = m_workload;
    m_exchangeCode.assign(doc.exchanges.size(), 0);
    // `vary`: the code of a formula-sized exchange varies with the tile's receive pattern:
    // + 0-3 instructions of 8 bytes per tile (hash of the exchange and the tile).
    auto fill = [&](size_t docIndex, const TileSet& tiles, uint32_t perTile, size_t category, bool vary) {
        auto& list = doc.exchanges[docIndex].codeBytesByTile;
        uint64_t total = 0;
        for (uint32_t t : tiles.expand()) {
            const uint32_t bytes
                = perTile + (vary ? uint32_t(8 * hashBelow(mixHash(kExchangePattern, docIndex, t), 4)) : 0);
            list.push_back({ t, bytes });
            add(category, t, bytes);
            total += bytes;
        }
        std::sort(
            list.begin(), list.end(), [](const TileBytes& a, const TileBytes& b) { return a.tile < b.tile; });
        m_exchangeCode[docIndex] = total;
    };
    for (size_t i = 0; i < w.exchanges.size(); ++i) {
        const auto& ex = w.exchanges[i];
        const bool global = ex.kind == ExchangeKind::Global;
        uint32_t perTile = ex.codeBytesPerTile;
        if (perTile == 0)
            perTile = 24 + 8 * ex.regionsPerTile + (global ? 16 * std::max<uint32_t>(1, ex.ringSteps) : 0);
        fill(i, ex.tiles, perTile, categoryIndex(global ? "globalExchangeCode" : "internalExchangeCode"),
            ex.codeBytesPerTile == 0);
    }
    for (size_t i = 0; i < w.streamCopies.size(); ++i) {
        const auto& sc = w.streamCopies[i];
        uint32_t perTile = sc.codeBytesPerTile;
        if (perTile == 0)
            perTile = uint32_t(32 + std::min<uint64_t>(sc.bytesPerTile / 256, 4096));
        fill(w.exchanges.size() + i, sc.tiles, perTile, categoryIndex("hostExchangeCode"),
            sc.codeBytesPerTile == 0);
    }
}

void MemoryAccountant::accountControl()
{
    const size_t control = categoryIndex("controlCode");
    const size_t controlId = categoryIndex("controlId");
    const size_t stack = categoryIndex("stack");
    const auto& perIpu = m_layout.leavesPerIpu();
    for (uint32_t t = 0; t < m_numTiles; ++t) {
        const uint32_t ipu = t / m_target.tilesPerIpu;
        add(control, t,
            m_workload.controlCodeBytesPerTile + uint64_t(m_workload.controlCodeBytesPerStep) * perIpu[ipu]);
        add(controlId, t, m_workload.controlIdBytesPerTile);
        add(stack, t, m_workload.stackBytesPerTile);
    }
}

// Scratch state of accountVariables: each variable's live span over the program steps, and what its
// not-always-live bytes add to each tile and IPU.
struct MemoryAccountant::VariableScratch {
    static constexpr uint32_t kNone = std::numeric_limits<uint32_t>::max();
    struct Event {
        uint32_t tile;
        uint32_t step;
        int64_t delta;
    };
    std::vector<uint32_t> first, last; // per variable: the first and last step using it
    std::vector<Event> events; // not-always-live bytes arriving on and leaving a tile
    std::vector<std::vector<int64_t>> ipuDiff; // [ipu][step]: change of the live bytes
    std::vector<std::vector<uint64_t>> nalSum; // [category][tile]
    std::vector<std::vector<uint64_t>> nalInterleaved; // [category][tile], subset of nalSum
    std::vector<size_t> nalCats; // the categories of nalSum's rows
    std::vector<uint8_t> holdsVariables; // per tile
    std::vector<uint32_t> tileList;
    std::vector<uint64_t> share;
    std::vector<uint64_t> bytesOnIpu;
};

void MemoryAccountant::accountVariables(ProfileDocument& doc)
{
    const auto& w = m_workload;
    VariableScratch s;
    findLiveSpans(s);
    s.ipuDiff.assign(m_target.numIpus, std::vector<int64_t>(m_layout.leaves().size() + 1, 0));
    s.holdsVariables.assign(m_numTiles, 0);
    s.bytesOnIpu.resize(m_target.numIpus);
    doc.variables.reserve(w.variables.size());
    for (size_t i = 0; i < w.variables.size(); ++i) {
        if ((i & 4095) == 0 && m_checkpoint)
            m_checkpoint(); // a cancel is answered within milliseconds of a million variables
        doc.variables.push_back(placeVariable(i, s));
    }
    // Placement gaps: 0 .. placementGapBytesPerTile (8-byte steps) on every tile holding variables.
    const uint64_t gapSteps = w.placementGapBytesPerTile / 8 + 1;
    for (uint32_t t = 0; t < m_numTiles; ++t)
        if (s.holdsVariables[t])
            m_gaps[t] += 8 * hashBelow(mixHash(kPlacementGap, t), gapSteps);
    if (m_checkpoint)
        m_checkpoint();
    holdPeaks(s);
    if (m_checkpoint)
        m_checkpoint();
    emitLivenessSteps(s, doc);
}

void MemoryAccountant::findLiveSpans(VariableScratch& s) const
{
    const auto& w = m_workload;
    const auto& leaves = m_layout.leaves();
    s.first.assign(w.variables.size(), VariableScratch::kNone);
    s.last.assign(w.variables.size(), 0);
    auto use = [&s](const std::vector<uint32_t>& vars, uint32_t step) {
        for (uint32_t v : vars) {
            s.first[v] = std::min(s.first[v], step);
            s.last[v] = std::max(s.last[v], step);
        }
    };
    for (uint32_t k = 0; k < leaves.size(); ++k) {
        const auto& leaf = leaves[k];
        const auto& p = w.programs[leaf.descProgram];
        if (p.kind == ProgramKind::Execute) {
            use(w.computeSets[size_t(p.ref)].reads, k);
            use(w.computeSets[size_t(p.ref)].writes, k);
        } else if (p.kind == ProgramKind::DoExchange) {
            use(w.exchanges[size_t(p.ref)].reads, k);
            use(w.exchanges[size_t(p.ref)].writes, k);
        } else if (p.kind == ProgramKind::StreamCopy && leaf.phase == StreamPhase::Mid) {
            use(w.streamCopies[size_t(p.ref)].reads, k);
            use(w.streamCopies[size_t(p.ref)].writes, k);
        }
    }
}

// The not-always-live category row of `category` in the scratch sums, added when first seen.
static size_t notAlwaysLiveRow(MemoryAccountant::VariableScratch& s, size_t category, uint32_t numTiles)
{
    auto it = std::find(s.nalCats.begin(), s.nalCats.end(), category);
    if (it != s.nalCats.end())
        return size_t(it - s.nalCats.begin());
    s.nalCats.push_back(category);
    s.nalSum.emplace_back(numTiles, 0);
    s.nalInterleaved.emplace_back(numTiles, 0);
    return s.nalCats.size() - 1;
}

Variable MemoryAccountant::placeVariable(size_t i, VariableScratch& s)
{
    const auto& v = m_workload.variables[i];
    Variable out;
    out.name = v.name;
    out.category = v.category;
    out.elementType = v.elementType;
    out.sizeBytes = v.elements * v.elementBytes;
    out.alwaysLive = v.alwaysLive;
    out.debugContext = v.debugContext;
    const size_t cat = categoryIndex(v.category);
    size_t nalIdx = 0;
    if (!v.alwaysLive) {
        if (s.first[i] == VariableScratch::kNone)
            throw ProfileError(ErrorKind::InvalidInput, "",
                "variable '" + v.name + "' is not always live but no program uses it");
        out.liveRanges.push_back({ s.first[i], s.last[i] });
        nalIdx = notAlwaysLiveRow(s, cat, m_numTiles);
        std::fill(s.bytesOnIpu.begin(), s.bytesOnIpu.end(), 0);
    }
    s.tileList.clear();
    for (const auto& span : v.tiles.spans)
        for (uint32_t k = 0; k < span.count; ++k)
            s.tileList.push_back(span.first + k * span.stride);
    splitElements(v.elements, s.tileList, v.unevenPercent, i, s.share);
    out.tiles.reserve(s.tileList.size());
    for (size_t index = 0; index < s.tileList.size(); ++index)
        placeOnTile(i, s.tileList[index], s.share[index] * v.elementBytes, cat, nalIdx, s, out);
    if (!v.alwaysLive) {
        for (uint32_t ipu = 0; ipu < m_target.numIpus; ++ipu) {
            s.ipuDiff[ipu][s.first[i]] += int64_t(s.bytesOnIpu[ipu]);
            s.ipuDiff[ipu][s.last[i] + 1] -= int64_t(s.bytesOnIpu[ipu]);
        }
    }
    std::sort(out.tiles.begin(), out.tiles.end(),
        [](const TileBytes& a, const TileBytes& b) { return a.tile < b.tile; });
    return out;
}

void MemoryAccountant::placeOnTile(
    size_t i, uint32_t tile, uint64_t bytes, size_t cat, size_t nalIdx, VariableScratch& s, Variable& out)
{
    const auto& v = m_workload.variables[i];
    if (bytes == 0)
        return;
    if (bytes > std::numeric_limits<uint32_t>::max())
        throw ProfileError(
            ErrorKind::InvalidInput, "", "variable '" + v.name + "' puts more than 4 GiB on a tile");
    const bool interleaved = v.region == MemoryRegion::Interleaved;
    const uint64_t align = interleaved ? 16 : 8; // interleaved: 128-bit aligned
    out.tiles.push_back({ tile, uint32_t(bytes) });
    m_gaps[tile] += (align - bytes % align) % align; // alignment padding
    s.holdsVariables[tile] = 1;
    if (v.alwaysLive) {
        add(cat, tile, bytes);
        if (interleaved)
            m_interleaved[cat][tile] += bytes;
        return;
    }
    s.nalSum[nalIdx][tile] += bytes;
    if (interleaved)
        s.nalInterleaved[nalIdx][tile] += bytes;
    s.events.push_back({ tile, s.first[i], int64_t(bytes) });
    s.events.push_back({ tile, s.last[i] + 1, -int64_t(bytes) });
    s.bytesOnIpu[tile / m_target.tilesPerIpu] += bytes;
}

void MemoryAccountant::holdPeaks(VariableScratch& s)
{
    // Peak of the live not-always-live bytes on every tile over the program steps.
    std::sort(s.events.begin(), s.events.end(),
        [](const auto& a, const auto& b) { return a.tile != b.tile ? a.tile < b.tile : a.step < b.step; });
    const auto& events = s.events;
    for (size_t i = 0; i < events.size();) {
        const uint32_t tile = events[i].tile;
        int64_t live = 0, peak = 0;
        while (i < events.size() && events[i].tile == tile) {
            const uint32_t step = events[i].step;
            while (i < events.size() && events[i].tile == tile && events[i].step == step)
                live += events[i++].delta;
            peak = std::max(peak, live);
        }
        m_peakNotAlwaysLive[tile] = uint64_t(peak);
    }
    // A tile holds its peak; each category's bytes beyond it are overlapped.
    for (uint32_t t = 0; t < m_numTiles; ++t) {
        uint64_t remaining = m_peakNotAlwaysLive[t];
        for (size_t k = 0; k < s.nalCats.size(); ++k) {
            const uint64_t take = std::min(remaining, s.nalSum[k][t]);
            add(s.nalCats[k], t, take);
            if (s.nalInterleaved[k][t] != 0) // the held bytes keep the category's interleaved share
                m_interleaved[s.nalCats[k]][t] += take < (1ull << 31)
                    ? take * s.nalInterleaved[k][t] / s.nalSum[k][t] // both < 2^32 (narrowed on output)
                    : take / s.nalSum[k][t] * s.nalInterleaved[k][t];
            m_overlapped[s.nalCats[k]][t] += s.nalSum[k][t] - take;
            remaining -= take;
        }
    }
}

void MemoryAccountant::emitLivenessSteps(const VariableScratch& s, ProfileDocument& doc) const
{
    const auto& leaves = m_layout.leaves();
    doc.livenessSteps.resize(leaves.size());
    std::vector<int64_t> running(m_target.numIpus, 0);
    for (size_t k = 0; k < leaves.size(); ++k) {
        auto& step = doc.livenessSteps[k];
        step.program = leaves[k].docProgram;
        step.notAlwaysLiveBytesByIpu.resize(m_target.numIpus);
        for (uint32_t ipu = 0; ipu < m_target.numIpus; ++ipu) {
            running[ipu] += s.ipuDiff[ipu][k];
            step.notAlwaysLiveBytesByIpu[ipu] = uint64_t(std::max<int64_t>(0, running[ipu]));
        }
    }
}

void MemoryAccountant::emitSeries(ProfileDocument& doc) const
{
    const uint32_t tpi = m_target.tilesPerIpu;
    auto narrow = [](uint64_t v, const std::string& what) {
        if (v > std::numeric_limits<uint32_t>::max())
            throw ProfileError(ErrorKind::InvalidInput, "", what + " exceeds 4 GiB on a tile");
        return uint32_t(v);
    };
    for (uint32_t ipu = 0; ipu < m_target.numIpus; ++ipu) {
        const uint32_t base = ipu * tpi;
        std::vector<uint64_t> total(tpi, 0);
        for (size_t c = 0; c < m_categories.size(); ++c) {
            MemorySeries non { ipu, m_categories[c], MemoryRegion::NonInterleaved, false,
                std::vector<uint32_t>(tpi) };
            MemorySeries inter { ipu, m_categories[c], MemoryRegion::Interleaved, false,
                std::vector<uint32_t>(tpi) };
            MemorySeries over { ipu, m_categories[c], MemoryRegion::NonInterleaved, true,
                std::vector<uint32_t>(tpi) };
            bool anyNon = false, anyInter = false, anyOver = false;
            for (uint32_t t = 0; t < tpi; ++t) {
                const uint64_t all = m_bytes[c][base + t];
                const uint64_t il = m_interleaved[c][base + t];
                total[t] += all;
                non.bytesByTile[t] = narrow(all - il, m_categories[c]);
                inter.bytesByTile[t] = narrow(il, m_categories[c]);
                over.bytesByTile[t] = narrow(m_overlapped[c][base + t], m_categories[c]);
                anyNon |= all != il;
                anyInter |= il != 0;
                anyOver |= m_overlapped[c][base + t] != 0;
            }
            if (anyNon)
                doc.memory.push_back(std::move(non));
            if (anyInter)
                doc.memory.push_back(std::move(inter));
            if (anyOver)
                doc.memory.push_back(std::move(over));
        }
        GapSeries gaps { ipu, MemoryRegion::NonInterleaved, std::vector<uint32_t>(tpi) };
        bool anyGap = false;
        LivenessSplit split { ipu, std::vector<uint32_t>(tpi), std::vector<uint32_t>(tpi) };
        for (uint32_t t = 0; t < tpi; ++t) {
            gaps.bytesByTile[t] = narrow(m_gaps[base + t], "gaps");
            anyGap |= m_gaps[base + t] != 0;
            const uint64_t nal = m_peakNotAlwaysLive[base + t];
            split.notAlwaysLiveBytesByTile[t] = narrow(nal, "not-always-live bytes");
            split.alwaysLiveBytesByTile[t] = narrow(total[t] - std::min(total[t], nal), "always-live bytes");
        }
        if (anyGap)
            doc.gaps.push_back(std::move(gaps));
        doc.liveness.push_back(std::move(split));
    }
}

} // namespace popscope::sim
