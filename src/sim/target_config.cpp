#include "popscope/sim/target_config.hpp"

#include "popscope/errors.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <functional>
#include <map>
#include <sstream>
#include <type_traits>

namespace popscope::sim {

namespace {

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}

} // namespace

TargetConfig TargetConfig::preset(const std::string& name)
{
    TargetConfig t;
    const std::string n = lower(name);
    if (n == "mk2" || n == "gc200" || n == "ipu2") {
        return t; // the struct's defaults are Mk2
    }
    if (n == "mk1" || n == "gc2" || n == "ipu1") {
        t.architecture = "Mk1";
        t.tilesPerIpu = 1216;
        t.bytesPerTile = 262144;
        t.clockHz = 1.6e9;
        t.flopsPerCycleHalf = 64;
        t.flopsPerCycleFloat = 16;
        t.ipuLinkBytesPerSecond = 32e9; // C2: 64 GB/s bidirectional per link
        t.hostBytesPerSecond = 16e9; // PCIe Gen4 x16 per C2 card, shared by 2 IPUs
        return t;
    }
    if (n == "bow" || n == "ipu21") {
        t.architecture = "Bow";
        t.clockHz = 1.85e9;
        return t;
    }
    throw ProfileError(
        ErrorKind::InvalidInput, "", "unknown target '" + name + "' (expected Mk1, Mk2 or Bow)");
}

std::vector<std::string> TargetConfig::presetNames()
{
    return { "Mk1", "Mk2", "Bow" };
}

uint64_t TargetConfig::globalSyncCycles(uint32_t ipus) const
{
    const double hops = 1.0 + double(ipus / 4);
    return uint64_t(std::ceil(2.0 * globalSyncSecondsPerHop * hops * clockHz - 1e-9));
}

double TargetConfig::ipuLinkBytesPerCycle() const
{
    return ipuLinkBytesPerSecond * double(std::max<uint32_t>(1, ipuLinksPerTransfer)) / clockHz;
}

double TargetConfig::hostBytesPerCycle() const
{
    return hostBytesPerSecond / clockHz;
}

std::vector<uint32_t> TargetConfig::ioTiles() const
{
    std::vector<uint32_t> out;
    if (ioTilesPerIpu == 0)
        return out;
    const uint32_t pairs = ioTilesPerIpu / 2;
    const uint32_t spacing = tilesPerIpu / pairs; // pairs spread over the exchange blocks
    for (uint32_t ipu = 0; ipu < numIpus; ++ipu) {
        for (uint32_t p = 0; p < pairs; ++p) {
            const uint32_t local = p * spacing + spacing - 2;
            out.push_back(ipu * tilesPerIpu + local);
            out.push_back(ipu * tilesPerIpu + local + 1);
        }
    }
    return out;
}

std::vector<uint32_t> TargetConfig::computeTiles(uint32_t ipu) const
{
    std::vector<uint32_t> io = ioTiles();
    std::vector<uint32_t> out;
    out.reserve(tilesPerIpu);
    for (uint32_t t = 0; t < tilesPerIpu; ++t) {
        const uint32_t g = ipu * tilesPerIpu + t;
        if (!std::binary_search(io.begin(), io.end(), g))
            out.push_back(g);
    }
    return out;
}

std::string TargetConfig::validate() const
{
    if (numIpus == 0 || numIpus > 64)
        return "numIpus must be 1..64";
    if (replicas == 0 || replicas > 64)
        return "replicas must be 1..64";
    if (tilesPerIpu < 2 || tilesPerIpu > 8192 || tilesPerIpu % 2 != 0)
        return "tilesPerIpu must be even and 2..8192";
    if (bytesPerTile < 1024 || bytesPerTile > (uint64_t(1) << 21))
        return "bytesPerTile must be 1 KiB..2 MiB (21-bit tile address space)";
    if (!(clockHz > 1e6 && clockHz < 1e11))
        return "clockHz out of range";
    if (workers == 0 || workers > 16)
        return "workers must be 1..16";
    if (exchangeBytesPerCycle == 0 || memcpyBytesPerCycle == 0 || flopsPerCycleHalf == 0
        || flopsPerCycleFloat == 0)
        return "rates must be positive";
    // Below 1 kB/s a copy would take longer than any profile can record (2^48 cycles).
    if (!(ipuLinkBytesPerSecond >= 1e3 && ipuLinkBytesPerSecond < 1e15)
        || !(hostBytesPerSecond >= 1e3 && hostBytesPerSecond < 1e15))
        return "link bandwidths must be 1e3..1e15 bytes per second";
    if (ioTilesPerIpu % 2 != 0)
        return "ioTilesPerIpu must be even (I/O tiles are allocated in pairs)";
    if (ioTilesPerIpu * 2 > tilesPerIpu)
        return "ioTilesPerIpu must leave at least half the tiles for compute";
    return "";
}

namespace {

template <typename T>
T parseNumber(const std::string& field, const std::string& value, const std::string& source)
{
    T out {};
    const char* b = value.data();
    const char* e = value.data() + value.size();
    if constexpr (std::is_floating_point_v<T>) {
        try {
            size_t used = 0;
            out = T(std::stod(value, &used));
            if (used != value.size())
                throw std::invalid_argument("");
            return out;
        } catch (const std::exception&) {
        }
    } else {
        auto r = std::from_chars(b, e, out);
        if (r.ec == std::errc() && r.ptr == e)
            return out;
    }
    const char* expected = std::is_floating_point_v<T> ? "a number"
        : std::is_unsigned_v<T>                        ? "a whole number, 0 or more"
                                                       : "a whole number";
    throw ProfileError(ErrorKind::InvalidInput, source,
        "target field '" + field + "': expected " + expected + ", got '" + value + "'");
}

// Every overridable field: how to set it from text and show it as text.
struct Field {
    std::function<void(TargetConfig&, const std::string&)> set;
    std::function<std::string(const TargetConfig&)> get;
};

template <typename T> std::string numberText(T value)
{
    if constexpr (std::is_floating_point_v<T>) {
        std::ostringstream out;
        out.precision(15);
        out << value;
        return out.str();
    } else {
        return std::to_string(value);
    }
}

template <typename T> Field numberField(T TargetConfig::*member, const char* name)
{
    return { [member, name](
                 TargetConfig& t, const std::string& v) { t.*member = parseNumber<T>(name, v, ""); },
        [member](const TargetConfig& t) { return numberText(t.*member); } };
}

const std::map<std::string, Field>& fields()
{
    static const std::map<std::string, Field> s = [] {
        std::map<std::string, Field> m;
        m["architecture"] = { [](TargetConfig& t, const std::string& v) { t.architecture = v; },
            [](const TargetConfig& t) { return t.architecture; } };
        m["numIpus"] = numberField(&TargetConfig::numIpus, "numIpus");
        m["replicas"] = numberField(&TargetConfig::replicas, "replicas");
        m["tilesPerIpu"] = numberField(&TargetConfig::tilesPerIpu, "tilesPerIpu");
        m["bytesPerTile"] = numberField(&TargetConfig::bytesPerTile, "bytesPerTile");
        m["clockHz"] = numberField(&TargetConfig::clockHz, "clockHz");
        m["workers"] = numberField(&TargetConfig::workers, "workers");
        m["exchangeBytesPerCycle"]
            = numberField(&TargetConfig::exchangeBytesPerCycle, "exchangeBytesPerCycle");
        m["internalSyncCycles"] = numberField(&TargetConfig::internalSyncCycles, "internalSyncCycles");
        m["exchangeOverheadCycles"]
            = numberField(&TargetConfig::exchangeOverheadCycles, "exchangeOverheadCycles");
        m["globalSyncSecondsPerHop"]
            = numberField(&TargetConfig::globalSyncSecondsPerHop, "globalSyncSecondsPerHop");
        m["ipuLinkBytesPerSecond"]
            = numberField(&TargetConfig::ipuLinkBytesPerSecond, "ipuLinkBytesPerSecond");
        m["ipuLinksPerTransfer"] = numberField(&TargetConfig::ipuLinksPerTransfer, "ipuLinksPerTransfer");
        m["hostBytesPerSecond"] = numberField(&TargetConfig::hostBytesPerSecond, "hostBytesPerSecond");
        m["streamCopyMidOverheadCycles"]
            = numberField(&TargetConfig::streamCopyMidOverheadCycles, "streamCopyMidOverheadCycles");
        m["hostWaitCycles"] = numberField(&TargetConfig::hostWaitCycles, "hostWaitCycles");
        m["hostFinishCycles"] = numberField(&TargetConfig::hostFinishCycles, "hostFinishCycles");
        m["flopsPerCycleHalf"] = numberField(&TargetConfig::flopsPerCycleHalf, "flopsPerCycleHalf");
        m["flopsPerCycleFloat"] = numberField(&TargetConfig::flopsPerCycleFloat, "flopsPerCycleFloat");
        m["memcpyBytesPerCycle"] = numberField(&TargetConfig::memcpyBytesPerCycle, "memcpyBytesPerCycle");
        m["ioTilesPerIpu"] = numberField(&TargetConfig::ioTilesPerIpu, "ioTilesPerIpu");
        return m;
    }();
    return s;
}

} // namespace

void setTargetField(
    TargetConfig& target, const std::string& field, const std::string& value, const std::string& source)
{
    auto it = fields().find(field);
    if (it == fields().end()) {
        std::string known;
        for (const auto& [name, _] : fields())
            known += (known.empty() ? "" : ", ") + name;
        throw ProfileError(
            ErrorKind::InvalidInput, source, "unknown target field '" + field + "' (known: " + known + ")");
    }
    try {
        it->second.set(target, value);
    } catch (const ProfileError& e) {
        throw ProfileError(ErrorKind::InvalidInput, source, e.problem());
    }
}

std::vector<std::string> targetFieldNames()
{
    std::vector<std::string> out;
    for (const auto& [name, _] : fields())
        out.push_back(name);
    return out;
}

std::string targetFieldText(const TargetConfig& target, const std::string& field)
{
    auto it = fields().find(field);
    return it == fields().end() ? std::string() : it->second.get(target);
}

} // namespace popscope::sim
