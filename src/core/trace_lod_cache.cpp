// TraceLod's cache file: a versioned binary image of the lanes and levels, keyed by the profile's
// identity, checked on load like any untrusted file (a damaged cache is rebuilt, never trusted).
#include "popscope/trace_lod.hpp"

#include "popscope/output_file.hpp"

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>

namespace popscope {

namespace {

constexpr char kMagic[8] = { 'P', 'S', 'L', 'O', 'D', '0', '4', '\n' };
constexpr uint64_t kMaxElements = uint64_t(1) << 32; // far beyond any profile: a bound for damaged files
constexpr uint64_t kStoredLaneStepBytes = 4 + 8 + 8 + 1 + 1; // a lane step as save() writes it

class Writer {
public:
    explicit Writer(std::FILE* file)
        : m_file(file)
    {
    }
    template <typename T> void value(const T& v) { m_ok = m_ok && std::fwrite(&v, sizeof v, 1, m_file) == 1; }
    template <typename T> void array(const std::vector<T>& v) { array(std::span<const T>(v)); }
    template <typename T> void array(std::span<const T> v)
    {
        value(uint64_t(v.size()));
        m_ok = m_ok && (v.empty() || std::fwrite(v.data(), sizeof(T), v.size(), m_file) == v.size());
    }
    template <typename T> void rows(const GroupRows<T>& rows)
    {
        array(rows.valueStarts());
        array(rows.groupStarts());
        array(rows.values());
        array(rows.groupIndex());
    }
    bool ok() const { return m_ok; }

private:
    std::FILE* m_file;
    bool m_ok = true;
};

class Reader {
public:
    explicit Reader(std::ifstream& in)
        : m_in(in)
    {
    }
    template <typename T> bool value(T& v) { return bool(m_in.read(reinterpret_cast<char*>(&v), sizeof v)); }
    template <typename T> bool array(std::vector<T>& v, uint64_t expected, bool readSize = true)
    {
        uint64_t size = expected;
        if ((readSize && !value(size)) || size != expected || size > kMaxElements)
            return false;
        v.resize(size_t(size));
        return size == 0
            || bool(m_in.read(reinterpret_cast<char*>(v.data()), std::streamsize(size * sizeof(T))));
    }

    // Rows of `groups` figures, `expected` of them, each checked (GroupRows::fromArrays); the
    // figures are bounded by what the file holds.
    template <typename T> bool rows(GroupRows<T>& out, uint64_t expected, uint32_t groups, uint64_t fileBytes)
    {
        std::vector<uint32_t> valueStart, groupStart;
        std::vector<T> values;
        std::vector<uint16_t> groupIndex;
        uint64_t valueCount = 0, groupCount = 0;
        return array(valueStart, expected + 1) && array(groupStart, expected + 1) && value(valueCount)
            && valueCount <= fileBytes / sizeof(T) && array(values, valueCount, false) && value(groupCount)
            && groupCount <= fileBytes / sizeof(uint16_t) && array(groupIndex, groupCount, false)
            && GroupRows<T>::fromArrays(groups, std::move(valueStart), std::move(groupStart),
                std::move(values), std::move(groupIndex), out);
    }

private:
    std::ifstream& m_in;
};

} // namespace

std::string TraceLod::identityOf(const std::string& profilePath)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    const uint64_t size = fs::file_size(profilePath, ec);
    const auto modified = fs::last_write_time(profilePath, ec).time_since_epoch().count();
    std::ifstream in(profilePath, std::ios::binary);
    std::vector<char> head(65536);
    in.read(head.data(), std::streamsize(head.size()));
    return identityOf(size, int64_t(modified), head.data(), size_t(in.gcount()));
}

std::string TraceLod::identityOf(uint64_t size, int64_t modified, const char* head, size_t length)
{
    // FNV-1a of the first 64 KB: the header and the first pages, which any rewrite changes.
    uint64_t hash = 1469598103934665603ull;
    for (size_t i = 0; i < std::min<size_t>(length, 65536); ++i)
        hash = (hash ^ uint8_t(head[i])) * 1099511628211ull;
    char text[96];
    std::snprintf(text, sizeof text, "%llu-%lld-%016llx", static_cast<unsigned long long>(size),
        static_cast<long long>(modified), static_cast<unsigned long long>(hash));
    return text;
}

bool TraceLod::save(const std::string& path, const std::string& identity) const
{
    const std::string temporary = temporaryPathFor(path);
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(temporary.c_str(), "wb"), &std::fclose);
    if (!file)
        return false;
    Writer w(file.get());
    std::fwrite(kMagic, 1, sizeof kMagic, file.get());
    w.array(std::vector<char>(identity.begin(), identity.end()));
    w.value(m_tilesPerIpu);
    w.value(m_groupsPerIpu);
    w.value(m_endCycle);
    w.value(uint64_t(m_lanes.size()));
    for (const Lane& lane : m_lanes) {
        w.value(uint64_t(lane.steps.size()));
        for (const LaneStep& step : lane.steps) { // field by field: no padding, no raw enums
            w.value(step.step);
            w.value(step.base);
            w.value(step.cycles);
            w.value(uint8_t(step.work));
            w.value(uint8_t(step.perTile));
        }
        w.rows(lane.busyShare);
        w.value(uint64_t(lane.levels.size()));
        for (size_t l = 1; l < lane.levels.size(); ++l) { // level 0 is the steps and their shares
            w.rows(lane.levels[l].busy);
            w.array(lane.levels[l].stepCycles.span());
        }
    }
    const bool ok = w.ok() && std::fflush(file.get()) == 0 && std::fclose(file.release()) == 0;
    if (!ok) {
        std::remove(temporary.c_str());
        return false;
    }
    try {
        moveIntoPlace(temporary, path);
    } catch (...) {
        return false;
    }
    return true;
}

bool TraceLod::fits(const StepTable& steps, uint32_t numIpus, uint32_t tilesPerIpu) const
{
    if (m_lanes.size() != numIpus || m_tilesPerIpu != tilesPerIpu)
        return false;
    for (uint32_t ipu = 0; ipu < numIpus; ++ipu)
        for (const LaneStep& step : m_lanes[ipu].steps)
            if (step.step >= steps.size() || !steps.onIpu(step.step, ipu))
                return false;
    return true;
}

bool TraceLod::load(const std::string& path, const std::string& identity)
{
    std::error_code error;
    const uint64_t fileBytes = std::filesystem::file_size(path, error);
    if (error)
        return false;
    std::ifstream in(path, std::ios::binary);
    char magic[sizeof kMagic] = {};
    if (!in.read(magic, sizeof magic) || std::memcmp(magic, kMagic, sizeof kMagic) != 0)
        return false;
    Reader r(in);
    std::vector<char> stored;
    if (!r.array(stored, identity.size()) || std::string(stored.begin(), stored.end()) != identity)
        return false;
    TraceLod lod;
    uint64_t lanes = 0;
    if (!r.value(lod.m_tilesPerIpu) || !r.value(lod.m_groupsPerIpu) || !r.value(lod.m_endCycle)
        || !r.value(lanes) || lod.m_groupsPerIpu != (lod.m_tilesPerIpu + kTilesPerGroup - 1) / kTilesPerGroup
        || lanes > 1024)
        return false;
    lod.m_lanes.resize(size_t(lanes));
    for (Lane& lane : lod.m_lanes) {
        uint64_t steps = 0, levels = 0;
        if (!r.value(steps) || steps > fileBytes / kStoredLaneStepBytes) // no more than the file holds
            return false;
        std::vector<LaneStep>& laneSteps = lane.steps.values();
        laneSteps.resize(size_t(steps));
        for (LaneStep& step : laneSteps) {
            uint8_t work = 0, perTile = 0;
            if (!r.value(step.step) || !r.value(step.base) || !r.value(step.cycles) || !r.value(work)
                || !r.value(perTile) || work >= kTraceStateCount || perTile > 1)
                return false;
            step.work = TraceState(work);
            step.perTile = perTile == 1;
        }
        lane.steps.spill();
        if (!r.rows(lane.busyShare, steps, lod.m_groupsPerIpu, fileBytes) || !r.value(levels) || levels < 1
            || levels > 64)
            return false;
        lane.levels.resize(size_t(levels));
        size_t blocks = size_t(steps);
        for (size_t l = 1; l < levels; ++l) {
            blocks = (blocks + kFan - 1) / kFan;
            if (!r.rows(lane.levels[l].busy, blocks, lod.m_groupsPerIpu, fileBytes)
                || !r.array(lane.levels[l].stepCycles.values(), blocks * kTraceStateCount))
                return false;
            lane.levels[l].stepCycles.spill();
        }
    }
    if (in.peek() != std::char_traits<char>::eof())
        return false;
    *this = std::move(lod);
    return true;
}

} // namespace popscope
